// One timing scenario of one implementation, in a fresh process (so no scenario's or other
// implementation's JIT feedback leaks into it: a harness embeds one profile, and three profiles warmed in
// one process make the shared parallel run's call sites polymorphic, ≈0.6× slower for the claude profile):
// `node dispatch-child.mjs <scenario> <iterations> <rounds> <implementation>` prints
// { times: { name: ms per dispatch }, ratios: { 'a/b': median of per-round ratios } } as JSON.
// The implementation is paired with the plain-loop baseline of the same scenario; in `many`, ours
// (1,000 registered) is also paired with ours (1 registered).
import { IMPLS, checkImpl, timedSpec } from './impls.mjs';
import { compare } from './lib.mjs';

const [scenario, iterations, rounds, only] = process.argv.slice(2);
const chosen = IMPLS.filter((impl, i) => i === 0 || impl.name === only);
if (chosen.length !== 2) throw new Error(`dispatch-child: no implementation named ${JSON.stringify(only)}`);
const fns = {};
const pairs = [];
const add = async (key, impl, s) => {
  const built = impl.build(timedSpec(s));
  await checkImpl(impl, s, built);
  fns[key] = built.loop;
};
for (const impl of chosen) await add(impl.name, impl, scenario);
pairs.push([chosen[1].name, 'plain loop']);
if (scenario === 'many' && chosen[1].ours === true) {
  for (const impl of [chosen[1]]) {
    await add(`${impl.name} (1 registered)`, impl, 'one');
    pairs.push([impl.name, `${impl.name} (1 registered)`]);
  }
}
const r = await compare({ fns, pairs, iterations: Number(iterations), rounds: Number(rounds) });
const ratios = Object.fromEntries(pairs.map(([a, b], i) => [`${a}/${b}`, r.ratios[i]]));
console.log(JSON.stringify({ times: r.times, ratios }));
