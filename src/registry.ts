// HookRegistry: holds in-process handlers and command entries per event in one ordered chain, runs them
// with deadlines and matcher filtering, and merges their decisions. What differs between harnesses (the
// event catalogue, payloads, matcher dialect, how entries run and merge, config sources, a profile's own
// options and methods) is the profile's (src/profiles/<name>/, behind src/profiles/profile.ts); the registry
// names none of them. It keeps the chains, caches what each dispatch would otherwise recompute, and runs
// background handlers.
import { didYouMean } from './closest-name.js';
import { TrustStore } from './config/trust.js';
import { inheritedEnv, inheritsAll, validateHookEnv, withheldEnv, type HookEnvPolicy } from './hook-env.js';
import { EventEmitter } from 'node:events';
import { constants, createWriteStream, fchmod } from './node-builtins.js';
import { isAbsolute } from 'node:path';
import { escapeTerminalControls } from './terminal-text.js';
import { addConfig, sourceGate, type AddConfigOptions, type AddConfigReport, type GatedHook, type SourceGate } from './config/add-config.js';
import { recordLoad } from './config/load-trace.js';
import { watchRegistry, type HookWatcher, type WatchedRegistry } from './watch/watcher.js';
import type { WatchOptions } from './watch/watch-options.js';
import { now } from './clock.js';
import { dedupWinners } from './dedup.js';
import { errorMessage } from './dispatch-run.js';
import { whyUnsendable } from './unsendable.js';
import { ENTRY_FIELDS, makeEntry, type Entry, type EntryInvoker, type EntryMeta } from './entry.js';
import { describeValue, HookClosedError, HookTypeError } from './errors.js';
import { rejectUnknownKeys } from './option-keys.js';
import { CommandExecutor } from './executor/index.js';
import type { DefaultProfileName, ProfileName, ProfileRef, TypesOf } from './profiles/index.js';
import { methodsFor, resolveProfile, type ProfileCatalogue } from './profile-catalogue.js';
import type { EventView, Profile, ProfileHost, ProfileRegistry, ToolAliases } from './profiles/profile.js';
import { EMPTY_DISPATCH, makeAbortedResult } from './result.js';
import { Dialects, type Dialect, type DialectRegistry } from './dialects/dialects.js';
import { compile } from './dialects/translate.js';
import { StopCap } from './stop-cap.js';
import { markSameCommand } from './dialects/same-command.js';
import type {
  DispatchOptions,
  DispatchResult,
  HookDeadlines,
  HookEndInfo,
  HookStartInfo,
  HookLogger,
  HookRun,
  HookRunKind,
  HookSession,
  HookSettings,
  RegisterOptions,
} from './types.js';
import { isoTime } from './iso-time.js';

/** The options every profile shares. */
export interface HookRegistryBaseOptions<P extends ProfileRef = DefaultProfileName> {
  /** Which harness's hooks to run: a built-in profile's name (`'default'`, the ten afk events; `'claude'`, Claude Code's) or a profile object. Default `'default'`. */
  profile?: P;
  /** Gates for command hooks by source. All `false` by default. */
  settings?: HookSettings;
  /** The registration's session: command hooks get its `cwd`, `session_id` and `transcript_path`. */
  session?: HookSession;
  /** Canonical tool name -> aliases, e.g. `{ bash: ['Bash'] }`, for profiles whose matchers read aliases (the default profile). Default `{}`. */
  toolAliases?: Record<string, readonly string[]>;
  /** Deadlines in milliseconds, for profiles that use the registry's deadlines (the default profile). Defaults: handlerMs 30000, stopHandlerMs 5000, subagentStopDispatchMs 30000. */
  deadlines?: HookDeadlines;
  /** Where warnings go. Default `console`. */
  logger?: HookLogger;
  /** Runs command hooks. Default: a `CommandExecutor` made on first use, logging through `logger`. */
  executor?: Pick<CommandExecutor, 'run'>;
  /** The project root (`CLAUDE_PROJECT_DIR` in the claude profile, and the root `if` file rules are relative to). Default: the session's cwd, else `process.cwd()`. */
  projectDir?: string;
  /**
   * Which of the harness's environment variables command hooks inherit, per config source: `{ project:
   * { inherit: 'none', allow: ['CI'] } }`. Default: user, managed and plugin hooks everything; project,
   * local, skill and agent hooks all but secret-looking variables (src/hook-env.ts).
   */
  hookEnv?: HookEnvPolicy;
  /**
   * A trust store (a JSON file, absolute path): hooks from project, local, skill and agent configs run only
   * as approved there, by fingerprint; a new or changed one does not run until `registry.trustStore.approve()`
   * or `harness-hooks trust --approve` approves it (src/config/trust.ts). Default: none (no such check).
   */
  trustStore?: string;
  /** Called as each hook starts, with its name, event, kind and `statusMessage` (claude), so a harness can show a spinner. */
  onHookStart?: (info: HookStartInfo) => void;
  /** Called as each hook ends, with its outcome and duration as well, e.g. for telemetry. Its duration is the hook's own (as with `timing: 'entry'`). */
  onHookEnd?: (info: HookEndInfo) => void;
  /**
   * How runs' `durationMs` is measured. `'turn'` (default): the clock is read when a dispatch starts and
   * ends and when it resumes on a later turn of the event loop, so a hook that waited (a command, I/O, a
   * timer) is timed from the last reading before it started (its own wait, plus any hooks that ran just
   * before it in the same turn), and hooks that ran back to back within one turn each get that stretch's
   * length: upper bounds, a slow one shows in each. `'entry'`: a reading as each hook ends (≈30 ns a
   * hook), so each gets its own. `onHookStart`/`onHookEnd` and `record` imply `'entry'`. Deadlines are
   * never early either way (README, "Deadlines").
   */
  timing?: 'turn' | 'entry';
  /**
   * Records each dispatch as one JSON line (`{ time, event, payload, result, runs, durationMs }`) for
   * `harness-hooks replay`: a file path (appended to), a Node writable stream, or a web `WritableStream`.
   */
  record?: string | { write(line: string): unknown } | WritableStream<string>;
  /**
   * What the record keeps of each dispatch: called with the line about to be written (`{ time, event,
   * payload, result, runs, durationMs }`), its return value is written instead — a hook's output (an
   * `updatedInput`, a run's `decision`) can quote the payload, so redact the whole line. A throw writes
   * `{ time, event, redacted: "[redact threw]" }`. The record never holds `result.env` (or `result.hookSpecificOutput.env`) values (names only).
   */
  redact?: (line: RecordLine) => unknown;
  /**
   * The other harnesses whose hooks this registry also runs, each exactly as its own harness runs it, with
   * that profile's own options: `{ codex: { bypassHookTrust: false }, gemini: {} }`. Their decisions are
   * stated in this profile's result (docs/dialects.md). Order matters: the host's hooks, then each
   * dialect's in this order, decide (the first blocker's reason, contexts joined in this order).
   */
  dialects?: DialectsOption;
}

/** The `dialects` option: a built-in profile's name and that profile's own options. */
export type DialectsOption = { [K in ProfileName]?: Omit<TypesOf<K>['options'], 'dialects'> };

/** The registry's options: the shared ones and the profile's own (the claude profile's `adapters`, …). */
export type HookRegistryOptions<P extends ProfileRef = DefaultProfileName> = HookRegistryBaseOptions<P> & TypesOf<P>['options'];

/** One hook as listHooks() shows it, in run order. */
export interface HookListing {
  event: string;
  name: string;
  kind: HookRunKind;
  /** `'code'` for register(), else the config source. */
  source?: string;
  file?: string;
  path?: string;
  matcher?: string;
  if?: string;
  timeoutMs?: number;
  once?: boolean;
  plugin?: string;
  background?: boolean;
  /** The setting that keeps it off (or `trustStore`, `harnessTrust`); such a hook is not registered. */
  gatedBy?: string;
  /** Why it is kept off, when that is not a setting (a trust that has not approved it). */
  gatedWhy?: string;
  /** An identical hook with the same matcher runs in its place (de-duplication), as `explain` and `dispatch` do it. */
  duplicateOf?: string;
  /** A registry with `dialects`: the harness a foreign hook was written for (absent on the host's own). */
  dialect?: string;
  /** A foreign hook: the host's events that fire it (empty: it never fires in this registry, `never` says why). */
  hostEvents?: string[];
  never?: string;
  /** The same command is configured for other harnesses too (each copy runs by its own harness's rules): theirs, and their events. */
  sameCommandAs?: string[];
}

/** One dispatch as the `record` option writes it (one JSON line), and as `redact` gets it. */
export interface RecordLine {
  time: string;
  event: string;
  payload: unknown;
  /** The result without `runs`. */
  result: Omit<DispatchResult, 'runs'> & Record<string, unknown>;
  /** Each run with its start, in ms after the dispatch's. */
  runs: (HookRun & { startMs: number })[];
  durationMs: number;
}

/** Whether one hook would run for a payload, and if not, exactly why. */
export interface HookExplanation {
  name: string;
  kind: HookRunKind;
  source?: string;
  file?: string;
  path?: string;
  runs: boolean;
  reason?: string;
  /** A command or HTTP hook's source keeps these of the harness's environment variables from it (`hookEnv`). */
  envWithheld?: string[];
  /** A foreign hook (a registry with `dialects`): its harness, and the event it was explained for in that harness. */
  dialect?: string;
  event?: string;
  /** As in listHooks: the other harnesses' copies of the same command. */
  sameCommandAs?: string[];
}

/** Event names of a profile. */
export type EventOf<P extends ProfileRef> = TypesOf<P>['events'] & string;
/** The dispatch payload of an event of a profile. */
export type PayloadOf<P extends ProfileRef, E> = E extends keyof TypesOf<P>['payloads'] ? TypesOf<P>['payloads'][E] : never;
/** An in-process handler of a profile's event. */
export type HandlerOf<P extends ProfileRef, E> = E extends keyof TypesOf<P>['handlers'] ? TypesOf<P>['handlers'][E] : never;
/** What a dispatch resolves to in a profile. */
export type ResultOf<P extends ProfileRef> = TypesOf<P>['result'];
/** What `registry.profile` is: the built-in profile's name, or a profile object's `name`. */
export type ProfileNameOf<P extends ProfileRef> = P extends string ? P : string;

interface EventPlan {
  readonly view: EventView;
  /** Foreground entries in registration order. Copy-on-write: a running dispatch keeps its array. */
  entries: readonly Entry[];
  background: readonly Entry[];
  /** Whether some entry has a matcher (only then is `byValue` used). */
  filtered: boolean;
  /** Whether the profile must look at each dispatch's entries (`if` conditions, duplicates). */
  selective: boolean;
  /** Match value -> the entries whose matcher accepts it, filled lazily, cleared on any change. */
  byValue: Map<string, readonly Entry[]>;
  /** The resolved result of a dispatch with nothing to run. */
  readonly empty: Promise<DispatchResult>;
}

const BY_VALUE_LIMIT = 1024;
/** The registry's deadlines when the `deadlines` option sets none. */
export const DEFAULT_DEADLINES: Readonly<{ handlerMs: number; stopHandlerMs: number; subagentStopDispatchMs: number }> = { handlerMs: 30_000, stopHandlerMs: 5_000, subagentStopDispatchMs: 30_000 };
const REGISTER_OPTION_KEYS: ReadonlySet<string> = new Set(['name', 'matcher', 'plugin', 'longRunning', 'background']);
const SHARED_OPTION_KEYS = new Set(['profile', 'settings', 'session', 'toolAliases', 'deadlines', 'logger', 'executor', 'projectDir', 'hookEnv', 'trustStore', 'onHookStart', 'onHookEnd', 'timing', 'record', 'redact', 'dialects']);

// Registers hooks and dispatches lifecycle events to them, knowing the profiles of a catalogue by name.
// `HookRegistry` (src/hook-registry.ts) is this class with the built-in profiles, and their methods typed in.
export class Registry<P extends ProfileRef = DefaultProfileName> {
  readonly profile: ProfileNameOf<P>;
  readonly settings: Readonly<Required<HookSettings>>;
  readonly logger: HookLogger;
  readonly deadlines: Readonly<Required<HookDeadlines>>;
  readonly toolAliases: ToolAliases;
  readonly #profile: Profile<any, any>;
  readonly #host: ProfileHost<unknown> & { state: unknown };
  #session: HookSession;
  readonly #plans = new Map<string, EventPlan>();
  #backgroundChain: Promise<void> = Promise.resolve();
  #executor: (Pick<CommandExecutor, 'run'> & Partial<Pick<CommandExecutor, 'processesEnded'>>) | undefined;
  readonly #close = new AbortController();
  #closed = false;
  #seq = 0;
  readonly #hookEnv: HookEnvPolicy;
  /** The executor this registry made (not one the harness passed), which close() may end everything of. */
  #ownExecutor: CommandExecutor | undefined;
  /** The `trustStore` option's store: `approve()` approves hooks (they run from the next `addConfig` of their file). */
  readonly trustStore: TrustStore | undefined;
  readonly #redact: ((line: RecordLine) => unknown) | undefined;
  // Per event, in insertion order; a Set, so adding and removing one is O(1) (a 100,000-hook file is linear).
  readonly #gated = new Map<string, Set<GatedHook & { event: string }>>();
  // While addConfig adds or removes many entries at once: the plans touched, and what to drop from each.
  #batch: { touched: Set<EventPlan>; copied: Set<readonly Entry[]>; removed: Map<EventPlan, Set<Entry>> } | undefined;
  readonly #spent = new Map<string, Entry[]>();
  readonly #record: ((line: string) => void) | undefined;
  #recordClose: (() => Promise<void>) | undefined;
  readonly #running = new Set<Promise<unknown>>();
  /** watch()'s open watchers, which close() closes. */
  readonly #watchers = new Set<HookWatcher>();
  /** A dialect's registry: tells its host's Dialects that its entries changed (its cache of which host events reach a hook). */
  #onChanged: (() => void) | undefined;
  /** The `dialects` option's registries; undefined without it (a dispatch then reads one field). */
  readonly #dialects: Dialects | undefined;
  /** onDispatch() listeners; undefined while there are none (the dispatch's fast path reads one field). */
  #dispatchListeners: Set<(event: string, payload: unknown) => void> | undefined;

  /** The profiles this registry knows by name (its `profile` and `dialects` options name them). */
  readonly #catalogue: ProfileCatalogue;

  constructor(options: HookRegistryOptions<P> = {} as HookRegistryOptions<P>, catalogue: ProfileCatalogue) {
    if (options === null || typeof options !== 'object') {
      throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected the HookRegistry options to be an object, got ${describeValue(options)}`);
    }
    this.#catalogue = catalogue;
    const profile = resolveProfile(options.profile, catalogue);
    this.#profile = profile;
    // A misspelt option is an error, with a suggestion (a profile without `optionKeys` reads the rest itself).
    if (profile.optionKeys !== undefined) rejectUnknownKeys(options, [...SHARED_OPTION_KEYS, ...profile.optionKeys], `new HookRegistry({ profile: '${profile.name}' })`);
    this.profile = profile.name as ProfileNameOf<P>;
    const logger = options.logger ?? console;
    if (typeof logger?.warn !== 'function') {
      throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', 'Expected the `logger` option to have a `warn` method');
    }
    // A logger that throws must never turn a hook's failure into the harness's.
    this.logger = {
      warn(raw, detail) {
        // A warning quotes what configs and hooks wrote (an event name, a command, a hook's stderr) and is
        // printed to a person's terminal: its controls are shown escaped (`\x1b]52;…`), never obeyed.
        const message = escapeTerminalControls(raw);
        try {
          if (detail === undefined) logger.warn(message);
          else logger.warn(message, detail);
        } catch {
          // nothing more can be done
        }
      },
    };
    this.settings = Object.freeze(validateSettings(options.settings));
    this.deadlines = Object.freeze(validateDeadlines(options.deadlines));
    this.toolAliases = Object.freeze(validateAliases(options.toolAliases));
    const projectDir = options.projectDir;
    if (projectDir !== undefined && (typeof projectDir !== 'string' || !isAbsolute(projectDir))) {
      throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected the \`projectDir\` option to be an absolute path, got ${describeValue(projectDir)}`);
    }
    if (options.timing !== undefined && options.timing !== 'turn' && options.timing !== 'entry') {
      throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected the \`timing\` option to be 'turn' or 'entry', got ${describeValue(options.timing)}`);
    }
    for (const key of ['onHookStart', 'onHookEnd'] as const) {
      if (options[key] !== undefined && typeof options[key] !== 'function') {
        throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected the \`${key}\` option to be a function, got ${describeValue(options[key])}`);
      }
    }
    const executor = options.executor;
    if (executor !== undefined && typeof (executor as { run?: unknown } | null)?.run !== 'function') {
      throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected the \`executor\` option to have a \`run\` method (a CommandExecutor), got ${describeValue(executor)}`);
    }
    this.#session = { ...validateSession(options.session, 'session') };
    if (options.redact !== undefined && typeof options.redact !== 'function') {
      throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected the \`redact\` option to be a function, got ${describeValue(options.redact)}`);
    }
    this.#redact = options.redact;
    const store = options.trustStore;
    if (store !== undefined && (typeof store !== 'string' || !isAbsolute(store))) {
      throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected the \`trustStore\` option to be an absolute path, got ${describeValue(store)}`);
    }
    this.trustStore = store === undefined ? undefined : new TrustStore(store);
    const hookEnv = validateHookEnv(options.hookEnv);
    this.#hookEnv = hookEnv;
    // Every running command listens to it (to die with the registry): no MaxListenersExceededWarning at 11.
    EventEmitter.setMaxListeners(0, this.#close.signal);
    this.#executor = executor;
    const registry = this;
    this.#host = {
      logger: this.logger,
      deadlines: this.deadlines,
      toolAliases: this.toolAliases,
      get session() {
        return registry.#session;
      },
      get projectDir() {
        return projectDir ?? registry.#session.cwd ?? process.cwd();
      },
      observers: options.onHookStart === undefined && options.onHookEnd === undefined ? undefined : { onHookStart: options.onHookStart, onHookEnd: options.onHookEnd },
      exactTiming: options.timing === 'entry' || options.onHookStart !== undefined || options.onHookEnd !== undefined || options.record !== undefined,
      executor: () => (this.#executor ??= this.#ownExecutor = new CommandExecutor({ logger: this.logger })),
      closeSignal: this.#close.signal,
      withheldEnv: (source) => withheldEnv(hookEnv, source),
      inheritsAllEnv: (source) => inheritsAll(hookEnv, source),
      inheritedEnv: (source) => inheritedEnv(hookEnv, source),
      track: (run) => {
        const tracked = run.catch((error: unknown) => this.logger.warn(`harness-hooks: a background hook failed: ${errorMessage(error)}`)).finally(() => this.#running.delete(tracked));
        this.#running.add(tracked);
      },
      state: undefined,
    };
    // The profile validates and keeps its own options.
    if (profile.init !== undefined) this.#host.state = profile.init(profileOptions(options), this.#host as ProfileHost<undefined>);
    for (const [name, method] of Object.entries(methodsFor(profile, catalogue))) {
      // A profile adds methods; it never replaces the registry's own.
      if (name in this) throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `The ${profile.name} profile's method \`${name}\` would replace the registry's own \`${name}\``);
      // (A loader's files are traced and its call remembered, for watch(): src/config/load-trace.ts.)
      Object.defineProperty(this, name, { value: (...args: never[]) => recordLoad(this, (target) => method(target as ProfileRegistry, this.#host, ...args)), configurable: true, writable: true });
    }
    for (const event of profile.events) {
      const view = profile.view(event);
      if (view === undefined) throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `The ${profile.name} profile lists the event ${describeValue(event)} but has no view of it`);
      // What a dispatch that runs nothing resolves to: made once per event, frozen, shared.
      const empty = profile.emptyResult === undefined ? EMPTY_DISPATCH : Promise.resolve(Object.freeze(profile.emptyResult(view)));
      this.#plans.set(event, { view, entries: [], background: [], filtered: false, selective: false, byValue: new Map(), empty });
    }
    this.#dialects = options.dialects === undefined ? undefined : this.#makeDialects(options);
    // Last: nothing is opened for a registry whose options were refused.
    this.#record = this.#openRecord(options.record);
  }

  /** The registration's session (a copy). */
  get session(): Readonly<HookSession> {
    return { ...this.#session };
  }

  // Merges fields into the registration's session, e.g. once the transcript has a path.
  updateSession(patch: Partial<HookSession>): void {
    this.#session = { ...this.#session, ...validateSession(patch, 'updateSession(patch)') };
    this.#dialects?.updateSession(patch);
  }

  // Registers an in-process handler; returns a function that unregisters it (idempotent).
  register<E extends EventOf<P>>(event: E, handler: HandlerOf<P, E>, options: RegisterOptions = {}): () => void {
    const plan = this.#plan(event, 'register');
    if (options !== null && typeof options === 'object') rejectUnknownKeys(options, REGISTER_OPTION_KEYS, `register('${event}')`);
    if (typeof handler !== 'function') {
      throw new HookTypeError('HOOKS_ERR_HANDLER_NOT_FN', `register('${event}'): expected the handler to be a function, got ${describeValue(handler)}`);
    }
    const name = options.name ?? ((handler as { name?: string }).name || 'anonymous');
    if (options.background === true && !plan.view.background) {
      const legal = this.#profile.events.filter((e) => this.#profile.view(e)!.background);
      throw new HookTypeError(
        'HOOKS_ERR_OPTION_INVALID',
        `register('${event}'): \`background: true\` is ${legal.length ? `only allowed on ${legal.join(', ')}` : `not supported by the ${this.profile} profile`}`,
      );
    }
    let longRunning = options.longRunning === true;
    if (longRunning && options.plugin !== undefined) {
      this.logger.warn(`harness-hooks: hook "${name}" of plugin "${options.plugin}" on ${event} cannot be longRunning; the option was dropped`);
      longRunning = false;
    }
    return this.addEntry(event, {
      kind: 'handler',
      name,
      matcher: options.matcher,
      plugin: options.plugin,
      longRunning,
      background: options.background === true,
      invoke: handler as EntryInvoker,
      meta: options.matcher === undefined ? { source: 'code' } : { source: 'code', matcher: options.matcher },
    });
  }

  /**
   * Adds an entry of any kind at the end of the event's chain; returns its unregister function.
   * @internal Used by `register` and by `addConfig` for command entries.
   */
  addEntry(event: string, e: Omit<Entry, 'matcher' | 'once'> & { matcher: string | undefined; once?: boolean }): () => void {
    const plan = this.#plan(event, 'register');
    // A field an entry does not have would be lost: a profile's own data goes in `data`.
    rejectUnknownKeys(e, ENTRY_FIELDS, `addEntry('${event}') (an entry's fields; a profile's own data goes in \`data\`)`);
    if (e.matcher !== undefined && typeof e.matcher !== 'string') {
      throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `register('${event}'): expected the \`matcher\` option to be a string, got ${describeValue(e.matcher)}`);
    }
    // Compile once, at registration; matchers are ignored on events without a match value.
    const matcher = plan.view.matchField === null ? null : this.#profile.compileMatcher(e.matcher, this.#host, plan.view);
    const key = e.background ? 'background' : 'entries';
    const remove = (): void => {
      const batch = this.#batch;
      if (batch !== undefined) {
        // Dropped all at once when the batch ends (one pass, not one copy per entry).
        let set = batch.removed.get(plan);
        if (set === undefined) batch.removed.set(plan, (set = new Set()));
        set.add(entry);
        batch.touched.add(plan);
        return;
      }
      const list = plan[key];
      const i = list.indexOf(entry);
      if (i === -1) return;
      plan[key] = [...list.slice(0, i), ...list.slice(i + 1)];
      this.#changed(plan);
    };
    const meta = { ...e.meta, seq: ++this.#seq };
    // A `once` entry is removed as it starts, and remembered as spent for explain().
    const spend = (): void => {
      remove();
      this.#spent.set(event, [...(this.#spent.get(event) ?? []), entry]);
    };
    const entry: Entry = makeEntry(e, matcher, meta, e.once === true ? { remove: spend } : undefined);
    const batch = this.#batch;
    if (batch === undefined) {
      // Copy-on-write: a running dispatch keeps the array it started with.
      plan[key] = [...plan[key], entry];
      this.#changed(plan);
    } else {
      // In a batch, one copy per list, then appends (nothing dispatches until the batch ends).
      let list = plan[key];
      if (!batch.copied.has(list)) {
        list = plan[key] = [...list];
        batch.copied.add(list);
      }
      (list as Entry[]).push(entry);
      batch.touched.add(plan);
    }
    return remove;
  }

  /**
   * Runs `fn`, adding and removing entries in bulk: each list is copied once, and matchers' caches are
   * rebuilt once, when it ends. Linear in the number of entries, however many there are.
   * @internal Used by addConfig and its report's remove().
   */
  batch<T>(fn: () => T): T {
    if (this.#batch !== undefined) return fn();
    const batch = (this.#batch = { touched: new Set<EventPlan>(), copied: new Set<readonly Entry[]>(), removed: new Map<EventPlan, Set<Entry>>() });
    try {
      return fn();
    } finally {
      this.#batch = undefined;
      for (const plan of batch.touched) {
        const removed = batch.removed.get(plan);
        if (removed !== undefined) {
          plan.entries = plan.entries.filter((e) => !removed.has(e));
          plan.background = plan.background.filter((e) => !removed.has(e));
        }
        this.#changed(plan);
      }
    }
  }

  /**
   * Remembers a configured hook its gate keeps off.
   * @internal Used by addConfig.
   */
  noteGated(event: string, hook: GatedHook): () => void {
    const record = { ...hook, event, meta: { ...hook.meta, seq: ++this.#seq } };
    let set = this.#gated.get(event);
    if (set === undefined) this.#gated.set(event, (set = new Set()));
    set.add(record);
    return () => void set.delete(record);
  }

  // The effective hooks per event, in run order, with where each came from; gated-off config hooks are
  // included with the setting that keeps them off.
  listHooks(event?: EventOf<P>): HookListing[] {
    const events = event === undefined ? this.#profile.events : [this.#plan(event, 'listHooks').view.name];
    const out: (HookListing & { seq: number })[] = [];
    for (const name of events) {
      const plan = this.#plans.get(name)!;
      const rows: (HookListing & { seq: number })[] = [];
      const deduped = duplicatesOf(plan.entries);
      for (const e of [...plan.entries, ...plan.background]) {
        const row: HookListing & { seq: number } = { event: name, name: e.name, kind: e.kind, seq: e.meta?.seq ?? 0, ...describeMeta(e.meta) };
        if (e.timeoutMs !== undefined && Number.isFinite(e.timeoutMs)) row.timeoutMs = e.timeoutMs;
        if (e.once !== undefined) row.once = true;
        if (e.plugin !== undefined) row.plugin = e.plugin;
        if (e.background) row.background = true;
        const winner = deduped.get(e);
        if (winner !== undefined) row.duplicateOf = `${winner.meta?.path ?? winner.name}${winner.meta?.file ? ` in ${winner.meta.file}` : ''}${winner.meta?.source ? ` (${winner.meta.source})` : ''}`;
        rows.push(row);
      }
      for (const g of this.#gated.get(name) ?? []) {
        rows.push({
          event: name,
          name: g.name,
          kind: g.kind,
          seq: g.meta.seq ?? 0,
          ...describeMeta(g.meta),
          ...(g.timeoutMs === undefined ? {} : { timeoutMs: g.timeoutMs }),
          ...(g.once === true ? { once: true } : {}),
          gatedBy: g.gate,
          ...(g.why === undefined ? {} : { gatedWhy: g.why }),
        });
      }
      rows.sort((a, b) => a.seq - b.seq);
      // Not `out.push(...rows)`: spreading 125,000 rows overflows the stack.
      for (const row of rows) out.push(row);
    }
    const rows: HookListing[] = out.map(({ seq: _seq, ...row }) => row);
    if (this.#dialects === undefined) return rows;
    for (const row of this.#foreignListing(this.#dialects, event)) rows.push(row);
    return markSameCommand(rows, this.profile);
  }

  // The dialects' hooks, after the host's: each with its harness, the host events that fire it, or why none does.
  #foreignListing(dialects: Dialects, event: string | undefined): HookListing[] {
    const rows: HookListing[] = [];
    for (const d of dialects.dialects) {
      for (const row of d.registry.listHooks() as unknown as readonly HookListing[]) {
        const hostEvents = dialects.hostEventsOf(d, row.event);
        if (event !== undefined && !hostEvents.includes(event)) continue;
        const never = hostEvents.length > 0 ? undefined : `${d.name}'s ${row.event} has no equivalent in a ${this.profile} registry: this hook never fires`;
        rows.push({ ...row, dialect: d.name, hostEvents, ...(never === undefined ? {} : { never }) });
      }
    }
    return rows;
  }

  // For every configured or registered hook of the event: would it run for this payload, and if not, why.
  explain<E extends EventOf<P>>(event: E, payload: PayloadOf<P, E>): HookExplanation[] {
    const plan = this.#plan(event, 'explain');
    const view = plan.view;
    this.#profile.checkPayload(view, payload);
    let value = '';
    if (view.matchField !== null) {
      const raw = (payload as Record<string, unknown>)[view.matchField];
      value = typeof raw === 'string' ? raw : '';
      if (view.matchBasename) value = value.slice(value.lastIndexOf('/') + 1);
    }
    const rows: (HookExplanation & { seq: number; entry?: Entry })[] = [];
    for (const e of plan.entries) {
      let reason: string | undefined;
      if (e.matcher !== null && !e.matcher(value)) {
        reason = `matcher ${JSON.stringify(e.meta?.matcher ?? '')} did not match value ${JSON.stringify(value)} (${event} matches on ${view.matchBasename ? `the basename of ${view.matchField}` : view.matchField})`;
      } else {
        reason = this.#profile.whyNot?.(view, payload, e, this.#host);
      }
      const withheld = e.kind === 'command' || e.kind === 'http' ? withheldEnv(this.#hookEnv, e.meta?.source) : undefined;
      rows.push({
        name: e.name,
        kind: e.kind,
        ...describeMeta(e.meta),
        runs: reason === undefined,
        ...(reason === undefined ? {} : { reason }),
        ...(withheld === undefined ? {} : { envWithheld: Object.keys(withheld).sort() }),
        seq: e.meta?.seq ?? 0,
        entry: e,
      });
    }
    // De-duplication: among those that would run, the strongest identical hook runs (src/dedup.ts).
    const running = rows.filter((r) => r.runs && r.entry?.dedupKey !== undefined);
    const winners = dedupWinners(running.map((r) => r.entry!));
    const rowOf = new Map(running.map((r) => [r.entry!, r] as const));
    for (const r of running) {
      const winner = winners.get(r.entry!.dedupKey!)!;
      if (winner === r.entry) continue;
      const w = rowOf.get(winner)!;
      r.runs = false;
      r.reason = `deduplicated with ${w.path ?? w.name}${w.file ? ` in ${w.file}` : ''}${w.source ? ` (${w.source})` : ''}, which runs in its place`;
    }
    for (const e of plan.background) rows.push({ name: e.name, kind: e.kind, ...describeMeta(e.meta), runs: true, reason: 'runs on the background chain; the dispatch does not wait for it', seq: e.meta?.seq ?? 0 });
    for (const e of this.#spent.get(event) ?? []) rows.push({ name: e.name, kind: e.kind, ...describeMeta(e.meta), runs: false, reason: '`once` already spent: it ran and was removed', seq: e.meta?.seq ?? 0 });
    for (const g of this.#gated.get(event) ?? []) {
      rows.push({ name: g.name, kind: g.kind, ...describeMeta(g.meta), runs: false, reason: g.why ?? `gated off: ${g.meta.source} hooks need the \`${g.gate}\` setting`, seq: g.meta.seq ?? 0 });
    }
    rows.sort((a, b) => a.seq - b.seq);
    const explained: HookExplanation[] = rows.map(({ seq: _seq, entry: _entry, ...row }) => row);
    if (this.#dialects === undefined) return explained;
    for (const row of this.#dialects.explain(event, payload)) explained.push(row as unknown as HookExplanation);
    return markSameCommand(explained.map((e) => (e.dialect === undefined ? { ...e, event } : e)), this.profile);
  }

  // Registers the command entries of a hook config (validated as a whole first) at the end of their
  // events' chains, in file order; returns what was added and skipped, with a remove() for reloading.
  addConfig(config: unknown, options: AddConfigOptions & { dialect?: string }): AddConfigReport {
    const dialect = options?.dialect;
    if (dialect !== undefined && dialect !== this.profile) {
      const d = this.#dialects?.dialects.find((x) => x.name === dialect);
      if (d === undefined) {
        const listed = this.#dialects?.dialects.map((x) => `'${x.name}'`).join(', ');
        throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `addConfig(): \`dialect: ${describeValue(dialect)}\` is not one of this registry's dialects${listed ? ` (${listed})` : ' (it has no `dialects` option)'}`);
      }
      const { dialect: _d, ...rest } = options;
      return (d.registry as unknown as { addConfig(c: unknown, o: AddConfigOptions): AddConfigReport }).addConfig(config, rest);
    }
    if (dialect !== undefined) {
      const { dialect: _d, ...rest } = options;
      return addConfig(this, this.#profile, this.#host, config, rest);
    }
    return addConfig(this, this.#profile, this.#host, config, options);
  }

  // The setting that keeps `source`'s configured hooks off, and why, or undefined when they may load:
  // loaders ask before they read a file, so a gated-off source's file is not read (config-layer.ts).
  gateOf(source: string): SourceGate | undefined {
    return sourceGate(this.#profile, this.settings, this.#host, source);
  }

  // Kills whatever still runs (background hooks and commands in progress) and resolves when they have ended.
  // Watches the files this registry's loaders read (loadSettings) and reloads one that changes: judged
  // first, offered to the profile's config-change event, then swapped in between dispatches (src/watch/).
  watch(options?: WatchOptions): HookWatcher {
    if (this.#closed) throw new HookClosedError('watch(): the registry was closed');
    // With `dialects`, each dialect's registry watches the files its own loader read, as its harness would.
    const parts = (this.#dialects?.dialects ?? []).map((d) => (d.registry as unknown as { watch(o?: WatchOptions): HookWatcher }).watch(options));
    const own = watchRegistry(this as unknown as WatchedRegistry, this.#profile, options, () => this.#watchers.delete(watcher));
    const watcher: HookWatcher = parts.length === 0 ? own : { close: () => [own, ...parts].forEach((w) => w.close()) };
    this.#watchers.add(watcher);
    return watcher;
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const watcher of [...this.#watchers]) watcher.close();
    this.#close.abort(new Error('the registry was closed'));
    await this.#dialects?.close();
    while (this.#running.size > 0) await Promise.all([...this.#running]);
    // The runs report at once when aborted; wait until their process groups are really gone. With the
    // executor the registry made, also end what finished hooks left running (daemons: CommandExecutor.endAll).
    if (this.#ownExecutor !== undefined && this.#executor === this.#ownExecutor) await this.#ownExecutor.endAll();
    else await this.#executor?.processesEnded?.();
    await this.#recordClose?.();
    this.#recordClose = undefined;
  }

  /**
   * Ends every hook when the harness gets one of `signals`: each hook runs in a process group of its own, so
   * Ctrl-C never reaches it, and a harness that dies by a signal would orphan them. On the signal, close()
   * runs (SIGTERM, then SIGKILL after the executor's grace); then, if no other listener handles that signal,
   * it is raised again so the harness ends as it would have. Returns a function that removes the handlers.
   */
  closeOnSignals(signals: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP']): () => void {
    if (!Array.isArray(signals) || !signals.every((s) => typeof s === 'string')) {
      throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `closeOnSignals(): expected an array of signal names, got ${describeValue(signals)}`);
    }
    const uninstall = (): void => {
      for (const s of signals) process.removeListener(s, onSignal);
    };
    const onSignal = (signal: NodeJS.Signals): void => {
      // Ours was the only listener: the signal's default action (ending the process) was what would happen.
      const alone = process.listenerCount(signal) === 1;
      uninstall();
      void this.close()
        .catch((error: unknown) => this.logger.warn(`harness-hooks: close() on ${signal} failed: ${errorMessage(error)}`))
        .finally(() => {
          if (alone) process.kill(process.pid, signal);
        });
    };
    for (const s of signals) process.on(s, onSignal);
    return uninstall;
  }

  // Calls `listener(event, payload)` as each dispatch starts (its event known, its payload valid), whether or
  // not a hook runs, for a harness's UI that follows the session (src/session-status/). A listener that
  // throws is logged and never disturbs the dispatch; it must not change the payload. Returns a function
  // that removes it (idempotent).
  onDispatch(listener: (event: EventOf<P>, payload: unknown) => void): () => void {
    if (typeof listener !== 'function') throw new HookTypeError('HOOKS_ERR_HANDLER_NOT_FN', `onDispatch(): expected a function, got ${describeValue(listener)}`);
    const own = (event: string, payload: unknown): void => listener(event as EventOf<P>, payload);
    (this.#dispatchListeners ??= new Set()).add(own);
    return () => {
      this.#dispatchListeners?.delete(own);
      if (this.#dispatchListeners?.size === 0) this.#dispatchListeners = undefined;
    };
  }

  /**
   * The registry that runs the hooks of one of the `dialects`: for that harness's own methods (Claude's
   * `takeAsyncResults`, a loader with its own options). Its hooks still run through this registry's dispatches.
   */
  dialect<D extends ProfileName>(name: D): HookRegistry<D> {
    const d = this.#dialects?.dialects.find((x) => x.name === name);
    if (d === undefined) {
      const listed = this.#dialects?.dialects.map((x) => `'${x.name}'`).join(', ');
      throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `dialect(${describeValue(name)}): not one of this registry's dialects${listed ? ` (${listed})` : ' (it has no `dialects` option)'}`);
    }
    return d.registry as unknown as HookRegistry<D>;
  }

  // Whether anything is registered for the event (foreground or background).
  hasHooks(event: EventOf<P>): boolean {
    const plan = this.#plan(event, 'hasHooks');
    return plan.entries.length > 0 || plan.background.length > 0 || this.#dialects?.hasHooks(event) === true;
  }

  // Runs the event's matching entries and resolves to the merged decision. Never rejects for a hook's
  // failure; rejects with a TypeError for an unknown event or an invalid payload.
  dispatch<E extends EventOf<P>>(event: E, payload: PayloadOf<P, E>, options?: DispatchOptions): Promise<ResultOf<P>> {
    try {
      if (this.#closed) throw new HookClosedError(`dispatch('${String(event)}'): the registry was closed; nothing ran`);
      const plan = this.#plan(event, 'dispatch');
      const profile = this.#profile;
      profile.checkPayload(plan.view, payload);
      if (this.#dispatchListeners !== undefined) this.#notifyDispatch(event, payload);
      // Teardown work is queued even when the caller's signal is already aborted.
      if (plan.background.length > 0) this.#queueBackground(plan, payload);
      const signal = options?.signal;
      if (signal?.aborted) return Promise.resolve(makeAbortedResult([]) as ResultOf<P>);
      let entries = plan.filtered ? this.#entriesFor(plan, payload) : plan.entries;
      if (plan.selective) entries = profile.select!(plan.view, payload, entries, this.#host);
      // The record's clock starts before the run does, so its durationMs covers every run's.
      const t0 = this.#record === undefined ? 0 : now();
      // (Its wall-clock time too, taken before the run: a run spawns its processes synchronously.)
      const wall = this.#record === undefined ? 0 : Date.now();
      // Fast path: nothing to run is nothing decided, in every profile: one shared, frozen result.
      // The runs clean the result's shown text as they settle it (shown-text.ts).
      let running = (entries.length === 0 ? plan.empty : profile.run(this.#host, plan.view, payload, entries, signal)) as Promise<ResultOf<P>>;
      if (this.#dialects !== undefined) running = this.#dialects.dispatch(event, payload, running, signal) as Promise<ResultOf<P>>;
      return this.#record === undefined ? running : this.#recordDispatch(event, payload, running, t0, wall);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  #notifyDispatch(event: string, payload: unknown): void {
    // A copy: a listener that removes itself (or another) while being called does not skip the next one.
    for (const listener of [...this.#dispatchListeners!]) {
      try {
        listener(event, payload);
      } catch (error) {
        this.logger.warn(`harness-hooks: an onDispatch listener threw on ${event}: ${errorMessage(error)}`);
      }
    }
  }

  // One JSON line per dispatch, written when it resolves.
  #recordDispatch<R extends DispatchResult>(event: string, payload: unknown, running: Promise<R>, t0: number, wall: number): Promise<R> {
    const time = isoTime(wall);
    return running.then((result) => {
      const { runs, ...decision } = result as DispatchResult & { env?: Record<string, string>; hookSpecificOutput?: Record<string, unknown> };
      // What hooks exported to CLAUDE_ENV_FILE can be a credential: its names are kept, not its values.
      const mask = (env: object): Record<string, string> => Object.fromEntries(Object.keys(env).map((name) => [name, '***']));
      if (decision.env !== undefined) decision.env = mask(decision.env);
      // The same for an env a profile echoes in its hookSpecificOutput (copied: the result is the caller's).
      const specific = decision.hookSpecificOutput;
      if (specific !== undefined && specific.env !== null && typeof specific.env === 'object') decision.hookSpecificOutput = { ...specific, env: mask(specific.env) };
      // Each run's start, from the dispatch's (for a timeline): all at 0 when the profile starts them
      // together, else each where the one before it ended.
      let at = 0;
      const concurrent = this.#profile.concurrent === true;
      const timed = runs.map((run) => {
        const startMs = concurrent ? 0 : at;
        at += run.durationMs;
        return { ...run, startMs };
      });
      let line: unknown = { time, event, payload, result: decision, runs: timed, durationMs: now() - t0 };
      if (this.#redact !== undefined) {
        try {
          line = this.#redact(line as RecordLine);
        } catch (error) {
          line = { time, event, redacted: '[redact threw]' };
          this.logger.warn(`harness-hooks: the redact option threw on a ${event} dispatch: ${errorMessage(error)}`);
        }
      }
      try {
        let text: string;
        try {
          text = JSON.stringify(line);
        } catch (error) {
          // A payload JSON cannot write (nested too deep, cyclic: src/unsendable.ts) still leaves a line for
          // the dispatch, with the payload in words.
          text = JSON.stringify({ ...(line as object), payload: `[not recorded: ${whyUnsendable(payload) ?? errorMessage(error)}]` });
        }
        this.#record!(`${text}\n`);
      } catch (error) {
        this.logger.warn(`harness-hooks: could not record the ${event} dispatch: ${errorMessage(error)}`);
      }
      return result;
    });
  }

  /** A dialect's registry, of this one's catalogue: a class bound to a catalogue makes its own kind (`HookRegistry`'s dialects are `HookRegistry`s). */
  protected newDialectRegistry(options: HookRegistryOptions<ProfileName>): Registry<ProfileName> {
    return new Registry(options, this.#catalogue);
  }

  // A registry of each listed harness's profile, sharing this one's settings, session, project, logger,
  // executor, environment policy and trust store; its own options are the listed ones.
  #makeDialects(options: HookRegistryOptions<P>): Dialects {
    const listed = options.dialects as Record<string, unknown>;
    const where = `new HookRegistry({ profile: '${this.profile}', dialects })`;
    if (listed === null || typeof listed !== 'object' || Array.isArray(listed)) {
      throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `${where}: expected \`dialects\` to be an object of profile names and their options, got ${describeValue(listed)}`);
    }
    const hostTable = this.#profile.dialect;
    if (hostTable === undefined) throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `${where}: the ${this.profile} profile has no translation table (\`dialect\`), so it cannot host other harnesses' hooks`);
    const shared = { settings: options.settings, session: options.session, projectDir: options.projectDir, logger: this.logger, hookEnv: options.hookEnv, trustStore: options.trustStore, deadlines: options.deadlines, timing: options.timing, onHookStart: options.onHookStart, onHookEnd: options.onHookEnd };
    // One executor for every dialect: the host's, made on first use (close() ends what it started).
    const executor = { run: (...args: Parameters<CommandExecutor['run']>) => this.#host.executor().run(...args) };
    const dialects: Dialect[] = [];
    for (const name of Object.keys(listed)) {
      const profile = Object.hasOwn(this.#catalogue, name) ? this.#catalogue[name] : undefined;
      if (profile === undefined) {
        const names = Object.keys(this.#catalogue);
        throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `${where}: unknown dialect ${describeValue(name)}${didYouMean(name, names)}; the dialects are ${names.join(', ')}`);
      }
      if (name === this.profile) throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `${where}: '${name}' is this registry's own profile; its hooks need no dialect`);
      if (profile.dialect === undefined) throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `${where}: the ${name} profile has no translation table`);
      const own = listed[name] ?? {};
      if (own === null || typeof own !== 'object' || Array.isArray(own)) {
        throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `${where}: expected \`dialects.${name}\` to be the ${name} profile's options (an object), got ${describeValue(own)}`);
      }
      for (const key of Object.keys(own)) {
        if (SHARED_OPTION_KEYS.has(key)) throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `${where}: \`dialects.${name}.${key}\` is shared by every dialect: set it on the registry`);
      }
      const registry = this.newDialectRegistry({ ...shared, ...(own as object), profile: name as ProfileName, executor } as HookRegistryOptions<ProfileName>);
      registry.#onChanged = () => result.changed();
      dialects.push({ name, registry: registry as unknown as DialectRegistry, table: compile(profile.dialect) });
    }
    const rule = this.#profile.stopCapRule;
    const stopCap = rule === undefined ? undefined : new StopCap(rule, (options as { stopBlockCap?: unknown }).stopBlockCap);
    const result: Dialects = new Dialects(this.profile, compile(hostTable), dialects, () => this.#session, this.toolAliases, stopCap, this.logger);
    const hostLoad = this.#profile.methods?.loadSettings;
    const names = new Set([this.profile, ...dialects.map((d) => d.name)]);
    // Each file is read once, by its own dialect: Copilot reads the repo's .claude files natively, but
    // where claude is a dialect (or the host) they are claude's.
    const own = (name: string): Record<string, unknown> => (name === 'copilot' && names.has('claude') ? { claudeFiles: false } : {});
    Object.defineProperty(this, 'loadSettings', {
      configurable: true,
      writable: true,
      value: async (load: Record<string, unknown> & { dialects?: Record<string, Record<string, unknown>> }) => {
        const { dialects: per, ...common } = load ?? ({} as typeof load);
        const reports: AddConfigReport[] = [];
        if (hostLoad !== undefined) reports.push(...((await recordLoad(this, (target) => hostLoad(target as ProfileRegistry, this.#host, { ...common, ...own(this.profile) } as never))) as AddConfigReport[]));
        for (const d of dialects) {
          // A harness without hook files (the afk reference) has no loader: its hooks come by addConfig.
          if (this.#catalogue[d.name]!.methods?.loadSettings === undefined) continue;
          const registry = d.registry as unknown as { loadSettings(o: object): Promise<AddConfigReport[]> };
          reports.push(...(await registry.loadSettings({ ...common, ...own(d.name), ...(per?.[d.name] ?? {}) })));
        }
        return reports;
      },
    });
    return result;
  }

  #openRecord(record: HookRegistryOptions<P>['record']): ((line: string) => void) | undefined {
    if (record === undefined) return undefined;
    if (typeof record === 'string') {
      if (record === '') throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', 'Expected the `record` option to be a file path or a stream, got "" (string)');
      // The record holds prompts and tool inputs: created 0600, appended to, and never through a link a
      // stranger planted at the path (O_NOFOLLOW: a symlink there is an error, warned, not followed).
      const stream = createWriteStream(record, { flags: (constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW) as unknown as string, mode: 0o600 });
      stream.on('error', (error) => this.logger.warn(`harness-hooks: cannot write the record file ${record}: ${error.message}`));
      // A file that was there already is made 0600 too.
      stream.on('open', (fd: number) => fchmod(fd, 0o600, (error) => error && this.logger.warn(`harness-hooks: cannot make the record file ${record} private: ${error.message}`)));
      this.#recordClose = () => new Promise<void>((resolve) => stream.end(resolve));
      return (line) => void stream.write(line);
    }
    if (typeof (record as WritableStream<string>).getWriter === 'function') {
      const writer = (record as WritableStream<string>).getWriter();
      this.#recordClose = () => writer.close().catch(() => undefined);
      return (line) => void writer.write(line).catch((error: unknown) => this.logger.warn(`harness-hooks: cannot write the record: ${errorMessage(error)}`));
    }
    if (typeof (record as { write?: unknown }).write === 'function') {
      // A Node stream that errors with no 'error' listener would crash the process: warn instead.
      const emitter = record as { on?: (event: string, listener: (error: Error) => void) => unknown };
      if (typeof emitter.on === 'function') emitter.on('error', (error) => this.logger.warn(`harness-hooks: cannot write the record: ${errorMessage(error)}`));
      return (line) => {
        try {
          (record as { write(line: string): unknown }).write(line);
        } catch (error) {
          this.logger.warn(`harness-hooks: cannot write the record: ${errorMessage(error)}`);
        }
      };
    }
    throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected the \`record\` option to be a file path, a writable stream or a WritableStream, got ${describeValue(record)}`);
  }

  // Resolves when every queued background handler has finished (including ones queued meanwhile), and
  // every hook still running in the background (claude `async`, `asyncRewake`, self-declared async).
  async drainBackground(): Promise<void> {
    for (;;) {
      const chain = this.#backgroundChain;
      await chain;
      if (this.#running.size > 0) await Promise.all([...this.#running]);
      if (chain === this.#backgroundChain && this.#running.size === 0) return;
    }
  }

  #plan(event: string, method: string): EventPlan {
    const plan = typeof event === 'string' ? this.#plans.get(event) : undefined;
    if (plan === undefined) {
      throw new HookTypeError(
        'HOOKS_ERR_EVENT_NOT_SUPPORTED',
        `${method}(): unknown hook event ${describeValue(event)}${didYouMean(event, this.#profile.events)}; the ${this.profile} profile's events are ${this.#profile.events.join(', ')}`,
      );
    }
    return plan;
  }

  #changed(plan: EventPlan): void {
    plan.filtered = plan.entries.some((e) => e.matcher !== null);
    const selects = this.#profile.selects ?? ((e: Entry) => e.condition !== undefined || e.dedupKey !== undefined);
    plan.selective = this.#profile.select !== undefined && plan.entries.some(selects);
    plan.byValue = new Map();
    this.#onChanged?.();
  }

  #entriesFor(plan: EventPlan, payload: unknown): readonly Entry[] {
    const raw = (payload as Record<string, unknown>)[plan.view.matchField!];
    let value = typeof raw === 'string' ? raw : '';
    if (plan.view.matchBasename) value = value.slice(value.lastIndexOf('/') + 1);
    let list = plan.byValue.get(value);
    if (list === undefined) {
      // Each matcher is a pure function of the match value: decide once per value, then reuse.
      list = plan.entries.filter((e) => e.matcher === null || e.matcher(value));
      if (plan.byValue.size >= BY_VALUE_LIMIT) plan.byValue.clear();
      plan.byValue.set(value, list);
    }
    return list;
  }

  // Background handlers (the events whose view allows them) run one after another across dispatches, each
  // as a dispatch of its own by the profile; their decisions are discarded and their failures logged.
  #queueBackground(plan: EventPlan, payload: unknown): void {
    const entries = plan.background;
    const event = plan.view.name;
    // The payload as it was dispatched: the harness may change its object before these run.
    const snapshot = { ...(payload as object) };
    this.#backgroundChain = this.#backgroundChain.then(async () => {
      for (const entry of entries) {
        // Nothing a background hook does may break the chain: later batches must still run.
        const result = await Promise.resolve()
          .then(() => this.#profile.run(this.#host, plan.view, snapshot, [entry], undefined))
          .catch((error: unknown) => {
            this.logger.warn(`harness-hooks: background hook "${entry.name}" failed: ${errorMessage(error)}`, error);
            return undefined;
          });
        const run = result?.runs[0];
        if (run !== undefined && (run.outcome === 'error' || run.outcome === 'timeout') && entry.plugin === undefined) {
          this.logger.warn(`harness-hooks: background hook "${entry.name}" on ${event} failed (${run.outcome}): ${run.message}`);
        }
      }
    });
  }
}

const SETTING_KEYS = ['enableShellHooks', 'allowProjectHooks', 'enablePluginHooks'] as const;

function validateSettings(s: HookSettings | undefined): Required<HookSettings> {
  if (s !== undefined && (s === null || typeof s !== 'object')) {
    throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected the \`settings\` option to be an object, got ${describeValue(s)}`);
  }
  const out = { enableShellHooks: false, allowProjectHooks: false, enablePluginHooks: false };
  if (s !== undefined) rejectUnknownKeys(s, SETTING_KEYS, 'the `settings` option');
  for (const key of SETTING_KEYS) {
    const v = s?.[key];
    if (v === undefined) continue;
    if (typeof v !== 'boolean') throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected \`settings.${key}\` to be a boolean, got ${describeValue(v)}`);
    out[key] = v;
  }
  return out;
}

// The registration session (constructor option, or an updateSession patch): string fields, and a
// transcriptPath that may be null (unknown).
function validateSession(session: Partial<HookSession> | undefined, where: string): Partial<HookSession> {
  if (session === undefined) return {};
  if (session === null || typeof session !== 'object') {
    throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected ${where} to be an object, got ${describeValue(session)}`);
  }
  rejectUnknownKeys(session, ['sessionId', 'cwd', 'transcriptPath'], where === 'session' ? 'the `session` option' : where);
  for (const key of ['sessionId', 'cwd', 'transcriptPath'] as const) {
    const v = session[key];
    if (v === undefined || typeof v === 'string' || (key === 'transcriptPath' && v === null)) continue;
    throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected \`${where === 'session' ? 'session.' : ''}${key}\`${where === 'session' ? '' : ` in ${where}`} to be a string${key === 'transcriptPath' ? ' or null' : ''}, got ${describeValue(v)}`);
  }
  return session;
}

function validateDeadlines(d: HookDeadlines | undefined): Required<HookDeadlines> {
  const out = { ...DEFAULT_DEADLINES };
  if (d === undefined) return out;
  if (d !== null && typeof d === 'object') rejectUnknownKeys(d, Object.keys(DEFAULT_DEADLINES), 'the `deadlines` option');
  for (const key of Object.keys(DEFAULT_DEADLINES) as (keyof typeof DEFAULT_DEADLINES)[]) {
    const v = d[key];
    if (v === undefined) continue;
    if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) {
      throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected the \`deadlines.${key}\` option to be a positive number of milliseconds, got ${describeValue(v)}`);
    }
    out[key] = v;
  }
  return out;
}

function validateAliases(aliases: Record<string, readonly string[]> | undefined): Record<string, readonly string[]> {
  const out: Record<string, readonly string[]> = Object.create(null);
  if (aliases === undefined) return out;
  if (aliases === null || typeof aliases !== 'object') {
    throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected the \`toolAliases\` option to be an object, got ${describeValue(aliases)}`);
  }
  for (const [name, list] of Object.entries(aliases)) {
    if (!Array.isArray(list) || !list.every((a) => typeof a === 'string')) {
      throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected \`toolAliases.${name}\` to be an array of strings, got ${describeValue(list)}`);
    }
    out[name] = Object.freeze([...list]);
  }
  return out;
}

function describeMeta(meta: EntryMeta | undefined): Pick<HookListing, 'source' | 'file' | 'path' | 'matcher' | 'if'> {
  const out: Pick<HookListing, 'source' | 'file' | 'path' | 'matcher' | 'if'> = {};
  if (meta === undefined) return out;
  if (meta.source !== undefined) out.source = meta.source;
  if (meta.file !== undefined) out.file = meta.file;
  if (meta.path !== undefined) out.path = meta.path;
  if (meta.matcher !== undefined) out.matcher = meta.matcher;
  if (meta.if !== undefined) out.if = meta.if;
  return out;
}

// The options a profile reads itself: every key that is not a shared one (unknown keys were refused
// already when the profile lists its `optionKeys`; its `init` checks the values).
function profileOptions(options: object): Readonly<Record<string, unknown>> {
  const own: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options)) if (!SHARED_OPTION_KEYS.has(key)) own[key] = value;
  return own;
}

/** A registry of profile `P`: the shared API, plus the profile's own methods (the claude profile's `registerSdkHooks`, …). */
export type HookRegistry<P extends ProfileRef = DefaultProfileName> = Registry<P> & TypesOf<P>['methods'];

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/**
 * `new HookRegistry(options)`: one construct signature per built-in profile (made from the profile table,
 * so that the options and methods are the profile's without inference through conditional types), the
 * default profile's when `profile` is left out, and one for a profile object.
 */
export type HookRegistryConstructor = UnionToIntersection<{ [K in ProfileName]: new (options: HookRegistryOptions<K> & { profile: K }) => HookRegistry<K> }[ProfileName]> & {
  new (options?: HookRegistryOptions<DefaultProfileName>): HookRegistry<DefaultProfileName>;
  new <P extends Profile<any, any>>(options: HookRegistryBaseOptions<P> & { profile: P } & NoInfer<TypesOf<P>['options']>): HookRegistry<P>;
  readonly prototype: Registry<any>;
};


// The entries an identical hook replaces whatever the payload, each with the one that runs in its place
// (src/dedup.ts, as dispatch and explain choose it). Only where every copy has the same matcher (`*` and
// none being one): with different matchers, which copies a payload matches, and so which runs, depends on
// the payload — `explain` says it for one.
function duplicatesOf(entries: readonly Entry[]): Map<Entry, Entry> {
  const out = new Map<Entry, Entry>();
  const groups = new Map<string, Entry[]>();
  for (const e of entries) {
    if (e.dedupKey === undefined) continue;
    const group = groups.get(e.dedupKey);
    if (group === undefined) groups.set(e.dedupKey, [e]);
    else group.push(e);
  }
  const matcherOf = (e: Entry): string => (e.meta?.matcher === undefined || e.meta.matcher === '*' ? '' : e.meta.matcher);
  for (const group of groups.values()) {
    if (group.length < 2 || group.some((e) => matcherOf(e) !== matcherOf(group[0]!))) continue;
    const winner = dedupWinners(group).get(group[0]!.dedupKey!)!;
    for (const e of group) if (e !== winner) out.set(e, winner);
  }
  return out;
}
