// Unhandled rejections during a test body, caught here (vitest's own listeners are set aside meanwhile).
import { sleep } from './logger.js';

/** Runs `body`, waits `settleMs` for late settlements, and returns the rejections nothing handled. */
export async function unhandledDuring(body: () => Promise<void>, settleMs = 250): Promise<unknown[]> {
  const saved = process.listeners('unhandledRejection');
  process.removeAllListeners('unhandledRejection');
  const seen: unknown[] = [];
  const mine = (reason: unknown): void => void seen.push(reason);
  process.on('unhandledRejection', mine);
  try {
    await body();
    await sleep(settleMs);
    return seen;
  } finally {
    process.removeListener('unhandledRejection', mine);
    for (const l of saved) process.on('unhandledRejection', l as never);
  }
}
