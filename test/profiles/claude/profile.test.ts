import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { CommandExecutor, HookRegistry, type HookRegistryOptions, type HookSettings } from '../../../src/index.js';
import { fixture } from '../../helpers/fixtures.js';
import { makeLogger } from '../../helpers/logger.js';

const ALL_ON: HookSettings = { enableShellHooks: true, allowProjectHooks: true, enablePluginHooks: true };
const project = mkdtempSync(join(tmpdir(), 'harness-hooks-claude-'));
const make = (extra: Partial<HookRegistryOptions<'claude'>> = {}) => {
  const logger = makeLogger();
  const registry = new HookRegistry({ profile: 'claude', settings: ALL_ON, session: { sessionId: 's1', cwd: project, transcriptPath: '/t.jsonl' }, logger, ...extra });
  return { registry, logger };
};
const cmd = (command: string, extra: Record<string, unknown> = {}) => ({ type: 'command', command, ...extra });
const emit = (value: unknown) => `node ${fixture('emit-json.mjs')} '${typeof value === 'string' ? value : JSON.stringify(value)}'`;
const on = (event: string, hooks: unknown[], matcher?: string) => ({ hooks: { [event]: [{ ...(matcher === undefined ? {} : { matcher }), hooks }] } });
const bash = (command = 'ls') => ({ tool_name: 'Bash', tool_input: { command }, tool_use_id: 't1' });
// A hook that prints its stdin back as the reason of a non-blocking decision... on PreCompact nothing
// reads `reason`, so use systemMessage: it is merged as is.
const ECHO_AS_MESSAGE = `node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.stringify({systemMessage:s})))'`;

describe('claude profile: payloads', () => {
  it('adds the common fields, and hands handlers and commands the same input object', async () => {
    const { registry } = make();
    let seen: unknown;
    registry.register('PreToolUse', (input) => void (seen = input));
    registry.addConfig(on('PreToolUse', [cmd(ECHO_AS_MESSAGE)]), { source: 'user' });
    const r = await registry.dispatch('PreToolUse', { ...bash(), permission_mode: 'default', agent_id: 'a1' });
    const expected = { session_id: 's1', transcript_path: '/t.jsonl', cwd: project, tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't1', permission_mode: 'default', agent_id: 'a1', hook_event_name: 'PreToolUse' };
    expect(seen).toEqual(expected);
    expect(JSON.parse(r.systemMessage!)).toEqual(expected);
  });

  it('rejects a payload missing a required field of the event', async () => {
    const { registry } = make();
    await expect(registry.dispatch('PreToolUse', { tool_name: 'Bash' } as never)).rejects.toThrow(/`tool_input`/);
    await expect(registry.dispatch('Nope' as never, {} as never)).rejects.toThrow(TypeError);
  });

  it('knows all 33 events and not the default profile’s names', () => {
    const { registry } = make();
    expect(registry.hasHooks('Elicitation')).toBe(false);
    expect(() => registry.hasHooks('SubagentStart')).not.toThrow();
  });
});

describe('claude profile: matchers', () => {
  const hit = async (event: string, matcher: string | undefined, payload: Record<string, unknown>) => {
    const { registry, logger } = make();
    const fn = vi.fn();
    registry.register(event as never, fn as never, matcher === undefined ? {} : { matcher });
    await registry.dispatch(event as never, payload as never);
    return { hit: fn.mock.calls.length === 1, logger };
  };
  it.each([
    ['PreToolUse', undefined, bash(), true],
    ['PreToolUse', '*', bash(), true],
    ['PreToolUse', 'Bash', bash(), true],
    ['PreToolUse', 'bash', bash(), false], // exact, case-sensitive
    ['PreToolUse', 'Edit|Bash', bash(), true],
    ['PreToolUse', 'Bas', bash(), false], // an exact list, not a prefix
    ['PreToolUse', 'Bash-x', bash(), false],
    ['PreToolUse', 'Edit, Write', { tool_name: 'Write', tool_input: {}, tool_use_id: 't' }, true], // `,` splits too, names trimmed
    ['PreToolUse', 'Edit,Bash', bash(), true],
    ['PreToolUse', ' Bash ', bash(), true],
    ['PreToolUse', 'Edit, Write', bash(), false],
    ['PreToolUse', 'B.*', bash(), true],
    ['PreToolUse', '^Bash$', bash(), true],
    ['PreToolUse', '', bash(), true],
    ['PreToolUse', 'mcp__.*', { tool_name: 'mcp__github__search', tool_input: {}, tool_use_id: 't' }, true],
    ['PreToolUse', 'Ba.h', { tool_name: 'xBashx', tool_input: {}, tool_use_id: 't' }, true], // unanchored
    ['SessionStart', 'resume', { source: 'startup' }, false],
    ['SessionStart', 'startup|resume', { source: 'startup' }, true],
    ['SessionEnd', 'logout', { reason: 'logout' }, true],
    ['PreCompact', 'manual', { trigger: 'auto', custom_instructions: '' }, false],
    ['Notification', 'idle_prompt', { message: 'm', notification_type: 'idle_prompt' }, true],
    ['SubagentStop', 'code-reviewer', { stop_hook_active: false, agent_transcript_path: '/x', agent_type: 'code-reviewer' }, true],
    ['FileChanged', '\\.env$', { file_path: '/repo/sub/.env', event: 'change' }, true],
    ['FileChanged', 'sub', { file_path: '/repo/sub/.env', event: 'change' }, false], // basename only
    ['Stop', 'never', { stop_hook_active: false }, true], // Stop has no matcher: ignored
    ['UserPromptSubmit', 'never', { prompt: 'p' }, true],
  ])('%s matcher %j on %j matches: %s', async (event, matcher, payload, expected) => {
    expect((await hit(event, matcher, payload)).hit).toBe(expected);
  });

  it('warns about an invalid pattern and falls back to exact equality', async () => {
    const r = await hit('PreToolUse', 'Bash(', bash());
    expect(r.hit).toBe(false);
    expect(r.logger.warnings.join('\n')).toMatch(/"Bash\(" is not a valid regular expression/);
  });
});

describe('claude profile: output', () => {
  it('parses stdout whose first non-blank character is { as JSON output', async () => {
    const { registry } = make();
    registry.addConfig(on('PostToolUse', [cmd(emit('\n  {"systemMessage":"hi","hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"ctx"}}'))]), { source: 'user' });
    const r = await registry.dispatch('PostToolUse', { tool_name: 'Bash', tool_input: {}, tool_response: {}, tool_use_id: 't' });
    expect(r).toMatchObject({ systemMessage: 'hi', injectContext: 'ctx', blocked: false });
  });

  it.each([
    ['UserPromptSubmit', { prompt: 'p' }, true],
    ['SessionStart', { source: 'startup' }, true],
    ['UserPromptExpansion', { expansion_type: 'slash_command', command_name: 'c', command_args: '', prompt: 'p' }, true],
    ['Stop', { stop_hook_active: false }, false],
    ['PreToolUse', bash(), false],
  ])('plain stdout on %s becomes context: %s', async (event, payload, becomes) => {
    const { registry } = make();
    registry.addConfig(on(event, [cmd('echo "remember the tests"')]), { source: 'user' });
    const r = await registry.dispatch(event as never, payload as never);
    expect(r.injectContext).toBe(becomes ? 'remember the tests' : undefined);
  });

  it('reads stdout that starts with { but is not JSON as plain text, with a warning', async () => {
    const { registry, logger } = make();
    registry.addConfig(on('UserPromptSubmit', [cmd(`echo '{not json'`)]), { source: 'user' });
    const r = await registry.dispatch('UserPromptSubmit', { prompt: 'p' });
    expect(r.injectContext).toBe('{not json');
    expect(logger.warnings.join('\n')).toMatch(/starts with "\{" but is not valid JSON/);
  });

  const exit2 = (msg: string) => `echo "${msg}" >&2; exit 2`;
  it.each([
    ['PreToolUse', bash(), true],
    ['UserPromptSubmit', { prompt: 'p' }, true],
    ['Stop', { stop_hook_active: false }, true],
    ['SubagentStop', { stop_hook_active: false, agent_transcript_path: '/x' }, true],
    ['PreCompact', { trigger: 'manual', custom_instructions: '' }, true],
    ['TaskCreated', { task_id: '1', task_subject: 's' }, true],
    ['TaskCompleted', { task_id: '1', task_subject: 's' }, true],
    ['TeammateIdle', { teammate_name: 't', team_name: 'x' }, true],
    ['ConfigChange', { source: 'user_settings' }, true],
    ['PostToolUse', { tool_name: 'Bash', tool_input: {}, tool_response: {}, tool_use_id: 't' }, false],
    ['Notification', { message: 'm', notification_type: 'idle_prompt' }, false],
    ['SessionEnd', { reason: 'other' }, false],
    ['SessionStart', { source: 'startup' }, false],
  ])('exit 2 on %s blocks: %s', async (event, payload, blocks) => {
    const { registry } = make();
    registry.addConfig(on(event, [cmd(exit2('stop right there'))]), { source: 'user' });
    const r = await registry.dispatch(event as never, payload as never);
    expect(r.blocked).toBe(blocks);
    if (blocks) expect(r.reason).toBe('stop right there');
  });

  it('reads exit 2 on PreToolUse as permissionDecision deny with the stderr as its reason', async () => {
    const { registry } = make();
    registry.addConfig(on('PreToolUse', [cmd(exit2('no rm'))]), { source: 'user' });
    const r = await registry.dispatch('PreToolUse', bash('rm -rf /'));
    expect(r).toMatchObject({ blocked: true, permissionDecision: 'deny', permissionDecisionReason: 'no rm', reason: 'no rm' });
  });

  it('shows exit-2 stderr of PostToolUse to the model without blocking', async () => {
    const { registry } = make();
    registry.addConfig(on('PostToolUse', [cmd(exit2('lint failed'))]), { source: 'user' });
    const r = await registry.dispatch('PostToolUse', { tool_name: 'Edit', tool_input: {}, tool_response: {}, tool_use_id: 't' });
    expect(r.blocked).toBe(false);
    expect(r.injectContext).toBe('lint failed');
  });

  it('turns exit 2 on ElicitationResult into action decline', async () => {
    const { registry } = make();
    registry.addConfig(on('ElicitationResult', [cmd(exit2('nope'))]), { source: 'user' });
    const r = await registry.dispatch('ElicitationResult', { mcp_server_name: 'm', action: 'accept' });
    expect(r.hookSpecificOutput).toMatchObject({ hookEventName: 'ElicitationResult', action: 'decline' });
  });

  it('makes a throwing in-process handler a non-blocking error', async () => {
    const { registry, logger } = make();
    registry.register('PreToolUse', () => {
      throw new Error('oops');
    }, { name: 'thrower' });
    registry.register('PreToolUse', () => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: 'still here' } }));
    const r = await registry.dispatch('PreToolUse', bash());
    expect(r.blocked).toBe(false);
    expect(r.injectContext).toBe('still here');
    expect(r.runs[0]).toMatchObject({ outcome: 'error', message: 'oops' });
    expect(logger.warnings.join('\n')).toMatch(/"thrower".*oops/);
  });
});

describe('claude profile: merging', () => {
  const decide = (permissionDecision: string, reason: string) => () => ({ hookSpecificOutput: { hookEventName: 'PreToolUse' as const, permissionDecision: permissionDecision as 'allow', permissionDecisionReason: reason } });
  it.each([
    [['allow', 'ask'], 'ask'],
    [['ask', 'defer', 'allow'], 'defer'],
    [['allow', 'deny', 'defer'], 'deny'],
    [['allow'], 'allow'],
  ])('takes the strongest permission decision of %j: %s', async (decisions, expected) => {
    const { registry } = make();
    for (const [i, d] of decisions.entries()) registry.register('PreToolUse', decide(d, `${d} ${i}`));
    const r = await registry.dispatch('PreToolUse', bash());
    expect(r.permissionDecision).toBe(expected);
    expect(r.permissionDecisionReason).toBe(`${expected} ${decisions.indexOf(expected)}`);
    expect(r.blocked).toBe(expected === 'deny');
  });

  it('maps the legacy decision approve / block to allow / deny on PreToolUse', async () => {
    const { registry } = make();
    registry.register('PreToolUse', () => ({ decision: 'approve', reason: 'fine' }));
    expect((await registry.dispatch('PreToolUse', bash())).permissionDecision).toBe('allow');
    registry.register('PreToolUse', () => ({ decision: 'block', reason: 'not fine' }));
    const r = await registry.dispatch('PreToolUse', bash());
    expect(r).toMatchObject({ permissionDecision: 'deny', blocked: true, reason: 'not fine' });
  });

  it('blocks on decision: block, with the explaining text as reason', async () => {
    const { registry } = make();
    registry.register('Stop', () => ({ decision: 'block', reason: 'tests are failing' }));
    expect(await registry.dispatch('Stop', { stop_hook_active: false })).toMatchObject({ blocked: true, decision: 'block', reason: 'tests are failing' });
  });

  it('keeps continue: false (stop the agent) apart from blocked (refuse the action): on PreToolUse the tool still runs', async () => {
    const { registry } = make();
    registry.register('UserPromptSubmit', () => ({ continue: false, stopReason: 'quota' }));
    const r = await registry.dispatch('UserPromptSubmit', { prompt: 'p' });
    expect(r).toMatchObject({ blocked: false, continue: false, stopReason: 'quota', runs: [{ outcome: 'ok' }] });
    registry.register('PreToolUse', () => ({ continue: false, stopReason: 'enough' }));
    const pre = await registry.dispatch('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't' });
    expect(pre).toMatchObject({ blocked: false, continue: false, stopReason: 'enough' });
    expect(pre.permissionDecision).toBeUndefined();
  });

  it('ignores decision: block, continue: false and exit 2 on events without decision control (SessionStart, SubagentStart, Notification)', async () => {
    const { registry } = make();
    registry.register('SessionStart', () => ({ decision: 'block', reason: 'no', continue: false, stopReason: 'stop' }));
    registry.addConfig(on('SessionStart', [cmd('echo nope >&2; exit 2')]), { source: 'user' });
    const r = await registry.dispatch('SessionStart', { source: 'startup' });
    expect(r).toMatchObject({ blocked: false, runs: [{ outcome: 'ok' }, { outcome: 'error' }] });
    expect(r.continue).toBeUndefined();
    expect(r.stopReason).toBeUndefined();
    registry.register('SubagentStart', () => ({ decision: 'block', continue: false }));
    expect(await registry.dispatch('SubagentStart', {})).toMatchObject({ blocked: false });
    registry.register('Notification', () => ({ decision: 'block' }));
    expect(await registry.dispatch('Notification', { message: 'm', notification_type: 'idle_prompt' })).toMatchObject({ blocked: false });
    // ConfigChange blocks, except a change to policy settings.
    registry.register('ConfigChange', () => ({ decision: 'block', reason: 'frozen' }));
    expect(await registry.dispatch('ConfigChange', { source: 'project_settings' })).toMatchObject({ blocked: true, reason: 'frozen' });
    expect(await registry.dispatch('ConfigChange', { source: 'policy_settings' })).toMatchObject({ blocked: false });
  });

  it('PermissionRequest: any block is a deny, whatever another hook allowed (a legacy block, a guard failing closed)', async () => {
    const allow = cmd(emit({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } } }));
    for (const guard of [cmd(emit({ decision: 'block', reason: 'no' })), cmd('exit 1', { onFailure: 'block' })]) {
      const { registry } = make();
      registry.addConfig(on('PermissionRequest', [guard, allow]), { source: 'user' });
      const r = await registry.dispatch('PermissionRequest', { tool_name: 'Bash', tool_input: { command: 'ls' } });
      expect(r).toMatchObject({ blocked: true, permissionDecision: 'deny', permissionRequest: { behavior: 'deny' } });
    }
  });

  it('JSON too long to read whole blocks on any exit code where decisions count (exit 1 with a long deny still denies)', async () => {
    const { registry } = make({ executor: new CommandExecutor({ logger: makeLogger(), maxParseBytes: 1024 }) });
    const long = JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'x'.repeat(4000) } });
    registry.addConfig(on('PreToolUse', [cmd(`${emit(long)}; exit 1`)]), { source: 'user' });
    expect((await registry.dispatch('PreToolUse', bash())).blocked).toBe(true);
    registry.addConfig(on('PostToolUse', [cmd(emit(JSON.stringify({ decision: 'block', reason: 'y'.repeat(4000) })))]), { source: 'user' });
    expect((await registry.dispatch('PostToolUse', { ...bash(), tool_response: {} })).blocked).toBe(true);
  });

  it('WorktreeCreate: a hook failing with onFailure: block fails the creation', async () => {
    const { registry } = make();
    registry.addConfig(on('WorktreeCreate', [cmd('exit 1', { onFailure: 'block' })]), { source: 'user' });
    expect((await registry.dispatch('WorktreeCreate', { name: 'wt' })).blocked).toBe(true);
  });

  it('reads hookSpecificOutput only when its hookEventName names the event (missing or another: ignored, with a warning); in-process handlers may leave it out', async () => {
    const { registry, logger } = make();
    const ctx = (tag: string | undefined): string => JSON.stringify({ hookSpecificOutput: { ...(tag === undefined ? {} : { hookEventName: tag }), additionalContext: `ctx-${tag}` } });
    registry.addConfig(on('PostToolUse', [cmd(emit(ctx(undefined))), cmd(emit(ctx('PreToolUse'))), cmd(emit(ctx('PostToolUse')))]), { source: 'user' });
    registry.register('PostToolUse', () => ({ hookSpecificOutput: { additionalContext: 'in-process' } }));
    registry.register('PostToolUse', () => ({ hookSpecificOutput: { hookEventName: 'Stop', additionalContext: 'wrong' } as never }));
    const r = await registry.dispatch('PostToolUse', { tool_name: 'Bash', tool_input: {}, tool_response: {}, tool_use_id: 't' });
    expect(r.injectContext).toBe('ctx-PostToolUse\nin-process');
    expect(logger.warnings.filter((w) => /hookSpecificOutput/.test(w))).toHaveLength(3);
  });

  it('joins additionalContext and systemMessage in registration order', async () => {
    const { registry } = make();
    registry.register('SessionStart', async () => {
      await new Promise((r) => setTimeout(r, 30));
      return { systemMessage: 'm1', hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'c1' } };
    });
    registry.register('SessionStart', () => ({ systemMessage: 'm2', hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'c2' } }));
    const r = await registry.dispatch('SessionStart', { source: 'startup' });
    expect(r.injectContext).toBe('c1\nc2');
    expect(r.systemMessage).toBe('m1\nm2');
    expect(r.hookSpecificOutput).toEqual({ hookEventName: 'SessionStart', additionalContext: 'c1\nc2' });
  });

  it('starts all matching hooks together and merges in registration order: the last registered rewrite wins', async () => {
    const { registry } = make();
    const rewrite = (command: string, ms: number) => async () => {
      await new Promise((r) => setTimeout(r, ms));
      return { hookSpecificOutput: { hookEventName: 'PreToolUse' as const, updatedInput: { command } } };
    };
    registry.register('PreToolUse', rewrite('first registered, finishes last', 200));
    registry.register('PreToolUse', rewrite('second registered, finishes first', 10));
    registry.addConfig(on('PreToolUse', [cmd('sleep 0.2')]), { source: 'user' });
    const t0 = performance.now();
    const r = await registry.dispatch('PreToolUse', bash());
    expect(performance.now() - t0).toBeLessThan(380); // in parallel: ~200 ms, not ~410 ms
    expect(r.updatedInput).toEqual({ command: 'second registered, finishes first' });
    expect(r.runs.map((run) => run.kind)).toEqual(['handler', 'handler', 'command']);
  });

  it('resolves at once with aborted: true when the signal aborts, and kills running commands', async () => {
    const { registry } = make();
    registry.addConfig(on('Stop', [cmd(`node ${fixture('sleep-forever.mjs')}`)]), { source: 'user' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const t0 = performance.now();
    const r = await registry.dispatch('Stop', { stop_hook_active: false }, { signal: controller.signal });
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(r).toMatchObject({ aborted: true, blocked: false });
    expect(r.runs[0]!.outcome).toBe('aborted');
  });
});

describe('claude profile: handler fields', () => {
  it('reads timeout as seconds', async () => {
    const { registry } = make();
    registry.addConfig(on('Stop', [cmd(`node ${fixture('sleep-forever.mjs')}`, { timeout: 1 })]), { source: 'user' });
    const t0 = performance.now();
    const r = await registry.dispatch('Stop', { stop_hook_active: false });
    const ms = performance.now() - t0;
    expect(ms).toBeGreaterThan(900);
    expect(ms).toBeLessThan(2500);
    expect(r.runs[0]!.outcome).toBe('timeout');
    await new Promise((res) => setTimeout(res, 1200)); // let the group kill finish
  });

  it('gives SessionEnd hooks a shared 1.5 s budget, raised to the largest configured timeout', async () => {
    const { registry } = make();
    registry.addConfig(on('SessionEnd', [cmd('sleep 2.5; echo slow'), cmd('sleep 0.1', { timeout: 2 })]), { source: 'user' });
    const t0 = performance.now();
    const r = await registry.dispatch('SessionEnd', { reason: 'other' });
    const ms = performance.now() - t0;
    expect(ms).toBeGreaterThan(1900);
    expect(ms).toBeLessThan(2450);
    expect(r.runs.map((run) => run.outcome)).toEqual(['timeout', 'ok']);
    await new Promise((res) => setTimeout(res, 1200));
  });

  it('spawns args in exec form, without a shell', async () => {
    const { registry } = make();
    registry.addConfig(on('Stop', [cmd('node', { args: [fixture('emit-json.mjs'), '{"systemMessage":"$HOME `x` ; y"}'] })]), { source: 'user' });
    expect((await registry.dispatch('Stop', { stop_hook_active: false })).systemMessage).toBe('$HOME `x` ; y');
  });

  it('substitutes ${CLAUDE_PROJECT_DIR} in exec form, in the command and in each argument, and leaves $HOME and spaces alone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hh-exec-'));
    try {
      copyFileSync(fixture('emit-json.mjs'), join(dir, 'emit.mjs'));
      chmodSync(join(dir, 'emit.mjs'), 0o755);
      const { registry } = make({ projectDir: dir });
      const message = JSON.stringify({ systemMessage: '${CLAUDE_PROJECT_DIR}|$HOME|a b' });
      registry.addConfig(on('Stop', [cmd('${CLAUDE_PROJECT_DIR}/emit.mjs', { args: [message] })]), { source: 'user' });
      expect((await registry.dispatch('Stop', { stop_hook_active: false })).systemMessage).toBe(`${dir}|$HOME|a b`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('warns clearly for a powershell hook without pwsh', async () => {
    const { registry, logger } = make();
    registry.addConfig(on('Stop', [cmd('Write-Output hi', { shell: 'powershell' })]), { source: 'user' });
    const r = await registry.dispatch('Stop', { stop_hook_active: false });
    expect(r.blocked).toBe(false);
    expect(logger.warnings.join('\n')).toMatch(/pwsh\) is not installed/);
  });

  it('runs a hook with `if` only for tool calls matching the permission rule', async () => {
    const { registry } = make({ projectDir: project });
    const hooks = [cmd(emit({ systemMessage: 'push' }), { if: 'Bash(git push*)' }), cmd(emit({ systemMessage: 'ts' }), { if: 'Edit(src/**/*.ts)' })];
    registry.addConfig({ hooks: { PreToolUse: [{ hooks }] } }, { source: 'user' });
    expect((await registry.dispatch('PreToolUse', bash('git push origin main'))).systemMessage).toBe('push');
    expect((await registry.dispatch('PreToolUse', bash('git status'))).systemMessage).toBeUndefined();
    const edit = (file_path: string) => ({ tool_name: 'Edit', tool_input: { file_path }, tool_use_id: 't' });
    expect((await registry.dispatch('PreToolUse', edit(join(project, 'src/a/b.ts')))).systemMessage).toBe('ts');
    expect((await registry.dispatch('PreToolUse', edit(join(project, 'lib/b.ts')))).systemMessage).toBeUndefined();
    expect((await registry.dispatch('PreToolUse', edit(join(project, 'src/b.js')))).systemMessage).toBeUndefined();
  });

  it('never runs a hook with `if` on an event that cannot evaluate it', async () => {
    const { registry } = make();
    registry.addConfig(on('Stop', [cmd(emit({ decision: 'block', reason: 'x' }), { if: 'Bash(*)' })]), { source: 'user' });
    const r = await registry.dispatch('Stop', { stop_hook_active: false });
    expect(r.runs).toEqual([]);
  });

  it('removes a once hook (from a skill) after its first run', async () => {
    const { registry } = make();
    registry.addConfig(on('SessionStart', [cmd(emit({ systemMessage: 'once' }), { once: true })]), { source: 'skill' });
    expect((await registry.dispatch('SessionStart', { source: 'startup' })).systemMessage).toBe('once');
    expect((await registry.dispatch('SessionStart', { source: 'startup' })).runs).toEqual([]);
  });

  it('tells the harness each hook’s statusMessage as it starts', async () => {
    const onHookStart = vi.fn();
    const { registry } = make({ onHookStart });
    registry.addConfig(on('Stop', [cmd('true', { statusMessage: 'Checking tests…' })]), { source: 'user' });
    await registry.dispatch('Stop', { stop_hook_active: false });
    expect(onHookStart).toHaveBeenCalledWith({ event: 'Stop', name: 'true', kind: 'command', statusMessage: 'Checking tests…' });
  });
});

describe('claude profile: environment', () => {
  const printEnv = (...names: string[]) => `node -e 'console.log(JSON.stringify({systemMessage: [${names.map((n) => `process.env.${n}`).join(',')}].join("|")}))'`;
  it('exports CLAUDE_PROJECT_DIR to every hook', async () => {
    const { registry } = make({ projectDir: '/some/project' });
    registry.addConfig(on('Stop', [cmd(printEnv('CLAUDE_PROJECT_DIR'))]), { source: 'user' });
    expect((await registry.dispatch('Stop', { stop_hook_active: false })).systemMessage).toBe('/some/project');
  });

  it('defaults CLAUDE_PROJECT_DIR to the session cwd', async () => {
    const { registry } = make();
    registry.addConfig(on('Stop', [cmd(printEnv('CLAUDE_PROJECT_DIR'))]), { source: 'user' });
    expect((await registry.dispatch('Stop', { stop_hook_active: false })).systemMessage).toBe(project);
  });

  it('exports and substitutes CLAUDE_PLUGIN_ROOT and CLAUDE_PLUGIN_DATA for plugin hooks, in command and args', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'harness-hooks-data-'));
    const root = join(project, 'my-plugin');
    mkdirSync(root, { recursive: true });
    const { registry } = make({ pluginDataDir: dataDir });
    registry.addConfig(
      on('Stop', [
        cmd(printEnv('CLAUDE_PLUGIN_ROOT', 'CLAUDE_PLUGIN_DATA')),
        cmd('node', { args: [fixture('emit-json.mjs'), '{"systemMessage":"${CLAUDE_PLUGIN_ROOT}+${CLAUDE_PLUGIN_DATA}"}'] }),
      ]),
      { source: 'plugin', pluginRoot: root },
    );
    const r = await registry.dispatch('Stop', { stop_hook_active: false });
    const data = join(dataDir, 'my-plugin');
    expect(r.systemMessage).toBe(`${root}|${data}\n${root}+${data}`);
    expect(existsSync(data)).toBe(true);
  });

  it('gives SessionStart hooks a fresh CLAUDE_ENV_FILE and returns the exports they wrote', async () => {
    const { registry } = make();
    const write = `echo 'export NODE_ENV=production' >> "$CLAUDE_ENV_FILE"; echo "export GREETING=\\"hello world\\"" >> "$CLAUDE_ENV_FILE"; echo "$CLAUDE_ENV_FILE" > ${join(project, 'envfile-path')}`;
    registry.addConfig(on('SessionStart', [cmd(write)]), { source: 'user' });
    const r = await registry.dispatch('SessionStart', { source: 'startup' });
    expect(r.env).toEqual({ NODE_ENV: 'production', GREETING: 'hello world' });
    const path = readFileSync(join(project, 'envfile-path'), 'utf8').trim();
    expect(existsSync(path)).toBe(false); // removed after the dispatch
    const again = await registry.dispatch('SessionStart', { source: 'startup' });
    expect(again.env).toEqual({ NODE_ENV: 'production', GREETING: 'hello world' }); // fresh, not accumulated
  });

  it('sets no CLAUDE_ENV_FILE on other events', async () => {
    const { registry } = make();
    registry.addConfig(on('Stop', [cmd(printEnv('CLAUDE_ENV_FILE'))]), { source: 'user' });
    const r = await registry.dispatch('Stop', { stop_hook_active: false });
    expect(r.systemMessage).toBe('');
    expect(r.env).toBeUndefined();
  });
});

describe('claude profile: settings layering', () => {
  it('runs identical hooks from user, project and local once, in the place of the last-loaded copy', async () => {
    // (Equal copies: every source keeps the whole environment here. Where one does not, the copy that does
    // runs — test/hook-env.test.ts.)
    const { registry } = make({ hookEnv: { project: { inherit: 'all' }, local: { inherit: 'all' } } });
    const same = cmd(emit({ systemMessage: 'shared' }));
    registry.addConfig(on('Stop', [same]), { source: 'user' });
    registry.addConfig(on('Stop', [cmd(emit({ systemMessage: 'project only' }))]), { source: 'project' });
    registry.addConfig(on('Stop', [same]), { source: 'local' });
    const r = await registry.dispatch('Stop', { stop_hook_active: false });
    expect(r.systemMessage).toBe('project only\nshared');
    expect(r.runs).toHaveLength(2);
  });

  it('keeps a plugin’s copy of the same hook separate', async () => {
    const { registry } = make();
    const same = cmd(emit({ systemMessage: 'x' }));
    registry.addConfig(on('Stop', [same]), { source: 'user' });
    registry.addConfig(on('Stop', [same]), { source: 'plugin', pluginRoot: join(project, 'p1') });
    registry.addConfig(on('Stop', [same]), { source: 'plugin', pluginRoot: join(project, 'p2') });
    expect((await registry.dispatch('Stop', { stop_hook_active: false })).runs).toHaveLength(3);
  });

  it('does not merge hooks whose `if` differs', async () => {
    const { registry } = make();
    registry.addConfig(on('PreToolUse', [cmd('true', { if: 'Bash(ls*)' }), cmd('true', { if: 'Bash(l*)' })]), { source: 'user' });
    expect((await registry.dispatch('PreToolUse', bash('ls'))).runs).toHaveLength(2);
  });

  it('gates local settings like project settings', () => {
    const registry = new HookRegistry({ profile: 'claude', settings: { enableShellHooks: true }, logger: makeLogger() });
    const report = registry.addConfig(on('Stop', [cmd('true')]), { source: 'local' });
    expect(report.skipped[0]).toMatchObject({ gate: 'allowProjectHooks' });
  });

  it('loadClaudeSettings finds the user, project and local files and loads them in that order', async () => {
    const root = mkdtempSync(join(tmpdir(), 'harness-hooks-settings-'));
    const userDir = join(root, 'home', '.claude');
    const projectDir = join(root, 'repo');
    mkdirSync(userDir, { recursive: true });
    mkdirSync(join(projectDir, '.claude'), { recursive: true });
    writeFileSync(join(userDir, 'settings.json'), JSON.stringify({ model: 'x', ...on('Stop', [cmd(emit({ systemMessage: 'user' }))]) }));
    writeFileSync(join(projectDir, '.claude', 'settings.json'), JSON.stringify(on('Stop', [cmd(emit({ systemMessage: 'project' }))])));
    writeFileSync(join(projectDir, '.claude', 'settings.local.json'), JSON.stringify(on('Stop', [cmd(emit({ systemMessage: 'local' }))])));
    const { registry } = make();
    const reports = await registry.loadClaudeSettings({ userDir, projectDir });
    expect(reports.map((r) => r.source)).toEqual(['user', 'project', 'local']);
    expect((await registry.dispatch('Stop', { stop_hook_active: false })).systemMessage).toBe('user\nproject\nlocal');
  });
});

describe('claude profile: merging, the finer rules', () => {
  it('gives the reason of the first blocker in registration order, whichever finished first', async () => {
    const { registry } = make();
    registry.register('PreToolUse', async () => {
      await new Promise((r) => setTimeout(r, 50));
      return { hookSpecificOutput: { hookEventName: 'PreToolUse' as const, permissionDecision: 'deny' as const, permissionDecisionReason: 'no deletes' } };
    });
    registry.register('PreToolUse', () => ({ continue: false, stopReason: 'quota reached' }));
    const r = await registry.dispatch('PreToolUse', bash('rm x'));
    expect(r).toMatchObject({ blocked: true, reason: 'no deletes', permissionDecision: 'deny', stopReason: 'quota reached', continue: false });
  });

  it('a deny without a reason still comes first: its default reason, not a later blocker’s', async () => {
    const { registry } = make();
    registry.register('PreToolUse', async () => {
      await new Promise((r) => setTimeout(r, 30));
      return { hookSpecificOutput: { hookEventName: 'PreToolUse' as const, permissionDecision: 'deny' as const } };
    });
    registry.register('PreToolUse', () => ({ continue: false, stopReason: 'hook 2 stop' }));
    expect((await registry.dispatch('PreToolUse', bash())).reason).toBe('denied by a PreToolUse hook');
  });

  it('keeps the first reason among hooks giving the same decision', async () => {
    const { registry } = make();
    const ask = (why: string) => () => ({ hookSpecificOutput: { hookEventName: 'PreToolUse' as const, permissionDecision: 'ask' as const, permissionDecisionReason: why } });
    registry.register('PreToolUse', ask('first'));
    registry.register('PreToolUse', ask('second'));
    expect((await registry.dispatch('PreToolUse', bash())).permissionDecisionReason).toBe('first');
  });

  it('drops a rewrite when the dispatch is blocked', async () => {
    const { registry } = make();
    registry.register('PreToolUse', () => ({ hookSpecificOutput: { hookEventName: 'PreToolUse' as const, updatedInput: { command: 'ls -la' } } }));
    registry.register('PreToolUse', () => ({ decision: 'block' as const, reason: 'no' }));
    const r = await registry.dispatch('PreToolUse', bash());
    expect(r.blocked).toBe(true);
    expect(r.updatedInput).toBeUndefined();
    expect(r.hookSpecificOutput).not.toHaveProperty('updatedInput');
  });

  it('keeps only the hookSpecificOutput fields the event reads: no updatedInput on PostToolUse', async () => {
    const { registry } = make();
    registry.register('PostToolUse', () => ({ hookSpecificOutput: { hookEventName: 'PostToolUse' as const, updatedInput: { command: 'x' }, madeUp: 1, additionalContext: 'ok' } as never }));
    const r = await registry.dispatch('PostToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_response: {}, tool_use_id: 't' });
    expect(r.updatedInput).toBeUndefined();
    expect(r.hookSpecificOutput).toEqual({ hookEventName: 'PostToolUse', additionalContext: 'ok' });
  });

  it('ignores a StopFailure hook’s output', async () => {
    const { registry } = make();
    registry.addConfig(on('StopFailure', [cmd(emit({ decision: 'block', reason: 'x', systemMessage: 'y' }))]), { source: 'user' });
    const r = await registry.dispatch('StopFailure', { error: 'rate_limit' });
    expect(r.blocked).toBe(false);
    expect(r.systemMessage).toBeUndefined();
  });

  it('never blocks on exit 2 where the event ignores it (SessionEnd) or shows it to the user (Notification)', async () => {
    const { registry } = make();
    const exit2 = cmd('echo no >&2; exit 2');
    registry.addConfig({ hooks: { SessionEnd: [{ hooks: [exit2] }], Notification: [{ hooks: [exit2] }] } }, { source: 'user' });
    expect((await registry.dispatch('SessionEnd', { reason: 'other' })).blocked).toBe(false);
    expect((await registry.dispatch('Notification', { message: 'm', notification_type: 'idle_prompt' })).blocked).toBe(false);
  });

  it('reports every started hook to onHookEnd when the dispatch is aborted', async () => {
    const ends: string[] = [];
    const { registry } = make({ onHookEnd: (run) => void ends.push(run.outcome) });
    registry.addConfig(on('Stop', [cmd(`node ${fixture('sleep-forever.mjs')}`), cmd(`node ${fixture('sleep-forever.mjs')} second`)]), { source: 'user' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const r = await registry.dispatch('Stop', { stop_hook_active: false }, { signal: controller.signal });
    expect(r.aborted).toBe(true);
    expect(ends).toEqual(['aborted', 'aborted']);
    await registry.close();
  });
});

describe('claude profile: de-duplication and the project dir', () => {
  it('keeps hooks whose args differ apart', async () => {
    const { registry } = make();
    const hook = (m: string) => cmd('node', { args: [fixture('emit-json.mjs'), JSON.stringify({ systemMessage: m })] });
    registry.addConfig(on('Stop', [hook('a'), hook('b')]), { source: 'user' });
    expect((await registry.dispatch('Stop', { stop_hook_active: false })).systemMessage).toBe('a\nb');
  });

  it('follows the session’s cwd when no projectDir was given: CLAUDE_PROJECT_DIR and `if` paths', async () => {
    const { registry } = make();
    const other = mkdtempSync(join(tmpdir(), 'harness-hooks-moved-'));
    registry.addConfig(on('PreToolUse', [cmd(`node -e 'console.log(JSON.stringify({systemMessage: process.env.CLAUDE_PROJECT_DIR}))'`, { if: 'Edit(src/**)' })]), { source: 'user' });
    const edit = (path: string) => ({ tool_name: 'Edit', tool_input: { file_path: path }, tool_use_id: 'e' });
    expect((await registry.dispatch('PreToolUse', edit(join(project, 'src/a.ts')))).systemMessage).toBe(project);
    registry.updateSession({ cwd: other });
    expect((await registry.dispatch('PreToolUse', edit(join(project, 'src/a.ts')))).runs).toEqual([]);
    expect((await registry.dispatch('PreToolUse', edit(join(other, 'src/a.ts')))).systemMessage).toBe(other);
  });
});

describe('plugin data and file rules, hardened', () => {
  it('creates no CLAUDE_PLUGIN_DATA for a plugin the gates keep off, and a root ending in .. names its real folder', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'harness-hooks-data-'));
    const root = join(project, 'gated-plugin');
    mkdirSync(root, { recursive: true });
    const gated = new HookRegistry({ profile: 'claude', pluginDataDir: dataDir, logger: makeLogger() });
    gated.addConfig(on('Stop', [cmd('true')]), { source: 'plugin', pluginRoot: root });
    expect(existsSync(join(dataDir, 'gated-plugin'))).toBe(false);
    const { registry } = make({ pluginDataDir: dataDir });
    registry.addConfig(on('Stop', [cmd('echo "{\\"systemMessage\\":\\"$CLAUDE_PLUGIN_DATA\\"}"')]), { source: 'plugin', pluginRoot: join(root, 'sub', '..') });
    const r = await registry.dispatch('Stop', { stop_hook_active: false });
    expect(r.systemMessage).toBe(join(dataDir, 'gated-plugin'));
    expect(existsSync(join(dataDir, 'gated-plugin'))).toBe(true);
  });

  it('fires `Edit(.env)` however the path is spelled: ./.env, src/../.env', async () => {
    const { registry } = make();
    registry.addConfig(on('PreToolUse', [cmd('echo "{\\"systemMessage\\":\\"guarded\\"}"', { if: 'Edit(.env)' })]), { source: 'user' });
    for (const file_path of ['.env', './.env', 'src/../.env', join(project, 'src', '..', '.env')]) {
      const r = await registry.dispatch('PreToolUse', { tool_name: 'Edit', tool_input: { file_path }, tool_use_id: 't' });
      expect(r.systemMessage, file_path).toBe('guarded');
    }
  });
});

describe('de-duplication never weakens a guard', () => {
  it('runs the strongest of identical copies: foreground over async, onFailure block over continue, the longer timeout', async () => {
    const guard = 'echo "{\\"decision\\":\\"block\\",\\"reason\\":\\"user guard\\"}"';
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ timeout: 30 }, { async: true }],
      [{ onFailure: 'block' }, {}],
      [{ timeout: 30 }, { timeout: 1 }],
    ];
    for (const [userExtra, projectExtra] of cases) {
      const { registry } = make();
      registry.addConfig(on('Stop', [cmd(guard, userExtra)]), { source: 'user', file: 'user.json' });
      registry.addConfig(on('Stop', [cmd(guard, { shell: 'bash', ...projectExtra })]), { source: 'project', file: 'project.json' });
      const rows = registry.explain('Stop', { stop_hook_active: false });
      expect(rows.map((r) => [r.source, r.runs])).toEqual([
        ['user', true],
        ['project', false],
      ]);
      const result = await registry.dispatch('Stop', { stop_hook_active: false });
      expect(result.runs).toHaveLength(1);
      expect(result.blocked).toBe(true);
    }
  });
});
