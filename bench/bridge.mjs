// `harness-hooks bridge`'s own cost: a whole process (node, the bridge, translating the host's stdin and
// the answer) wrapping `true`, against `node -e ""` plus the same `true` run by a shell; paired rounds.
// Twice: as every call after the first runs it (its code cache written), and as a first call does (no
// cache yet: it compiles the bridge and writes the cache). For scale, the same against the simplest bridge
// by hand (bridge-by-hand.cjs): what any Node bridge pays.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compare, fmtTime } from './lib.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const CLI = fileURLToPath(new URL('../dist/cli.cjs', import.meta.url));
const BY_HAND = fileURLToPath(new URL('./bridge-by-hand.cjs', import.meta.url));
const INPUT = JSON.stringify({ hook_event_name: 'PreToolUse', session_id: 's', cwd: root, tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't' });
const ARGS = [CLI, 'bridge', '--host', 'claude', '--dialect', 'gemini', '--', 'true'];

const run = (args, input, env = process.env) => async () => {
  const p = spawnSync(process.execPath, args, { cwd: root, input, env, stdio: ['pipe', 'ignore', 'ignore'] });
  if (p.status !== 0) throw new Error(`node ${args.join(' ')} exited ${p.status}`);
};
const sh = () => spawnSync('/bin/sh', ['-c', 'true']);
const BASELINE = 'node -e "" and sh -c true';

export async function benchBridge() {
  const caches = mkdtempSync(join(tmpdir(), 'hh-bench-cache-'));
  let fresh = 0;
  try {
    const fns = {
      // The warm-up rounds write its cache.
      bridge: run(ARGS, INPUT, { ...process.env, HARNESS_HOOKS_CODE_CACHE: join(caches, 'warm') }),
      'first call': () => run(ARGS, INPUT, { ...process.env, HARNESS_HOOKS_CODE_CACHE: join(caches, String(fresh++)) })(),
      'by hand': run([BY_HAND, 'true'], INPUT),
      [BASELINE]: async () => {
        await run(['-e', ''], INPUT)();
        sh();
      },
    };
    const r = await compare({ fns, pairs: [['bridge', BASELINE], ['first call', BASELINE], ['by hand', BASELINE]], iterations: 1, rounds: 21, warmup: 2 });
    const b = r.times[BASELINE];
    const row = (name) => ({ a: r.times[name], own: r.times[name] - b });
    return { b, bridge: row('bridge'), first: row('first call'), hand: row('by hand') };
  } finally {
    rmSync(caches, { recursive: true, force: true });
  }
}

export function formatBridge(r) {
  return [
    '| benchmark | bridge | baseline | its own cost | target | |',
    '| --- | ---: | ---: | ---: | ---: | --- |',
    `| \`harness-hooks bridge --host claude --dialect gemini -- true\`, whole process (vs \`node -e ""\`, then \`sh -c true\`): every call after the first | ${fmtTime(r.bridge.a)} | ${fmtTime(r.b)} | ${fmtTime(r.bridge.own)} | ≤ 60 ms | ${r.bridge.own <= 60 ? 'met' : 'MISSED'} |`,
    `| the same, a first call: no code cache yet (it compiles the bridge, then writes the cache) | ${fmtTime(r.first.a)} | ${fmtTime(r.b)} | ${fmtTime(r.first.own)} | — | — |`,
    `| for scale: the simplest bridge by hand (\`bench/bridge-by-hand.cjs true\`: stdin to \`bash -c true\`, no translation, nothing ended that the hook left), the same baseline | ${fmtTime(r.hand.a)} | ${fmtTime(r.b)} | ${fmtTime(r.hand.own)} | — | — |`,
  ];
}
