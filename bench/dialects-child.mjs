// The multi-dialect bench in a fresh process: `node dialects-child.mjs <iterations> <rounds>` prints
// { times: { name: ms per dispatch }, ratios: { 'a/b': median of per-round ratios } } as JSON. Each pair
// is a claude registry with dialects against the same in-process hooks registered natively on a claude
// registry without any (the simplest code a harness would write for the same hooks).
import { HookRegistry } from '../dist/index.js';
import { compare } from './lib.mjs';

const [iterations, rounds] = process.argv.slice(2).map(Number);
const quiet = { warn() {} };
const PAYLOAD = { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't1' };
const hook = async () => undefined;

const native = (count) => {
  const r = new HookRegistry({ profile: 'claude', logger: quiet });
  for (let i = 0; i < count; i++) r.register('PreToolUse', hook, { name: `h${i}` });
  return r;
};
const hosted = (perDialect, own = 0) => {
  const r = new HookRegistry({ profile: 'claude', logger: quiet, dialects: { gemini: {}, codex: { bypassHookTrust: true } } });
  for (let i = 0; i < own; i++) r.register('PreToolUse', hook, { name: `own${i}` });
  for (let i = 0; i < perDialect; i++) {
    r.dialect('gemini').register('BeforeTool', hook, { name: `g${i}` });
    r.dialect('codex').register('PreToolUse', hook, { name: `c${i}` });
  }
  return r;
};
const oneForeign = () => {
  const r = new HookRegistry({ profile: 'claude', logger: quiet, dialects: { gemini: {} } });
  r.dialect('gemini').register('BeforeTool', hook, { name: 'g' });
  return r;
};
const loop = (r) => async (n) => {
  for (let i = 0; i < n; i++) await r.dispatch('PreToolUse', PAYLOAD);
};
// The foreign hook's own run: the same hook in a registry of its own harness, dispatched in its words,
// after the host's own (empty) dispatch. What the hosted row costs beyond it is the translation.
const own = new HookRegistry({ profile: 'gemini', logger: quiet });
own.register('BeforeTool', hook, { name: 'g' });
const emptyHost = native(0);
const GEMINI_PAYLOAD = { tool_name: 'run_shell_command', tool_input: { command: 'ls' } };
const ownRun = async (n) => {
  for (let i = 0; i < n; i++) {
    await emptyHost.dispatch('PreToolUse', PAYLOAD);
    await own.dispatch('BeforeTool', GEMINI_PAYLOAD);
  }
};

const regs = {
  'claude host, 5 hooks of each of 2 dialects': hosted(5),
  'claude, the same 10 hooks native': native(10),
  'claude host, 1 hook of a dialect': oneForeign(),
  'claude, the same hook native': native(1),
  'claude host with 2 dialects, 5 own hooks, none of theirs': hosted(0, 5),
  'claude, 5 hooks': native(5),
};
// Check: every registry runs what it should.
for (const [name, r] of Object.entries(regs)) {
  const res = await r.dispatch('PreToolUse', PAYLOAD);
  const want = { 'claude host, 5 hooks of each of 2 dialects': 10, 'claude, the same 10 hooks native': 10, 'claude host, 1 hook of a dialect': 1, 'claude, the same hook native': 1 }[name] ?? 5;
  if (res.runs.length !== want || res.blocked) throw new Error(`dialects bench: ${name} ran ${res.runs.length} hooks, not ${want}`);
}
const fns = Object.fromEntries(Object.entries(regs).map(([k, r]) => [k, loop(r)]));
const names = Object.keys(regs);
fns['its own harness: the host dispatch, then the same hook in a gemini registry'] = ownRun;
const pairs = [
  [names[0], names[1]],
  [names[2], names[3]],
  [names[2], 'its own harness: the host dispatch, then the same hook in a gemini registry'],
  [names[4], names[5]],
];
const r = await compare({ fns, pairs, iterations, rounds });
console.log(JSON.stringify({ times: r.times, ratios: Object.fromEntries(pairs.map(([a, b], i) => [`${a}/${b}`, r.ratios[i]])) }));
