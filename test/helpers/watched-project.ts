// Shared by the watch tests (test/watch/): a claude registry over a temporary project, and a queue of watch reloads.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { HookRegistry, type WatchChange, type WatchOptions } from '../../src/index.js';
import { fixture, tempDir, write } from './fixtures.js';
import { makeLogger, type RecordingLogger } from './logger.js';

/** A command hook that prints `text` (fixtures/emit-json.mjs): its run's name is the command. */
export const emits = (text: string): string => `node ${fixture('emit-json.mjs')} ${text}`;

/** A claude settings file with one PreToolUse hook per command. */
export const settings = (...commands: string[]): unknown => ({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: commands.map((command) => ({ type: 'command', command })) }] } });

export interface Project {
  root: string;
  home: string;
  project: string;
  file(which: 'user' | 'project' | 'local' | 'managed'): string;
  cleanup(): void;
}

// A temporary user folder and project, nothing in them yet.
export function makeProject(): Project {
  const root = tempDir('hh-watch-');
  const home = join(root, 'home', '.claude');
  const project = join(root, 'project');
  mkdirSync(home, { recursive: true });
  mkdirSync(project, { recursive: true });
  const files = { user: join(home, 'settings.json'), project: join(project, '.claude', 'settings.json'), local: join(project, '.claude', 'settings.local.json'), managed: join(root, 'managed', 'managed-settings.json') };
  return { root, home, project, file: (which) => files[which], cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

// A claude registry that loaded the project's settings, watched, with its reloads as a queue.
export async function watchedClaude(p: Project, options: WatchOptions = {}, logger: RecordingLogger = makeLogger()) {
  const registry = new HookRegistry({ profile: 'claude', settings: { enableShellHooks: true, allowProjectHooks: true }, projectDir: p.project, logger });
  await registry.loadSettings({ userDir: p.home, projectDir: p.project, managedFile: p.file('managed') });
  const queue: WatchChange[][] = [];
  let wake: (() => void) | undefined;
  const watcher = registry.watch({
    debounceMs: 20,
    ...options,
    onReload: (changes) => {
      queue.push(changes);
      wake?.();
    },
  });
  // The next reload's changes.
  const next = async (): Promise<WatchChange[]> => {
    while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
    return queue.shift()!;
  };
  return { registry, watcher, next, logger };
}

/** The commands a Bash PreToolUse dispatch runs. */
export async function ran(registry: { dispatch(event: 'PreToolUse', payload: object): Promise<{ runs: { name: string }[] }> }): Promise<string[]> {
  const result = await registry.dispatch('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't' });
  return result.runs.map((r) => r.name);
}

export { write };
