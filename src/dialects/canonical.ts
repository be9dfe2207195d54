// The hub every dialect translates through: one harness's event and payload are read into an action in
// these words, and written from them into another harness's event and payload (src/dialects/table.ts).
// The words are Claude Code's (its field names and its tools' `tool_input` keys), the most documented
// dialect; a tool is named by what it does (`shell`, `edit`), since each harness names it differently.

/** What happened, whatever a harness calls it. */
export type Action =
  | 'tool.before'
  | 'tool.after'
  | 'tool.failed'
  | 'tool.permission'
  | 'prompt'
  | 'stop'
  | 'subagent.start'
  | 'subagent.stop'
  | 'session.start'
  | 'session.end'
  | 'compact.before'
  | 'compact.after'
  | 'notification';

/** What a tool does. `mcp` is any MCP server's tool (its server and name travel with it). */
export type ToolKind =
  | 'shell'
  | 'read'
  | 'write'
  | 'edit'
  | 'multi_edit'
  | 'patch'
  | 'delete'
  | 'glob'
  | 'grep'
  | 'ls'
  | 'web_fetch'
  | 'web_search'
  | 'agent'
  | 'todo'
  | 'ask_user'
  | 'mcp';

/** A tool call in the hub's words: its kind and its input with Claude Code's keys for that kind. */
export interface CanonicalTool {
  readonly kind: ToolKind;
  readonly input: Record<string, unknown>;
  /** `mcp`: the server and the tool's own name (a harness that drops the server leaves it undefined). */
  readonly mcp?: { readonly server: string | undefined; readonly name: string };
}

/**
 * One dispatch in the hub's words: the action, its fields under Claude Code's names (`session_id`,
 * `prompt`, `stop_hook_active`, `source`, …, values in Claude's vocabulary), and its tool call.
 */
export interface Canonical {
  readonly action: Action;
  readonly fields: Readonly<Record<string, unknown>>;
  readonly tool?: CanonicalTool;
}
