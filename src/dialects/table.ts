// A dialect's translation table: how one harness names the hub's actions, fields, values and tools
// (src/dialects/canonical.ts). Each built-in profile has one, as data, in its folder
// (src/profiles/<name>/dialect.ts), every row citing where it comes from; src/dialects/translate.ts reads
// them. A profile without a table can host no dialect and be no one's dialect.
import type { Action, ToolKind } from './canonical.js';

/** What a host's result can say on one of its events, besides `blocked` and `reason`. */
export interface EventStates {
  /** It has a permission decision (`permissionDecision`): a block is stated as `deny` there too. */
  readonly permission?: boolean;
  /** It can ask the user (`permissionDecision: 'ask'`); without it a foreign ask is a deny. */
  readonly ask?: boolean;
  /** It can replace the tool's input (`updatedInput`); without it a foreign rewrite blocks. */
  readonly rewrite?: boolean;
  /** A block here keeps the agent going with the reason as its next prompt (a Stop continuation). */
  readonly continuation?: boolean;
  /** Where the host's result also lists a continuation: an array to append to (Codex's `continuation`), or a string field set when empty (Cursor's `followupMessage`). */
  readonly continuationField?: { readonly name: string; readonly list: boolean };
}

export interface EventRow {
  /** The harness's own event name. */
  readonly event: string;
  readonly action: Action;
  /** Written only for calls of these tool kinds (Cursor's `beforeShellExecution`: `shell`). */
  readonly tools?: readonly ToolKind[];
  /** Never read as the action (a second event a harness fires for it, written only). */
  readonly writeOnly?: boolean;
  /**
   * Hub field (Claude Code's name) -> this event's payload key. `tool_name` and `tool_input` say where the
   * tool call sits; `tool_input.<key>` takes one key of the hub's tool input (written only).
   */
  readonly fields: Readonly<Record<string, string>>;
  /** Fields whose value must have a counterpart here, else the event does not fire for the action. */
  readonly exact?: readonly string[];
  /** Own keys and the value this harness sends when the host said nothing (a required field). */
  readonly defaults?: Readonly<Record<string, unknown>>;
  /** Hub fields made up per call when the host has none (a `tool_use_id`). */
  readonly mint?: readonly string[];
  readonly states?: EventStates;
  readonly source: string;
  readonly note?: string;
}

export interface ToolRow {
  readonly kind: ToolKind;
  /** The name a hook of this harness sees, and matches on. */
  readonly name: string;
  /** Hub key -> this tool's input key; other keys are neither sent nor read. Default: the hub's keys as they are. */
  readonly keys?: Readonly<Record<string, string>>;
  /** apply_patch's text as `{ command: text }` (Codex) or as the whole input (Copilot); a fetch whose URL rides in its prompt (Gemini). */
  readonly codec?: 'patch-object' | 'patch-string' | 'url-in-prompt';
  /** Read only: another name this harness uses for the kind; never written. */
  readonly alias?: boolean;
  /** Read: chosen for `name` only when the input has this key (Cursor's `Write` is an edit when it has `old_string`). */
  readonly when?: string;
  readonly source: string;
  readonly note?: string;
}

/** A field's values in the hub's vocabulary and in this harness's: [hub, own] pairs, the first match each way. */
export type ValueMap = readonly (readonly [hub: string, own: string])[];

export interface DialectTable {
  readonly profile: string;
  readonly events: readonly EventRow[];
  readonly tools: readonly ToolRow[];
  /** How MCP tools are named: `mcp__server__tool` (claude), `mcp_server_tool` (gemini), `MCP:tool` (cursor). */
  readonly mcp: 'claude' | 'gemini' | 'cursor';
  /**
   * How this harness's config file writes one command hook on an event: `grouped` is
   * `{ hooks: { Event: [{ matcher?, hooks: [{ type: 'command', command, timeout? }] }] } }`, `flat` is
   * `{ version: 1, hooks: { event: [{ <command key>, matcher?, <timeout key>? }] } }`; the timeout in this
   * harness's unit. `carried`: the other keys of a hook entry that decide how it is read (Cursor's
   * `failClosed`, Claude's `if` and `onFailure`, Copilot's `onFailure`), which `install` passes to the bridge
   * (`--entry`) so the hook is read there as its own harness reads it. `replaced`: the variables this harness
   * replaces as text in a hook's command, even inside quotes (Gemini's), which `install` keeps from it.
   */
  readonly hookConfig: { readonly shape: 'grouped' | 'flat'; readonly command: string; readonly timeout: string; readonly unit: 's' | 'ms'; readonly defaultTimeout: number; readonly projectFile?: string; readonly carried?: readonly string[]; readonly replaced?: readonly string[] };
  /** Own keys and the value this harness sends on every event when the host (and the session) said nothing. */
  readonly commonDefaults?: Readonly<Record<string, unknown>>;
  /** Hub field -> payload key, on every event (the session's id, cwd, …). */
  readonly common: Readonly<Record<string, string>>;
  /** Per hub field, its values here, where they differ. */
  readonly values?: Readonly<Record<string, ValueMap>>;
}
