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

// Ends the group led by `pid`: SIGTERM now, SIGKILL after `graceMs` (SIGTERM can be trapped or ignored,
// and a grandchild may outlive the leader). Returns at once; the SIGKILL timer stays ref'd so a parent
// that is otherwise done still waits the (short) grace period instead of leaving the group behind.
export function terminateProcessGroup(pid: number, graceMs: number): void {
  if (!killProcessGroup(pid, 'SIGTERM')) {
    untrackProcessGroup(pid);
    return;
  }
  setTimeout(() => {
    killProcessGroup(pid, 'SIGKILL');
    untrackProcessGroup(pid);
  }, graceMs);
}
