// The hook settings keys of Claude Code's settings files (src/profiles/claude/policy.ts), the managed
// source, and the frontmatter sources (`skill`, `agent`) with `once`.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HookRegistry, type ConfigSource } from '../../../src/index.js';
import { fixture } from '../../helpers/fixtures.js';
import { makeLogger } from '../../helpers/logger.js';

const make = () => {
  const logger = makeLogger();
  const registry = new HookRegistry({ profile: 'claude', settings: { enableShellHooks: true, allowProjectHooks: true }, logger });
  return { registry, logger };
};
const say = (message: string) => ({ type: 'command', command: `node ${fixture('emit-json.mjs')} '${JSON.stringify({ systemMessage: message })}'` });
const stop = (message: string, extra: Record<string, unknown> = {}) => ({ ...extra, hooks: { Stop: [{ hooks: [say(message)] }] } });
const STOP = { stop_hook_active: false };
const messages = async (registry: ReturnType<typeof make>['registry']) => (await registry.dispatch('Stop', STOP)).systemMessage?.split('\n') ?? [];

describe('disableAllHooks: a file switches off only what it may speak for', () => {
  const load = (disabledIn: ConfigSource | undefined) => {
    const { registry, logger } = make();
    const reports = (['managed', 'user', 'project', 'local'] as const).map((source) =>
      registry.addConfig(stop(source, source === disabledIn ? { disableAllHooks: true } : {}), { source }),
    );
    registry.register('Stop', () => ({ systemMessage: 'in-process' }));
    return { registry, logger, reports };
  };

  it('in project settings: the project’s own hooks only — never the user’s or the managed ones', async () => {
    const { registry } = load('project');
    expect(await messages(registry)).toEqual(['managed', 'user', 'local', 'in-process']);
    expect(registry.explain('Stop', STOP).find((r) => r.source === 'project')).toMatchObject({ runs: false, reason: 'disableAllHooks is set in project settings' });
  });

  it('in local settings: local and project hooks', async () => {
    expect(await messages(load('local').registry)).toEqual(['managed', 'user', 'in-process']);
  });

  it('in user settings: every configured hook but the managed ones', async () => {
    expect(await messages(load('user').registry)).toEqual(['managed', 'in-process']);
  });

  it('in managed settings: every configured hook; in-process handlers are the harness’s own and still run', async () => {
    expect(await messages(load('managed').registry)).toEqual(['in-process']);
  });

  it('is undone when its file’s report is removed', async () => {
    const { registry, reports } = load('user');
    reports[1]!.remove();
    expect(await messages(registry)).toEqual(['managed', 'project', 'local', 'in-process']);
  });

  it('rejects a non-boolean value with a config error naming the key', () => {
    expect(() => make().registry.addConfig({ disableAllHooks: 'yes' }, { source: 'user' })).toThrow(/disableAllHooks.*boolean/);
  });
});

describe('allowManagedHooksOnly', () => {
  it('counts in managed settings only: then only managed hooks run', async () => {
    const { registry, logger } = make();
    registry.addConfig(stop('user'), { source: 'user' });
    registry.addConfig(stop('project', { allowManagedHooksOnly: true }), { source: 'project' });
    expect(await messages(registry)).toEqual(['user', 'project']);
    expect(logger.warnings.join('\n')).toMatch(/allowManagedHooksOnly in project config is ignored/);
    registry.addConfig(stop('managed', { allowManagedHooksOnly: true }), { source: 'managed' });
    expect(await messages(registry)).toEqual(['managed']);
  });
});

describe('allowedHttpHookUrls and httpHookAllowedEnvVars in settings files', () => {
  it('refuses an HTTP hook whose URL is not in a settings file’s list, before any request; lists only narrow', async () => {
    const { registry } = make();
    registry.addConfig({ allowedHttpHookUrls: ['https://hooks.example.com/*'], hooks: { Stop: [{ hooks: [{ type: 'http', url: 'https://elsewhere.example.net/stop' }] }] } }, { source: 'project' });
    const r = await registry.dispatch('Stop', STOP);
    expect(r.runs[0]).toMatchObject({ outcome: 'error', message: expect.stringMatching(/not in a settings file's allowedHttpHookUrls \("https:\/\/hooks.example.com\/\*"\)/) });
  });
});

describe('the lists narrow only the hooks their file speaks for', () => {
  const http = (url: string) => ({ hooks: { Stop: [{ hooks: [{ type: 'http', url }] }] } });
  const refused = (r: { runs: { outcome: string; message?: string }[] }) => r.runs.filter((run) => /allowedHttpHookUrls/.test(run.message ?? '')).length;

  it('a project’s allowedHttpHookUrls never refuses the user’s HTTP hook (a refused guard would fail open); it does refuse the project’s own', async () => {
    const { registry } = make();
    registry.addConfig(http('https://user.example.invalid/stop'), { source: 'user' });
    registry.addConfig({ allowedHttpHookUrls: [], ...http('https://project.example.invalid/stop') }, { source: 'project' });
    const r = await registry.dispatch('Stop', STOP);
    expect(r.runs.map((run) => [run.name, /allowedHttpHookUrls/.test(run.message ?? '')])).toEqual([
      ['https://user.example.invalid/stop', false],
      ['https://project.example.invalid/stop', true],
    ]);
  });

  it('a gated-off file’s keys change nothing; a plugin’s are ignored with a warning', async () => {
    const { logger } = make();
    const gated = new HookRegistry({ profile: 'claude', settings: { enableShellHooks: true, enablePluginHooks: true }, logger });
    gated.addConfig(http('https://user.example.invalid/stop'), { source: 'user' });
    gated.addConfig({ allowedHttpHookUrls: [], disableAllHooks: true }, { source: 'project' }); // allowProjectHooks is off
    gated.addConfig({ allowedHttpHookUrls: ['https://nowhere.invalid/*'] }, { source: 'plugin', pluginRoot: '/tmp/p' });
    const r = await gated.dispatch('Stop', STOP);
    expect(r.runs).toHaveLength(1);
    expect(refused(r)).toBe(0);
    expect(logger.warnings.join('\n')).toMatch(/allowedHttpHookUrls in plugin config is ignored/);
  });
});

describe('frontmatter sources and `once`', () => {
  const counter = () => {
    const dir = mkdtempSync(join(tmpdir(), 'hh-once-'));
    const file = join(dir, 'n');
    writeFileSync(file, '');
    return { file, hook: { type: 'command', command: `echo x >> '${file}'`, once: true } };
  };
  const count = async (file: string) => (await import('node:fs')).readFileSync(file, 'utf8').length / 2;
  const pre = { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't' };

  it('ignores `once` in settings files (Claude Code ran it on both calls) and honours it for skill and agent hooks', async () => {
    for (const [source, runs] of [
      ['user', 2],
      ['project', 2],
      ['skill', 1],
      ['agent', 1],
    ] as const) {
      const { registry } = make();
      const { file, hook } = counter();
      registry.addConfig({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [hook] }] } }, { source });
      await registry.dispatch('PreToolUse', pre);
      await registry.dispatch('PreToolUse', pre);
      expect([source, await count(file)]).toEqual([source, runs]);
    }
  });

  it('registers an agent’s Stop hooks on SubagentStop; a skill’s Stop stays Stop; both are gated like a project’s', async () => {
    const { registry } = make();
    const agent = registry.addConfig(stop('agent'), { source: 'agent' });
    expect(agent.added[0]).toMatchObject({ event: 'SubagentStop', path: 'hooks.Stop[0].hooks[0]' });
    expect((await registry.dispatch('SubagentStop', { stop_hook_active: false, agent_transcript_path: '/t' })).systemMessage).toBe('agent');
    expect((await registry.dispatch('Stop', STOP)).systemMessage).toBeUndefined();
    registry.addConfig(stop('skill'), { source: 'skill' });
    expect((await registry.dispatch('Stop', STOP)).systemMessage).toBe('skill');
    const gated = new HookRegistry({ profile: 'claude', settings: { enableShellHooks: true }, logger: makeLogger() });
    expect(gated.addConfig(stop('skill'), { source: 'skill' }).skipped[0]).toMatchObject({ gate: 'allowProjectHooks' });
  });
});

describe('loadClaudeSettings and the managed file', () => {
  it('loads the managed file first, from `managedFile`', async () => {
    const root = mkdtempSync(join(tmpdir(), 'hh-managed-'));
    const userDir = join(root, 'home');
    const projectDir = join(root, 'repo');
    mkdirSync(userDir, { recursive: true });
    mkdirSync(join(projectDir, '.claude'), { recursive: true });
    writeFileSync(join(root, 'managed-settings.json'), JSON.stringify(stop('managed', { disableAllHooks: true })));
    writeFileSync(join(userDir, 'settings.json'), JSON.stringify(stop('user')));
    const { registry } = make();
    registry.register('Stop', () => ({ systemMessage: 'in-process' }));
    const reports = await registry.loadClaudeSettings({ userDir, projectDir, managedFile: join(root, 'managed-settings.json') });
    expect(reports.map((r) => r.source)).toEqual(['managed', 'user']);
    expect(await messages(registry)).toEqual(['in-process']);
  });
});
