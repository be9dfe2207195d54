// Claude Agent SDK hook callbacks, registered unchanged: `registry.registerSdkHooks(options.hooks)`.
// The SDK's published types are declared here (no dependency on the SDK package).
import type { ClaudeHookEvent, ClaudeHookInput, ClaudeHookOutput } from './payloads.js';

/** The SDK's BaseHookInput: the common fields every callback input has. */
export interface SdkBaseHookInput {
  session_id: string;
  transcript_path: string;
  cwd: string;
  permission_mode?: string;
}

/** What a callback receives: the hook input (the SDK's `HookInput`). */
export type SdkHookInput<E extends ClaudeHookEvent = ClaudeHookEvent> = E extends ClaudeHookEvent ? ClaudeHookInput<E> & SdkBaseHookInput : never;

/** `{ async: true }` tells the SDK not to wait; here the callback has already finished, so it decides nothing. */
export interface SdkAsyncHookJSONOutput {
  async: true;
  asyncTimeout?: number;
}
export type SdkHookJSONOutput = SdkAsyncHookJSONOutput | ClaudeHookOutput;

/** The SDK's HookCallback. */
export type SdkHookCallback = (input: SdkHookInput, toolUseID: string | undefined, options: { signal: AbortSignal }) => Promise<SdkHookJSONOutput>;

/** The SDK's HookCallbackMatcher, plus `onFailure`. */
export interface SdkHookCallbackMatcher {
  matcher?: string;
  hooks: SdkHookCallback[];
  /** Seconds. Default: the event's (600 s; UserPromptSubmit 30 s). */
  timeout?: number;
  /** `'block'`: a callback that throws, rejects, times out or returns garbage blocks the action. Default `'continue'`. */
  onFailure?: 'continue' | 'block';
}

/** The SDK's `options.hooks`. */
export type SdkHooks = Partial<Record<ClaudeHookEvent, SdkHookCallbackMatcher[]>>;

/**
 * Hooks typed against any version of the SDK's own declarations, whose `HookInput` union lists the events
 * that version knows (fewer than 33, with `tool_input: unknown`): accepted as they are. The input they get
 * at run time is this profile's hook input for the event.
 */
export type SdkHooksOfAnyVersion = Partial<
  Record<ClaudeHookEvent, ReadonlyArray<{ matcher?: string; hooks: ReadonlyArray<(input: never, toolUseID: string | undefined, options: { signal: AbortSignal }) => Promise<unknown>>; timeout?: number; onFailure?: 'continue' | 'block' }>>
>;
