// The session status state machine: pure transitions from one session's state, one signal (what an event
// means, read from its payload by the profile's table, profile-events.ts) and the clock's reading, to the
// next state and what to do with the Stop backstop. No registry, no timers: the wiring (track.ts) keeps
// the states and the timers. The rules are those of a real hook consumer's state machine (Vibeyard's,
// against Claude Code), written down in docs/session-status.md.
import { stopHoldsWorking, type SubagentCounter } from './stop-resolution.js';

/**
 * A session's status: `idle` before any event of it (and after its SessionEnd), `waiting` for the user's
 * prompt, `working` on it, `input` waiting on the user's answer (a permission), `completed` with its turn.
 */
export type SessionStatus = 'idle' | 'waiting' | 'working' | 'input' | 'completed';

/** What one event means for the status. */
export type StatusSignal =
  /** The session starts (waiting); the subagent counter restarts unless the session was only compacted. */
  | { readonly kind: 'session-start'; readonly compact: boolean }
  /** A prompt was submitted (working); clears the interrupt latch. */
  | { readonly kind: 'prompt' }
  /** A tool finished or failed (working); one run by a subagent (`agentId`) refreshes the subagent counter. */
  | { readonly kind: 'tool'; readonly agentId?: string | undefined }
  /** The user interrupted the turn (waiting): working events are ignored until a non-working one. */
  | { readonly kind: 'interrupt' }
  /** The harness waits on the user's answer (input). */
  | { readonly kind: 'input' }
  /** The agent stopped: completed, or working while the turn waits on something (stop-resolution.ts). */
  | { readonly kind: 'stop'; readonly tasks?: unknown }
  /** The turn stopped on an error (waiting). */
  | { readonly kind: 'stop-failure' }
  | { readonly kind: 'subagent-start' }
  | { readonly kind: 'subagent-stop' }
  /** The session ended: its state goes (idle). */
  | { readonly kind: 'session-end' }
  /** Anything else: no status of its own, but the session is not silent. */
  | { readonly kind: 'activity' };

/** One session's state. */
export interface SessionState {
  readonly status: SessionStatus;
  /** An interrupt was seen and no non-working event since. */
  readonly interrupted: boolean;
  readonly subagents: SubagentCounter;
}

/**
 * What the wiring does with the Stop backstop after a signal: `arm` (a Stop resolved to working: force
 * completed if nothing else arrives), `cancel` (an event that decided a status), `extend` (an event with no
 * status of its own: the session is not silent, so an armed backstop starts its window again).
 */
export type BackstopAction = 'arm' | 'cancel' | 'extend';

export interface Transition {
  /** `undefined`: the session ended, forget it. */
  readonly state: SessionState | undefined;
  readonly backstop: BackstopAction;
}

/** The state of a session no event has been seen for. */
export const INITIAL_STATE: SessionState = Object.freeze({ status: 'idle', interrupted: false, subagents: Object.freeze({ count: 0, at: Number.NEGATIVE_INFINITY }) });

// The next state of a session (`INITIAL_STATE` for a new one) after a signal at `now`.
export function nextState(state: SessionState, signal: StatusSignal, now: number, staleMs: number): Transition {
  let subagents = state.subagents;
  switch (signal.kind) {
    case 'session-end':
      return { state: undefined, backstop: 'cancel' };
    case 'activity':
      return { state, backstop: 'extend' };
    case 'subagent-start':
      return { state: { ...state, subagents: { count: subagents.count + 1, at: now } }, backstop: 'extend' };
    case 'subagent-stop':
      return { state: { ...state, subagents: { count: Math.max(0, subagents.count - 1), at: now } }, backstop: 'extend' };
    case 'tool':
      // Keyed on the subagent's id alone: a main thread started with `--agent` carries an agent_type too,
      // and counting it would wedge the session in working until the backstop.
      if (signal.agentId !== undefined) subagents = { count: subagents.count, at: now };
      break;
    case 'session-start':
      if (!signal.compact) subagents = { count: 0, at: now };
      break;
    default:
      break;
  }
  const target = statusOf(signal, subagents, now, staleMs);
  const base: SessionState = subagents === state.subagents ? state : { ...state, subagents };
  // Completed is sticky: a Stop or StopFailure's waiting does not overwrite it (a new prompt does).
  if (target === 'waiting' && (signal.kind === 'stop-failure' || signal.kind === 'stop') && state.status === 'completed') return { state: base, backstop: 'cancel' };
  if (signal.kind === 'interrupt') return { state: { ...base, status: 'waiting', interrupted: true }, backstop: 'cancel' };
  // A new prompt is the user's own action: it always clears the latch.
  const interrupted = signal.kind === 'prompt' ? false : base.interrupted;
  // A stale working event (a PostToolUse that lands after the user pressed Escape) is ignored.
  if (target === 'working' && interrupted) return { state: base, backstop: 'cancel' };
  // Any other status clears the latch: the harness reached a definite state.
  const next: SessionState = { ...base, status: target, interrupted: target === 'working' ? interrupted : false };
  return { state: next, backstop: signal.kind === 'stop' && target === 'working' ? 'arm' : 'cancel' };
}

// The state once the Stop backstop fires: a session still working is completed.
export function backstopFired(state: SessionState): SessionState {
  return state.status === 'working' ? { ...state, status: 'completed' } : state;
}

function statusOf(signal: Exclude<StatusSignal, { kind: 'session-end' | 'activity' | 'subagent-start' | 'subagent-stop' }>, subagents: SubagentCounter, now: number, staleMs: number): SessionStatus {
  switch (signal.kind) {
    case 'session-start':
    case 'stop-failure':
    case 'interrupt':
      return 'waiting';
    case 'prompt':
    case 'tool':
      return 'working';
    case 'input':
      return 'input';
    case 'stop':
      return stopHoldsWorking(signal.tasks, subagents, now, staleMs) ? 'working' : 'completed';
  }
}
