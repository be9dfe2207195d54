import { describe, expectTypeOf, it } from 'vitest';
import { HookRegistry, type ClaudeDispatchResult, type ClaudeHookInput, type DispatchResult } from '../../../src/index.js';

describe('profile typing', () => {
  it('types dispatch payloads and results by profile', () => {
    const claude = new HookRegistry({ profile: 'claude' });
    expectTypeOf(claude.dispatch('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't1' })).toEqualTypeOf<Promise<ClaudeDispatchResult>>();
    claude.dispatch('SessionStart', { source: 'resume', session_id: 'given' });
    // @ts-expect-error camelCase is the default profile's
    claude.dispatch('PreToolUse', { toolName: 'bash' });
    // @ts-expect-error tool_use_id is required
    claude.dispatch('PreToolUse', { tool_name: 'Bash', tool_input: {} });
    const plain = new HookRegistry();
    expectTypeOf(plain.dispatch('PreToolUse', { toolName: 'bash' })).toEqualTypeOf<Promise<DispatchResult>>();
    // @ts-expect-error Elicitation is a claude event only
    plain.dispatch('Elicitation', {});
  });

  it('types claude handlers: the hook input in, Claude Code’s JSON output out', () => {
    const claude = new HookRegistry({ profile: 'claude' });
    claude.register('PreToolUse', (input) => {
      expectTypeOf(input).toEqualTypeOf<ClaudeHookInput<'PreToolUse'>>();
      expectTypeOf(input.tool_name).toEqualTypeOf<string>();
      return { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no' } };
    });
    // @ts-expect-error permissionDecision must be allow, deny, ask or defer
    claude.register('PreToolUse', () => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'maybe' } }));
  });
});
