// The default profile's payload types: what `dispatch` takes per event (camelCase, the afk harness's own),
// what a handler receives, and the handler's type.
import type { HookContext, HookDecision, ToolInput } from '../../types.js';
import type { HookEvent } from './events.js';

export type { HookEvent } from './events.js';

export interface SessionStartPayload {
  sessionId?: string;
  parentSessionId?: string;
}

export interface SessionEndPayload {
  sessionId?: string;
  reason?: string;
  parentSessionId?: string;
  tracePath?: string;
  cwd?: string;
  /** The session's assistant messages, for in-process consumers only. */
  assistantTexts?: readonly string[];
}

export interface SubagentStartPayload {
  subagentId: string;
  parentSessionId?: string;
}

export type SubagentStatus = 'idle' | 'running' | 'succeeded' | 'failed' | 'cancelled';

export interface SubagentStopPayload {
  subagentId: string;
  status: SubagentStatus;
  reason?: string;
  lastMessage?: string;
  agentType?: string;
  durationMs?: number;
  trace?: unknown;
}

export interface PreToolUsePayload {
  toolName: string;
  input?: ToolInput;
  sessionId?: string;
  subagentId?: string;
  parentSessionId?: string;
  cwd?: string;
  grantManager?: unknown;
  nonInteractive?: boolean;
  toolUseId?: string;
}

export interface PostToolUsePayload {
  toolName: string;
  toolUseId?: string;
  sessionId?: string;
  subagentId?: string;
  parentSessionId?: string;
  rootSessionId?: string;
  input?: ToolInput;
  output?: unknown;
  isError?: boolean;
  grantManager?: unknown;
  incomplete?: boolean;
  incompleteReason?: string;
}

export interface PreCompactPayload {
  sessionId?: string;
  trigger?: 'manual' | 'auto';
}

export interface PostToolUseFailurePayload {
  toolName: string;
  /** The thrown error's message. */
  error: string;
  toolUseId?: string;
  sessionId?: string;
  subagentId?: string;
  parentSessionId?: string;
  input?: ToolInput;
}

export interface StopPayload {
  sessionId?: string;
  parentSessionId?: string;
  terminalState?: 'done' | 'blocked' | 'asking' | 'interrupted';
  doneHasCorroboratingEvidence?: boolean;
  doneEvidenceClassification?: 'no-code-changes' | 'verified' | 'unverified';
  stopHookActive?: boolean;
  continuation?: number;
  assistantText?: string;
  successfulToolNames?: readonly string[];
}

export interface UserPromptSubmitPayload {
  prompt: string;
  sessionId?: string;
}

/** The typed event -> payload map of the default profile. */
export interface HookPayloads {
  SessionStart: SessionStartPayload;
  SessionEnd: SessionEndPayload;
  SubagentStart: SubagentStartPayload;
  SubagentStop: SubagentStopPayload;
  PreToolUse: PreToolUsePayload;
  PostToolUse: PostToolUsePayload;
  PreCompact: PreCompactPayload;
  PostToolUseFailure: PostToolUseFailurePayload;
  Stop: StopPayload;
  UserPromptSubmit: UserPromptSubmitPayload;
}

/** What a handler receives: the dispatched payload plus the event name. */
export type HookInput<E extends HookEvent = HookEvent> = E extends HookEvent
  ? Readonly<HookPayloads[E]> & { readonly event: E }
  : never;

export type HookHandler<E extends HookEvent = HookEvent> = (
  payload: HookInput<E>,
  context: HookContext,
) => HookDecision | void | undefined | PromiseLike<HookDecision | void | undefined>;

