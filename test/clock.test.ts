// The turn stamp: one reading once the current burst of callbacks and promise jobs has drained, for every
// run still waiting then; a run that finished first is not stamped.
import { describe, expect, it } from 'vitest';
import { now, runsAwaitingStamp, stampAtTurnEnd, unstamp, type TurnStamped } from '../src/clock.js';

const makeRun = (log: number[]): TurnStamped => ({ stampIndex: -1, stamped: (at) => void log.push(at) });

describe('turn stamp', () => {
  it('stamps a waiting run once, after every promise job queued in its burst, with a reading taken then', async () => {
    const log: number[] = [];
    const run = makeRun(log);
    let jobsDone = 0;
    let lastJobAt = 0;
    // A chain of promise jobs, each queuing the next: the stamp must come after all of them.
    const chain = (n: number): void => {
      void Promise.resolve().then(() => {
        jobsDone++;
        lastJobAt = now();
        if (n > 0) chain(n - 1);
      });
    };
    stampAtTurnEnd(run);
    stampAtTurnEnd(run); // asking twice is one stamp
    chain(50);
    expect(runsAwaitingStamp()).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(jobsDone).toBe(51);
    expect(log).toHaveLength(1);
    expect(log[0]).toBeGreaterThanOrEqual(lastJobAt);
    expect(runsAwaitingStamp()).toBe(0);
    expect(run.stampIndex).toBe(-1);
  });

  it('does not stamp a run taken off the list, and keeps the others', async () => {
    const a: number[] = [];
    const b: number[] = [];
    const c: number[] = [];
    const runs = [makeRun(a), makeRun(b), makeRun(c)];
    for (const r of runs) stampAtTurnEnd(r);
    unstamp(runs[0]!);
    unstamp(runs[0]!); // a no-op the second time
    expect(runsAwaitingStamp()).toBe(2);
    await new Promise((resolve) => setImmediate(resolve));
    expect([a.length, b.length, c.length]).toEqual([0, 1, 1]);
  });

  it('stamps every other run when one of them throws, then surfaces the throw', async () => {
    const errors: unknown[] = [];
    const onError = (error: unknown): void => void errors.push(error);
    process.prependListener('uncaughtException', onError);
    const listeners = process.listeners('uncaughtException').filter((l) => l !== onError);
    for (const l of listeners) process.removeListener('uncaughtException', l);
    try {
      const log: number[] = [];
      stampAtTurnEnd({ stampIndex: -1, stamped: () => { throw new Error('a bug'); } });
      stampAtTurnEnd(makeRun(log));
      await new Promise((resolve) => setImmediate(resolve));
      expect(log).toHaveLength(1);
      expect(errors).toHaveLength(1);
      expect((errors[0] as Error).message).toBe('a bug');
    } finally {
      process.removeListener('uncaughtException', onError);
      for (const l of listeners) process.on('uncaughtException', l);
    }
  });
});

describe('now', () => {
  it('reads a monotonic clock in milliseconds, in step with performance.now()', async () => {
    const a = now();
    const p = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 30));
    const b = now();
    const q = performance.now();
    expect(b).toBeGreaterThan(a);
    // The same clock from another origin: the same elapsed time, to well under a millisecond.
    expect(Math.abs(b - a - (q - p))).toBeLessThan(1);
    expect(b - a).toBeGreaterThanOrEqual(29);
  });
});
