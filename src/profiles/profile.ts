// What a profile is: everything that makes one harness's hooks differ from another's, as one object the
// registry reads — the event catalogue, payload checks, matcher dialect, how entries run and merge, config
// sources and gates, how a configured hook becomes an entry, its own registry options and methods.
// This file is the one thing the registry knows about harnesses; each built-in profile is a folder beside
// it (src/profiles/<name>/), listed in src/profiles/index.ts. A profile written outside the package, from
// the public exports only, is passed as `new HookRegistry({ profile: myProfile })`.
import type { DialectTable } from '../dialects/table.js';
import type { EncodedOutput, StatedDecision } from '../dialects/stated.js';
import type { StopCapRule } from '../stop-cap.js';
import type { Entry, ToolMatcher } from '../entry.js';
import type { CommandExecutor } from '../executor/index.js';
import type { HookHandlerConfig, HooksConfig } from '../schemas/config.js';
import type { DispatchResult, HookDeadlines, HookLogger, HookObservers, HookSession, HookSettings } from '../types.js';

/** Canonical tool name -> its aliases (the `toolAliases` option), for profiles whose matchers read them. */
export type ToolAliases = Readonly<Record<string, readonly string[]>>;

/**
 * What the registry itself needs to know about an event. A profile may extend it with its own per-event
 * data (its catalogue entry, merge rules): the registry keeps the object `view()` returned and hands that
 * same object back to `checkPayload`, `select`, `whyNot` and `run`, so the hot path looks nothing up.
 */
export interface EventView {
  readonly name: string;
  /** The payload field a matcher tests, or null when matchers are ignored on this event. */
  readonly matchField: string | null;
  /** Match on the basename of that field (a path). */
  readonly matchBasename: boolean;
  /** `register(..., { background: true })` is legal. */
  readonly background: boolean;
}

/** The registry, as a profile sees it. `State` is what the profile's `init` made for this registry. */
export interface ProfileHost<State = unknown> {
  readonly logger: HookLogger;
  readonly deadlines: Readonly<Required<HookDeadlines>>;
  readonly toolAliases: ToolAliases;
  /** The registration session, as it is now (`updateSession` changes it). */
  readonly session: Readonly<HookSession>;
  /** The `projectDir` option, else the session's cwd, else `process.cwd()`; read per dispatch. */
  readonly projectDir: string;
  /** onHookStart / onHookEnd, or undefined when the harness set neither (then nothing is called). */
  readonly observers: HookObservers | undefined;
  /** Whether runs read the clock as each entry ends (the `timing` option; observers and the record imply it): pass it on as the runs' `exactTiming`. */
  readonly exactTiming: boolean;
  /** The registry's executor (made on first use). */
  executor(): Pick<CommandExecutor, 'run'>;
  /** Aborts when the registry closes: background work runs under it. */
  readonly closeSignal: AbortSignal;
  /**
   * The harness's environment variables a command hook from `source` must not inherit (the `hookEnv`
   * option), as `{ NAME: undefined }` for a spawn's `env`; undefined when it inherits everything.
   */
  withheldEnv(source: string | undefined): Record<string, undefined> | undefined;
  /** Whether hooks from `source` inherit the harness's whole environment under the `hookEnv` policy. */
  inheritsAllEnv(source: string): boolean;
  /** The environment a hook from `source` inherits (`hookEnv`): what a `$VAR` in its config may resolve to (src/hook-env.ts inheritedEnv). */
  inheritedEnv(source: string | undefined): Record<string, string>;
  /** Keeps the registry's close() and drainBackground() waiting for a background run. */
  track(run: Promise<unknown>): void;
  /** The profile's own per-registry state (undefined while `init` runs). */
  readonly state: State;
}

/** Where a config came from, and the plugin it belongs to. */
export interface ConfigOrigin {
  source: string;
  pluginRoot?: string;
}

/** A hook as a config lists it, and where. */
export interface ConfiguredHook {
  /** The event as the config names it. */
  readonly event: string;
  readonly matcher: string | undefined;
  readonly hook: HookHandlerConfig;
  readonly origin: ConfigOrigin;
  /** e.g. `hooks.PreToolUse[0].hooks[1]`. */
  readonly path: string;
  /** Its matcher group's index in the event's list, and its own in the group. */
  readonly group: number;
  readonly index: number;
  readonly file: string | undefined;
}

/** The parts of an entry a profile makes from a configured hook (the matcher is the group's). */
export type ConfigEntryFields = Omit<Entry, 'matcher' | 'once'> & { once?: boolean };

/** The registry as a profile method gets it (its public API, plus `addEntry`). */
export interface ProfileRegistry {
  readonly profile: string;
  readonly logger: HookLogger;
  addEntry(event: string, entry: ConfigEntryFields & { matcher: string | undefined }): () => void;
  addConfig(config: unknown, options: { source: string; file?: string; pluginRoot?: string }): unknown;
  /** Its hooks, registered and gated off (`gatedBy`), with their sources. */
  listHooks(): readonly { source?: string; gatedBy?: string }[];
  /** The closed gate of `source` (the setting, and why), or undefined: a loader reads no file of a gated-off source. */
  gateOf(source: string): { gate: keyof HookSettings; why: string } | undefined;
}

/** A method a profile adds to its registries: called as `registry.name(...args)`. */
export type ProfileMethod<State = unknown> = (registry: ProfileRegistry, host: ProfileHost<State>, ...args: never[]) => unknown;

/**
 * The compile-time side of a profile: its event names, the payload `dispatch` takes and the handler
 * `register` takes per event, what a dispatch resolves to, its own registry options and the methods it
 * adds. Never read at run time.
 */
export interface ProfileTypes {
  events: string;
  payloads: object;
  handlers: object;
  result: DispatchResult;
  options: object;
  methods: object;
}

export interface Profile<Types extends ProfileTypes = ProfileTypes, State = any, View extends EventView = any> {
  /** Shown in messages, and `registry.profile`. */
  readonly name: string;
  /** Phantom, for typing only: leave it out. */
  readonly types?: Types;
  /** Its event names, in the order listHooks() shows them. */
  readonly events: readonly string[];
  view(event: string): View | undefined;
  /** The registry options this profile reads besides the shared ones (see HookRegistryOptions). */
  readonly optionKeys?: readonly string[];
  /** Validates its own options (throw a HookTypeError) and makes this registry's `host.state`. Optional. */
  init?(options: Readonly<Record<string, unknown>>, host: ProfileHost<undefined>): State;
  /** Once per registration; `view` is the event's (a profile whose dialect differs per event reads it). */
  compileMatcher(matcher: string | undefined, host: ProfileHost<State>, view: View): ToolMatcher;
  /** Throws a TypeError for a payload that is not an object or lacks a required field. Cheap: it runs on every dispatch. */
  checkPayload(view: View, payload: unknown): void;
  /** Drops matched entries that this dispatch must not run (`if` conditions, duplicates). Optional. */
  select?(view: View, payload: unknown, entries: readonly Entry[], host: ProfileHost<State>): readonly Entry[];
  /**
   * Whether `select` must see the dispatches this entry is in (worked out when entries change, so a
   * dispatch whose entries need no selection skips it). Default: the entry has an `if` condition or a
   * de-duplication key.
   */
  selects?(entry: Entry): boolean;
  /** Why a matched entry would not run for this payload (before de-duplication), or undefined. */
  whyNot?(view: View, payload: unknown, entry: Entry, host: ProfileHost<State>): string | undefined;
  /**
   * Runs the selected entries and merges their decisions into the shared result contract (plus extras).
   * Never called with no entries: the registry answers that itself. Must not reject for a hook's failure.
   */
  run(host: ProfileHost<State>, view: View, payload: unknown, entries: readonly Entry[], signal: AbortSignal | undefined): Promise<DispatchResult>;
  /** All of a dispatch's entries start together (the record gives each run the dispatch's start); else one after another. */
  readonly concurrent?: boolean;
  /**
   * How this harness names the hub's actions, fields and tools (src/dialects/table.ts): what lets a
   * registry of it run other harnesses' hooks (`dialects`), and other harnesses' registries run its hooks.
   */
  readonly dialect?: DialectTable;
  /**
   * The inverse of its reading of a hook's output: the stdout, stderr and exit code this harness reads as
   * `decision` on `event` (what `harness-hooks bridge` answers it with), and what it cannot be told there.
   * `event` is `''` where the host's event is not known (its stdin could not be read): then a block must be
   * read as one on every event of the harness that can block.
   */
  encodeOutput?(event: string, decision: StatedDecision): EncodedOutput;
  /**
   * The dispatch payload a hook's stdin stands for (what `harness-hooks bridge` dispatches when this
   * harness runs it). Default: the stdin as it is (most harnesses' payloads are their stdin).
   */
  stdinPayload?(event: string, stdin: Readonly<Record<string, unknown>>): Record<string, unknown>;
  /**
   * Its harness's cap on Stop blocks in a row, where it has one (src/stop-cap.ts): in a registry with
   * `dialects` it also caps the merged result, whichever harness's hook blocked.
   */
  readonly stopCapRule?: StopCapRule;
  /** Config sources this profile accepts, and the setting that gates each off (undefined: allowed). */
  readonly sources: readonly string[];
  gate(source: string, settings: Readonly<Required<HookSettings>>, host?: ProfileHost<State>): keyof HookSettings | undefined;
  /**
   * Reads a config object as its harness writes it (stricter rules, or another shape) into the common
   * `{ hooks: { Event: [{ matcher?, hooks: [handler] }] } }` form; throws a HookConfigError naming each
   * problem. Default: the common form's schema (src/schemas/config.ts).
   */
  parseConfig?(config: unknown, file: string | undefined): HooksConfig;
  /** Why `gate` keeps `source`'s hooks off, when the setting alone does not say it (Codex: the project is not trusted). */
  gateWhy?(source: string, gate: keyof HookSettings, host: ProfileHost<State>): string | undefined;
  /**
   * The harness's own approval of a configured hook (Codex's `trusted_hash`): undefined when it runs, else
   * why not — the hook is then listed and explained, not registered.
   */
  trust?(host: ProfileHost<State>, hook: ConfiguredHook): { why: string; trust: 'new' | 'changed' } | undefined;
  /**
   * The folder a configured hook runs in, where its dialect decides it (copilot's `cwd`, cursor's config
   * folder): what the trust store finds the files its command runs in (undefined: the project). Without
   * it, the project at approval, and the hook input's `cwd` (where the hook is spawned) before each run.
   */
  hookDir?(host: ProfileHost<State>, hook: HookHandlerConfig, origin: ConfigOrigin): string | undefined;
  /** The event a configured hook from `origin` listed under `event` registers on. Default: `event`. */
  configEvent?(event: string, origin: ConfigOrigin): string;
  /**
   * Reads a config's own top-level keys (besides `hooks`) into the profile's state when the config is
   * added and its source's gate is open; returns the undo, which the config's report's `remove()` runs.
   */
  configSettings?(host: ProfileHost<State>, config: Readonly<Record<string, unknown>>, origin: ConfigOrigin, where: string): (() => void) | undefined;
  /** A configured hook as an entry, or a reason to skip it (with a warning). */
  configEntry(host: ProfileHost<State>, event: string, hook: HookHandlerConfig, origin: ConfigOrigin): ConfigEntryFields | { skip: string };
  /**
   * What a dispatch that runs nothing resolves to, when the profile's result has fields of its own.
   * Called once per event; the registry freezes it and shares it. Default: `EMPTY_RESULT`.
   */
  emptyResult?(view: View): DispatchResult;
  /**
   * The harness's own config-change event, where it has one (Claude Code's `ConfigChange`): `registry.watch()`
   * dispatches it before a changed file's hooks take effect, and a blocked result keeps the old ones (the
   * profile's own rules decide what cannot be blocked). `payload` is the event's payload for a file of
   * `source`, or undefined when the harness fires none for that source.
   */
  readonly configChange?: { readonly event: string; payload(file: string, source: string): Record<string, unknown> | undefined };
  /** Methods added to its registries, e.g. the claude profile's `registerSdkHooks` (never one of the registry's own names). */
  readonly methods?: Readonly<Record<string, ProfileMethod<State>>>;
}
