import { describe, expect, it } from 'vitest';
import { HOOK_EVENTS, toCommandInput, type HookEvent, type HookPayloads } from '../../../src/index.js';

const session = { sessionId: 'reg-session', cwd: '/work/project', transcriptPath: '/t/x.md' };

// Payloads with every in-process field filled in, to show that none leaks into stdin.
const FULL: { [E in HookEvent]: HookPayloads[E] } = {
  SessionStart: { sessionId: 's1', parentSessionId: 'parent' },
  SessionEnd: { sessionId: 's1', reason: 'exit', parentSessionId: 'p', tracePath: '/trace', cwd: '/elsewhere', assistantTexts: ['hi'] },
  SubagentStart: { subagentId: 'sub', parentSessionId: 'p' },
  SubagentStop: { subagentId: 'sub', status: 'failed', reason: 'r', lastMessage: 'm', agentType: 'a', durationMs: 5, trace: [1] },
  PreToolUse: { toolName: 'bash', input: { command: 'ls' }, sessionId: 's1', subagentId: 'sub', parentSessionId: 'p', cwd: '/c', grantManager: {}, nonInteractive: true, toolUseId: 'u' },
  PostToolUse: { toolName: 'bash', toolUseId: 'u', sessionId: 's1', subagentId: 'sub', parentSessionId: 'p', rootSessionId: 'r', input: { command: 'ls' }, output: 'a b', isError: false, grantManager: {}, incomplete: false, incompleteReason: 'x' },
  PreCompact: { sessionId: 's1', trigger: 'auto' },
  PostToolUseFailure: { toolName: 'edit', error: 'boom', toolUseId: 'u', sessionId: 's1', subagentId: 'sub', parentSessionId: 'p', input: { file: 'a' } },
  Stop: { sessionId: 's1', parentSessionId: 'p', terminalState: 'done', doneHasCorroboratingEvidence: true, doneEvidenceClassification: 'verified', stopHookActive: true, continuation: 2, assistantText: 'done', successfulToolNames: ['bash'] },
  UserPromptSubmit: { prompt: 'fix it', sessionId: 's1' },
};

const COMMON = ['hook_event_name', 'session_id', 'cwd', 'transcript_path'];
const KEYS: Record<HookEvent, string[]> = {
  SessionStart: COMMON,
  SessionEnd: COMMON,
  SubagentStart: COMMON,
  SubagentStop: COMMON,
  PreToolUse: [...COMMON, 'tool_name', 'tool_input'],
  PostToolUse: [...COMMON, 'tool_name', 'tool_input', 'tool_output'],
  PreCompact: [...COMMON, 'trigger'],
  PostToolUseFailure: [...COMMON, 'tool_name', 'tool_input', 'error'],
  Stop: [...COMMON, 'stop_hook_active', 'continuation'],
  UserPromptSubmit: [...COMMON, 'prompt'],
};

describe('toCommandInput', () => {
  it.each(HOOK_EVENTS)('gives %s exactly its documented key set, in order', (event) => {
    const input = toCommandInput(event, FULL[event] as never, session);
    expect(Object.keys(input)).toEqual(KEYS[event]);
    expect(input.hook_event_name).toBe(event);
    expect(input.cwd).toBe('/work/project'); // the registration session's, never the payload's
    expect(input.transcript_path).toBe('/t/x.md');
  });

  it('takes session_id from the payload, else the registration session, and omits it when neither is known', () => {
    expect(toCommandInput('SessionStart', { sessionId: 'from-payload' }, session).session_id).toBe('from-payload');
    expect(toCommandInput('SubagentStart', { subagentId: 'x' }, session).session_id).toBe('reg-session');
    const none = toCommandInput('SessionStart', {}, { cwd: '/w' });
    expect('session_id' in none).toBe(false);
    expect(none.transcript_path).toBeNull();
  });

  it('fills the event fields as documented', () => {
    expect(toCommandInput('PreToolUse', { toolName: 'bash' }, session)).toMatchObject({ tool_name: 'bash', tool_input: {} });
    expect(toCommandInput('PostToolUse', { toolName: 'bash', output: { lines: 2 } }, session).tool_output).toBe('{"lines":2}');
    expect('tool_output' in toCommandInput('PostToolUse', { toolName: 'bash' }, session)).toBe(false);
    expect(toCommandInput('PostToolUseFailure', { toolName: 'bash', error: 'boom' }, session).error).toBe('boom');
    expect(toCommandInput('PreCompact', {}, session).trigger).toBeNull();
    expect(toCommandInput('PreCompact', { trigger: 'manual' }, session).trigger).toBe('manual');
    expect(toCommandInput('Stop', {}, session)).toMatchObject({ stop_hook_active: false, continuation: 0 });
    expect(toCommandInput('Stop', { stopHookActive: true, continuation: 1 }, session)).toMatchObject({ stop_hook_active: true, continuation: 1 });
    expect(toCommandInput('UserPromptSubmit', { prompt: 'p' }, session).prompt).toBe('p');
  });

  it('serializes output that JSON cannot represent without throwing', () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(typeof toCommandInput('PostToolUse', { toolName: 'x', output: circular }, session).tool_output).toBe('string');
  });
});
