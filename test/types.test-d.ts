import { describe, expectTypeOf, it } from 'vitest';
import { HookRegistry, type DispatchResult, type EVENT_SPECS, type HookEvent, type HookInput, type HookPayloads } from '../src/index.js';

// The keys of T that are required.
type RequiredKeys<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? never : K }[keyof T];
type SpecRequired<E extends HookEvent> = (typeof EVENT_SPECS)[E]['required'][number];

describe('payload types', () => {
  const registry = new HookRegistry();

  it('accepts each event’s payload and resolves to a DispatchResult', () => {
    expectTypeOf(registry.dispatch('PreToolUse', { toolName: 'bash', input: { command: 'ls' } })).toEqualTypeOf<Promise<DispatchResult>>();
    registry.dispatch('SubagentStop', { subagentId: 'a', status: 'failed', lastMessage: 'x' });
    registry.dispatch('Stop', { stopHookActive: true, continuation: 1 });
  });

  it('makes a missing required field a compile error', () => {
    // @ts-expect-error toolName is required on PreToolUse
    registry.dispatch('PreToolUse', { input: {} });
    // @ts-expect-error error is required on PostToolUseFailure
    registry.dispatch('PostToolUseFailure', { toolName: 'bash' });
    // @ts-expect-error subagentId is required on SubagentStart
    registry.dispatch('SubagentStart', {});
    // @ts-expect-error status is required on SubagentStop
    registry.dispatch('SubagentStop', { subagentId: 'a' });
    // @ts-expect-error prompt is required on UserPromptSubmit
    registry.dispatch('UserPromptSubmit', {});
  });

  it('makes a wrong field or a wrong value a compile error', () => {
    // @ts-expect-error `tool` is not a PreToolUse field
    registry.dispatch('PreToolUse', { toolName: 'bash', tool: 'x' });
    // @ts-expect-error status must be one of the listed states
    registry.dispatch('SubagentStop', { subagentId: 'a', status: 'done' });
    // @ts-expect-error trigger is manual or auto
    registry.dispatch('PreCompact', { trigger: 'sometimes' });
    // @ts-expect-error not an event
    registry.dispatch('PreToolUze', {});
  });

  it('types handler payloads by event, with the event name', () => {
    registry.register('PreToolUse', (payload, context) => {
      expectTypeOf(payload.event).toEqualTypeOf<'PreToolUse'>();
      expectTypeOf(payload.toolName).toEqualTypeOf<string>();
      expectTypeOf(context.signal).toEqualTypeOf<AbortSignal>();
      return { decision: 'block', reason: 'x' };
    });
    registry.register('UserPromptSubmit', async (payload) => {
      expectTypeOf(payload).toEqualTypeOf<HookInput<'UserPromptSubmit'>>();
      return { injectContext: payload.prompt };
    });
    // @ts-expect-error decision must be approve or block
    registry.register('Stop', () => ({ decision: 'deny' }));
  });

  it('keeps the catalogue’s required fields equal to the payload types’ required keys', () => {
    expectTypeOf<SpecRequired<'PreToolUse'>>().toEqualTypeOf<RequiredKeys<HookPayloads['PreToolUse']>>();
    expectTypeOf<SpecRequired<'PostToolUse'>>().toEqualTypeOf<RequiredKeys<HookPayloads['PostToolUse']>>();
    expectTypeOf<SpecRequired<'PostToolUseFailure'>>().toEqualTypeOf<RequiredKeys<HookPayloads['PostToolUseFailure']>>();
    expectTypeOf<SpecRequired<'SubagentStart'>>().toEqualTypeOf<RequiredKeys<HookPayloads['SubagentStart']>>();
    expectTypeOf<SpecRequired<'SubagentStop'>>().toEqualTypeOf<RequiredKeys<HookPayloads['SubagentStop']>>();
    expectTypeOf<SpecRequired<'UserPromptSubmit'>>().toEqualTypeOf<RequiredKeys<HookPayloads['UserPromptSubmit']>>();
    expectTypeOf<SpecRequired<'Stop'>>().toEqualTypeOf<RequiredKeys<HookPayloads['Stop']>>();
    expectTypeOf<SpecRequired<'SessionStart'>>().toEqualTypeOf<never>();
  });
});
