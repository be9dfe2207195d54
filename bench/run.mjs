// `npm run bench`: every performance target of the project, measured side by side in one run.
import { benchCore } from './core.mjs';
import { fmtTime } from './lib.mjs';

const args = process.argv.slice(2);
const writeReadme = args.includes('--readme');
const only = args.find((a) => !a.startsWith('--'));
const rows = [];
if (!only || only === 'core') rows.push(...(await benchCore()));
if (!only || only === 'command') {
  const { benchCommand } = await import('./command.mjs');
  rows.push(...(await benchCommand()));
}

const lines = [
  `Node ${process.version}, ${(await import('node:os')).cpus().length} cores; medians of paired rounds.`,
  '',
  '| benchmark | ours | baseline | ratio (median) | target | |',
  '| --- | ---: | ---: | ---: | ---: | --- |',
];
for (const r of rows) {
  const ok = r.ratio <= r.target;
  const a = r.display ? r.display.a : fmtTime(r.a);
  const b = r.display ? r.display.b : fmtTime(r.b);
  lines.push(`| ${r.name} | ${a} | ${b} | ${r.ratio.toFixed(2)}× | ≤ ${r.target}× | ${ok ? 'met' : 'MISSED'} |`);
}
console.log(lines.join('\n'));

// `npm run bench -- --readme` puts this table into the README's Performance section.
if (writeReadme) {
  const { readFileSync, writeFileSync } = await import('node:fs');
  const readme = new URL('../README.md', import.meta.url);
  const text = readFileSync(readme, 'utf8');
  const start = '<!-- bench:start -->';
  const end = '<!-- bench:end -->';
  const next = text.replace(new RegExp(`${start}[\\s\\S]*${end}`), `${start}\n${lines.join('\n')}\n${end}`);
  writeFileSync(readme, next);
  console.log('README.md updated.');
}
