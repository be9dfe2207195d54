// Unhandled rejections and uncaught exceptions during a test body, caught here (vitest's own listeners
// are set aside meanwhile).
import { sleep } from './logger.js';

/** Runs `body`, waits `settleMs` for late settlements, and returns what went unhandled: rejections, and exceptions thrown where nothing caught them (a timer callback). */
export async function processErrorsDuring(body: () => Promise<void>, settleMs = 250): Promise<{ unhandled: unknown[]; uncaught: unknown[] }> {
  const saved = { unhandledRejection: process.listeners('unhandledRejection'), uncaughtException: process.listeners('uncaughtException') };
  process.removeAllListeners('unhandledRejection');
  process.removeAllListeners('uncaughtException');
  const unhandled: unknown[] = [];
  const uncaught: unknown[] = [];
  const onUnhandled = (reason: unknown): void => void unhandled.push(reason);
  const onUncaught = (error: unknown): void => void uncaught.push(error);
  process.on('unhandledRejection', onUnhandled);
  process.on('uncaughtException', onUncaught);
  try {
    await body();
    await sleep(settleMs);
    return { unhandled, uncaught };
  } finally {
    process.removeListener('unhandledRejection', onUnhandled);
    process.removeListener('uncaughtException', onUncaught);
    for (const l of saved.unhandledRejection) process.on('unhandledRejection', l as never);
    for (const l of saved.uncaughtException) process.on('uncaughtException', l as never);
  }
}

/** The rejections nothing handled while `body` ran (see processErrorsDuring). */
export async function unhandledDuring(body: () => Promise<void>, settleMs = 250): Promise<unknown[]> {
  return (await processErrorsDuring(body, settleMs)).unhandled;
}
