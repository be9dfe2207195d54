// Shared helpers for the benchmark: paired, interleaved A/B measurement with medians of ratios.
import { performance } from 'node:perf_hooks';

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

// Runs `a` and `b` (async functions doing `iterations` operations each) in alternating order for
// `rounds` rounds; returns per-op medians and the median of the per-round ratios a/b.
export async function pairAsync({ a, b, iterations, rounds = 21, warmup = 3 }) {
  const ta = [];
  const tb = [];
  const ratios = [];
  for (let r = 0; r < rounds + warmup; r++) {
    let da;
    let db;
    if (r % 2 === 0) {
      da = await time(a, iterations);
      db = await time(b, iterations);
    } else {
      db = await time(b, iterations);
      da = await time(a, iterations);
    }
    if (r < warmup) continue;
    ta.push(da / iterations);
    tb.push(db / iterations);
    ratios.push(da / db);
  }
  return { a: median(ta), b: median(tb), ratio: median(ratios) };
}

async function time(fn, iterations) {
  const t0 = performance.now();
  await fn(iterations);
  return performance.now() - t0;
}

export const fmtTime = (ms) => (ms < 0.001 ? `${(ms * 1e6).toFixed(0)} ns` : ms < 1 ? `${(ms * 1e3).toFixed(2)} µs` : `${ms.toFixed(2)} ms`);
