// "First command hook in a fresh process": the whole process a harness user waits for — node starting,
// the import, a registry, one settings file loaded, one command hook dispatched — against the same hook
// run by hand (bench/first-hook-raw.mjs) in a fresh process. Paired spawns, alternating order.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './lib.mjs';

const HOOK = `cat >/dev/null; echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}'`;
const here = (file) => fileURLToPath(new URL(file, import.meta.url));

export function benchFirstHook({ rounds = 21 } = {}) {
  const base = mkdtempSync(join(tmpdir(), 'harness-hooks-first-'));
  const userDir = join(base, 'user');
  const projectDir = join(base, 'project');
  mkdirSync(userDir);
  mkdirSync(projectDir);
  writeFileSync(join(userDir, 'settings.json'), JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: HOOK }] }] } }));
  const once = (script) => {
    const t0 = performance.now();
    const p = spawnSync(process.execPath, [here(script), userDir, projectDir], { encoding: 'utf8' });
    const ms = performance.now() - t0;
    if (p.status !== 0) throw new Error(`${script} exited ${p.status}: ${p.stderr}`);
    const out = JSON.parse(p.stdout);
    if (out.decision !== 'allow') throw new Error(`${script}: unexpected ${p.stdout}`);
    return { ms, durationMs: out.durationMs };
  };
  const ours = [];
  const raw = [];
  const ratios = [];
  const durations = [];
  for (let i = 0; i < rounds + 2; i++) {
    // Alternating order: each pair's second process runs with the first one's page cache.
    let a;
    let b;
    if (i % 2 === 0) {
      a = once('first-hook-ours.mjs');
      b = once('first-hook-raw.mjs');
    } else {
      b = once('first-hook-raw.mjs');
      a = once('first-hook-ours.mjs');
    }
    if (i < 2) continue; // warm-up: the file cache
    ours.push(a.ms);
    raw.push(b.ms);
    ratios.push(a.ms / b.ms);
    durations.push(a.durationMs);
  }
  return { a: median(ours), b: median(raw), ratio: median(ratios), durationMs: median(durations) };
}
