// One claude dispatch: as in Claude Code, every matching hook starts at once; the result is merged in
// registration order (merge.ts) once all have finished, timed out, or the dispatch was aborted.
import { DispatchAbort, EntryContext } from '../../context.js';
import { addDeadline, cancelDeadline, now, type Deadline } from '../../deadline.js';
import { errorMessage, isThenable } from '../../dispatch-run.js';
import type { Entry } from '../../entry.js';
import { notifyEnd, notifyStart } from '../../observe.js';
import type { HookLogger, HookObservers, HookRun } from '../../types.js';
import type { ClaudeEventSpec } from './events.js';
import { mergeClaudeOutcomes, type ClaudeDispatchResult } from './merge.js';
import { fromHandlerValue, type ClaudeEntryOutcome } from './output.js';

// `onFailure: 'block'`: a hook that crashed, timed out, could not start or answered garbage blocks, with a
// reason that says which hook failed and how. A guard that failed must not look like an approval.
function failClosed(entry: Entry, event: string, o: ClaudeEntryOutcome): ClaudeEntryOutcome {
  if ((o.outcome !== 'error' && o.outcome !== 'timeout' && o.garbage !== true) || o.deliberate === true) return o;
  const how = o.outcome === 'timeout' ? 'timed out' : o.garbage === true ? 'returned output that could not be read' : 'failed';
  const reason = `Hook "${entry.name}" on ${event} ${how}${o.message ? `: ${o.message}` : ''} (onFailure: block)`;
  return { outcome: 'block', output: { decision: 'block', reason }, message: o.message ?? reason };
}

export interface ParallelRunOptions {
  spec: ClaudeEventSpec;
  input: unknown;
  entries: readonly Entry[];
  signal: AbortSignal | undefined;
  logger: HookLogger;
  /** Per-entry timeout when the entry sets none. */
  defaultTimeoutMs: number;
  /** A ceiling for the whole dispatch (SessionEnd's shared budget), or Infinity. */
  ceilingMs: number;
  /** Passed to command invokers (e.g. the CLAUDE_ENV_FILE path). */
  extras: unknown;
  observers: HookObservers | undefined;
}

// Starts every entry now and resolves to the merged result.
export function runParallel(o: ParallelRunOptions): Promise<ClaudeDispatchResult> {
  const { entries, spec, logger } = o;
  const n = entries.length;
  const outcomes: (ClaudeEntryOutcome | undefined)[] = new Array(n);
  const runs: HookRun[] = new Array(n);
  const deadlines: (Deadline | undefined)[] = new Array(n);
  const start = now();
  let left = n;
  let started = 0;
  let done = false;
  const abort = o.signal === undefined ? undefined : new DispatchAbort(o.signal);

  return new Promise<ClaudeDispatchResult>((resolve) => {
    const finish = (result: ClaudeDispatchResult): void => {
      if (done) return;
      done = true;
      for (const d of deadlines) if (d !== undefined) cancelDeadline(d);
      abort?.dispose();
      resolve(result);
    };
    const settle = (i: number, settled: ClaudeEntryOutcome): void => {
      if (done || outcomes[i] !== undefined) return;
      const entry = entries[i]!;
      const outcome = entry.onFailure === 'block' ? failClosed(entry, spec.name, settled) : settled;
      outcomes[i] = outcome;
      const run: HookRun = { name: entry.name, kind: entry.kind, outcome: outcome.outcome, durationMs: now() - start };
      if (outcome.message !== undefined) run.message = outcome.message;
      if (outcome.background === true) run.background = true;
      runs[i] = run;
      if (o.observers !== undefined) notifyEnd(o.observers, spec.name, entry, run, logger);
      const d = deadlines[i];
      if (d !== undefined) cancelDeadline(d);
      if (--left === 0) finish(mergeClaudeOutcomes(spec, outcomes, runs));
    };
    const fail = (i: number, error: unknown): void => {
      const entry = entries[i]!;
      const message = errorMessage(error);
      // In Claude Code a hook that fails is a non-blocking error (onFailure: 'block' comes with the next issue).
      logger.warn(`harness-hooks: hook "${entry.name}" on ${spec.name} failed: ${message}`);
      settle(i, { outcome: 'error', message });
    };
    if (abort !== undefined) {
      abort.interrupt = () => {
        for (let i = 0; i < n; i++) {
          if (runs[i] === undefined) {
            const entry = entries[i]!;
            const run: HookRun = { name: entry.name, kind: entry.kind, outcome: 'aborted', durationMs: now() - start, message: 'the dispatch was aborted' };
            runs[i] = run;
            // Every onHookStart gets its onHookEnd, an aborted run's too.
            if (i < started && o.observers !== undefined) notifyEnd(o.observers, spec.name, entry, run, logger);
          }
        }
        finish({ blocked: false, aborted: true, runs });
      };
    }
    if (n === 0) return finish(mergeClaudeOutcomes(spec, outcomes, runs));

    for (let i = 0; i < n && !done; i++) {
      const entry = entries[i]!;
      if (entry.once !== undefined) entry.once.remove();
      if (o.observers !== undefined) notifyStart(o.observers, spec.name, entry, logger);
      started = i + 1;
      const context = new EntryContext(abort);
      const timeoutMs = Math.min(entry.timeoutMs ?? o.defaultTimeoutMs, o.ceilingMs);
      if (timeoutMs !== Infinity) {
        deadlines[i] = addDeadline(
          start + timeoutMs,
          () => {
            deadlines[i] = undefined;
            context.expire(new Error('hook timed out'));
            settle(i, { outcome: 'timeout', message: `timed out after ${timeoutMs} ms` });
          },
        );
      }
      let value: unknown;
      try {
        value = entry.kind === 'handler' ? entry.invoke(o.input, context) : entry.invoke(o.input, context, o.signal, o.extras);
      } catch (error) {
        fail(i, error);
        continue;
      }
      const toOutcome = (v: unknown): ClaudeEntryOutcome =>
        entry.kind === 'handler' ? fromHandlerValue(v, entry.name, spec.name, logger) : (v as ClaudeEntryOutcome);
      if (isThenable(value)) {
        try {
          value.then(
            (v) => settle(i, toOutcome(v)),
            (error: unknown) => fail(i, error),
          );
        } catch (error) {
          fail(i, error);
        }
      } else {
        settle(i, toOutcome(value));
      }
    }
    if (abort?.aborted) abort.interrupt?.();
  });
}
