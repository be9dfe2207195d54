// One sequential dispatch in progress: runs the chain's entries one at a time, in order, and merges their
// decisions by the rules the profile gives for the event (`SequentialRules`). It names no profile.
//
// Fast path [tapable, hookable]: entries are called synchronously in a plain loop until one returns a
// thenable. Only then does the run suspend, by attaching its continuation to that thenable (no extra
// promise, no `await`), and only if the entry is still pending when the turn ends is a deadline put on
// the shared timer (src/clock.ts, src/deadline.ts): one item per dispatch, not one per entry. The
// dispatch's own promise is created at the first suspension; a fully synchronous chain never makes one.
// The clock is read at the start and the end, and on a resume in a later turn (`RunLimits.exactTiming`:
// at every entry's end).
import { DispatchAbort, EntryContext } from './context.js';
import { now, stampAtTurnEnd, unstamp, type TurnStamped } from './clock.js';
import { addDeadline, cancelDeadline, type Deadline } from './deadline.js';
import { notAReport, type Entry, type EntryReport } from './entry.js';
import { describeValue } from './errors.js';
import { notifyEnd, notifyStart } from './observe.js';
import { makeAbortedResult } from './result.js';
import { cleanShownText } from './shown-text.js';
import { refusalReason, sendableCopy, type Sendable } from './unsendable.js';
import type { DispatchResult, HookDecision, HookLogger, HookObservers, HookRun, HookRunOutcome } from './types.js';

/** How a sequential profile reads and merges decisions on one event. Made once per event, not per dispatch. */
export interface SequentialRules<S = unknown> {
  /** The event's name, for messages. */
  readonly name: string;
  /** What an in-process handler's return value decides; undefined decides nothing. May throw (a hostile getter): that is the hook failing. */
  decide(value: unknown, entryName: string, logger: HookLogger): HookDecision | undefined;
  /** Whether a decision ends the chain. */
  blocks(decision: HookDecision): boolean;
  /** Adds a non-blocking decision to the merge state (undefined before the first one) and returns the state. */
  accumulate(state: S | undefined, decision: HookDecision): S;
  /**
   * Where a harness hands each hook what the hooks before it rewrote (Copilot's preToolUse arguments): folds a
   * non-blocking decision into the input the next entries get — `input` (handlers') and `sent` (the plain
   * copy command entries get, once made). Called only for an entry that decided something.
   */
  chain?(decision: HookDecision, input: unknown, sent: unknown): void;
  /** The result of a chain a decision ended. */
  blocked(decision: HookDecision, runs: HookRun[]): DispatchResult;
  /** The result of a chain that ran to its end. */
  merged(state: S | undefined, runs: HookRun[]): DispatchResult;
}

export interface RunLimits {
  /** Per-entry deadline for this event. */
  readonly entryMs: number;
  /** Whole-dispatch ceiling, or Infinity. */
  readonly ceilingMs: number;
  /** Observers, called as each entry starts and ends (only looked at when set). */
  readonly observers?: HookObservers | undefined;
  /**
   * Read the clock at every entry's end, so each run's durationMs is its own (the registry sets it for
   * `timing: 'entry'`, observers and the record). Otherwise entries that ran back to back within one turn
   * of the event loop each get that stretch's length. Default false.
   */
  readonly exactTiming?: boolean | undefined;
}

const TIMEOUT_REASON = 'hook deadline passed';
const PROMISE_THEN = Promise.prototype.then;

type SettleKind = 'ok' | 'error' | 'timeout' | 'refused';


export class DispatchRun<S = unknown> implements Deadline, TurnStamped {
  readonly #rules: SequentialRules<S>;
  readonly #input: unknown;
  readonly #entries: readonly Entry[];
  readonly #signal: AbortSignal | undefined;
  readonly #abort: DispatchAbort | undefined;
  readonly #limits: RunLimits;
  readonly #logger: HookLogger;
  // Fast path: sized for every entry (no growth while it fills), trimmed to the runs recorded when handed
  // out (#handOut); `#count` of them are recorded.
  readonly #runs: HookRun[];
  #count = 0;
  readonly #ceilingAt: number;
  #state: S | undefined;
  #index = 0;
  // The last reading: when the stretch of entries since it began (each entry started at or after it).
  #low: number;
  // How many runs have their durationMs (the rest ran since #low and get theirs at the next reading).
  #filled = 0;
  // When the pending entry's deadline counts from, undefined until the turn stamp comes (a resume after it is a
  // resume on a later turn): the last reading when the entry is the first since (so that reading is its
  // start), else the stamp's (it started before the stamp). Exact where known, never early.
  #pinned: number | undefined;
  #startKnown = false;
  readonly #exact: boolean;
  // Identifies the entry being awaited: a settlement that arrives after a timeout or abort is stale.
  #token = 0;
  #suspended = false;
  // Fast path: the continuation of native promises, made once per dispatch (at the first suspension) and
  // replaced only when an entry times out or aborts, so a late settlement of that entry finds a stale token.
  #onValue: ((value: unknown) => void) | undefined;
  #onError: ((error: unknown) => void) | undefined;
  // Fast path: the run is its own deadline item (`at`, `index`, `fire`), put on the heap at the first
  // suspension and left there while entries come and go; when it fires early (for an earlier entry), it
  // moves to the current one's. A dispatch whose entries all settle in time pays one push and one removal.
  /** @internal The deadline heap's. */
  at = 0;
  /** @internal The deadline heap's. */
  index = -1;
  /** @internal The turn stamp's. */
  stampIndex = -1;
  #context: EntryContext | undefined;
  #resolve: ((result: DispatchResult) => void) | undefined;
  #reject: ((error: unknown) => void) | undefined;
  #settledResult: DispatchResult | undefined;
  #error: { cause: unknown } | undefined;
  // Why the input cannot be handed to a command (or other non-handler) entry: null when it can, undefined
  // until the first such entry asks (a dispatch of handlers only never walks its input).
  #sendable: Sendable | undefined;
  // Whether the result may hold a hook's text: no entry so far returned anything or failed (the cleaning's fast path).
  #hookText = false;

  constructor(rules: SequentialRules<S>, input: unknown, entries: readonly Entry[], signal: AbortSignal | undefined, limits: RunLimits, logger: HookLogger) {
    this.#rules = rules;
    this.#input = input;
    this.#entries = entries;
    this.#runs = new Array<HookRun>(entries.length);
    this.#signal = signal;
    this.#limits = limits;
    this.#logger = logger;
    this.#low = now();
    // An observer is handed each run as it ends: its figure must be final then.
    this.#exact = limits.exactTiming === true || limits.observers !== undefined;
    this.#ceilingAt = limits.ceilingMs === Infinity ? Infinity : this.#low + limits.ceilingMs;
    this.#abort = signal === undefined ? undefined : new DispatchAbort(signal);
  }

  // Runs the chain; resolves to the merged result. Never rejects for a hook's failure.
  start(): Promise<DispatchResult> {
    if (this.#abort !== undefined) this.#abort.interrupt = () => this.#interrupt();
    const result = this.#continue();
    if (result !== undefined) return Promise.resolve(this.#done(result));
    // The chain may have finished (an abort) between suspension and here.
    if (this.#error !== undefined) return Promise.reject(this.#error.cause);
    if (this.#settledResult !== undefined) return Promise.resolve(this.#settledResult);
    return new Promise<DispatchResult>((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
    });
  }


  // Runs entries synchronously from #index until one suspends (undefined) or the chain ends (a result).
  #continue(): DispatchResult | undefined {
    const entries = this.#entries;
    const observers = this.#limits.observers;
    while (this.#index < entries.length) {
      // A ceiling is checked against a reading of its own before each entry (entries that ran within the
      // turn left none): no entry starts once it has passed.
      if (this.#ceilingAt !== Infinity && (this.#low >= this.#ceilingAt || now() >= this.#ceilingAt)) break;
      const entry = entries[this.#index]!;
      if (observers !== undefined) {
        notifyStart(observers, this.#rules.name, entry, this.#logger);
        // The observer's time is not the entry's (observers imply a reading per entry anyway).
        this.#reading(now());
      }
      // An input a command cannot be handed (src/unsendable.ts) is refused before it runs: that blocks.
      if (entry.kind !== 'handler' && (this.#sendable ??= sendableCopy(this.#input)).why !== undefined) {
        const r = this.#record(entry, 'refused', this.#sendable.why);
        if (r !== undefined) return r;
        continue;
      }
      const context = new EntryContext(this.#abort);
      let value: unknown;
      let then: unknown;
      try {
        // Handlers get (payload, context); command invokers also need the caller's signal to kill on abort.
        value = entry.kind === 'handler' ? entry.invoke(this.#input, context) : entry.invoke(this.#sendable!.copy, context, this.#signal);
        // Reading `.then` runs the hook's code too (a getter), so it is inside the try.
        if (value !== null && (typeof value === 'object' || typeof value === 'function')) then = (value as { then?: unknown }).then;
      } catch (error) {
        const r = this.#record(entry, 'error', error);
        if (r !== undefined) return r;
        continue;
      }
      if (typeof then !== 'function') {
        const r = this.#record(entry, 'ok', value);
        if (r !== undefined) return r;
        continue;
      }
      this.#context = context;
      // A native promise (its `then` read once, and an object that is one: a plain object whose `then`
      // getter answered Promise.prototype.then may answer otherwise when read again).
      if (then === PROMISE_THEN && value instanceof Promise) {
        // Fast path: a native promise never calls back synchronously nor twice, so one pair of callbacks
        // serves the whole dispatch. A method call, not `PROMISE_THEN.call(value, …)`, which V8 does not
        // inline (0.15× of a plain loop at 20 handlers); it reads `then` again, which only an own accessor
        // planted on a promise could change — in-process code can do worse than that anyway. `then` can
        // still throw (a receiver that is no promise, a species constructor that throws).
        if (this.#onValue === undefined) this.#makeCallbacks();
        try {
          (value as Promise<unknown>).then(this.#onValue, this.#onError);
        } catch (error) {
          this.#context = undefined;
          const r = this.#record(entry, 'error', error);
          if (r !== undefined) return r;
          continue;
        }
        this.#park();
        return undefined;
      }
      const settled = this.#suspend(value as PromiseLike<unknown>, then as PromiseLike<unknown>['then']);
      if (settled === undefined) {
        this.#park();
        return undefined;
      }
      // A thenable that settled synchronously: go on in this loop (no recursion, however many there are).
      this.#context = undefined;
      const r = this.#record(entry, settled.kind, settled.value);
      if (r !== undefined) return r;
    }
    return this.#rules.merged(this.#state, this.#handOut());
  }

  // The runs, as the result holds them: only the recorded ones.
  #handOut(): HookRun[] {
    const runs = this.#runs;
    if (this.#count < runs.length) runs.length = this.#count;
    return runs;
  }

  #makeCallbacks(): void {
    const token = this.#token;
    this.#onValue = (value) => this.#resume(token, 'ok', value);
    this.#onError = (error) => this.#resume(token, 'error', error);
  }

  // Attaches a fresh continuation to a thenable that is not a native promise (it may call back
  // synchronously, or more than once). Returns its settlement when it settled during `then`.
  #suspend(thenable: PromiseLike<unknown>, then: PromiseLike<unknown>['then']): { kind: SettleKind; value: unknown } | undefined {
    // Its own token, and callbacks that answer once: a second call back, now or later, is ignored (the
    // next entry may be awaited under the same token).
    const token = ++this.#token;
    this.#onValue = this.#onError = undefined;
    let sync: { kind: SettleKind; value: unknown } | undefined;
    let attaching = true;
    let called = false;
    try {
      then.call(
        thenable,
        (value) => {
          if (called) return;
          called = true;
          if (attaching) sync = { kind: 'ok', value };
          else this.#resume(token, 'ok', value);
        },
        (error: unknown) => {
          if (called) return;
          called = true;
          if (attaching) sync = { kind: 'error', value: error };
          else this.#resume(token, 'error', error);
        },
      );
    } catch (error) {
      if (!called) {
        called = true;
        sync = { kind: 'error', value: error };
      }
    }
    attaching = false;
    if (sync !== undefined) this.#token++;
    return sync;
  }

  // The run waits for the current entry: if it still waits when the turn ends, the stamp puts its deadline
  // on the timer. Fast path: an entry whose promise settles within the turn costs neither.
  #park(): void {
    this.#suspended = true;
    this.#pinned = undefined;
    // Every run before it has its duration: no entry ran since the last reading, which is this one's start.
    this.#startKnown = this.#filled === this.#count;
    stampAtTurnEnd(this);
    // The dispatch's signal may have aborted while the entry ran synchronously.
    if (this.#abort?.aborted) this.#interrupt();
  }

  /** @internal The turn ended with the current entry pending: it started before `at`. */
  stamped(at: number): void {
    if (!this.#suspended || this.#settledResult !== undefined) return;
    this.#pinned = this.#startKnown ? this.#low : at;
    // The entries that settled within the turn ended before it did.
    this.#fill(at);
    const due = this.#deadlineOf(this.#entries[this.#index]!);
    if (due !== Infinity) addDeadline(due, this, at);
    else if (this.index !== -1) cancelDeadline(this);
  }

  // The pending entry's deadline: the event's per-entry one from the turn stamp (never early), never past
  // the dispatch's ceiling.
  #deadlineOf(entry: Entry): number {
    return Math.min(entry.longRunning ? Infinity : this.#pinned! + this.#limits.entryMs, this.#ceilingAt);
  }

  // A reading is taken when the turn has ended since the entry suspended (the stamp came: time passed, or
  // it timed out), and none when it settled within the turn.
  #resume(token: number, kind: SettleKind, value: unknown): void {
    if (token !== this.#token || !this.#suspended) return; // stale: the entry already timed out, or the dispatch aborted
    this.#suspended = false;
    this.#context = undefined;
    try {
      const r = this.#record(this.#entries[this.#index]!, kind, value, this.#pinned !== undefined) ?? this.#continue();
      if (r !== undefined) this.#finish(r);
    } catch (error) {
      // A bug of ours, not a hook's failure: surface it instead of leaving the dispatch pending.
      this.#fail(error);
    }
  }

  /** @internal Called by the deadline heap when `at` has passed. */
  fire(current: number): void {
    if (!this.#suspended || this.#settledResult !== undefined) return;
    // Only the stamp arms the timer, so the entry is pinned; were it not, it started before this reading.
    this.#pinned ??= current;
    const at = this.#deadlineOf(this.#entries[this.#index]!);
    if (at > current) {
      // It fired for an entry that has finished since; the current one's deadline is later.
      if (at !== Infinity) addDeadline(at, this, current);
      return;
    }
    // The token first: an entry that answers from its signal's abort listener answers too late.
    const context = this.#context;
    this.#expireToken();
    context?.expire(new Error(TIMEOUT_REASON));
    this.#resume(this.#token, 'timeout', at);
  }

  // Stale settlements of the current entry must find another token (and callbacks bound to another one).
  #expireToken(): void {
    this.#token++;
    this.#onValue = this.#onError = undefined;
  }

  // The dispatch's signal aborted while an entry was awaited: stop waiting, record that entry as aborted.
  // (An abort during a synchronous entry is seen by #record right after it returns.)
  #interrupt(): void {
    if (!this.#suspended || this.#settledResult !== undefined) return;
    this.#suspended = false;
    this.#expireToken();
    const entry = this.#entries[this.#index]!;
    const run: HookRun = { name: entry.name, kind: entry.kind, outcome: 'aborted', durationMs: 0, message: 'the dispatch was aborted' };
    this.#runs[this.#count++] = run;
    this.#reading(now());
    // Every onHookStart gets its onHookEnd, an aborted entry's too.
    if (this.#limits.observers !== undefined) notifyEnd(this.#limits.observers, this.#rules.name, entry, run, this.#logger);
    this.#finish(makeAbortedResult(this.#handOut()));
  }

  // A reading: the runs since the last one get their durations from it, and the next stretch starts at it.
  #reading(at: number): void {
    this.#fill(at);
    this.#low = at;
  }

  // The runs since the last reading ended before `at`: each gets the stretch from that reading to `at`
  // (its own length when the stretch is one entry long).
  #fill(at: number): void {
    const runs = this.#runs;
    const span = at - this.#low;
    const count = this.#count;
    for (let i = this.#filled; i < count; i++) runs[i]!.durationMs = span;
    this.#filled = count;
  }

  // Records the current entry's run and advances. Returns the final result when the chain ends here.
  // `timed`: take a reading for it (it settled on a later turn); with exact timing every entry gets one.
  // The reading comes once its value has been read (a getter is the hook's code, not the next one's).
  #record(entry: Entry, kind: SettleKind, value: unknown, timed = false): DispatchResult | undefined {
    const run: HookRun = { name: entry.name, kind: entry.kind, outcome: 'ok', durationMs: 0 };
    // Only what a hook returned (or how it failed) can put text of its own in the result.
    if (kind !== 'ok' || value !== undefined) this.#hookText = true;
    this.#index++;
    this.#runs[this.#count++] = run;
    let d: HookDecision | undefined;
    try {
      d = kind === 'ok' ? this.#decisionOf(entry, run, value) : kind === 'refused' ? this.#refused(entry, run, value as string) : this.#failure(entry, run, kind, value);
    } catch (error) {
      // The hook's value threw while being read (a getter): that is the hook failing.
      run.decision = undefined;
      d = this.#failure(entry, run, 'error', error);
    }
    if (timed || this.#exact) this.#reading(now());
    if (this.#limits.observers !== undefined) notifyEnd(this.#limits.observers, this.#rules.name, entry, run, this.#logger);
    // An entry cut off (the dispatch's signal, or the registry closing under it) cuts the dispatch: it
    // reads as aborted, never as an approval.
    if (this.#abort?.aborted || run.outcome === 'aborted') return makeAbortedResult(this.#handOut());
    if (d === undefined) return undefined;
    if (this.#rules.blocks(d)) return this.#rules.blocked(d, this.#handOut());
    if (this.#rules.chain !== undefined) this.#rules.chain(d, this.#input, this.#sendable?.copy);
    this.#state = this.#rules.accumulate(this.#state, d);
    return undefined;
  }

  #decisionOf(entry: Entry, run: HookRun, value: unknown): HookDecision | undefined {
    if (entry.kind !== 'handler') {
      // (Thrown here: the entry fails; see #record.)
      const bad = notAReport(value);
      if (bad !== undefined) throw bad;
      const report = value as EntryReport;
      run.outcome = report.outcome;
      if (report.decision !== undefined) run.decision = report.decision;
      if (report.message !== undefined) run.message = report.message;
      return report.decision;
    }
    if (value === undefined) return undefined;
    const d = this.#rules.decide(value, entry.name, this.#logger);
    if (d !== undefined) {
      run.decision = d;
      if (this.#rules.blocks(d)) run.outcome = 'block';
    }
    return d;
  }

  // A handler that threw, rejected or passed its deadline blocks, unless its plugin isolates it.
  // A command past the registry's deadline decides nothing: a command failure never blocks.
  // For a timeout, `value` is the deadline that passed.
  #failure(entry: Entry, run: HookRun, kind: 'error' | 'timeout', error: unknown): HookDecision | undefined {
    const outcome: HookRunOutcome = kind;
    run.outcome = outcome;
    if (kind === 'timeout') {
      const byCeiling = error === this.#ceilingAt;
      run.message = byCeiling
        ? `the ${this.#rules.name} dispatch passed its ${this.#limits.ceilingMs} ms ceiling`
        : `timed out after ${this.#limits.entryMs} ms`;
    } else {
      run.message = errorMessage(error);
    }
    const event = this.#rules.name;
    if (entry.kind !== 'handler') {
      if (kind === 'error') this.#logger.warn(`harness-hooks: command hook "${entry.name}" on ${event} failed: ${run.message}`, error);
      else this.#logger.warn(`harness-hooks: command hook "${entry.name}" on ${event} passed the registry's deadline (${run.message}); the dispatch goes on and the command's own timeout will end it`);
      return undefined;
    }
    if (entry.plugin !== undefined) {
      const message = `harness-hooks: hook "${entry.name}" of plugin "${entry.plugin}" on ${event} failed (${outcome}): ${run.message}`;
      if (kind === 'error') this.#logger.warn(message, error);
      else this.#logger.warn(message);
      return undefined;
    }
    const d: HookDecision = { decision: 'block', reason: `Hook "${entry.name}" on ${event} failed: ${run.message}` };
    run.decision = d;
    return d;
  }

  // An entry its input could not be handed to did not run, and decides the stricter way: a block, a
  // plugin's too (a profile whose rules do not block on this event, e.g. copilot off preToolUse, keeps its
  // own fail mode there).
  #refused(entry: Entry, run: HookRun, why: string): HookDecision {
    run.outcome = 'error';
    run.message = `not run: ${why}`;
    const reason = refusalReason(entry.name, this.#rules.name, why);
    this.#logger.warn(`harness-hooks: ${reason}`);
    const d: HookDecision = { decision: 'block', reason };
    run.decision = d;
    return d;
  }

  // Every way the chain ends comes here, before anyone sees the result (it holds these runs, not copies):
  // the last stretch's runs get their durations.
  // The result's shown text is cleaned here, once, synchronously (shown-text.ts), when a hook's can be in it.
  #done(merged: DispatchResult): DispatchResult {
    if (this.#filled < this.#count) this.#fill(now());
    const result = this.#hookText ? cleanShownText(merged) : merged;
    this.#settledResult = result;
    if (this.stampIndex !== -1) unstamp(this);
    if (this.index !== -1) cancelDeadline(this);
    this.#abort?.dispose();
    return result;
  }

  #finish(result: DispatchResult): void {
    if (this.#settledResult !== undefined) return;
    // (Not `this.#resolve?.(this.#done(result))`: with no resolver yet, that would skip #done too.)
    const settled = this.#done(result);
    this.#resolve?.(settled);
  }

  #fail(error: unknown): void {
    if (this.#settledResult !== undefined) return;
    this.#done(makeAbortedResult(this.#handOut()));
    if (this.#reject) this.#reject(error);
    else this.#error = { cause: error };
  }
}

// A readable message for anything thrown; never throws itself (a hostile error may have throwing getters).
export function errorMessage(error: unknown): string {
  try {
    if (error instanceof Error) return String(error.message || error.name);
    return typeof error === 'string' ? error : describeValue(error);
  } catch {
    return 'an error whose message could not be read';
  }
}
