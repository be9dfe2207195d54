// One parallel dispatch in progress: every matching entry starts at once (as Claude Code and Codex run
// hooks); the result is merged by the profile's rules (`ParallelRules`), in registration order whatever
// order the entries finished in, once all have finished, timed out, or the dispatch was aborted.
// It names no profile.
//
// Fast path: entries that return no thenable settle in the starting loop, and a dispatch whose entries all
// did resolves without a promise of its own; a dispatch still waiting when the turn ends (src/clock.ts)
// puts one deadline item on the shared timer, at the earliest pending entry's deadline, instead of one per
// entry, and one whose entries all settle within the turn puts none. The clock is read at the start and
// the end, and for each entry that settles on a later turn (`exactTiming`: for each entry).
import { EventEmitter } from 'node:events';
import { DispatchAbort, EntryContext } from './context.js';
import { cleanShownText } from './shown-text.js';
import { now, stampAtTurnEnd, unstamp, type TurnStamped } from './clock.js';
import { addDeadline, cancelDeadline, type Deadline } from './deadline.js';
import { errorMessage } from './dispatch-run.js';
import { notAReport, type Entry } from './entry.js';
import { notifyEnd, notifyStart } from './observe.js';
import { refusalReason, sendableCopy, type Sendable } from './unsendable.js';
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
  /**
   * The outcome of a command (or other non-handler) entry that was not run because its input cannot be
   * sent to it (src/unsendable.ts: nested too deep, cyclic…; `message` says which): the profile's block on
   * this event, never an allow. Without it the dispatch's result is made blocked whatever the merge said.
   */
  refused?(entry: Entry, message: string): O;
  /** Applied to every outcome as it settles (e.g. `onFailure: 'block'`). Optional. */
  settle?(entry: Entry, outcome: O): O;
  /**
   * Fast path, optional: what an in-process handler that returned `undefined` contributed, final — the
   * run takes it as is, calling neither `fromValue` nor `settle` (so it must be what they would make of it).
   */
  readonly silent?: O;
  /** The dispatch result, from the outcomes index-aligned with `runs` (registration order). */
  /** `input` is the hook input the entries got; `extras` the run's (`ParallelRunOptions.extras`). */
  merge(outcomes: readonly (O | undefined)[], runs: HookRun[], input: unknown, extras: unknown): DispatchResult;
}

/** What a parallel run needs besides its input, entries and signal: the same for every dispatch of an event (a profile may make it once). */
export interface ParallelLimits<O extends EntryOutcome> {
  readonly rules: ParallelRules<O>;
  readonly logger: HookLogger;
  /** Per-entry timeout when the entry sets none. */
  readonly defaultTimeoutMs: number;
  /** A ceiling for the whole dispatch (e.g. SessionEnd's shared budget), or Infinity. */
  readonly ceilingMs: number;
  /** Passed to command invokers as their fourth argument (e.g. the claude profile's CLAUDE_ENV_FILE). */
  readonly extras?: unknown;
  readonly observers: HookObservers | undefined;
  /** Read the clock as each entry settles (see `RunLimits.exactTiming`). Default false. */
  readonly exactTiming?: boolean | undefined;
}

export interface ParallelRunOptions<O extends EntryOutcome> extends ParallelLimits<O> {
  readonly input: unknown;
  readonly entries: readonly Entry[];
  readonly signal: AbortSignal | undefined;
}

const PROMISE_THEN = Promise.prototype.then;
// What `captureResolvers` was last handed (read right after the `new Promise` that calls it).
const captured: { resolve: (result: DispatchResult) => void; reject: (error: unknown) => void } = { resolve: () => {}, reject: () => {} };
function captureResolvers(resolve: (result: DispatchResult) => void, reject: (error: unknown) => void): void {
  captured.resolve = resolve;
  captured.reject = reject;
}
/** How long after their timeout the run waits for entries that time themselves out (commands, HTTP). */
const SELF_TIMED_GRACE_MS = 1_000;

// Starts every entry now and resolves to the merged result. Never rejects for a hook's failure.
export function runParallel<O extends EntryOutcome>(o: ParallelRunOptions<O>): Promise<DispatchResult> {
  return new ParallelRun(o, o.input, o.entries, o.signal).start(o.signal);
}

// The same, with limits a profile made once per event (fast path: no options object per dispatch).
export function runParallelWith<O extends EntryOutcome>(limits: ParallelLimits<O>, input: unknown, entries: readonly Entry[], signal: AbortSignal | undefined): Promise<DispatchResult> {
  return new ParallelRun(limits, input, entries, signal).start(signal);
}

// The run is its own deadline item (`at`, `index`, `fire`): one heap push per dispatch that waits.
class ParallelRun<O extends EntryOutcome> implements Deadline, TurnStamped {
  readonly #o: ParallelLimits<O>;
  readonly #input: unknown;
  readonly #entries: readonly Entry[];
  // Entry i's context while it is pending, its outcome once it settled (the merge gets them when every
  // entry has). Pending: no run recorded yet (`#runs[i]` is set as the entry settles).
  readonly #slots: (O | EntryContext | undefined)[];
  readonly #runs: HookRun[];
  readonly #start: number;
  readonly #exact: boolean;
  // The turn stamp's reading (every entry started before it), undefined until the stamp comes: deadlines
  // count from it, and an entry that settles after it settled on a later turn.
  #pinned: number | undefined;
  // Settled runs whose durationMs waits for the next reading (they settled within the turn).
  #unfilled = 0;
  // Native promises of pending entries not watched yet (#watchNext), the one being watched, and the pair
  // of callbacks that watches them in turn. Once the turn has ended (#watchRest), none is queued.
  #queued: (Promise<unknown> | undefined)[] | undefined;
  #watching = -1;
  #onNext: ((value: unknown) => void) | undefined;
  #onNextError: ((error: unknown) => void) | undefined;
  readonly #abort: DispatchAbort | undefined;
  #fanOut: AbortController | undefined;
  #left: number;
  // An entry was cut off (its outcome is 'aborted'): the dispatch is.
  #cut = false;
  /** @internal The deadline heap's. */
  at = 0;
  /** @internal The deadline heap's. */
  index = -1;
  /** @internal The turn stamp's. */
  stampIndex = -1;
  #started = 0;
  #done = false;
  #result: DispatchResult | undefined;
  #resolve: ((result: DispatchResult) => void) | undefined;
  #reject: ((error: unknown) => void) | undefined;
  #error: { cause: unknown } | undefined;
  // Why the input cannot be handed to a non-handler entry: null when it can, undefined until one asks.
  #sendable: Sendable | undefined;
  // Whether the result may hold a hook's text: every outcome so far was the profile's silent one (the cleaning's fast path).
  #hookText = false;
  // Set when an entry was refused under rules without `refused`: the merged result is made blocked.
  #refusedReason: string | undefined;

  constructor(o: ParallelLimits<O>, input: unknown, entries: readonly Entry[], signal: AbortSignal | undefined) {
    this.#o = o;
    this.#input = input;
    this.#entries = entries;
    const n = (this.#left = entries.length);
    this.#slots = new Array<O | EntryContext | undefined>(n);
    this.#runs = new Array<HookRun>(n);
    this.#start = now();
    // An observer is handed each run as it ends: its figure must be final then.
    this.#exact = o.exactTiming === true || o.observers !== undefined;
    this.#abort = signal === undefined ? undefined : new DispatchAbort(signal);
  }

  start(signal: AbortSignal | undefined): Promise<DispatchResult> {
    const entries = this.#entries;
    const { rules, extras, logger, observers } = this.#o;
    const input = this.#input;
    const abort = this.#abort;
    const n = entries.length;
    // Watched in order unless timed exactly (then each entry is watched on its own).
    const inOrder = !this.#exact;
    if (abort !== undefined) abort.interrupt = () => this.#interrupt();
    if (n === 0) this.#merge();
    for (let i = 0; i < n && !this.#done; i++) {
      const entry = entries[i]!;
      if (entry.once !== undefined) entry.once.remove();
      if (observers !== undefined) {
        notifyStart(observers, rules.name, entry, logger);
        this.#started = i + 1;
      }
      // An input a command cannot be handed (src/unsendable.ts) is refused before it runs: that blocks.
      if (entry.kind !== 'handler' && (this.#sendable ??= sendableCopy(input)).why !== undefined) {
        this.#refuse(i, entry, this.#sendable.why);
        continue;
      }
      const context = new EntryContext(abort);
      let value: unknown;
      let then: unknown;
      try {
        value = entry.kind === 'handler' ? entry.invoke(input, context) : entry.invoke(this.#sendable!.copy, context, this.#entrySignal(signal), extras);
        if (value !== null && (typeof value === 'object' || typeof value === 'function')) then = (value as { then?: unknown }).then;
      } catch (error) {
        this.#fail(i, error);
        continue;
      }
      if (typeof then !== 'function') {
        this.#settleValue(i, value);
        continue;
      }
      // The hook ended the dispatch from its own code (an abort): its promise is still watched (what it
      // says is ignored, and a rejection is not unhandled).
      if (this.#done) {
        this.#watch(i, value as PromiseLike<unknown>, then as PromiseLike<unknown>['then']);
        continue;
      }
      // Pending: its context expires at its deadline.
      this.#slots[i] = context;
      // Fast path: native promises are watched one after another by one pair of callbacks (below); the
      // first is watched at once, the rest queue.
      if (then !== PROMISE_THEN || !(value instanceof Promise) || !inOrder) this.#watch(i, value as PromiseLike<unknown>, then as PromiseLike<unknown>['then']);
      else if (this.#watching === -1) this.#watchInOrder(i, value as Promise<unknown>);
      else (this.#queued ??= new Array<Promise<unknown> | undefined>(n))[i] = value as Promise<unknown>;
    }
    if (abort?.aborted) this.#interrupt();
    if (this.#error !== undefined) return Promise.reject(this.#error.cause);
    if (this.#result !== undefined) return Promise.resolve(this.#result);
    stampAtTurnEnd(this);
    // Fast path: one executor for every run (no closure per dispatch); it hands over the resolvers at once.
    const promise = new Promise<DispatchResult>(captureResolvers);
    this.#resolve = captured.resolve;
    this.#reject = captured.reject;
    return promise;
  }

  // Watches one pending entry with callbacks of its own (a thenable that is not a native promise may call
  // back synchronously or twice; #settle takes the first answer).
  #watch(i: number, value: PromiseLike<unknown>, then: PromiseLike<unknown>['then']): void {
    const onValue = (v: unknown): void => this.#settleValue(i, v);
    const onError = (error: unknown): void => this.#fail(i, error);
    try {
      // A method call for native promises (V8 inlines it; see src/dispatch-run.ts).
      if (then === PROMISE_THEN) (value as Promise<unknown>).then(onValue, onError);
      else then.call(value, onValue, onError);
    } catch (error) {
      this.#fail(i, error);
    }
  }

  // Fast path: the queued native promises are watched in registration order by one pair of callbacks, each
  // attached when the one before has settled, instead of two closures per entry. All of them run already,
  // and while the turn lasts nothing but the order of promise jobs tells which settled first: the merge is
  // in registration order either way, and every duration waits for the next reading. If the run still
  // waits when the turn ends, the stamp watches the rest on their own (#watchRest), so each is seen as it
  // settles and times out at its own deadline.
  #watchNext(from: number): void {
    const queued = this.#queued;
    this.#watching = -1;
    if (queued === undefined) return;
    for (let i = from; i < this.#runs.length; i++) {
      const p = queued[i];
      if (p === undefined) continue;
      queued[i] = undefined;
      // (An entry settled otherwise meanwhile is still watched: its promise must not go unhandled.)
      if (this.#watchInOrder(i, p)) return;
    }
  }

  // Watches entry i with the in-order pair; false when `then` threw (the entry failed).
  #watchInOrder(i: number, p: Promise<unknown>): boolean {
    this.#watching = i;
    if (this.#onNext === undefined) {
      this.#onNext = (v) => this.#nextSettled(false, v);
      this.#onNextError = (error) => this.#nextSettled(true, error);
    }
    try {
      // A method call (V8 inlines it; `PROMISE_THEN.call` costs ≈0.1× of the plain loop at 20 entries).
      // It reads `then` again, which only an accessor planted on the promise could answer differently,
      // and in-process code can do worse than that anyway (the sequential run takes the same view).
      p.then(this.#onNext, this.#onNextError);
      return true;
    } catch (error) {
      this.#watching = -1;
      this.#fail(i, error);
      return false;
    }
  }

  #nextSettled(failed: boolean, value: unknown): void {
    const i = this.#watching;
    if (failed) this.#fail(i, value);
    else this.#settleValue(i, value);
    if (!this.#done) this.#watchNext(i + 1);
  }

  // The turn ended with entries pending: the ones not watched yet get callbacks of their own.
  #watchRest(): void {
    const queued = this.#queued;
    if (queued === undefined) return;
    this.#queued = undefined;
    for (let i = 0; i < queued.length; i++) {
      const p = queued[i];
      // Every one, settled meanwhile or not (an abort records them all): none may go unhandled.
      if (p !== undefined) this.#watch(i, p, PROMISE_THEN);
    }
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

  /** @internal The turn ended with entries pending: every entry started before `at`. */
  stamped(at: number): void {
    if (this.#done) return;
    this.#pinned = at;
    this.#fill(at);
    this.#watchRest();
    this.#armDeadline(at);
  }

  // An entry's deadline: its own timeout (else the event's default), never past the dispatch's ceiling,
  // counted from its start where that is known (the first entry's is the dispatch's), else from the turn
  // stamp (it started before it): never early.
  #deadlineOf(i: number): number {
    const entry = this.#entries[i]!;
    const own = (i === 0 ? this.#start : this.#pinned!) + Math.min(entry.timeoutMs ?? this.#o.defaultTimeoutMs, this.#o.ceilingMs);
    // A command or HTTP hook is ended by its own runner at this same timeout, with what it knows then (a
    // hook that exited with `exit 2` while a child holds its pipes still blocks): the run's deadline only
    // backs that up, a little later, so it never pre-empts the runner's answer.
    return entry.kind === 'command' || entry.kind === 'http' ? own + SELF_TIMED_GRACE_MS : own;
  }

  // The run's deadline item goes to the earliest deadline of the entries still pending.
  #armDeadline(current: number): void {
    if (this.#done) return;
    let next = Infinity;
    for (let i = 0; i < this.#runs.length; i++) if (this.#runs[i] === undefined) next = Math.min(next, this.#deadlineOf(i));
    if (next !== Infinity) addDeadline(next, this, current);
  }

  /** @internal Called by the deadline heap when `at` has passed: every pending entry whose deadline has passed times out. */
  fire(current: number): void {
    // Only the stamp arms the timer, so the run is pinned; were it not, its entries started before this reading.
    this.#pinned ??= current;
    const fired = current;
    for (let i = 0; i < this.#runs.length && !this.#done; i++) {
      if (this.#runs[i] !== undefined) continue;
      const at = this.#deadlineOf(i);
      if (at > fired) continue;
      const entry = this.#entries[i]!;
      const context = this.#slots[i];
      if (context instanceof EntryContext) context.expire(new Error('hook timed out'));
      this.#settle(i, entry, this.#o.rules.failure(entry, 'timeout', `timed out after ${Math.min(entry.timeoutMs ?? this.#o.defaultTimeoutMs, this.#o.ceilingMs)} ms`), current);
    }
    this.#armDeadline(current);
  }

  #settleValue(i: number, value: unknown): void {
    if (this.#done || this.#runs[i] !== undefined) return;
    const entry = this.#entries[i]!;
    const rules = this.#o.rules;
    let outcome: O;
    // A runner (command, HTTP, prompt) resolves to its outcome; one that resolved to something else is a
    // bug of its profile, and fails that entry rather than the dispatch.
    if (entry.kind !== 'handler') {
      const bad = notAReport(value);
      if (bad !== undefined) return this.#fail(i, bad);
      outcome = value as O;
    } else if (value === undefined && rules.silent !== undefined) return this.#record(i, entry, rules.silent, undefined);
    else {
      try {
        outcome = rules.fromValue(value, entry, this.#o.logger);
      } catch (error) {
        // The value threw while being read (a getter): the hook failed.
        return this.#fail(i, error);
      }
    }
    this.#settle(i, entry, outcome);
  }

  // Entry i was not run: its input cannot be sent to it. It blocks, in the profile's words where the rules
  // have them, else by the run itself (#merge).
  #refuse(i: number, entry: Entry, why: string): void {
    const { rules, logger } = this.#o;
    const reason = refusalReason(entry.name, rules.name, why);
    logger.warn(`harness-hooks: ${reason}`);
    if (typeof rules.refused === 'function') return this.#settle(i, entry, rules.refused(entry, reason));
    this.#refusedReason ??= reason;
    this.#settle(i, entry, rules.failure(entry, 'error', reason));
  }

  #fail(i: number, error: unknown): void {
    if (this.#done || this.#runs[i] !== undefined) return;
    const entry = this.#entries[i]!;
    const message = errorMessage(error);
    this.#o.logger.warn(`harness-hooks: hook "${entry.name}" on ${this.#o.rules.name} failed: ${message}`);
    this.#settle(i, entry, this.#o.rules.failure(entry, 'error', message));
  }

  // An outcome as the profile's `settle` makes it final. `end`: a reading taken as it settled, if the
  // caller has one.
  #settle(i: number, entry: Entry, settled: O, end?: number): void {
    const rules = this.#o.rules;
    const outcome = rules.settle === undefined ? settled : rules.settle(entry, settled);
    // The profile's settle ran its code: the run may have ended meanwhile (and then this entry is spent).
    if (this.#done || this.#runs[i] !== undefined) return;
    this.#record(i, entry, outcome, end);
  }

  // The entry's final outcome and run.
  #record(i: number, entry: Entry, outcome: O, end: number | undefined): void {
    // Timed now if exactly, or if it settled on a later turn than it started (the stamp came: time passed);
    // one that settled within the turn gets its duration at the next reading.
    const at = end ?? (this.#exact || this.#pinned !== undefined ? now() : undefined);
    const run: HookRun = { name: entry.name, kind: entry.kind, outcome: outcome.outcome, durationMs: at === undefined ? -1 : at - this.#start };
    if (at === undefined) this.#unfilled++;
    if (outcome.message !== undefined) run.message = outcome.message;
    if (outcome.background === true) run.background = true;
    if (outcome.outcome === 'aborted') this.#cut = true;
    if (outcome !== this.#o.rules.silent) this.#hookText = true;
    this.#slots[i] = outcome;
    this.#runs[i] = run;
    const observers = this.#o.observers;
    if (observers !== undefined) notifyEnd(observers, this.#o.rules.name, entry, run, this.#o.logger);
    if (--this.#left === 0) this.#merge();
  }

  // The dispatch's signal aborted: every entry not yet settled is recorded as aborted.
  #interrupt(): void {
    if (this.#done) return;
    const { rules, observers, logger } = this.#o;
    const entries = this.#entries;
    const runs = this.#runs;
    const end = now();
    this.#fill(end);
    for (let i = 0; i < this.#runs.length; i++) {
      if (runs[i] !== undefined) continue;
      const entry = entries[i]!;
      const run: HookRun = { name: entry.name, kind: entry.kind, outcome: 'aborted', durationMs: end - this.#start, message: 'the dispatch was aborted' };
      runs[i] = run;
      // Every onHookStart gets its onHookEnd, an aborted run's too.
      if (i < this.#started && observers !== undefined) notifyEnd(observers, rules.name, entry, run, logger);
    }
    this.#finish({ blocked: false, aborted: true, runs });
  }

  // The runs that settled within the turn ended before `at`: each gets its duration from it (an upper bound).
  #fill(at: number): void {
    if (this.#unfilled === 0) return;
    this.#unfilled = 0;
    const span = at - this.#start;
    const runs = this.#runs;
    for (let i = 0; i < runs.length; i++) {
      const run = runs[i];
      if (run !== undefined && run.durationMs < 0) run.durationMs = span;
    }
  }

  // The merged result. A merge that throws (a bug, or hook output that defeated the profile's reading of
  // it) rejects the dispatch rather than leaving it pending or throwing in a timer callback.
  #merge(): void {
    // The run may have ended meanwhile (an observer aborted the dispatch as the last entry ended).
    if (this.#done) return;
    // An entry cut off (the registry closing under it) cuts the dispatch: aborted, never an approval.
    if (this.#cut) return this.#finish({ blocked: false, aborted: true, runs: this.#runs });
    let result: DispatchResult;
    try {
      result = this.#o.rules.merge(this.#slots as (O | undefined)[], this.#runs, this.#input, this.#o.extras);
      if (this.#refusedReason !== undefined && !result.blocked) result = { ...result, blocked: true, reason: this.#refusedReason };
    } catch (error) {
      this.#error = { cause: error };
      this.#finish({ blocked: false, aborted: true, runs: this.#runs });
      this.#reject?.(error);
      return;
    }
    this.#finish(result);
  }

  // The result's shown text is cleaned here, once, synchronously (shown-text.ts), when a hook's can be in it.
  #finish(merged: DispatchResult): void {
    if (this.#done) return;
    const result = this.#hookText ? cleanShownText(merged) : merged;
    // The runs still without a duration get one.
    if (this.#unfilled > 0) this.#fill(now());
    // Promises still queued (an abort within the turn) are watched too: a rejection later is not unhandled.
    this.#watchRest();
    // A hook that never settles keeps the run reachable (its callbacks); not the other entries' state.
    if (this.#left > 0) this.#slots.fill(undefined);
    this.#done = true;
    this.#result = result;
    if (this.stampIndex !== -1) unstamp(this);
    if (this.index !== -1) cancelDeadline(this);
    this.#abort?.dispose();
    if (this.#error === undefined) this.#resolve?.(result);
  }
}
