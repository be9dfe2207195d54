// Hand-written public types every profile shares, that are not schema-derived: decisions, the result
// contract, runs, options. A profile's payload and handler types are in its folder (src/profiles/<name>/);
// the config file format is a zod schema (src/schemas/config.ts) and its types are inferred there.

/** A JSON-like tool input. */
export type ToolInput = Record<string, unknown>;

/** What an entry decides. Every field is optional; an empty object (or `undefined`) decides nothing. */
export interface HookDecision {
  /** `false` blocks and stops the chain. */
  continue?: boolean;
  /** `'block'` rejects and stops the chain; `'approve'` accepts for this hook only. */
  decision?: 'approve' | 'block';
  /** Human-readable explanation. */
  reason?: string;
  /** Context for the model; kept only on SessionStart, SubagentStop, PreToolUse, Stop and UserPromptSubmit. */
  injectContext?: string;
  /** A full replacement of the tool input; kept only on PreToolUse. */
  updatedInput?: ToolInput;
}

export interface HookContext {
  /** Aborts when the dispatch is aborted or this entry's deadline passes. Created on first read. */
  readonly signal: AbortSignal;
}

/** `handler`: in-process; `command`: a shell command; the claude profile adds its other configured types. */
export type HookRunKind = 'handler' | 'command' | 'http' | 'prompt' | 'agent' | 'mcp_tool';
export type HookRunOutcome = 'ok' | 'block' | 'error' | 'timeout' | 'aborted';

/** One entry that started during a dispatch. */
export interface HookRun {
  name: string;
  kind: HookRunKind;
  outcome: HookRunOutcome;
  /**
   * How long it ran, in ms: its own with `timing: 'entry'` (or an observer, or the record); with `'turn'`
   * (the default) an upper bound — a hook that waited is timed from the last reading before it started,
   * and hooks that ran back to back within one turn of the event loop each get that stretch's length.
   */
  durationMs: number;
  /** The entry's own (normalized) decision, when it returned one. */
  decision?: HookDecision;
  /** What went wrong, for `error`, `timeout` and `aborted`. */
  message?: string;
  /** claude profile: the hook went on in the background (`async`, `asyncRewake`, or self-declared); its
   *  result comes later through `takeAsyncResults()` / `onAsyncResult`, and this run decided nothing. */
  background?: true;
  /** In a registry with `dialects`: the harness a foreign hook was written for (absent on the host's own). */
  dialect?: string;
}

/** A Stop block the profile's cap overrode (src/stop-cap.ts). */
export interface StopCapped {
  /** Blocks in a row, this one included. */
  blocks: number;
  /** Blocks the cap allows in a row. */
  cap: number;
  /** The harness's own text for it (Claude Code's, in the claude profile). */
  message: string;
}

export type DispatchResult = HookDecision & {
  blocked: boolean;
  aborted: boolean;
  runs: HookRun[];
  /** Stop, SubagentStop: hooks blocked more times in a row than the cap allows, so this block was overridden (`blocked` is false). */
  stopCapped?: StopCapped;
};

export interface RegisterOptions {
  /** Shown in runs and messages. Default: the function's name, else `'anonymous'`. */
  name?: string;
  /** Tool-name matcher (PreToolUse, PostToolUse, PostToolUseFailure only; ignored elsewhere). */
  matcher?: string;
  /** The plugin that registered it: failures are isolated (logged, empty decision). */
  plugin?: string;
  /** Exempt from the per-entry deadline (waits for a human; must observe `context.signal`). */
  longRunning?: boolean;
  /** Run on the serialized background chain; SessionEnd only. */
  background?: boolean;
}

export interface DispatchOptions {
  signal?: AbortSignal;
}

export interface HookLogger {
  warn(message: string, detail?: unknown): void;
}

export interface HookSession {
  sessionId?: string;
  cwd?: string;
  transcriptPath?: string | null;
}

export interface HookSettings {
  /** Run command hooks from user config. Default `false`. */
  enableShellHooks?: boolean;
  /** Also run command hooks from project config (needs `enableShellHooks`). Default `false`. */
  allowProjectHooks?: boolean;
  /** Run command hooks from plugins' hooks.json. Default `false`. */
  enablePluginHooks?: boolean;
}

export interface HookDeadlines {
  /** Per-entry deadline. Default 30000. */
  handlerMs?: number;
  /** Per-entry deadline on Stop. Default 5000. */
  stopHandlerMs?: number;
  /** Ceiling for a whole SubagentStop dispatch. Default 30000. */
  subagentStopDispatchMs?: number;
}

/** What `onHookStart` is told as an entry starts. */
export interface HookStartInfo {
  event: string;
  name: string;
  kind: HookRunKind;
  /** The configured `statusMessage` (claude profile), for a spinner. */
  statusMessage?: string;
}

/** What `onHookEnd` is told as an entry ends. */
export interface HookEndInfo extends HookStartInfo {
  outcome: HookRunOutcome;
  /** How long it ran, in ms (its own: an observer implies a reading as each entry ends). */
  durationMs: number;
}

export interface HookObservers {
  onHookStart?: ((info: HookStartInfo) => void) | undefined;
  onHookEnd?: ((info: HookEndInfo) => void) | undefined;
}
