// The claude profile's event catalogue: Claude Code's 33 hook events and, per event, everything an engine
// treats differently, read from Claude Code's own hook metadata (../shared/seeds/002_…) and its matchQuery
// switch (../shared/seeds/004_… §7.3/7.4). Behaviour that differs between events is read from this table,
// not branched on event names.

// In the order of Claude Code's hook event metadata table (also the order its settings schema accepts them).
export const CLAUDE_HOOK_EVENTS = [
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'PostToolBatch',
  'Notification',
  'UserPromptSubmit',
  'UserPromptExpansion',
  'SessionStart',
  'SessionEnd',
  'Stop',
  'StopFailure',
  'SubagentStart',
  'SubagentStop',
  'PreCompact',
  'PostCompact',
  'PreModelSwitch',
  'PostModelSwitch',
  'PermissionRequest',
  'PermissionDenied',
  'Setup',
  'TeammateIdle',
  'TaskCreated',
  'TaskCompleted',
  'Elicitation',
  'ElicitationResult',
  'ConfigChange',
  'WorktreeCreate',
  'WorktreeRemove',
  'InstructionsLoaded',
  'CwdChanged',
  'FileChanged',
  'DirectoryAdded',
  'MessageDisplay',
] as const;

export type ClaudeHookEvent = (typeof CLAUDE_HOOK_EVENTS)[number];

/**
 * What a command hook's exit code 2 does on an event.
 * - `block`: blocks or prevents the action; stderr explains why (to the model or the user, see the entry).
 * - `feedback`: stderr is shown to the model; nothing is blocked.
 * - `decline`: the elicitation response's action becomes `decline`.
 * - `user`: stderr is shown to the user only, like any other non-zero exit code.
 * - `ignore`: output and exit codes are ignored, or exit 2 has no meaning at all.
 */
export type ClaudeExit2Behavior = 'block' | 'feedback' | 'decline' | 'user' | 'ignore';

export interface ClaudeEventSpec {
  readonly name: ClaudeHookEvent;
  /** The hook-input field a matcher is tested against; `null`: the event has no matcher (matchers are ignored). */
  readonly matchField: string | null;
  /** The match value is the basename of `matchField` (FileChanged: `.env` matches `/any/dir/.env`). */
  readonly matchBasename: boolean;
  /** Event-specific input fields that must be present. Common fields (session_id, cwd, ...) are not listed. */
  readonly required: readonly string[];
  /** What exit code 2 does. */
  readonly exit2: ClaudeExit2Behavior;
  /** On exit 0, stdout that is not JSON becomes context for the model. */
  readonly plainTextContext: boolean;
  /** The fields this event reads from `hookSpecificOutput` (besides `hookEventName`). */
  readonly outputFields: readonly string[];
  /** `if` permission-rule conditions are evaluated; elsewhere a hook carrying `if` never runs. */
  readonly ifConditions: boolean;
  /** HTTP hooks may run on this event. */
  readonly httpAllowed: boolean;
  /**
   * `prompt` and `agent` hooks may run on this event. They need the conversation, which SessionStart and
   * Setup do not have yet: Claude Code 2.1.328 fails them there without running them (observed:
   * fixtures/claude/oracle/docs-rules/sessionstart-setup-handler-types.json).
   */
  readonly promptHooksAllowed: boolean;
  /**
   * Claude Code's narrower exact-match set for this event's matchers: only letters, digits, `_` and `|` make
   * a list of names (split on `|`); a `,`, a space or a `-` keeps the matcher on the regex path (an
   * unanchored regular expression). Elsewhere `,`, space and `-` may be part of an exact list too.
   */
  readonly narrowMatchers?: true;
  /**
   * Plain stdout reaches the model as additional context (one reminder with the JSON `additionalContext`),
   * not as the hook's success output. Only where `plainTextContext` holds.
   */
  readonly plainTextAsAdditionalContext?: true;
  /**
   * The `hookSpecificOutput` field an exit-0 command hook's stdout fills: its last non-empty line (banner
   * lines before it ignored), resolved against the hook's cwd. A command's JSON output does not fill it.
   */
  readonly stdoutField?: string;
  /** `CLAUDE_ENV_FILE` is set for command hooks (bash exports written there apply to later Bash tool calls). */
  readonly envFile: boolean;
  /** Timeout in seconds of a hook that sets none. */
  readonly defaultTimeoutSec: number;
  /**
   * Whether a hook can refuse what the event is about: `decision: "block"`, a deny. Where false (SessionStart,
   * SubagentStart, Notification, …: the events the docs list without decision control) they are ignored.
   * Default: the event's exit 2 blocks, declines or feeds back.
   */
  readonly blocks: boolean;
  /** Whether `continue: false` stops the agent after this event's step (else it is ignored). Default: `blocks`. */
  readonly stops: boolean;
  /** A hook-input field and value on which the event's decisions are ignored (ConfigChange from policy settings). */
  readonly decisionsIgnoredWhen?: readonly [field: string, value: string];
  /**
   * A hook cancelled at its timeout blocks: `all` hooks (PreModelSwitch: the switch does not happen), or
   * only Agent SDK callbacks (`sdk`: PreToolUse, UserPromptSubmit). Elsewhere a timeout is a non-blocking error.
   */
  readonly timeoutBlocks?: 'all' | 'sdk';
  /** A hook's JSON output counts whole whatever its exit status (elsewhere, on an exit other than 0 and 2, only JSON that blocks or stops does). */
  readonly jsonOnAnyExit?: true;
  /** Blocked dispatches in a row count toward the Stop cap, per session or per agent (src/stop-cap.ts). */
  readonly stopCount?: 'session' | 'agent';
  /** A dispatch starts a new turn: the session's Stop count starts again. */
  readonly startsTurn?: true;
}

type SpecOptions<R, O> = Partial<Omit<ClaudeEventSpec, 'name' | 'required' | 'outputFields'>> & {
  required?: R;
  outputFields?: O;
};

// Keeps `name`, `required` and `outputFields` literal-typed, so test/profiles/claude/payloads.test-d.ts can
// check them against the payload and output types at compile time.
const spec = <
  const N extends ClaudeHookEvent,
  const R extends readonly string[] = readonly [],
  const O extends readonly string[] = readonly [],
>(
  name: N,
  s: SpecOptions<R, O>,
): ClaudeEventSpec & { readonly name: N; readonly required: R; readonly outputFields: O } =>
  Object.freeze({
    name,
    matchField: null,
    matchBasename: false,
    exit2: 'user',
    plainTextContext: false,
    ifConditions: false,
    httpAllowed: true,
    promptHooksAllowed: true,
    envFile: false,
    defaultTimeoutSec: 600,
    ...s,
    blocks: s.blocks ?? decides(s.exit2),
    stops: s.stops ?? s.blocks ?? decides(s.exit2),
    required: Object.freeze(s.required ?? []),
    outputFields: Object.freeze(s.outputFields ?? []),
  }) as ClaudeEventSpec & { readonly name: N; readonly required: R; readonly outputFields: O };

// An event whose exit 2 refuses, declines or feeds back has decision control; the others do not.
const decides = (exit2: ClaudeExit2Behavior | undefined): boolean => exit2 === 'block' || exit2 === 'decline' || exit2 === 'feedback';

// Tool events: matched on tool_name, `if` conditions evaluated.
const TOOL = { matchField: 'tool_name', ifConditions: true } as const;

// Judgement calls against the seed are marked "Seed:" below.
// PreModelSwitch and PostModelSwitch carry the same fields.
const MODEL_SWITCH_FIELDS = [
  'from_model',
  'to_model',
  'requested_model',
  'source',
  'context_tokens',
  'prompt_cache_warm',
  'cache_ttl',
  'estimated_cache_write_usd',
  'pricing',
] as const;

export const CLAUDE_EVENT_SPECS = Object.freeze({
  PreToolUse: spec('PreToolUse', {
    ...TOOL,
    required: ['tool_name', 'tool_input', 'tool_use_id'],
    exit2: 'block', // stderr to the model, tool call blocked
    outputFields: ['permissionDecision', 'permissionDecisionReason', 'updatedInput', 'additionalContext'],
    timeoutBlocks: 'sdk',
  }),
  PostToolUse: spec('PostToolUse', {
    ...TOOL,
    required: ['tool_name', 'tool_input', 'tool_response', 'tool_use_id'],
    exit2: 'feedback',
    outputFields: ['additionalContext', 'classifierContext', 'updatedToolOutput', 'updatedMCPToolOutput'],
  }),
  PostToolUseFailure: spec('PostToolUseFailure', {
    ...TOOL,
    required: ['tool_name', 'tool_input', 'tool_use_id', 'error'],
    exit2: 'feedback',
    outputFields: ['additionalContext'],
  }),
  // Seed: exit 2 "stop the agentic loop (stderr shown to user only)": it stops something, so `block`,
  // but the stderr goes to the user, not the model.
  PostToolBatch: spec('PostToolBatch', { required: ['tool_calls'], exit2: 'block', outputFields: ['additionalContext'] }),
  // Seed: no exit-2 line; exit 2 falls under "other exit codes - show stderr to user only", which would be
  // `user`. Kept `ignore` as specified: a notification has nothing to block and exit 2 means nothing here.
  Notification: spec('Notification', {
    matchField: 'notification_type',
    required: ['message', 'notification_type'],
    exit2: 'ignore',
    outputFields: ['additionalContext'],
  }),
  // Exit 2 erases the prompt; its stderr goes to the user only.
  UserPromptSubmit: spec('UserPromptSubmit', {
    required: ['prompt'],
    exit2: 'block',
    plainTextContext: true,
    outputFields: ['additionalContext', 'sessionTitle', 'suppressOriginalPrompt'],
    defaultTimeoutSec: 30,
    timeoutBlocks: 'sdk',
    startsTurn: true,
  }),
  // Seed: "matches on command_name", though its payload builder passes no matchQuery; stderr to user only.
  UserPromptExpansion: spec('UserPromptExpansion', {
    matchField: 'command_name',
    required: ['expansion_type', 'command_name', 'command_args', 'prompt'],
    exit2: 'block',
    plainTextContext: true,
    outputFields: ['additionalContext', 'suppressOriginalPrompt'],
  }),
  SessionStart: spec('SessionStart', {
    matchField: 'source',
    required: ['source'],
    plainTextContext: true,
    outputFields: ['additionalContext', 'initialUserMessage', 'sessionTitle', 'watchPaths', 'reloadSkills'],
    // HTTP hooks would deadlock in headless mode: the structured-input consumer has not started yet.
    // Nor do prompt and agent hooks run: there is no conversation yet.
    httpAllowed: false,
    promptHooksAllowed: false,
    envFile: true,
  }),
  // Seed: no exit-2 line ("other exit codes - show stderr to user only"); kept `ignore` as specified.
  // The timeout is a budget shared by all SessionEnd hooks, not per hook: 1.5 s by default, raised by
  // Claude Code to the highest configured per-hook timeout (seed 003). It is a ceiling, not a wait.
  SessionEnd: spec('SessionEnd', { matchField: 'reason', required: ['reason'], exit2: 'ignore', defaultTimeoutSec: 1.5 }),
  // Exit 2 shows stderr to the model and continues the conversation: it blocks the stop.
  Stop: spec('Stop', { required: ['stop_hook_active'], exit2: 'block', outputFields: ['additionalContext'], jsonOnAnyExit: true, stopCount: 'session' }),
  // Fire-and-forget: hook output and exit codes are ignored. Matchers use the narrower exact-match set
  // (observed: fixtures/claude/oracle/docs-rules/stopfailure-matchers.json).
  StopFailure: spec('StopFailure', { matchField: 'error', required: ['error'], exit2: 'ignore', narrowMatchers: true }),
  // Seed: the typed schema lists no event-specific field; agent_id/agent_type come as common fields.
  SubagentStart: spec('SubagentStart', { matchField: 'agent_type', outputFields: ['additionalContext'] }),
  // Seed: "matches on agent_type", though its payload builder passes no matchQuery. Exit 2 shows stderr to
  // the subagent and keeps it running: it blocks the stop.
  SubagentStop: spec('SubagentStop', {
    matchField: 'agent_type',
    required: ['stop_hook_active', 'agent_transcript_path'],
    exit2: 'block',
    outputFields: ['additionalContext'],
    jsonOnAnyExit: true,
    stopCount: 'agent',
  }),
  PreCompact: spec('PreCompact', { matchField: 'trigger', required: ['trigger', 'custom_instructions'], exit2: 'block' }),
  PostCompact: spec('PostCompact', { matchField: 'trigger', required: ['trigger', 'compact_summary'] }),
  // Exit 2 blocks the switch; stderr to the user.
  PreModelSwitch: spec('PreModelSwitch', {
    matchField: 'to_model',
    required: MODEL_SWITCH_FIELDS,
    exit2: 'block',
    outputFields: ['permissionDecision', 'permissionDecisionReason'],
    // The docs: 30 s by default, and a hook cancelled at its timeout blocks the switch.
    defaultTimeoutSec: 30,
    timeoutBlocks: 'all',
  }),
  // Plain stdout is context for the next request the new model serves, in the same reminder as JSON
  // additionalContext (observed: fixtures/claude/oracle/docs-rules/postmodelswitch-*).
  PostModelSwitch: spec('PostModelSwitch', {
    matchField: 'to_model',
    required: MODEL_SWITCH_FIELDS,
    plainTextContext: true,
    plainTextAsAdditionalContext: true,
    outputFields: ['additionalContext'],
    defaultTimeoutSec: 30,
  }),
  // Seed: the description says the input carries tool_use_id, the typed schema does not; the schema wins.
  // Decides through hookSpecificOutput.decision ({ behavior: 'allow' | 'deny', … }), not exit 2.
  PermissionRequest: spec('PermissionRequest', { ...TOOL, required: ['tool_name', 'tool_input'], outputFields: ['decision'], blocks: true }),
  // Seed 004 lists `if` for the first four tool events only; PermissionDenied is matched on tool_name and
  // carries tool_input too, so `if` is evaluated here as specified.
  PermissionDenied: spec('PermissionDenied', {
    ...TOOL,
    required: ['tool_name', 'tool_input', 'tool_use_id', 'reason'],
    outputFields: ['retry'],
  }),
  Setup: spec('Setup', {
    matchField: 'trigger',
    required: ['trigger'],
    outputFields: ['additionalContext'],
    httpAllowed: false,
    promptHooksAllowed: false,
    envFile: true,
  }),
  // Exit 2 shows stderr to the teammate and prevents idle.
  TeammateIdle: spec('TeammateIdle', { required: ['teammate_name', 'team_name'], exit2: 'block', jsonOnAnyExit: true }),
  TaskCreated: spec('TaskCreated', { required: ['task_id', 'task_subject'], exit2: 'block' }),
  TaskCompleted: spec('TaskCompleted', { required: ['task_id', 'task_subject'], exit2: 'block', jsonOnAnyExit: true }),
  // Exit 2 denies the elicitation.
  Elicitation: spec('Elicitation', {
    matchField: 'mcp_server_name',
    required: ['mcp_server_name', 'message'],
    exit2: 'block',
    outputFields: ['action', 'content'],
  }),
  ElicitationResult: spec('ElicitationResult', {
    matchField: 'mcp_server_name',
    required: ['mcp_server_name', 'action'],
    exit2: 'decline',
    outputFields: ['action', 'content'],
  }),
  // A change to policy (managed) settings cannot be blocked.
  ConfigChange: spec('ConfigChange', { matchField: 'source', required: ['source'], exit2: 'block', decisionsIgnoredWhen: ['source', 'policy_settings'] }),
  // Seed: any non-zero exit code means "worktree creation failed"; exit 2 is not special, so `user`.
  // On exit 0 a command's stdout names the created worktree: its last non-empty line, relative to the
  // hook's cwd; a command's JSON hookSpecificOutput.worktreePath is not read (Claude Code took the JSON
  // line as the path); HTTP hooks and in-process handlers return hookSpecificOutput.worktreePath
  // (observed: fixtures/claude/oracle/docs-rules/worktreecreate-*).
  // It has decision control: a failing hook fails the creation (onFailure: 'block' applies).
  WorktreeCreate: spec('WorktreeCreate', { required: ['name'], outputFields: ['worktreePath'], blocks: true, stdoutField: 'worktreePath' }),
  WorktreeRemove: spec('WorktreeRemove', { required: ['worktree_path'] }),
  // Observability only: cannot block.
  InstructionsLoaded: spec('InstructionsLoaded', {
    matchField: 'load_reason',
    required: ['file_path', 'memory_type', 'load_reason'],
  }),
  CwdChanged: spec('CwdChanged', { required: ['old_cwd', 'new_cwd'], outputFields: ['watchPaths'], envFile: true }),
  // Seed 002: the metadata table defines no matcher field, but the description says the matcher names files
  // to watch (".envrc|.env"), and the matchQuery switch (seed 004) matches basename(file_path).
  // Matchers use the narrower exact-match set (observed: fixtures/claude/oracle/docs-rules/filechanged-matchers.json).
  FileChanged: spec('FileChanged', {
    matchField: 'file_path',
    matchBasename: true,
    narrowMatchers: true,
    required: ['file_path', 'event'],
    outputFields: ['watchPaths'],
    envFile: true,
  }),
  // Seed: non-zero exit codes are debug-logged only (for /add-dir a failure count reaches Claude); stderr is
  // not shown to the user, so `user` does not fit. Exit 2 has no meaning of its own: `ignore`.
  DirectoryAdded: spec('DirectoryAdded', { matchField: 'source', required: ['directory', 'source'], exit2: 'ignore' }),
  // Seed: non-zero exit codes display the original delta; exit 2 is not special, so `user`.
  MessageDisplay: spec('MessageDisplay', {
    required: ['turn_id', 'message_id', 'index', 'final', 'delta'],
    outputFields: ['displayContent'],
    // The docs: 10 s by default (it sits in the display path).
    defaultTimeoutSec: 10,
  }),
}) satisfies { readonly [E in ClaudeHookEvent]: ClaudeEventSpec & { readonly name: E } };

// Returns the spec of a known event name, or undefined (own keys only: `toString` is not an event).
export function getClaudeEventSpec(name: unknown): ClaudeEventSpec | undefined {
  return typeof name === 'string' && Object.hasOwn(CLAUDE_EVENT_SPECS, name)
    ? (CLAUDE_EVENT_SPECS[name as ClaudeHookEvent] as ClaudeEventSpec)
    : undefined;
}
