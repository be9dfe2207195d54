// Shared by the copilot tests: a temporary repo with fixture scripts copied where a public config puts
// them, and a copilot registry over it that runs every source's hooks.
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { HookRegistry } from '../../../src/index.js';
import { fixture } from '../../helpers/fixtures.js';

/** A fixture script of fixtures/copilot/, absolute. */
export const script = (name: string): string => fixture(`copilot/${name}`);

/** A new temporary folder. */
export const tempDir = (prefix = 'copilot-'): string => mkdtempSync(join(tmpdir(), prefix));

/** A temp repo with `copies` (repo path -> fixtures/copilot/ name) and `files` (repo path -> text or JSON). */
export function repo(copies: Record<string, string> = {}, files: Record<string, unknown> = {}): string {
  const dir = tempDir('copilot-repo-');
  for (const [at, name] of Object.entries(copies)) {
    mkdirSync(dirname(join(dir, at)), { recursive: true });
    copyFileSync(script(name), join(dir, at));
    chmodSync(join(dir, at), 0o755);
  }
  for (const [at, content] of Object.entries(files)) write(join(dir, at), content);
  return dir;
}

export function write(file: string, content: unknown): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
}

export const readJson = (file: string): Record<string, unknown> => JSON.parse(readFileSync(file, 'utf8'));

/** Warnings a registry logged. */
export type Warnings = string[];

export function registry(projectDir: string, warnings: Warnings = []): HookRegistry<'copilot'> {
  return new HookRegistry({
    profile: 'copilot',
    settings: { enableShellHooks: true, allowProjectHooks: true, enablePluginHooks: true },
    session: { sessionId: 'sess-1', cwd: projectDir },
    projectDir,
    logger: { warn: (m: string) => void warnings.push(m) },
  });
}

/** Single-quoted for bash. */
export const sh = (s: string): string => `'${s.replaceAll("'", "'\\''")}'`;
