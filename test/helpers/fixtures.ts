// Where the executable hook fixtures live, and a path helper for them.
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The top-level `fixtures/` directory, absolute, without a trailing slash. */
export const FIXTURES_DIR = fileURLToPath(new URL('../../fixtures', import.meta.url));

// The absolute path of one fixture script, e.g. `fixture('exit-2.mjs')`.
export function fixture(name: string): string {
  return `${FIXTURES_DIR}/${name}`;
}

/** A new temporary folder. */
export const tempDir = (prefix: string): string => mkdtempSync(join(tmpdir(), prefix));

/** Writes text, or a value as JSON, making the folders it needs. */
export function write(file: string, content: unknown): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
}

// A temporary folder with `copies` (path in it -> fixture name under fixtures/<group>/, made executable)
// and `files` (path in it -> text or JSON): a repository laid out as a public config expects it.
export function fixtureFolder(group: string, prefix: string, copies: Record<string, string> = {}, files: Record<string, unknown> = {}): string {
  const dir = tempDir(prefix);
  for (const [at, name] of Object.entries(copies)) {
    mkdirSync(dirname(join(dir, at)), { recursive: true });
    copyFileSync(fixture(`${group}/${name}`), join(dir, at));
    chmodSync(join(dir, at), 0o755);
  }
  for (const [at, content] of Object.entries(files)) write(join(dir, at), content);
  return dir;
}
