// Terminal output: colour only on a TTY with NO_COLOR unset (FORCE_COLOR forces it, as in Node and most
// CLIs), aligned columns, and the few words every command shares.
import { stripTerminalControls } from '../terminal-text.js';

export interface Style {
  readonly enabled: boolean;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
  bold(text: string): string;
  dim(text: string): string;
}

const codes = { red: [31, 39], green: [32, 39], yellow: [33, 39], cyan: [36, 39], bold: [1, 22], dim: [2, 22] } as const;

/** The SGR sequences makeStyle writes (sticky: matched at an ESC by the CLI's writer, which escapes every other). */
export const STYLE_SEQUENCE = new RegExp(`\\x1b\\[(?:${[...new Set(Object.values(codes).flat())].join('|')})m`, 'y');

// Whether to colour a stream: never with NO_COLOR set (non-empty), always with FORCE_COLOR (not "0"),
// otherwise only a TTY.
export function wantsColor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false') return true;
  return stream.isTTY === true;
}

export function makeStyle(enabled: boolean): Style {
  const paint =
    (name: keyof typeof codes) =>
    (text: string): string =>
      enabled && text !== '' ? `\x1b[${codes[name][0]}m${text}\x1b[${codes[name][1]}m` : text;
  return { enabled, red: paint('red'), green: paint('green'), yellow: paint('yellow'), cyan: paint('cyan'), bold: paint('bold'), dim: paint('dim') };
}

// The width of text as shown, without colour codes.
export function visibleWidth(text: string): number {
  return [...text.replace(/\x1b\[[0-9;]*m/g, '')].length;
}

// Rows of cells as lines with aligned columns (the last column is not padded).
export function formatTable(rows: readonly (readonly string[])[], indent = '  '): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, c) => (widths[c] = Math.max(widths[c] ?? 0, visibleWidth(cell))));
  return rows.map((row) => indent + row.map((cell, c) => (c === row.length - 1 ? cell : cell + ' '.repeat(widths[c]! - visibleWidth(cell)))).join('  ').trimEnd());
}

// `1.2 s`, `850 ms`.
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return 'none';
  if (ms >= 1000) return `${Number((ms / 1000).toFixed(ms % 1000 === 0 ? 0 : 1))} s`;
  return `${Math.round(ms)} ms`;
}

// The first `max` non-empty lines of a hook's output, each cut to `width` characters.
// Hook output is shown as text: terminal control in it (a title change, an OSC 52 clipboard write) is removed.
export function firstLines(text: string, max = 3, width = 160): string[] {
  const lines = stripTerminalControls(text.replace(/\r\n/g, '\n')).split('\n').map((l) => l.replace(/\r$/, '')).filter((l) => l.trim() !== '');
  const out = lines.slice(0, max).map((l) => (l.length > width ? `${l.slice(0, width)}…` : l));
  if (lines.length > max) out.push(`… (${lines.length - max} more line${lines.length - max === 1 ? '' : 's'})`);
  return out;
}

// `1 error`, `2 warnings`.
export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}
