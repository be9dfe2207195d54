// The gemini profile's event catalogue: Gemini CLI 0.61.0's 11 hook events and, per event, what its engine
// treats differently — the stdin fields after the common ones, what a matcher tests and how, how the
// outputs of several hooks merge, and which of Gemini's callers reads the result. Read from the engine
// itself (@google/gemini-cli-core 0.61.0: hooks/hookEventHandler, hookPlanner, hookAggregator, types, and
// its callers scheduler/hook-utils, core/coreToolHookTriggers, core/client, core/geminiChat).

export const GEMINI_HOOK_EVENTS = [
  'BeforeTool',
  'AfterTool',
  'BeforeAgent',
  'AfterAgent',
  'BeforeModel',
  'AfterModel',
  'BeforeToolSelection',
  'SessionStart',
  'SessionEnd',
  'PreCompress',
  'Notification',
] as const;

export type GeminiHookEvent = (typeof GEMINI_HOOK_EVENTS)[number];

/**
 * How the outputs of several hooks merge (hookAggregator.mergeOutputs):
 * - `or`: any block/deny blocks, else an ask; reasons, stop reasons, system messages and contexts joined
 *   with "\n"; hookSpecificOutput fields shallow-merged, later wins;
 * - `replace`: later fields replace earlier ones (hookSpecificOutput shallow-merged);
 * - `tools`: BeforeToolSelection's toolConfig: NONE wins, else ANY, else AUTO; allowedFunctionNames united;
 * - `simple`: later fields replace earlier ones.
 */
export type GeminiMerge = 'or' | 'replace' | 'tools' | 'simple';

export interface GeminiEventSpec {
  readonly name: GeminiHookEvent;
  /** The stdin field a matcher tests, or null: Gemini passes no match context, every hook runs. */
  readonly matchField: string | null;
  /** `regex`: an unanchored JavaScript regex, an invalid one compared exactly (tool events); `exact`: string equality. */
  readonly matchKind: 'regex' | 'exact';
  /** Fields after the common ones, in Gemini's order; `?` after a name: only when the payload has it. */
  readonly fields: readonly string[];
  /** Payload fields `dispatch` requires. */
  readonly required: readonly string[];
  readonly merge: GeminiMerge;
}

const spec = (name: GeminiHookEvent, s: Partial<Omit<GeminiEventSpec, 'name'>> & Pick<GeminiEventSpec, 'fields' | 'merge'>): GeminiEventSpec =>
  Object.freeze({ name, matchField: null, matchKind: 'exact', required: [], ...s });

export const GEMINI_EVENT_SPECS: Readonly<Record<GeminiHookEvent, GeminiEventSpec>> = Object.freeze({
  BeforeTool: spec('BeforeTool', { matchField: 'tool_name', matchKind: 'regex', fields: ['tool_name', 'tool_input', 'mcp_context?', 'original_request_name?'], required: ['tool_name', 'tool_input'], merge: 'or' }),
  AfterTool: spec('AfterTool', { matchField: 'tool_name', matchKind: 'regex', fields: ['tool_name', 'tool_input', 'tool_response', 'mcp_context?', 'original_request_name?'], required: ['tool_name', 'tool_input', 'tool_response'], merge: 'or' }),
  BeforeAgent: spec('BeforeAgent', { fields: ['prompt'], required: ['prompt'], merge: 'or' }),
  AfterAgent: spec('AfterAgent', { fields: ['prompt', 'prompt_response', 'stop_hook_active'], required: ['prompt', 'prompt_response'], merge: 'or' }),
  BeforeModel: spec('BeforeModel', { fields: ['llm_request'], required: ['llm_request'], merge: 'replace' }),
  AfterModel: spec('AfterModel', { fields: ['llm_request', 'llm_response'], required: ['llm_request', 'llm_response'], merge: 'replace' }),
  BeforeToolSelection: spec('BeforeToolSelection', { fields: ['llm_request'], required: ['llm_request'], merge: 'tools' }),
  SessionStart: spec('SessionStart', { matchField: 'source', fields: ['source'], required: ['source'], merge: 'or' }),
  SessionEnd: spec('SessionEnd', { matchField: 'reason', fields: ['reason'], required: ['reason'], merge: 'simple' }),
  PreCompress: spec('PreCompress', { matchField: 'trigger', fields: ['trigger'], required: ['trigger'], merge: 'simple' }),
  Notification: spec('Notification', { fields: ['notification_type', 'message', 'details'], required: ['notification_type', 'message'], merge: 'simple' }),
});

/** Gemini's default hook timeout, in milliseconds. */
export const GEMINI_DEFAULT_TIMEOUT_MS = 60_000;
