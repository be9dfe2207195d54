// Whether a Stop is a completion or a pause: the main agent stops each time it waits on its subagents, so a
// Stop holds the session in `working` while something the model will hear back from in this turn is still
// running. Two signals, OR'd, as a real hook consumer (Vibeyard) resolves it against Claude Code:
// - the Stop's `background_tasks`: an entry of a type that blocks the turn, not in a terminal status;
// - the subagent counter (SubagentStart up, SubagentStop down), unless it is older than `staleMs`. The
//   list leaves out foreground subagents that have not been backgrounded yet, so an empty (or absent) list is
//   no proof of idleness, and a list that holds nothing still lets the counter hold.

/** Task types the turn waits on: the model itself produces more output in this turn once they finish. */
const HOLDING_TYPES: ReadonlySet<string> = new Set(['subagent', 'teammate', 'workflow']);
// Not holding: `shell`, `monitor`, `MCP task`, `cloud session` (they may wake a later turn; the user is free to
// type now) and any type not listed here (fail toward completed: a late notification beats a stuck session).

/** Statuses in which a task is no longer in flight. */
const TERMINAL_STATUSES: ReadonlySet<string> = new Set(['completed', 'failed', 'cancelled', 'canceled', 'killed', 'stopped', 'error', 'errored', 'done', 'timed_out']);

/** The subagent counter of one session: how many are running, and when it last moved or was refreshed. */
export interface SubagentCounter {
  readonly count: number;
  /** The clock's reading at the last change or refresh. */
  readonly at: number;
}

// Whether one `background_tasks` entry holds the turn open.
export function taskHoldsTurn(task: unknown): boolean {
  if (task === null || typeof task !== 'object') return false;
  const { type, status } = task as { type?: unknown; status?: unknown };
  return typeof type === 'string' && HOLDING_TYPES.has(type) && !(typeof status === 'string' && TERMINAL_STATUSES.has(status));
}

// Whether a Stop resolves to `working` (true) or `completed` (false).
export function stopHoldsWorking(tasks: unknown, counter: SubagentCounter, now: number, staleMs: number): boolean {
  if (Array.isArray(tasks) && tasks.some(taskHoldsTurn)) return true;
  // The counter is written from many hooks without a lock and can be left wrong (a lost SubagentStop): one
  // that has not moved for `staleMs` is ignored.
  return counter.count > 0 && now - counter.at <= staleMs;
}
