// HookRegistry: holds in-process handlers and command entries per event in one ordered chain, runs them
// with deadlines and matcher filtering, and merges their decisions.
import { toCommandInput } from './command-input.js';
import { addConfig, toEntryReport, type AddConfigOptions, type AddConfigReport } from './config/add-config.js';
import { makeAbortedResult, makeMergedResult } from './decisions.js';
import { DispatchRun, errorMessage, type RunLimits } from './dispatch-run.js';
import type { Entry, EntryInvoker, EntryReport } from './entry.js';
import { CommandExecutor, type CommandHookSpec } from './executor/index.js';
import { getEventSpec, HOOK_EVENTS, type EventSpec, type HookEvent } from './events.js';
import { describeValue, HookTypeError } from './errors.js';
import { compileMatcher, type ToolAliases } from './matcher.js';
import type {
  DispatchOptions,
  DispatchResult,
  HookDeadlines,
  HookHandler,
  HookInput,
  HookLogger,
  HookPayloads,
  HookSession,
  HookSettings,
  RegisterOptions,
} from './types.js';

export interface HookRegistryOptions {
  /** Gates for command hooks by source. All `false` by default. */
  settings?: HookSettings;
  /** The registration's session: command hooks get its `cwd`, `session_id` and `transcript_path`. */
  session?: HookSession;
  /** Canonical tool name -> aliases, e.g. `{ bash: ['Bash'] }`. Default `{}`. */
  toolAliases?: Record<string, readonly string[]>;
  /** Deadlines in milliseconds. Defaults: handlerMs 30000, stopHandlerMs 5000, subagentStopDispatchMs 30000. */
  deadlines?: HookDeadlines;
  /** Where warnings go. Default `console`. */
  logger?: HookLogger;
  /** Runs command hooks. Default: a `CommandExecutor` made on first use, logging through `logger`. */
  executor?: Pick<CommandExecutor, 'run'>;
}

interface EventPlan {
  readonly spec: EventSpec;
  readonly limits: RunLimits;
  /** Foreground entries in registration order. Copy-on-write: a running dispatch keeps its array. */
  entries: readonly Entry[];
  background: readonly Entry[];
  /** Whether some entry has a matcher (only then is `byTool` used). */
  filtered: boolean;
  /** Tool name -> the entries whose matcher accepts it, filled lazily, cleared on any change. */
  byTool: Map<string, readonly Entry[]>;
}

const BY_TOOL_LIMIT = 1024;
const DEFAULT_DEADLINES = { handlerMs: 30_000, stopHandlerMs: 5_000, subagentStopDispatchMs: 30_000 };

// Registers hooks and dispatches lifecycle events to them.
export class HookRegistry {
  readonly settings: Readonly<Required<HookSettings>>;
  readonly logger: HookLogger;
  readonly deadlines: Readonly<Required<HookDeadlines>>;
  readonly toolAliases: ToolAliases;
  #session: HookSession;
  readonly #plans = new Map<HookEvent, EventPlan>();
  #backgroundChain: Promise<void> = Promise.resolve();
  #executor: Pick<CommandExecutor, 'run'> | undefined;

  constructor(options: HookRegistryOptions = {}) {
    if (options === null || typeof options !== 'object') {
      throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected the HookRegistry options to be an object, got ${describeValue(options)}`);
    }
    this.logger = options.logger ?? console;
    if (typeof this.logger.warn !== 'function') {
      throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', 'Expected the `logger` option to have a `warn` method');
    }
    const s = options.settings ?? {};
    this.settings = Object.freeze({
      enableShellHooks: s.enableShellHooks === true,
      allowProjectHooks: s.allowProjectHooks === true,
      enablePluginHooks: s.enablePluginHooks === true,
    });
    this.deadlines = Object.freeze(validateDeadlines(options.deadlines));
    this.toolAliases = Object.freeze(validateAliases(options.toolAliases));
    this.#session = { ...options.session };
    this.#executor = options.executor;
    for (const event of HOOK_EVENTS) {
      const spec = getEventSpec(event)!;
      this.#plans.set(event, { spec, limits: this.#limits(spec), entries: [], background: [], filtered: false, byTool: new Map() });
    }
  }

  /** The registration's session (a copy). */
  get session(): Readonly<HookSession> {
    return { ...this.#session };
  }

  // Merges fields into the registration's session, e.g. once the transcript has a path.
  updateSession(patch: Partial<HookSession>): void {
    this.#session = { ...this.#session, ...patch };
  }

  // Registers an in-process handler; returns a function that unregisters it (idempotent).
  register<E extends HookEvent>(event: E, handler: HookHandler<E>, options: RegisterOptions = {}): () => void {
    const plan = this.#plan(event, 'register');
    if (typeof handler !== 'function') {
      throw new HookTypeError('HOOKS_ERR_HANDLER_NOT_FN', `register('${event}'): expected the handler to be a function, got ${describeValue(handler)}`);
    }
    const name = options.name ?? (handler.name || 'anonymous');
    if (options.background === true && !plan.spec.background) {
      throw new HookTypeError(
        'HOOKS_ERR_OPTION_INVALID',
        `register('${event}'): \`background: true\` is only allowed on ${HOOK_EVENTS.filter((e) => getEventSpec(e)!.background).join(', ')}`,
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
    });
  }

  /**
   * Adds an entry of any kind at the end of the event's chain; returns its unregister function.
   * @internal Used by `register` and by `addConfig` for command entries.
   */
  addEntry(
    event: HookEvent,
    e: Omit<Entry, 'matcher'> & { matcher: string | undefined },
  ): () => void {
    const plan = this.#plan(event, 'register');
    // Compile once, at registration; matchers are ignored on events without a tool matcher.
    const matcher = plan.spec.toolMatcher ? compileMatcher(e.matcher, this.toolAliases, this.logger) : null;
    const entry: Entry = Object.freeze({ ...e, matcher });
    const key = entry.background ? 'background' : 'entries';
    plan[key] = [...plan[key], entry];
    this.#changed(plan);
    return () => {
      const list = plan[key];
      const i = list.indexOf(entry);
      if (i === -1) return;
      plan[key] = [...list.slice(0, i), ...list.slice(i + 1)];
      this.#changed(plan);
    };
  }

  // Registers the command entries of a hook config (validated as a whole first) at the end of their
  // events' chains, in file order; returns what was added and skipped, with a remove() for reloading.
  addConfig(config: unknown, options: AddConfigOptions): AddConfigReport {
    return addConfig(this, config, options);
  }

  /**
   * Runs one command hook for a dispatch and reports its outcome.
   * @internal The invoker of command entries.
   */
  async runCommand(
    event: HookEvent,
    hook: CommandHookSpec,
    payload: unknown,
    signal: AbortSignal | undefined,
    env: Record<string, string> | undefined,
  ): Promise<EntryReport> {
    this.#executor ??= new CommandExecutor({ logger: this.logger });
    const input = toCommandInput(event, payload as never, this.#session);
    const result = await this.#executor.run(hook, input, { cwd: input.cwd, signal, env });
    return toEntryReport(result);
  }

  // Whether anything is registered for the event (foreground or background).
  hasHooks(event: HookEvent): boolean {
    const plan = this.#plan(event, 'hasHooks');
    return plan.entries.length > 0 || plan.background.length > 0;
  }

  // Runs the event's matching entries one at a time and resolves to the merged decision.
  dispatch<E extends HookEvent>(event: E, payload: HookPayloads[E], options?: DispatchOptions): Promise<DispatchResult> {
    let plan: EventPlan;
    let entries: readonly Entry[];
    try {
      plan = this.#plan(event, 'dispatch');
      checkPayload(plan.spec, payload);
      const signal = options?.signal;
      if (signal?.aborted) return Promise.resolve(makeAbortedResult([]));
      entries = plan.filtered ? this.#entriesForTool(plan, (payload as { toolName: string }).toolName) : plan.entries;
      if (plan.background.length > 0) this.#queueBackground(plan, payload);
      if (entries.length === 0) return Promise.resolve(makeMergedResult(undefined, []));
    } catch (error) {
      return Promise.reject(error);
    }
    return new DispatchRun(plan.spec, { ...payload, event }, entries, options?.signal, plan.limits, this.logger).start();
  }

  // Resolves when every queued background handler has finished (including ones queued meanwhile).
  async drainBackground(): Promise<void> {
    for (;;) {
      const chain = this.#backgroundChain;
      await chain;
      if (chain === this.#backgroundChain) return;
    }
  }

  #plan(event: HookEvent, method: string): EventPlan {
    const plan = this.#plans.get(event);
    if (plan === undefined) {
      throw new HookTypeError(
        'HOOKS_ERR_EVENT_NOT_SUPPORTED',
        `${method}(): unknown hook event ${describeValue(event)}; expected one of ${HOOK_EVENTS.join(', ')}`,
      );
    }
    return plan;
  }

  #changed(plan: EventPlan): void {
    plan.filtered = plan.entries.some((e) => e.matcher !== null);
    plan.byTool = new Map();
  }

  #entriesForTool(plan: EventPlan, toolName: string): readonly Entry[] {
    let list = plan.byTool.get(toolName);
    if (list === undefined) {
      // Each matcher is a pure function of the tool name: decide once per name, then reuse.
      list = plan.entries.filter((e) => e.matcher === null || e.matcher(toolName));
      if (plan.byTool.size >= BY_TOOL_LIMIT) plan.byTool.clear();
      plan.byTool.set(toolName, list);
    }
    return list;
  }

  #limits(spec: EventSpec): RunLimits {
    return {
      entryMs: spec.deadline === 'stop' ? this.deadlines.stopHandlerMs : this.deadlines.handlerMs,
      ceilingMs: spec.dispatchCeiling ? this.deadlines.subagentStopDispatchMs : Infinity,
    };
  }

  #queueBackground(plan: EventPlan, payload: unknown): void {
    const entries = plan.background;
    const input = { ...(payload as object), event: plan.spec.name } as HookInput;
    this.#backgroundChain = this.#backgroundChain.then(async () => {
      for (const entry of entries) {
        // Decisions are discarded; failures are only logged.
        const result = await new DispatchRun(plan.spec, input, [entry], undefined, this.#limits(plan.spec), this.logger).start().catch((error: unknown) => {
          this.logger.warn(`harness-hooks: background hook "${entry.name}" failed: ${errorMessage(error)}`, error);
          return undefined;
        });
        const run = result?.runs[0];
        if (run !== undefined && (run.outcome === 'error' || run.outcome === 'timeout') && entry.plugin === undefined) {
          this.logger.warn(`harness-hooks: background hook "${entry.name}" on ${plan.spec.name} failed (${run.outcome}): ${run.message}`);
        }
      }
    });
  }
}

// The cheap payload check of the hot path: an object with each required field present and a string.
function checkPayload(spec: EventSpec, payload: unknown): void {
  if (payload === null || typeof payload !== 'object') {
    throw new HookTypeError('HOOKS_ERR_PAYLOAD_INVALID', `dispatch('${spec.name}'): expected the payload to be an object, got ${describeValue(payload)}`);
  }
  const required = spec.required;
  for (let i = 0; i < required.length; i++) {
    const field = required[i]!;
    const value = (payload as Record<string, unknown>)[field];
    if (typeof value !== 'string') {
      throw new HookTypeError(
        'HOOKS_ERR_PAYLOAD_INVALID',
        value === undefined
          ? `dispatch('${spec.name}'): the payload is missing the required field \`${field}\``
          : `dispatch('${spec.name}'): expected the payload field \`${field}\` to be a string, got ${describeValue(value)}`,
      );
    }
  }
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
