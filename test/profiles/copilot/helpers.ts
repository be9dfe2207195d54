// Shared by the copilot tests: a temporary repo with fixture scripts copied where a public config puts
// them, and a copilot registry over it that runs every source's hooks.
import { readFileSync } from 'node:fs';
import { HookRegistry } from '../../../src/index.js';
import { fixture, fixtureFolder, tempDir as makeTempDir, write } from '../../helpers/fixtures.js';

/** A fixture script of fixtures/copilot/, absolute. */
export const script = (name: string): string => fixture(`copilot/${name}`);

/** A new temporary folder. */
export const tempDir = (prefix = 'copilot-'): string => makeTempDir(prefix);

/** A temp repo with `copies` (repo path -> fixtures/copilot/ name) and `files` (repo path -> text or JSON). */
export const repo = (copies: Record<string, string> = {}, files: Record<string, unknown> = {}): string => fixtureFolder('copilot', 'copilot-repo-', copies, files);

export { write };

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
