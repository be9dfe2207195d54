import { describe, expect, it } from 'vitest';
import { paced, SPAWN_BUDGET_MS } from '../../src/executor/pace.js';
import { CommandExecutor } from '../../src/executor/index.js';
import { makeLogger } from '../helpers/logger.js';

const busy = (ms: number): void => {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // a synchronous spawn's cost
  }
};

describe('paced spawning', () => {
  it('starts at most a budget’s worth of synchronous work per turn of the event loop; the loop runs in between', async () => {
    const order: string[] = [];
    setImmediate(() => order.push('the loop ran'));
    const all = Array.from({ length: 12 }, (_, i) =>
      paced(async () => {
        busy(3);
        order.push(`start ${i}`);
        return i;
      }),
    );
    expect(await Promise.all(all)).toEqual([...Array(12).keys()]);
    const loop = order.indexOf('the loop ran');
    expect(loop).toBeGreaterThan(0); // some started at once, in this turn
    expect(loop).toBeLessThan(order.length - 1); // and the rest after the loop had a turn
    expect(loop).toBeLessThanOrEqual(Math.ceil(SPAWN_BUDGET_MS / 3) + 1);
  });

  it('a lone spawn starts at once, in the same turn', async () => {
    let started = false;
    const p = paced(async () => {
      started = true;
    });
    expect(started).toBe(true);
    await p;
  });

  it('runs every one of many commands started together', async () => {
    const executor = new CommandExecutor({ logger: makeLogger() });
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) => executor.run({ type: 'command', command: `exit ${i % 3}` }, {})));
    expect(results.map((r) => r.exitCode)).toEqual(Array.from({ length: 60 }, (_, i) => i % 3));
  });
});
