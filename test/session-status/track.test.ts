// trackSessionStatus with the claude profile: each rule of the state machine as a scenario of real
// dispatches through a registry, on a fake clock (the backstop and staleness without waiting).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HookRegistry, HookTypeError, trackSessionStatus, type SessionStatusChange } from '../../src/index.js';
import { makeFakeClock } from '../helpers/fake-clock.js';
import { makeLogger } from '../helpers/logger.js';

const MIN = 60_000;

// A claude registry, a tracker on a fake clock, and `send(event, fields)` dispatching Claude Code's payloads.
function setup(options: { stopFallbackMs?: number; staleMs?: number } = {}) {
  const logger = makeLogger();
  const registry = new HookRegistry({ profile: 'claude', session: { sessionId: 's1' }, logger });
  const clock = makeFakeClock();
  const changes: SessionStatusChange[] = [];
  const tracker = trackSessionStatus(registry, { ...options, clock, onChange: (c) => void changes.push(c) });
  const send = (event: string, fields: Record<string, unknown> = {}, sessionId = 's1') => registry.dispatch(event as never, { session_id: sessionId, ...PAYLOADS[event], ...fields } as never);
  return { registry, clock, changes, tracker, send, logger, status: () => tracker.status('s1') };
}

const tool = { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't1' };
const PAYLOADS: Record<string, Record<string, unknown>> = {
  SessionStart: { source: 'startup' },
  UserPromptSubmit: { prompt: 'go' },
  PreToolUse: tool,
  PostToolUse: { ...tool, tool_response: 'ok' },
  PostToolUseFailure: { ...tool, error: 'exit 1' },
  PermissionRequest: { tool_name: 'Bash', tool_input: { command: 'rm x' } },
  Stop: { stop_hook_active: false },
  StopFailure: { error: 'rate_limit' },
  SubagentStart: { agent_id: 'a1', agent_type: 'Explore' },
  SubagentStop: { agent_id: 'a1', agent_type: 'Explore', stop_hook_active: false, agent_transcript_path: '/t/a1.jsonl' },
  Notification: { message: 'hi', notification_type: 'idle_prompt' },
  SessionEnd: { reason: 'other' },
};

describe('trackSessionStatus (claude profile)', () => {
  it('follows the core events: SessionStart waiting, UserPromptSubmit working, PermissionRequest input, PostToolUse working, Stop completed', async () => {
    const { send, status, changes } = setup();
    expect(status()).toBe('idle');
    await send('SessionStart');
    expect(status()).toBe('waiting');
    await send('UserPromptSubmit');
    expect(status()).toBe('working');
    await send('PermissionRequest');
    expect(status()).toBe('input');
    await send('PostToolUse');
    expect(status()).toBe('working');
    await send('PermissionRequest');
    await send('PostToolUseFailure');
    expect(status()).toBe('working');
    await send('Stop');
    expect(status()).toBe('completed');
    expect(changes.map((c) => `${c.event}:${c.previous}->${c.status}`)).toEqual([
      'SessionStart:idle->waiting', 'UserPromptSubmit:waiting->working', 'PermissionRequest:working->input', 'PostToolUse:input->working',
      'PermissionRequest:working->input', 'PostToolUseFailure:input->working', 'Stop:working->completed',
    ]);
  });

  it('StopFailure sets waiting', async () => {
    const { send, status } = setup();
    await send('UserPromptSubmit');
    await send('StopFailure');
    expect(status()).toBe('waiting');
  });

  it('completed is sticky against the waiting of a StopFailure, not against a new prompt', async () => {
    const { send, status } = setup();
    await send('UserPromptSubmit');
    await send('Stop');
    await send('StopFailure');
    expect(status()).toBe('completed');
    await send('UserPromptSubmit');
    expect(status()).toBe('working');
  });

  it('events with no status of their own (PreToolUse, Notification) leave it as it was', async () => {
    const { send, status, changes } = setup();
    await send('UserPromptSubmit');
    await send('PreToolUse');
    await send('Notification');
    expect(status()).toBe('working');
    expect(changes).toHaveLength(1);
  });

  describe('Stop resolution', () => {
    it.each(['subagent', 'teammate', 'workflow'])('a running %s task in background_tasks holds the session working', async (type) => {
      const { send, status } = setup();
      await send('UserPromptSubmit');
      await send('Stop', { background_tasks: [{ id: 'b1', type, status: 'running' }] });
      expect(status()).toBe('working');
    });

    it.each(['shell', 'monitor', 'MCP task', 'cloud session', 'something new'])('a running %s task does not hold it: completed', async (type) => {
      const { send, status } = setup();
      await send('UserPromptSubmit');
      await send('Stop', { background_tasks: [{ id: 'b1', type, status: 'running' }] });
      expect(status()).toBe('completed');
    });

    it.each(['completed', 'failed', 'cancelled'])('a subagent task in the terminal status %s does not hold it', async (taskStatus) => {
      const { send, status } = setup();
      await send('UserPromptSubmit');
      await send('Stop', { background_tasks: [{ id: 'b1', type: 'subagent', status: taskStatus }, { id: 'b2', type: 'shell', status: 'running' }] });
      expect(status()).toBe('completed');
    });

    it.each([['an empty', []], ['an absent', undefined]])('%s background_tasks falls back to the subagent counter', async (_, tasks) => {
      const { send, status } = setup();
      await send('UserPromptSubmit');
      await send('SubagentStart', { agent_id: 'a1' });
      await send('SubagentStart', { agent_id: 'a2' });
      await send('Stop', { background_tasks: tasks });
      expect(status()).toBe('working');
      await send('SubagentStop', { agent_id: 'a1' });
      await send('Stop', { background_tasks: tasks });
      expect(status()).toBe('working');
      await send('SubagentStop', { agent_id: 'a2' });
      await send('Stop', { background_tasks: tasks });
      expect(status()).toBe('completed');
    });

    it('a non-empty list that holds nothing still lets the counter hold (the two signals are OR’d)', async () => {
      const { send, status } = setup();
      await send('UserPromptSubmit');
      await send('SubagentStart');
      await send('Stop', { background_tasks: [{ id: 'b1', type: 'shell', status: 'running' }] });
      expect(status()).toBe('working');
    });

    it('a counter older than staleMs (default 10 min) is ignored', async () => {
      const { send, status, clock } = setup();
      await send('UserPromptSubmit');
      await send('SubagentStart');
      clock.advance(10 * MIN);
      await send('Stop');
      expect(status()).toBe('working');
      await send('UserPromptSubmit');
      clock.advance(1);
      await send('Stop');
      expect(status()).toBe('completed');
    });

    it('staleMs sets the age', async () => {
      const { send, status, clock } = setup({ staleMs: 1000 });
      await send('UserPromptSubmit');
      await send('SubagentStart');
      clock.advance(1001);
      await send('Stop');
      expect(status()).toBe('completed');
    });

    it('a PostToolUse with an agent_id refreshes the counter; one with only an agent_type does not', async () => {
      const { send, status, clock } = setup();
      await send('UserPromptSubmit');
      await send('SubagentStart');
      clock.advance(9 * MIN);
      await send('PostToolUse', { agent_id: 'a1', agent_type: 'Explore' });
      clock.advance(9 * MIN);
      await send('Stop');
      expect(status()).toBe('working');

      // A main thread started with --agent carries agent_type on its own events: never counted.
      const other = setup();
      await other.send('UserPromptSubmit');
      await other.send('SubagentStart');
      other.clock.advance(9 * MIN);
      await other.send('PostToolUse', { agent_type: 'reviewer' });
      other.clock.advance(9 * MIN);
      await other.send('Stop');
      expect(other.status()).toBe('completed');
    });

    it('SessionStart resets the counter, unless its source is compact', async () => {
      const { send, status } = setup();
      await send('SubagentStart');
      await send('SessionStart', { source: 'compact' });
      await send('UserPromptSubmit');
      await send('Stop');
      expect(status()).toBe('working');
      await send('SessionStart', { source: 'clear' });
      await send('UserPromptSubmit');
      await send('Stop');
      expect(status()).toBe('completed');
    });
  });

  describe('the Stop backstop', () => {
    it('forces completed when a session a Stop left working goes silent for stopFallbackMs (default 10 min)', async () => {
      const { send, status, clock, changes } = setup();
      await send('UserPromptSubmit');
      await send('Stop', { background_tasks: [{ id: 'b1', type: 'subagent', status: 'running' }] });
      clock.advance(10 * MIN - 1);
      expect(status()).toBe('working');
      clock.advance(1);
      expect(status()).toBe('completed');
      expect(changes.at(-1)).toEqual({ sessionId: 's1', status: 'completed', previous: 'working', event: null });
      expect(clock.pending()).toBe(0);
    });

    it('any later status event cancels it', async () => {
      const { send, status, clock } = setup({ stopFallbackMs: 5 * MIN });
      await send('UserPromptSubmit');
      await send('SubagentStart');
      await send('Stop');
      clock.advance(4 * MIN);
      await send('PostToolUse', { agent_id: 'a1' });
      expect(clock.pending()).toBe(0);
      clock.advance(60 * MIN);
      expect(status()).toBe('working');
    });

    it('an event with no status of its own starts its window again', async () => {
      const { send, status, clock } = setup({ stopFallbackMs: 5 * MIN });
      await send('UserPromptSubmit');
      await send('SubagentStart');
      await send('Stop');
      clock.advance(4 * MIN);
      await send('SubagentStop');
      clock.advance(4 * MIN);
      expect(status()).toBe('working');
      clock.advance(1 * MIN);
      expect(status()).toBe('completed');
    });

    it('is not armed by a Stop that completes', async () => {
      const { send, clock } = setup();
      await send('UserPromptSubmit');
      await send('Stop');
      expect(clock.pending()).toBe(0);
    });
  });

  describe('the interrupt latch', () => {
    it('a PostToolUseFailure with is_interrupt sets waiting and ignores stale working events until a non-working one', async () => {
      const { send, status } = setup();
      await send('UserPromptSubmit');
      await send('PostToolUseFailure', { is_interrupt: true });
      expect(status()).toBe('waiting');
      await send('PostToolUse');
      await send('PostToolUseFailure');
      await send('Stop', { background_tasks: [{ id: 'b1', type: 'subagent', status: 'running' }] });
      expect(status()).toBe('waiting');
      await send('PermissionRequest');
      expect(status()).toBe('input');
      await send('PostToolUse');
      expect(status()).toBe('working');
    });

    it('a new prompt clears it', async () => {
      const { send, status } = setup();
      await send('UserPromptSubmit');
      await send('PostToolUseFailure', { is_interrupt: true });
      await send('UserPromptSubmit');
      expect(status()).toBe('working');
    });
  });

  it('keeps each session apart, by the payload’s session_id, else the registry’s session', async () => {
    const { send, tracker, registry } = setup();
    await send('UserPromptSubmit', {}, 's2');
    await send('SessionStart', {}, 's3');
    await registry.dispatch('PermissionRequest', { tool_name: 'Bash', tool_input: {} });
    expect([tracker.status('s1'), tracker.status('s2'), tracker.status('s3'), tracker.status('nope')]).toEqual(['input', 'working', 'waiting', 'idle']);
  });

  it('SessionEnd forgets the session (idle) and its backstop', async () => {
    const { send, status, clock, changes } = setup();
    await send('UserPromptSubmit');
    await send('SubagentStart');
    await send('Stop');
    await send('SessionEnd');
    expect(status()).toBe('idle');
    expect(changes.at(-1)).toMatchObject({ status: 'idle', previous: 'working', event: 'SessionEnd' });
    expect(clock.pending()).toBe(0);
  });

  it('close() stops following the registry and clears its timers', async () => {
    const { send, status, clock, tracker } = setup();
    await send('UserPromptSubmit');
    await send('SubagentStart');
    await send('Stop');
    tracker.close();
    expect(clock.pending()).toBe(0);
    await send('SessionEnd');
    expect(status()).toBe('working');
  });

  it('an onChange that throws is logged, and the dispatch goes on', async () => {
    const logger = makeLogger();
    const registry = new HookRegistry({ profile: 'claude', logger });
    trackSessionStatus(registry, { onChange: () => { throw new Error('ui gone'); } });
    const result = await registry.dispatch('UserPromptSubmit', { session_id: 's1', prompt: 'go' });
    expect(result.blocked).toBe(false);
    expect(logger.warnings.join('\n')).toMatch(/onChange threw: ui gone/);
  });

  describe('Node’s timers', () => {
    afterEach(() => vi.restoreAllMocks());

    it('the backstop timer is unref’d and close() clears it', async () => {
      const set = vi.spyOn(globalThis, 'setTimeout');
      const clear = vi.spyOn(globalThis, 'clearTimeout');
      const registry = new HookRegistry({ profile: 'claude' });
      const tracker = trackSessionStatus(registry);
      await registry.dispatch('SubagentStart', { session_id: 's1', agent_id: 'a1', agent_type: 'Explore' });
      set.mockClear();
      await registry.dispatch('Stop', { session_id: 's1', stop_hook_active: false });
      const timer = set.mock.results.map((r) => r.value as NodeJS.Timeout).find((t) => typeof t?.hasRef === 'function');
      expect(timer).toBeDefined();
      expect(timer!.hasRef()).toBe(false);
      tracker.close();
      expect(clear).toHaveBeenCalledWith(timer);
    });
  });

  it('refuses bad options with a coded TypeError', () => {
    const registry = new HookRegistry({ profile: 'claude' });
    expect(() => trackSessionStatus(registry, { stopFallbackMs: -1 })).toThrow(/`stopFallbackMs` option to be a positive number of milliseconds, got -1/);
    expect(() => trackSessionStatus(registry, { staleMs: Number.NaN })).toThrow(HookTypeError);
    expect(() => trackSessionStatus(registry, { stopFallbackMS: 1 } as never)).toThrow(/unknown option `stopFallbackMS` \(did you mean `stopFallbackMs`\?\)/);
    expect(() => trackSessionStatus(registry, { clock: { now: () => 0 } } as never)).toThrow(/`clock` option/);
    expect(() => trackSessionStatus({} as never)).toThrow(/expected a HookRegistry/);
  });
});
