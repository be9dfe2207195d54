// Command hook benchmarks (issue 3): our dispatch of a command hook against a raw child_process.spawn of
// the same command with the same stdin, paired; and the memory of a hook that prints 1 GiB.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { HookRegistry, toCommandInput } from '../dist/index.js';
import { median } from './lib.mjs';

const COMMAND = `cat >/dev/null; echo '{"decision":"approve"}'`;
const root = fileURLToPath(new URL('..', import.meta.url));
const quiet = { warn() {} };

// The raw side: what a hand-written harness would do, with its own process group for a group kill.
function rawSpawn(stdin) {
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', COMMAND], { detached: true, cwd: root });
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.resume();
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, decision: JSON.parse(Buffer.concat(chunks).toString()) }));
    child.stdin.on('error', () => {});
    child.stdin.end(stdin);
  });
}

export async function benchCommand() {
  const rows = [];
  const registry = new HookRegistry({ settings: { enableShellHooks: true }, session: { cwd: root, sessionId: 'bench' }, logger: quiet });
  registry.addConfig({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: COMMAND }] }] } }, { source: 'user' });
  const payload = { toolName: 'bash', input: { command: 'ls' } };
  const stdin = JSON.stringify(toCommandInput('PreToolUse', payload, registry.session));
  const ours = async () => {
    const r = await registry.dispatch('PreToolUse', payload);
    if (r.decision !== 'approve') throw new Error(`unexpected result ${JSON.stringify(r)}`);
  };
  const raw = () => rawSpawn(stdin);

  // Warm up both sides (child_process loads on the first command).
  for (let i = 0; i < 5; i++) {
    await ours();
    await raw();
  }

  // 1. One at a time, paired A/B.
  {
    const ta = [];
    const tb = [];
    const ratios = [];
    for (let i = 0; i < 80; i++) {
      const order = i % 2 === 0 ? [ours, raw] : [raw, ours];
      const t = [];
      for (const fn of order) {
        const t0 = performance.now();
        await fn();
        t.push(performance.now() - t0);
      }
      const [a, b] = i % 2 === 0 ? t : [t[1], t[0]];
      ta.push(a);
      tb.push(b);
      ratios.push(a / b);
    }
    rows.push({ name: 'one command hook: dispatch vs raw spawn (paired)', a: median(ta), b: median(tb), ratio: median(ratios), target: 1.15 });
  }

  // 2. Fifty at once.
  {
    const ta = [];
    const tb = [];
    const ratios = [];
    const burst = async (fn) => {
      const t0 = performance.now();
      await Promise.all(Array.from({ length: 50 }, () => fn()));
      return performance.now() - t0;
    };
    for (let i = 0; i < 12; i++) {
      const a = i % 2 === 0 ? await burst(ours) : undefined;
      const b = await burst(raw);
      const a2 = a ?? (await burst(ours));
      ta.push(a2);
      tb.push(b);
      ratios.push(a2 / b);
    }
    rows.push({ name: '50 command hooks at once: dispatch vs raw spawn', a: median(ta), b: median(tb), ratio: median(ratios), target: 1.2 });
  }

  // 2b. The harness's event loop while fifty start: the longest gap a 1 ms ticker sees (median of rounds).
  // Spawning is synchronous; a raw loop of spawns holds the loop for all of them, ours paces them.
  {
    const stall = async (fn) => {
      let last = performance.now();
      let max = 0;
      const tick = setInterval(() => {
        const t = performance.now();
        max = Math.max(max, t - last);
        last = t;
      }, 1);
      await Promise.all(Array.from({ length: 50 }, () => fn()));
      clearInterval(tick);
      return max;
    };
    const ta = [];
    const tb = [];
    for (let i = 0; i < 8; i++) {
      ta.push(await stall(ours));
      tb.push(await stall(raw));
    }
    const ratios = ta.map((a, i) => a / tb[i]);
    rows.push({ name: '50 command hooks at once: longest event-loop stall, dispatch vs raw spawn', a: median(ta), b: median(tb), ratio: median(ratios), target: 1, display: { a: `${median(ta).toFixed(1)} ms`, b: `${median(tb).toFixed(1)} ms` } });
  }

  // 3. A hook that prints 1 GiB: peak RSS growth of the harness process, measured in a fresh process.
  {
    const p = spawnSync(process.execPath, [fileURLToPath(new URL('flood-rss.mjs', import.meta.url))], { cwd: root, encoding: 'utf8' });
    if (p.status !== 0) throw new Error(`flood-rss failed: ${p.stderr}`);
    const r = JSON.parse(p.stdout);
    rows.push({
      name: `hook printing 1 GiB: peak RSS growth (kept ${r.kept} bytes, truncated: ${r.truncated}, ${(r.ms / 1000).toFixed(1)} s)`,
      a: r.growthMb,
      b: 32,
      ratio: r.growthMb / 32,
      target: 1,
      display: { a: `${r.growthMb.toFixed(1)} MB`, b: '32 MB budget' },
    });
  }
  return rows;
}
