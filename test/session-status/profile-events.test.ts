// trackSessionStatus through the other profiles' own events: real dispatches through a registry of each
// profile, on a fake clock, and the tables' rows citing their sources.
import { describe, expect, it } from 'vitest';
import { HookRegistry, trackSessionStatus } from '../../src/index.js';
import { STATUS_TABLES } from '../../src/session-status/profile-events.js';
import { makeFakeClock } from '../helpers/fake-clock.js';

const MIN = 60_000;

function track(registry: ConstructorParameters<typeof HookRegistry>[0] & object, sessionId = 's1') {
  const r = new HookRegistry(registry as never) as unknown as { dispatch(event: string, payload: unknown): Promise<unknown> } & Parameters<typeof trackSessionStatus>[0];
  const clock = makeFakeClock();
  const tracker = trackSessionStatus(r, { clock });
  return { clock, send: (event: string, payload: Record<string, unknown> = {}) => r.dispatch(event, payload), status: () => tracker.status(sessionId) };
}

describe('the status tables', () => {
  it('have a table per built-in profile, and every row cites its source', () => {
    expect(Object.keys(STATUS_TABLES).sort()).toEqual(['claude', 'codex', 'copilot', 'cursor', 'default', 'gemini']);
    for (const [profile, table] of Object.entries(STATUS_TABLES)) {
      for (const [event, row] of Object.entries(table.events)) expect(row.source.length, `${profile} ${event}`).toBeGreaterThan(10);
    }
  });

  it('name only events their profile has', async () => {
    for (const [profile, table] of Object.entries(STATUS_TABLES)) {
      const registry = new HookRegistry({ profile } as never);
      for (const event of Object.keys(table.events)) expect(() => registry.hasHooks(event as never), `${profile} ${event}`).not.toThrow();
    }
  });
});

describe('the default profile', () => {
  it('keys on the registry’s session; SessionStart, UserPromptSubmit, PostToolUse and Stop', async () => {
    const { send, status } = track({ session: { sessionId: 's1' } });
    await send('SessionStart');
    expect(status()).toBe('waiting');
    await send('UserPromptSubmit', { prompt: 'go' });
    expect(status()).toBe('working');
    await send('PostToolUseFailure', { toolName: 'bash', error: 'boom' });
    expect(status()).toBe('working');
    await send('Stop', { terminalState: 'done' });
    expect(status()).toBe('completed');
  });

  it('reads Stop’s terminalState: asking is input, interrupted latches, blocked is waiting', async () => {
    const { send, status } = track({ session: { sessionId: 's1' } });
    await send('UserPromptSubmit', { prompt: 'go' });
    await send('Stop', { terminalState: 'asking' });
    expect(status()).toBe('input');
    await send('UserPromptSubmit', { prompt: 'go' });
    await send('Stop', { terminalState: 'interrupted' });
    expect(status()).toBe('waiting');
    await send('PostToolUse', { toolName: 'bash' });
    expect(status()).toBe('waiting');
    await send('UserPromptSubmit', { prompt: 'go' });
    await send('Stop', { terminalState: 'blocked' });
    expect(status()).toBe('waiting');
  });

  it('holds a Stop working on its subagent counter, refreshed by a subagent’s PostToolUse, until the backstop', async () => {
    const { send, status, clock } = track({ session: { sessionId: 's1' } });
    await send('UserPromptSubmit', { prompt: 'go' });
    await send('SubagentStart', { subagentId: 'a1' });
    clock.advance(9 * MIN);
    await send('PostToolUse', { toolName: 'bash', subagentId: 'a1' });
    clock.advance(9 * MIN);
    await send('Stop', {});
    expect(status()).toBe('working');
    clock.advance(10 * MIN);
    expect(status()).toBe('completed');
  });
});

describe('the codex profile', () => {
  it('follows SessionStart, UserPromptSubmit, PermissionRequest, PostToolUse and Stop', async () => {
    const { send, status } = track({ profile: 'codex' });
    await send('SessionStart', { session_id: 's1', source: 'startup' });
    expect(status()).toBe('waiting');
    await send('UserPromptSubmit', { session_id: 's1', prompt: 'go' });
    expect(status()).toBe('working');
    await send('PermissionRequest', { session_id: 's1', tool_name: 'Bash', tool_input: { command: 'ls' } });
    expect(status()).toBe('input');
    await send('PostToolUse', { session_id: 's1', tool_name: 'Bash', tool_input: { command: 'ls' }, tool_response: 'ok' });
    expect(status()).toBe('working');
    await send('Stop', { session_id: 's1', stop_hook_active: false });
    expect(status()).toBe('completed');
  });

  it('holds a Stop on its subagents (no task list), ages a stale counter out, and keeps it across a compaction', async () => {
    const { send, status, clock } = track({ profile: 'codex' });
    const agent = { session_id: 's1', agent_id: 'a1', agent_type: 'worker' };
    await send('UserPromptSubmit', { session_id: 's1', prompt: 'go' });
    await send('SubagentStart', agent);
    await send('SessionStart', { session_id: 's1', source: 'compact' });
    await send('Stop', { session_id: 's1', stop_hook_active: false });
    expect(status()).toBe('working');
    await send('UserPromptSubmit', { session_id: 's1', prompt: 'go' });
    clock.advance(10 * MIN + 1);
    await send('Stop', { session_id: 's1', stop_hook_active: false });
    expect(status()).toBe('completed');
  });

  it('latches its Interrupt event against a late PostToolUse', async () => {
    const { send, status } = track({ profile: 'codex' });
    await send('UserPromptSubmit', { session_id: 's1', prompt: 'go' });
    await send('Interrupt', { session_id: 's1' });
    expect(status()).toBe('waiting');
    await send('PostToolUse', { session_id: 's1', tool_name: 'Bash', tool_input: {}, tool_response: 'ok' });
    expect(status()).toBe('waiting');
  });
});

describe('the cursor profile', () => {
  it('reads stop’s status: completed, aborted (an interrupt), error (waiting, and completed stays sticky)', async () => {
    const { send, status } = track({ profile: 'cursor', session: { sessionId: 'c1' } }, 'c1');
    await send('beforeSubmitPrompt', { prompt: 'go' });
    expect(status()).toBe('working');
    await send('stop', { status: 'completed' });
    expect(status()).toBe('completed');
    await send('stop', { status: 'error' });
    expect(status()).toBe('completed');
    await send('beforeSubmitPrompt', { prompt: 'go' });
    await send('stop', { status: 'error' });
    expect(status()).toBe('waiting');
    await send('beforeSubmitPrompt', { prompt: 'go' });
    await send('stop', { status: 'aborted' });
    expect(status()).toBe('waiting');
    await send('afterShellExecution', { command: 'ls', output: '' });
    expect(status()).toBe('waiting');
  });

  it('keys on conversation_id, and postToolUseFailure’s is_interrupt latches', async () => {
    const { send, status } = track({ profile: 'cursor' }, 'conv-1');
    await send('beforeSubmitPrompt', { conversation_id: 'conv-1', prompt: 'go' });
    await send('postToolUseFailure', { conversation_id: 'conv-1', tool_name: 'Shell', is_interrupt: true });
    expect(status()).toBe('waiting');
    await send('postToolUse', { conversation_id: 'conv-1', tool_name: 'Shell' });
    expect(status()).toBe('waiting');
  });

  it('holds a stop while its subagents run', async () => {
    const { send, status } = track({ profile: 'cursor', session: { sessionId: 'c1' } }, 'c1');
    await send('beforeSubmitPrompt', { prompt: 'go' });
    await send('subagentStart', { subagent_id: 'x', subagent_type: 'explore' });
    await send('stop', { status: 'completed' });
    expect(status()).toBe('working');
    await send('subagentStop', { subagent_id: 'x', subagent_type: 'explore', status: 'completed' });
    await send('stop', { status: 'completed' });
    expect(status()).toBe('completed');
  });
});

describe('the gemini profile', () => {
  it('BeforeAgent working, a ToolPermission Notification input, AfterTool working, AfterAgent completed', async () => {
    const { send, status } = track({ profile: 'gemini' });
    await send('SessionStart', { session_id: 's1', source: 'startup' });
    expect(status()).toBe('waiting');
    await send('BeforeAgent', { session_id: 's1', prompt: 'go' });
    expect(status()).toBe('working');
    await send('Notification', { session_id: 's1', notification_type: 'ToolPermission', message: 'allow?' });
    expect(status()).toBe('input');
    await send('AfterTool', { session_id: 's1', tool_name: 'run_shell_command', tool_input: {}, tool_response: {} });
    expect(status()).toBe('working');
    await send('AfterAgent', { session_id: 's1', prompt: 'go', prompt_response: 'done' });
    expect(status()).toBe('completed');
  });
});

describe('the copilot profile', () => {
  it('userPromptSubmitted working, permissionRequest input, agentStop completed, an unrecoverable errorOccurred waiting', async () => {
    const { send, status } = track({ profile: 'copilot' });
    await send('userPromptSubmitted', { sessionId: 's1', prompt: 'go' });
    expect(status()).toBe('working');
    await send('permissionRequest', { sessionId: 's1', toolName: 'bash' });
    expect(status()).toBe('input');
    await send('postToolUse', { sessionId: 's1', toolName: 'bash' });
    await send('agentStop', { sessionId: 's1' });
    expect(status()).toBe('completed');
    await send('userPromptSubmitted', { sessionId: 's1', prompt: 'go' });
    await send('errorOccurred', { sessionId: 's1', recoverable: true });
    expect(status()).toBe('working');
    await send('errorOccurred', { sessionId: 's1', recoverable: false });
    expect(status()).toBe('waiting');
  });
});
