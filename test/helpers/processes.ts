// Process checks for tests that must leave nothing running.
import { readdirSync, readFileSync } from 'node:fs';

// Whether `pid` is a live process. A zombie (exited, not yet reaped) counts as dead.
export function isAlive(pid: number): boolean {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return false;
  }
  // "pid (comm) state ...": the state follows the last ')'.
  const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  return state !== 'Z' && state !== 'X';
}

// Waits until `pid` is dead; false if it is still alive after `withinMs`.
export async function waitForDeath(pid: number, withinMs: number): Promise<boolean> {
  const until = Date.now() + withinMs;
  while (isAlive(pid)) {
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

// The numbers that follow `label` on lines of `text`, e.g. pidsAfter('ready', 'ready 123\n') -> [123].
export function pidsAfter(label: string, text: string): number[] {
  return [...text.matchAll(new RegExp(`^${label} (\\d+)$`, 'gm'))].map((m) => Number(m[1]));
}

// The environment of a live process (its `NAME=value` entries), or undefined when it is gone or not ours to read.
export function environOf(pid: number): string[] | undefined {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
  } catch {
    return undefined;
  }
}

export interface ProcessInfo {
  pid: number;
  ppid: number;
  comm: string;
  state: string;
  cmdline: string;
}

// Every live (non-zombie) process, read from /proc: no dependency on pgrep or ps being installed.
export function listProcesses(): ProcessInfo[] {
  const out: ProcessInfo[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const [state, ppid] = stat.slice(close + 2).split(' ');
      if (state === 'Z' || state === 'X') continue;
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').join(' ').trim();
      out.push({ pid: Number(name), ppid: Number(ppid), comm: stat.slice(stat.indexOf('(') + 1, close), state: state!, cmdline });
    } catch {
      // The process ended while we looked.
    }
  }
  return out;
}

// The pid a hook wrote to `file` as `<label> <pid>` (a fixture's stderr sent there), once it has: however long
// node takes to start on a loaded machine, up to `withinMs`. Tests wait on this rather than a fixed sleep.
export async function waitForPidInFile(file: string, label: string, withinMs = 15_000): Promise<number> {
  const until = Date.now() + withinMs;
  for (;;) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      // the shell has not made the file yet
    }
    const [pid] = pidsAfter(label, text);
    if (pid !== undefined) return pid;
    if (Date.now() > until) throw new Error(`no "${label} <pid>" line in ${file} after ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
