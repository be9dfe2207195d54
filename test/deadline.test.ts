import { describe, expect, it } from 'vitest';
import { addDeadline, cancelDeadline, now, pendingDeadlines } from '../src/deadline.js';
import { sleep } from './helpers/logger.js';
import { processErrorsDuring } from './helpers/unhandled.js';

describe('shared deadline timer', () => {
  it('fires deadlines in time order whatever order they were added in, skipping cancelled ones', async () => {
    const fired: string[] = [];
    const t = now();
    addDeadline(t + 60, () => fired.push('60'));
    const c = addDeadline(t + 20, () => fired.push('20-cancelled'));
    addDeadline(t + 40, () => fired.push('40'));
    addDeadline(t + 10, () => fired.push('10')); // earlier than the armed timer: re-arms
    cancelDeadline(c);
    expect(pendingDeadlines()).toBe(3);
    await sleep(120);
    expect(fired).toEqual(['10', '40', '60']);
    expect(pendingDeadlines()).toBe(0);
  });

  it('does not fire early', async () => {
    const t = now();
    let firedAt = 0;
    addDeadline(t + 50, () => (firedAt = now()));
    await sleep(120);
    expect(firedAt - t).toBeGreaterThanOrEqual(49);
  });

  it('stays small when many deadlines are cancelled out of order', () => {
    const t = now();
    const items = Array.from({ length: 1000 }, (_, i) => addDeadline(t + 10_000 + i, () => {}));
    for (let i = items.length - 1; i >= 1; i--) cancelDeadline(items[i]!);
    expect(pendingDeadlines()).toBe(1);
    cancelDeadline(items[0]!);
    cancelDeadline(items[0]!); // idempotent
    expect(pendingDeadlines()).toBe(0);
  });
});

describe('shared deadline timer: an item that throws', () => {
  it('still fires the other items due and arms the timer for the later ones; the error surfaces once', async () => {
    const fired: string[] = [];
    const { uncaught } = await processErrorsDuring(async () => {
      const t = now();
      addDeadline(t + 10, () => {
        throw new Error('a bug in one item');
      });
      addDeadline(t + 10, () => fired.push('same tick'));
      addDeadline(t + 60, () => fired.push('later'));
      await sleep(150);
    }, 20);
    expect(fired).toEqual(['same tick', 'later']);
    expect(uncaught.map((e) => (e as Error).message)).toEqual(['a bug in one item']);
    expect(pendingDeadlines()).toBe(0);
  });
});
