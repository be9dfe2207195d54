// The parallel run's fast path keeps every guarantee: each entry times out at its own deadline with one
// deadline item per dispatch, sync entries are measured, late settlements are ignored.
import { describe, expect, it } from 'vitest';
import { HookRegistry, runParallel, type DispatchResult, type Entry, type ParallelRules } from '../src/index.js';
import { processErrorsDuring } from './helpers/unhandled.js';
import { pendingDeadlines } from '../src/deadline.js';
import { runsAwaitingStamp } from '../src/clock.js';
import { makeLogger, sleep } from './helpers/logger.js';

const payload = { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't1' };
// PostToolUse: there an Agent SDK callback that times out does not block (on PreToolUse it does).
const post = { ...payload, tool_response: {} };
const hang = () => new Promise<undefined>(() => {});

describe('parallel run (claude profile): deadlines on the fast path', () => {
  it('times each pending entry out at its own deadline, one item moving from the earliest to the next', async () => {
    const registry = new HookRegistry({ profile: 'claude', logger: makeLogger() });
    registry.registerSdkHooks({ PostToolUse: [{ timeout: 0.15, hooks: [hang] }, { timeout: 0.4, hooks: [hang] }, { hooks: [async () => undefined] }] });
    const t0 = performance.now();
    const result = await registry.dispatch('PostToolUse', post);
    const elapsed = performance.now() - t0;
    expect(result.runs.map((r) => r.outcome)).toEqual(['timeout', 'timeout', 'ok']);
    expect(result.runs[0]!.durationMs).toBeGreaterThanOrEqual(145);
    expect(result.runs[0]!.durationMs).toBeLessThan(390);
    expect(result.runs[1]!.durationMs).toBeGreaterThanOrEqual(395);
    expect(elapsed).toBeGreaterThanOrEqual(395);
  });

  it('keeps one deadline item per dispatch, however many entries are pending', async () => {
    const registry = new HookRegistry({ profile: 'claude', logger: makeLogger() });
    let pending = -1;
    const before = pendingDeadlines();
    registry.registerSdkHooks({ PreToolUse: [{ hooks: Array.from({ length: 5 }, () => () => sleep(20).then(() => undefined)) }] });
    registry.register('PreToolUse', async () => {
      await sleep(5);
      pending = pendingDeadlines();
    });
    await registry.dispatch('PreToolUse', payload);
    expect(pending).toBe(before + 1);
    expect(pendingDeadlines()).toBe(before);
  });

  it('ignores a settlement that arrives after the entry timed out', async () => {
    const registry = new HookRegistry({ profile: 'claude', logger: makeLogger() });
    registry.registerSdkHooks({ PostToolUse: [{ timeout: 0.05, hooks: [() => sleep(150).then(() => ({ decision: 'block' as const, reason: 'too late' }))] }] });
    const result = await registry.dispatch('PostToolUse', post);
    expect(result.blocked).toBe(false);
    expect(result.runs[0]!.outcome).toBe('timeout');
    await sleep(200); // the late block must not throw, reject or change anything
    expect(result.blocked).toBe(false);
  });

  it('measures a synchronous handler that blocks', async () => {
    const registry = new HookRegistry({ profile: 'claude', logger: makeLogger() });
    registry.register('PreToolUse', () => {
      const t = performance.now();
      while (performance.now() - t < 40) {
        // blocks the event loop for 40 ms
      }
    });
    const result = await registry.dispatch('PreToolUse', payload);
    expect(result.runs[0]!.durationMs).toBeGreaterThanOrEqual(39);
  });
});

describe('parallel run: a profile’s silent outcome', () => {
  it('takes ParallelRules.silent as is for a handler that returned nothing, and reads every other value', async () => {
    const make = (name: string, invoke: () => unknown): Entry => ({ kind: 'handler', name, matcher: null, plugin: undefined, longRunning: false, background: false, invoke });
    const read: unknown[] = [];
    const settled: string[] = [];
    const silent = Object.freeze({ outcome: 'ok' as const });
    const rules: ParallelRules = {
      name: 'E',
      silent,
      fromValue: (value) => (read.push(value), { outcome: 'ok' }),
      failure: (_e, kind) => ({ outcome: kind }),
      settle: (entry, outcome) => (settled.push(entry.name), outcome),
      merge: (outcomes, runs) => ({ blocked: false, aborted: false, runs, same: outcomes.map((o) => o === silent) }) as never,
    };
    const entries = [make('nothing', async () => undefined), make('says', async () => ({ note: 1 })), make('sync nothing', () => undefined)];
    const result = (await runParallel({ rules, input: {}, entries, signal: undefined, logger: makeLogger(), defaultTimeoutMs: 1000, ceilingMs: Infinity, observers: undefined })) as unknown as { same: boolean[] };
    expect(result.same).toEqual([true, false, true]);
    expect(read).toEqual([{ note: 1 }]);
    expect(settled).toEqual(['says']);
  });
});

describe('parallel run: an entry cut off', () => {
  it('makes the dispatch aborted, never an approval, when an entry reports `aborted`, whichever entry it is and however it settled', async () => {
    const make = (name: string, invoke: () => unknown): Entry => ({ kind: 'command', name, matcher: null, plugin: undefined, longRunning: false, background: false, invoke });
    const rules: ParallelRules = {
      name: 'E',
      fromValue: () => ({ outcome: 'ok' }),
      failure: (_e, kind) => ({ outcome: kind }),
      merge: (_outcomes, runs) => ({ blocked: true, reason: 'merged', aborted: false, runs }),
    };
    const report = (outcome: string) => ({ outcome });
    for (const entries of [
      [make('cut', () => report('aborted')), make('ok', async () => report('ok'))],
      [make('ok', () => report('ok')), make('cut', async () => report('aborted'))],
    ]) {
      const result = await runParallel({ rules, input: {}, entries, signal: undefined, logger: makeLogger(), defaultTimeoutMs: 1000, ceilingMs: Infinity, observers: undefined });
      expect(result).toMatchObject({ blocked: false, aborted: true });
      expect(result.reason).toBeUndefined();
      expect(result.runs.map((r) => r.outcome).sort()).toEqual(['aborted', 'ok']);
    }
  });
});

describe('parallel run: found by reading the slots change adversarially', () => {
  const entry = (name: string, invoke: Entry['invoke'], extra: Partial<Entry> = {}): Entry =>
    ({ kind: 'handler', name, matcher: null, plugin: undefined, longRunning: false, background: false, invoke, ...extra }) as Entry;

  it('resolves as aborted, merging nothing, when an observer aborts the dispatch as the last entry ends', async () => {
    const controller = new AbortController();
    const merged: unknown[][] = [];
    const rules: ParallelRules = {
      name: 'E',
      fromValue: (value) => ({ outcome: 'ok', message: String((value as { say?: string } | undefined)?.say) }),
      failure: (_e, kind, message) => ({ outcome: kind, message }),
      merge: (outcomes, runs) => (merged.push([...outcomes]), { blocked: false, aborted: false, runs, said: outcomes.map((o) => o!.message) }) as never,
    };
    const observers = { onHookEnd: () => controller.abort(new Error('the user pressed Esc')) };
    const result = await runParallel({ rules, logger: makeLogger(), defaultTimeoutMs: 1000, ceilingMs: Infinity, observers, input: {}, entries: [entry('a', () => ({ say: 'hi' }))], signal: controller.signal });
    expect(result.aborted).toBe(true);
    expect(merged).toEqual([]);
  });

  it('fails an entry whose runner resolved to no outcome (a profile’s bug), and every other dispatch still times out', async () => {
    const rules: ParallelRules = {
      name: 'E',
      fromValue: () => ({ outcome: 'ok' }),
      failure: (_e, kind, message) => ({ outcome: kind, message }),
      merge: (_outcomes, runs) => ({ blocked: false, aborted: false, runs }),
    };
    const limits = { rules, logger: makeLogger(), defaultTimeoutMs: 100, ceilingMs: Infinity, observers: undefined, input: {}, signal: undefined };
    let results: DispatchResult[] = [];
    const { uncaught, unhandled } = await processErrorsDuring(async () => {
      const broken = runParallel({ ...limits, entries: [entry('broken', () => Promise.resolve(undefined), { kind: 'prompt', timeoutMs: 60 })] });
      const other = runParallel({ ...limits, entries: [entry('hung', () => hang(), { timeoutMs: 150 })] });
      results = await Promise.all([broken, other]);
    }, 20);
    expect(results[0]!.runs[0]).toMatchObject({ outcome: 'error', message: expect.stringMatching(/its runner resolved to undefined .*not an outcome/) });
    expect(results[1]!.runs[0]!.outcome).toBe('timeout');
    expect(uncaught).toEqual([]);
    expect(unhandled).toEqual([]);
  });

  it('lists only the entries it started, however the list it was given grows meanwhile', async () => {
    const registry = new HookRegistry({ profile: 'claude', logger: makeLogger() });
    const controller = new AbortController();
    let running: Promise<DispatchResult> | undefined;
    // Within a batch the dispatch holds the batch's own copy of the list, which a later register() grows.
    registry.batch(() => {
      registry.register('PreToolUse', () => hang(), { name: 'started' });
      running = registry.dispatch('PreToolUse', payload, { signal: controller.signal });
      registry.register('PreToolUse', () => undefined, { name: 'registered-later' });
    });
    await sleep(10);
    controller.abort();
    const result = await running!;
    expect(result.aborted).toBe(true);
    expect(result.runs.map((r) => r.name)).toEqual(['started']);
  });
});

describe('parallel run: the turn clock', () => {
  const busy = (ms: number): void => {
    const t = performance.now();
    while (performance.now() - t < ms) {
      // CPU work, the event loop blocked
    }
  };

  it('puts nothing on the timer when every entry settles within the turn, and times them all', async () => {
    const registry = new HookRegistry({ profile: 'claude', logger: makeLogger() });
    registry.registerSdkHooks({ PreToolUse: [{ hooks: Array.from({ length: 5 }, () => async () => undefined) }] });
    const before = pendingDeadlines();
    const running = registry.dispatch('PreToolUse', payload);
    expect(pendingDeadlines()).toBe(before);
    expect(runsAwaitingStamp()).toBe(1);
    const result = await running;
    expect(result.runs).toHaveLength(5);
    for (const run of result.runs) {
      expect(run.durationMs).toBeGreaterThanOrEqual(0);
      expect(run.durationMs).toBeLessThan(50);
    }
    expect(runsAwaitingStamp()).toBe(0);
  });

  it('gives an entry that settled within the turn a duration from that turn, not from when the dispatch ended', async () => {
    const registry = new HookRegistry({ profile: 'claude', logger: makeLogger() });
    registry.registerSdkHooks({ PreToolUse: [{ hooks: [async () => undefined, () => sleep(80).then(() => undefined)] }] });
    const result = await registry.dispatch('PreToolUse', payload);
    expect(result.runs[0]!.durationMs).toBeLessThan(40);
    expect(result.runs[1]!.durationMs).toBeGreaterThanOrEqual(75);
  });

  it('counts a later entry’s deadline from the end of the turn it started in: an earlier entry’s CPU work is not taken off it', async () => {
    const registry = new HookRegistry({ profile: 'claude', logger: makeLogger() });
    registry.registerSdkHooks({ PostToolUse: [{ timeout: 0.1, hooks: [async () => busy(150), () => sleep(20).then(() => undefined)] }] });
    const result = await registry.dispatch('PostToolUse', post);
    expect(result.runs.map((r) => r.outcome)).toEqual(['ok', 'ok']);
  });

  it('counts the first entry’s deadline from the dispatch’s start: its own synchronous work is part of it', async () => {
    const registry = new HookRegistry({ profile: 'claude', logger: makeLogger() });
    registry.registerSdkHooks({ PostToolUse: [{ timeout: 0.15, hooks: [() => (busy(100), hang())] }] });
    const t0 = performance.now();
    const result = await registry.dispatch('PostToolUse', post);
    expect(result.runs[0]!.outcome).toBe('timeout');
    expect(performance.now() - t0).toBeLessThan(240);
  });
});

describe('parallel run: found by reading it adversarially', () => {
  it('turns a handler output whose getter throws into that hook’s failure; the dispatch still resolves', async () => {
    const logger = makeLogger();
    const registry = new HookRegistry({ profile: 'claude', logger });
    registry.register('PreToolUse', async () => ({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse' as const,
        get additionalContext(): string {
          throw new Error('hostile getter');
        },
      },
    }));
    const result = await registry.dispatch('PreToolUse', payload);
    expect(result.runs[0]!.outcome).toBe('error');
    expect(result.runs[0]!.message).toMatch(/hostile getter/);
  });

  it('says the configured timeout in a timeout message, not a clock difference', async () => {
    const registry = new HookRegistry({ profile: 'claude', logger: makeLogger() });
    registry.registerSdkHooks({ PreToolUse: [{ timeout: 0.07, hooks: [hang] }] });
    const result = await registry.dispatch('PreToolUse', payload);
    expect(result.runs[0]!.message).toBe('timed out after 70 ms');
  });
});
