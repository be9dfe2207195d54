// The README and the pages under docs/ as a reader meets them: every relative link leads to a file that
// exists and, with a `#fragment`, to a heading in it; no line of prose is a wall (1,200 characters at most);
// nothing points outside the repository or reads as a development log; the bench tables have one home.
// (Their TypeScript blocks are compiled and run by test/readme.test.ts.)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const pages = [join(ROOT, 'README.md'), ...(readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' }) as string[]).filter((f) => f.endsWith('.md')).sort().map((f) => join(ROOT, 'docs', f))];
const name = (page: string): string => relative(ROOT, page);

// A page's lines outside fenced code blocks, with their line numbers.
function proseLines(text: string): { line: string; n: number }[] {
  const out: { line: string; n: number }[] = [];
  let fenced = false;
  text.split('\n').forEach((line, i) => {
    if (line.startsWith('```')) fenced = !fenced;
    else if (!fenced) out.push({ line, n: i + 1 });
  });
  return out;
}

// GitHub's heading anchors: lower case, punctuation dropped, each space a hyphen; a repeated one gets -1, -2, ….
function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const { line } of proseLines(readFileSync(file, 'utf8'))) {
    const heading = /^#{1,6} (.*)$/.exec(line);
    if (!heading) continue;
    const base = heading[1]!.trim().toLowerCase().replace(/[^\p{L}\p{N}\p{M}_\- ]/gu, '').replaceAll(' ', '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

// Every `[text](target)` outside code (fenced blocks and inline code spans).
function linksOf(text: string): { target: string; n: number }[] {
  return proseLines(text).flatMap(({ line, n }) =>
    [...line.replace(/(`+)[^`]*?\1/g, '').matchAll(/\]\(([^)\s]+)\)/g)].map((m) => ({ target: m[1]!, n })),
  );
}

describe('the README and docs/', () => {
  it('has a page per profile, the CLI reference, the performance tables and the security details', () => {
    for (const page of ['profiles/default.md', 'profiles/claude.md', 'profiles/codex.md', 'profiles/gemini.md', 'profiles/copilot.md', 'profiles/cursor.md', 'cli.md', 'performance.md', 'security.md', 'api.md']) {
      expect(existsSync(join(ROOT, 'docs', page)), page).toBe(true);
    }
  });

  it('links only to files that exist, and to headings that exist in them', () => {
    const broken: string[] = [];
    for (const page of pages) {
      for (const { target, n } of linksOf(readFileSync(page, 'utf8'))) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: — not this repository's to check
        const [path, fragment] = target.split('#') as [string, string | undefined];
        const file = path === '' ? page : join(dirname(page), decodeURIComponent(path));
        if (!file.startsWith(ROOT) || !existsSync(file)) broken.push(`${name(page)}:${n} ${target} (no such file)`);
        else if (fragment !== undefined && !(statSync(file).isFile() && anchorsOf(file).has(fragment))) broken.push(`${name(page)}:${n} ${target} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('has no line of prose over 1,200 characters', () => {
    const long = pages.flatMap((page) => proseLines(readFileSync(page, 'utf8')).filter(({ line }) => line.length > 1200).map(({ line, n }) => `${name(page)}:${n} (${line.length} characters)`));
    expect(long).toEqual([]);
  });

  it('names no path outside the repository and reads as a guide, not a development log', () => {
    const found: string[] = [];
    const banned = [/\.\.\/shared\b/, /\/work\//, /\bthis session\b/i, /\blast session\b/i, /\bsessions' (?:benches|runs)\b/i, /\bissue \d+/i, /\bthe issue\b/i, /\bthe team\b/i];
    for (const page of pages) {
      readFileSync(page, 'utf8').split('\n').forEach((line, i) => {
        for (const pattern of banned) if (pattern.test(line)) found.push(`${name(page)}:${i + 1} ${pattern}`);
      });
    }
    expect(found).toEqual([]);
  });

  it('has a Contents list in the README', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme).toMatch(/\*\*Contents\*\*\n\n(- \[.+\]\(#.+\)\n)+/);
  });

  it('keeps the bench tables (`npm run bench -- --readme` rewrites them) in docs/performance.md only', () => {
    const markers = (file: string) => readFileSync(file, 'utf8').match(/<!-- bench:(?:start|end) -->/g) ?? [];
    expect(markers(join(ROOT, 'docs', 'performance.md'))).toEqual(['<!-- bench:start -->', '<!-- bench:end -->']);
    for (const page of pages.filter((p) => !p.endsWith(join('docs', 'performance.md')))) expect(markers(page), name(page)).toEqual([]);
    expect(readFileSync(join(ROOT, 'bench', 'run.mjs'), 'utf8')).toContain("'../docs/performance.md'");
  });
});
