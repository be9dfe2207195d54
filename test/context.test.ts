// An entry's context: one signal per entry, however and whenever it is read.
import { describe, expect, it } from 'vitest';
import { HookRegistry } from '../src/index.js';
import { makeLogger } from './helpers/logger.js';

const payload = { toolName: 'bash' };

describe('entry context', () => {
  it('hands a handler one signal however often it reads it, even if the app replaces the global AbortController meanwhile, and aborts it at the deadline', async () => {
    const registry = new HookRegistry({ logger: makeLogger(), deadlines: { handlerMs: 50 } });
    const signals: AbortSignal[] = [];
    const Original = globalThis.AbortController;
    registry.register('PreToolUse', (_p, context) => {
      signals.push(context.signal);
      // An app (a polyfill, a test double) swaps the global while the hook runs.
      globalThis.AbortController = class Unrelated {} as never;
      try {
        signals.push(context.signal);
      } finally {
        globalThis.AbortController = Original;
      }
      return new Promise(() => {});
    });
    const result = await registry.dispatch('PreToolUse', payload);
    expect(result.runs[0]!.outcome).toBe('timeout');
    expect(signals[1]).toBe(signals[0]);
    expect(signals[0]!.aborted).toBe(true);
  });

  it('is born aborted when first read after its deadline passed, and aborts with the dispatch otherwise', async () => {
    const late = new HookRegistry({ logger: makeLogger(), deadlines: { handlerMs: 30 } });
    let context: { signal: AbortSignal } | undefined;
    late.register('PreToolUse', (_p, c) => ((context = c), new Promise(() => {})));
    await late.dispatch('PreToolUse', payload);
    expect(context!.signal.aborted).toBe(true);
    expect((context!.signal.reason as Error).message).toMatch(/deadline passed|timed out/);

    const aborting = new HookRegistry({ logger: makeLogger() });
    const controller = new AbortController();
    let seen: AbortSignal | undefined;
    aborting.register('PreToolUse', (_p, c) => ((seen = c.signal), new Promise(() => {})));
    const running = aborting.dispatch('PreToolUse', payload, { signal: controller.signal });
    controller.abort(new Error('the user pressed Esc'));
    expect((await running).aborted).toBe(true);
    expect(seen!.aborted).toBe(true);
  });
});
