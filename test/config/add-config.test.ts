import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { HookConfigError, HookRegistry, type HookSettings } from '../../src/index.js';
import { fixture } from '../helpers/fixtures.js';
import { makeLogger } from '../helpers/logger.js';

const ALL_ON: HookSettings = { enableShellHooks: true, allowProjectHooks: true, enablePluginHooks: true };
const cmd = (command: string, extra: Record<string, unknown> = {}) => ({ type: 'command', command, ...extra });
const emit = (json: object) => `node ${fixture('emit-json.mjs')} '${JSON.stringify(json)}'`;

describe('addConfig', () => {
  it('registers command entries in file order, interleaved with in-process handlers by registration order', async () => {
    const registry = new HookRegistry({ settings: ALL_ON });
    registry.register('UserPromptSubmit', () => ({ injectContext: 'handler 1' }));
    registry.addConfig(
      { hooks: { UserPromptSubmit: [{ hooks: [cmd(emit({ hookSpecificOutput: { additionalContext: 'command 1' } })), cmd(emit({ hookSpecificOutput: { additionalContext: 'command 2' } }))] }] } },
      { source: 'user' },
    );
    registry.register('UserPromptSubmit', () => ({ injectContext: 'handler 2' }));
    const result = await registry.dispatch('UserPromptSubmit', { prompt: 'x' });
    expect(result.injectContext).toBe('handler 1\ncommand 1\ncommand 2\nhandler 2');
    expect(result.runs.map((r) => r.kind)).toEqual(['handler', 'command', 'command', 'handler']);
  });

  it('applies the group matcher to command entries', async () => {
    const registry = new HookRegistry({ settings: ALL_ON, toolAliases: { bash: ['Bash'] } });
    registry.addConfig({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [cmd(emit({ decision: 'block', reason: 'bash blocked' }))] }] } }, { source: 'user' });
    expect((await registry.dispatch('PreToolUse', { toolName: 'edit' })).runs).toHaveLength(0);
    const result = await registry.dispatch('PreToolUse', { toolName: 'bash' });
    expect(result).toMatchObject({ blocked: true, reason: 'bash blocked' });
    expect(result.runs[0]).toMatchObject({ kind: 'command', outcome: 'block' });
  });

  it('gives a command its stdin document', async () => {
    const registry = new HookRegistry({ settings: ALL_ON, session: { sessionId: 's', cwd: '/tmp', transcriptPath: null } });
    // The hook echoes its stdin; the result's reason shows what it read.
    registry.addConfig({ hooks: { Stop: [{ hooks: [cmd(`node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.stringify({reason:s})))'`)] }] } }, { source: 'user' });
    const result = await registry.dispatch('Stop', { stopHookActive: true, assistantText: 'secret' });
    expect(JSON.parse(result.reason!)).toEqual({ hook_event_name: 'Stop', session_id: 's', cwd: '/tmp', transcript_path: null, stop_hook_active: true, continuation: 0 });
  });

  it('maps exit 2 to a block run and other failures to error runs that never block', async () => {
    const logger = makeLogger();
    const registry = new HookRegistry({ settings: ALL_ON, logger });
    registry.addConfig({ hooks: { PreCompact: [{ hooks: [cmd(`node ${fixture('exit-code.mjs')} 3`), cmd('exit 0')] }], Stop: [{ hooks: [cmd(`node ${fixture('exit-2.mjs')}`)] }] } }, { source: 'user' });
    const compact = await registry.dispatch('PreCompact', {});
    expect(compact.blocked).toBe(false);
    expect(compact.runs.map((r) => r.outcome)).toEqual(['error', 'ok']);
    expect(logger.warnings.join('\n')).toMatch(/exit-code\.mjs 3.*code 3/);
    const stop = await registry.dispatch('Stop', {});
    expect(stop).toMatchObject({ blocked: true, decision: 'block', reason: 'blocked by exit-2 fixture' });
    expect(stop.runs[0]!.outcome).toBe('block');
  });

  it('records a command that ran past its own timeout as outcome timeout', async () => {
    const registry = new HookRegistry({ settings: ALL_ON, logger: makeLogger() });
    registry.addConfig({ hooks: { PreCompact: [{ hooks: [cmd(`node ${fixture('sleep-forever.mjs')}`, { timeout_ms: 200 })] }] } }, { source: 'user' });
    const result = await registry.dispatch('PreCompact', {});
    expect(result.blocked).toBe(false);
    expect(result.runs[0]!.outcome).toBe('timeout');
  });

  it('lets the Stop deadline cut a slower command off: timeout, empty decision, the dispatch goes on', async () => {
    const logger = makeLogger();
    const registry = new HookRegistry({ settings: ALL_ON, logger, deadlines: { stopHandlerMs: 150 } });
    registry.addConfig({ hooks: { Stop: [{ hooks: [cmd(`node ${fixture('sleep-forever.mjs')}`, { timeout_ms: 600 })] }] } }, { source: 'user' });
    registry.register('Stop', () => ({ reason: 'after the command' }));
    const t0 = performance.now();
    const result = await registry.dispatch('Stop', {});
    expect(performance.now() - t0).toBeLessThan(550);
    expect(result.blocked).toBe(false);
    expect(result.reason).toBe('after the command');
    expect(result.runs.map((r) => r.outcome)).toEqual(['timeout', 'ok']);
    // The process is left to its own timeout, which kills it (the global teardown checks nothing is left).
    await new Promise((r) => setTimeout(r, 1800));
  });

  it.each([
    ['user', {}, 'enableShellHooks'],
    ['user', { enableShellHooks: false, allowProjectHooks: true, enablePluginHooks: true }, 'enableShellHooks'],
    ['project', { enableShellHooks: true }, 'allowProjectHooks'],
    ['project', { allowProjectHooks: true }, 'enableShellHooks'],
    ['plugin', { enableShellHooks: true, allowProjectHooks: true }, 'enablePluginHooks'],
  ] as const)('gates %s entries off under %j (needs %s)', async (source, settings, gate) => {
    const registry = new HookRegistry({ settings });
    const report = registry.addConfig({ hooks: { Stop: [{ hooks: [cmd('exit 2')] }] } }, { source });
    expect(report.added).toEqual([]);
    expect(report.skipped).toEqual([expect.objectContaining({ event: 'Stop', path: 'hooks.Stop[0].hooks[0]', gate, reason: expect.stringContaining(gate) })]);
    expect(registry.hasHooks('Stop')).toBe(false);
  });

  it.each([
    ['user', { enableShellHooks: true }],
    ['project', { enableShellHooks: true, allowProjectHooks: true }],
    ['plugin', { enablePluginHooks: true }],
  ] as const)('lets %s entries run under %j', async (source, settings) => {
    const registry = new HookRegistry({ settings });
    const report = registry.addConfig({ hooks: { Stop: [{ hooks: [cmd('exit 2')] }] } }, { source });
    expect(report.added).toHaveLength(1);
    expect((await registry.dispatch('Stop', {})).blocked).toBe(true);
  });

  it('exports CLAUDE_PLUGIN_ROOT to plugin commands', async () => {
    const registry = new HookRegistry({ settings: ALL_ON });
    registry.addConfig({ hooks: { Stop: [{ hooks: [cmd('echo "{\\"reason\\":\\"$CLAUDE_PLUGIN_ROOT\\"}"')] }] } }, { source: 'plugin', pluginRoot: '/opt/plugin' });
    expect((await registry.dispatch('Stop', {})).reason).toBe('/opt/plugin');
  });

  it('skips unknown events and non-command handlers with a warning, and loads the rest', () => {
    const logger = makeLogger();
    const registry = new HookRegistry({ settings: ALL_ON, logger });
    const report = registry.addConfig(
      { hooks: { PreToolUze: [{ hooks: [cmd('true')] }], Stop: [{ hooks: [{ type: 'http', url: 'http://x' }, cmd('true')] }] } },
      { source: 'user' },
    );
    expect(report.added.map((a) => a.path)).toEqual(['hooks.Stop[0].hooks[1]']);
    expect(report.skipped.map((s) => s.reason)).toEqual(['unknown event "PreToolUze"', 'unsupported handler type "http"']);
    expect(logger.warnings).toHaveLength(2);
    expect(logger.warnings[0]).toContain('unknown hook event "PreToolUze" (did you mean "PreToolUse"?) in user config');
    expect(logger.warnings[1]).toMatch(/hooks\.Stop\[0\]\.hooks\[0\].*"http"/);
  });

  it('registers nothing from an invalid config and throws HookConfigError listing the paths', () => {
    const registry = new HookRegistry({ settings: ALL_ON });
    expect(() =>
      registry.addConfig({ hooks: { Stop: [{ hooks: [cmd('true')] }], PreCompact: [{ hooks: [{ type: 'command', timeout: -5 }] }] } }, { source: 'user' }),
    ).toThrow(HookConfigError);
    expect(registry.hasHooks('Stop')).toBe(false);
  });

  it('rejects an unknown source with a TypeError', () => {
    const registry = new HookRegistry();
    expect(() => registry.addConfig({}, { source: 'global' as never })).toThrow(/`source` to be one of 'user', 'project', 'plugin', got "global"/);
  });

  it('removes everything it added with report.remove(), for reloading', () => {
    const registry = new HookRegistry({ settings: ALL_ON });
    const keep = registry.register('Stop', () => {});
    const report = registry.addConfig({ hooks: { Stop: [{ hooks: [cmd('true')] }], PreCompact: [{ hooks: [cmd('true')] }] } }, { source: 'user' });
    expect(registry.hasHooks('PreCompact')).toBe(true);
    report.remove();
    report.remove();
    expect(registry.hasHooks('PreCompact')).toBe(false);
    expect(registry.hasHooks('Stop')).toBe(true);
    keep();
  });
});

describe('commands through dispatch', () => {
  it('an aborted dispatch kills a running command’s process group', async () => {
    const { waitForPidInFile, waitForDeath } = await import('../helpers/processes.js');
    const registry = new HookRegistry({ settings: ALL_ON, logger: makeLogger(), executor: undefined });
    // The hook prints its pid to a file we can read, then sleeps.
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const file = join(mkdtempSync(join(tmpdir(), 'hh-abort-')), 'pid');
    registry.addConfig({ hooks: { Stop: [{ hooks: [cmd(`node ${fixture('sleep-forever.mjs')} 2> ${file}`)] }] } }, { source: 'user' });
    const controller = new AbortController();
    // Aborted once the hook has said its pid (however long node takes to start on a loaded machine).
    const said = waitForPidInFile(file, 'pid').then((pid) => (controller.abort(), pid));
    const result = await registry.dispatch('Stop', {}, { signal: controller.signal });
    expect(result.aborted).toBe(true);
    const pid = await said;
    expect(pid).toBeGreaterThan(0);
    expect(await waitForDeath(pid, 2500)).toBe(true);
  });

  it('a hook whose grandchild holds the pipes past the timeout still blocks: it exited, and its output decides', async () => {
    const registry = new HookRegistry({ settings: ALL_ON, logger: makeLogger() });
    registry.addConfig({ hooks: { Stop: [{ hooks: [cmd(`echo '{"decision":"block","reason":"policy"}'; sleep 30 &`, { timeout_ms: 400 })] }] } }, { source: 'user' });
    const result = await registry.dispatch('Stop', {});
    expect(result.blocked).toBe(true);
    expect(result.reason).toBe('policy');
    expect(result.runs[0]!.outcome).toBe('block');
  });
});

describe('addConfig at scale', () => {
  it('adds, explains and removes 50,000 hooks in linear time (a child process, so a quadratic path cannot stall the suite)', () => {
    const code = `const { HookRegistry } = await import('./dist/index.js');
const hooks = { PreToolUse: [{ hooks: Array.from({ length: 50000 }, (_, i) => ({ type: 'command', command: 'echo ' + i })) }] };
const payload = { tool_name: 'Bash', tool_input: {}, tool_use_id: 't' };
const t0 = performance.now();
for (const source of ['user', 'project']) {
  const r = new HookRegistry({ profile: 'claude', settings: { enableShellHooks: true }, logger: { warn() {} } });
  const report = r.addConfig({ hooks }, { source });
  const rows = r.explain('PreToolUse', payload);
  report.remove();
  if (rows.length !== 50000 || r.listHooks().length !== 0) throw new Error('wrong counts');
}
console.log(Math.round(performance.now() - t0));`;
    const ms = Number(execFileSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8', timeout: 60_000 }));
    // Linear: well under a second here; the quadratic version took minutes.
    expect(ms).toBeLessThan(15_000);
  }, 70_000);
});
