// The dispatch runs' clock (monotonic milliseconds), and the end of the turn.
//
// A reading costs 20–35 ns here, about what a whole awaited handler costs in a plain loop, so the runs do
// not read it per entry (fast path). They read it when a dispatch starts and ends, and when it resumes on
// a later turn of the event loop than the one it suspended in (an entry that truly waited: I/O, a timer, a
// child process). What ties the two together is the turn stamp below: a run whose entry is pending asks
// to be stamped, and once the current burst of callbacks and promise jobs has drained (a `nextTick`
// queued from a promise job runs only after all of them), one reading stamps every run still waiting. That reading
// comes after each such entry started, so a deadline counted from it is never early, and it is late only
// by whatever CPU work the same burst did after the entry started; a hook whose promise settles within
// the burst it started in never costs a reading, a heap push or a timer. (A clock that reused a reading
// taken *before* an entry started was tried and dropped: CPU work inside the burst then came off the
// entry's deadline, and a hook timed out early.)
// Cold start: the global `performance` loads Node's perf_hooks (ten modules, ≈3 ms of a fresh process's
// first command hook, measured) on first touch. process.hrtime reads the same monotonic clock without a
// module to load, and costs what performance.now() does per reading (45–50 ns here). Its readings count from
// another origin: they are only ever subtracted from one another. Taken once, at import: `process.hrtime()`
// read at each call costs ≈20 ns more a reading (38–48 against 60–70 ns, measured), on every dispatch; so
// fake timers that replace `hrtime` must be installed before this module is imported.
const hrtime = process.hrtime;
export const now = (): number => {
  const [s, ns] = hrtime();
  return s * 1e3 + ns / 1e6;
};

/** A run waiting for the end of the turn. */
export interface TurnStamped {
  /** Its place in the waiting list; -1 when not waiting. Managed here. */
  stampIndex: number;
  /** Called once the turn has ended, with a reading taken then. */
  stamped(at: number): void;
}

// The runs waiting, in waiting[0 .. count). Fast path: kept at its size, the slots past `count` cleared:
// a run that waits and finishes within the turn (most of them) would otherwise shrink the array as it
// leaves and grow it back as the next one comes (one backing store per dispatch).
const waiting: (TurnStamped | undefined)[] = [];
let count = 0;
let queued = false;

// Asks for `run.stamped(reading)` once the current turn's callbacks have drained. A no-op when it waits already.
export function stampAtTurnEnd(run: TurnStamped): void {
  if (run.stampIndex !== -1) return;
  run.stampIndex = count;
  waiting[count++] = run;
  if (!queued) {
    queued = true;
    // A tick queued from a promise job runs once the whole queue of them has drained; one queued from a
    // timer or I/O callback would run before the jobs that callback queued. So: a job first, then the tick.
    queueMicrotask(queueStamp);
  }
}

function queueStamp(): void {
  process.nextTick(stampAll);
}

// Takes a run off the list (it finished before the turn ended).
export function unstamp(run: TurnStamped): void {
  const i = run.stampIndex;
  if (i === -1) return;
  run.stampIndex = -1;
  const last = waiting[--count]!;
  waiting[count] = undefined;
  if (last === run) return;
  waiting[i] = last;
  last.stampIndex = i;
}

function stampAll(): void {
  queued = false;
  if (count === 0) return;
  const at = now();
  // Taken off first: a stamped run may ask again (it does not; a run that resumes asks from its own callback).
  const runs = waiting.slice(0, count) as TurnStamped[];
  waiting.fill(undefined, 0, count);
  count = 0;
  for (const run of runs) run.stampIndex = -1;
  let failure: { error: unknown } | undefined;
  for (const run of runs) {
    try {
      run.stamped(at);
    } catch (error) {
      // A bug of ours: every other run is still stamped (its deadline armed), then it surfaces.
      failure ??= { error };
    }
  }
  if (failure !== undefined) throw failure.error;
}

/** For tests: how many runs wait for the end of the turn. */
export function runsAwaitingStamp(): number {
  return count;
}
