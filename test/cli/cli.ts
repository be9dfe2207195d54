// Runs the built CLI (dist/cli.cjs, the bin) as a real process from the repository root, the way a hook author
// would, with HOME pointing at a throwaway folder (the claude profile creates plugin data folders there).
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const CLI = join(ROOT, 'dist', 'cli.cjs');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  /** Written to the process's stdin, then closed. */
  input?: string;
  /** Added to the environment (undefined removes a variable). */
  env?: Record<string, string | undefined>;
  home?: string;
}

// A HOME for the spawned CLIs of one test file; remove() when done.
export function makeHome(): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), 'harness-hooks-cli-home-'));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

// `node dist/cli.cjs ...args`, resolving to its exit code and output (never rejecting for a non-zero exit).
export function cli(args: readonly string[], options: CliOptions = {}): Promise<CliResult> {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build (npm test does it first)`);
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: undefined, FORCE_COLOR: undefined, ...(options.home ? { HOME: options.home } : {}), ...options.env };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [CLI, ...args], { cwd: ROOT, env, timeout: 15_000 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
      if (code === null) reject(new Error(`harness-hooks ${args.join(' ')} did not exit normally: ${error?.message}\n${stderr}`));
      else resolve({ code, stdout, stderr });
    });
    child.stdin!.end(options.input ?? '');
  });
}

/** Settings paths used across the tests. */
export const F = {
  threeMistakes: 'fixtures/cli/three-mistakes.json',
  warnings: 'fixtures/cli/warnings.json',
  claudeWarnings: 'fixtures/cli/claude-warnings.json',
  invalidHandlers: 'fixtures/cli/invalid-handlers.json',
  defaultSettings: 'fixtures/cli/default/settings.json',
  claudeProject: 'fixtures/cli/claude/.claude/settings.json',
  claudeLocal: 'fixtures/cli/claude/.claude/settings.local.json',
  plugin: 'fixtures/cli/plugin/hooks/hooks.json',
  lenient: 'fixtures/cli/replay/lenient.json',
  strict: 'fixtures/cli/replay/strict.json',
  session: 'fixtures/cli/replay/session.jsonl',
  payload: (name: string) => `fixtures/cli/payloads/${name}.json`,
} as const;
