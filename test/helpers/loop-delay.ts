// The longest the event loop was blocked while `body` ran, measured with monitorEventLoopDelay. The
// histogram records the gap between two firings of its own timer: a block before its first firing (one
// that starts in the same tick as `enable()`) or after its last (a `disable()` in the same tick as the
// block ends) is never recorded, and the measure reads ~0 ms however long the block was. So the timer
// fires before `body` starts and again after it ends.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// `body`'s value, and the longest stall of the loop while it ran, in milliseconds.
export async function loopBlockedDuring<T>(body: () => Promise<T> | T): Promise<{ value: T; blockedMs: number }> {
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  try {
    await tick(30);
    const value = await body();
    await tick(30);
    return { value, blockedMs: h.max / 1e6 };
  } finally {
    h.disable();
  }
}
