// The cursor profile's payloads and outputs: what `dispatch` takes per event (Cursor's own stdin fields,
// snake_case, spec §2) and the JSON a hook answers with (§3). `dispatch` fills the common fields from the
// session when the payload has none (input.ts).
import type { CursorHookEvent } from './events.js';

/** Fields every event's stdin carries (§2.1); workspaceOpen only the app-level ones. */
export interface CursorCommonFields {
  /** Default: the session's sessionId. */
  conversation_id: string;
  /** Changes with every user message; "" at sessionStart. Default "". */
  generation_id: string;
  /** The legacy model slug. Default "". */
  model: string;
  /** Newer builds (D-new): sent only when given. */
  model_id?: string;
  model_params?: { id: string; value: string }[];
  /** Default: the `cursorVersion` option, else the version this profile was read for. */
  cursor_version: string;
  /** Default: `[projectDir]` (the `projectDir` option, else the session's cwd). */
  workspace_roots: string[];
  /** Default: the `userEmail` option, else null. */
  user_email: string | null;
  /** Default: the session's transcriptPath, else null. */
  transcript_path: string | null;
  /** Observed on every event (3.9.16, = conversation_id). Default: conversation_id. */
  session_id: string;
}

export interface CursorAttachment {
  type: 'file' | 'rule';
  file_path: string;
}

export interface CursorEdit {
  old_string: string;
  new_string: string;
  range?: { start_line_number: number; start_column: number; end_line_number: number; end_column: number };
  old_line?: string;
  new_line?: string;
}

type Tool = { tool_name: string; tool_input?: unknown; tool_use_id?: string; cwd?: string; model?: string };

/** The event-specific fields `dispatch` takes per event. */
export interface CursorHookPayloads {
  sessionStart: { is_background_agent?: boolean; composer_mode?: 'agent' | 'ask' | 'edit' };
  sessionEnd: { reason?: 'completed' | 'aborted' | 'error' | 'window_close' | 'user_close'; duration_ms?: number; is_background_agent?: boolean; final_status?: string; error_message?: string };
  beforeSubmitPrompt: { prompt: string; attachments?: CursorAttachment[] };
  /** `tool_input`: an object (a JSON string is parsed). */
  preToolUse: Tool & { agent_message?: string };
  /** `tool_output`: the tool's output as a JSON string (an object is serialized). */
  postToolUse: Tool & { tool_output?: unknown; duration?: number };
  postToolUseFailure: Tool & { error_message?: string; failure_type?: 'error' | 'timeout' | 'permission_denied'; duration?: number; is_interrupt?: boolean };
  subagentStart: { subagent_id?: string; subagent_type?: string; task?: string; parent_conversation_id?: string; tool_call_id?: string; subagent_model?: string; is_parallel_worker?: boolean; git_branch?: string };
  /** `loop_count`: default the profile's own count for this subagent. */
  subagentStop: {
    subagent_id?: string;
    subagent_type?: string;
    status?: 'completed' | 'error' | 'aborted';
    task?: string;
    description?: string;
    summary?: string;
    duration_ms?: number;
    message_count?: number;
    tool_call_count?: number;
    loop_count?: number;
    modified_files?: string[];
    agent_transcript_path?: string;
  };
  beforeShellExecution: { command: string; cwd?: string; sandbox?: boolean };
  afterShellExecution: { command: string; output?: string; duration?: number; sandbox?: boolean };
  /** `tool_input`: a JSON string (an object is serialized); `url` or `command` names the server. */
  beforeMCPExecution: { tool_name: string; tool_input?: unknown; url?: string; command?: string };
  afterMCPExecution: { tool_name: string; tool_input?: unknown; result_json?: unknown; duration?: number };
  beforeReadFile: { file_path: string; content?: string; attachments?: CursorAttachment[] };
  afterFileEdit: { file_path: string; edits?: CursorEdit[] };
  preCompact: { trigger?: 'auto' | 'manual'; context_usage_percent?: number; context_tokens?: number; context_window_size?: number; message_count?: number; messages_to_compact?: number; is_first_compaction?: boolean };
  /** `loop_count`: default the profile's own count for this conversation. */
  stop: { status?: 'completed' | 'aborted' | 'error'; loop_count?: number; input_tokens?: number; output_tokens?: number; cache_read_tokens?: number; cache_write_tokens?: number };
  afterAgentResponse: { text?: string; input_tokens?: number; output_tokens?: number; cache_read_tokens?: number; cache_write_tokens?: number };
  afterAgentThought: { text?: string; duration_ms?: number };
  beforeTabFileRead: { file_path: string; content?: string };
  afterTabFileEdit: { file_path: string; edits?: CursorEdit[] };
  workspaceOpen: Record<never, never>;
}

/** What an in-process handler gets: the stdin a command hook would read. */
export type CursorHookInput<E extends CursorHookEvent = CursorHookEvent> = CursorCommonFields & CursorHookPayloads[E] & { hook_event_name: E };

/** A hook's JSON output (flat, snake_case); each event reads only its own fields (§3.1). */
export interface CursorHookOutput {
  permission?: 'allow' | 'deny' | 'ask';
  /** Shown in the client. */
  user_message?: string;
  /** Sent to the agent. */
  agent_message?: string;
  /** preToolUse: replaces tool_input. */
  updated_input?: Record<string, unknown>;
  /** beforeSubmitPrompt: false keeps the prompt from being sent. */
  continue?: boolean;
  /** postToolUse, sessionStart. */
  additional_context?: string;
  /** postToolUse on an MCP tool: replaces the output the model sees. */
  updated_mcp_tool_output?: Record<string, unknown>;
  /** sessionStart: variables for the session's later hook processes. */
  env?: Record<string, string>;
  /** stop, subagentStop: submitted as the next user message. */
  followup_message?: string;
  /** workspaceOpen. */
  pluginPaths?: string[];
  /** The Claude shape, also accepted (T-new §3.2). */
  decision?: 'block';
  reason?: string;
  hookSpecificOutput?: { permissionDecision?: 'allow' | 'deny' | 'ask'; permissionDecisionReason?: string; updatedInput?: Record<string, unknown>; additionalContext?: string; decision?: 'block'; reason?: string };
}
