// `harness-hooks bridge`'s own cost: a whole process (node, the bridge, translating the host's stdin and
// the answer) wrapping `true`, against `node -e ""` plus the same `true` run by a shell; paired rounds.
// For scale, the same against the simplest bridge by hand (bridge-by-hand.cjs): what any Node bridge pays.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { compare, fmtTime } from './lib.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const BY_HAND = fileURLToPath(new URL('./bridge-by-hand.cjs', import.meta.url));
const INPUT = JSON.stringify({ hook_event_name: 'PreToolUse', session_id: 's', cwd: root, tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't' });

const run = (args, input) => async () => {
  const p = spawnSync(process.execPath, args, { cwd: root, input, stdio: ['pipe', 'ignore', 'ignore'] });
  if (p.status !== 0) throw new Error(`node ${args.join(' ')} exited ${p.status}`);
};
const sh = () => spawnSync('/bin/sh', ['-c', 'true']);
const BASELINE = 'node -e "" and sh -c true';

export async function benchBridge() {
  const fns = {
    bridge: run([CLI, 'bridge', '--host', 'claude', '--dialect', 'gemini', '--', 'true'], INPUT),
    'by hand': run([BY_HAND, 'true'], INPUT),
    [BASELINE]: async () => {
      await run(['-e', ''], INPUT)();
      sh();
    },
  };
  const r = await compare({ fns, pairs: [['bridge', BASELINE], ['by hand', BASELINE]], iterations: 1, rounds: 21, warmup: 2 });
  const b = r.times[BASELINE];
  return { a: r.times.bridge, b, own: r.times.bridge - b, hand: r.times['by hand'], handOwn: r.times['by hand'] - b };
}

export function formatBridge(r) {
  return [
    '| benchmark | bridge | baseline | its own cost | target | |',
    '| --- | ---: | ---: | ---: | ---: | --- |',
    `| \`harness-hooks bridge --host claude --dialect gemini -- true\`, whole process (vs \`node -e ""\`, then \`sh -c true\`) | ${fmtTime(r.a)} | ${fmtTime(r.b)} | ${fmtTime(r.own)} | ≤ 60 ms | ${r.own <= 60 ? 'met' : 'MISSED'} |`,
    `| for scale: the simplest bridge by hand (\`bench/bridge-by-hand.cjs true\`: stdin to \`bash -c true\`, no translation, nothing ended that the hook left), the same baseline | ${fmtTime(r.hand)} | ${fmtTime(r.b)} | ${fmtTime(r.handOwn)} | — | — |`,
  ];
}
