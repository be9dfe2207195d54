// `npm run bench`: every performance target of the project, measured side by side in one run.
// `npm run bench -- core` / `-- command` runs one part; `-- --readme` also writes the result into README.md.
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
console.log(lines.join('\n'));

// `npm run bench -- --readme` puts these tables into the README's Performance section.
if (writeReadme) {
  const { readFileSync, writeFileSync } = await import('node:fs');
  const readme = new URL('../README.md', import.meta.url);
  const text = readFileSync(readme, 'utf8');
  const start = '<!-- bench:start -->';
  const end = '<!-- bench:end -->';
  if (!text.includes(start) || !text.includes(end)) throw new Error('README.md has no bench markers');
  // A function replacement: the output contains `$` sequences that a replacement string would expand.
  const next = text.replace(new RegExp(`${start}[\\s\\S]*${end}`), () => `${start}\n${lines.join('\n')}\n${end}`);
  writeFileSync(readme, next);
  console.log('README.md updated.');
}
