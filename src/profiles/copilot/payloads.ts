// The copilot profile's payloads and outputs: what `dispatch` takes per event (Copilot's camelCase fields,
// `toolArgs` as a value, which both stdin forms carry as it is: an object, as the 1.0.102 binary sends it),
// and the JSON a hook answers with (REF, spec §3–§4; the binary where they differ, fixtures/copilot/oracle).
import type { CopilotHookEvent } from './events.js';

/** Fields every event carries; `dispatch` fills them (session, projectDir, now) when the payload has none. */
export interface CopilotCommonFields {
  sessionId: string;
  /** Epoch milliseconds. */
  timestamp: number;
  cwd: string;
  /** Since CLI 1.0.81, when tracing (CL). */
  traceparent?: string;
  tracestate?: string;
}

export interface CopilotToolResult {
  resultType: 'success' | 'failure' | 'denied';
  textResultForLlm: string;
}

/** The event-specific fields `dispatch` takes per event. */
export interface CopilotHookPayloads {
  sessionStart: { source?: 'startup' | 'resume' | 'new'; initialPrompt?: string };
  sessionEnd: { reason?: 'complete' | 'error' | 'abort' | 'timeout' | 'user_exit' };
  userPromptSubmitted: { prompt: string };
  userPromptTransformed: { prompt: string; transformedPrompt: string };
  /** `toolArgs`: the tool's arguments (an object; apply_patch's raw patch text as a string). */
  preToolUse: { toolName: string; toolArgs?: unknown };
  permissionRequest: { toolName: string; toolInput?: Record<string, unknown>; permissionSuggestions?: unknown[] };
  postToolUse: { toolName: string; toolArgs?: unknown; toolResult?: CopilotToolResult };
  postToolUseFailure: { toolName: string; toolArgs?: unknown; error?: string };
  preCompact: { transcriptPath?: string; trigger?: 'manual' | 'auto'; customInstructions?: string };
  agentStop: { transcriptPath?: string; stopReason?: string; stop_hook_active?: boolean };
  subagentStart: { transcriptPath?: string; agentName?: string; agentDisplayName?: string; agentDescription?: string };
  subagentStop: { transcriptPath?: string; agentId?: string; agentType?: string; agentName?: string; agentDisplayName?: string; response?: string; stopReason?: string };
  errorOccurred: { error?: { message: string; name: string; stack?: string }; errorContext?: 'model_call' | 'tool_execution' | 'system' | 'user_input'; recoverable?: boolean };
  notification: { message: string; title?: string; notification_type: string };
}

/** What an in-process handler gets: the camelCase input, `toolArgs` as the value dispatch was given. */
export type CopilotHookInput<E extends CopilotHookEvent = CopilotHookEvent> = CopilotCommonFields & CopilotHookPayloads[E];

/** A hook's JSON output; each event reads only its own fields (§4), the rest is ignored. */
export interface CopilotHookOutput {
  /** preToolUse. `ask` is a deny in the cloud agent and autopilot (CL 1.0.97). */
  permissionDecision?: 'allow' | 'deny' | 'ask';
  permissionDecisionReason?: string;
  /** preToolUse: replaces the tool's arguments. */
  modifiedArgs?: Record<string, unknown>;
  additionalContext?: string | null;
  /** permissionRequest (CLI only). `interrupt: true` with deny stops the agent. */
  behavior?: 'allow' | 'deny';
  message?: string;
  interrupt?: boolean;
  /** postToolUse. */
  modifiedResult?: CopilotToolResult;
  /** agentStop / subagentStop: `block` keeps the agent going with `reason` as the next prompt. */
  decision?: 'block' | 'allow';
  reason?: string;
  /** subagentStop. */
  modifiedResponse?: string;
  /** userPromptTransformed. */
  modifiedTransformedPrompt?: string;
  /** Not documented for the CLI (VS Code reads it): surfaced as the result's systemMessage. */
  systemMessage?: string;
  /** The Claude shape, also accepted (CL 1.0.24; VS Code wraps Stop's fields in it). */
  hookSpecificOutput?: {
    hookEventName?: string;
    permissionDecision?: 'allow' | 'deny' | 'ask';
    permissionDecisionReason?: string;
    updatedInput?: Record<string, unknown>;
    additionalContext?: string;
    decision?: 'block' | 'allow' | { behavior?: 'allow' | 'deny'; message?: string; interrupt?: boolean };
    reason?: string;
  };
}
