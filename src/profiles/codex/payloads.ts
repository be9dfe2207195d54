// The codex profile's payloads and outputs: what Codex 0.169.0 writes to a hook's stdin per event, and the
// JSON a hook (or an in-process handler) answers with. Field lists: the binary's embedded hook schemas.
import type { CodexHookEvent } from './events.js';

export type CodexPermissionMode = 'default' | 'bypassPermissions' | 'acceptEdits' | 'plan' | 'dontAsk';

/** Fields most events carry; `dispatch` fills session_id, transcript_path and cwd from the session when the payload has none. */
export interface CodexCommonFields {
  session_id: string;
  turn_id: string;
  transcript_path: string | null;
  cwd: string;
  model: string;
  permission_mode: CodexPermissionMode;
  /** Only for a thread-spawned sub-agent. */
  agent_id?: string;
  agent_type?: string;
}

interface ToolFields {
  tool_name: string;
  tool_input: Record<string, unknown>;
}

/** The event-specific fields `dispatch` takes per event (the common ones may come with them). */
export interface CodexHookPayloads {
  PreToolUse: ToolFields & { tool_use_id?: string };
  PermissionRequest: ToolFields;
  PostToolUse: ToolFields & { tool_response: unknown; tool_use_id?: string };
  PreCompact: { trigger: 'manual' | 'auto' };
  PostCompact: { trigger: 'manual' | 'auto' };
  SessionStart: { source: 'startup' | 'resume' | 'clear' | 'compact' | 'fork' };
  SessionEnd: { reason?: string };
  UserPromptSubmit: { prompt: string };
  SubagentStart: { agent_id: string; agent_type: string };
  SubagentStop: { agent_id: string; agent_type: string; stop_hook_active?: boolean; last_assistant_message?: string | null; agent_transcript_path?: string | null };
  Stop: { stop_hook_active?: boolean; last_assistant_message?: string | null };
  PreModelRequest: Record<string, never>;
  PostModelRequest: { status?: string; error?: unknown; token_usage?: Record<string, number> };
  Interrupt: Record<string, never>;
}

/** What a hook's stdin holds on event E (the keys Codex sends, in its order). */
export type CodexHookInput<E extends CodexHookEvent = CodexHookEvent> = Partial<CodexCommonFields> & CodexHookPayloads[E] & { hook_event_name: E };

/** A hook's JSON output (each event takes only its own fields: anything else fails the hook, as in Codex). */
export interface CodexHookOutput {
  continue?: boolean;
  stopReason?: string;
  suppressOutput?: boolean;
  systemMessage?: string;
  /** PreToolUse (legacy: `block` with a reason), PostToolUse, UserPromptSubmit, Stop, SubagentStop. */
  decision?: 'block' | 'approve';
  reason?: string;
  hookSpecificOutput?: {
    hookEventName: CodexHookEvent;
    /** PreToolUse: `deny` needs a reason; `allow` needs `updatedInput`; `ask` fails the hook. */
    permissionDecision?: 'allow' | 'deny' | 'ask';
    permissionDecisionReason?: string;
    updatedInput?: Record<string, unknown>;
    additionalContext?: string;
    /** PermissionRequest. */
    decision?: { behavior: 'allow' | 'deny'; message?: string };
    /** PostToolUse, MCP tools. */
    updatedMCPToolOutput?: unknown;
  };
}
