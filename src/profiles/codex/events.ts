// The codex profile's event catalogue: Codex CLI 0.169.0's 14 hook events and, per event, what its engine
// treats differently — the stdin keys in the order Codex serializes them, what a matcher tests, and which
// output an event reads. Read from the 0.169.0 binary's embedded hook schemas and from runs of the real
// binary (fixtures/codex/oracle/FINDINGS.md); the source (openai/codex, codex-rs/hooks) where neither says.
// StopFailure, in later Codex sources, is not in 0.169.0 (it ignores the name), so it is not here.

export const CODEX_HOOK_EVENTS = [
  'PreToolUse',
  'PermissionRequest',
  'PostToolUse',
  'PreCompact',
  'PostCompact',
  'SessionStart',
  'SessionEnd',
  'UserPromptSubmit',
  'SubagentStart',
  'SubagentStop',
  'Stop',
  'PreModelRequest',
  'PostModelRequest',
  'Interrupt',
] as const;

export type CodexHookEvent = (typeof CODEX_HOOK_EVENTS)[number];

/**
 * What an event reads of a hook's output (each is a different wire struct in Codex, all deny_unknown_fields):
 * - `pre-tool`: decision/reason (legacy) or hookSpecificOutput.permissionDecision, updatedInput, additionalContext;
 * - `permission`: hookSpecificOutput.decision { behavior, message };
 * - `post-tool`: decision: "block", reason, hookSpecificOutput.additionalContext, updatedMCPToolOutput;
 * - `prompt`: decision: "block", reason, hookSpecificOutput.additionalContext (plain stdout is context too);
 * - `stop`: decision: "block", reason (the continuation prompt); no hookSpecificOutput;
 * - `context`: hookSpecificOutput.additionalContext (SessionStart: plain stdout is context too);
 * - `universal`: continue, stopReason, suppressOutput, systemMessage only;
 * - `interrupt`: systemMessage only;
 * - `none`: output is not read (SessionEnd).
 */
export type CodexOutputKind = 'pre-tool' | 'permission' | 'post-tool' | 'prompt' | 'stop' | 'context' | 'universal' | 'interrupt' | 'none';

export interface CodexEventSpec {
  readonly name: CodexHookEvent;
  /** Codex's snake_case label: in `[hooks.state]` keys and in the trust hash. */
  readonly label: string;
  /** The stdin field a matcher tests; null: matchers are ignored on this event (and left out of the trust hash). */
  readonly matchField: string | null;
  /**
   * The stdin keys, in Codex's order. `?` after a key: left out when the payload has none; `!`: always
   * present, `null` when the payload has none; otherwise present when the payload (or session) has it.
   */
  readonly stdin: readonly string[];
  /** Event-specific payload fields `dispatch` requires (the common ones come from the session). */
  readonly required: readonly string[];
  readonly output: CodexOutputKind;
  /** On exit 0, stdout that is not JSON becomes context for the model. */
  readonly plainTextContext: boolean;
  /** Stdin values Codex always sends when the payload has none. */
  readonly defaults?: Readonly<Record<string, unknown>>;
}

const COMMON_TURN = ['session_id', 'turn_id', 'agent_id?', 'agent_type?', 'transcript_path!', 'cwd', 'hook_event_name', 'model', 'permission_mode'] as const;

const spec = (name: CodexHookEvent, label: string, s: Partial<Omit<CodexEventSpec, 'name' | 'label'>> & Pick<CodexEventSpec, 'stdin' | 'output'>): CodexEventSpec =>
  Object.freeze({ name, label, matchField: null, required: Object.freeze(s.required ?? []), plainTextContext: false, ...s, stdin: Object.freeze(s.stdin) });

const TOOL = { matchField: 'tool_name', required: ['tool_name', 'tool_input'] } as const;

export const CODEX_EVENT_SPECS: Readonly<Record<CodexHookEvent, CodexEventSpec>> = Object.freeze({
  PreToolUse: spec('PreToolUse', 'pre_tool_use', { ...TOOL, stdin: [...COMMON_TURN, 'tool_name', 'tool_input', 'tool_use_id'], output: 'pre-tool' }),
  // No tool_use_id on PermissionRequest.
  PermissionRequest: spec('PermissionRequest', 'permission_request', { ...TOOL, stdin: [...COMMON_TURN, 'tool_name', 'tool_input'], output: 'permission' }),
  PostToolUse: spec('PostToolUse', 'post_tool_use', { ...TOOL, required: ['tool_name', 'tool_input', 'tool_response'], stdin: [...COMMON_TURN, 'tool_name', 'tool_input', 'tool_response', 'tool_use_id'], output: 'post-tool' }),
  // No permission_mode on the compaction events; matched on `trigger` (manual | auto).
  PreCompact: spec('PreCompact', 'pre_compact', { matchField: 'trigger', required: ['trigger'], stdin: [...COMMON_TURN.slice(0, -1), 'trigger'], output: 'universal' }),
  PostCompact: spec('PostCompact', 'post_compact', { matchField: 'trigger', required: ['trigger'], stdin: [...COMMON_TURN.slice(0, -1), 'trigger'], output: 'universal' }),
  // No turn_id; matched on `source` (startup | resume | clear | compact | fork).
  SessionStart: spec('SessionStart', 'session_start', { matchField: 'source', required: ['source'], stdin: ['session_id', 'transcript_path!', 'cwd', 'hook_event_name', 'model', 'permission_mode', 'source'], output: 'context', plainTextContext: true }),
  // No model, permission_mode or turn_id; `reason` is "other" in 0.169.0. Output is not read.
  SessionEnd: spec('SessionEnd', 'session_end', { stdin: ['session_id', 'transcript_path!', 'cwd', 'hook_event_name', 'reason'], output: 'none', defaults: { reason: 'other' } }),
  UserPromptSubmit: spec('UserPromptSubmit', 'user_prompt_submit', { required: ['prompt'], stdin: [...COMMON_TURN, 'prompt'], output: 'prompt', plainTextContext: true }),
  // Matched on agent_type (unverified in 0.169.0: no subagent in an offline run; the source's rule).
  SubagentStart: spec('SubagentStart', 'subagent_start', { matchField: 'agent_type', required: ['agent_id', 'agent_type'], stdin: ['session_id', 'turn_id', 'agent_id', 'agent_type', 'transcript_path!', 'cwd', 'hook_event_name', 'model', 'permission_mode'], output: 'context' }),
  SubagentStop: spec('SubagentStop', 'subagent_stop', {
    matchField: 'agent_type',
    required: ['agent_id', 'agent_type'],
    stdin: ['session_id', 'turn_id', 'agent_id', 'agent_type', 'transcript_path!', 'cwd', 'hook_event_name', 'model', 'permission_mode', 'stop_hook_active', 'last_assistant_message!', 'agent_transcript_path!'],
    output: 'stop',
  }),
  Stop: spec('Stop', 'stop', { stdin: ['session_id', 'turn_id', 'transcript_path!', 'cwd', 'hook_event_name', 'model', 'permission_mode', 'stop_hook_active', 'last_assistant_message!'], output: 'stop' }),
  // cwd before transcript_path, no permission_mode (observed). Their output format was not examined: only
  // the universal fields are read.
  PreModelRequest: spec('PreModelRequest', 'pre_model_request', { stdin: ['session_id', 'turn_id', 'cwd', 'transcript_path!', 'model', 'hook_event_name'], output: 'universal' }),
  PostModelRequest: spec('PostModelRequest', 'post_model_request', { stdin: ['session_id', 'turn_id', 'cwd', 'transcript_path!', 'model', 'hook_event_name', 'status', 'error!', 'token_usage'], output: 'universal' }),
  Interrupt: spec('Interrupt', 'interrupt', { stdin: ['session_id', 'turn_id', 'transcript_path!', 'cwd', 'hook_event_name', 'model', 'permission_mode'], output: 'interrupt' }),
});

/** Codex's default hook timeout, in seconds (and its minimum: 0 runs as 1). */
export const CODEX_DEFAULT_TIMEOUT_SEC = 600;

/** Codex reports its shell tools as `Bash`; `apply_patch` also fires matchers written for Edit or Write. */
/** (A Map: a tool named `constructor` or `__proto__` must find nothing.) */
export const CODEX_MATCHER_ALIASES: ReadonlyMap<string, readonly string[]> = new Map([
  ['apply_patch', ['Write', 'Edit']],
  ['spawn_agent', ['Agent']],
]);
