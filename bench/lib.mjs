// Shared helpers for the benchmark: paired, interleaved measurement with medians of ratios.
import { performance } from 'node:perf_hooks';

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

// Times named functions (`fns[name](iterations)` does `iterations` operations) in pairs: every round
// visits each pair [a, b] of `pairs` (starting at a rotating offset) and times a and b back to back, in
// alternating order; the pair's ratio for that round is a/b of those two adjacent blocks. Returns each
// function's per-op median over all its blocks and, per pair, the median of its per-round ratios.
export async function compare({ fns, pairs, iterations, rounds = 21, warmup = 3 }) {
  const samples = Object.fromEntries(Object.keys(fns).map((k) => [k, []]));
  const ratios = pairs.map(() => []);
  for (let r = 0; r < rounds + warmup; r++) {
    for (let j = 0; j < pairs.length; j++) {
      const p = (j + r) % pairs.length;
      const [a, b] = pairs[p];
      let da;
      let db;
      if ((r + j) % 2 === 0) {
        da = await time(fns[a], iterations);
        db = await time(fns[b], iterations);
      } else {
        db = await time(fns[b], iterations);
        da = await time(fns[a], iterations);
      }
      if (r < warmup) continue;
      samples[a].push(da / iterations);
      samples[b].push(db / iterations);
      ratios[p].push(da / db);
    }
  }
  return {
    times: Object.fromEntries(Object.entries(samples).map(([k, xs]) => [k, median(xs)])),
    ratios: ratios.map(median),
  };
}

async function time(fn, iterations) {
  const t0 = performance.now();
  await fn(iterations);
  return performance.now() - t0;
}

export const fmtTime = (ms) => (ms < 0.001 ? `${(ms * 1e6).toFixed(0)} ns` : ms < 1 ? `${(ms * 1e3).toFixed(2)} µs` : `${ms.toFixed(2)} ms`);
export const fmtBytes = (b) => `${Math.round(b).toLocaleString('en-US')} B`;
export const fmtRatio = (x) => `${x.toFixed(2)}×`;
