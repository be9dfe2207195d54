// One shared timer for every pending deadline. A per-entry `setTimeout` race costs ~0.75 µs and an
// `AbortSignal.timeout()` ~10 µs; here a dispatch that waits pays a heap push and a removal (the dispatch
// runs keep one item each, and may be that item themselves), and the timer is armed again only when an
// earlier deadline arrives or the armed one fires. It is ref'd while something
// is pending (a hung handler still times out in an otherwise idle process) and unref'd once per event-loop
// turn when nothing is (an idle registry never keeps the process alive).

import { now } from './clock.js';
import { timerDelay } from './timer-range.js';

export { now } from './clock.js';

/** A pending deadline. Callers may reuse one object for successive deadlines once it is cancelled or fired. */
export interface Deadline {
  /** When it fires, a `now()` time. Set by addDeadline. */
  at: number;
  /** Its place in the heap; -1 when not pending. Managed here. */
  index: number;
  /** Called once (as a method), when `at` has passed and the deadline was not cancelled, with the reading that saw it pass. */
  fire(current: number): void;
}

const heap: Deadline[] = [];
let timer: NodeJS.Timeout | undefined;
let armedAt = Infinity;
// Whether the timer is ref'd. Fast path: kept here, so a dispatch that adds the first pending deadline
// makes no call into the timer when it is ref'd already.
let refed = false;

// Makes a deadline object for `fire` (not yet pending).
export function makeDeadline(fire: (current: number) => void): Deadline {
  return { at: 0, index: -1, fire };
}

// Schedules `item` at `at`; returns it. The clock is read only when the timer must be armed again, and not
// then when the caller passes a reading it has just taken (`current`).
export function addDeadline(at: number, item: Deadline | ((current: number) => void), current?: number): Deadline {
  const d = typeof item === 'function' ? makeDeadline(item) : item;
  if (d.index !== -1) remove(d);
  d.at = at;
  d.index = heap.length;
  heap.push(d);
  siftUp(d.index);
  if (!refed && timer !== undefined) {
    timer.ref();
    refed = true;
  }
  if (at < armedAt) arm(at, current ?? now());
  return d;
}

// Cancels a pending deadline (a no-op for one that fired or was cancelled).
export function cancelDeadline(item: Deadline): void {
  if (item.index === -1) return;
  remove(item);
  if (heap.length === 0) scheduleIdleCheck();
}

function remove(item: Deadline): void {
  const i = item.index;
  const last = heap.pop()!;
  item.index = -1;
  if (last === item) return;
  heap[i] = last;
  last.index = i;
  siftUp(i);
  siftDown(last.index);
}

// Unref'ing at every 1 -> 0 transition would cost native calls per awaited entry; instead one check per
// event-loop turn unrefs the timer if nothing is pending by then.
let idleCheck: NodeJS.Immediate | undefined;
function scheduleIdleCheck(): void {
  if (idleCheck !== undefined) return;
  idleCheck = setImmediate(() => {
    idleCheck = undefined;
    if (heap.length === 0 && timer !== undefined) {
      timer.unref();
      refed = false;
    }
  });
}

function arm(at: number, current: number): void {
  if (timer !== undefined) clearTimeout(timer);
  armedAt = at;
  timer = setTimeout(tick, timerDelay(Math.ceil(at - current)));
  refed = heap.length > 0;
  if (!refed) timer.unref();
}

function tick(): void {
  timer = undefined;
  refed = false;
  armedAt = Infinity;
  const current = now();
  // Every item due fires, and the timer is armed again for the rest, whatever one of them throws (a bug
  // of ours or of a profile): one item must not stop the others' deadlines. The first error surfaces.
  let failure: { error: unknown } | undefined;
  while (heap.length > 0 && heap[0]!.at <= current) {
    const head = heap[0]!;
    remove(head);
    try {
      head.fire(current);
    } catch (error) {
      failure ??= { error };
    }
  }
  const head = heap[0];
  if (head !== undefined && head.at < armedAt) arm(head.at, current);
  else if (heap.length === 0) scheduleIdleCheck();
  if (failure !== undefined) throw failure.error;
}

function siftUp(i: number): void {
  const item = heap[i]!;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    const p = heap[parent]!;
    if (p.at <= item.at) break;
    heap[i] = p;
    p.index = i;
    i = parent;
  }
  heap[i] = item;
  item.index = i;
}

function siftDown(i: number): void {
  const item = heap[i]!;
  const n = heap.length;
  for (;;) {
    const l = 2 * i + 1;
    if (l >= n) break;
    const r = l + 1;
    const c = r < n && heap[r]!.at < heap[l]!.at ? r : l;
    const child = heap[c]!;
    if (child.at >= item.at) break;
    heap[i] = child;
    child.index = i;
    i = c;
  }
  heap[i] = item;
  item.index = i;
}

/** For tests: how many deadlines are pending. */
export function pendingDeadlines(): number {
  return heap.length;
}
