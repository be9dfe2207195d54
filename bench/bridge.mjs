// `harness-hooks bridge`'s own cost: a whole process (node, the bridge, translating the host's stdin and
// the answer) wrapping `true`, against `node -e ""` plus the same `true` run by a shell; paired rounds.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { compare, fmtTime } from './lib.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const INPUT = JSON.stringify({ hook_event_name: 'PreToolUse', session_id: 's', cwd: root, tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't' });

const run = (args, input) => async () => {
  const p = spawnSync(process.execPath, args, { cwd: root, input, stdio: ['pipe', 'ignore', 'ignore'] });
  if (p.status !== 0) throw new Error(`node ${args.join(' ')} exited ${p.status}`);
};
const sh = () => spawnSync('/bin/sh', ['-c', 'true']);

export async function benchBridge() {
  const fns = {
    bridge: run([CLI, 'bridge', '--host', 'claude', '--dialect', 'gemini', '--', 'true'], INPUT),
    'node -e "" and sh -c true': async () => {
      await run(['-e', ''], INPUT)();
      sh();
    },
  };
  const r = await compare({ fns, pairs: [['bridge', 'node -e "" and sh -c true']], iterations: 1, rounds: 21, warmup: 2 });
  const own = r.times.bridge - r.times['node -e "" and sh -c true'];
  return { a: r.times.bridge, b: r.times['node -e "" and sh -c true'], own, ratio: r.ratios[0] };
}

export function formatBridge(r) {
  return [
    '| benchmark | bridge | baseline | its own cost | target | |',
    '| --- | ---: | ---: | ---: | ---: | --- |',
    `| \`harness-hooks bridge --host claude --dialect gemini -- true\`, whole process (vs \`node -e ""\`, then \`sh -c true\`) | ${fmtTime(r.a)} | ${fmtTime(r.b)} | ${fmtTime(r.own)} | ≤ 60 ms | ${r.own <= 60 ? 'met' : 'MISSED'} |`,
  ];
}
