// Claude Agent SDK hook callbacks, registered unchanged: `registry.registerSdkHooks(options.hooks)`.
// The SDK's published types are declared here (no dependency on the SDK package).
import { describeValue, HookTypeError } from '../../errors.js';
import type { ProfileRegistry } from '../profile.js';
import { CLAUDE_HOOK_EVENTS } from './events.js';
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

const EVENTS: ReadonlySet<string> = new Set(CLAUDE_HOOK_EVENTS);

// Registers Claude Agent SDK hook callbacks unchanged (`options.hooks` of the SDK):
// `{ [event]: [{ matcher?, hooks: [callback], timeout? (s), onFailure? }] }`. Returns an unregister-all.
// An invalid part throws, and what this call had registered before it is removed again.
export function registerSdkHooks(registry: ProfileRegistry, hooks: SdkHooks | SdkHooksOfAnyVersion): () => void {
  if (hooks === null || typeof hooks !== 'object') {
    throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `registerSdkHooks(): expected an object of event -> matchers, got ${describeValue(hooks)}`);
  }
  const removers: (() => void)[] = [];
  const removeAll = (): void => {
    for (const remove of removers.splice(0)) remove();
  };
  try {
    addAll(registry, hooks as SdkHooks, removers);
  } catch (error) {
    removeAll();
    throw error;
  }
  return removeAll;
}

function addAll(registry: ProfileRegistry, hooks: SdkHooks, removers: (() => void)[]): void {
  for (const [event, matchers] of Object.entries(hooks)) {
    if (!EVENTS.has(event)) {
      throw new HookTypeError('HOOKS_ERR_EVENT_NOT_SUPPORTED', `registerSdkHooks(): unknown hook event ${describeValue(event)}; the claude profile's events are ${CLAUDE_HOOK_EVENTS.join(', ')}`);
    }
    if (!Array.isArray(matchers)) {
      throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `registerSdkHooks(): expected hooks.${event} to be an array of { matcher?, hooks }, got ${describeValue(matchers)}`);
    }
    matchers.forEach((m, i) => {
      if (m === null || typeof m !== 'object' || !Array.isArray(m.hooks)) {
        throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `registerSdkHooks(): expected hooks.${event}[${i}].hooks to be an array of callbacks, got ${describeValue(m?.hooks)}`);
      }
      if (m.timeout !== undefined && !(typeof m.timeout === 'number' && m.timeout > 0)) {
        throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `registerSdkHooks(): expected hooks.${event}[${i}].timeout to be a positive number of seconds, got ${describeValue(m.timeout)}`);
      }
      m.hooks.forEach((callback: SdkHookCallback, j: number) => {
        if (typeof callback !== 'function') {
          throw new HookTypeError('HOOKS_ERR_HANDLER_NOT_FN', `registerSdkHooks(): hooks.${event}[${i}].hooks[${j}] is not a function, got ${describeValue(callback)}`);
        }
        removers.push(
          registry.addEntry(event, {
            kind: 'handler',
            name: callback.name || `sdk:${event}[${i}][${j}]`,
            matcher: m.matcher,
            plugin: undefined,
            longRunning: false,
            background: false,
            ...(m.timeout === undefined ? {} : { timeoutMs: m.timeout * 1000 }),
            ...(m.onFailure === undefined ? {} : { onFailure: m.onFailure }),
            // Where an SDK callback's timeout blocks (the catalogue's `timeoutBlocks: 'sdk'`).
            meta: { source: 'sdk' },
            // The SDK's call shape: (input, toolUseID, { signal }); `{ async: true }` decides nothing.
            invoke: (input, context) =>
              Promise.resolve(callback(input as never, (input as { tool_use_id?: string }).tool_use_id, { signal: context.signal })).then((out) =>
                out !== null && typeof out === 'object' && (out as { async?: unknown }).async === true ? undefined : out,
              ),
          }),
        );
      });
    });
  }
}
