// One parallel dispatch in progress: every matching entry starts at once (as Claude Code and Codex run
// hooks); the result is merged by the profile's rules (`ParallelRules`), in registration order whatever
// order the entries finished in, once all have finished, timed out, or the dispatch was aborted.
// It names no profile.
//
// Fast path: entries that return no thenable settle in the starting loop, and a dispatch whose entries all
// did resolves without a promise of its own; one deadline item per dispatch sits on the shared timer, at
// the earliest pending entry's deadline, instead of one per entry.
import { EventEmitter } from 'node:events';
import { DispatchAbort, EntryContext } from './context.js';
import { now } from './clock.js';
import { addDeadline, cancelDeadline, type Deadline } from './deadline.js';
import { errorMessage } from './dispatch-run.js';
import type { Entry } from './entry.js';
import { notifyEnd, notifyStart } from './observe.js';
import type { DispatchResult, HookLogger, HookObservers, HookRun, HookRunOutcome } from './types.js';

/** What one entry of a parallel dispatch contributed: at least its outcome. Profiles extend it. */
export interface EntryOutcome {
  outcome: HookRunOutcome;
  message?: string;
  /** The entry went on in the background and decided nothing. */
  background?: boolean;
}

/** How a parallel profile reads and merges outcomes on one event. Made once per event, not per dispatch. */
export interface ParallelRules<O extends EntryOutcome = EntryOutcome> {
  readonly name: string;
  /** An in-process handler's return value as an outcome (a command entry's invoker resolves to one itself). */
  fromValue(value: unknown, entry: Entry, logger: HookLogger): O;
  /** The outcome of an entry that threw, rejected or timed out. */
  failure(entry: Entry, kind: 'error' | 'timeout', message: string): O;
  /** Applied to every outcome as it settles (e.g. `onFailure: 'block'`). Optional. */
  settle?(entry: Entry, outcome: O): O;
  /** The dispatch result, from the outcomes index-aligned with `runs` (registration order). */
  /** `input` is the hook input the entries got; `extras` the run's (`ParallelRunOptions.extras`). */
  merge(outcomes: readonly (O | undefined)[], runs: HookRun[], input: unknown, extras: unknown): DispatchResult;
}

export interface ParallelRunOptions<O extends EntryOutcome> {
  readonly rules: ParallelRules<O>;
  readonly input: unknown;
  readonly entries: readonly Entry[];
  readonly signal: AbortSignal | undefined;
  readonly logger: HookLogger;
  /** Per-entry timeout when the entry sets none. */
  readonly defaultTimeoutMs: number;
  /** A ceiling for the whole dispatch (e.g. SessionEnd's shared budget), or Infinity. */
  readonly ceilingMs: number;
  /** Passed to command invokers as their fourth argument (e.g. the claude profile's CLAUDE_ENV_FILE). */
  readonly extras?: unknown;
  readonly observers: HookObservers | undefined;
}

const PROMISE_THEN = Promise.prototype.then;
/** How long after their timeout the run waits for entries that time themselves out (commands, HTTP). */
const SELF_TIMED_GRACE_MS = 1_000;

// Starts every entry now and resolves to the merged result. Never rejects for a hook's failure.
export function runParallel<O extends EntryOutcome>(o: ParallelRunOptions<O>): Promise<DispatchResult> {
  return new ParallelRun(o).start();
}

// The run is its own deadline item (`at`, `index`, `fire`): one heap push per dispatch that waits.
class ParallelRun<O extends EntryOutcome> implements Deadline {
  readonly #o: ParallelRunOptions<O>;
  readonly #entries: readonly Entry[];
  readonly #rules: ParallelRules<O>;
  readonly #n: number;
  readonly #outcomes: (O | undefined)[];
  readonly #runs: HookRun[];
  readonly #start: number;
  readonly #abort: DispatchAbort | undefined;
  #contexts: (EntryContext | undefined)[] | undefined;
  #fanOut: AbortController | undefined;
  #left: number;
  /** @internal The deadline heap's. */
  at = 0;
  /** @internal The deadline heap's. */
  index = -1;
  #started = 0;
  #done = false;
  #result: DispatchResult | undefined;
  #resolve: ((result: DispatchResult) => void) | undefined;
  #reject: ((error: unknown) => void) | undefined;
  #error: { cause: unknown } | undefined;

  constructor(o: ParallelRunOptions<O>) {
    this.#o = o;
    this.#entries = o.entries;
    this.#rules = o.rules;
    const n = (this.#n = this.#left = o.entries.length);
    this.#outcomes = new Array<O | undefined>(n);
    this.#runs = new Array<HookRun>(n);
    this.#start = now();
    this.#abort = o.signal === undefined ? undefined : new DispatchAbort(o.signal);
  }

  start(): Promise<DispatchResult> {
    const entries = this.#entries;
    const rules = this.#rules;
    const { input, signal, extras, logger, observers } = this.#o;
    if (this.#abort !== undefined) this.#abort.interrupt = () => this.#interrupt();
    if (this.#n === 0) this.#merge();
    for (let i = 0; i < this.#n && !this.#done; i++) {
      const entry = entries[i]!;
      if (entry.once !== undefined) entry.once.remove();
      if (observers !== undefined) notifyStart(observers, rules.name, entry, logger);
      this.#started = i + 1;
      const context = new EntryContext(this.#abort);
      let value: unknown;
      let then: unknown;
      try {
        value = entry.kind === 'handler' ? entry.invoke(input, context) : entry.invoke(input, context, this.#entrySignal(signal), extras);
        if (value !== null && (typeof value === 'object' || typeof value === 'function')) then = (value as { then?: unknown }).then;
      } catch (error) {
        this.#fail(i, error);
        continue;
      }
      if (typeof then !== 'function') {
        this.#settleValue(i, value);
        continue;
      }
      // Pending: its context expires at its deadline.
      (this.#contexts ??= new Array<EntryContext | undefined>(this.#n))[i] = context;
      const onValue = (v: unknown): void => this.#settleValue(i, v);
      const onError = (error: unknown): void => this.#fail(i, error);
      try {
        // A method call for native promises (V8 inlines it; see src/dispatch-run.ts).
        if (then === PROMISE_THEN) (value as Promise<unknown>).then(onValue, onError);
        else (then as PromiseLike<unknown>['then']).call(value, onValue, onError);
      } catch (error) {
        this.#fail(i, error);
      }
    }
    if (this.#abort?.aborted) this.#interrupt();
    if (this.#error !== undefined) return Promise.reject(this.#error.cause);
    if (this.#result !== undefined) return Promise.resolve(this.#result);
    this.#armDeadline();
    return new Promise<DispatchResult>((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
    });
  }

  // What runners (commands, HTTP hooks) listen to for the dispatch's abort: one signal of the run's own,
  // fed by the one listener on the caller's signal, so twelve commands do not put twelve listeners (and a
  // MaxListenersExceededWarning) on the caller's signal.
  #entrySignal(signal: AbortSignal | undefined): AbortSignal | undefined {
    if (signal === undefined || this.#abort === undefined) return signal;
    if (this.#fanOut === undefined) {
      this.#fanOut = new AbortController();
      EventEmitter.setMaxListeners(0, this.#fanOut.signal);
      this.#abort.link(this.#fanOut);
    }
    return this.#fanOut.signal;
  }

  // An entry's deadline: its own timeout, else the event's default, never past the dispatch's ceiling.
  #deadlineOf(i: number): number {
    const entry = this.#o.entries[i]!;
    const own = this.#start + Math.min(entry.timeoutMs ?? this.#o.defaultTimeoutMs, this.#o.ceilingMs);
    // A command or HTTP hook is ended by its own runner at this same timeout, with what it knows then (a
    // hook that exited with `exit 2` while a child holds its pipes still blocks): the run's deadline only
    // backs that up, a little later, so it never pre-empts the runner's answer.
    return entry.kind === 'command' || entry.kind === 'http' ? own + SELF_TIMED_GRACE_MS : own;
  }

  // The run's deadline item goes to the earliest deadline of the entries still pending.
  #armDeadline(): void {
    if (this.#contexts === undefined || this.#done) return;
    let next = Infinity;
    for (let i = 0; i < this.#n; i++) if (this.#outcomes[i] === undefined) next = Math.min(next, this.#deadlineOf(i));
    if (next !== Infinity) addDeadline(next, this);
  }

  /** @internal Called by the deadline heap when `at` has passed: every pending entry whose deadline it was times out. */
  fire(): void {
    const fired = this.at;
    for (let i = 0; i < this.#n && !this.#done; i++) {
      if (this.#outcomes[i] !== undefined) continue;
      const at = this.#deadlineOf(i);
      if (at > fired) continue;
      const entry = this.#entries[i]!;
      this.#contexts?.[i]?.expire(new Error('hook timed out'));
      this.#settle(i, this.#rules.failure(entry, 'timeout', `timed out after ${Math.min(entry.timeoutMs ?? this.#o.defaultTimeoutMs, this.#o.ceilingMs)} ms`));
    }
    this.#armDeadline();
  }

  #settleValue(i: number, value: unknown): void {
    if (this.#done || this.#outcomes[i] !== undefined) return;
    const entry = this.#entries[i]!;
    let outcome: O;
    try {
      outcome = entry.kind === 'handler' ? this.#rules.fromValue(value, entry, this.#o.logger) : (value as O);
    } catch (error) {
      // The value threw while being read (a getter): the hook failed.
      return this.#fail(i, error);
    }
    this.#settle(i, outcome);
  }

  #fail(i: number, error: unknown): void {
    if (this.#done || this.#outcomes[i] !== undefined) return;
    const entry = this.#o.entries[i]!;
    const message = errorMessage(error);
    this.#o.logger.warn(`harness-hooks: hook "${entry.name}" on ${this.#o.rules.name} failed: ${message}`);
    this.#settle(i, this.#rules.failure(entry, 'error', message));
  }

  #settle(i: number, settled: O): void {
    if (this.#done || this.#outcomes[i] !== undefined) return;
    const rules = this.#rules;
    const { observers, logger } = this.#o;
    const entry = this.#entries[i]!;
    const outcome = rules.settle === undefined ? settled : rules.settle(entry, settled);
    this.#outcomes[i] = outcome;
    const run: HookRun = { name: entry.name, kind: entry.kind, outcome: outcome.outcome, durationMs: now() - this.#start };
    if (outcome.message !== undefined) run.message = outcome.message;
    if (outcome.background === true) run.background = true;
    this.#runs[i] = run;
    if (this.#contexts !== undefined) this.#contexts[i] = undefined;
    if (observers !== undefined) notifyEnd(observers, rules.name, entry, run, logger);
    if (--this.#left === 0) this.#merge();
  }

  // The dispatch's signal aborted: every entry not yet settled is recorded as aborted.
  #interrupt(): void {
    if (this.#done) return;
    const { entries, rules, observers, logger } = this.#o;
    const runs = this.#runs;
    for (let i = 0; i < this.#n; i++) {
      if (runs[i] !== undefined) continue;
      const entry = entries[i]!;
      const run: HookRun = { name: entry.name, kind: entry.kind, outcome: 'aborted', durationMs: now() - this.#start, message: 'the dispatch was aborted' };
      runs[i] = run;
      // Every onHookStart gets its onHookEnd, an aborted run's too.
      if (i < this.#started && observers !== undefined) notifyEnd(observers, rules.name, entry, run, logger);
    }
    this.#finish({ blocked: false, aborted: true, runs });
  }

  // The merged result. A merge that throws (a bug, or hook output that defeated the profile's reading of
  // it) rejects the dispatch rather than leaving it pending or throwing in a timer callback.
  #merge(): void {
    // An entry cut off (the registry closing under it) cuts the dispatch: aborted, never an approval.
    if (this.#runs.some((r) => r.outcome === 'aborted')) return this.#finish({ blocked: false, aborted: true, runs: this.#runs });
    let result: DispatchResult;
    try {
      result = this.#rules.merge(this.#outcomes, this.#runs, this.#o.input, this.#o.extras);
    } catch (error) {
      this.#error = { cause: error };
      this.#finish({ blocked: false, aborted: true, runs: this.#runs });
      this.#reject?.(error);
      return;
    }
    this.#finish(result);
  }

  #finish(result: DispatchResult): void {
    if (this.#done) return;
    this.#done = true;
    this.#result = result;
    if (this.index !== -1) cancelDeadline(this);
    this.#abort?.dispose();
    if (this.#error === undefined) this.#resolve?.(result);
  }
}
