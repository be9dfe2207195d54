// What each profile's events mean for the session status: per profile, a table from event name to the
// signal it gives the state machine (machine.ts), with the payload fields it reads, each row citing where its
// reading comes from. An event without a row gives `activity` (no status of its own). The payload is the one
// the harness dispatched (before the registry fills session fields): the table names that payload's fields.
import type { StatusSignal } from './machine.js';

type SignalKind = StatusSignal['kind'];

/** One event's meaning. */
export interface StatusEventRow {
  readonly kind: SignalKind;
  /** session-start: the field whose value `compact` means the session was only compacted (its subagents go on). */
  readonly compactField?: string;
  /** tool: the field holding the id of the subagent that ran the tool (refreshes the subagent counter). */
  readonly agentField?: string;
  /** A boolean field that, when `true`, makes the event an interrupt. */
  readonly interruptField?: string;
  /** stop: the field listing the background tasks still known. */
  readonly tasksField?: string;
  /** A field whose value (a string or boolean) changes what the event means; other values keep `kind`. */
  readonly byValue?: { readonly field: string; readonly kinds: Readonly<Record<string, SignalKind>> };
  /** Where this reading comes from. */
  readonly source: string;
}

/** A profile's table. */
export interface StatusTable {
  /** Payload fields holding the session's id, first found wins; else the registry's `session.sessionId`. */
  readonly sessionFields: readonly string[];
  readonly events: Readonly<Record<string, StatusEventRow>>;
}

// The rules are a real hook consumer's (Vibeyard's state machine for Claude Code 2.1.238): its core events.
const HOOK_CONSUMER = 'a hook consumer’s Claude Code state machine (Vibeyard)';

const CLAUDE: StatusTable = {
  sessionFields: ['session_id'],
  events: {
    SessionStart: { kind: 'session-start', compactField: 'source', source: `${HOOK_CONSUMER}: SessionStart → waiting; the counter is kept when source is "compact"` },
    UserPromptSubmit: { kind: 'prompt', source: `${HOOK_CONSUMER}: UserPromptSubmit → working, clears the interrupt` },
    PostToolUse: { kind: 'tool', agentField: 'agent_id', source: `${HOOK_CONSUMER}: PostToolUse → working; agent_id refreshes the counter` },
    PostToolUseFailure: { kind: 'tool', interruptField: 'is_interrupt', source: `${HOOK_CONSUMER}: PostToolUseFailure → working; is_interrupt (Claude Code's input schema) is a user abort` },
    PermissionRequest: { kind: 'input', source: `${HOOK_CONSUMER}: PermissionRequest → input` },
    Stop: { kind: 'stop', tasksField: 'background_tasks', source: `${HOOK_CONSUMER}: Stop resolution by background_tasks, then the counter` },
    StopFailure: { kind: 'stop-failure', source: `${HOOK_CONSUMER}: StopFailure → waiting` },
    SubagentStart: { kind: 'subagent-start', source: `${HOOK_CONSUMER}: SubagentStart increments the counter` },
    SubagentStop: { kind: 'subagent-stop', source: `${HOOK_CONSUMER}: SubagentStop decrements the counter` },
    SessionEnd: { kind: 'session-end', source: 'Claude Code hooks reference: SessionEnd, the session terminated (the consumer’s PTY exit → idle)' },
  },
};

// The default profile: the afk hook reference (docs/profiles/default.md). Its Stop's terminalState is named
// there without a definition; `asking` (the agent asks the user), `interrupted` and `blocked` are read here.
const DEFAULT: StatusTable = {
  sessionFields: ['sessionId'],
  events: {
    SessionStart: { kind: 'session-start', source: 'afk hook reference: SessionStart (no source field: the counter always restarts)' },
    UserPromptSubmit: { kind: 'prompt', source: 'afk hook reference: UserPromptSubmit' },
    PostToolUse: { kind: 'tool', agentField: 'subagentId', source: 'afk hook reference: PostToolUse, subagentId when a subagent ran the tool' },
    PostToolUseFailure: { kind: 'tool', source: 'afk hook reference: PostToolUseFailure (no interrupt flag)' },
    Stop: {
      kind: 'stop',
      byValue: { field: 'terminalState', kinds: { interrupted: 'interrupt', asking: 'input', blocked: 'stop-failure' } },
      source: 'afk hook reference: Stop terminalState done | blocked | asking | interrupted',
    },
    SubagentStart: { kind: 'subagent-start', source: 'afk hook reference: SubagentStart (subagentId)' },
    SubagentStop: { kind: 'subagent-stop', source: 'afk hook reference: SubagentStop (subagentId)' },
    SessionEnd: { kind: 'session-end', source: 'afk hook reference: SessionEnd' },
  },
};

// Codex CLI 0.169.0's events as recorded from the binary (docs/profiles/codex.md).
const CODEX: StatusTable = {
  sessionFields: ['session_id'],
  events: {
    SessionStart: { kind: 'session-start', compactField: 'source', source: 'Codex 0.169.0: SessionStart source startup | resume | clear | compact | fork' },
    UserPromptSubmit: { kind: 'prompt', source: 'Codex 0.169.0: UserPromptSubmit' },
    PostToolUse: { kind: 'tool', agentField: 'agent_id', source: 'Codex 0.169.0: PostToolUse, agent_id inside a subagent' },
    PermissionRequest: { kind: 'input', source: 'Codex 0.169.0: PermissionRequest' },
    Stop: { kind: 'stop', source: 'Codex 0.169.0: Stop (no background task list: the counter alone)' },
    Interrupt: { kind: 'interrupt', source: 'Codex 0.169.0: Interrupt, the user interrupted the turn' },
    SubagentStart: { kind: 'subagent-start', source: 'Codex 0.169.0: SubagentStart (agent_id)' },
    SubagentStop: { kind: 'subagent-stop', source: 'Codex 0.169.0: SubagentStop (agent_id)' },
    SessionEnd: { kind: 'session-end', source: 'Codex 0.169.0: SessionEnd' },
  },
};

// Cursor's agent hooks (docs/profiles/cursor.md): a conversation is the session.
const CURSOR: StatusTable = {
  sessionFields: ['conversation_id', 'session_id'],
  events: {
    sessionStart: { kind: 'session-start', source: 'Cursor hooks: sessionStart (no compaction source)' },
    beforeSubmitPrompt: { kind: 'prompt', source: 'Cursor hooks: beforeSubmitPrompt' },
    postToolUse: { kind: 'tool', source: 'Cursor hooks: postToolUse' },
    postToolUseFailure: { kind: 'tool', interruptField: 'is_interrupt', source: 'Cursor hooks: postToolUseFailure, is_interrupt' },
    afterShellExecution: { kind: 'tool', source: 'Cursor hooks: afterShellExecution' },
    afterMCPExecution: { kind: 'tool', source: 'Cursor hooks: afterMCPExecution' },
    afterFileEdit: { kind: 'tool', source: 'Cursor hooks: afterFileEdit' },
    stop: { kind: 'stop', byValue: { field: 'status', kinds: { aborted: 'interrupt', error: 'stop-failure' } }, source: 'Cursor hooks: stop status completed | aborted | error' },
    subagentStart: { kind: 'subagent-start', source: 'Cursor hooks: subagentStart (subagent_id)' },
    subagentStop: { kind: 'subagent-stop', source: 'Cursor hooks: subagentStop (subagent_id)' },
    sessionEnd: { kind: 'session-end', source: 'Cursor hooks: sessionEnd' },
  },
};

// Gemini CLI's hooks (docs/profiles/gemini.md): no subagent, failure or interrupt events.
const GEMINI: StatusTable = {
  sessionFields: ['session_id'],
  events: {
    SessionStart: { kind: 'session-start', source: 'Gemini CLI hooks: SessionStart' },
    BeforeAgent: { kind: 'prompt', source: 'Gemini CLI hooks: BeforeAgent, the prompt is submitted' },
    AfterTool: { kind: 'tool', source: 'Gemini CLI hooks: AfterTool' },
    Notification: { kind: 'activity', byValue: { field: 'notification_type', kinds: { ToolPermission: 'input' } }, source: 'Gemini CLI hooks: Notification ToolPermission, a tool waits on the user (recorded: fixtures/gemini/engine/10-lifecycle-events.json)' },
    AfterAgent: { kind: 'stop', source: 'Gemini CLI hooks: AfterAgent, the turn ended' },
    SessionEnd: { kind: 'session-end', source: 'Gemini CLI hooks: SessionEnd' },
  },
};

// GitHub Copilot CLI's hooks (docs/profiles/copilot.md), dispatched by their camelCase names.
const COPILOT: StatusTable = {
  sessionFields: ['sessionId', 'session_id'],
  events: {
    sessionStart: { kind: 'session-start', source: 'Copilot CLI hooks: sessionStart source startup | resume | new' },
    userPromptSubmitted: { kind: 'prompt', source: 'Copilot CLI hooks: userPromptSubmitted' },
    postToolUse: { kind: 'tool', source: 'Copilot CLI hooks: postToolUse' },
    postToolUseFailure: { kind: 'tool', source: 'Copilot CLI hooks: postToolUseFailure (no interrupt flag)' },
    permissionRequest: { kind: 'input', source: 'Copilot CLI hooks: permissionRequest' },
    agentStop: { kind: 'stop', source: 'Copilot CLI hooks: agentStop' },
    errorOccurred: { kind: 'activity', byValue: { field: 'recoverable', kinds: { false: 'stop-failure' } }, source: 'Copilot CLI hooks: errorOccurred, recoverable false ends the turn' },
    subagentStart: { kind: 'subagent-start', source: 'Copilot CLI hooks: subagentStart' },
    subagentStop: { kind: 'subagent-stop', source: 'Copilot CLI hooks: subagentStop' },
    sessionEnd: { kind: 'session-end', source: 'Copilot CLI hooks: sessionEnd' },
  },
};

/** The table of each built-in profile. A profile of one's own is read with the claude table (most dialects reuse Claude Code's event names). */
export const STATUS_TABLES: Readonly<Record<string, StatusTable>> = Object.freeze({ default: DEFAULT, claude: CLAUDE, codex: CODEX, cursor: CURSOR, gemini: GEMINI, copilot: COPILOT });

// The table a registry's profile is read with.
export function statusTableOf(profile: string): StatusTable {
  return Object.hasOwn(STATUS_TABLES, profile) ? STATUS_TABLES[profile]! : CLAUDE;
}

const ACTIVITY: StatusSignal = Object.freeze({ kind: 'activity' });

// What one dispatched event means, read from its payload through the table.
export function signalOf(table: StatusTable, event: string, payload: unknown): StatusSignal {
  const row = Object.hasOwn(table.events, event) ? table.events[event]! : undefined;
  if (row === undefined) return ACTIVITY;
  const p = (payload !== null && typeof payload === 'object' ? payload : {}) as Record<string, unknown>;
  let kind = row.kind;
  if (row.byValue !== undefined) {
    const value = p[row.byValue.field];
    const key = typeof value === 'string' || typeof value === 'boolean' ? String(value) : undefined;
    if (key !== undefined && Object.hasOwn(row.byValue.kinds, key)) kind = row.byValue.kinds[key]!;
  }
  if (row.interruptField !== undefined && p[row.interruptField] === true) kind = 'interrupt';
  switch (kind) {
    case 'session-start':
      return { kind, compact: row.compactField !== undefined && p[row.compactField] === 'compact' };
    case 'tool': {
      const id = row.agentField === undefined ? undefined : p[row.agentField];
      return { kind, agentId: typeof id === 'string' && id !== '' ? id : undefined };
    }
    case 'stop':
      return { kind, tasks: row.tasksField === undefined ? undefined : p[row.tasksField] };
    default:
      return { kind } as StatusSignal;
  }
}

// The session an event belongs to: the first of the table's fields the payload has, else the fallback.
export function sessionIdOf(table: StatusTable, payload: unknown, fallback: string | undefined): string {
  if (payload !== null && typeof payload === 'object') {
    for (const field of table.sessionFields) {
      const value = (payload as Record<string, unknown>)[field];
      if (typeof value === 'string' && value !== '') return value;
    }
  }
  return fallback ?? '';
}
