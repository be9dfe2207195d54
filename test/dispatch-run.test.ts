// The sequential run's fast path keeps every guarantee: deadlines from each entry's own start with one
// deadline item per dispatch, real clock readings where time can hide.
import { describe, expect, it } from 'vitest';
import { DispatchRun, HookRegistry, runParallel, type Entry, type ParallelRules, type SequentialRules } from '../src/index.js';
import { pendingDeadlines } from '../src/deadline.js';
import { runsAwaitingStamp } from '../src/clock.js';
import { makeLogger, sleep } from './helpers/logger.js';

const payload = { toolName: 'bash' };

describe('sequential run: deadlines on the fast path', () => {
  it('times a hung handler out at its own deadline, counted from its own start, after a slow one that finished in time', async () => {
    const registry = new HookRegistry({ logger: makeLogger(), deadlines: { handlerMs: 300 } });
    registry.register('PreToolUse', () => sleep(200).then(() => undefined), { name: 'slow-but-in-time' });
    registry.register('PreToolUse', () => new Promise(() => {}), { name: 'hung' });
    const t0 = performance.now();
    const result = await registry.dispatch('PreToolUse', payload);
    const elapsed = performance.now() - t0;
    expect(result.runs.map((r) => [r.name, r.outcome])).toEqual([
      ['slow-but-in-time', 'ok'],
      ['hung', 'timeout'],
    ]);
    // The deadline item was first put at the first entry's deadline (300 ms); it must move to the second's (≈500 ms).
    expect(elapsed).toBeGreaterThanOrEqual(490);
    expect(result.runs[1]!.durationMs).toBeGreaterThanOrEqual(295);
    expect(result.blocked).toBe(true);
  });

  it('times out a hung handler that follows a longRunning one which outlived the per-entry deadline', async () => {
    const registry = new HookRegistry({ logger: makeLogger(), deadlines: { handlerMs: 100 } });
    registry.register('PreToolUse', () => sleep(250).then(() => undefined), { name: 'human', longRunning: true });
    registry.register('PreToolUse', () => new Promise(() => {}), { name: 'hung' });
    const t0 = performance.now();
    const result = await registry.dispatch('PreToolUse', payload);
    expect(result.runs.map((r) => r.outcome)).toEqual(['ok', 'timeout']);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(340);
  });

  it('keeps one deadline item on the shared timer per waiting dispatch, however many entries it awaits', async () => {
    const registry = new HookRegistry({ logger: makeLogger() });
    const seen: number[] = [];
    for (let i = 0; i < 5; i++) {
      registry.register('PreToolUse', async () => {
        await sleep(5);
        seen.push(pendingDeadlines());
      });
    }
    const before = pendingDeadlines();
    await registry.dispatch('PreToolUse', payload);
    expect(seen).toEqual([before + 1, before + 1, before + 1, before + 1, before + 1]);
    expect(pendingDeadlines()).toBe(before);
  });
});

describe('sequential run: the clock', () => {
  it('measures a synchronous handler that blocks', async () => {
    const registry = new HookRegistry({ logger: makeLogger() });
    registry.register('PreToolUse', async () => undefined, { name: 'fast' });
    registry.register(
      'PreToolUse',
      () => {
        const t = performance.now();
        while (performance.now() - t < 40) {
          // blocks the event loop for 40 ms
        }
      },
      { name: 'blocking' },
    );
    const result = await registry.dispatch('PreToolUse', payload);
    expect(result.runs[1]!.name).toBe('blocking');
    expect(result.runs[1]!.durationMs).toBeGreaterThanOrEqual(39);
  });

  it('measures an async handler that waits for a timer', async () => {
    const registry = new HookRegistry({ logger: makeLogger() });
    registry.register('PreToolUse', () => sleep(50).then(() => undefined));
    const result = await registry.dispatch('PreToolUse', payload);
    expect(result.runs[0]!.durationMs).toBeGreaterThanOrEqual(45);
  });
});

describe('sequential run: the turn clock', () => {
  const busy = (ms: number): void => {
    const t = performance.now();
    while (performance.now() - t < ms) {
      // CPU work, the event loop blocked
    }
  };

  it('puts nothing on the timer for entries whose promises settle within the turn', async () => {
    const registry = new HookRegistry({ logger: makeLogger() });
    for (let i = 0; i < 5; i++) registry.register('PreToolUse', async () => undefined);
    const before = pendingDeadlines();
    const running = registry.dispatch('PreToolUse', payload);
    // Suspended on the first entry: it waits for the end of the turn, not on the timer.
    expect(pendingDeadlines()).toBe(before);
    expect(runsAwaitingStamp()).toBe(1);
    const result = await running;
    expect(result.runs).toHaveLength(5);
    expect(runsAwaitingStamp()).toBe(0);
    expect(pendingDeadlines()).toBe(before);
  });

  it('counts a hung entry’s deadline from the end of the turn when entries before it ran in that turn: CPU work after it started is not taken off it', async () => {
    const registry = new HookRegistry({ logger: makeLogger(), deadlines: { handlerMs: 100 } });
    registry.register('PreToolUse', async () => undefined, { name: 'fast' });
    registry.register('PreToolUse', () => new Promise(() => {}), { name: 'hung' });
    const t0 = performance.now();
    const running = registry.dispatch('PreToolUse', payload);
    // The harness's own CPU work in the same turn, after the hung entry started.
    await Promise.resolve();
    await Promise.resolve();
    busy(150);
    const result = await running;
    expect(result.runs.map((r) => r.outcome)).toEqual(['ok', 'timeout']);
    // Not at 100 ms (when the CPU work ended it would already be past), but 100 ms after the turn ended.
    expect(performance.now() - t0).toBeGreaterThanOrEqual(245);
  });

  it('gives entries that ran back to back within one turn that stretch’s length, so a slow one shows in each', async () => {
    const registry = new HookRegistry({ logger: makeLogger() });
    registry.register('PreToolUse', async () => undefined, { name: 'a' });
    registry.register('PreToolUse', async () => busy(40), { name: 'b' });
    registry.register('PreToolUse', async () => undefined, { name: 'c' });
    registry.register('PreToolUse', () => sleep(60).then(() => undefined), { name: 'waits' });
    registry.register('PreToolUse', async () => undefined, { name: 'after' });
    const result = await registry.dispatch('PreToolUse', payload);
    const [a, b, c, waits, after] = result.runs.map((r) => r.durationMs);
    expect(a).toBe(b);
    expect(b).toBe(c);
    expect(b).toBeGreaterThanOrEqual(39);
    // The waiting entry is timed from its stretch's start (the last reading before it started): its wait
    // and the stretch before it, an upper bound.
    expect(waits).toBeGreaterThanOrEqual(95);
    expect(after).toBeLessThan(20);
  });

  it("times each entry on its own with timing: 'entry', and with an observer", async () => {
    for (const options of [{ timing: 'entry' as const }, { onHookEnd: () => {} }]) {
      const registry = new HookRegistry({ logger: makeLogger(), ...options });
      registry.register('PreToolUse', async () => undefined, { name: 'a' });
      registry.register('PreToolUse', async () => busy(40), { name: 'b' });
      registry.register('PreToolUse', async () => undefined, { name: 'c' });
      const result = await registry.dispatch('PreToolUse', payload);
      const [a, b, c] = result.runs.map((r) => r.durationMs);
      expect(b).toBeGreaterThanOrEqual(39);
      // Each its own: the empty ones together take less than the busy one (timed by the turn, all three
      // would read the same; a bound in ms would read the machine's load instead).
      expect(a! + c!).toBeLessThan(b!);
    }
  });

  it('hands an observer final figures even from a profile that passes no exactTiming (both runs)', async () => {
    const make = (name: string, invoke: () => unknown): Entry => ({ kind: 'handler', name, matcher: null, plugin: undefined, longRunning: false, background: false, invoke });
    const entries = [make('busy', async () => busy(30)), make('fast', async () => undefined)];
    const seen: [string, number][] = [];
    const observers = { onHookEnd: (i: { name: string; durationMs: number }) => void seen.push([i.name, i.durationMs]) };
    const sequential: SequentialRules = { name: 'E', decide: () => undefined, blocks: () => false, accumulate: (s) => s, blocked: (_d, runs) => ({ blocked: true, aborted: false, runs }), merged: (_s, runs) => ({ blocked: false, aborted: false, runs }) };
    await new DispatchRun(sequential, {}, entries, undefined, { entryMs: 1000, ceilingMs: Infinity, observers }, makeLogger()).start();
    const parallel: ParallelRules = { name: 'E', fromValue: () => ({ outcome: 'ok' }), failure: (_e, kind) => ({ outcome: kind }), merge: (_o, runs) => ({ blocked: false, aborted: false, runs }) };
    await runParallel({ rules: parallel, input: {}, entries, signal: undefined, logger: makeLogger(), defaultTimeoutMs: 1000, ceilingMs: Infinity, observers });
    expect(seen.map(([name]) => name)).toEqual(['busy', 'fast', 'busy', 'fast']);
    expect(seen[0]![1]).toBeGreaterThanOrEqual(29);
    expect(seen[1]![1]).toBeLessThan(20);
    for (const [, ms] of seen) expect(ms).toBeGreaterThanOrEqual(0);
  });

  it('rejects a timing option that is neither', () => {
    expect(() => new HookRegistry({ timing: 'always' as 'turn' })).toThrow(/`timing` option to be 'turn' or 'entry', got "always"/);
  });
});

describe('sequential run: found by reading it adversarially', () => {
  const busy = (ms: number): void => {
    const t = performance.now();
    while (performance.now() - t < ms) {
      // CPU work, the event loop blocked
    }
  };

  it('does not take CPU work a handler did before its first await off the next handler’s deadline', async () => {
    const registry = new HookRegistry({ logger: makeLogger(), deadlines: { handlerMs: 100 } });
    registry.register('PreToolUse', async () => busy(150), { name: 'busy' });
    registry.register('PreToolUse', async () => void (await sleep(10)), { name: 'quick' });
    const result = await registry.dispatch('PreToolUse', payload);
    expect(result.runs.map((r) => [r.name, r.outcome])).toEqual([
      ['busy', 'ok'],
      ['quick', 'ok'],
    ]);
    expect(result.runs[0]!.durationMs).toBeGreaterThanOrEqual(149);
    expect(result.blocked).toBe(false);
  });

  it('does not take the harness’s own CPU work between two dispatches off a handler’s deadline', async () => {
    const registry = new HookRegistry({ logger: makeLogger(), deadlines: { handlerMs: 100 } });
    registry.register('PostToolUse', () => undefined);
    registry.register('PreToolUse', async () => void (await sleep(10)));
    await Promise.resolve();
    await registry.dispatch('PostToolUse', payload);
    busy(150);
    const result = await registry.dispatch('PreToolUse', payload);
    expect(result.runs[0]!.outcome).toBe('ok');
  });

  it('ignores a second answer of a thenable that calls back twice: it is not the next entry’s', async () => {
    const registry = new HookRegistry({ logger: makeLogger() });
    registry.register('PreToolUse', () => ({
      then(resolve: (v: unknown) => void): void {
        setTimeout(() => {
          resolve(undefined);
          resolve({ decision: 'block', reason: 'second call' });
        }, 5);
      },
    }) as unknown as PromiseLike<undefined>);
    registry.register('PreToolUse', async () => void (await sleep(50)), { name: 'next' });
    const result = await registry.dispatch('PreToolUse', payload);
    expect(result.blocked).toBe(false);
    expect(result.runs.map((r) => r.outcome)).toEqual(['ok', 'ok']);
    expect(result.runs[1]!.durationMs).toBeGreaterThanOrEqual(45);
  });

  it('times out the entry whose deadline passed even when it answers from its signal’s abort listener', async () => {
    const registry = new HookRegistry({ logger: makeLogger(), deadlines: { handlerMs: 50 } });
    registry.register('PreToolUse', (_p, context) => new Promise((resolve) => context.signal.addEventListener('abort', () => resolve(undefined))), { name: 'late' });
    registry.register('PreToolUse', async () => void (await sleep(10)), { name: 'next' });
    const result = await registry.dispatch('PreToolUse', payload);
    // The timeout is the late entry's (and, as a handler's failure, it blocks: `next` never starts).
    expect(result.runs.map((r) => [r.name, r.outcome])).toEqual([['late', 'timeout']]);
    expect(result.reason).toMatch(/Hook "late" on PreToolUse failed/);
  });

  it('calls onHookEnd for the entry an abort cut off', async () => {
    const ends: string[] = [];
    const registry = new HookRegistry({ logger: makeLogger(), onHookEnd: (info) => ends.push(`${info.name}:${info.outcome}`) });
    registry.register('PreToolUse', () => new Promise(() => {}), { name: 'waiting' });
    const controller = new AbortController();
    const running = registry.dispatch('PreToolUse', payload, { signal: controller.signal });
    controller.abort();
    expect((await running).aborted).toBe(true);
    expect(ends).toEqual(['waiting:aborted']);
  });
});

describe('sequential run: the runs a result holds', () => {
  const dense = (runs: readonly unknown[]): boolean => runs.every((r, i) => i in runs && r !== undefined);

  it('holds exactly the recorded runs, no empty slot, when the chain stops early: a block, an abort within the turn, an abort while waiting', async () => {
    const registry = new HookRegistry({ logger: makeLogger() });
    registry.register('PreToolUse', async () => undefined, { name: 'a' });
    registry.register('PreToolUse', async () => ({ decision: 'block' as const, reason: 'no' }), { name: 'b' });
    for (let i = 0; i < 3; i++) registry.register('PreToolUse', () => undefined, { name: `later${i}` });
    const blocked = await registry.dispatch('PreToolUse', payload);
    expect(blocked.runs.map((r) => r.name)).toEqual(['a', 'b']);
    expect(blocked.runs).toHaveLength(2);
    expect(dense(blocked.runs)).toBe(true);

    const waiting = new HookRegistry({ logger: makeLogger() });
    const controller = new AbortController();
    waiting.register('PreToolUse', () => undefined, { name: 'sync' });
    waiting.register('PreToolUse', () => new Promise(() => {}), { name: 'hung' });
    waiting.register('PreToolUse', () => undefined, { name: 'never' });
    const running = waiting.dispatch('PreToolUse', payload, { signal: controller.signal });
    setTimeout(() => controller.abort(), 10);
    const aborted = await running;
    expect(aborted.aborted).toBe(true);
    expect(aborted.runs.map((r) => [r.name, r.outcome])).toEqual([
      ['sync', 'ok'],
      ['hung', 'aborted'],
    ]);
    expect(dense(aborted.runs)).toBe(true);

    const inTurn = new HookRegistry({ logger: makeLogger() });
    const own = new AbortController();
    inTurn.register('PreToolUse', () => void own.abort(), { name: 'aborts' });
    inTurn.register('PreToolUse', () => undefined, { name: 'never' });
    const cut = await inTurn.dispatch('PreToolUse', payload, { signal: own.signal });
    expect(cut.aborted).toBe(true);
    expect(cut.runs.map((r) => r.name)).toEqual(['aborts']);
    expect(dense(cut.runs)).toBe(true);
  });
});

describe('both runs: a runner that resolved to no outcome', () => {
  it('fails that entry, naming what it resolved to, and goes on with the rest (a profile’s bug, never a hung or rejected dispatch)', async () => {
    const command = (name: string, invoke: () => unknown): Entry => ({ kind: 'command', name, matcher: null, plugin: undefined, longRunning: false, background: false, invoke });
    const entries = [command('empty report', async () => ({})), command('nothing', () => undefined), command('fine', async () => ({ outcome: 'ok' }))];
    const sequential: SequentialRules = { name: 'E', decide: () => undefined, blocks: () => false, accumulate: (s) => s, blocked: (_d, runs) => ({ blocked: true, aborted: false, runs }), merged: (_s, runs) => ({ blocked: false, aborted: false, runs }) };
    const parallel: ParallelRules = { name: 'E', fromValue: () => ({ outcome: 'ok' }), failure: (_e, kind, message) => ({ outcome: kind, message }), merge: (_o, runs) => ({ blocked: false, aborted: false, runs }) };
    const results = [
      await new DispatchRun(sequential, {}, entries, undefined, { entryMs: 1000, ceilingMs: Infinity, observers: undefined }, makeLogger()).start(),
      await runParallel({ rules: parallel, input: {}, entries, signal: undefined, logger: makeLogger(), defaultTimeoutMs: 1000, ceilingMs: Infinity, observers: undefined }),
    ];
    for (const result of results) {
      expect(result.runs.map((r) => r.outcome)).toEqual(['error', 'error', 'ok']);
      expect(result.runs[0]!.message).toBe('its runner resolved to an object, not an outcome');
      expect(result.runs[1]!.message).toMatch(/its runner resolved to undefined .*not an outcome/);
    }
  });
});
