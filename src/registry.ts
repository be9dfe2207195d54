// HookRegistry: holds in-process handlers and command entries per event in one ordered chain, runs them
// with deadlines and matcher filtering, and merges their decisions. What differs between harnesses (the
// event catalogue, payloads, matcher dialect, concurrency, merging, config sources) is the profile's
// (src/profiles/); the registry keeps the chains, caches what each dispatch would otherwise recompute,
// and runs background handlers.
import { createWriteStream } from 'node:fs';
import { isAbsolute } from 'node:path';
import { addConfig, type AddConfigOptions, type AddConfigReport, type GatedHook } from './config/add-config.js';
import { loadClaudeSettings, type LoadClaudeSettingsOptions } from './config/claude-settings.js';
import { makeAbortedResult, makeMergedResult } from './decisions.js';
import { DispatchRun, errorMessage } from './dispatch-run.js';
import type { Entry, EntryInvoker, EntryMeta } from './entry.js';
import { describeValue, HookTypeError } from './errors.js';
import { EVENT_SPECS, type EventSpec } from './events.js';
import { CommandExecutor } from './executor/index.js';
import type { ToolAliases } from './matcher.js';
import type { AsyncHookResult, HookAdapters } from './profiles/claude/adapters.js';
import type { SdkHookCallback, SdkHooks, SdkHooksOfAnyVersion } from './profiles/claude/sdk.js';
import type { ClaudeDispatchResult } from './profiles/claude/merge.js';
import type { ClaudeHookEvent, ClaudeHookInput, ClaudeHookOutput, ClaudeHookPayloads } from './profiles/claude/payloads.js';
import { claudeProfile } from './profiles/claude/profile.js';
import { defaultProfile } from './profiles/default.js';
import type { EventView, Profile, ProfileHost, ProfileName } from './profiles/profile.js';
import type {
  DispatchOptions,
  DispatchResult,
  HookContext,
  HookDeadlines,
  HookEndInfo,
  HookStartInfo,
  HookEvent,
  HookHandler,
  HookInput,
  HookLogger,
  HookPayloads,
  HookRunKind,
  HookSession,
  HookSettings,
  RegisterOptions,
} from './types.js';

export interface HookRegistryOptions<P extends ProfileName = 'default'> {
  /** Which harness's hooks to run: `'default'` (the ten afk events) or `'claude'` (Claude Code's). Default `'default'`. */
  profile?: P;
  /** Gates for command hooks by source. All `false` by default. */
  settings?: HookSettings;
  /** The registration's session: command hooks get its `cwd`, `session_id` and `transcript_path`. */
  session?: HookSession;
  /** Canonical tool name -> aliases, e.g. `{ bash: ['Bash'] }` (default profile). Default `{}`. */
  toolAliases?: Record<string, readonly string[]>;
  /** Deadlines in milliseconds (default profile). Defaults: handlerMs 30000, stopHandlerMs 5000, subagentStopDispatchMs 30000. */
  deadlines?: HookDeadlines;
  /** Where warnings go. Default `console`. */
  logger?: HookLogger;
  /** Runs command hooks. Default: a `CommandExecutor` made on first use, logging through `logger`. */
  executor?: Pick<CommandExecutor, 'run'>;
  /** claude profile: `CLAUDE_PROJECT_DIR`, and the root `if` file rules are relative to. Default: the session's cwd. */
  projectDir?: string;
  /** claude profile: plugins' data folders are `<pluginDataDir>/<plugin folder name>` (`CLAUDE_PLUGIN_DATA`). Default `~/.claude/plugins/data`. */
  pluginDataDir?: string;
  /** Called as each hook starts, with its name, event, kind and `statusMessage` (claude), so a harness can show a spinner. */
  onHookStart?: (info: HookStartInfo) => void;
  /** Called as each hook ends, with its outcome and duration as well, e.g. for telemetry. */
  onHookEnd?: (info: HookEndInfo) => void;
  /** claude profile: runs `prompt`, `agent` and `mcp_tool` hooks; without one, such hooks are skipped with a warning. */
  adapters?: HookAdapters;
  /** claude profile: URL patterns (`*` wildcards) HTTP hooks may call; any other URL is refused before a request. Default: any. */
  allowedHttpHookUrls?: readonly string[];
  /** claude profile: let HTTP hooks reach loopback, private and link-local addresses. Default `false`. */
  allowPrivateNetwork?: boolean;
  /** claude profile: called with each background hook result as it finishes (they are also kept for `takeAsyncResults()`). */
  onAsyncResult?: (result: AsyncHookResult) => void;
  /**
   * Records each dispatch as one JSON line (`{ time, event, payload, result, runs, durationMs }`) for
   * `harness-hooks replay`: a file path (appended to), a Node writable stream, or a web `WritableStream`.
   */
  record?: string | { write(line: string): unknown } | WritableStream<string>;
}

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
  /** The setting that keeps it off; such a hook is not registered. */
  gatedBy?: string;
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
}

/** Event names of a profile. */
export type EventOf<P extends ProfileName> = P extends 'claude' ? ClaudeHookEvent : HookEvent;
/** The dispatch payload of an event of a profile. */
export type PayloadOf<P extends ProfileName, E> = P extends 'claude'
  ? E extends ClaudeHookEvent
    ? ClaudeHookPayloads[E] & Partial<Pick<ClaudeHookInput, 'session_id' | 'transcript_path' | 'cwd' | 'permission_mode' | 'agent_id' | 'agent_type' | 'effort' | 'prompt_id'>>
    : never
  : E extends HookEvent
    ? HookPayloads[E]
    : never;
/** An in-process handler of a profile's event. */
export type HandlerOf<P extends ProfileName, E> = P extends 'claude'
  ? E extends ClaudeHookEvent
    ? ClaudeHookHandler<E>
    : never
  : E extends HookEvent
    ? HookHandler<E>
    : never;
/** What a dispatch resolves to in a profile. */
export type ResultOf<P extends ProfileName> = P extends 'claude' ? ClaudeDispatchResult : DispatchResult;

/** claude profile: an in-process handler gets the hook input and returns Claude Code's JSON output. */
export type ClaudeHookHandler<E extends ClaudeHookEvent = ClaudeHookEvent> = (
  input: ClaudeHookInput<E>,
  context: HookContext,
) => ClaudeHookOutput | void | undefined | PromiseLike<ClaudeHookOutput | void | undefined>;

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
}

const BY_VALUE_LIMIT = 1024;
const DEFAULT_DEADLINES = { handlerMs: 30_000, stopHandlerMs: 5_000, subagentStopDispatchMs: 30_000 };
const PROFILES: Readonly<Record<ProfileName, Profile>> = { default: defaultProfile, claude: claudeProfile };

// Registers hooks and dispatches lifecycle events to them.
export class HookRegistry<P extends ProfileName = 'default'> {
  readonly profile: P;
  readonly settings: Readonly<Required<HookSettings>>;
  readonly logger: HookLogger;
  readonly deadlines: Readonly<Required<HookDeadlines>>;
  readonly toolAliases: ToolAliases;
  readonly #profile: Profile;
  readonly #host: ProfileHost;
  #session: HookSession;
  readonly #plans = new Map<string, EventPlan>();
  #backgroundChain: Promise<void> = Promise.resolve();
  #executor: (Pick<CommandExecutor, 'run'> & Partial<Pick<CommandExecutor, 'processesEnded'>>) | undefined;
  readonly #close = new AbortController();
  #seq = 0;
  readonly #gated = new Map<string, (GatedHook & { event: string })[]>();
  readonly #spent = new Map<string, Entry[]>();
  readonly #record: ((line: string) => void) | undefined;
  #recordClose: (() => Promise<void>) | undefined;
  readonly #running = new Set<Promise<unknown>>();
  #asyncResults: AsyncHookResult[] = [];

  constructor(options: HookRegistryOptions<P> = {}) {
    if (options === null || typeof options !== 'object') {
      throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected the HookRegistry options to be an object, got ${describeValue(options)}`);
    }
    const profileName = options.profile ?? 'default';
    if (!Object.hasOwn(PROFILES, profileName)) {
      throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected the \`profile\` option to be 'default' or 'claude', got ${describeValue(profileName)}`);
    }
    this.profile = profileName as P;
    this.#profile = PROFILES[profileName];
    const logger = options.logger ?? console;
    if (typeof logger?.warn !== 'function') {
      throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', 'Expected the `logger` option to have a `warn` method');
    }
    // A logger that throws must never turn a hook's failure into the harness's.
    this.logger = {
      warn(message, detail) {
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
    for (const key of ['projectDir', 'pluginDataDir'] as const) {
      const v = options[key];
      if (v !== undefined && (typeof v !== 'string' || !isAbsolute(v))) {
        throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected the \`${key}\` option to be an absolute path, got ${describeValue(v)}`);
      }
    }
    for (const key of ['onHookStart', 'onHookEnd', 'onAsyncResult'] as const) {
      if (options[key] !== undefined && typeof options[key] !== 'function') {
        throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected the \`${key}\` option to be a function, got ${describeValue(options[key])}`);
      }
    }
    const adapters = options.adapters ?? {};
    for (const key of ['prompt', 'agent', 'mcpTool'] as const) {
      if (adapters[key] !== undefined && typeof adapters[key] !== 'function') {
        throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected \`adapters.${key}\` to be a function, got ${describeValue(adapters[key])}`);
      }
    }
    const urls = options.allowedHttpHookUrls;
    if (urls !== undefined && (!Array.isArray(urls) || !urls.every((u) => typeof u === 'string'))) {
      throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected the \`allowedHttpHookUrls\` option to be an array of URL patterns, got ${describeValue(urls)}`);
    }
    if (options.allowPrivateNetwork !== undefined && typeof options.allowPrivateNetwork !== 'boolean') {
      throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected the \`allowPrivateNetwork\` option to be a boolean, got ${describeValue(options.allowPrivateNetwork)}`);
    }
    const executor = options.executor;
    if (executor !== undefined && typeof (executor as { run?: unknown } | null)?.run !== 'function') {
      throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected the \`executor\` option to have a \`run\` method (a CommandExecutor), got ${describeValue(executor)}`);
    }
    const onAsyncResult = options.onAsyncResult;
    this.#session = { ...validateSession(options.session, 'session') };
    this.#executor = executor;
    this.#record = this.#openRecord(options.record);
    const registry = this;
    this.#host = {
      logger: this.logger,
      deadlines: this.deadlines,
      get session() {
        return registry.#session;
      },
      get projectDir() {
        return options.projectDir ?? registry.#session.cwd ?? process.cwd();
      },
      pluginDataDir: options.pluginDataDir,
      observers: options.onHookStart === undefined && options.onHookEnd === undefined ? undefined : { onHookStart: options.onHookStart, onHookEnd: options.onHookEnd },
      executor: () => (this.#executor ??= new CommandExecutor({ logger: this.logger })),
      adapters: Object.freeze({ ...adapters }),
      http: Object.freeze({ allowedUrls: urls === undefined ? undefined : Object.freeze([...urls]), allowPrivateNetwork: options.allowPrivateNetwork === true }),
      closeSignal: this.#close.signal,
      asyncResult: (result) => {
        this.#asyncResults.push(result);
        if (onAsyncResult !== undefined) {
          try {
            onAsyncResult(result);
          } catch (error) {
            this.logger.warn(`harness-hooks: onAsyncResult threw: ${errorMessage(error)}`);
          }
        }
      },
      track: (run) => {
        const tracked = run.catch((error: unknown) => this.logger.warn(`harness-hooks: a background hook failed: ${errorMessage(error)}`)).finally(() => this.#running.delete(tracked));
        this.#running.add(tracked);
      },
    };
    for (const event of this.#profile.events) {
      const view = this.#profile.view(event)!;
      this.#plans.set(event, { view, entries: [], background: [], filtered: false, selective: false, byValue: new Map() });
    }
  }

  /** The registration's session (a copy). */
  get session(): Readonly<HookSession> {
    return { ...this.#session };
  }

  // Merges fields into the registration's session, e.g. once the transcript has a path.
  updateSession(patch: Partial<HookSession>): void {
    this.#session = { ...this.#session, ...validateSession(patch, 'updateSession(patch)') };
  }

  // Registers an in-process handler; returns a function that unregisters it (idempotent).
  register<E extends EventOf<P>>(event: E, handler: HandlerOf<P, E>, options: RegisterOptions = {}): () => void {
    const plan = this.#plan(event, 'register');
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
    if (e.matcher !== undefined && typeof e.matcher !== 'string') {
      throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `register('${event}'): expected the \`matcher\` option to be a string, got ${describeValue(e.matcher)}`);
    }
    // Compile once, at registration; matchers are ignored on events without a match value.
    const matcher = plan.view.matchField === null ? null : this.#profile.compileMatcher(e.matcher, this.toolAliases, this.logger);
    const key = e.background ? 'background' : 'entries';
    const remove = (): void => {
      const list = plan[key];
      const i = list.indexOf(entry);
      if (i === -1) return;
      plan[key] = [...list.slice(0, i), ...list.slice(i + 1)];
      this.#changed(plan);
    };
    const { once, ...fields } = e;
    const meta = { ...e.meta, seq: ++this.#seq };
    // A `once` entry is removed as it starts, and remembered as spent for explain().
    const spend = (): void => {
      remove();
      this.#spent.set(event, [...(this.#spent.get(event) ?? []), entry]);
    };
    const entry: Entry = Object.freeze({ ...fields, matcher, meta, ...(once === true ? { once: { remove: spend } } : {}) });
    plan[key] = [...plan[key], entry];
    this.#changed(plan);
    return remove;
  }

  /**
   * Remembers a configured hook its gate keeps off.
   * @internal Used by addConfig.
   */
  noteGated(event: string, hook: GatedHook): () => void {
    const record = { ...hook, event, meta: { ...hook.meta, seq: ++this.#seq } };
    this.#gated.set(event, [...(this.#gated.get(event) ?? []), record]);
    return () => this.#gated.set(event, (this.#gated.get(event) ?? []).filter((g) => g !== record));
  }

  // The effective hooks per event, in run order, with where each came from; gated-off config hooks are
  // included with the setting that keeps them off.
  listHooks(event?: EventOf<P>): HookListing[] {
    const events = event === undefined ? this.#profile.events : [this.#plan(event, 'listHooks').view.name];
    const out: (HookListing & { seq: number })[] = [];
    for (const name of events) {
      const plan = this.#plans.get(name)!;
      const rows: (HookListing & { seq: number })[] = [];
      for (const e of [...plan.entries, ...plan.background]) {
        const row: HookListing & { seq: number } = { event: name, name: e.name, kind: e.kind, seq: e.meta?.seq ?? 0, ...describeMeta(e.meta) };
        if (e.timeoutMs !== undefined && Number.isFinite(e.timeoutMs)) row.timeoutMs = e.timeoutMs;
        if (e.once !== undefined) row.once = true;
        if (e.plugin !== undefined) row.plugin = e.plugin;
        if (e.background) row.background = true;
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
        });
      }
      rows.sort((a, b) => a.seq - b.seq);
      out.push(...rows);
    }
    return out.map(({ seq: _seq, ...row }) => row);
  }

  // For every configured or registered hook of the event: would it run for this payload, and if not, why.
  explain<E extends EventOf<P>>(event: E, payload: PayloadOf<P, E>): HookExplanation[] {
    const plan = this.#plan(event, 'explain');
    this.#profile.checkPayload(event, payload);
    const view = plan.view;
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
        reason = this.#profile.whyNot?.(event, payload, e);
      }
      rows.push({ name: e.name, kind: e.kind, ...describeMeta(e.meta), runs: reason === undefined, ...(reason === undefined ? {} : { reason }), seq: e.meta?.seq ?? 0, entry: e });
    }
    // De-duplication: among those that would run, a later identical hook wins.
    const running = rows.filter((r) => r.runs && r.entry?.dedupKey !== undefined);
    for (const [i, r] of running.entries()) {
      const later = running.slice(i + 1).findLast((o) => o.entry!.dedupKey === r.entry!.dedupKey);
      if (later !== undefined) {
        r.runs = false;
        r.reason = `deduplicated with ${later.path ?? later.name}${later.file ? ` in ${later.file}` : ''}${later.source ? ` (${later.source})` : ''}, which runs in its place`;
      }
    }
    for (const e of plan.background) rows.push({ name: e.name, kind: e.kind, ...describeMeta(e.meta), runs: true, reason: 'runs on the background chain; the dispatch does not wait for it', seq: e.meta?.seq ?? 0 });
    for (const e of this.#spent.get(event) ?? []) rows.push({ name: e.name, kind: e.kind, ...describeMeta(e.meta), runs: false, reason: '`once` already spent: it ran and was removed', seq: e.meta?.seq ?? 0 });
    for (const g of this.#gated.get(event) ?? []) {
      rows.push({ name: g.name, kind: g.kind, ...describeMeta(g.meta), runs: false, reason: `gated off: ${g.meta.source} hooks need the \`${g.gate}\` setting`, seq: g.meta.seq ?? 0 });
    }
    rows.sort((a, b) => a.seq - b.seq);
    return rows.map(({ seq: _seq, entry: _entry, ...row }) => row);
  }

  // Registers the command entries of a hook config (validated as a whole first) at the end of their
  // events' chains, in file order; returns what was added and skipped, with a remove() for reloading.
  addConfig(config: unknown, options: AddConfigOptions): AddConfigReport {
    return addConfig(this, this.#profile, this.#host, config, options);
  }

  // claude profile: finds and loads ~/.claude/settings.json, <project>/.claude/settings.json and
  // <project>/.claude/settings.local.json (those that exist), in that order, each gated by its source.
  loadClaudeSettings(options: LoadClaudeSettingsOptions): Promise<AddConfigReport[]> {
    return loadClaudeSettings(this, options);
  }

  // claude profile: registers Claude Agent SDK hook callbacks unchanged (`options.hooks` of the SDK):
  // `{ [event]: [{ matcher?, hooks: [callback], timeout? (s), onFailure? }] }`. Returns an unregister-all.
  registerSdkHooks(hooks: SdkHooks): () => void;
  registerSdkHooks(hooks: SdkHooksOfAnyVersion): () => void;
  registerSdkHooks(hooks: SdkHooks | SdkHooksOfAnyVersion): () => void {
    if (this.#profile.name !== 'claude') {
      throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', 'registerSdkHooks(): Claude Agent SDK callbacks need `profile: \'claude\'`');
    }
    if (hooks === null || typeof hooks !== 'object') {
      throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `registerSdkHooks(): expected an object of event -> matchers, got ${describeValue(hooks)}`);
    }
    const removers: (() => void)[] = [];
    for (const [event, matchers] of Object.entries(hooks as SdkHooks)) {
      this.#plan(event, 'registerSdkHooks');
      if (!Array.isArray(matchers)) {
        throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `registerSdkHooks(): expected hooks.${event} to be an array of { matcher?, hooks }, got ${describeValue(matchers)}`);
      }
      matchers.forEach((m, i) => {
        if (m === null || typeof m !== 'object' || !Array.isArray(m.hooks)) {
          throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `registerSdkHooks(): expected hooks.${event}[${i}].hooks to be an array of callbacks, got ${describeValue(m?.hooks)}`);
        }
        if (m.timeout !== undefined && !(typeof m.timeout === 'number' && m.timeout > 0)) {
          throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `registerSdkHooks(): expected hooks.${event}[${i}].timeout to be a positive number of seconds, got ${describeValue(m.timeout)}`);
        }
        m.hooks.forEach((callback: SdkHookCallback, j: number) => {
          if (typeof callback !== 'function') {
            throw new HookTypeError('HOOKS_ERR_HANDLER_NOT_FN', `registerSdkHooks(): hooks.${event}[${i}].hooks[${j}] is not a function, got ${describeValue(callback)}`);
          }
          removers.push(
            this.addEntry(event, {
              kind: 'handler',
              name: callback.name || `sdk:${event}[${i}][${j}]`,
              matcher: m.matcher,
              plugin: undefined,
              longRunning: false,
              background: false,
              ...(m.timeout === undefined ? {} : { timeoutMs: m.timeout * 1000 }),
              ...(m.onFailure === undefined ? {} : { onFailure: m.onFailure }),
              // The SDK's call shape: (input, toolUseID, { signal }); `{ async: true }` decides nothing.
              invoke: (input, context) =>
                Promise.resolve(callback(input as never, (input as { tool_use_id?: string }).tool_use_id, { signal: context.signal })).then((out) =>
                  out !== null && typeof out === 'object' && (out as { async?: unknown }).async === true ? undefined : out,
                ),
            }),
          );
        });
      });
    }
    return () => {
      for (const remove of removers.splice(0)) remove();
    };
  }

  // claude profile: the background hooks that finished since the last call, each once, in completion order.
  takeAsyncResults(): AsyncHookResult[] {
    const results = this.#asyncResults;
    this.#asyncResults = [];
    return results;
  }

  // Kills whatever still runs (background hooks and commands in progress) and resolves when they have ended.
  async close(): Promise<void> {
    this.#close.abort(new Error('the registry was closed'));
    while (this.#running.size > 0) await Promise.all([...this.#running]);
    // The runs report at once when aborted; wait until their process groups are really gone.
    await this.#executor?.processesEnded?.();
    await this.#recordClose?.();
    this.#recordClose = undefined;
  }

  // Whether anything is registered for the event (foreground or background).
  hasHooks(event: EventOf<P>): boolean {
    const plan = this.#plan(event, 'hasHooks');
    return plan.entries.length > 0 || plan.background.length > 0;
  }

  // Runs the event's matching entries and resolves to the merged decision. Never rejects for a hook's
  // failure; rejects with a TypeError for an unknown event or an invalid payload.
  dispatch<E extends EventOf<P>>(event: E, payload: PayloadOf<P, E>, options?: DispatchOptions): Promise<ResultOf<P>> {
    let plan: EventPlan;
    let entries: readonly Entry[];
    try {
      plan = this.#plan(event, 'dispatch');
      this.#profile.checkPayload(event, payload);
      // Teardown work is queued even when the caller's signal is already aborted.
      if (plan.background.length > 0) this.#queueBackground(plan, payload);
      const signal = options?.signal;
      if (signal?.aborted) return Promise.resolve(makeAbortedResult([]) as ResultOf<P>);
      entries = plan.filtered ? this.#entriesFor(plan, payload) : plan.entries;
      if (plan.selective) entries = this.#profile.select!(event, payload, entries);
      const running = (
        entries.length === 0 && this.#profile === defaultProfile ? Promise.resolve(makeMergedResult(undefined, [])) : this.#profile.run(this.#host, event, payload, entries, signal)
      ) as Promise<ResultOf<P>>;
      return this.#record === undefined ? running : this.#recordDispatch(event, payload, running);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  // One JSON line per dispatch, written when it resolves.
  #recordDispatch<R extends DispatchResult>(event: string, payload: unknown, running: Promise<R>): Promise<R> {
    const time = new Date().toISOString();
    const t0 = performance.now();
    return running.then((result) => {
      const { runs, ...decision } = result as DispatchResult & { env?: unknown };
      try {
        this.#record!(`${JSON.stringify({ time, event, payload, result: decision, runs, durationMs: performance.now() - t0 })}\n`);
      } catch (error) {
        this.logger.warn(`harness-hooks: could not record the ${event} dispatch: ${errorMessage(error)}`);
      }
      return result;
    });
  }

  #openRecord(record: HookRegistryOptions<P>['record']): ((line: string) => void) | undefined {
    if (record === undefined) return undefined;
    if (typeof record === 'string') {
      if (record === '') throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', 'Expected the `record` option to be a file path or a stream, got "" (string)');
      const stream = createWriteStream(record, { flags: 'a' });
      stream.on('error', (error) => this.logger.warn(`harness-hooks: cannot write the record file ${record}: ${error.message}`));
      this.#recordClose = () => new Promise<void>((resolve) => stream.end(resolve));
      return (line) => void stream.write(line);
    }
    if (typeof (record as WritableStream<string>).getWriter === 'function') {
      const writer = (record as WritableStream<string>).getWriter();
      this.#recordClose = () => writer.close().catch(() => undefined);
      return (line) => void writer.write(line).catch((error: unknown) => this.logger.warn(`harness-hooks: cannot write the record: ${errorMessage(error)}`));
    }
    if (typeof (record as { write?: unknown }).write === 'function') return (line) => void (record as { write(line: string): unknown }).write(line);
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
        `${method}(): unknown hook event ${describeValue(event)}; the ${this.profile} profile's events are ${this.#profile.events.join(', ')}`,
      );
    }
    return plan;
  }

  #changed(plan: EventPlan): void {
    plan.filtered = plan.entries.some((e) => e.matcher !== null);
    plan.selective = this.#profile.select !== undefined && plan.entries.some((e) => e.condition !== undefined || e.dedupKey !== undefined);
    plan.byValue = new Map();
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

  // Background handlers (default profile, SessionEnd) run one after another across dispatches; their
  // decisions are discarded and their failures logged.
  #queueBackground(plan: EventPlan, payload: unknown): void {
    const entries = plan.background;
    const spec = EVENT_SPECS[plan.view.name as HookEvent] as EventSpec;
    const input = { ...(payload as object), event: spec.name } as HookInput;
    const limits = { entryMs: this.deadlines.handlerMs, ceilingMs: Infinity };
    this.#backgroundChain = this.#backgroundChain.then(async () => {
      for (const entry of entries) {
        // Nothing a background hook does may break the chain: later batches must still run.
        const result = await Promise.resolve()
          .then(() => new DispatchRun(spec, input, [entry], undefined, limits, this.logger).start())
          .catch((error: unknown) => {
            this.logger.warn(`harness-hooks: background hook "${entry.name}" failed: ${errorMessage(error)}`, error);
            return undefined;
          });
        const run = result?.runs[0];
        if (run !== undefined && (run.outcome === 'error' || run.outcome === 'timeout') && entry.plugin === undefined) {
          this.logger.warn(`harness-hooks: background hook "${entry.name}" on ${spec.name} failed (${run.outcome}): ${run.message}`);
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
