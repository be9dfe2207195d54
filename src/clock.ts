// The dispatch runs' clock. A `performance.now()` read costs 20–35 ns on this V8, about what a whole awaited
// handler costs in a plain loop, so reading it at every entry's end was the largest part of a dispatch's
// cost. Fast path: the runs read it for real where the figure can hide real time — at a dispatch's start,
// after each synchronous entry (a blocking handler is measured), when a deadline fires — and an async
// entry that settles in the same burst of promise callbacks as the last real read (before the next
// process.nextTick checkpoint, so no I/O, timer or child process came in between) reuses that reading.
// What this costs in accuracy: an async entry that settled within one burst is 0 ms long, and CPU work
// other code did in that burst is not seen; an entry that waits for I/O, a timer or a process is
// measured from the burst it started in to the burst it settled in.

export const now: () => number = performance.now.bind(performance);

let burst = -1;
let ending = false;
const endBurst = (): void => {
  burst = -1;
  ending = false;
};

// A real reading, kept for the rest of this burst.
export function markNow(): number {
  burst = now();
  if (!ending) {
    ending = true;
    process.nextTick(endBurst);
  }
  return burst;
}

// This burst's reading (made now if there is none yet).
export function burstNow(): number {
  return burst >= 0 ? burst : markNow();
}
