// One dispatch in progress: runs the chain's entries one at a time and merges their decisions.
//
// Fast path [tapable, hookable]: entries are called synchronously in a plain loop until one returns a
// thenable. Only then does the run suspend, by attaching its continuation to that thenable (no extra
// promise, no `await`), and only then is a deadline registered on the shared timer (src/deadline.ts).
// The dispatch's own promise is created at the first suspension; a fully synchronous chain never makes one.
import { DispatchAbort, EntryContext } from './context.js';
import { addDeadline, cancelDeadline, makeDeadline, now, type Deadline } from './deadline.js';
import {
  accumulate,
  isBlocking,
  makeAbortedResult,
  makeBlockedResult,
  makeMergedResult,
  normalizeDecision,
  type MergeState,
} from './decisions.js';
import type { Entry, EntryReport } from './entry.js';
import { describeValue } from './errors.js';
import type { EventSpec } from './events.js';
import type { DispatchResult, HookDecision, HookLogger, HookObservers, HookRun, HookRunOutcome } from './types.js';
import { notifyEnd, notifyStart } from './observe.js';

export interface RunLimits {
  /** Per-entry deadline for this event. */
  readonly entryMs: number;
  /** Whole-dispatch ceiling, or Infinity. */
  readonly ceilingMs: number;
  /** Observers, called as each entry starts and ends (only looked at when set). */
  readonly observers?: HookObservers | undefined;
}

const TIMEOUT_REASON = 'hook deadline passed';

type SettleKind = 'ok' | 'error' | 'timeout';

export class DispatchRun {
  readonly #spec: EventSpec;
  readonly #input: unknown;
  readonly #entries: readonly Entry[];
  readonly #signal: AbortSignal | undefined;
  readonly #abort: DispatchAbort | undefined;
  readonly #limits: RunLimits;
  readonly #logger: HookLogger;
  readonly #runs: HookRun[] = [];
  readonly #ceilingAt: number;
  #state: MergeState | undefined;
  #index = 0;
  #start: number;
  // Identifies the entry being awaited: a settlement that arrives after a timeout or abort is stale.
  #token = 0;
  #suspended = false;
  #deadline: Deadline | undefined;
  #deadlineItem: Deadline | undefined;
  #deadlineAt = Infinity;
  #context: EntryContext | undefined;
  #resolve: ((result: DispatchResult) => void) | undefined;
  #reject: ((error: unknown) => void) | undefined;
  #settledResult: DispatchResult | undefined;
  #error: { cause: unknown } | undefined;

  constructor(spec: EventSpec, input: unknown, entries: readonly Entry[], signal: AbortSignal | undefined, limits: RunLimits, logger: HookLogger) {
    this.#spec = spec;
    this.#input = input;
    this.#entries = entries;
    this.#signal = signal;
    this.#limits = limits;
    this.#logger = logger;
    this.#start = now();
    this.#ceilingAt = limits.ceilingMs === Infinity ? Infinity : this.#start + limits.ceilingMs;
    this.#abort = signal === undefined ? undefined : new DispatchAbort(signal);
  }

  // Runs the chain; resolves to the merged result. Never rejects for a hook's failure.
  start(): Promise<DispatchResult> {
    if (this.#abort !== undefined) this.#abort.interrupt = () => this.#interrupt();
    const result = this.#continue();
    if (result !== undefined) return Promise.resolve(this.#done(result));
    return new Promise<DispatchResult>((resolve, reject) => {
      // The chain may have finished (an abort) between suspension and here.
      if (this.#error !== undefined) return reject(this.#error.cause);
      if (this.#settledResult !== undefined) return resolve(this.#settledResult);
      this.#resolve = resolve;
      this.#reject = reject;
    });
  }

  // Runs entries synchronously from #index until one suspends (undefined) or the chain ends (a result).
  #continue(): DispatchResult | undefined {
    const entries = this.#entries;
    while (this.#index < entries.length) {
      if (this.#start >= this.#ceilingAt) break;
      const entry = entries[this.#index]!;
      if (this.#limits.observers !== undefined) notifyStart(this.#limits.observers, this.#spec.name, entry, this.#logger);
      const context = new EntryContext(this.#abort);
      let value: unknown;
      let thenable = false;
      try {
        // Handlers get (payload, context); command invokers also need the caller's signal to kill on abort.
        value = entry.kind === 'handler' ? entry.invoke(this.#input, context) : entry.invoke(this.#input, context, this.#signal);
        thenable = isThenable(value); // reading `.then` runs the hook's code too
      } catch (error) {
        const r = this.#record(entry, 'error', error);
        if (r !== undefined) return r;
        continue;
      }
      let kind: SettleKind = 'ok';
      if (thenable) {
        const settled = this.#suspend(value as PromiseLike<unknown>, entry, context);
        if (settled === undefined) return undefined;
        // A thenable that settled synchronously: go on in this loop (no recursion, however many there are).
        ({ kind, value } = settled);
      }
      const r = this.#record(entry, kind, value);
      if (r !== undefined) return r;
    }
    return makeMergedResult(this.#state, this.#runs);
  }

  // Attaches the continuation to an entry's thenable. Returns its settlement when it settled synchronously
  // (during `then`), else undefined: the run is suspended until #resume, a deadline or an abort.
  #suspend(thenable: PromiseLike<unknown>, entry: Entry, context: EntryContext): { kind: SettleKind; value: unknown } | undefined {
    const token = ++this.#token;
    let sync: { kind: SettleKind; value: unknown } | undefined;
    let attaching = true;
    try {
      thenable.then(
        (value) => {
          if (attaching) sync ??= { kind: 'ok', value };
          else this.#resume(token, 'ok', value);
        },
        (error: unknown) => {
          if (attaching) sync ??= { kind: 'error', value: error };
          else this.#resume(token, 'error', error);
        },
      );
    } catch (error) {
      sync ??= { kind: 'error', value: error };
    }
    attaching = false;
    if (sync !== undefined) {
      this.#token++; // a thenable that calls back again later is ignored
      return sync;
    }
    this.#suspended = true;
    this.#context = context;
    const deadlineAt = Math.min(entry.longRunning ? Infinity : this.#start + this.#limits.entryMs, this.#ceilingAt);
    this.#deadlineAt = deadlineAt;
    // One pending deadline per run at a time (entries run one by one), so one callback serves them all;
    // a cancelled deadline never fires, and #onDeadline checks the token anyway.
    if (deadlineAt !== Infinity) this.#deadline = addDeadline(deadlineAt, this.#deadlineItem ??= makeDeadline(this.#onDeadline));
    // The dispatch's signal may have aborted while the entry ran synchronously.
    if (this.#abort?.aborted) this.#interrupt();
    return undefined;
  }

  #resume(token: number, kind: SettleKind, value: unknown): void {
    if (token !== this.#token) return; // stale: the entry already timed out, or the dispatch aborted
    this.#token++;
    this.#suspended = false;
    if (this.#deadline !== undefined) {
      cancelDeadline(this.#deadline);
      this.#deadline = undefined;
    }
    try {
      const r = this.#record(this.#entries[this.#index]!, kind, value) ?? this.#continue();
      if (r !== undefined) this.#finish(r);
    } catch (error) {
      // A bug of ours, not a hook's failure: surface it instead of leaving the dispatch pending.
      this.#fail(error);
    }
  }

  readonly #onDeadline = (): void => {
    if (!this.#suspended) return;
    this.#context?.expire(new Error(TIMEOUT_REASON));
    this.#deadline = undefined;
    this.#resume(this.#token, 'timeout', undefined);
  };

  // The dispatch's signal aborted while an entry was awaited: stop waiting, record that entry as aborted.
  // (An abort during a synchronous entry is seen by #record right after it returns.)
  #interrupt(): void {
    if (!this.#suspended || this.#settledResult !== undefined) return;
    this.#suspended = false;
    this.#token++;
    if (this.#deadline !== undefined) cancelDeadline(this.#deadline);
    this.#deadline = undefined;
    const entry = this.#entries[this.#index]!;
    this.#runs.push({ name: entry.name, kind: entry.kind, outcome: 'aborted', durationMs: now() - this.#start, message: 'the dispatch was aborted' });
    this.#finish(makeAbortedResult(this.#runs));
  }

  // Records the current entry's run and advances. Returns the final result when the chain ends here.
  #record(entry: Entry, kind: 'ok' | 'error' | 'timeout', value: unknown): DispatchResult | undefined {
    const end = now();
    const run: HookRun = { name: entry.name, kind: entry.kind, outcome: 'ok', durationMs: end - this.#start };
    this.#start = end;
    this.#index++;
    this.#context = undefined;
    this.#runs.push(run);
    let d: HookDecision | undefined;
    try {
      d = kind === 'ok' ? this.#decisionOf(entry, run, value) : this.#failure(entry, run, kind, value);
    } catch (error) {
      // The hook's value threw while being read (a getter): that is the hook failing.
      run.decision = undefined;
      d = this.#failure(entry, run, 'error', error);
    }
    if (this.#limits.observers !== undefined) notifyEnd(this.#limits.observers, this.#spec.name, entry, run, this.#logger);
    if (this.#abort?.aborted) return makeAbortedResult(this.#runs);
    if (d === undefined) return undefined;
    if (isBlocking(d)) return makeBlockedResult(d, this.#spec, this.#runs);
    accumulate((this.#state ??= {}), d, this.#spec);
    return undefined;
  }

  #decisionOf(entry: Entry, run: HookRun, value: unknown): HookDecision | undefined {
    if (entry.kind === 'command') {
      const report = value as EntryReport;
      run.outcome = report.outcome;
      if (report.decision !== undefined) run.decision = report.decision;
      if (report.message !== undefined) run.message = report.message;
      return report.decision;
    }
    const d = normalizeDecision(value, this.#spec, entry.name, this.#logger);
    if (d !== undefined) {
      run.decision = d;
      if (isBlocking(d)) run.outcome = 'block';
    }
    return d;
  }

  // A handler that threw, rejected or passed its deadline blocks, unless its plugin isolates it.
  // A command past the registry's deadline decides nothing: a command failure never blocks.
  #failure(entry: Entry, run: HookRun, kind: 'error' | 'timeout', error: unknown): HookDecision | undefined {
    const outcome: HookRunOutcome = kind;
    run.outcome = outcome;
    if (kind === 'timeout') {
      const byCeiling = this.#deadlineAt === this.#ceilingAt;
      run.message = byCeiling
        ? `the ${this.#spec.name} dispatch passed its ${this.#limits.ceilingMs} ms ceiling`
        : `timed out after ${this.#limits.entryMs} ms`;
    } else {
      run.message = errorMessage(error);
    }
    if (entry.kind === 'command') {
      if (kind === 'error') this.#logger.warn(`harness-hooks: command hook "${entry.name}" on ${this.#spec.name} failed: ${run.message}`, error);
      else this.#logger.warn(`harness-hooks: command hook "${entry.name}" on ${this.#spec.name} passed the registry's deadline (${run.message}); the dispatch goes on and the command's own timeout will end it`);
      return undefined;
    }
    if (entry.plugin !== undefined) {
      const message = `harness-hooks: hook "${entry.name}" of plugin "${entry.plugin}" on ${this.#spec.name} failed (${outcome}): ${run.message}`;
      if (kind === 'error') this.#logger.warn(message, error);
      else this.#logger.warn(message);
      return undefined;
    }
    const d: HookDecision = { decision: 'block', reason: `Hook "${entry.name}" on ${this.#spec.name} failed: ${run.message}` };
    run.decision = d;
    return d;
  }

  #done(result: DispatchResult): DispatchResult {
    this.#settledResult = result;
    this.#abort?.dispose();
    return result;
  }

  #finish(result: DispatchResult): void {
    if (this.#settledResult !== undefined) return;
    this.#done(result);
    this.#resolve?.(result);
  }

  #fail(error: unknown): void {
    if (this.#settledResult !== undefined) return;
    this.#done(makeAbortedResult(this.#runs));
    if (this.#reject) this.#reject(error);
    else this.#error = { cause: error };
  }
}

export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    value !== null &&
    (typeof value === 'object' || typeof value === 'function') &&
    typeof (value as { then?: unknown }).then === 'function'
  );
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
