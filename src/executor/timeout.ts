// The command timeout (milliseconds from `timeout_ms`, or Claude Code's `timeout` in seconds) and the
// kill order when a hook must end: SIGTERM to the whole process group, SIGKILL after a grace period.

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
// means nothing else would end them (execa's `cleanup` skips detached children and kills a pid, not a
// group). A parent killed by SIGKILL or an unhandled signal cannot run this; abort the runs on shutdown.
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
  if (scan === undefined || now - scan.at >= POLL_MS) scan = { at: now, groups: scanProc() };
  return scan.groups;
}

const SCAN_SLICE = 64;
async function scanProc(): Promise<Set<number> | undefined> {
  const { readdir, readFile } = await import('node:fs/promises');
  let names: string[];
  try {
    names = await readdir('/proc');
  } catch {
    return undefined;
  }
  const pids = names.filter((n) => n.charCodeAt(0) >= 48 && n.charCodeAt(0) <= 57);
  const groups = new Set<number>();
  for (let i = 0; i < pids.length; i += SCAN_SLICE) {
    const stats = await Promise.all(pids.slice(i, i + SCAN_SLICE).map((p) => readFile(`/proc/${p}/stat`, 'latin1').catch(() => '')));
    for (const stat of stats) {
      if (stat === '') continue; // exited meanwhile
      // "pid (comm) state ppid pgrp ...": the fields after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ', 3);
      if (fields[0] !== 'Z' && fields[0] !== 'X') groups.add(Number(fields[2]));
    }
  }
  return groups;
}

/** How often a group being ended is checked (with a /proc scan at most every SCAN_MS before SIGKILL), and
 *  how long after SIGKILL it may take to disappear. */
const POLL_MS = 25;
const SCAN_MS = 250;
const AFTER_KILL_MS = 2_000;

/** The variable every hook process inherits, naming its run (`HARNESS_HOOKS_RUN`). */
export const RUN_MARKER = 'HARNESS_HOOKS_RUN';

// The processes whose environment names the run `marker`: those a hook started, wherever they went
// (`setsid`, a double fork, a daemon that left the process group). Read from /proc/<pid>/environ, a slice
// at a time without blocking the loop; only processes of this user are readable, which is what a hook can
// start. Empty where there is no /proc. (A process that replaced its whole environment cannot be found.)
// The variable's value is a chain: a hook that runs a harness whose hooks run in turn carries
// `outer,inner`, so the outer run still finds what the inner one started.
export async function markedProcesses(match: (runs: readonly string[]) => boolean): Promise<number[]> {
  const { readdir, readFile } = await import('node:fs/promises');
  let names: string[];
  try {
    names = await readdir('/proc');
  } catch {
    return [];
  }
  const key = `${RUN_MARKER}=`;
  const pids = names.filter((n) => n.charCodeAt(0) >= 48 && n.charCodeAt(0) <= 57 && Number(n) !== process.pid);
  const found: number[] = [];
  for (let i = 0; i < pids.length; i += SCAN_SLICE) {
    const slice = pids.slice(i, i + SCAN_SLICE);
    const environs = await Promise.all(slice.map((p) => readFile(`/proc/${p}/environ`, 'latin1').catch(() => '')));
    environs.forEach((environ, j) => {
      const at = environ.startsWith(key) ? 0 : environ.indexOf(`\0${key}`) + 1;
      if (at === 0 && !environ.startsWith(key)) return;
      const start = at + key.length;
      const end = environ.indexOf('\0', start);
      if (match(environ.slice(start, end === -1 ? environ.length : end).split(','))) found.push(Number(slice[j]));
    });
  }
  return found;
}

// Signals every process of the run `marker` (and the group each leads), beyond the hook's own group.
async function signalMarked(marker: string | undefined, signal: NodeJS.Signals): Promise<void> {
  if (marker === undefined) return;
  signalAll(await markedProcesses((runs) => runs.includes(marker)), signal);
}

// Ends every process that `match` picks by its runs: SIGTERM, then SIGKILL to what is left after `graceMs`.
export async function endMarked(match: (runs: readonly string[]) => boolean, graceMs: number): Promise<void> {
  const found = await markedProcesses(match);
  if (found.length === 0) return;
  signalAll(found, 'SIGTERM');
  const until = Date.now() + graceMs;
  let left = found;
  while (left.length > 0 && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    left = left.filter(isRunning);
  }
  signalAll(left, 'SIGKILL');
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function signalAll(pids: readonly number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(-pid, signal);
    } catch {
      // not a group leader
    }
    try {
      process.kill(pid, signal);
    } catch {
      // gone
    }
  }
}

// Ends the group led by `pid`: SIGTERM now, SIGKILL after `graceMs` (SIGTERM can be trapped or ignored,
// and a grandchild may outlive the leader). Returns at once; the group is checked every 25 ms until it is
// gone. The timers stay ref'd so a parent that is otherwise done still waits the
// (short) grace period instead of leaving the group behind. Resolves when the group is gone, and with a
// `marker`, when the processes that left the group (found by their environment) got SIGKILL too.
export function terminateProcessGroup(pid: number, graceMs: number, marker?: string): Promise<void> {
  // What left the group gets SIGTERM now and SIGKILL when the group is gone (or killed).
  const escapees = signalMarked(marker, 'SIGTERM');
  const finish = (): Promise<void> => escapees.then(() => signalMarked(marker, 'SIGKILL'));
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
