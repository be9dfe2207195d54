// The copilot profile's event catalogue: GitHub Copilot CLI 1.0.102's 14 documented hook events (REF
// @05da5bc3, spec §3.1), and per event what its engine treats differently — the camelCase stdin keys, the
// snake_case names its "VS Code compatible" PascalCase form renames them to (§3.3), what a matcher tests
// (§6) and which output it reads (§4) — which also decides whether a crashing hook blocks (§5.1, output.ts).
// `preMcpToolCall` (BIN/CL 1.0.51 only, payload unknown) is left out.

export const COPILOT_HOOK_EVENTS = [
  'sessionStart',
  'sessionEnd',
  'userPromptSubmitted',
  'userPromptTransformed',
  'preToolUse',
  'permissionRequest',
  'postToolUse',
  'postToolUseFailure',
  'preCompact',
  'agentStop',
  'subagentStart',
  'subagentStop',
  'errorOccurred',
  'notification',
] as const;

export type CopilotHookEvent = (typeof COPILOT_HOOK_EVENTS)[number];

/**
 * What an event reads of a hook's output (§4):
 * - `pre-tool`: permissionDecision/Reason, modifiedArgs (or hookSpecificOutput.updatedInput), additionalContext;
 * - `permission`: behavior, message, interrupt (later hooks override earlier keys);
 * - `post-tool`: modifiedResult, additionalContext;
 * - `context`: additionalContext (postToolUseFailure, sessionStart, subagentStart, notification, userPromptSubmitted);
 * - `stop`: decision "block" + reason (the next prompt); subagentStop also modifiedResponse;
 * - `transformed`: modifiedTransformedPrompt;
 * - `none`: output is not read (sessionEnd, preCompact, errorOccurred).
 */
export type CopilotOutputKind = 'pre-tool' | 'permission' | 'post-tool' | 'context' | 'stop' | 'transformed' | 'none';

export interface CopilotEventSpec {
  readonly name: CopilotHookEvent;
  /** The key a config spells to get the snake_case ("VS Code compatible") payload; null: none documented. */
  readonly pascal: string | null;
  /** The payload field a flat camelCase matcher tests; null: matchers are ignored (§6: "not listed"). */
  readonly matchField: string | null;
  /** Event-specific stdin keys, after sessionId, timestamp, cwd; each only when the payload has it. */
  readonly keys: readonly string[];
  /** Fields `dispatch` requires. */
  readonly required: readonly string[];
  readonly output: CopilotOutputKind;
  /** A tool event: PascalCase hooks see the Claude tool name, and their matcher uses Claude semantics (REF; CL 1.0.62/1.0.63). */
  readonly tool: boolean;
}

const spec = (name: CopilotHookEvent, pascal: string | null, s: Partial<Omit<CopilotEventSpec, 'name' | 'pascal'>> & Pick<CopilotEventSpec, 'keys' | 'output'>): CopilotEventSpec =>
  Object.freeze({ name, pascal, matchField: null, required: Object.freeze(s.required ?? []), tool: false, ...s, keys: Object.freeze(s.keys) });

const TOOL = { matchField: 'toolName', tool: true } as const;

export const COPILOT_EVENT_SPECS: Readonly<Record<CopilotHookEvent, CopilotEventSpec>> = Object.freeze({
  sessionStart: spec('sessionStart', 'SessionStart', { keys: ['source', 'initialPrompt'], output: 'context' }),
  sessionEnd: spec('sessionEnd', 'SessionEnd', { keys: ['reason'], output: 'none' }),
  // REF: config-file hooks' output is dropped here; the binary reads additionalContext, modifiedPrompt and
  // `decision: "block"` from them (oracle 07, 09; output.ts).
  userPromptSubmitted: spec('userPromptSubmitted', 'UserPromptSubmit', { keys: ['prompt'], required: ['prompt'], output: 'context' }),
  userPromptTransformed: spec('userPromptTransformed', null, { keys: ['prompt', 'transformedPrompt'], required: ['prompt', 'transformedPrompt'], output: 'transformed' }),
  preToolUse: spec('preToolUse', 'PreToolUse', { ...TOOL, keys: ['toolName', 'toolArgs'], required: ['toolName'], output: 'pre-tool' }),
  // UNCERTAIN (§3.1): only `toolInput.requestSandboxBypass` is documented; toolInput is sent as an object.
  // The binary (oracle 01, 09): `{hookName:"permissionRequest", sessionId, timestamp, cwd, toolName, toolInput,
  // permissionSuggestions}` on stdin in both forms — a PascalCase hook gets it camelCase too (input.ts).
  permissionRequest: spec('permissionRequest', 'PermissionRequest', { ...TOOL, keys: ['toolName', 'toolInput', 'permissionSuggestions'], required: ['toolName'], output: 'permission' }),
  postToolUse: spec('postToolUse', 'PostToolUse', { ...TOOL, keys: ['toolName', 'toolArgs', 'toolResult'], required: ['toolName'], output: 'post-tool' }),
  // Not in §6's matcher table: UNCERTAIN, matched on toolName like the other tool events.
  postToolUseFailure: spec('postToolUseFailure', 'PostToolUseFailure', { ...TOOL, tool: false, keys: ['toolName', 'toolArgs', 'error'], required: ['toolName'], output: 'context' }),
  preCompact: spec('preCompact', 'PreCompact', { matchField: 'trigger', keys: ['transcriptPath', 'trigger', 'customInstructions'], output: 'none' }),
  // `stop_hook_active` is snake_case even in the camelCase payload (REF).
  agentStop: spec('agentStop', 'Stop', { keys: ['transcriptPath', 'stopReason', 'stop_hook_active'], output: 'stop' }),
  subagentStart: spec('subagentStart', 'SubagentStart', { matchField: 'agentName', keys: ['transcriptPath', 'agentName', 'agentDisplayName', 'agentDescription'], output: 'context' }),
  subagentStop: spec('subagentStop', 'SubagentStop', { keys: ['transcriptPath', 'agentId', 'agentType', 'agentName', 'agentDisplayName', 'response', 'stopReason'], output: 'stop' }),
  errorOccurred: spec('errorOccurred', 'ErrorOccurred', { keys: ['error', 'errorContext', 'recoverable'], output: 'none' }),
  // The camelCase payload already carries hook_event_name and snake_case fields (REF). "Notification" as
  // a config key is UNCERTAIN (no PascalCase name is listed); it is read as the same event.
  notification: spec('notification', 'Notification', { matchField: 'notification_type', keys: ['hook_event_name', 'message', 'title', 'notification_type'], required: ['message', 'notification_type'], output: 'context' }),
});

/** Whether `key` is a camelCase event name (an own key: `constructor` or `__proto__` is not an event). */
export const isCopilotEvent = (key: string): key is CopilotHookEvent => Object.hasOwn(COPILOT_EVENT_SPECS, key);

/** PascalCase config key -> event. */
export const PASCAL_EVENTS: ReadonlyMap<string, CopilotHookEvent> = new Map(
  COPILOT_HOOK_EVENTS.flatMap((e) => (COPILOT_EVENT_SPECS[e].pascal === null ? [] : [[COPILOT_EVENT_SPECS[e].pascal!, e] as const])),
);

/** Copilot's default hook timeout: 30 seconds (REF, ABOUT, REUSE). */
export const COPILOT_DEFAULT_TIMEOUT_SEC = 30;

/** The runtime tool name -> its Claude name, for PascalCase hooks (REF; CL 1.0.62). Others are unchanged. */
// A Map, not an object: a tool the model names `constructor` or `__proto__` must not read Object.prototype.
export const CLAUDE_TOOL_NAMES: ReadonlyMap<string, string> = new Map([
  ['bash', 'Bash'],
  ['powershell', 'Bash'],
  ['view', 'Read'],
  ['create', 'Write'],
  ['edit', 'Edit'],
  ['str_replace_editor', 'Edit'],
  ['apply_patch', 'Edit'],
  ['grep', 'Grep'],
  ['rg', 'Grep'],
  ['glob', 'Glob'],
  ['web_fetch', 'WebFetch'],
  ['web_search', 'WebSearch'],
  ['ask_user', 'AskUserQuestion'],
  ['update_todo', 'TodoWrite'],
  ['task', 'Agent'],
]);

export const claudeToolName = (runtime: string): string => CLAUDE_TOOL_NAMES.get(runtime) ?? runtime;
