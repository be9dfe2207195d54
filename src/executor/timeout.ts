// The command timeout (milliseconds from `timeout_ms`, or Claude Code's `timeout` in seconds) and the
// kill order when a hook must end: SIGTERM to the whole process group, SIGKILL after a grace period.
import { findRunProcesses, type ProcStat, readAllStats, readStat, type RunProcesses } from './run-processes.js';

/** The timeout when a spec gives none, and the most any spec can ask for. */
export const DEFAULT_TIMEOUT_MS = 30_000;
export const MAX_TIMEOUT_MS = 30_000;

/** The timeout fields of a command hook spec. */
export interface TimeoutSpec {
  /** Milliseconds; used when positive. */
  timeout_ms?: number | undefined;
  /** Seconds (Claude Code's unit); used when `timeout_ms` is not positive. */
  timeout?: number | undefined;
}

function isPositive(value: unknown): value is number {
  return typeof value === 'number' && value > 0;
}

// The command's timeout in ms: `timeout_ms` when positive, else `timeout` seconds when positive, else
// 30000; never more than 30000.
export function resolveTimeoutMs(spec: TimeoutSpec): number {
  const ms = isPositive(spec.timeout_ms) ? spec.timeout_ms : isPositive(spec.timeout) ? spec.timeout * 1000 : DEFAULT_TIMEOUT_MS;
  return Math.min(ms, MAX_TIMEOUT_MS);
}

// Sends `signal` to the process group led by `pid` (the hook was spawned detached, so it leads its own
// group and a kill reaches its grandchildren too). Returns false when the group is already gone.
export function killProcessGroup(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    // EPERM on the group (a member changed its credentials): still end the leader we spawned.
    try {
      process.kill(pid, signal);
      return true;
    } catch {
      return false;
    }
  }
}

// Groups that may still be running. On a normal parent exit they get SIGKILL, since `detached: true`
// means nothing else would end them. A parent killed by SIGKILL or an unhandled signal cannot run this; abort the runs on shutdown.
const liveGroups = new Set<number>();
let exitHookInstalled = false;

function killLiveGroups(): void {
  for (const pid of liveGroups) killProcessGroup(pid, 'SIGKILL');
  liveGroups.clear();
}

// Records a spawned group so a parent exit can end it.
export function trackProcessGroup(pid: number): void {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', killLiveGroups);
  }
  liveGroups.add(pid);
}

// Forgets a group whose run is over.
export function untrackProcessGroup(pid: number): void {
  liveGroups.delete(pid);
}

// Whether any process of the group led by `pid` still runs. Signal 0 sends nothing but counts zombies: a
// grandchild orphaned to an init that does not reap (a container without one) stays a zombie for good.
// So where /proc exists, a group whose only members are zombies is gone.
// `scan: false` trusts signal 0 alone (the /proc scan reads every process's stat: not every 25 ms).
async function groupAlive(pid: number, scan: boolean): Promise<boolean> {
  try {
    process.kill(-pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
  if (!scan) return true;
  const running = await runningGroups();
  return running === undefined || running.has(pid);
}

// The process groups with a member that is not a zombie, from one /proc scan shared by every group being
// ended and reused for POLL_MS. The scan reads asynchronously, a slice of stat files at a time: with 2,000
// processes on the host and twenty groups being killed, a synchronous scan per group per poll kept the
// harness's event loop 86–98 % blocked. undefined where there is no /proc (then signal 0 is trusted).
let scan: { at: number; groups: Promise<Set<number> | undefined> } | undefined;
function runningGroups(): Promise<Set<number> | undefined> {
  const now = Date.now();
  if (scan === undefined || now - scan.at >= POLL_MS) scan = { at: now, groups: readAllStats().then((stats) => stats && new Set([...stats.values()].map((s) => s.pgrp))) };
  return scan.groups;
}

/** How often a group being ended is checked (with a /proc scan at most every SCAN_MS before SIGKILL), and
 *  how long after SIGKILL it may take to disappear. */
const POLL_MS = 25;
const SCAN_MS = 250;
const AFTER_KILL_MS = 2_000;

// Signals each of `found` still running as the same process (its start time read again just before), and
// the group it leads; returns those signalled. A pid that now names another process is left alone.
async function signalSame(found: readonly ProcStat[], signal: NodeJS.Signals): Promise<ProcStat[]> {
  const now = await Promise.all(found.map((p) => readStat(p.pid)));
  const same = found.filter((p, i) => now[i]?.start === p.start);
  for (const p of same) {
    // Its group: every member is in its session, so descends from it.
    if (now[found.indexOf(p)]!.pgrp === p.pid) {
      try {
        process.kill(-p.pid, signal);
      } catch {
        // gone
      }
    }
    try {
      process.kill(p.pid, signal);
    } catch {
      // gone
    }
  }
  return same;
}

// Ends processes a scan found (run-processes.ts): SIGTERM, then SIGKILL to what is left after `graceMs`.
export async function endProcesses(found: readonly ProcStat[], graceMs: number): Promise<void> {
  let left = await signalSame(found, 'SIGTERM');
  const until = Date.now() + graceMs;
  while (left.length > 0 && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const now = await Promise.all(left.map((p) => readStat(p.pid)));
    left = left.filter((p, i) => now[i]?.start === p.start);
  }
  if (left.length > 0) await signalSame(left, 'SIGKILL');
}

// Signals what `run`'s marks find beyond the hook's own group.
async function signalRun(run: RunProcesses | undefined, signal: NodeJS.Signals): Promise<void> {
  if (run !== undefined) await signalSame(await findRunProcesses([run]), signal);
}

// Ends the group led by `pid`: SIGTERM now, SIGKILL after `graceMs` (SIGTERM can be trapped or ignored,
// and a grandchild may outlive the leader). Returns at once; the group is checked every 25 ms until it is
// gone. The timers stay ref'd so a parent that is otherwise done still waits the
// (short) grace period instead of leaving the group behind. Resolves when the group is gone, and with a
// `run`, when the processes that left the group (found by its marks, run-processes.ts) got SIGKILL too.
export function terminateProcessGroup(pid: number, graceMs: number, run?: RunProcesses): Promise<void> {
  if (run === undefined) return endGroup(pid, graceMs, () => Promise.resolve());
  // The run's marks are read before the group is signalled: its leader, still alive, proves the session
  // is the hook's, and the tree is seen before SIGTERM reparents it. (Not SIGSTOP for the read: a harness
  // killed meanwhile would leave the hook stopped for good.) What the scan finds gets SIGTERM, then the
  // group, and what is left of the run when the group is gone (or killed) gets SIGKILL.
  return signalRun(run, 'SIGTERM').then(() => endGroup(pid, graceMs, () => signalRun(run, 'SIGKILL')));
}

// SIGTERM to the group now, SIGKILL after `graceMs`; then `finish`.
function endGroup(pid: number, graceMs: number, finish: () => Promise<void>): Promise<void> {
  if (!killProcessGroup(pid, 'SIGTERM')) {
    untrackProcessGroup(pid);
    return finish();
  }
  const start = Date.now();
  let killed = false;
  let scanned = start;
  return new Promise<void>((resolve) => {
    const check = (): void => {
      const now = Date.now();
      const elapsed = now - start;
      if (!killed && elapsed >= graceMs) {
        killed = true;
        killProcessGroup(pid, 'SIGKILL');
      }
      const withScan = killed || now - scanned >= SCAN_MS;
      if (withScan) scanned = now;
      void groupAlive(pid, withScan).then((alive) => {
        if (!alive || Date.now() - start >= graceMs + AFTER_KILL_MS) {
          untrackProcessGroup(pid);
          void finish().then(resolve);
          return;
        }
        const since = Date.now() - start;
        setTimeout(check, killed ? POLL_MS : Math.max(1, Math.min(POLL_MS, graceMs - since)));
      });
    };
    setTimeout(check, Math.max(1, Math.min(POLL_MS, graceMs)));
  });
}
