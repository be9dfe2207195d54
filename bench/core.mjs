// In-process dispatch bench: ours (one column per profile) and four peers, each against the same
// hand-written plain loop, scenario by scenario. Timing scenarios and the allocation measurement run in
// fresh child processes (bench/dispatch-child.mjs, bench/alloc-child.mjs); cold start spawns node here.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { PEERS, PLAIN_LOOP_SOURCE } from './impls.mjs';
import { compare, fmtBytes, fmtRatio, fmtTime } from './lib.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const here = (file) => fileURLToPath(new URL(file, import.meta.url));
const OURS = ['default', 'claude', 'codex', 'gemini', 'copilot', 'cursor'];
const COLUMNS = [...OURS, ...PEERS.map((p) => p.name)];
// The three peers ours must beat (tapable is shown for reference only).
const RIVALS = ['hookable', 'before-after-hook', 'emittery'];

// Iterations per timed block and rounds, chosen so a block takes a few ms on a 2-core VM.
const TIMED = [
  { id: 'async5', name: '1. 5 async handlers', iterations: 6_000, rounds: 41, target: { default: 2, claude: 2.5, codex: 2.5, gemini: 2.5, copilot: 2, cursor: 2.5 } },
  { id: 'sync5', name: '2. 5 sync handlers', iterations: 6_000, rounds: 41, target: 1.5 },
  { id: 'async1', name: '3. 1 async handler', iterations: 12_000, rounds: 41, target: 3 },
  { id: 'async20', name: '4. 20 async handlers', iterations: 2_000, rounds: 41, target: 1.5 },
  { id: 'none', name: '5. no handlers (baseline: `await empty(payload)`)', iterations: 30_000, rounds: 41, target: 1.5 },
  { id: 'many', name: '6. 1,000 registered, 1 matches (baseline: plain loop over 1 handler)', iterations: 12_000, rounds: 41, target: undefined },
];

function runChild(args, nodeArgs = []) {
  const p = spawnSync(process.execPath, [...nodeArgs, ...args], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 24 });
  if (p.status !== 0) throw new Error(`node ${[...nodeArgs, ...args].join(' ')} failed (${p.status}):\n${p.stderr}`);
  return JSON.parse(p.stdout);
}

const cell = (value, ratio) => ({ value, ratio });

export async function benchCore({ log = () => {} } = {}) {
  const rows = [];

  for (const s of TIMED) {
    log(`core: ${s.id}`);
    // One child per implementation, each paired with the baseline in its own process.
    const r = { times: {}, ratios: {} };
    const baselines = [];
    for (const c of COLUMNS) {
      const one = runChild([here('dispatch-child.mjs'), s.id, String(s.iterations), String(s.rounds), c]);
      Object.assign(r.ratios, one.ratios);
      for (const [k, v] of Object.entries(one.times)) if (k !== 'plain loop') r.times[k] = v;
      baselines.push(one.times['plain loop']);
    }
    r.times['plain loop'] = baselines.sort((a, b) => a - b)[baselines.length >> 1];
    const cells = Object.fromEntries(COLUMNS.map((c) => [c, cell(fmtTime(r.times[c]), r.ratios[`${c}/plain loop`])]));
    rows.push({ name: s.name, baseline: fmtTime(r.times['plain loop']), cells, target: s.target, rivals: true });
    if (s.id === 'many') {
      // Ours only: the same profile with only the matching handler registered is the baseline.
      const own = Object.fromEntries(OURS.map((c) => [c, cell(`${fmtTime(r.times[c])} vs ${fmtTime(r.times[`${c} (1 registered)`])}`, r.ratios[`${c}/${c} (1 registered)`])]));
      rows.push({ name: '6b. ours: 1,000 registered vs 1 registered (same profile)', baseline: '—', cells: own, target: 1.5, rivals: false });
    }
  }

  // 7. Allocation per dispatch, 5 async handlers, one child per implementation.
  {
    log('core: allocation');
    const flags = ['--expose-gc', '--max-semi-space-size=512', '--min-semi-space-size=128'];
    const bytes = {};
    for (const name of ['plain loop', ...COLUMNS]) bytes[name] = runChild([here('alloc-child.mjs'), name, '2000', '7'], flags).bytes;
    const base = bytes['plain loop'];
    const cells = Object.fromEntries(COLUMNS.map((c) => [c, cell(fmtBytes(bytes[c]), bytes[c] / base)]));
    rows.push({ name: '7. bytes allocated per dispatch, 5 async handlers', baseline: fmtBytes(base), cells, target: 1.5, rivals: true, verb: 'allocates less' });
  }

  // 8. Cold start: node -e "import(…)" against node -e "", paired spawns; peers' imports alongside.
  {
    log('core: cold start');
    const spawnFn = (code) => async () => {
      const p = spawnSync(process.execPath, ['-e', code], { cwd: root, stdio: 'ignore' });
      if (p.status !== 0) throw new Error(`node -e ${code} exited ${p.status}`);
    };
    const fns = { empty: spawnFn(''), default: spawnFn("import('harness-hooks')") };
    for (const p of PEERS) fns[p.name] = spawnFn(`import('${p.name}')`);
    const names = ['default', ...PEERS.map((p) => p.name)];
    const r = await compare({ fns, pairs: names.map((n) => [n, 'empty']), iterations: 1, rounds: 20, warmup: 2 });
    const cells = Object.fromEntries(names.map((n, i) => [n, cell(fmtTime(r.times[n]), r.ratios[i])]));
    cells.claude = undefined; // one entry point for every profile
    cells.codex = undefined;
    cells.gemini = undefined;
    cells.copilot = undefined;
    cells.cursor = undefined;
    rows.push({ name: '8. cold start: `node -e "import(\'harness-hooks\')"` vs `node -e ""` (peers: their import)', baseline: fmtTime(r.times.empty), cells, target: 1.25, rivals: true });
  }
  return rows;
}

const targetOf = (row, col) => (row.target === undefined ? undefined : typeof row.target === 'number' ? row.target : row.target[col]);

// The markdown table, the "faster than the peers" lines and the baseline code.
export function formatCore(rows) {
  const lines = [
    `| scenario | baseline time | ${COLUMNS.join(' | ')} | target | met/MISSED (${OURS.join(' / ')}) |`,
    `| --- | ---: | ${COLUMNS.map(() => '---:').join(' | ')} | --- | --- |`,
  ];
  const peerLines = [];
  for (const row of rows) {
    const show = (c) => (row.cells[c] ? `${row.cells[c].value} (${fmtRatio(row.cells[c].ratio)})` : '—');
    const ours = OURS.filter((c) => row.cells[c]);
    const targets = [...new Set(ours.map((c) => targetOf(row, c)))];
    const target = targets[0] === undefined ? '—' : targets.map((t) => `≤ ${t}×`).join(' / ');
    const met = targets[0] === undefined ? '—' : ours.map((c) => (row.cells[c].ratio <= targetOf(row, c) ? 'met' : 'MISSED')).join(' / ');
    lines.push(`| ${row.name} | ${row.baseline} | ${COLUMNS.map(show).join(' | ')} | ${target} | ${met} |`);
    if (row.rivals) {
      const verdict = ours.map((c) => {
        const beaten = RIVALS.filter((p) => row.cells[p].ratio <= row.cells[c].ratio);
        return `${c} ${beaten.length === 0 ? 'met' : `MISSED (not below ${beaten.join(', ')})`}`;
      });
      peerLines.push(`- ${row.name.replace(/ \(.*$/, '')}: ${row.verb ?? 'faster'} than hookable, before-after-hook and emittery: ${verdict.join('; ')}`);
    }
  }
  return [
    ...lines,
    '',
    'Ratios are against the baseline of the same row (medians of per-round ratios of adjacent, interleaved blocks; allocation: medians of GC-free windows).',
    '',
    ...peerLines,
    '',
    'The baseline of every handler row (row 5: `const empty = async () => undefined; await empty(payload)`):',
    '',
    '```js',
    PLAIN_LOOP_SOURCE,
    '```',
  ];
}
