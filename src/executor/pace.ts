// Spawning a process is synchronous in Node (a fork and an exec, a few ms each). Started together, 200
// hooks would hold the harness's event loop for half a second or more (issue 11 item 24). Spawns are paced
// instead: at most SPAWN_BUDGET_MS of them per turn of the event loop; the rest wait for the next turn
// (setImmediate), so timers, I/O and the harness's own work run in between. A lone spawn, or a few, start
// at once, with no extra hop.

import { now } from '../clock.js';

/** Synchronous spawning allowed per turn of the event loop, in ms. */
export const SPAWN_BUDGET_MS = 8;

let burstStart = 0;
let inBurst = false;
const waiting: (() => void)[] = [];

// Runs `start` now when this turn's budget allows, else on a later turn; resolves to what it returns.
export function paced<T>(start: () => Promise<T>): Promise<T> {
  if (!inBurst) {
    inBurst = true;
    burstStart = now();
    setImmediate(nextTurn);
  }
  if (waiting.length === 0 && now() - burstStart < SPAWN_BUDGET_MS) return start();
  return new Promise<T>((resolve, reject) => waiting.push(() => start().then(resolve, reject)));
}

function nextTurn(): void {
  burstStart = now();
  while (waiting.length > 0 && now() - burstStart < SPAWN_BUDGET_MS) waiting.shift()!();
  if (waiting.length > 0) setImmediate(nextTurn);
  else inBurst = false;
}
