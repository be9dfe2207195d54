// The default profile's event catalogue: the ten afk lifecycle events and, per event, everything the
// registry treats differently. Behaviour that differs between events is read from this table, not
// branched on event names in the registry.

export const HOOK_EVENTS = [
  'SessionStart',
  'SessionEnd',
  'SubagentStart',
  'SubagentStop',
  'PreToolUse',
  'PostToolUse',
  'PreCompact',
  'PostToolUseFailure',
  'Stop',
  'UserPromptSubmit',
] as const;

export type HookEvent = (typeof HOOK_EVENTS)[number];

/** Which of the registry's deadlines bounds each entry of an event. */
export type DeadlineKind = 'handler' | 'stop';

export interface EventSpec {
  readonly name: HookEvent;
  /** Payload fields that must be present (checked on every dispatch, cheaply). */
  readonly required: readonly string[];
  /** Matchers filter by tool name on this event; elsewhere they are ignored. */
  readonly toolMatcher: boolean;
  /** `injectContext` is kept in the merged result. */
  readonly context: boolean;
  /** `updatedInput` is kept in the merged result. */
  readonly updatedInput: boolean;
  /** The per-entry deadline that applies. */
  readonly deadline: DeadlineKind;
  /** The whole dispatch has a ceiling (`deadlines.subagentStopDispatchMs`). */
  readonly dispatchCeiling: boolean;
  /** `register(..., { background: true })` is legal. */
  readonly background: boolean;
  /** Tool events carry `tool_name`/`tool_input` to command hooks. */
  readonly toolEvent: boolean;
}

const spec = <const R extends readonly string[] = readonly []>(
  name: HookEvent,
  s: Partial<Omit<EventSpec, 'name' | 'required'>> & { required?: R },
): EventSpec & { readonly required: R } =>
  Object.freeze({
    name,
    required: [],
    toolMatcher: false,
    context: false,
    updatedInput: false,
    deadline: 'handler',
    dispatchCeiling: false,
    background: false,
    toolEvent: false,
    ...s,
  }) as EventSpec & { readonly required: R };

// Required fields here must equal the required keys of the payload types in types.ts:
// test/events.test-d.ts checks that at compile time.
export const EVENT_SPECS = Object.freeze({
  SessionStart: spec('SessionStart', { context: true }),
  SessionEnd: spec('SessionEnd', { background: true }),
  SubagentStart: spec('SubagentStart', { required: ['subagentId'] }),
  SubagentStop: spec('SubagentStop', { required: ['subagentId', 'status'], context: true, dispatchCeiling: true }),
  PreToolUse: spec('PreToolUse', {
    required: ['toolName'],
    toolMatcher: true,
    context: true,
    updatedInput: true,
    toolEvent: true,
  }),
  PostToolUse: spec('PostToolUse', { required: ['toolName'], toolMatcher: true, toolEvent: true }),
  PreCompact: spec('PreCompact', {}),
  PostToolUseFailure: spec('PostToolUseFailure', { required: ['toolName', 'error'], toolMatcher: true, toolEvent: true }),
  Stop: spec('Stop', { context: true, deadline: 'stop' }),
  UserPromptSubmit: spec('UserPromptSubmit', { required: ['prompt'], context: true }),
}) satisfies { readonly [E in HookEvent]: EventSpec };

// Returns the spec of a known event name, or undefined (no prototype keys: `toString` is not an event).
export function getEventSpec(name: unknown): EventSpec | undefined {
  return typeof name === 'string' && Object.hasOwn(EVENT_SPECS, name) ? (EVENT_SPECS[name as HookEvent] as EventSpec) : undefined;
}
