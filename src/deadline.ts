// One shared timer for every pending deadline. A per-entry `setTimeout` race costs ~0.75 µs and an
// `AbortSignal.timeout()` ~10 µs; here an async entry pays a heap push and pop, and the timer is armed
// again only when an earlier deadline arrives or the armed one fires. It is unref'd whenever nothing is
// pending, so an idle registry never keeps the process alive.

export const now: () => number = performance.now.bind(performance);

export interface Deadline {
  readonly at: number;
  /** Set once it fired or was cancelled. */
  done: boolean;
  /** Called at most once, when `at` has passed and the deadline was not cancelled. */
  readonly fire: () => void;
}

const heap: Deadline[] = [];
let live = 0;
let timer: NodeJS.Timeout | undefined;
let armedAt = Infinity;

// Schedules `fire` at `at` (a `now()` time). Cancel with `cancelDeadline` when the work finished.
export function addDeadline(at: number, fire: () => void, current: number): Deadline {
  const item: Deadline = { at, done: false, fire };
  push(item);
  if (live++ === 0 && timer !== undefined) timer.ref();
  if (at < armedAt) arm(at, current);
  return item;
}

export function cancelDeadline(item: Deadline): void {
  if (item.done) return;
  item.done = true;
  // The usual case (one entry at a time) cancels the top: pop it, so the heap stays tiny.
  if (heap[0] === item) pop();
  settle();
}

function settle(): void {
  if (--live === 0) scheduleIdleCheck();
  if (heap.length > 64 && heap.length > live * 4) {
    // Cancelled entries wait in the heap until they reach the top; compact when they dominate.
    const keep = heap.filter((d) => !d.done);
    heap.length = 0;
    for (const d of keep) push(d);
  }
}

// Unref'ing at every 1 -> 0 transition would cost two native calls per awaited entry; instead one check
// per event-loop turn unrefs the timer if nothing is pending by then.
let idleCheck: NodeJS.Immediate | undefined;
function scheduleIdleCheck(): void {
  if (idleCheck !== undefined) return;
  idleCheck = setImmediate(() => {
    idleCheck = undefined;
    if (live === 0) timer?.unref();
  });
}

function arm(at: number, current: number): void {
  if (timer !== undefined) clearTimeout(timer);
  armedAt = at;
  timer = setTimeout(tick, Math.max(0, Math.ceil(at - current)));
  if (live === 0) timer.unref();
}

function tick(): void {
  timer = undefined;
  armedAt = Infinity;
  const current = now();
  while (heap.length > 0) {
    const head = heap[0]!;
    if (!head.done && head.at > current) break;
    pop();
    if (!head.done) {
      head.done = true;
      settle();
      head.fire();
    }
  }
  const head = heap[0];
  if (head !== undefined && head.at < armedAt) arm(head.at, current);
}

function push(item: Deadline): void {
  let i = heap.push(item) - 1;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (heap[parent]!.at <= item.at) break;
    heap[i] = heap[parent]!;
    i = parent;
  }
  heap[i] = item;
}

function pop(): void {
  const last = heap.pop()!;
  if (heap.length === 0) return;
  let i = 0;
  const n = heap.length;
  for (;;) {
    const l = 2 * i + 1;
    if (l >= n) break;
    const r = l + 1;
    const c = r < n && heap[r]!.at < heap[l]!.at ? r : l;
    if (heap[c]!.at >= last.at) break;
    heap[i] = heap[c]!;
    i = c;
  }
  heap[i] = last;
}

/** For tests: how many deadlines are pending. */
export function pendingDeadlines(): number {
  return live;
}
