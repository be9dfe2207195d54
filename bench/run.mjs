// `npm run bench`: every performance target of the project, measured side by side in one run.
// `npm run bench -- core` / `-- command` / `-- dialects` / `-- bridge` / `-- first` runs one part; `-- --readme` also writes the result into docs/performance.md.
import { cpus } from 'node:os';
import { fmtTime } from './lib.mjs';

const args = process.argv.slice(2);
const writeReadme = args.includes('--readme');
const only = args.find((a) => !a.startsWith('--'));
const lines = [`Node ${process.version}, ${cpus().length} cores; medians of paired rounds.`];

// In-process dispatch: ours and the peers against a hand-written loop.
if (!only || only === 'core') {
  const { benchCore, formatCore } = await import('./core.mjs');
  const rows = await benchCore({ log: (m) => console.error(m) });
  lines.push('', '**In-process dispatch**', '', ...formatCore(rows));
}

// Command hooks: ours against a raw child_process.spawn.
if (!only || only === 'command') {
  const { benchCommand } = await import('./command.mjs');
  const rows = await benchCommand();
  lines.push('', '**Command hooks**', '', '| benchmark | ours | baseline | ratio (median) | target | |', '| --- | ---: | ---: | ---: | ---: | --- |');
  for (const r of rows) {
    const ok = r.ratio <= r.target;
    const a = r.display ? r.display.a : fmtTime(r.a);
    const b = r.display ? r.display.b : fmtTime(r.b);
    lines.push(`| ${r.name} | ${a} | ${b} | ${r.ratio.toFixed(2)}× | ≤ ${r.target}× | ${ok ? 'met' : 'MISSED'} |`);
  }
}

// Hooks of other harnesses (the `dialects` option) against the same hooks registered natively.
if (!only || only === 'dialects') {
  const { benchDialects, formatDialects } = await import('./dialects.mjs');
  lines.push('', '**Hooks of other harnesses** (a claude registry with `dialects`; the baseline registers the same in-process hooks natively)', '', ...formatDialects(benchDialects()));
}

// The bridge command: its own cost in a whole process, a hook of another harness wrapping `true`.
if (!only || only === 'bridge') {
  const { benchBridge, formatBridge } = await import('./bridge.mjs');
  lines.push('', '**`harness-hooks bridge`** (a Claude Code host running a Gemini hook through it)', '', ...formatBridge(await benchBridge()));
}

// The first command hook of a fresh process: everything a user waits for, against the same hook by hand.
if (!only || only === 'first') {
  const { benchFirstHook } = await import('./first-hook.mjs');
  const r = benchFirstHook();
  lines.push(
    '',
    '**First command hook in a fresh process** (node + import + registry + one settings file + one dispatch; the baseline reads the file and spawns the hook by hand)',
    '',
    '| benchmark | ours | baseline | ratio (median) | target | |',
    '| --- | ---: | ---: | ---: | ---: | --- |',
    `| first command hook, whole process | ${fmtTime(r.a)} | ${fmtTime(r.b)} | ${r.ratio.toFixed(2)}× | ≤ 2.5× | ${r.ratio <= 2.5 ? 'met' : 'MISSED'} |`,
    '',
    `The run's own \`durationMs\` in that process: ${fmtTime(r.durationMs)} (the hook, not the library's loading).`,
  );
}
console.log(lines.join('\n'));

// `npm run bench -- --readme` puts these tables into docs/performance.md (the README links to it).
if (writeReadme) {
  const { readFileSync, writeFileSync } = await import('node:fs');
  const readme = new URL('../docs/performance.md', import.meta.url);
  const text = readFileSync(readme, 'utf8');
  const start = '<!-- bench:start -->';
  const end = '<!-- bench:end -->';
  if (!text.includes(start) || !text.includes(end)) throw new Error('docs/performance.md has no bench markers');
  // A function replacement: the output contains `$` sequences that a replacement string would expand.
  const next = text.replace(new RegExp(`${start}[\\s\\S]*${end}`), () => `${start}\n${lines.join('\n')}\n${end}`);
  writeFileSync(readme, next);
  console.log('docs/performance.md updated.');
}
