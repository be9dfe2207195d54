// A clock for tests of timers: `advance(ms)` moves time on and runs the timers that fall due, in order,
// so a ten-minute backstop is shown without waiting.
export interface FakeClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  advance(ms: number): void;
  /** Timers set and not yet run or cleared. */
  pending(): number;
}

export function makeFakeClock(start = 1_000): FakeClock {
  let t = start;
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  return {
    now: () => t,
    setTimeout(callback, ms) {
      const id = nextId++;
      timers.set(id, { at: t + ms, callback });
      return id;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    advance(ms) {
      const end = t + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, timer]) => timer.at <= end).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
        if (due === undefined) break;
        timers.delete(due[0]);
        t = due[1].at;
        due[1].callback();
      }
      t = end;
    },
    pending: () => timers.size,
  };
}
