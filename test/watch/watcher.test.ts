import { mkdirSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HookRegistry, type WatchChange } from '../../src/index.js';
import { codexHookKey, codexTrustedHash } from '../../src/profiles/codex/trust.js';
import { fixture, tempDir } from '../helpers/fixtures.js';
import { makeLogger } from '../helpers/logger.js';
import { emits, makeProject, ran, settings, watchedClaude, write, type Project } from '../helpers/watched-project.js';

let p: Project | undefined;
const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const r of open.splice(0)) await r.close();
  p?.cleanup();
  p = undefined;
});

// A claude registry over a fresh project with `files` written first.
async function start(files: Partial<Record<'user' | 'project' | 'local' | 'managed', unknown>>, options = {}, project: Project = makeProject()) {
  p = project;
  for (const [which, content] of Object.entries(files)) write(p.file(which as 'user'), content);
  const w = await watchedClaude(p, options);
  open.push(w.registry);
  return { ...w, p };
}

describe('registry.watch(): a changed settings file is reloaded', () => {
  it('an edit replaces the file’s hooks on the next dispatch', async () => {
    const { registry, next, p } = await start({ user: settings(emits('v1')) });
    expect(await ran(registry)).toEqual([emits('v1')]);
    write(p.file('user'), settings(emits('v2')));
    expect(await next()).toEqual([{ file: p.file('user'), outcome: 'applied' }]);
    expect(await ran(registry)).toEqual([emits('v2')]);
  });

  it('a broken edit keeps the old hooks and warns with the file and the error; the fixed file then loads', async () => {
    const { registry, next, p, logger } = await start({ user: settings(emits('v1')), project: settings(emits('p1')) });
    write(p.file('user'), '{ "hooks": ');
    const [invalid] = await next();
    expect(invalid).toMatchObject({ file: p.file('user'), outcome: 'invalid' });
    expect(logger.warnings.join('\n')).toContain(`${p.file('user')} changed, but it is not a valid config (HOOKS_ERR_CONFIG_INVALID)`);
    expect(await ran(registry)).toEqual([emits('v1'), emits('p1')]);
    // Valid JSON that the schema refuses (a command hook without a command) is kept out the same way.
    write(p.file('user'), { hooks: { PreToolUse: [{ hooks: [{ type: 'command' }] }] } });
    expect((await next())[0]).toMatchObject({ outcome: 'invalid', reason: expect.stringContaining('hooks.PreToolUse[0].hooks[0]') });
    expect(await ran(registry)).toEqual([emits('v1'), emits('p1')]);
    // Another file's change meanwhile loads, and the held file stays as it was in effect.
    write(p.file('project'), settings(emits('p2')));
    expect(await next()).toEqual([{ file: p.file('project'), outcome: 'applied' }]);
    expect(await ran(registry)).toEqual([emits('v1'), emits('p2')]);
    write(p.file('user'), settings(emits('v3')));
    expect(await next()).toEqual([{ file: p.file('user'), outcome: 'applied' }]);
    expect(await ran(registry)).toEqual([emits('v3'), emits('p2')]);
  });

  it('a save by rename (a new file renamed over the old one, as editors save) is picked up', async () => {
    const { registry, next, p } = await start({ user: settings(emits('v1')) });
    const tmp = `${p.file('user')}.swp`;
    writeFileSync(tmp, JSON.stringify(settings(emits('v2'))));
    renameSync(tmp, p.file('user'));
    expect(await next()).toEqual([{ file: p.file('user'), outcome: 'applied' }]);
    expect(await ran(registry)).toEqual([emits('v2')]);
  });

  it('a symlinked settings file reloads when its target is edited, and when the link is moved to another file', async () => {
    p = makeProject();
    const dotfiles = join(p.root, 'dotfiles');
    write(join(dotfiles, 'a.json'), settings(emits('a1')));
    write(join(dotfiles, 'b.json'), settings(emits('b1')));
    symlinkSync(join(dotfiles, 'a.json'), p.file('user'));
    const { registry, next } = await watchedClaude(p);
    open.push(registry);
    expect(await ran(registry)).toEqual([emits('a1')]);
    write(join(dotfiles, 'a.json'), settings(emits('a2')));
    expect(await next()).toEqual([{ file: p.file('user'), outcome: 'applied' }]);
    expect(await ran(registry)).toEqual([emits('a2')]);
    const link = `${p.file('user')}.new`;
    symlinkSync(join(dotfiles, 'b.json'), link);
    renameSync(link, p.file('user'));
    expect(await next()).toEqual([{ file: p.file('user'), outcome: 'applied' }]);
    expect(await ran(registry)).toEqual([emits('b1')]);
  });

  it('a file created after start (a settings.local.json in a .claude folder that did not exist) is picked up', async () => {
    const { registry, next, p } = await start({ user: settings(emits('u')) });
    write(p.file('local'), settings(emits('local')));
    const changes: WatchChange[] = [];
    while (!changes.some((c) => c.file === p.file('local'))) changes.push(...(await next()));
    expect(changes).toContainEqual({ file: p.file('local'), outcome: 'applied' });
    expect(await ran(registry)).toEqual([emits('u'), emits('local')]);
  });

  it('a deleted file’s hooks go', async () => {
    const { registry, next, p } = await start({ user: settings(emits('u')), project: settings(emits('p')) });
    rmSync(p.file('project'));
    expect(await next()).toEqual([{ file: p.file('project'), outcome: 'applied' }]);
    expect(await ran(registry)).toEqual([emits('u')]);
    expect(registry.listHooks().map((h) => h.file)).toEqual([p.file('user')]);
  });

  it('a dispatch in flight finishes with the hooks it started with; the next one runs the new hooks', async () => {
    const project = makeProject();
    // Runs until the test lets it finish (a file appears), however long the reload takes.
    const go = join(project.root, 'go');
    const slow = `while [ ! -e '${go}' ]; do sleep 0.02; done; ${emits('old')}`;
    const { registry, next, p } = await start({ user: settings(slow) }, {}, project);
    let settled = false;
    const inFlight = registry.dispatch('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't' }).finally(() => (settled = true));
    write(p.file('user'), settings(emits('new')));
    await next();
    expect(settled).toBe(false);
    expect(await ran(registry)).toEqual([emits('new')]);
    expect(settled).toBe(false);
    writeFileSync(go, '');
    const result = await inFlight;
    expect(result.runs.map((r) => [r.name, r.outcome])).toEqual([[slow, 'ok']]);
  });

  it('a load the caller removed (to load again by hand) is not run again; removing a load after a reload removes its reloaded hooks', async () => {
    p = makeProject();
    write(p.file('user'), settings(emits('v1')));
    const registry = new HookRegistry({ profile: 'claude', settings: { enableShellHooks: true }, logger: makeLogger() });
    open.push(registry);
    const options = { userDir: p.home, projectDir: p.project, managedFile: false } as const;
    for (const report of await registry.loadSettings(options)) report.remove();
    const reports = await registry.loadSettings(options);
    let wake: (() => void) | undefined;
    registry.watch({ debounceMs: 20, onReload: () => wake?.() });
    const reloaded = new Promise<void>((r) => (wake = r));
    write(p.file('user'), settings(emits('v2')));
    await reloaded;
    expect(await ran(registry)).toEqual([emits('v2')]);
    for (const report of reports) report.remove();
    expect(await ran(registry)).toEqual([]);
  });

  it('polls instead of listening with pollMs (network file systems)', async () => {
    const { registry, next, p } = await start({ user: settings(emits('v1')) }, { pollMs: 30 });
    write(p.file('user'), settings(emits('v2')));
    expect(await next()).toEqual([{ file: p.file('user'), outcome: 'applied' }]);
    expect(await ran(registry)).toEqual([emits('v2')]);
  });
});

describe('registry.watch(): ConfigChange runs before a change takes effect', () => {
  const blockProject = { hooks: { ConfigChange: [{ matcher: 'project_settings|policy_settings', hooks: [{ type: 'command', command: `node ${fixture('exit-2.mjs')}` }] }] } };

  it('a blocking ConfigChange hook keeps the old config; its payload has Claude’s source and file_path', async () => {
    const { registry, next, p, logger } = await start({ user: blockProject, project: settings(emits('p1')) });
    const payloads: unknown[] = [];
    registry.register('ConfigChange', (payload) => void payloads.push({ source: payload.source, file_path: payload.file_path }));
    write(p.file('project'), settings(emits('p2')));
    expect(await next()).toEqual([{ file: p.file('project'), outcome: 'blocked', reason: 'a ConfigChange hook blocked it: blocked by exit-2 fixture' }]);
    expect(payloads).toEqual([{ source: 'project_settings', file_path: p.file('project') }]);
    expect(logger.warnings.join('\n')).toContain(`${p.file('project')} changed, but a ConfigChange hook blocked it`);
    expect(await ran(registry)).toEqual([emits('p1')]);
    // A change it does not block (user_settings) takes effect, and the blocked file stays as it was.
    write(p.file('user'), { hooks: { ...blockProject.hooks, ...(settings(emits('u')) as { hooks: object }).hooks } });
    expect(await next()).toEqual([{ file: p.file('user'), outcome: 'applied' }]);
    expect(await ran(registry)).toEqual([emits('u'), emits('p1')]);
  });

  it('a change to the managed (policy_settings) file cannot be blocked', async () => {
    const { registry, next, p } = await start({ user: blockProject, managed: settings(emits('m1')) });
    write(p.file('managed'), settings(emits('m2')));
    expect(await next()).toEqual([{ file: p.file('managed'), outcome: 'applied' }]);
    expect(await ran(registry)).toEqual([emits('m2')]);
  });
});

describe('registry.watch(): the codex profile’s trust is applied again', () => {
  it('a hook whose trusted_hash no longer matches stops running; one approved in config.toml starts', async () => {
    const home = realpathSync(tempDir('hh-watch-codex-'));
    const project = join(home, 'project');
    mkdirSync(project);
    const hooksFile = join(home, 'hooks.json');
    const config = (command: string) => ({ hooks: { Stop: [{ hooks: [{ type: 'command', command }] }] } });
    const approve = (command: string) => writeFileSync(join(home, 'config.toml'), `[hooks.state."${codexHookKey(hooksFile, 'Stop', 0, 0)}"]\ntrusted_hash = "${codexTrustedHash('Stop', undefined, { command })}"\n`);
    try {
      write(hooksFile, config(emits('one')));
      approve(emits('one'));
      const registry = new HookRegistry({ profile: 'codex', settings: { enableShellHooks: true }, logger: makeLogger() });
      open.push(registry);
      await registry.loadSettings({ projectDir: project, codexHome: home, systemDir: false, requirementsFile: false });
      const reloads: WatchChange[][] = [];
      let wake: (() => void) | undefined;
      registry.watch({ debounceMs: 20, onReload: (c) => (reloads.push(c), wake?.()) });
      const next = async () => {
        while (reloads.length === 0) await new Promise<void>((r) => (wake = r));
        return reloads.shift()!;
      };
      const stopRuns = async () => (await registry.dispatch('Stop', { turn_id: 't' })).runs.map((r) => r.name);
      expect(await stopRuns()).toEqual([emits('one')]);
      write(hooksFile, config(emits('two')));
      expect(await next()).toEqual([{ file: hooksFile, outcome: 'applied' }]);
      expect(await stopRuns()).toEqual([]);
      expect(registry.listHooks()).toEqual([expect.objectContaining({ name: emits('two'), gatedBy: 'harnessTrust' })]);
      approve(emits('two'));
      expect(await next()).toEqual([{ file: join(home, 'config.toml'), outcome: 'applied' }]);
      expect(await stopRuns()).toEqual([emits('two')]);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});

describe('registry.watch(): the codex profile’s project trust survives a reload', () => {
  it('an untrusted project’s hooks stay off after another file reloads', async () => {
    const home = realpathSync(tempDir('hh-watch-codex-'));
    const project = join(home, 'project');
    const hooksFile = join(home, 'hooks.json');
    const config = (command: string) => ({ hooks: { Stop: [{ hooks: [{ type: 'command', command }] }] } });
    try {
      write(hooksFile, config(emits('user1')));
      write(join(project, '.codex', 'hooks.json'), config(emits('repo')));
      // No [projects."<project>"] trust_level = "trusted": Codex does not trust the project.
      writeFileSync(join(home, 'config.toml'), 'model = "gpt"\n');
      const registry = new HookRegistry({ profile: 'codex', settings: { enableShellHooks: true, allowProjectHooks: true }, bypassHookTrust: true, logger: makeLogger() });
      open.push(registry);
      await registry.loadSettings({ projectDir: project, codexHome: home, systemDir: false, requirementsFile: false });
      let wake: (() => void) | undefined;
      registry.watch({ debounceMs: 20, onReload: () => wake?.() });
      const stopRuns = async () => (await registry.dispatch('Stop', { turn_id: 't' })).runs.map((r) => r.name);
      expect(await stopRuns()).toEqual([emits('user1')]);
      const reloaded = new Promise<void>((r) => (wake = r));
      write(hooksFile, config(emits('user2')));
      await reloaded;
      expect(await stopRuns()).toEqual([emits('user2')]);
      // (The last load's remove() left the project's trust to the reload: a config added now is still gated.)
      expect(registry.gateOf('project')).toMatchObject({ gate: 'allowProjectHooks' });
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});

describe('registry.watch(): a hooks folder (copilot)', () => {
  it('a file added to ~/.copilot/hooks/ is loaded, and reported', async () => {
    const root = tempDir('hh-watch-copilot-');
    const home = join(root, 'home');
    const project = join(root, 'project');
    const folder = join(home, '.copilot', 'hooks');
    const hooks = (command: string) => ({ version: 1, hooks: { sessionStart: [{ type: 'command', bash: command }] } });
    try {
      write(join(folder, 'a.json'), hooks(emits('a')));
      mkdirSync(project);
      const registry = new HookRegistry({ profile: 'copilot', settings: { enableShellHooks: true }, logger: makeLogger() });
      open.push(registry);
      await registry.loadSettings({ projectDir: project, home, policyDir: false });
      const reloads: WatchChange[][] = [];
      let wake: (() => void) | undefined;
      registry.watch({ debounceMs: 20, onReload: (c) => (reloads.push(c), wake?.()) });
      const runs = async () => (await registry.dispatch('sessionStart', { source: 'new' })).runs.map((r) => r.name);
      expect(await runs()).toEqual([emits('a')]);
      const reloaded = new Promise<void>((r) => (wake = r));
      write(join(folder, 'b.json'), hooks(emits('b')));
      await reloaded;
      expect(reloads[0]).toEqual([{ file: join(folder, 'b.json'), outcome: 'applied' }]);
      // (Copilot runs a hooks folder's files in reverse name order.)
      expect(await runs()).toEqual([emits('b'), emits('a')]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('registry.watch() with dialects', () => {
  it('the host’s files and each dialect’s are reloaded, each by its own loader', async () => {
    const root = tempDir('hh-watch-dialects-');
    const home = join(root, 'home');
    const project = join(root, 'project');
    const claudeFile = join(project, '.claude', 'settings.json');
    const copilotFile = join(project, '.github', 'hooks', 'a.json');
    const claude = (command: string) => ({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command }] }] } });
    const copilot = (command: string) => ({ version: 1, hooks: { preToolUse: [{ type: 'command', bash: command }] } });
    try {
      write(claudeFile, claude('echo claude-1'));
      write(copilotFile, copilot('echo copilot-1'));
      mkdirSync(home);
      const registry = new HookRegistry({ profile: 'copilot', settings: { enableShellHooks: true, allowProjectHooks: true }, projectDir: project, logger: makeLogger(), dialects: { claude: {} } });
      open.push(registry);
      await registry.loadSettings({ projectDir: project, home, policyDir: false });
      const reloads: WatchChange[] = [];
      let wake: (() => void) | undefined;
      const watcher = registry.watch({ debounceMs: 20, onReload: (c) => (reloads.push(...c), wake?.()) });
      const names = () => registry.listHooks().map((h) => h.name);
      expect(names()).toEqual(['echo copilot-1', 'echo claude-1']);
      const until = async (file: string) => {
        while (!reloads.some((c) => c.file === file)) await new Promise<void>((r) => (wake = r));
      };
      write(claudeFile, claude('echo claude-2'));
      await until(claudeFile);
      write(copilotFile, copilot('echo copilot-2'));
      await until(copilotFile);
      expect(names()).toEqual(['echo copilot-2', 'echo claude-2']);
      watcher.close();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('closing a watcher', () => {
  it('close() stops reloading, and registry.close() closes its watchers; watch() on a closed registry throws', async () => {
    const { registry, watcher, p } = await start({ user: settings(emits('v1')) });
    const reloads: unknown[] = [];
    const second = registry.watch({ debounceMs: 10, onReload: (c) => reloads.push(c) });
    watcher.close();
    watcher.close();
    await registry.close();
    write(p.file('user'), settings(emits('v2')));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reloads).toEqual([]);
    second.close();
    expect(() => registry.watch()).toThrow(expect.objectContaining({ code: 'HOOKS_ERR_CLOSED' }));
  });

  it('an open watcher does not keep the process alive (events and polling)', async () => {
    const { execFile } = await import('node:child_process');
    const { fileURLToPath } = await import('node:url');
    const script = fileURLToPath(new URL('../helpers/watch-exit.child.ts', import.meta.url));
    for (const mode of ['events', 'poll']) {
      const out = await new Promise<{ stdout: string; code: number | null }>((resolve) => {
        execFile(process.execPath, ['--import', 'tsx', script, mode], { timeout: 20_000 }, (error, stdout) => resolve({ stdout, code: error ? ((error as { code?: number }).code ?? 1) : 0 }));
      });
      expect(out).toEqual({ stdout: `watching ${mode}`, code: 0 });
    }
  });

  it('refuses wrong options with a coded error', async () => {
    const { registry } = await start({});
    expect(() => registry.watch({ pollMs: -1 })).toThrow(expect.objectContaining({ code: 'HOOKS_ERR_OPTION_INVALID', message: expect.stringContaining('`pollMs`') }));
    expect(() => registry.watch({ debounce: 5 } as never)).toThrow(expect.objectContaining({ code: 'HOOKS_ERR_OPTION_INVALID' }));
  });
});
