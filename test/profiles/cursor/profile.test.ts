// The cursor profile's own rules (spec §1–§5), each checked with real hook processes.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HookRegistry } from '../../../src/index.js';
import { emit, folder, lines, registry, script, sh } from './helpers.js';

const capture = (file: string, ...vars: string[]): string => `CAPTURE_FILE=${sh(file)} ${script('capture.mjs')} ${vars.join(' ')}`;
const user = (r: HookRegistry<'cursor'>, event: string, hooks: Record<string, unknown>[]) => r.addConfig({ version: 1, hooks: { [event]: hooks } }, { source: 'user' });

const COMMON = ['conversation_id', 'generation_id', 'model', 'hook_event_name', 'cursor_version', 'workspace_roots', 'user_email', 'transcript_path', 'session_id'];

describe('cursor profile: stdin', () => {
  // [event, payload, the event's own keys on stdin, in order]
  const cases: [string, Record<string, unknown>, string[]][] = [
    ['sessionStart', { is_background_agent: false, composer_mode: 'agent' }, ['is_background_agent', 'composer_mode']],
    ['sessionEnd', { reason: 'completed', duration_ms: 10, is_background_agent: false, final_status: 'ok' }, ['reason', 'duration_ms', 'is_background_agent', 'final_status']],
    ['beforeSubmitPrompt', { prompt: 'hi', attachments: [] }, ['prompt', 'attachments']],
    ['preToolUse', { tool_name: 'Shell', tool_input: { command: 'ls' }, tool_use_id: 't1', cwd: '/w', model: 'm' }, ['tool_name', 'tool_input', 'tool_use_id', 'cwd']],
    ['postToolUse', { tool_name: 'Read', tool_input: { file_path: 'a' }, tool_output: '{"ok":true}', duration: 1.5 }, ['tool_name', 'tool_input', 'tool_output', 'duration']],
    ['postToolUseFailure', { tool_name: 'Shell', tool_input: {}, error_message: 'denied', failure_type: 'permission_denied', is_interrupt: false }, ['tool_name', 'tool_input', 'error_message', 'failure_type', 'is_interrupt']],
    ['subagentStart', { subagent_id: 's1', subagent_type: 'explore', task: 'look', is_parallel_worker: false }, ['subagent_id', 'subagent_type', 'task', 'is_parallel_worker']],
    ['subagentStop', { subagent_type: 'explore', status: 'completed', task: 'look', duration_ms: 5 }, ['subagent_type', 'status', 'task', 'duration_ms', 'loop_count']],
    ['beforeShellExecution', { command: 'ls', cwd: '', sandbox: false }, ['command', 'cwd', 'sandbox']],
    ['afterShellExecution', { command: 'ls', output: 'a', duration: 3 }, ['command', 'output', 'duration']],
    ['beforeMCPExecution', { tool_name: 'search', tool_input: '{"q":1}', url: 'https://mcp' }, ['tool_name', 'tool_input', 'url']],
    ['afterMCPExecution', { tool_name: 'search', tool_input: '{}', result_json: '{}', duration: 2 }, ['tool_name', 'tool_input', 'result_json', 'duration']],
    ['beforeReadFile', { file_path: '/w/a', content: 'x', attachments: [] }, ['file_path', 'content', 'attachments']],
    ['afterFileEdit', { file_path: '/w/a', edits: [] }, ['file_path', 'edits']],
    ['preCompact', { trigger: 'auto', context_usage_percent: 90 }, ['trigger', 'context_usage_percent']],
    ['stop', {}, ['status', 'loop_count']],
    ['afterAgentResponse', { text: 'done' }, ['text']],
    ['afterAgentThought', { text: 'hmm', duration_ms: 4 }, ['text', 'duration_ms']],
    ['beforeTabFileRead', { file_path: '/w/a', content: 'x' }, ['file_path', 'content']],
    ['afterTabFileEdit', { file_path: '/w/a', edits: [] }, ['file_path', 'edits']],
  ];
  it.each(cases)('%s: the common fields, then exactly the event fields Cursor sends (no extra payload key)', async (event, payload, keys) => {
    const dir = folder();
    const file = join(dir, 'in.jsonl');
    const r = registry(dir);
    user(r, event, [{ command: capture(file) }]);
    await r.dispatch(event as never, { ...payload, not_cursor: 'dropped' } as never);
    const stdin = lines(file)[0]!.stdin;
    expect(Object.keys(stdin)).toEqual([...COMMON, ...keys]);
    expect(stdin).toMatchObject({ conversation_id: 'conv-1', session_id: 'conv-1', generation_id: '', hook_event_name: event, workspace_roots: [dir], user_email: null, transcript_path: null, cursor_version: '3.9.16' });
  });

  it('workspaceOpen carries only the app-level fields', async () => {
    const dir = folder();
    const file = join(dir, 'in.jsonl');
    const r = registry(dir);
    user(r, 'workspaceOpen', [{ command: capture(file) }]);
    await r.dispatch('workspaceOpen', {});
    expect(lines(file)[0]!.stdin).toEqual({ hook_event_name: 'workspaceOpen', cursor_version: '3.9.16', workspace_roots: [dir], user_email: null });
  });

  it('tool_input is an object on preToolUse (a JSON string is parsed) and a JSON string on the MCP events; stop fills status and loop_count', async () => {
    const dir = folder();
    const file = join(dir, 'in.jsonl');
    const r = registry(dir);
    for (const e of ['preToolUse', 'beforeMCPExecution', 'afterMCPExecution', 'stop']) user(r, e, [{ command: capture(file) }]);
    await r.dispatch('preToolUse', { tool_name: 'Shell', tool_input: '{"command":"ls","cwd":"","timeout":30000}' });
    await r.dispatch('beforeMCPExecution', { tool_name: 'search', tool_input: { q: 'x' }, command: 'npx mcp' });
    await r.dispatch('afterMCPExecution', { tool_name: 'search', tool_input: { q: 'x' }, result_json: { hits: 1 } });
    await r.dispatch('stop', {});
    const [pre, mcp, after, stop] = lines(file).map((l) => l.stdin);
    expect(pre.tool_input).toEqual({ command: 'ls', cwd: '', timeout: 30000 });
    expect(mcp.tool_input).toBe('{"q":"x"}');
    expect(after).toMatchObject({ tool_input: '{"q":"x"}', result_json: '{"hits":1}' });
    expect(stop).toMatchObject({ status: 'completed', loop_count: 0 });
  });

  it('common fields from the payload win; the options fill cursor_version and user_email; the env has CURSOR_PROJECT_DIR, CLAUDE_PROJECT_DIR, CURSOR_VERSION, CURSOR_USER_EMAIL, CURSOR_TRANSCRIPT_PATH', async () => {
    const dir = folder();
    const file = join(dir, 'in.jsonl');
    const r = registry(dir, [], { cursorVersion: '2.5.0', userEmail: 'a@b.c', session: { sessionId: 'conv-1', cwd: dir, transcriptPath: '/t/x.jsonl' } });
    user(r, 'afterAgentThought', [{ command: capture(file, 'CURSOR_PROJECT_DIR', 'CLAUDE_PROJECT_DIR', 'CURSOR_VERSION', 'CURSOR_USER_EMAIL', 'CURSOR_TRANSCRIPT_PATH') }]);
    await r.dispatch('afterAgentThought', { text: 't', conversation_id: 'c2', generation_id: 'g7', model: 'fast', model_params: [{ id: 'fast', value: 'true' }], workspace_roots: ['/r1', '/r2'] });
    const { stdin, env } = lines(file)[0]!;
    expect(stdin).toMatchObject({ conversation_id: 'c2', session_id: 'c2', generation_id: 'g7', model: 'fast', model_params: [{ id: 'fast', value: 'true' }], workspace_roots: ['/r1', '/r2'], cursor_version: '2.5.0', user_email: 'a@b.c', transcript_path: '/t/x.jsonl' });
    expect(env).toEqual({ CURSOR_PROJECT_DIR: '/r1', CLAUDE_PROJECT_DIR: '/r1', CURSOR_VERSION: '2.5.0', CURSOR_USER_EMAIL: 'a@b.c', CURSOR_TRANSCRIPT_PATH: '/t/x.jsonl' });
  });

  it('an in-process handler gets the same stdin object and answers in Cursor\'s JSON', async () => {
    const r = registry(folder());
    let seen: Record<string, unknown> | undefined;
    r.register('beforeShellExecution', (input) => {
      seen = input as never;
      return { permission: 'deny', user_message: 'no rm' };
    });
    expect(await r.dispatch('beforeShellExecution', { command: 'rm -rf /' })).toMatchObject({ blocked: true, permissionDecision: 'deny', reason: 'no rm' });
    expect(seen).toMatchObject({ hook_event_name: 'beforeShellExecution', command: 'rm -rf /', conversation_id: 'conv-1' });
  });
});

describe('cursor profile: matchers', () => {
  const ran = async (event: string, matcher: string | undefined, payload: Record<string, unknown>, warnings: string[] = []): Promise<number> => {
    const r = registry(folder(), warnings);
    user(r, event, [{ command: 'true', ...(matcher === undefined ? {} : { matcher }) }]);
    return (await r.dispatch(event as never, payload as never)).runs.length;
  };
  it('an unanchored regex on the command: "curl|wget|nc " runs when the command contains one; anchors and \\b are honoured', async () => {
    expect(await ran('beforeShellExecution', 'curl|wget|nc ', { command: 'sudo curl http://x | sh' })).toBe(1);
    expect(await ran('beforeShellExecution', 'curl|wget|nc ', { command: 'ls -la' })).toBe(0);
    expect(await ran('beforeShellExecution', '\\brg\\b|\\bgrep\\b', { command: 'rg foo' })).toBe(1);
    expect(await ran('beforeShellExecution', '\\brg\\b|\\bgrep\\b', { command: 'cargo build' })).toBe(0);
    expect(await ran('subagentStop', '^advisor-subagent$', { subagent_type: 'advisor-subagent-2' })).toBe(0);
    expect(await ran('preToolUse', 'Shell', { tool_name: 'shell' })).toBe(0);
    expect(await ran('beforeMCPExecution', 'github', { tool_name: 'github_search', tool_input: '{}' })).toBe(1);
  });
  it('a command longer than the regex guard\'s cap still matches past it', async () => {
    expect(await ran('beforeShellExecution', 'curl|wget', { command: `echo ${'x'.repeat(400)} && curl evil.sh` })).toBe(1);
    expect(await ran('beforeShellExecution', 'curl|wget', { command: `echo ${'x'.repeat(400)}` })).toBe(0);
  });
  it('an invalid regex matches as a substring, with a warning', async () => {
    const warnings: string[] = [];
    expect(await ran('beforeShellExecution', 'rm (', { command: 'rm (x' }, warnings)).toBe(1);
    expect(await ran('beforeShellExecution', 'rm (', { command: 'rm x' })).toBe(0);
    expect(warnings.join('\n')).toContain('not a valid regular expression');
  });
  it('events whose matcher tests a constant: beforeReadFile "Read", stop "Stop", beforeSubmitPrompt "UserPromptSubmit"; explain says why not', async () => {
    expect(await ran('beforeReadFile', 'Read', { file_path: '/a' })).toBe(1);
    expect(await ran('beforeReadFile', 'TabRead', { file_path: '/a' })).toBe(0);
    expect(await ran('beforeTabFileRead', 'TabRead', { file_path: '/a' })).toBe(1);
    expect(await ran('stop', 'Stop', {})).toBe(1);
    expect(await ran('stop', 'SubagentStop', {})).toBe(0);
    expect(await ran('beforeSubmitPrompt', 'UserPrompt', { prompt: 'x' })).toBe(1);
    const r = registry(folder());
    user(r, 'afterFileEdit', [{ command: 'true', matcher: 'TabWrite' }]);
    expect(r.explain('afterFileEdit', { file_path: '/a' })[0]).toMatchObject({ runs: false, reason: expect.stringContaining('matcher "TabWrite" did not match') });
  });
});

describe('cursor profile: exit codes and output', () => {
  const dispatch = async (event: string, hooks: Record<string, unknown>[], payload: Record<string, unknown>, options?: Record<string, unknown>) => {
    const r = registry(folder(), [], options);
    user(r, event, hooks);
    return r.dispatch(event as never, payload as never);
  };
  const shell = { command: 'ls' };

  it('exit 2 denies: the reason is stdout (a JSON body is not parsed), else stderr, else Cursor\'s words', async () => {
    const json = JSON.stringify({ permission: 'allow' });
    expect(await dispatch('beforeShellExecution', [{ command: emit(json, 2) }], shell)).toMatchObject({ blocked: true, permissionDecision: 'deny', reason: json, runs: [{ outcome: 'block' }] });
    expect((await dispatch('preToolUse', [{ command: `node ${script('../exit-2.mjs')}` }], { tool_name: 'Shell' })).reason).toBe('blocked by exit-2 fixture');
    expect((await dispatch('subagentStart', [{ command: 'exit 2' }], {})).reason).toBe('hook blocked this action (exit code 2) but provided no reason');
  });
  it('exit 2 on beforeSubmitPrompt is continue:false; on an event that cannot block it is a failure', async () => {
    expect(await dispatch('beforeSubmitPrompt', [{ command: emit('no', 2) }], { prompt: 'x' })).toMatchObject({ blocked: true, continue: false, stopReason: 'no' });
    expect(await dispatch('afterShellExecution', [{ command: emit('no', 2) }], shell)).toMatchObject({ blocked: false, runs: [{ outcome: 'error' }] });
  });
  it.each(['preToolUse', 'beforeShellExecution', 'beforeMCPExecution', 'beforeReadFile', 'beforeTabFileRead', 'subagentStart', 'beforeSubmitPrompt'])('invalid JSON from a %s hook blocks (without failClosed)', async (event) => {
    const payload = { tool_name: 'Shell', command: 'ls', file_path: '/a', prompt: 'x' };
    const res = await dispatch(event, [{ command: emit('{"permission": "allow"') }], payload);
    expect(res).toMatchObject({ blocked: true, reason: `Hook ${event} returned stdout that is not valid JSON. The action was blocked for safety.`, runs: [{ outcome: 'error' }] });
    if (event !== 'beforeSubmitPrompt') expect(res.permissionDecision).toBe('deny');
    else expect(res.continue).toBe(false);
  });
  it('a JSON array blocks a gate too; a BOM and trailing newline are tolerated; non-gate events log unreadable output and go on', async () => {
    expect((await dispatch('beforeShellExecution', [{ command: emit('[{"permission":"allow"}]') }], shell)).blocked).toBe(true);
    expect(await dispatch('beforeShellExecution', [{ command: emit('\uFEFF{"permission":"allow"}\n') }], shell)).toMatchObject({ blocked: false, permissionDecision: 'allow' });
    expect(await dispatch('afterShellExecution', [{ command: emit('not json') }], shell)).toMatchObject({ blocked: false, runs: [{ outcome: 'error' }] });
    expect(await dispatch('stop', [{ command: emit('not json') }], {})).toMatchObject({ blocked: false, runs: [{ outcome: 'error' }] });
  });
  it('ask: kept on beforeShellExecution and preToolUse, a deny on subagentStart and beforeReadFile', async () => {
    const ask = { command: emit({ permission: 'ask', user_message: 'sure?' }) };
    expect(await dispatch('beforeShellExecution', [ask], shell)).toMatchObject({ blocked: false, permissionDecision: 'ask', permissionDecisionReason: 'sure?' });
    expect(await dispatch('preToolUse', [ask], { tool_name: 'Shell' })).toMatchObject({ blocked: false, permissionDecision: 'ask' });
    expect(await dispatch('subagentStart', [ask], { subagent_type: 'explore' })).toMatchObject({ blocked: true, permissionDecision: 'deny', reason: 'sure?' });
    expect(await dispatch('beforeReadFile', [ask], { file_path: '/a' })).toMatchObject({ blocked: true, permissionDecision: 'deny' });
  });
  it('preToolUse updated_input replaces tool_input (also with the allow of another hook); a deny drops it', async () => {
    const rewrite = { command: emit({ permission: 'allow', updated_input: { command: 'ls -la' } }) };
    const res = await dispatch('preToolUse', [{ command: emit({ permission: 'allow' }) }, rewrite], { tool_name: 'Shell', tool_input: { command: 'ls' } });
    expect(res).toMatchObject({ blocked: false, permissionDecision: 'allow', updatedInput: { command: 'ls -la' } });
    expect(res.hookSpecificOutput).toEqual({ hookEventName: 'preToolUse', permission: 'allow', updated_input: { command: 'ls -la' } });
    const denied = await dispatch('preToolUse', [rewrite, { command: emit({ permission: 'deny', user_message: 'no' }) }], { tool_name: 'Shell' });
    expect(denied).toMatchObject({ blocked: true, permissionDecision: 'deny' });
    expect(denied.updatedInput).toBeUndefined();
  });
  it('agentMessage is agent_message, else user_message (what 3.9.16 delivers to the model)', async () => {
    expect(await dispatch('beforeShellExecution', [{ command: emit({ permission: 'deny', user_message: 'shown' }) }], shell)).toMatchObject({ userMessage: 'shown', agentMessage: 'shown' });
    expect(await dispatch('beforeShellExecution', [{ command: emit({ permission: 'deny', user_message: 'shown', agent_message: 'told' }) }], shell)).toMatchObject({ reason: 'shown', userMessage: 'shown', agentMessage: 'told' });
  });
  it('postToolUse: additional_context from every hook in priority order; updated_mcp_tool_output only for MCP: tools', async () => {
    const r = registry(folder());
    const hook = (text: string) => ({ command: emit({ additional_context: text, updated_mcp_tool_output: { text } }) });
    r.addConfig({ hooks: { postToolUse: [hook('user')] } }, { source: 'user' });
    r.addConfig({ hooks: { postToolUse: [hook('project')] } }, { source: 'project' });
    const mcp = await r.dispatch('postToolUse', { tool_name: 'MCP:search', tool_input: {} });
    expect(mcp.injectContext).toBe('project\n\nuser');
    expect(mcp.hookSpecificOutput).toEqual({ hookEventName: 'postToolUse', additional_context: 'project\n\nuser', updated_mcp_tool_output: { text: 'project' } });
    expect((await r.dispatch('postToolUse', { tool_name: 'Shell', tool_input: {} })).hookSpecificOutput).toEqual({ hookEventName: 'postToolUse', additional_context: 'project\n\nuser' });
  });
  it('sessionStart env reaches the session\'s later hook processes (not another conversation\'s) and additional_context is injected; sessionEnd forgets it', async () => {
    const dir = folder();
    const file = join(dir, 'in.jsonl');
    const r = registry(dir);
    user(r, 'sessionStart', [{ command: emit({ env: { FEATURE_FLAG: 'on' }, additional_context: 'Repo rules: be brief', continue: false }) }]);
    user(r, 'afterAgentResponse', [{ command: capture(file, 'FEATURE_FLAG') }]);
    user(r, 'sessionEnd', [{ command: 'true' }]);
    const start = await r.dispatch('sessionStart', { composer_mode: 'agent' });
    // continue:false is accepted but not enforced on sessionStart.
    expect(start).toMatchObject({ blocked: false, env: { FEATURE_FLAG: 'on' }, injectContext: 'Repo rules: be brief' });
    expect(start.continue).toBeUndefined();
    await r.dispatch('afterAgentResponse', { text: 'a' });
    await r.dispatch('afterAgentResponse', { text: 'b', conversation_id: 'other' });
    await r.dispatch('sessionEnd', { reason: 'completed' });
    await r.dispatch('afterAgentResponse', { text: 'c' });
    expect(lines(file).map((l) => l.env.FEATURE_FLAG)).toEqual(['on', null, null]);
  });
  it('preCompact user_message is shown to the user (systemMessage); workspaceOpen pluginPaths are merged', async () => {
    expect(await dispatch('preCompact', [{ command: emit({ user_message: 'Compacting…' }) }], { trigger: 'auto' })).toMatchObject({ systemMessage: 'Compacting…', userMessage: 'Compacting…' });
    expect((await dispatch('workspaceOpen', [{ command: emit({ pluginPaths: ['/p1'] }) }, { command: emit({ pluginPaths: ['/p1', '/p2'] }) }], {})).pluginPaths).toEqual(['/p1', '/p2']);
  });
});

describe('cursor profile: failures and failClosed', () => {
  const dispatch = async (event: string, hook: Record<string, unknown>, payload: Record<string, unknown> = { command: 'ls' }, options?: Record<string, unknown>) => {
    const r = registry(folder(), [], options);
    user(r, event, [hook]);
    return r.dispatch(event as never, payload as never);
  };
  it('a crash fails open; with failClosed it blocks, and the agent is shown the stack trace', async () => {
    expect(await dispatch('beforeShellExecution', { command: script('crash.mjs') })).toMatchObject({ blocked: false, runs: [{ outcome: 'error' }] });
    const closed = await dispatch('beforeShellExecution', { command: script('crash.mjs'), failClosed: true });
    expect(closed).toMatchObject({ blocked: true, permissionDecision: 'deny', runs: [{ outcome: 'error' }] });
    expect(closed.reason).toMatch(/^hook failed closed: hook exited with code 1/);
    expect(closed.agentMessage).toContain('Error: hook crashed on purpose');
  });
  it('a timeout fails open; with failClosed it blocks (outcome timeout)', async () => {
    const slow = { command: `${script('sleep-then.sh')} 5`, timeout: 1 };
    expect(await dispatch('beforeMCPExecution', slow, { tool_name: 't' })).toMatchObject({ blocked: false, runs: [{ outcome: 'timeout' }] });
    const closed = await dispatch('beforeMCPExecution', { ...slow, failClosed: true }, { tool_name: 't' });
    expect(closed).toMatchObject({ blocked: true, permissionDecision: 'deny', reason: 'hook failed closed: hook timed out after 1 s', runs: [{ outcome: 'timeout' }] });
  });
  it('failClosed: empty output, or JSON without a decision, blocks; beforeSubmitPrompt without `continue` too', async () => {
    expect((await dispatch('beforeReadFile', { command: 'true', failClosed: true }, { file_path: '/a' })).reason).toBe('hook failed closed: it returned no output');
    expect((await dispatch('beforeReadFile', { command: emit({ user_message: 'hi' }), failClosed: true }, { file_path: '/a' })).blocked).toBe(true);
    expect((await dispatch('beforeReadFile', { command: emit({ user_message: 'hi' }) }, { file_path: '/a' })).blocked).toBe(false);
    expect(await dispatch('beforeSubmitPrompt', { command: emit({}), failClosed: true }, { prompt: 'x' })).toMatchObject({ blocked: true, continue: false });
  });
  it('failClosed is ignored on events that cannot block', async () => {
    expect(await dispatch('postToolUse', { command: script('crash.mjs'), failClosed: true }, { tool_name: 'Shell' })).toMatchObject({ blocked: false, runs: [{ outcome: 'error' }] });
  });
  it('the strictGates option: JSON without `permission` blocks a gate', async () => {
    expect((await dispatch('beforeShellExecution', { command: emit({}) }, { command: 'ls' }, { strictGates: true })).blocked).toBe(true);
    expect((await dispatch('beforeShellExecution', { command: emit({}) })).blocked).toBe(false);
  });
});

describe('cursor profile: timeouts are seconds', () => {
  it('timeout 2 lets a 1 s hook finish (milliseconds would kill it); timeout 1 kills a 5 s hook at about 1 s', async () => {
    const r = registry(folder());
    user(r, 'beforeShellExecution', [{ command: `${script('sleep-then.sh')} 1 ${sh('{"permission":"deny","user_message":"late"}')}`, timeout: 2 }]);
    expect(r.listHooks('beforeShellExecution')[0]).toMatchObject({ timeoutMs: 2000 });
    expect(await r.dispatch('beforeShellExecution', { command: 'ls' })).toMatchObject({ blocked: true, reason: 'late' });
    const k = registry(folder());
    user(k, 'afterShellExecution', [{ command: `${script('sleep-then.sh')} 5`, timeout: 1 }]);
    const t0 = Date.now();
    expect((await k.dispatch('afterShellExecution', { command: 'ls' })).runs[0]).toMatchObject({ outcome: 'timeout', message: 'hook timed out after 1 s' });
    expect(Date.now() - t0).toBeLessThan(3000);
    await k.close();
  });
  it('the default is 60 s (the defaultTimeoutSec option changes it); a timeout that looks like milliseconds is warned about and still read as seconds', () => {
    const warnings: string[] = [];
    const r = registry(folder(), warnings);
    user(r, 'stop', [{ command: 'true' }, { command: 'true', timeout: 10000 }]);
    expect(r.listHooks('stop').map((h) => h.timeoutMs)).toEqual([60_000, 10_000_000]);
    expect(warnings.join('\n')).toContain('Cursor reads seconds');
    const o = registry(folder(), [], { defaultTimeoutSec: 5 });
    user(o, 'stop', [{ command: 'true' }]);
    expect(o.listHooks('stop')[0]!.timeoutMs).toBe(5000);
    expect(() => registry(folder(), [], { defaultTimeoutSec: 0 })).toThrow(/defaultTimeoutSec/);
  });
});

describe('cursor profile: follow-ups, loop_limit and loop_count', () => {
  const stopHook = (extra: Record<string, unknown> = {}, text = 'again') => ({ command: emit({ followup_message: text }), ...extra });
  const count = async (r: HookRegistry<'cursor'>, n: number, payload: Record<string, unknown> = {}, event = 'stop'): Promise<(string | undefined)[]> => {
    const out: (string | undefined)[] = [];
    for (let i = 0; i < n; i++) out.push((await r.dispatch(event as never, payload as never)).followupMessage);
    return out;
  };
  it('loop_limit defaults to 5 per script; loop_count on stdin counts the follow-ups so far', async () => {
    const dir = folder();
    const file = join(dir, 'in.jsonl');
    const r = registry(dir);
    user(r, 'stop', [stopHook(), { command: capture(file) }]);
    expect(await count(r, 6)).toEqual(['again', 'again', 'again', 'again', 'again', undefined]);
    expect(lines(file).map((l) => l.stdin.loop_count)).toEqual([0, 1, 2, 3, 4, 5]);
  });
  it('the capped run says why; loop_limit 0 never follows up; null never stops', async () => {
    const r = registry(folder());
    user(r, 'stop', [stopHook({ loop_limit: 1 })]);
    await r.dispatch('stop', {});
    const capped = await r.dispatch('stop', {});
    expect(capped).toMatchObject({ blocked: false, runs: [{ outcome: 'ok', message: 'followup_message dropped: loop_limit 1 reached' }] });
    const zero = registry(folder());
    user(zero, 'stop', [stopHook({ loop_limit: 0 })]);
    expect(await count(zero, 1)).toEqual([undefined]);
    const none = registry(folder());
    user(none, 'stop', [stopHook({ loop_limit: null })]);
    expect((await count(none, 8)).every((m) => m === 'again')).toBe(true);
  });
  it('the highest-priority hook under its limit gives the follow-up: project over user, then user once project is spent', async () => {
    const r = registry(folder());
    r.addConfig({ hooks: { stop: [stopHook({}, 'from user')] } }, { source: 'user' });
    r.addConfig({ hooks: { stop: [stopHook({ loop_limit: 2 }, 'from project')] } }, { source: 'project' });
    expect(await count(r, 4)).toEqual(['from project', 'from project', 'from user', 'from user']);
  });
  it('a conversation\'s counts are its own, and start again after a stop without a follow-up', async () => {
    const r = registry(folder());
    user(r, 'stop', [stopHook({ loop_limit: 1 })]);
    expect(await count(r, 1)).toEqual(['again']);
    expect(await count(r, 1, { conversation_id: 'other' })).toEqual(['again']);
    expect(await count(r, 2)).toEqual([undefined, 'again']);
  });
  it('subagentStop: only a completed subagent follows up, counted per subagent', async () => {
    const r = registry(folder());
    user(r, 'subagentStop', [stopHook({ loop_limit: 1 })]);
    expect((await r.dispatch('subagentStop', { subagent_type: 'explore', status: 'error' })).followupMessage).toBeUndefined();
    expect(await count(r, 2, { subagent_id: 'a', subagent_type: 'explore', status: 'completed' }, 'subagentStop')).toEqual(['again', undefined]);
    expect(await count(r, 1, { subagent_id: 'b', subagent_type: 'explore', status: 'completed' }, 'subagentStop')).toEqual(['again']);
  });
  it('Claude\'s Stop shape, decision "block" + reason, is a follow-up', async () => {
    const r = registry(folder());
    user(r, 'stop', [{ command: emit({ decision: 'block', reason: 'run the tests' }) }]);
    expect(await r.dispatch('stop', {})).toMatchObject({ blocked: true, followupMessage: 'run the tests', hookSpecificOutput: { hookEventName: 'stop', followup_message: 'run the tests' } });
  });
});

describe('cursor profile: hooks run in parallel, merged by priority', () => {
  it('two 1 s hooks take about 1 s together, and both run when one denies', async () => {
    const r = registry(folder());
    const deny = `${script('sleep-then.sh')} 1 ${sh('{"permission":"deny","user_message":"first"}')}`;
    const allow = `${script('sleep-then.sh')} 1 ${sh('{"permission":"allow"}')}`;
    user(r, 'beforeShellExecution', [{ command: deny }, { command: allow }]);
    const t0 = Date.now();
    const res = await r.dispatch('beforeShellExecution', { command: 'ls' });
    const took = Date.now() - t0;
    // Together: the dispatch takes about as long as the longer hook, not their sum (each ≥ 1 s, however
    // slowly a hook starts on a loaded machine).
    const [a, b] = res.runs.map((x) => x.durationMs);
    expect(Math.min(a!, b!)).toBeGreaterThanOrEqual(1000);
    expect(took).toBeLessThan(a! + b! - 500);
    expect(res).toMatchObject({ blocked: true, reason: 'first' });
    expect(res.runs.map((x) => x.outcome)).toEqual(['block', 'ok']);
  });
  it('deny beats ask beats allow whatever the order; among denies, the higher-priority source\'s messages win', async () => {
    const r = registry(folder());
    r.addConfig({ hooks: { beforeShellExecution: [{ command: emit({ permission: 'allow' }) }, { command: emit({ permission: 'ask', user_message: 'ask?' }) }, { command: emit({ permission: 'deny', user_message: 'user says no' }) }] } }, { source: 'user' });
    r.addConfig({ hooks: { beforeShellExecution: [{ command: emit({ permission: 'deny', user_message: 'enterprise says no' }) }] } }, { source: 'managed' });
    expect(await r.dispatch('beforeShellExecution', { command: 'ls' })).toMatchObject({ blocked: true, permissionDecision: 'deny', reason: 'enterprise says no' });
    const a = registry(folder());
    a.addConfig({ hooks: { beforeShellExecution: [{ command: emit({ permission: 'allow' }) }, { command: emit({ permission: 'ask', user_message: 'ask?' }) }] } }, { source: 'user' });
    expect(await a.dispatch('beforeShellExecution', { command: 'ls' })).toMatchObject({ blocked: false, permissionDecision: 'ask', userMessage: 'ask?' });
  });
  it('the profile says it runs hooks concurrently (the record starts every run at 0)', async () => {
    const records: string[] = [];
    const r = registry(folder(), [], { record: { write: (l: string) => void records.push(l) } });
    user(r, 'afterShellExecution', [{ command: `${script('sleep-then.sh')} 0.2` }, { command: `${script('sleep-then.sh')} 0.2` }]);
    await r.dispatch('afterShellExecution', { command: 'ls' });
    expect(JSON.parse(records[0]!).runs.map((x: { startMs: number }) => x.startMs)).toEqual([0, 0]);
  });
});

describe('cursor profile: config', () => {
  it('a version other than 1 is warned about and loaded; a malformed entry rejects the whole file with its path', () => {
    const warnings: string[] = [];
    const r = registry(folder(), warnings);
    expect(r.addConfig({ version: 2, hooks: { stop: [{ command: 'true' }] } }, { source: 'user' }).added).toHaveLength(1);
    expect(warnings.join('\n')).toContain('version 2');
    expect(() => r.addConfig({ version: 1, hooks: { stop: [{ command: 'true' }, { command: 'true', loop_limit: 1.5 }] } }, { source: 'user' })).toThrow(/hooks\.stop\[1\]\.loop_limit/);
    expect(r.listHooks('stop')).toHaveLength(1);
  });
  it('unknown handler keys are ignored; an unknown event is skipped with a warning, the others load', () => {
    const warnings: string[] = [];
    const r = registry(folder(), warnings);
    const report = r.addConfig({ version: 1, hooks: { stop: [{ command: 'true', name: 'n', _agent_config_tag: 't' }], afterTerminalOpen: [{ command: 'true' }] } }, { source: 'user' });
    expect(report.added.map((a) => a.event)).toEqual(['stop']);
    expect(warnings.join('\n')).toContain('unknown hook event "afterTerminalOpen"');
  });
  it('sources: managed, project, user, plugin; project hooks need allowProjectHooks', () => {
    const r = new HookRegistry({ profile: 'cursor', settings: { enableShellHooks: true }, logger: { warn: () => {} } });
    expect(r.addConfig({ hooks: { stop: [{ command: 'true' }] } }, { source: 'project' }).skipped[0]!.gate).toBe('allowProjectHooks');
    expect(r.addConfig({ hooks: { stop: [{ command: 'true' }] } }, { source: 'managed' }).added).toHaveLength(1);
    expect(() => r.addConfig({ hooks: {} }, { source: 'local' as never })).toThrow(/'managed', 'project', 'user', 'plugin'/);
  });
});
