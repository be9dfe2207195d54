// One timing scenario of the in-process bench, in a fresh process (so no scenario's JIT feedback leaks
// into another's): `node dispatch-child.mjs <scenario> <iterations> <rounds>` prints
// { times: { name: ms per dispatch }, ratios: { 'a/b': median of per-round ratios } } as JSON.
// Every implementation is paired with the plain-loop baseline of the same scenario; `many` also pairs
// ours (1,000 registered) with ours (1 registered).
import { IMPLS, checkImpl, ours, oursClaude, timedSpec } from './impls.mjs';
import { compare } from './lib.mjs';

const [scenario, iterations, rounds] = process.argv.slice(2);
const fns = {};
const pairs = [];
const add = async (key, impl, s) => {
  const built = impl.build(timedSpec(s));
  await checkImpl(impl, s, built);
  fns[key] = built.loop;
};
for (const impl of IMPLS) await add(impl.name, impl, scenario);
for (const impl of IMPLS.slice(1)) pairs.push([impl.name, 'plain loop']);
if (scenario === 'many') {
  for (const impl of [ours, oursClaude]) {
    await add(`${impl.name} (1 registered)`, impl, 'one');
    pairs.push([impl.name, `${impl.name} (1 registered)`]);
  }
}
const r = await compare({ fns, pairs, iterations: Number(iterations), rounds: Number(rounds) });
const ratios = Object.fromEntries(pairs.map(([a, b], i) => [`${a}/${b}`, r.ratios[i]]));
console.log(JSON.stringify({ times: r.times, ratios }));
