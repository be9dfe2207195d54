// Bytes allocated per dispatch, 5 async handlers, for one implementation, in a fresh process run as
//   node --expose-gc --max-semi-space-size=512 --min-semi-space-size=128 alloc-child.mjs <impl> <n> <repeats>
// Each repeat: gc(); heapUsed; n dispatches; heapUsed again. The young generation is large enough that
// nothing is collected in between, which a PerformanceObserver on 'gc' entries verifies (a window with a
// GC is thrown away and retried with n halved). The cost of an empty window (the two reads and one await)
// is subtracted. Prints { bytes: median bytes per dispatch, n, repeats } as JSON.
import { PerformanceObserver, performance } from 'node:perf_hooks';
import { IMPLS, checkImpl, timedSpec } from './impls.mjs';
import { median } from './lib.mjs';

const [name, nArg, repeatsArg] = process.argv.slice(2);
if (typeof globalThis.gc !== 'function') throw new Error('run with --expose-gc');
const impl = IMPLS.find((i) => i.name === name);
const built = impl.build(timedSpec('async5'));
await checkImpl(impl, 'async5', built);

const gcStarts = [];
const observer = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcStarts.push(e.startTime);
});
observer.observe({ entryTypes: ['gc'] });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

// Bytes allocated by a window of n dispatches, or undefined when a GC ran during it.
async function window(n) {
  globalThis.gc();
  await settle();
  const t0 = performance.now();
  const h0 = process.memoryUsage().heapUsed;
  await built.loop(n);
  const h1 = process.memoryUsage().heapUsed;
  const t1 = performance.now();
  await settle(); // lets the observer see the GC entries of the window
  return gcStarts.some((t) => t >= t0 && t <= t1) ? undefined : h1 - h0;
}

await built.loop(20_000); // warm up: optimized code allocates less than the interpreter
let n = Number(nArg);
const perDispatch = [];
let empty;
for (let tries = 0; perDispatch.length < Number(repeatsArg); tries++) {
  if (tries > 50) throw new Error(`${name}: a GC ran in every window`);
  empty ??= await window(0);
  const bytes = await window(n);
  if (bytes === undefined || empty === undefined) {
    n = Math.max(100, n >> 1);
    continue;
  }
  perDispatch.push((bytes - empty) / n);
}
observer.disconnect();
console.log(JSON.stringify({ bytes: median(perDispatch), n, repeats: perDispatch.length, all: perDispatch }));
