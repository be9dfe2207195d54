// The claude profile's payload and output types, in Claude Code's own snake_case (input) and camelCase
// (output) field names, from its typed hook input schemas (../shared/seeds/002_…). Required vs optional is
// exactly as those schemas say; the catalogue's `required` lists (events.ts) are checked against these
// interfaces at compile time by test/profiles/claude/payloads.test-d.ts.
import type { ClaudeHookEvent } from './events.js';

export type { ClaudeHookEvent } from './events.js';

/** A JSON object: tool input, elicitation content, requested schemas. */
export type ClaudeJsonObject = Record<string, unknown>;

/** The MCP server behind an `mcp__…` tool. */
export interface ClaudeMcpServer {
  name: string;
  source: string;
}

/** One resolved tool call of a PostToolBatch. */
export interface ClaudeToolCall {
  tool_name: string;
  tool_input: ClaudeJsonObject;
  tool_use_id: string;
  tool_response: unknown;
}

/** A background task still known when the agent stops. Only the first three fields apply to every kind of task. */
export interface ClaudeBackgroundTask {
  id: string;
  type: string;
  status: string;
  description?: string;
  command?: string;
  agent_type?: string;
  server?: string;
  tool?: string;
  name?: string;
}

/** A scheduled prompt of the session. */
export interface ClaudeSessionCron {
  id: string;
  schedule: string;
  recurring: boolean;
  prompt: string;
}

/**
 * Fields the registry fills in on every event (Claude Code's base hook input). Optional in a dispatch
 * payload; Claude Code itself always sends session_id, transcript_path and cwd.
 */
export interface ClaudeCommonInput {
  session_id?: string;
  transcript_path?: string;
  cwd?: string;
  permission_mode?: string;
  /** Present only when the hook fires inside a subagent. */
  agent_id?: string;
  /** The subagent's type, or the main thread's `--agent` type. */
  agent_type?: string;
  /** Reasoning effort of the current turn, on models that support it. */
  effort?: { level: string };
  /** Correlates a user prompt with every later event until the next prompt. */
  prompt_id?: string;
  /** Sent by Claude Code's payload builders on some events; not in its typed base schema. */
  scratchpad_dir?: string;
}

export interface PreToolUseInput {
  tool_name: string;
  tool_input: ClaudeJsonObject;
  tool_use_id: string;
  mcp_server?: ClaudeMcpServer;
}

export interface PostToolUseInput {
  tool_name: string;
  tool_input: ClaudeJsonObject;
  tool_response: unknown;
  tool_use_id: string;
  duration_ms?: number;
  mcp_server?: ClaudeMcpServer;
}

export interface PostToolUseFailureInput {
  tool_name: string;
  tool_input: ClaudeJsonObject;
  tool_use_id: string;
  error: string;
  is_interrupt?: boolean;
  duration_ms?: number;
  mcp_server?: ClaudeMcpServer;
}

export interface PostToolBatchInput {
  tool_calls: ClaudeToolCall[];
}

export interface NotificationInput {
  message: string;
  title?: string;
  /**
   * Known values: permission_prompt, idle_prompt, auth_success, elicitation_dialog, agent_needs_input,
   * agent_completed, elicitation_url_dialog, worker_permission_prompt, push_notification, computer_use_enter,
   * computer_use_exit, quota_auto_resume_fired, quota_auto_resume_stale, quota_auto_resume_disabled,
   * model_refusal_fallback, elicitation_complete, elicitation_response.
   */
  notification_type: string;
}

export interface UserPromptSubmitInput {
  prompt: string;
  source?: 'user' | 'sdk' | 'system' | 'loop_wakeup' | 'schedule_wakeup' | 'poll_event';
  session_title?: string;
}

export interface UserPromptExpansionInput {
  expansion_type: 'slash_command' | 'mcp_prompt';
  command_name: string;
  command_args: string;
  command_source?: string;
  prompt: string;
}

export interface SessionStartInput {
  source: 'startup' | 'resume' | 'clear' | 'compact' | 'fork';
  model?: string;
  session_title?: string;
  seconds_since_last_response?: number;
  context_tokens?: number;
  prompt_cache_likely_expired?: boolean;
  estimated_cache_write_usd?: number;
}

export interface SessionEndInput {
  reason: 'clear' | 'resume' | 'logout' | 'prompt_input_exit' | 'other';
}

export interface StopInput {
  stop_hook_active: boolean;
  last_assistant_message?: string;
  background_tasks?: ClaudeBackgroundTask[];
  session_crons?: ClaudeSessionCron[];
}

export type ClaudeApiErrorKind =
  | 'authentication_failed'
  | 'oauth_org_not_allowed'
  | 'account_on_hold'
  | 'verification_required'
  | 'billing_error'
  | 'rate_limit'
  | 'overloaded'
  | 'invalid_request'
  | 'model_not_found'
  | 'server_error'
  | 'unknown'
  | 'max_output_tokens'
  | 'cloud_credential_error';

export interface StopFailureInput {
  error: ClaudeApiErrorKind;
  error_details?: string;
  last_assistant_message?: string;
}

/** No event-specific fields: agent_id and agent_type arrive as common fields (ClaudeCommonInput). */
export interface SubagentStartInput {}

/** agent_id and agent_type arrive as common fields (ClaudeCommonInput). */
export interface SubagentStopInput {
  stop_hook_active: boolean;
  agent_transcript_path: string;
  last_assistant_message?: string;
  background_tasks?: ClaudeBackgroundTask[];
  session_crons?: ClaudeSessionCron[];
}

export interface PreCompactInput {
  trigger: 'manual' | 'auto';
  custom_instructions: string;
}

export interface PostCompactInput {
  trigger: 'manual' | 'auto';
  compact_summary: string;
}

interface ModelSwitchFields {
  from_model: string;
  to_model: string;
  requested_model: string;
  context_tokens: number;
  prompt_cache_warm: boolean;
  cache_ttl: '5m' | '1h';
  estimated_cache_write_usd: number;
  pricing: 'configured' | 'catalog' | 'default';
}

export interface PreModelSwitchInput extends ModelSwitchFields {
  source: 'command' | 'picker' | 'sdk';
}

export interface PostModelSwitchInput extends ModelSwitchFields {
  source: 'command' | 'picker' | 'sdk' | 'auto' | 'resume';
}

export interface PermissionRequestInput {
  tool_name: string;
  tool_input: ClaudeJsonObject;
  /** Permission updates the dialog would offer (six object shapes in Claude Code). */
  permission_suggestions?: ClaudeJsonObject[];
  mcp_server?: ClaudeMcpServer;
}

export interface PermissionDeniedInput {
  tool_name: string;
  tool_input: ClaudeJsonObject;
  tool_use_id: string;
  reason: string;
  mcp_server?: ClaudeMcpServer;
}

export interface SetupInput {
  trigger: 'init' | 'maintenance';
}

export interface TeammateIdleInput {
  teammate_name: string;
  team_name: string;
}

export interface TaskCreatedInput {
  task_id: string;
  task_subject: string;
  task_description?: string;
  teammate_name?: string;
  team_name?: string;
}

export interface TaskCompletedInput {
  task_id: string;
  task_subject: string;
  task_description?: string;
  teammate_name?: string;
  team_name?: string;
}

export type ClaudeElicitationAction = 'accept' | 'decline' | 'cancel';

export interface ElicitationInput {
  mcp_server_name: string;
  message: string;
  mode?: 'form' | 'url';
  url?: string;
  elicitation_id?: string;
  requested_schema?: ClaudeJsonObject;
}

export interface ElicitationResultInput {
  mcp_server_name: string;
  elicitation_id?: string;
  mode?: 'form' | 'url';
  action: ClaudeElicitationAction;
  content?: ClaudeJsonObject;
}

export interface ConfigChangeInput {
  source: 'user_settings' | 'project_settings' | 'local_settings' | 'policy_settings' | 'skills';
  file_path?: string;
}

export interface WorktreeCreateInput {
  /** Suggested worktree slug. */
  name: string;
}

export interface WorktreeRemoveInput {
  /** Absolute path of the worktree. */
  worktree_path: string;
}

export interface InstructionsLoadedInput {
  file_path: string;
  memory_type: 'User' | 'Project' | 'Local' | 'Managed';
  load_reason: 'session_start' | 'nested_traversal' | 'path_glob_match' | 'include' | 'compact';
  /** The `paths:` frontmatter patterns that matched. */
  globs?: string[];
  /** The file Claude touched that caused the load. */
  trigger_file_path?: string;
  /** The file that @-included this one. */
  parent_file_path?: string;
}

export interface CwdChangedInput {
  old_cwd: string;
  new_cwd: string;
}

export interface FileChangedInput {
  file_path: string;
  event: 'change' | 'add' | 'unlink';
}

export interface DirectoryAddedInput {
  /** Absolute path. */
  directory: string;
  source: 'slash_command' | 'register_repo_root';
}

export interface MessageDisplayInput {
  turn_id: string;
  message_id: string;
  /** An integer. */
  index: number;
  final: boolean;
  /** The newly completed lines. */
  delta: string;
}

/** The typed event -> event-specific payload map of the claude profile. */
export interface ClaudeHookPayloads {
  PreToolUse: PreToolUseInput;
  PostToolUse: PostToolUseInput;
  PostToolUseFailure: PostToolUseFailureInput;
  PostToolBatch: PostToolBatchInput;
  Notification: NotificationInput;
  UserPromptSubmit: UserPromptSubmitInput;
  UserPromptExpansion: UserPromptExpansionInput;
  SessionStart: SessionStartInput;
  SessionEnd: SessionEndInput;
  Stop: StopInput;
  StopFailure: StopFailureInput;
  SubagentStart: SubagentStartInput;
  SubagentStop: SubagentStopInput;
  PreCompact: PreCompactInput;
  PostCompact: PostCompactInput;
  PreModelSwitch: PreModelSwitchInput;
  PostModelSwitch: PostModelSwitchInput;
  PermissionRequest: PermissionRequestInput;
  PermissionDenied: PermissionDeniedInput;
  Setup: SetupInput;
  TeammateIdle: TeammateIdleInput;
  TaskCreated: TaskCreatedInput;
  TaskCompleted: TaskCompletedInput;
  Elicitation: ElicitationInput;
  ElicitationResult: ElicitationResultInput;
  ConfigChange: ConfigChangeInput;
  WorktreeCreate: WorktreeCreateInput;
  WorktreeRemove: WorktreeRemoveInput;
  InstructionsLoaded: InstructionsLoadedInput;
  CwdChanged: CwdChangedInput;
  FileChanged: FileChangedInput;
  DirectoryAdded: DirectoryAddedInput;
  MessageDisplay: MessageDisplayInput;
}

/**
 * What a hook receives on stdin: the event's fields, the common fields and the event name.
 * Distributes over a union, so `ClaudeHookInput` (all events) narrows on `hook_event_name`.
 */
export type ClaudeHookInput<E extends ClaudeHookEvent = ClaudeHookEvent> = E extends ClaudeHookEvent
  ? ClaudeHookPayloads[E] & ClaudeCommonInput & { hook_event_name: E }
  : never;

/** PermissionRequest's answer on behalf of the user. */
export type ClaudePermissionRequestDecision =
  | { behavior: 'allow'; updatedInput?: ClaudeJsonObject; updatedPermissions?: ClaudeJsonObject[] }
  | { behavior: 'deny'; message?: string; interrupt?: boolean };

interface AdditionalContextOutput {
  /** Context added for the model. */
  additionalContext?: string;
}

interface WatchPathsOutput {
  /** Absolute paths for the FileChanged watcher (replaces the watch list). */
  watchPaths?: string[];
}

interface ElicitationOutput {
  action?: ClaudeElicitationAction;
  content?: ClaudeJsonObject;
}

/** Per event, the fields it reads from `hookSpecificOutput` (all optional; `{}` where it reads none). */
export interface ClaudeHookSpecificOutputs {
  PreToolUse: AdditionalContextOutput & {
    permissionDecision?: 'allow' | 'deny' | 'ask' | 'defer';
    permissionDecisionReason?: string;
    /** A full replacement of the tool input. */
    updatedInput?: ClaudeJsonObject;
  };
  PostToolUse: AdditionalContextOutput & {
    classifierContext?: string;
    updatedToolOutput?: unknown;
    updatedMCPToolOutput?: unknown;
  };
  PostToolUseFailure: AdditionalContextOutput;
  PostToolBatch: AdditionalContextOutput;
  Notification: AdditionalContextOutput;
  UserPromptSubmit: AdditionalContextOutput & { sessionTitle?: string; suppressOriginalPrompt?: boolean };
  UserPromptExpansion: AdditionalContextOutput & { suppressOriginalPrompt?: boolean };
  SessionStart: AdditionalContextOutput &
    WatchPathsOutput & { initialUserMessage?: string; sessionTitle?: string; reloadSkills?: boolean };
  SessionEnd: {};
  Stop: AdditionalContextOutput;
  StopFailure: {};
  SubagentStart: AdditionalContextOutput;
  SubagentStop: AdditionalContextOutput;
  PreCompact: {};
  PostCompact: {};
  PreModelSwitch: { permissionDecision?: 'allow' | 'deny' | 'ask'; permissionDecisionReason?: string };
  PostModelSwitch: AdditionalContextOutput;
  PermissionRequest: { decision?: ClaudePermissionRequestDecision };
  /** `retry: true` tells the model it may retry. */
  PermissionDenied: { retry?: boolean };
  Setup: AdditionalContextOutput;
  TeammateIdle: {};
  TaskCreated: {};
  TaskCompleted: {};
  Elicitation: ElicitationOutput;
  ElicitationResult: ElicitationOutput;
  ConfigChange: {};
  WorktreeCreate: { worktreePath?: string };
  WorktreeRemove: {};
  InstructionsLoaded: {};
  CwdChanged: WatchPathsOutput;
  FileChanged: WatchPathsOutput;
  DirectoryAdded: {};
  /** Replaces the delta on screen only; the stored message is untouched. */
  MessageDisplay: { displayContent?: string };
}

type Flatten<T> = { [K in keyof T]: T[K] };

/**
 * `hookSpecificOutput`: one event's fields, tagged with `hookEventName`. Claude Code expects the tag to
 * match the event; real hooks often omit it, so it is optional here.
 */
export type ClaudeHookSpecificOutput<E extends ClaudeHookEvent = ClaudeHookEvent> = E extends ClaudeHookEvent
  ? Flatten<{ hookEventName?: E } & ClaudeHookSpecificOutputs[E]>
  : never;

/** The JSON object a hook may print on stdout. Every field is optional. */
export interface ClaudeHookOutput {
  /** Whether Claude should continue after the hook. @default true */
  continue?: boolean;
  /** Hide stdout from the transcript. @default false */
  suppressOutput?: boolean;
  /** Shown when `continue` is false. */
  stopReason?: string;
  decision?: 'approve' | 'block';
  /** Explanation for the decision. */
  reason?: string;
  /** A warning shown to the user. */
  systemMessage?: string;
  /** A notification/title OSC (0, 1, 2, 9, 99, 777) or BEL for Claude Code to emit; anything else is dropped. */
  terminalSequence?: string;
  hookSpecificOutput?: ClaudeHookSpecificOutput;
}
