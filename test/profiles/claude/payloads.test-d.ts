import { describe, expectTypeOf, it } from 'vitest';
import type { CLAUDE_EVENT_SPECS, ClaudeHookEvent } from '../../../src/profiles/claude/events.js';
import type {
  ClaudeCommonInput,
  ClaudeHookInput,
  ClaudeHookOutput,
  ClaudeHookPayloads,
  ClaudeHookSpecificOutput,
  ClaudeHookSpecificOutputs,
  PreToolUseInput,
  SessionStartInput,
} from '../../../src/profiles/claude/payloads.js';

// The keys of T that are required.
type RequiredKeys<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? never : K }[keyof T];
type SpecRequired<E extends ClaudeHookEvent> = (typeof CLAUDE_EVENT_SPECS)[E]['required'][number];
type SpecOutputFields<E extends ClaudeHookEvent> = (typeof CLAUDE_EVENT_SPECS)[E]['outputFields'][number];

describe('claude payload types', () => {
  it('has a payload and an output entry for exactly the catalogue’s events', () => {
    expectTypeOf<keyof ClaudeHookPayloads>().toEqualTypeOf<ClaudeHookEvent>();
    expectTypeOf<keyof ClaudeHookSpecificOutputs>().toEqualTypeOf<ClaudeHookEvent>();
  });

  it('keeps every event’s catalogue `required` equal to its payload’s required keys', () => {
    // One assertion over all 33 events: a mismatch names the event's property in the error.
    expectTypeOf<{ [E in ClaudeHookEvent]: SpecRequired<E> }>().toEqualTypeOf<{
      [E in ClaudeHookEvent]: RequiredKeys<ClaudeHookPayloads[E]>;
    }>();
    expectTypeOf<SpecRequired<'PreToolUse'>>().toEqualTypeOf<'tool_name' | 'tool_input' | 'tool_use_id'>();
    expectTypeOf<SpecRequired<'SubagentStart'>>().toEqualTypeOf<never>();
  });

  it('keeps every event’s catalogue `outputFields` equal to its hookSpecificOutput fields', () => {
    expectTypeOf<{ [E in ClaudeHookEvent]: SpecOutputFields<E> }>().toEqualTypeOf<{
      [E in ClaudeHookEvent]: keyof ClaudeHookSpecificOutputs[E];
    }>();
  });

  it('makes a missing required field or a wrong enum value a compile error', () => {
    // @ts-expect-error tool_name is required on PreToolUse
    const noToolName: PreToolUseInput = { tool_input: {}, tool_use_id: 't1' };
    // @ts-expect-error source is one of startup, resume, clear, compact, fork
    const badSource: SessionStartInput = { source: 'boot' };
    // @ts-expect-error error is required on PostToolUseFailure
    const noError: ClaudeHookPayloads['PostToolUseFailure'] = { tool_name: 'Bash', tool_input: {}, tool_use_id: 't1' };
    // @ts-expect-error trigger is manual or auto
    const badTrigger: ClaudeHookPayloads['PreCompact'] = { trigger: 'sometimes', custom_instructions: '' };
    const ok: PreToolUseInput = { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't1' };
    void [noToolName, badSource, noError, badTrigger, ok];
  });

  it('gives a hook the event fields, the common fields and the event name', () => {
    expectTypeOf<ClaudeHookInput<'PreToolUse'>>().toEqualTypeOf<
      PreToolUseInput & ClaudeCommonInput & { hook_event_name: 'PreToolUse' }
    >();
    expectTypeOf<ClaudeHookInput<'FileChanged'>['file_path']>().toEqualTypeOf<string>();
    expectTypeOf<ClaudeHookInput<'SubagentStart'>['agent_type']>().toEqualTypeOf<string | undefined>();
    const input = {} as ClaudeHookInput;
    if (input.hook_event_name === 'StopFailure') expectTypeOf(input.error).toEqualTypeOf<ClaudeHookPayloads['StopFailure']['error']>();
  });

  it('types the JSON output and each event’s hookSpecificOutput', () => {
    const outputs: ClaudeHookOutput[] = [
      { continue: false, stopReason: 'done', systemMessage: 'w' },
      { decision: 'block', reason: 'no' },
      { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'defer', updatedInput: { a: 1 } } },
      { hookSpecificOutput: { permissionDecision: 'ask' } },
      { hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow', updatedInput: {} } } },
      { hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', interrupt: true } } },
      { hookSpecificOutput: { hookEventName: 'ElicitationResult', action: 'decline' } },
      { hookSpecificOutput: { hookEventName: 'SessionEnd' } },
    ];
    void outputs;
    expectTypeOf<ClaudeHookSpecificOutput<'PermissionDenied'>>().toEqualTypeOf<{
      hookEventName?: 'PermissionDenied';
      retry?: boolean;
    }>();

    // @ts-expect-error decision is approve or block
    const badDecision: ClaudeHookOutput = { decision: 'deny' };
    // @ts-expect-error PreModelSwitch cannot defer
    const noDefer: ClaudeHookSpecificOutput<'PreModelSwitch'> = { permissionDecision: 'defer' };
    // @ts-expect-error a deny decision has no updatedInput
    const denyInput: ClaudeHookSpecificOutput<'PermissionRequest'> = { decision: { behavior: 'deny', updatedInput: {} } };
    // @ts-expect-error Elicitation's action is accept, decline or cancel
    const badAction: ClaudeHookSpecificOutput<'Elicitation'> = { action: 'ignore' };
    // @ts-expect-error retry is not a PreToolUse field
    const wrongEvent: ClaudeHookOutput = { hookSpecificOutput: { hookEventName: 'PreToolUse', retry: true } };
    void [badDecision, noDefer, denyInput, badAction, wrongEvent];
  });
});
