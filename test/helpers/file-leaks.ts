// Vitest setup file: after each test file, no process a hook of this file started may still run. Every
// run's processes carry HARNESS_HOOKS_RUN=<this worker's pid in base 36>.… (run-processes.ts), so the check
// finds them even after they left the hook's group or were re-parented. Kills in flight get up to 3 s to
// finish (a timed-out or aborted hook is ended in the background); then what is left is killed and the
// file fails, named — instead of the whole run failing at the end with no file to blame.
import { afterAll } from 'vitest';
import { environOf, listProcesses } from './processes.js';

const mine = `${process.pid.toString(36)}.`;

function markedByThisFile(): string[] {
  const left: string[] = [];
  for (const p of listProcesses()) {
    if (p.pid === process.pid) continue;
    const marker = environOf(p.pid)?.find((v) => v.startsWith('HARNESS_HOOKS_RUN='));
    if (marker?.slice('HARNESS_HOOKS_RUN='.length).split(',').some((run) => run.startsWith(mine))) left.push(`${p.pid} ${p.cmdline}`);
  }
  return left;
}

afterAll(async () => {
  let left = markedByThisFile();
  for (let i = 0; i < 30 && left.length > 0; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    left = markedByThisFile();
  }
  if (left.length === 0) return;
  for (const line of left) {
    try {
      process.kill(Number(line.split(' ', 1)[0]), 'SIGKILL');
    } catch {
      // already gone
    }
  }
  throw new Error(`hook processes this test file started were still running 3 s after its last test (now killed):\n${left.join('\n')}`);
}, 10_000);
