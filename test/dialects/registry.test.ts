// The `dialects` option on the registry: its checks, loading every dialect's files once each, listing one
// guard installed into several harnesses, and each dialect's own registry.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HookRegistry, HookTypeError } from '../../src/index.js';
import { readRecords, scriptedHook } from '../helpers/scripted-hook.js';
import { dialectTestSetup } from './setup.js';

type Any = any;
const { root, make } = dialectTestSetup('reg');

describe('the dialects option', () => {
  it.each([
    [{ profile: 'claude', dialects: { claud: {} } }, /unknown dialect "claud" \(string\) \(did you mean "claude"\?\)/],
    [{ profile: 'claude', dialects: { claude: {} } }, /'claude' is this registry's own profile/],
    [{ profile: 'claude', dialects: ['gemini'] }, /expected `dialects` to be an object/],
    [{ profile: 'claude', dialects: { gemini: 3 } }, /expected `dialects.gemini` to be the gemini profile's options/],
    [{ profile: 'claude', dialects: { codex: { settings: {} } } }, /`dialects.codex.settings` is shared by every dialect/],
    [{ profile: 'claude', dialects: { codex: { bypassHookTrus: true } } }, /bypassHookTrus/],
  ])('refuses %j with a coded error', (options, message) => {
    let error: unknown;
    try {
      new HookRegistry(options as never);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(HookTypeError);
    expect((error as HookTypeError).code).toBe('HOOKS_ERR_OPTION_INVALID');
    expect((error as Error).message).toMatch(message);
  });

  it('addConfig with a dialect the registry does not have names the ones it has', () => {
    const r = make({ profile: 'claude', dialects: { gemini: {} } });
    expect(() => r.addConfig({ hooks: {} }, { source: 'user', dialect: 'cursor' })).toThrow(/not one of this registry's dialects \('gemini'\)/);
  });

  it("dialect(name) is that harness's own registry", () => {
    const r = make({ profile: 'claude', dialects: { codex: { bypassHookTrust: true } } });
    expect(r.dialect('codex').profile).toBe('codex');
    expect(() => r.dialect('gemini')).toThrow(/not one of this registry's dialects \('codex'\)/);
  });

  it('a registry without dialects has none of it: hasHooks and runs as before', async () => {
    const r = make({ profile: 'claude' });
    const result = await r.dispatch('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't' });
    expect(result).toEqual({ blocked: false, aborted: false, runs: [] });
  });

  it('hasHooks is true for a host event a dialect hook answers to (a harness that skips dispatches on it must not skip them)', () => {
    const r = make({ profile: 'claude', dialects: { cursor: {} } });
    expect(r.hasHooks('PreToolUse')).toBe(false);
    r.addConfig({ version: 1, hooks: { beforeShellExecution: [{ command: 'true' }] } }, { source: 'user', dialect: 'cursor' });
    expect(r.hasHooks('PreToolUse')).toBe(true);
    expect(r.hasHooks('Stop')).toBe(false);
  });

  it("the afk reference as host reads its tool aliases (toolAliases) before translating", async () => {
    const record = join(root, 'alias-record');
    const r = make({ profile: 'default', toolAliases: { bash: ['Bash', 'shell'] }, dialects: { gemini: {} } });
    r.addConfig({ hooks: { BeforeTool: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', command: scriptedHook(root, { stdout: { decision: 'deny', reason: 'gemini says no' }, record }) }] }] } }, { source: 'user', dialect: 'gemini' });
    const result = await r.dispatch('PreToolUse', { toolName: 'shell', input: { command: 'ls' } });
    expect(result).toMatchObject({ blocked: true, reason: expect.stringContaining('gemini says no') });
    expect(JSON.parse(readRecords(record)[0]!.stdin).tool_name).toBe('run_shell_command');
  });
});

describe('loadSettings', () => {
  it("reads each harness's files by its own loader, and the repo's .claude files once, as claude's (Copilot reads them natively)", async () => {
    const project = join(root, 'proj');
    const home = join(root, 'home');
    mkdirSync(join(project, '.claude'), { recursive: true });
    mkdirSync(join(project, '.cursor'), { recursive: true });
    mkdirSync(join(home, '.copilot'), { recursive: true });
    writeFileSync(join(project, '.claude', 'settings.json'), JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo claude-guard' }] }] } }));
    writeFileSync(join(project, '.cursor', 'hooks.json'), JSON.stringify({ version: 1, hooks: { beforeShellExecution: [{ command: 'echo cursor-guard' }] } }));
    const r = make({ profile: 'copilot', projectDir: project, dialects: { claude: {}, cursor: {} } });
    await r.loadSettings({ projectDir: project, home, policyDir: false, dialects: { cursor: { enterpriseFile: false } } });
    const rows = r.listHooks().map((h: Any) => [h.dialect ?? 'copilot', h.event, h.name]);
    expect(rows).toEqual([
      ['claude', 'PreToolUse', 'echo claude-guard'],
      ['cursor', 'beforeShellExecution', 'echo cursor-guard'],
    ]);
  });
});

describe('one guard in several harnesses', () => {
  it('is listed as such, and each copy runs under its own harness', async () => {
    const record = join(root, 'same-record');
    const command = scriptedHook(root, { stdout: {}, record });
    const r = make({ profile: 'claude', dialects: { gemini: {}, codex: { bypassHookTrust: true } } });
    r.addConfig({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command }] }] } }, { source: 'user' });
    r.addConfig({ hooks: { BeforeTool: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', command }] }] } }, { source: 'user', dialect: 'gemini' });
    const listed = r.listHooks().filter((h: Any) => h.name === command);
    expect(listed.map((h: Any) => [h.dialect ?? 'claude', h.sameCommandAs])).toEqual([
      ['claude', ['gemini BeforeTool']],
      ['gemini', ['claude PreToolUse']],
    ]);
    await r.dispatch('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't' });
    expect(readRecords(record).map((x) => JSON.parse(x.stdin).hook_event_name).sort()).toEqual(['BeforeTool', 'PreToolUse']);
  });
});
