// Shared by the cursor tests: temporary project and home folders with fixture scripts copied where a
// public .cursor/hooks.json puts them, and a cursor registry that runs every source's hooks.
import { existsSync, readFileSync } from 'node:fs';
import { HookRegistry } from '../../../src/index.js';
import { fixture, fixtureFolder, tempDir as makeTempDir, write } from '../../helpers/fixtures.js';

/** A fixture script of fixtures/cursor/, absolute. */
export const script = (name: string): string => fixture(`cursor/${name}`);

export const tempDir = (prefix = 'cursor-'): string => makeTempDir(prefix);

/** A temp folder with `copies` (path -> fixtures/cursor/ name, made executable) and `files` (path -> text or JSON). */
export const folder = (copies: Record<string, string> = {}, files: Record<string, unknown> = {}): string => fixtureFolder('cursor', 'cursor-', copies, files);

export { write };

/** The JSON lines of a file (none when it does not exist). */
export const lines = (file: string): Record<string, any>[] => (existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l)) : []);

export function registry(projectDir: string, warnings: string[] = [], options: Record<string, unknown> = {}): HookRegistry<'cursor'> {
  return new HookRegistry({
    profile: 'cursor',
    settings: { enableShellHooks: true, allowProjectHooks: true, enablePluginHooks: true },
    session: { sessionId: 'conv-1', cwd: projectDir },
    projectDir,
    logger: { warn: (m: string) => void warnings.push(m) },
    ...(options as {}),
  });
}

/** Single-quoted for sh. */
export const sh = (s: string): string => `'${s.replaceAll("'", "'\\''")}'`;

/** A command that prints `output` (JSON unless a string) and exits `code` (a shell script: no node start). */
export const emit = (output: unknown, code = 0): string => `${fixture('print-arg.sh')} ${sh(typeof output === 'string' ? output : JSON.stringify(output))} ${code}`;
