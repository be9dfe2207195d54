import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { HOOK_EVENTS, HookRegistry, type HookDecision, type HookEvent, type HookPayloads } from '../src/index.js';
import { makeLogger, sleep } from './helpers/logger.js';

const bash = (command = 'ls'): HookPayloads['PreToolUse'] => ({ toolName: 'bash', input: { command } });

// A minimal valid payload for every event.
const PAYLOADS: { [E in HookEvent]: HookPayloads[E] } = {
  SessionStart: {},
  SessionEnd: {},
  SubagentStart: { subagentId: 'a1' },
  SubagentStop: { subagentId: 'a1', status: 'succeeded' },
  PreToolUse: { toolName: 'bash' },
  PostToolUse: { toolName: 'bash' },
  PreCompact: {},
  PostToolUseFailure: { toolName: 'bash', error: 'boom' },
  Stop: {},
  UserPromptSubmit: { prompt: 'hi' },
};

describe('HOOK_EVENTS', () => {
  it('lists the ten events in the reference order', () => {
    expect(HOOK_EVENTS).toEqual([
      'SessionStart', 'SessionEnd', 'SubagentStart', 'SubagentStop', 'PreToolUse',
      'PostToolUse', 'PreCompact', 'PostToolUseFailure', 'Stop', 'UserPromptSubmit',
    ]);
  });
});

describe('ordering and chain control', () => {
  it('runs entries one at a time in registration order, each starting after the previous finished', async () => {
    const registry = new HookRegistry();
    const log: string[] = [];
    const slow = (name: string, ms: number) => async () => {
      log.push(`start ${name}`);
      await sleep(ms);
      log.push(`end ${name}`);
    };
    registry.register('PreToolUse', slow('a', 30));
    registry.register('PreToolUse', () => void log.push('sync b'));
    registry.register('PreToolUse', slow('c', 5));
    const result = await registry.dispatch('PreToolUse', bash());
    expect(log).toEqual(['start a', 'end a', 'sync b', 'start c', 'end c']);
    expect(result.runs.map((r) => r.outcome)).toEqual(['ok', 'ok', 'ok']);
  });

  it('stops the chain at decision: block and marks the result blocked', async () => {
    const registry = new HookRegistry();
    const later = vi.fn();
    registry.register('PreToolUse', () => ({ decision: 'block', reason: 'no' }), { name: 'guard' });
    registry.register('PreToolUse', later);
    const result = await registry.dispatch('PreToolUse', bash());
    expect(result.blocked).toBe(true);
    expect(result.decision).toBe('block');
    expect(result.reason).toBe('no');
    expect(later).not.toHaveBeenCalled();
    expect(result.runs).toHaveLength(1);
    expect(result.runs[0]).toMatchObject({ name: 'guard', kind: 'handler', outcome: 'block' });
  });

  it('stops the chain at continue: false', async () => {
    const registry = new HookRegistry();
    const later = vi.fn();
    registry.register('Stop', async () => ({ continue: false, reason: 'keep going' }));
    registry.register('Stop', later);
    const result = await registry.dispatch('Stop', {});
    expect(result).toMatchObject({ blocked: true, continue: false, reason: 'keep going' });
    expect(later).not.toHaveBeenCalled();
  });

  it('does not skip later entries after approve', async () => {
    const registry = new HookRegistry();
    registry.register('PreToolUse', () => ({ decision: 'approve' }));
    registry.register('PreToolUse', () => ({ decision: 'block', reason: 'second says no' }));
    const result = await registry.dispatch('PreToolUse', bash());
    expect(result.blocked).toBe(true);
    expect(result.reason).toBe('second says no');
    expect(result.runs).toHaveLength(2);
  });

  it('resolves an event with no entries to an empty, unblocked result', async () => {
    const registry = new HookRegistry();
    expect(await registry.dispatch('SessionStart', {})).toEqual({ blocked: false, aborted: false, runs: [] });
  });

  it('opens no record file when an option is refused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'harness-hooks-record-'));
    const file = join(dir, 'record.jsonl');
    expect(() => new HookRegistry({ profile: 'claude', record: file, pluginDataDir: 'relative' })).toThrow(/pluginDataDir/);
    expect(existsSync(file)).toBe(false);
  });

  it('reports background handlers to onHookStart / onHookEnd too, after the dispatch resolved', async () => {
    const seen: string[] = [];
    const registry = new HookRegistry({ onHookStart: (i) => seen.push(`start ${i.name}`), onHookEnd: (i) => seen.push(`end ${i.name} ${i.outcome}`) });
    registry.register('SessionEnd', () => undefined, { name: 'fg' });
    registry.register('SessionEnd', async () => undefined, { name: 'bg', background: true });
    await registry.dispatch('SessionEnd', {});
    await registry.drainBackground();
    expect(seen).toEqual(['start fg', 'end fg ok', 'start bg', 'end bg ok']);
  });

  it('works where code generation from strings is disallowed (the compiled required-field checks fall back to a loop)', () => {
    const code = `const { HookRegistry } = await import('./dist/index.js');
const r = new HookRegistry({ profile: 'claude', logger: { warn() {} } });
r.register('PreToolUse', () => ({ decision: 'block', reason: 'no' }));
const ok = await r.dispatch('PreToolUse', { tool_name: 'Bash', tool_input: {}, tool_use_id: 't' });
const bad = await r.dispatch('PreToolUse', { tool_name: 'Bash', tool_input: {} }).catch((e) => e.message);
console.log(JSON.stringify([ok.blocked, bad]));`;
    const out = execFileSync(process.execPath, ['--disallow-code-generation-from-strings', '--input-type=module', '-e', code], { encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual([true, "dispatch('PreToolUse'): the payload is missing the required field `tool_use_id`"]);
  });

  it('shares one frozen result among dispatches that run nothing (no allocation), in every profile', async () => {
    const plain = new HookRegistry();
    const claude = new HookRegistry({ profile: 'claude' });
    const a = await plain.dispatch('SessionStart', {});
    const b = await plain.dispatch('PreToolUse', { toolName: 'bash' });
    const c = await claude.dispatch('Stop', { stop_hook_active: false });
    expect(a).toBe(b);
    expect(c).toBe(a);
    expect(Object.isFrozen(a) && Object.isFrozen(a.runs)).toBe(true);
  });

  it('names a run after options.name, else the function name', async () => {
    const registry = new HookRegistry();
    registry.register('SessionStart', function namedFn() {});
    registry.register('SessionStart', () => {}, { name: 'given' });
    const result = await registry.dispatch('SessionStart', {});
    expect(result.runs.map((r) => r.name)).toEqual(['namedFn', 'given']);
  });

  it('passes the payload plus the event name to handlers', async () => {
    const registry = new HookRegistry();
    const seen: unknown[] = [];
    registry.register('UserPromptSubmit', (p) => void seen.push(p));
    await registry.dispatch('UserPromptSubmit', { prompt: 'hello', sessionId: 's1' });
    expect(seen).toEqual([{ prompt: 'hello', sessionId: 's1', event: 'UserPromptSubmit' }]);
  });

  it('unregisters with the returned function, idempotently', async () => {
    const registry = new HookRegistry();
    const fn = vi.fn();
    const off = registry.register('SessionStart', fn);
    expect(registry.hasHooks('SessionStart')).toBe(true);
    off();
    off();
    expect(registry.hasHooks('SessionStart')).toBe(false);
    await registry.dispatch('SessionStart', {});
    expect(fn).not.toHaveBeenCalled();
  });

  it('lets a handler unregister itself during a dispatch without disturbing that dispatch', async () => {
    const registry = new HookRegistry();
    const second = vi.fn();
    const off = registry.register('SessionStart', () => void off());
    registry.register('SessionStart', second);
    await registry.dispatch('SessionStart', {});
    await registry.dispatch('SessionStart', {});
    expect(second).toHaveBeenCalledTimes(2);
  });
});

describe('merging decisions', () => {
  it('joins injectContext with newlines in registration order, whatever order async handlers finish in', async () => {
    const registry = new HookRegistry();
    registry.register('UserPromptSubmit', async () => {
      await sleep(20);
      return { injectContext: 'first' };
    });
    registry.register('UserPromptSubmit', () => ({ injectContext: 'second' }));
    registry.register('UserPromptSubmit', () => ({ injectContext: 'third' }));
    const result = await registry.dispatch('UserPromptSubmit', { prompt: 'p' });
    expect(result.injectContext).toBe('first\nsecond\nthird');
  });

  it('takes the last writer for every other field', async () => {
    const registry = new HookRegistry();
    registry.register('PreToolUse', () => ({ decision: 'approve', reason: 'one', continue: true }));
    registry.register('PreToolUse', () => ({ reason: 'two' }));
    registry.register('PreToolUse', () => ({}));
    const result = await registry.dispatch('PreToolUse', bash());
    expect(result).toMatchObject({ blocked: false, decision: 'approve', reason: 'two', continue: true });
  });

  it('on a block carries only the blocking decision’s own fields, its own injectContext included', async () => {
    const registry = new HookRegistry();
    registry.register('PreToolUse', () => ({ injectContext: 'earlier', reason: 'earlier reason', decision: 'approve' }));
    registry.register('PreToolUse', () => ({ decision: 'block', injectContext: 'why it was blocked' }));
    const result = await registry.dispatch('PreToolUse', bash());
    expect(result.blocked).toBe(true);
    expect(result.injectContext).toBe('why it was blocked');
    expect(result.reason).toBeUndefined();
    expect(result.decision).toBe('block');
  });

  const KEEPS_CONTEXT: HookEvent[] = ['SessionStart', 'SubagentStop', 'PreToolUse', 'Stop', 'UserPromptSubmit'];
  it.each(HOOK_EVENTS.map((e) => [e, KEEPS_CONTEXT.includes(e)] as const))('%s keeps injectContext: %s', async (event, keeps) => {
    const registry = new HookRegistry();
    registry.register(event, () => ({ injectContext: 'ctx', updatedInput: { command: 'x' } }));
    const result = await registry.dispatch(event, PAYLOADS[event] as never);
    expect(result.injectContext).toBe(keeps ? 'ctx' : undefined);
    expect(result.updatedInput).toEqual(event === 'PreToolUse' ? { command: 'x' } : undefined);
  });

  it('applies the last updatedInput, while every handler sees the original input', async () => {
    const registry = new HookRegistry();
    const seen: unknown[] = [];
    registry.register('PreToolUse', (p) => {
      seen.push(p.input);
      return { updatedInput: { command: 'one' } };
    });
    registry.register('PreToolUse', (p) => {
      seen.push(p.input);
      return { updatedInput: { command: 'two' } };
    });
    registry.register('PreToolUse', (p) => void seen.push(p.input));
    const result = await registry.dispatch('PreToolUse', bash('orig'));
    expect(result.updatedInput).toEqual({ command: 'two' });
    expect(seen).toEqual([{ command: 'orig' }, { command: 'orig' }, { command: 'orig' }]);
  });

  it('drops the rewrite when any entry blocks', async () => {
    const registry = new HookRegistry();
    registry.register('PreToolUse', () => ({ updatedInput: { command: 'rewritten' } }));
    registry.register('PreToolUse', () => ({ decision: 'block', reason: 'no' }));
    const result = await registry.dispatch('PreToolUse', bash());
    expect(result.blocked).toBe(true);
    expect(result.updatedInput).toBeUndefined();
  });

  it.each([
    ['an array', [1, 2]],
    ['a string', 'rm'],
    ['a number', 3],
    ['a class instance', new Date()],
  ])('ignores updatedInput that is %s, with a warning', async (_label, bad) => {
    const logger = makeLogger();
    const registry = new HookRegistry({ logger });
    registry.register('PreToolUse', () => ({ updatedInput: { command: 'good' } }));
    registry.register('PreToolUse', () => ({ updatedInput: bad }) as unknown as HookDecision, { name: 'rewriter' });
    const result = await registry.dispatch('PreToolUse', bash());
    expect(result.updatedInput).toEqual({ command: 'good' });
    expect(logger.warnings.join('\n')).toMatch(/"rewriter".*updatedInput/);
  });

  it('ignores a handler return value that is not an object, with a warning', async () => {
    const logger = makeLogger();
    const registry = new HookRegistry({ logger });
    registry.register('SessionStart', () => 'block' as unknown as HookDecision, { name: 'stringy' });
    const result = await registry.dispatch('SessionStart', {});
    expect(result.blocked).toBe(false);
    expect(logger.warnings.join('\n')).toMatch(/"stringy" on SessionStart returned string/);
  });
});

describe('matchers', () => {
  const matches = async (matcher: string | undefined, toolName: string, aliases: Record<string, string[]> = {}) => {
    const registry = new HookRegistry({ toolAliases: aliases, logger: makeLogger() });
    const fn = vi.fn();
    registry.register('PreToolUse', fn, matcher === undefined ? {} : { matcher });
    await registry.dispatch('PreToolUse', { toolName });
    return fn.mock.calls.length === 1;
  };
  const aliases = { bash: ['Bash'], edit: ['Edit', 'MultiEdit'], browser_open: ['Browser'] };

  it.each([
    [undefined, 'bash', true],
    ['', 'anything', true],
    ['*', 'anything', true],
    ['bash', 'bash', true],
    ['bash', 'bash2', false],
    ['Bash', 'bash', true], // alias of the canonical name
    ['Edit|Write', 'edit', true],
    ['Write|MultiEdit', 'edit', true],
    ['Write|Read', 'edit', false],
    ['/^browser_/i', 'BROWSER_open', true],
    ['/^Browser$/', 'browser_open', false], // explicit regex: canonical name only, never aliases
    ['Web.*', 'WebFetch', true],
    ['Web.*', 'xWebFetch', false], // anchored to the whole name
    ['Bro.*', 'browser_open', true], // bare regex tested against aliases too
    ['Ed.t', 'edit', true],
  ])('matcher %j on tool %j matches: %s', async (matcher, tool, expected) => {
    expect(await matches(matcher, tool, aliases)).toBe(expected);
  });

  it('drops the g and y flags so an explicit regex is not stateful', async () => {
    const registry = new HookRegistry();
    const fn = vi.fn();
    registry.register('PreToolUse', fn, { matcher: '/bash/gy' });
    registry.register('PostToolUse', fn, { matcher: '/bash/gy' });
    registry.register('PostToolUseFailure', fn, { matcher: '/bash/gy' });
    await registry.dispatch('PreToolUse', { toolName: 'bash' });
    await registry.dispatch('PostToolUse', { toolName: 'bash' });
    await registry.dispatch('PostToolUseFailure', { toolName: 'bash', error: 'e' });
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it('warns once, at registration, about an invalid pattern and falls back to exact equality', async () => {
    const logger = makeLogger();
    const registry = new HookRegistry({ logger });
    const fn = vi.fn();
    registry.register('PreToolUse', fn, { matcher: 'bash(' });
    expect(logger.warnings).toHaveLength(1);
    expect(logger.warnings[0]).toMatch(/"bash\(" is not a valid regular expression/);
    await registry.dispatch('PreToolUse', { toolName: 'bash' });
    await registry.dispatch('PreToolUse', { toolName: 'bash(' });
    await registry.dispatch('PreToolUse', { toolName: 'bash(' });
    expect(fn).toHaveBeenCalledTimes(2);
    expect(logger.warnings).toHaveLength(1);
  });

  it('falls back to exact equality for an invalid explicit regex too', async () => {
    const logger = makeLogger();
    const registry = new HookRegistry({ logger });
    const fn = vi.fn();
    registry.register('PreToolUse', fn, { matcher: '/[/' });
    await registry.dispatch('PreToolUse', { toolName: '/[/' });
    await registry.dispatch('PreToolUse', { toolName: 'x' });
    expect(fn).toHaveBeenCalledTimes(1);
    expect(logger.warnings).toHaveLength(1);
  });

  it('filters PostToolUse and PostToolUseFailure by tool name', async () => {
    const registry = new HookRegistry();
    const fn = vi.fn();
    registry.register('PostToolUse', fn, { matcher: 'edit' });
    registry.register('PostToolUseFailure', fn, { matcher: 'edit' });
    await registry.dispatch('PostToolUse', { toolName: 'bash' });
    await registry.dispatch('PostToolUseFailure', { toolName: 'bash', error: 'x' });
    expect(fn).not.toHaveBeenCalled();
    await registry.dispatch('PostToolUse', { toolName: 'edit' });
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it.each(HOOK_EVENTS.filter((e) => !['PreToolUse', 'PostToolUse', 'PostToolUseFailure'].includes(e)))(
    'ignores matchers on %s',
    async (event) => {
      const registry = new HookRegistry();
      const fn = vi.fn();
      registry.register(event, fn, { matcher: 'never_matches_anything' });
      await registry.dispatch(event, PAYLOADS[event] as never);
      expect(fn).toHaveBeenCalledTimes(1);
    },
  );

  it('keeps registration order between matched and unmatched-filter entries after new registrations', async () => {
    const registry = new HookRegistry();
    const order: string[] = [];
    registry.register('PreToolUse', () => void order.push('a'), { matcher: 'bash' });
    registry.register('PreToolUse', () => void order.push('b'));
    await registry.dispatch('PreToolUse', { toolName: 'bash' });
    registry.register('PreToolUse', () => void order.push('c'), { matcher: 'Bash|bash' });
    registry.register('PreToolUse', () => void order.push('d'), { matcher: 'edit' });
    await registry.dispatch('PreToolUse', { toolName: 'bash' });
    expect(order).toEqual(['a', 'b', 'a', 'b', 'c']);
  });
});

describe('deadlines', () => {
  it('times out a handler after handlerMs: outcome timeout, a block naming it, and its signal aborts', async () => {
    const registry = new HookRegistry({ deadlines: { handlerMs: 40 } });
    let signal: AbortSignal | undefined;
    registry.register(
      'PreToolUse',
      (_p, ctx) => {
        signal = ctx.signal;
        return new Promise(() => {});
      },
      { name: 'hangs' },
    );
    const t0 = performance.now();
    const result = await registry.dispatch('PreToolUse', bash());
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(result.blocked).toBe(true);
    expect(result.reason).toMatch(/Hook "hangs" on PreToolUse failed: timed out after 40 ms/);
    expect(result.runs[0]).toMatchObject({ outcome: 'timeout', name: 'hangs' });
    expect(signal?.aborted).toBe(true);
  });

  it('uses stopHandlerMs on Stop and handlerMs elsewhere', async () => {
    const registry = new HookRegistry({ deadlines: { handlerMs: 400, stopHandlerMs: 30 } });
    const slow = () => sleep(150);
    registry.register('Stop', slow);
    registry.register('PreCompact', slow);
    const stop = await registry.dispatch('Stop', {});
    const compact = await registry.dispatch('PreCompact', {});
    expect(stop.runs[0]!.outcome).toBe('timeout');
    expect(compact.runs[0]!.outcome).toBe('ok');
    expect(compact.blocked).toBe(false);
  });

  it('cuts a SubagentStop dispatch off at subagentStopDispatchMs; later entries do not run', async () => {
    const registry = new HookRegistry({ deadlines: { handlerMs: 1000, subagentStopDispatchMs: 100 } });
    const later = vi.fn();
    registry.register('SubagentStop', () => sleep(60), { name: 'first', plugin: 'p' });
    registry.register('SubagentStop', () => sleep(60), { name: 'second', plugin: 'p' });
    registry.register('SubagentStop', later, { name: 'third', plugin: 'p' });
    const t0 = performance.now();
    const result = await registry.dispatch('SubagentStop', { subagentId: 'a', status: 'succeeded' });
    const elapsed = performance.now() - t0;
    expect(elapsed).toBeLessThan(300);
    expect(result.runs.map((r) => [r.name, r.outcome])).toEqual([
      ['first', 'ok'],
      ['second', 'timeout'],
    ]);
    expect(result.runs[1]!.message).toMatch(/ceiling/);
    expect(later).not.toHaveBeenCalled();
  });

  it('exempts longRunning handlers from the per-entry deadline', async () => {
    const registry = new HookRegistry({ deadlines: { handlerMs: 20 } });
    registry.register('PreToolUse', async () => {
      await sleep(80);
      return { decision: 'approve' };
    }, { longRunning: true });
    const result = await registry.dispatch('PreToolUse', bash());
    expect(result.runs[0]!.outcome).toBe('ok');
    expect(result.decision).toBe('approve');
  });

  it('drops longRunning from a plugin registration, with a warning', async () => {
    const logger = makeLogger();
    const registry = new HookRegistry({ logger, deadlines: { handlerMs: 20 } });
    registry.register('PreToolUse', () => sleep(100), { longRunning: true, plugin: 'acme', name: 'asks' });
    expect(logger.warnings.join('\n')).toMatch(/"asks" of plugin "acme".*longRunning/);
    const result = await registry.dispatch('PreToolUse', bash());
    expect(result.runs[0]!.outcome).toBe('timeout');
  });

  it('does not keep the process alive through the shared deadline timer once nothing is pending', async () => {
    const { pendingDeadlines } = await import('../src/deadline.js');
    const registry = new HookRegistry();
    registry.register('PreCompact', async () => undefined);
    await registry.dispatch('PreCompact', {});
    expect(pendingDeadlines()).toBe(0);
  });

  it('rejects invalid deadlines with a TypeError naming the option', () => {
    expect(() => new HookRegistry({ deadlines: { handlerMs: -1 } })).toThrow(/`deadlines.handlerMs`.*got -1 \(number\)/);
    expect(() => new HookRegistry({ deadlines: { stopHandlerMs: Number.NaN } })).toThrow(TypeError);
  });

  it('rejects invalid settings, session, executor and allowPrivateNetwork options, naming each', () => {
    expect(() => new HookRegistry({ settings: 5 as never })).toThrow(/`settings` option to be an object, got 5 \(number\)/);
    expect(() => new HookRegistry({ settings: { enableShellHooks: 'yes' as never } })).toThrow(/`settings.enableShellHooks` to be a boolean, got "yes"/);
    expect(() => new HookRegistry({ session: 5 as never })).toThrow(/session to be an object, got 5/);
    expect(() => new HookRegistry({ session: { cwd: 5 as never } })).toThrow(/`session.cwd` to be a string, got 5/);
    expect(() => new HookRegistry({ executor: 5 as never })).toThrow(/`executor` option to have a `run` method/);
    expect(() => new HookRegistry({ profile: 'claude', allowPrivateNetwork: 'yes' as never })).toThrow(/`allowPrivateNetwork` option to be a boolean/);
    expect(new HookRegistry({ session: { transcriptPath: null }, settings: { enableShellHooks: true } }).settings.enableShellHooks).toBe(true);
    const registry = new HookRegistry();
    expect(() => registry.updateSession({ transcriptPath: 7 as never })).toThrow(/`transcriptPath` in updateSession\(patch\) to be a string or null, got 7/);
  });
});

describe('failures', () => {
  it('turns a throwing handler into a block whose reason names it and carries the message', async () => {
    const registry = new HookRegistry();
    const later = vi.fn();
    registry.register('PreToolUse', () => {
      throw new Error('kaboom');
    }, { name: 'thrower' });
    registry.register('PreToolUse', later);
    const result = await registry.dispatch('PreToolUse', bash());
    expect(result.blocked).toBe(true);
    expect(result.reason).toBe('Hook "thrower" on PreToolUse failed: kaboom');
    expect(result.runs[0]).toMatchObject({ outcome: 'error', message: 'kaboom' });
    expect(later).not.toHaveBeenCalled();
  });

  it('turns a rejecting handler into a block', async () => {
    const registry = new HookRegistry();
    registry.register('UserPromptSubmit', async function rejecter() {
      throw new Error('async kaboom');
    });
    const result = await registry.dispatch('UserPromptSubmit', { prompt: 'x' });
    expect(result.blocked).toBe(true);
    expect(result.reason).toMatch(/"rejecter".*async kaboom/);
  });

  it('isolates a plugin handler: its failure is logged, counts as empty, and the chain goes on', async () => {
    const logger = makeLogger();
    const registry = new HookRegistry({ logger });
    registry.register('PreToolUse', () => {
      throw new Error('plugin bug');
    }, { plugin: 'acme', name: 'buggy' });
    registry.register('PreToolUse', () => ({ injectContext: 'still ran' }));
    const result = await registry.dispatch('PreToolUse', bash());
    expect(result.blocked).toBe(false);
    expect(result.injectContext).toBe('still ran');
    expect(result.runs[0]).toMatchObject({ outcome: 'error', message: 'plugin bug' });
    expect(result.runs[0]!.decision).toBeUndefined();
    expect(logger.warnings.join('\n')).toMatch(/"buggy" of plugin "acme" on PreToolUse failed \(error\): plugin bug/);
  });

  it('ignores a late settlement of a timed-out handler, and a late rejection is not unhandled', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const registry = new HookRegistry({ deadlines: { handlerMs: 20 } });
      registry.register('PreCompact', async () => {
        await sleep(60);
        throw new Error('too late');
      }, { plugin: 'p' });
      registry.register('PreCompact', () => ({ reason: 'second' }));
      const result = await registry.dispatch('PreCompact', {});
      expect(result.reason).toBe('second');
      await sleep(100);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});

describe('abort', () => {
  it('resolves at once with aborted: true and no decision when the signal was already aborted', async () => {
    const registry = new HookRegistry();
    const fn = vi.fn(() => ({ decision: 'block' as const }));
    registry.register('PreToolUse', fn);
    const result = await registry.dispatch('PreToolUse', bash(), { signal: AbortSignal.abort() });
    expect(result).toEqual({ blocked: false, aborted: true, runs: [] });
    expect(fn).not.toHaveBeenCalled();
  });

  it('resolves at once when the signal aborts mid-dispatch, and the running handler sees its signal abort', async () => {
    const registry = new HookRegistry();
    let seen: AbortSignal | undefined;
    const later = vi.fn();
    registry.register('PreToolUse', () => ({ injectContext: 'before', decision: 'approve' }));
    registry.register('PreToolUse', (_p, ctx) => {
      seen = ctx.signal;
      return new Promise(() => {});
    }, { name: 'waits', longRunning: true });
    registry.register('PreToolUse', later);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    const t0 = performance.now();
    const result = await registry.dispatch('PreToolUse', bash(), { signal: controller.signal });
    expect(performance.now() - t0).toBeLessThan(500);
    expect(result.aborted).toBe(true);
    expect(result.blocked).toBe(false);
    expect(result.decision).toBeUndefined();
    expect(result.injectContext).toBeUndefined();
    expect(result.runs.map((r) => r.outcome)).toEqual(['ok', 'aborted']);
    expect(seen?.aborted).toBe(true);
    expect(later).not.toHaveBeenCalled();
  });

  it('takes precedence over a block returned by the entry that saw the abort', async () => {
    const registry = new HookRegistry();
    const controller = new AbortController();
    registry.register('PreToolUse', () => {
      controller.abort();
      return { decision: 'block', reason: 'x' };
    });
    const result = await registry.dispatch('PreToolUse', bash(), { signal: controller.signal });
    expect(result).toMatchObject({ aborted: true, blocked: false });
    expect(result.decision).toBeUndefined();
  });
});

describe('background handlers', () => {
  it('throws a TypeError for background: true on any event but SessionEnd', () => {
    const registry = new HookRegistry();
    for (const event of HOOK_EVENTS.filter((e) => e !== 'SessionEnd')) {
      expect(() => registry.register(event, () => {}, { background: true })).toThrow(TypeError);
    }
    expect(() => registry.register('SessionEnd', () => {}, { background: true })).not.toThrow();
  });

  it('runs background handlers on one serialized chain, without the dispatch waiting, and discards their decisions', async () => {
    const registry = new HookRegistry();
    const log: string[] = [];
    registry.register('SessionEnd', async (p) => {
      log.push(`start ${p.reason}`);
      await sleep(30);
      log.push(`end ${p.reason}`);
      return { decision: 'block', reason: 'ignored' };
    }, { background: true });
    const first = await registry.dispatch('SessionEnd', { reason: 'one' });
    const second = await registry.dispatch('SessionEnd', { reason: 'two' });
    expect(first).toEqual({ blocked: false, aborted: false, runs: [] });
    expect(second.blocked).toBe(false);
    expect(log).toEqual(['start one']);
    await registry.drainBackground();
    expect(log).toEqual(['start one', 'end one', 'start two', 'end two']);
  });

  it('logs a failing background handler instead of rejecting anything', async () => {
    const logger = makeLogger();
    const registry = new HookRegistry({ logger });
    registry.register('SessionEnd', () => {
      throw new Error('teardown bug');
    }, { background: true, name: 'bg' });
    await registry.dispatch('SessionEnd', {});
    await registry.drainBackground();
    expect(logger.warnings.join('\n')).toMatch(/background hook "bg".*teardown bug/);
  });
});

describe('bad input', () => {
  it('throws a TypeError for an unknown event in register and hasHooks', () => {
    const registry = new HookRegistry();
    expect(() => registry.register('PreToolUze' as never, (() => {}) as never)).toThrow(TypeError);
    expect(() => registry.register('toString' as never, (() => {}) as never)).toThrow(/unknown hook event "toString"/);
    expect(() => registry.hasHooks('Nope' as never)).toThrow(TypeError);
  });

  it('an unknown event near a known one (a typo, another case) says which it may be, in every profile', async () => {
    const registry = new HookRegistry();
    expect(() => registry.register('PostToolUSe' as never, (() => {}) as never)).toThrow('unknown hook event "PostToolUSe" (string) (did you mean "PostToolUse"?)');
    const copilot = new HookRegistry({ profile: 'copilot' });
    await expect(copilot.dispatch('PreToolUse' as never, {} as never)).rejects.toThrow('unknown hook event "PreToolUse" (string) (did you mean "preToolUse"?)');
    expect(() => registry.hasHooks('Nope' as never)).toThrow(/unknown hook event "Nope" \(string\); the default profile's events are/);
  });

  it('rejects an unknown event in dispatch with a TypeError', async () => {
    const registry = new HookRegistry();
    await expect(registry.dispatch('Nope' as never, {} as never)).rejects.toThrow(TypeError);
    await expect(registry.dispatch('Nope' as never, {} as never)).rejects.toMatchObject({ code: 'HOOKS_ERR_EVENT_NOT_SUPPORTED' });
  });

  it('throws a TypeError for a handler that is not a function', () => {
    const registry = new HookRegistry();
    expect(() => registry.register('Stop', 'rm -rf' as never)).toThrow(/expected the handler to be a function, got "rm -rf" \(string\)/);
  });

  it.each([
    ['PreToolUse', {}, 'toolName'],
    ['PostToolUse', { input: {} }, 'toolName'],
    ['PostToolUseFailure', { toolName: 'bash' }, 'error'],
    ['SubagentStart', {}, 'subagentId'],
    ['SubagentStop', { subagentId: 'a' }, 'status'],
    ['UserPromptSubmit', { sessionId: 's' }, 'prompt'],
  ] as const)('rejects a %s payload missing %j… with a TypeError naming `%s`', async (event, payload, field) => {
    const registry = new HookRegistry();
    const p = registry.dispatch(event, payload as never);
    await expect(p).rejects.toThrow(TypeError);
    await expect(registry.dispatch(event, payload as never)).rejects.toThrow(`\`${field}\``);
  });

  it('rejects a payload that is not an object', async () => {
    const registry = new HookRegistry();
    await expect(registry.dispatch('Stop', null as never)).rejects.toThrow(/payload to be an object, got null/);
  });
});

describe('session', () => {
  it('keeps the registration session and merges updates', () => {
    const registry = new HookRegistry({ session: { sessionId: 's1', cwd: '/w' } });
    registry.updateSession({ transcriptPath: '/x.md' });
    expect(registry.session).toEqual({ sessionId: 's1', cwd: '/w', transcriptPath: '/x.md' });
  });
});

describe('the shared deadline timer and the process lifetime', () => {
  const runChild = async (mode: string) => {
    const { execFile } = await import('node:child_process');
    const { fileURLToPath } = await import('node:url');
    const script = fileURLToPath(new URL('./helpers/registry-exit.child.ts', import.meta.url));
    const t0 = performance.now();
    const out = await new Promise<{ stdout: string; code: number | null }>((resolve) => {
      execFile(process.execPath, ['--import', 'tsx', script, mode], { timeout: 20_000 }, (error, stdout) =>
        resolve({ stdout, code: error ? ((error as { code?: number }).code ?? 1) : 0 }),
      );
    });
    return { ...out, ms: performance.now() - t0 };
  };

  it('lets an idle process exit at once after an async handler ran (the timer is unref’d)', async () => {
    const r = await runChild('idle');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ blocked: false, outcome: 'ok' });
    expect(r.ms).toBeLessThan(8000); // far below the 30 s handler deadline that stays armed
  });

  it('keeps the process alive for a pending deadline, so a hung handler still times out', async () => {
    const r = await runChild('hung');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ blocked: true, outcome: 'timeout' });
  });

  it('arms the shared timer within setTimeout’s range for a deadline past it: no overflow, no early timeout', async () => {
    const r = await runChild('far');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ blocked: false, outcome: 'ok', warnings: [] });
  });
});

describe('hostile and unusual handlers', () => {
  it('resolves at once as aborted when a handler aborts the dispatch synchronously and then returns a promise', async () => {
    const registry = new HookRegistry({ deadlines: { handlerMs: 2000 } });
    const controller = new AbortController();
    registry.register('PreToolUse', () => {
      controller.abort();
      return new Promise(() => {});
    }, { longRunning: true });
    const t0 = performance.now();
    const result = await registry.dispatch('PreToolUse', bash(), { signal: controller.signal });
    expect(performance.now() - t0).toBeLessThan(500);
    expect(result.aborted).toBe(true);
    expect(result.runs[0]!.outcome).toBe('aborted');
  });

  it('turns a decision with a throwing getter into a block, without dispatch throwing', async () => {
    const registry = new HookRegistry();
    registry.register('PreToolUse', () => ({ get reason(): string { throw new Error('getter boom'); } }) as never, { name: 'tricky' });
    let result: Awaited<ReturnType<typeof registry.dispatch>> | undefined;
    expect(() => {
      void registry.dispatch('PreToolUse', bash()).then((r) => (result = r));
    }).not.toThrow();
    await sleep(10);
    expect(result).toMatchObject({ blocked: true });
    expect(result!.reason).toMatch(/"tricky".*getter boom/);
  });

  it('turns a throwing `then` getter into a block', async () => {
    const registry = new HookRegistry();
    registry.register('PreToolUse', () => ({ get then(): never { throw new Error('then boom'); } }) as never, { name: 'badthen' });
    const result = await registry.dispatch('PreToolUse', bash());
    expect(result.reason).toMatch(/"badthen".*then boom/);
  });

  it('settles thousands of thenables that settle synchronously without deep recursion', async () => {
    const registry = new HookRegistry();
    for (let i = 0; i < 5000; i++) registry.register('SessionStart', () => ({ then: (ok: (v: unknown) => void) => ok({ injectContext: 'x' }) }) as never);
    const result = await registry.dispatch('SessionStart', {});
    expect(result.runs).toHaveLength(5000);
    expect(result.injectContext!.length).toBe(5000 * 2 - 1);
  });

  it('aborts context.signal even when it is first read after the deadline passed', async () => {
    const registry = new HookRegistry({ deadlines: { handlerMs: 30 }, logger: makeLogger() });
    let aborted: boolean | undefined;
    registry.register('PreCompact', async (_p, ctx) => {
      await sleep(80);
      aborted = ctx.signal.aborted;
    }, { plugin: 'p' });
    await registry.dispatch('PreCompact', {});
    await sleep(120);
    expect(aborted).toBe(true);
  });

  it('counts the deadline from the entry’s start, once: synchronous work before the promise is not added twice', async () => {
    const registry = new HookRegistry({ deadlines: { handlerMs: 150 }, logger: makeLogger() });
    registry.register('PreCompact', () => {
      const until = performance.now() + 100;
      while (performance.now() < until);
      return new Promise(() => {});
    }, { plugin: 'p' });
    const t0 = performance.now();
    const result = await registry.dispatch('PreCompact', {});
    expect(result.runs[0]!.outcome).toBe('timeout');
    expect(performance.now() - t0).toBeLessThan(240);
  });

  it('applies the SubagentStop ceiling to longRunning handlers too', async () => {
    const registry = new HookRegistry({ deadlines: { subagentStopDispatchMs: 80 }, logger: makeLogger() });
    registry.register('SubagentStop', () => new Promise(() => {}), { longRunning: true });
    const result = await registry.dispatch('SubagentStop', { subagentId: 'a', status: 'idle' });
    expect(result.runs[0]).toMatchObject({ outcome: 'timeout' });
    expect(result.runs[0]!.message).toMatch(/ceiling/);
  });

  it('rejects a matcher that is not a string, and does not let a pattern escape its anchoring', async () => {
    const logger = makeLogger();
    const registry = new HookRegistry({ logger });
    expect(() => registry.register('PreToolUse', () => {}, { matcher: 5 as never })).toThrow(/`matcher` option to be a string, got 5 \(number\)/);
    const fn = vi.fn();
    registry.register('PreToolUse', fn, { matcher: 'a)|(.*' });
    await registry.dispatch('PreToolUse', { toolName: 'bash' });
    expect(fn).not.toHaveBeenCalled();
    expect(logger.warnings.join('\n')).toMatch(/not a valid regular expression/);
  });
});

describe('background robustness', () => {
  it('keeps the chain going when a background handler returns a hostile value or the logger throws', async () => {
    const registry = new HookRegistry({ logger: { warn() { throw new Error('logger down'); } } });
    let ran = 0;
    registry.register('SessionEnd', () => ({ get reason(): string { throw new Error('x'); } }) as never, { background: true });
    registry.register('SessionEnd', () => void ran++, { background: true });
    await registry.dispatch('SessionEnd', {});
    await registry.dispatch('SessionEnd', {});
    await registry.drainBackground();
    expect(ran).toBe(2);
  });

  it('queues background handlers even when the dispatch signal is already aborted', async () => {
    const registry = new HookRegistry();
    const fn = vi.fn();
    registry.register('SessionEnd', fn, { background: true });
    const result = await registry.dispatch('SessionEnd', {}, { signal: AbortSignal.abort() });
    expect(result.aborted).toBe(true);
    await registry.drainBackground();
    expect(fn).toHaveBeenCalledTimes(1);
  });
});

describe('after close()', () => {
  it('rejects a dispatch with HOOKS_ERR_CLOSED and runs nothing, in every profile', async () => {
    for (const registry of [new HookRegistry(), new HookRegistry({ profile: 'claude' })] as const) {
      let ran = false;
      (registry as HookRegistry).register('Stop' as never, (() => void (ran = true)) as never);
      await registry.close();
      const error = await (registry as HookRegistry).dispatch('Stop', {} as never).catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'HookClosedError', code: 'HOOKS_ERR_CLOSED' });
      expect(ran).toBe(false);
    }
  });
});

describe('the record file', () => {
  it('is created 0600 and never written through a symlink planted at its path', async () => {
    const { statSync, readFileSync, symlinkSync, writeFileSync } = await import('node:fs');
    const dir = mkdtempSync(join(tmpdir(), 'harness-hooks-record-'));
    const file = join(dir, 'r.jsonl');
    const registry = new HookRegistry({ record: file, logger: makeLogger() });
    await registry.dispatch('Stop', {});
    await registry.close();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const target = join(dir, 'target');
    writeFileSync(target, '');
    const link = join(dir, 'planted.jsonl');
    symlinkSync(target, link);
    const logger = makeLogger();
    const planted = new HookRegistry({ record: link, logger });
    await planted.dispatch('Stop', {});
    await planted.close();
    expect(readFileSync(target, 'utf8')).toBe('');
    expect(logger.warnings.join('\n')).toMatch(/cannot write the record file .*ELOOP/);
  });

  it('turns an error of a Node stream given as `record` into a warning, not a crash', async () => {
    const { Writable } = await import('node:stream');
    const stream = new Writable({ write: (_chunk, _enc, done) => done(new Error('disk full')) });
    const logger = makeLogger();
    const registry = new HookRegistry({ record: stream, logger });
    await registry.dispatch('Stop', {});
    await sleep(20);
    expect(logger.warnings.join('\n')).toMatch(/cannot write the record: disk full/);
  });

  it('lets more than ten commands run at once without a MaxListenersExceededWarning', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error): void => void warnings.push(w.name);
    process.on('warning', onWarning);
    try {
      const registry = new HookRegistry({ profile: 'claude', settings: { enableShellHooks: true }, logger: makeLogger() });
      registry.addConfig({ hooks: { Stop: [{ hooks: Array.from({ length: 12 }, (_, i) => ({ type: 'command', command: `sleep 0.1; echo ${i} >/dev/null` })) }] } }, { source: 'user' });
      const result = await registry.dispatch('Stop', { stop_hook_active: false });
      expect(result.runs).toHaveLength(12);
      // With the caller's own signal too: one listener on it per dispatch, not one per command.
      const withSignal = await registry.dispatch('Stop', { stop_hook_active: false }, { signal: new AbortController().signal });
      expect(withSignal.runs).toHaveLength(12);
      await sleep(10);
      expect(warnings).not.toContain('MaxListenersExceededWarning');
    } finally {
      process.off('warning', onWarning);
    }
  });
});

describe('close() during a dispatch', () => {
  it('kills the commands in progress (default profile too) and the cut dispatch reads as aborted, not approved', async () => {
    const { fixture } = await import('./helpers/fixtures.js');
    for (const profile of ['default', 'claude'] as const) {
      const registry = new HookRegistry({ profile: profile as 'default', settings: { enableShellHooks: true }, logger: makeLogger() });
      registry.addConfig({ hooks: { Stop: [{ hooks: [{ type: 'command', command: `${fixture('sleep-forever.mjs')}`, timeout: 20 }] }] } }, { source: 'user' });
      const running = registry.dispatch('Stop', { stop_hook_active: false } as never);
      await sleep(300);
      const t0 = performance.now();
      await registry.close();
      const result = await running;
      expect(performance.now() - t0).toBeLessThan(5000);
      expect(result).toMatchObject({ blocked: false, aborted: true });
      expect(result.runs[0]!.outcome).toBe('aborted');
    }
  });
});

describe('closeOnSignals()', () => {
  it('ends the hooks when the harness is signalled, and the harness still ends by that signal', async () => {
    const { spawn } = await import('node:child_process');
    const { fileURLToPath } = await import('node:url');
    const { isAlive, waitForDeath } = await import('./helpers/processes.js');
    const script = fileURLToPath(new URL('./helpers/close-on-signals.child.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const hookPid = await new Promise<number>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
      setTimeout(() => reject(new Error('the child never started its hook')), 15_000);
    });
    expect(isAlive(hookPid)).toBe(true);
    const ended = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    child.kill('SIGTERM');
    expect(await ended).toBe('SIGTERM');
    expect(await waitForDeath(hookPid, 3000)).toBe(true);
  }, 30_000);
});

describe('misspelt options', () => {
  it('throws HOOKS_ERR_OPTION_INVALID with a suggestion, for registry options, settings, session, deadlines and register()', () => {
    const cases: [() => unknown, RegExp][] = [
      [() => new HookRegistry({ toolAlias: {} } as never), /unknown option `toolAlias` \(did you mean `toolAliases`\?\)/],
      [() => new HookRegistry({ settings: { enableShellHook: true } as never }), /unknown option `enableShellHook` \(did you mean `enableShellHooks`\?\)/],
      [() => new HookRegistry({ session: { sessionID: 's' } as never }), /unknown option `sessionID` \(did you mean `sessionId`\?\)/],
      [() => new HookRegistry({ deadlines: { handlerMS: 5 } as never }), /did you mean `handlerMs`/],
      [() => new HookRegistry().register('Stop', () => undefined, { nmae: 'x' } as never), /register\('Stop'\): unknown option `nmae` \(did you mean `name`\?\)/],
      [() => new HookRegistry({ adapters: {} } as never), /profile: 'default'.*unknown option `adapters`/],
    ];
    for (const [make, message] of cases) {
      let error: unknown;
      try {
        make();
      } catch (e) {
        error = e;
      }
      expect(error).toMatchObject({ code: 'HOOKS_ERR_OPTION_INVALID' });
      expect(String((error as Error).message)).toMatch(message);
    }
    // The claude profile's own options are known to it.
    expect(() => new HookRegistry({ profile: 'claude', adapters: {}, pluginDataDir: '/tmp' })).not.toThrow();
  });
});

describe('record durations', () => {
  it('a dispatch line’s durationMs covers its runs’ (its clock starts before the run)', async () => {
    const lines: string[] = [];
    const registry = new HookRegistry({ record: { write: (line: string) => void lines.push(line) }, logger: makeLogger() });
    registry.register('Stop', () => {
      const t = performance.now();
      while (performance.now() - t < 20) {
        // a synchronous handler: all of it happens before dispatch() returns
      }
    });
    await registry.dispatch('Stop', {});
    const line = JSON.parse(lines[0]!) as { durationMs: number; runs: { durationMs: number }[] };
    expect(line.durationMs).toBeGreaterThanOrEqual(line.runs[0]!.durationMs);
  });
});

describe('onDispatch', () => {
  it('calls each listener with the event and payload as a dispatch starts, whether or not a hook runs, until removed', async () => {
    const registry = new HookRegistry();
    const seen: string[] = [];
    const off = registry.onDispatch((event, payload) => void seen.push(`${event} ${JSON.stringify(payload)}`));
    registry.register('PreToolUse', () => void seen.push('hook'));
    await registry.dispatch('PreToolUse', bash());
    await registry.dispatch('Stop', {});
    off();
    off();
    await registry.dispatch('Stop', {});
    expect(seen).toEqual(['PreToolUse {"toolName":"bash","input":{"command":"ls"}}', 'hook', 'Stop {}']);
  });

  it('is not called for a dispatch refused for its event or payload', async () => {
    const registry = new HookRegistry();
    const listener = vi.fn();
    registry.onDispatch(listener);
    await expect(registry.dispatch('PreToolUse', {} as never)).rejects.toThrow(TypeError);
    await expect(registry.dispatch('Nope' as never, {} as never)).rejects.toThrow(/unknown hook event/);
    expect(listener).not.toHaveBeenCalled();
  });

  it('logs a listener that throws, and the dispatch and the other listeners go on', async () => {
    const logger = makeLogger();
    const registry = new HookRegistry({ logger });
    const after = vi.fn();
    registry.onDispatch(() => { throw new Error('ui gone'); });
    registry.onDispatch(after);
    registry.register('PreToolUse', () => ({ decision: 'block', reason: 'no' }));
    const result = await registry.dispatch('PreToolUse', bash());
    expect(result.blocked).toBe(true);
    expect(after).toHaveBeenCalledOnce();
    expect(logger.warnings.join('\n')).toMatch(/onDispatch listener threw on PreToolUse: ui gone/);
  });

  it('refuses a listener that is not a function', () => {
    expect(() => new HookRegistry().onDispatch('x' as never)).toThrow(expect.objectContaining({ code: 'HOOKS_ERR_HANDLER_NOT_FN' }));
  });
});
