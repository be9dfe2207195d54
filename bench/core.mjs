// Core registry benchmarks (issue 2): dispatch overhead against hand-written equivalents.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { HookRegistry } from '../dist/index.js';
import { median, pairAsync } from './lib.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const quiet = { warn() {} };

export async function benchCore() {
  const rows = [];

  // 1. Five matching handlers returning undefined, deadlines in force, vs a for…of loop awaiting them.
  for (const [label, make] of [
    ['sync handlers', () => () => undefined],
    ['async handlers', () => async () => undefined],
  ]) {
    const fns = Array.from({ length: 5 }, make);
    const registry = new HookRegistry({ logger: quiet });
    for (const fn of fns) registry.register('PreToolUse', fn, { matcher: 'bash' });
    const payload = { toolName: 'bash', input: { command: 'ls' } };
    const r = await pairAsync({
      iterations: 20_000,
      a: async (n) => {
        for (let i = 0; i < n; i++) await registry.dispatch('PreToolUse', payload);
      },
      b: async (n) => {
        for (let i = 0; i < n; i++) {
          const p = { ...payload, event: 'PreToolUse' };
          for (const fn of fns) await fn(p);
        }
      },
    });
    rows.push({ name: `5 ${label} on PreToolUse: dispatch vs for…of await loop`, ...r, target: 2 });
  }

  // 2. An event with no entries vs an empty async function call.
  {
    const registry = new HookRegistry({ logger: quiet });
    const empty = async () => undefined;
    const payload = { toolName: 'bash' };
    const r = await pairAsync({
      iterations: 50_000,
      a: async (n) => {
        for (let i = 0; i < n; i++) await registry.dispatch('PreToolUse', payload);
      },
      b: async (n) => {
        for (let i = 0; i < n; i++) await empty(payload);
      },
    });
    rows.push({ name: 'dispatch with no entries vs an empty async call', ...r, target: 2 });
  }

  // 3. 1,000 handlers with distinct exact matchers (one matches) vs that one handler alone.
  {
    const many = new HookRegistry({ logger: quiet });
    const one = new HookRegistry({ logger: quiet });
    const fn = () => undefined;
    for (let i = 0; i < 1000; i++) many.register('PreToolUse', fn, { matcher: `tool_${i}` });
    one.register('PreToolUse', fn, { matcher: 'tool_500' });
    const payload = { toolName: 'tool_500' };
    const r = await pairAsync({
      iterations: 20_000,
      a: async (n) => {
        for (let i = 0; i < n; i++) await many.dispatch('PreToolUse', payload);
      },
      b: async (n) => {
        for (let i = 0; i < n; i++) await one.dispatch('PreToolUse', payload);
      },
    });
    rows.push({ name: '1,000 exact matchers (1 matches) vs 1 handler', ...r, target: 1.5 });
  }

  // 4. Cold start of the built ESM entry vs an empty node process, paired runs.
  {
    const run = (code) => {
      const t0 = performance.now();
      const p = spawnSync(process.execPath, ['-e', code], { cwd: root, stdio: 'ignore' });
      if (p.status !== 0) throw new Error(`node -e ${code} exited ${p.status}`);
      return performance.now() - t0;
    };
    const ta = [];
    const tb = [];
    const ratios = [];
    for (let i = 0; i < 23; i++) {
      const first = i % 2 === 0;
      const b0 = first ? run('') : undefined;
      const a = run("import('harness-hooks')");
      const b = first ? b0 : run('');
      if (i < 3) continue;
      ta.push(a);
      tb.push(b);
      ratios.push(a / b);
    }
    rows.push({ name: "cold start: node -e \"import('harness-hooks')\" vs node -e \"\"", a: median(ta), b: median(tb), ratio: median(ratios), target: 1.25 });
  }
  return rows;
}
