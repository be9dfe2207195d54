// The parallel run's fast paths, read adversarially: in-order watching (no rejection left unhandled, no
// late callback taken as another hook's answer, the fast path from a timer callback too), ParallelRules.silent,
// and the claude profile's run limits made once per event.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HookRegistry } from '../src/index.js';
import { pendingDeadlines } from '../src/deadline.js';
import { runsAwaitingStamp } from '../src/clock.js';
import { SAID_NOTHING as CLAUDE_SAID_NOTHING } from '../src/profiles/claude/output.js';
import { SAID_NOTHING as CODEX_SAID_NOTHING } from '../src/profiles/codex/output.js';
import { makeLogger, sleep } from './helpers/logger.js';
import { unhandledDuring } from './helpers/unhandled.js';

const pre = { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't1' };
const post = { ...pre, tool_response: {} };
const hang = () => new Promise<undefined>(() => {});
const on = (event: string, hooks: unknown[]) => ({ hooks: { [event]: [{ hooks }] } });

describe('in-order watching', () => {
  it('leaves no rejection unhandled when the hook that aborts the dispatch returns a promise that rejects, behind a pending one', async () => {
    const seen = await unhandledDuring(async () => {
      const registry = new HookRegistry({ profile: 'claude', logger: makeLogger() });
      const ac = new AbortController();
      // Pending native promise: watched at once by the in-order pair, so the next one is queued.
      registry.register('PreToolUse', () => sleep(50).then(() => undefined), { name: 'slow' });
      // Aborts synchronously (ParallelRun#finish runs inside this call), then its own promise rejects:
      // start() queues it after #finish already gave the queue its no-op handlers.
      registry.register('PreToolUse', async () => {
        ac.abort();
        await sleep(10);
        throw new Error('cancelled, then failed');
      }, { name: 'cancels-then-rejects' });
      const result = await registry.dispatch('PreToolUse', pre, { signal: ac.signal });
      expect(result.aborted).toBe(true);
    });
    expect(seen).toEqual([]);
  });

  it('does not take one hook’s late callback as another hook’s answer (a then getter that says Promise.prototype.then first)', async () => {
    const registry = new HookRegistry({ profile: 'claude', logger: makeLogger() });
    let reads = 0;
    // start() reads `then` once (Promise.prototype.then: the in-order path), #watchInOrder reads it again.
    const sneaky = {
      get then() {
        reads++;
        if (reads === 1) return Promise.prototype.then;
        return (ok: (v: unknown) => void) => {
          ok(undefined);
          setTimeout(() => ok({ decision: 'block', reason: 'said by sneaky, late' }), 20);
        };
      },
    };
    registry.register('PostToolUse', () => sneaky as never, { name: 'sneaky' });
    registry.register('PostToolUse', () => sleep(200).then(() => undefined), { name: 'honest' });
    const result = await registry.dispatch('PostToolUse', post);
    // The shared in-order pair reads `#watching` (now 'honest') when sneaky calls it the second time.
    expect(result.blocked).toBe(false);
    expect(result.runs.map((r) => [r.name, r.outcome])).toEqual([
      ['sneaky', 'ok'],
      ['honest', 'ok'],
    ]);
  });

  it('(perf) puts nothing on the timer when a dispatch from a timer callback has entries that all settle within the turn', async () => {
    const registry = new HookRegistry({ profile: 'claude', logger: makeLogger() });
    let during = -1;
    registry.register('PreToolUse', async () => undefined);
    registry.register('PreToolUse', async () => {
      await null;
      during = pendingDeadlines();
    });
    const before = pendingDeadlines();
    // As a harness calls it: from an I/O or timer callback, not from inside a promise job. The turn
    // stamp's nextTick then runs before any promise job, so every entry is "pending at the end of the turn".
    await new Promise((resolve) => setTimeout(() => resolve(registry.dispatch('PreToolUse', pre)), 5));
    expect(during).toBe(before);
  });
});

describe('review: checked and fine', () => {
  it('times out a short-timeout entry queued behind a slow native promise at its own deadline', async () => {
    const registry = new HookRegistry({ profile: 'claude', logger: makeLogger() });
    registry.register('PostToolUse', () => sleep(700).then(() => undefined), { name: 'slow' });
    registry.registerSdkHooks({ PostToolUse: [{ timeout: 0.1, hooks: [hang] }] });
    registry.register('PostToolUse', () => sleep(30).then(() => undefined), { name: 'quick' });
    const ends: [string, number][] = [];
    const t0 = performance.now();
    const running = registry.dispatch('PostToolUse', post);
    // The timed-out entry is seen at ~100 ms, long before the slow one settles.
    const early = sleep(400).then(() => pendingDeadlines());
    const result = await running;
    ends.push(['all', performance.now() - t0]);
    expect(result.runs.map((r) => r.outcome)).toEqual(['ok', 'timeout', 'ok']);
    expect(result.runs[1]!.durationMs).toBeGreaterThanOrEqual(95);
    expect(result.runs[1]!.durationMs).toBeLessThan(600);
    expect(result.runs[2]!.durationMs).toBeLessThan(600);
    for (const r of result.runs) expect(r.durationMs).toBeGreaterThanOrEqual(0);
    expect(await early).toBeGreaterThanOrEqual(0);
    expect(runsAwaitingStamp()).toBe(0);
  });

  it('silent is what fromValue + settle make of undefined: onFailure block, {async: true}, plugin, PermissionRequest, Stop, SubagentStop', async () => {
    expect(Object.isFrozen(CLAUDE_SAID_NOTHING)).toBe(true);
    expect(Object.isFrozen(CODEX_SAID_NOTHING)).toBe(true);
    const registry = new HookRegistry({ profile: 'claude', logger: makeLogger() });
    const events = { PreToolUse: pre, PostToolUse: post, PermissionRequest: { tool_name: 'Bash', tool_input: { command: 'ls' } }, Stop: { stop_hook_active: false }, SubagentStop: { stop_hook_active: false, agent_id: 'a1', agent_transcript_path: '/tmp/a.jsonl' } };
    for (const event of Object.keys(events) as (keyof typeof events)[]) {
      registry.registerSdkHooks({ [event]: [{ onFailure: 'block', hooks: [async () => undefined, async () => ({ async: true })] }] } as never);
      const register = registry.register as unknown as (e: string, h: () => unknown, o: object) => void;
      register.call(registry, event, () => undefined, { name: 'plugin-sync', plugin: 'p' });
      register.call(registry, event, async () => undefined, { name: 'async' });
    }
    const results = [];
    for (const [event, payload] of Object.entries(events)) {
      for (let k = 0; k < 2; k++) {
        const result = (await registry.dispatch(event as never, payload as never)) as unknown as Record<string, unknown> & { runs: { outcome: string; durationMs: number }[] };
        expect(result.blocked).toBe(false);
        expect(result.aborted).toBe(false);
        expect(result.decision).toBeUndefined();
        expect(result.permissionDecision).toBeUndefined();
        expect(result.runs.map((r) => r.outcome)).toEqual(['ok', 'ok', 'ok', 'ok']);
        for (const r of result.runs) expect(r.durationMs).toBeGreaterThanOrEqual(0);
        results.push(result);
      }
    }
    // Fresh results and runs per dispatch (nothing shared through the frozen outcome).
    expect(new Set(results).size).toBe(results.length);
    expect(new Set(results.flatMap((r) => r.runs)).size).toBe(results.length * 4);
  });

  it('codex: silent handlers merge to nothing decided, fresh results', async () => {
    const registry = new HookRegistry({ profile: 'codex', logger: makeLogger() });
    registry.register('PreToolUse', () => undefined);
    registry.register('PreToolUse', async () => undefined);
    registry.register('PreToolUse', async () => ({ decision: 'block', reason: 'no' }));
    const a = await registry.dispatch('PreToolUse', { ...pre, turn_id: 'x' } as never);
    expect(a.blocked).toBe(true);
    expect(a.runs.map((r) => r.outcome)).toEqual(['ok', 'ok', 'block']);
  });

  it('two registries keep their own limits (observers, timing), and the env file and SessionEnd paths leak nothing into the cache', async () => {
    const seenA: string[] = [];
    const a = new HookRegistry({ profile: 'claude', logger: makeLogger(), onHookEnd: (info: { name: string }) => void seenA.push(info.name) });
    const b = new HookRegistry({ profile: 'claude', logger: makeLogger(), timing: 'entry' });
    for (const r of [a, b]) r.register('PreToolUse', async () => undefined, { name: `h-${r === a ? 'a' : 'b'}` });
    await a.dispatch('PreToolUse', pre);
    await b.dispatch('PreToolUse', pre);
    await a.dispatch('PreToolUse', pre);
    expect(seenA).toEqual(['h-a', 'h-a']);
    // CLAUDE_ENV_FILE: a command hook's export is read back; a later dispatch without command hooks has none.
    const c = new HookRegistry({ profile: 'claude', settings: { enableShellHooks: true }, logger: makeLogger() });
    const report = c.addConfig(on('SessionStart', [{ type: 'command', command: 'echo "export REVIEW_X=1" >> "$CLAUDE_ENV_FILE"' }]), { source: 'user' });
    expect(report.added.length).toBe(1);
    const first = (await c.dispatch('SessionStart', { source: 'startup' } as never)) as { env?: Record<string, string> };
    expect(first.env).toEqual({ REVIEW_X: '1' });
    report.remove();
    c.register('SessionStart', () => undefined);
    const second = (await c.dispatch('SessionStart', { source: 'startup' } as never)) as { env?: Record<string, string> };
    expect(second.env).toBeUndefined();
  });

  it('SessionEnd: the budget is per dispatch; a hung handler times out at 1.5 s, twice', async () => {
    const registry = new HookRegistry({ profile: 'claude', logger: makeLogger() });
    registry.register('SessionEnd', () => hang(), { name: 'hung' });
    for (let k = 0; k < 2; k++) {
      const result = await registry.dispatch('SessionEnd', { reason: 'other' } as never);
      expect(result.runs[0]!.outcome).toBe('timeout');
      expect(result.runs[0]!.durationMs).toBeGreaterThanOrEqual(1_490);
      expect(result.runs[0]!.durationMs).toBeLessThan(4_000);
    }
  }, 15_000);

  it('a native promise whose species throws, first or queued, and one promise for two entries: no hang, no unhandled rejection', async () => {
    const seen = await unhandledDuring(async () => {
      const registry = new HookRegistry({ profile: 'claude', logger: makeLogger() });
      const hostile = (): Promise<undefined> => {
        const p = sleep(20).then(() => undefined);
        Object.defineProperty(p, 'constructor', { value: { [Symbol.species]: function () { throw new Error('species'); } } });
        return p;
      };
      const shared = sleep(30).then(() => undefined);
      registry.register('PostToolUse', hostile, { name: 'hostile-first' });
      registry.register('PostToolUse', () => shared, { name: 'shared-1' });
      registry.register('PostToolUse', hostile, { name: 'hostile-queued' });
      registry.register('PostToolUse', () => shared, { name: 'shared-2' });
      const result = await registry.dispatch('PostToolUse', post);
      expect(result.runs.map((r) => r.outcome)).toEqual(['error', 'ok', 'error', 'ok']);
      for (const r of result.runs) expect(r.durationMs).toBeGreaterThanOrEqual(0);
    });
    expect(seen).toEqual([]);
    expect(runsAwaitingStamp()).toBe(0);
  });
  it('merges see the dispatch’s own input and the registry’s own largeOutputDir; updateSession reaches the next dispatch', async () => {
    const dirs = [mkdtempSync(join(tmpdir(), 'review-lo-a-')), mkdtempSync(join(tmpdir(), 'review-lo-b-'))];
    try {
      const inputs: unknown[] = [];
      const regs = dirs.map((largeOutputDir) => new HookRegistry({ profile: 'claude', logger: makeLogger(), largeOutputDir, session: { sessionId: 's1' } }));
      for (const r of regs) {
        r.register('PostToolUse', async (input) => {
          inputs.push(input);
          return { hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'x'.repeat(12_000) } };
        });
      }
      const a1 = await regs[0]!.dispatch('PostToolUse', { ...post, tool_use_id: 'ta1' });
      regs[0]!.updateSession({ transcriptPath: '/tmp/t.jsonl' });
      const a2 = await regs[0]!.dispatch('PostToolUse', { ...post, tool_use_id: 'ta2' });
      const b1 = await regs[1]!.dispatch('PostToolUse', { ...post, tool_use_id: 'tb1' });
      expect(readdirSync(dirs[0]!).map((f) => f.split('-')[1]).sort()).toEqual(['ta1', 'ta2']);
      expect(readdirSync(dirs[1]!).map((f) => f.split('-')[1])).toEqual(['tb1']);
      for (const r of [a1, a2, b1]) expect(r.injectContext).toContain('<persisted-output>');
      expect((inputs[0] as { transcript_path?: string }).transcript_path).toBeUndefined();
      expect((inputs[1] as { transcript_path?: string }).transcript_path).toBe('/tmp/t.jsonl');
    } finally {
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    }
  });

  it('ConfigChange: the merge reads this dispatch’s input (policy_settings ignores a block, user_settings does not)', async () => {
    const registry = new HookRegistry({ profile: 'claude', logger: makeLogger() });
    registry.register('ConfigChange' as never, (async () => ({ decision: 'block', reason: 'no' })) as never);
    const policy = await registry.dispatch('ConfigChange' as never, { source: 'policy_settings' } as never);
    const user = await registry.dispatch('ConfigChange' as never, { source: 'user_settings' } as never);
    expect([policy.blocked, user.blocked]).toEqual([false, true]);
  });
});
