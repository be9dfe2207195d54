// The cursor profile's event catalogue: Cursor's agent hooks as cursor.com/docs/hooks lists them (D-new,
// fetched 2026-08-24; Cursor 3.x, observed on 3.9.16), and per event what Cursor treats differently —
// the stdin fields it sends besides the common ones (spec §2.2), what a matcher tests (§1.5), which
// output it reads (§3.1), whether it is a gate (a hook can stop the action, §4.2) and whether `ask` is
// honoured there.

export const CURSOR_HOOK_EVENTS = [
  'sessionStart',
  'sessionEnd',
  'beforeSubmitPrompt',
  'preToolUse',
  'postToolUse',
  'postToolUseFailure',
  'subagentStart',
  'subagentStop',
  'beforeShellExecution',
  'afterShellExecution',
  'beforeMCPExecution',
  'afterMCPExecution',
  'beforeReadFile',
  'afterFileEdit',
  'preCompact',
  'stop',
  'afterAgentResponse',
  'afterAgentThought',
  'beforeTabFileRead',
  'afterTabFileEdit',
  'workspaceOpen',
] as const;

export type CursorHookEvent = (typeof CURSOR_HOOK_EVENTS)[number];

/**
 * What an event reads of a hook's output (§3.1):
 * - `permission`: permission allow|deny|ask, user_message, agent_message (preToolUse also updated_input);
 * - `prompt`: beforeSubmitPrompt's continue and user_message;
 * - `post-tool`: postToolUse's additional_context and updated_mcp_tool_output;
 * - `session`: sessionStart's env and additional_context;
 * - `followup`: stop / subagentStop followup_message (capped by loop_limit);
 * - `notice`: preCompact's user_message;
 * - `workspace`: workspaceOpen's pluginPaths;
 * - `none`: the output is logged and ignored.
 */
export type CursorOutputKind = 'permission' | 'prompt' | 'post-tool' | 'session' | 'followup' | 'notice' | 'workspace' | 'none';

export interface CursorEventSpec {
  readonly name: CursorHookEvent;
  /** The payload field a matcher tests; null: see `matchConstant`, else matchers are ignored. */
  readonly matchField: string | null;
  /** Events whose matcher tests a constant (beforeReadFile: "Read", stop: "Stop", …; §1.5). */
  readonly matchConstant: string | null;
  /** Event-specific stdin keys, in order; each sent only when the payload has it (or the profile fills it). */
  readonly keys: readonly string[];
  /** Fields `dispatch` requires. */
  readonly required: readonly string[];
  readonly output: CursorOutputKind;
  /** A gate: unreadable stdout blocks, `failClosed` applies (§4.2, §4.4). */
  readonly gate: boolean;
  /** `permission: "ask"` is kept as ask (else it is a deny: subagentStart as documented, the read gates UNCERTAIN). */
  readonly ask: boolean;
  /** `tool_input` (and `result_json`, `tool_output`) travel as JSON strings (the MCP events, postToolUse's output). */
  readonly stringFields: readonly string[];
  /** workspaceOpen carries only the app-level common fields (§2.1). */
  readonly appLevel: boolean;
}

const spec = (name: CursorHookEvent, s: Partial<Omit<CursorEventSpec, 'name'>> & Pick<CursorEventSpec, 'keys' | 'output'>): CursorEventSpec =>
  Object.freeze({ name, matchField: null, matchConstant: null, required: Object.freeze(s.required ?? []), gate: false, ask: false, stringFields: Object.freeze(s.stringFields ?? []), appLevel: false, ...s, keys: Object.freeze(s.keys) });

// (`model`, listed for the tool events too, is a common field.)
const TOOL_KEYS = ['tool_name', 'tool_input', 'tool_use_id', 'cwd'];

export const CURSOR_EVENT_SPECS: Readonly<Record<CursorHookEvent, CursorEventSpec>> = Object.freeze({
  // "Fire-and-forget", yet env and additional_context are honoured (§7.12): awaited, never a gate.
  sessionStart: spec('sessionStart', { keys: ['is_background_agent', 'composer_mode'], output: 'session' }),
  sessionEnd: spec('sessionEnd', { keys: ['reason', 'duration_ms', 'is_background_agent', 'final_status', 'error_message'], output: 'none' }),
  beforeSubmitPrompt: spec('beforeSubmitPrompt', { matchConstant: 'UserPromptSubmit', keys: ['prompt', 'attachments'], required: ['prompt'], output: 'prompt', gate: true }),
  // `agent_message` on preToolUse's stdin: documented, not observed (E-rosetta): sent only when given.
  preToolUse: spec('preToolUse', { matchField: 'tool_name', keys: [...TOOL_KEYS, 'agent_message'], required: ['tool_name'], output: 'permission', gate: true, ask: true }),
  postToolUse: spec('postToolUse', { matchField: 'tool_name', keys: [...TOOL_KEYS, 'tool_output', 'duration'], required: ['tool_name'], output: 'post-tool', stringFields: ['tool_output'] }),
  postToolUseFailure: spec('postToolUseFailure', { matchField: 'tool_name', keys: ['tool_name', 'tool_input', 'tool_use_id', 'cwd', 'error_message', 'failure_type', 'duration', 'is_interrupt'], required: ['tool_name'], output: 'none' }),
  subagentStart: spec('subagentStart', {
    matchField: 'subagent_type',
    keys: ['subagent_id', 'subagent_type', 'task', 'parent_conversation_id', 'tool_call_id', 'subagent_model', 'is_parallel_worker', 'git_branch'],
    output: 'permission',
    gate: true,
  }),
  subagentStop: spec('subagentStop', {
    matchField: 'subagent_type',
    keys: ['subagent_id', 'subagent_type', 'status', 'task', 'description', 'summary', 'duration_ms', 'message_count', 'tool_call_count', 'loop_count', 'modified_files', 'agent_transcript_path'],
    output: 'followup',
  }),
  beforeShellExecution: spec('beforeShellExecution', { matchField: 'command', keys: ['command', 'cwd', 'sandbox'], required: ['command'], output: 'permission', gate: true, ask: true }),
  afterShellExecution: spec('afterShellExecution', { matchField: 'command', keys: ['command', 'output', 'duration', 'sandbox'], required: ['command'], output: 'none' }),
  // UNCERTAIN (§1.5): the MCP events' matcher subject is undocumented; E-rosetta says the MCP tool name.
  beforeMCPExecution: spec('beforeMCPExecution', { matchField: 'tool_name', keys: ['tool_name', 'tool_input', 'url', 'command'], required: ['tool_name'], output: 'permission', gate: true, ask: true, stringFields: ['tool_input'] }),
  afterMCPExecution: spec('afterMCPExecution', { matchField: 'tool_name', keys: ['tool_name', 'tool_input', 'result_json', 'duration'], required: ['tool_name'], output: 'none', stringFields: ['tool_input', 'result_json'] }),
  beforeReadFile: spec('beforeReadFile', { matchConstant: 'Read', keys: ['file_path', 'content', 'attachments'], required: ['file_path'], output: 'permission', gate: true }),
  afterFileEdit: spec('afterFileEdit', { matchConstant: 'Write', keys: ['file_path', 'edits'], required: ['file_path'], output: 'none' }),
  preCompact: spec('preCompact', { keys: ['trigger', 'context_usage_percent', 'context_tokens', 'context_window_size', 'message_count', 'messages_to_compact', 'is_first_compaction'], output: 'notice' }),
  stop: spec('stop', { matchConstant: 'Stop', keys: ['status', 'loop_count', 'input_tokens', 'output_tokens', 'cache_read_tokens', 'cache_write_tokens'], output: 'followup' }),
  afterAgentResponse: spec('afterAgentResponse', { matchConstant: 'AgentResponse', keys: ['text', 'input_tokens', 'output_tokens', 'cache_read_tokens', 'cache_write_tokens'], output: 'none' }),
  afterAgentThought: spec('afterAgentThought', { matchConstant: 'AgentThought', keys: ['text', 'duration_ms'], output: 'none' }),
  beforeTabFileRead: spec('beforeTabFileRead', { matchConstant: 'TabRead', keys: ['file_path', 'content'], required: ['file_path'], output: 'permission', gate: true }),
  afterTabFileEdit: spec('afterTabFileEdit', { matchConstant: 'TabWrite', keys: ['file_path', 'edits'], required: ['file_path'], output: 'none' }),
  workspaceOpen: spec('workspaceOpen', { keys: [], output: 'workspace', appLevel: true }),
});

/** The default hook timeout, seconds. UNCERTAIN (§4.3): the docs say "platform default"; no source gives it. */
export const CURSOR_DEFAULT_TIMEOUT_SEC = 60;

/** The default `loop_limit` of stop / subagentStop hooks: 5 automatic follow-ups per script (D-new). */
export const CURSOR_DEFAULT_LOOP_LIMIT = 5;

/** What this profile was read for: the version stdin's `cursor_version` says unless the payload or the `cursorVersion` option does. */
export const CURSOR_VERSION = '3.9.16';

/** Timeouts this large are probably meant as milliseconds (Cursor reads seconds: a warning, not a conversion). */
export const MS_LOOKING_TIMEOUT = 1000;
