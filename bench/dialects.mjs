// Rows of the multi-dialect registry: what a foreign hook costs besides its own run, and what dialects cost
// a dispatch none of their hooks answers (bench/dialects-child.mjs, in a fresh process).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { fmtTime } from './lib.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

export function benchDialects() {
  const p = spawnSync(process.execPath, [fileURLToPath(new URL('dialects-child.mjs', import.meta.url)), '4000', '41'], { cwd: root, encoding: 'utf8' });
  if (p.status !== 0) throw new Error(`bench/dialects-child.mjs failed (${p.status}):\n${p.stderr}`);
  const { times, ratios } = JSON.parse(p.stdout);
  const row = (a, b, target, extra = '') => {
    const ratio = ratios[`${a}/${b}`];
    return { name: a, baseline: b, a: times[a], b: times[b], ratio, target, extra };
  };
  const rows = [
    row('claude host, 5 hooks of each of 2 dialects', 'claude, the same 10 hooks native', undefined),
    row('claude host, 1 hook of a dialect', 'claude, the same hook native', undefined),
    row('claude host, 1 hook of a dialect', 'its own harness: the host dispatch, then the same hook in a gemini registry', undefined),
    row('claude host with 2 dialects, 5 own hooks, none of theirs', 'claude, 5 hooks', 1.1),
  ];
  // The translation's own cost: the time a foreign hook adds over the same hook native (µs per dispatch).
  rows[0].extra = `${(((times[rows[0].name] - times[rows[0].baseline]) * 1000) / 2).toFixed(2)} µs more per dialect dispatch`;
  rows[1].extra = `${((times[rows[1].name] - times[rows[1].baseline]) * 1000).toFixed(2)} µs more`;
  // The target: translating one foreign hook's input and result, besides its own run (in its own harness).
  const translation = (times[rows[2].name] - times[rows[2].baseline]) * 1000;
  rows[2].extra = `${translation.toFixed(2)} µs`;
  rows[2].met = translation <= 2;
  return rows;
}

export function formatDialects(rows) {
  return [
    '| benchmark | ours | baseline | ratio (median) | translation | target | |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows.map((r) => {
      const met = r.target !== undefined ? (r.ratio <= r.target ? 'met' : 'MISSED') : r.met === undefined ? '—' : r.met ? 'met' : 'MISSED';
      const target = r.target !== undefined ? `≤ ${r.target}×` : r.met === undefined ? '—' : '≤ 2 µs';
      return `| ${r.name} (vs ${r.baseline}) | ${fmtTime(r.a)} | ${fmtTime(r.b)} | ${r.ratio.toFixed(2)}× | ${r.extra || '—'} | ${target} | ${met} |`;
    }),
  ];
}
