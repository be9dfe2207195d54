import { describe, it } from 'vitest';
import { HookRegistry } from '../../../src/index.js';

// The Claude Agent SDK's published hook types, as its sdk.d.ts declares them (copied here: the package is
// not a dependency). A plugin typed against them must register unchanged.
type BaseHookInput = { session_id: string; transcript_path: string; cwd: string; permission_mode?: string };
type PreToolUseHookInput = BaseHookInput & { hook_event_name: 'PreToolUse'; tool_name: string; tool_input: unknown };
type StopHookInput = BaseHookInput & { hook_event_name: 'Stop'; stop_hook_active: boolean };
type HookInput = PreToolUseHookInput | StopHookInput;
type AsyncHookJSONOutput = { async: true; asyncTimeout?: number };
type SyncHookJSONOutput = {
  continue?: boolean;
  suppressOutput?: boolean;
  stopReason?: string;
  decision?: 'approve' | 'block';
  systemMessage?: string;
  reason?: string;
  hookSpecificOutput?: { hookEventName: 'PreToolUse'; permissionDecision?: 'allow' | 'deny' | 'ask'; permissionDecisionReason?: string };
};
type HookJSONOutput = AsyncHookJSONOutput | SyncHookJSONOutput;
type HookCallback = (input: HookInput, toolUseID: string | undefined, options: { signal: AbortSignal }) => Promise<HookJSONOutput>;
interface HookCallbackMatcher {
  matcher?: string;
  hooks: HookCallback[];
  timeout?: number;
}

describe('Claude Agent SDK types', () => {
  it('accepts callbacks and matchers typed against the SDK’s published signature', () => {
    const guard: HookCallback = async (input, toolUseID, { signal }) => {
      void toolUseID;
      void signal;
      if (input.hook_event_name === 'PreToolUse' && String(input.tool_input).includes('rm -rf')) {
        return { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no' } };
      }
      return { async: true };
    };
    const hooks: Partial<Record<'PreToolUse' | 'Stop', HookCallbackMatcher[]>> = { PreToolUse: [{ matcher: 'Bash', hooks: [guard] }], Stop: [{ hooks: [guard], timeout: 5 }] };
    new HookRegistry({ profile: 'claude' }).registerSdkHooks(hooks);
  });
});
