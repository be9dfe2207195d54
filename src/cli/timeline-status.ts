// The timeline's status lane: each session's status (waiting / working / input / completed) over a recorded
// session, from the recorded dispatches fed in record order through the same state machine `trackSessionStatus`
// steps (session-status/machine.ts, read with the profile's table), with the record's own times as the clock:
// the Stop backstop fires, and the subagent counter ages out, by recorded time.
import { backstopFired, INITIAL_STATE, nextState, type SessionState, type SessionStatus, type StatusSignal } from '../session-status/machine.js';
import { sessionIdOf, signalOf, statusTableOf } from '../session-status/profile-events.js';

/** One stretch of a session's status, in ms since the first dispatch. */
export interface StatusInterval {
  status: Exclude<SessionStatus, 'idle'>;
  start: number;
  end: number;
  /** The event that set it, or `null` when the Stop backstop did. */
  event: string | null;
  /** The record line of that event. */
  line?: number;
  /** Why the session took this status, in words. */
  reason: string;
}

/** One session's status lane. */
export interface SessionStatusLane {
  /** The session's id from its payloads (`''` when none of them names one). */
  sessionId: string;
  intervals: StatusInterval[];
}

/** A dispatch as the lane needs it: its event, payload, record line and time (ms since the first dispatch). */
export interface TimedDispatch {
  event: string;
  payload: unknown;
  line: number;
  at: number;
}

// trackSessionStatus's defaults: the record is read with the rules a live tracker would have applied.
const STOP_FALLBACK_MS = 10 * 60 * 1000;
const STALE_MS = 10 * 60 * 1000;

interface Track {
  state: SessionState;
  /** When the armed Stop backstop fires, if one is armed. */
  deadline: number | undefined;
  lane: SessionStatusLane;
}

// Each session's status intervals over `dispatches` (in record order), read with `profile`'s table; the last
// interval of a session still open ends at `end`.
export function statusLanes(dispatches: readonly TimedDispatch[], profile: string, end: number): SessionStatusLane[] {
  const table = statusTableOf(profile);
  const tracks = new Map<string, Track>();
  const lanes: SessionStatusLane[] = [];
  const change = (track: Track, next: SessionState | undefined, at: number, event: string | null, line: number | undefined, reason: string): void => {
    const previous = track.state.status;
    track.state = next ?? INITIAL_STATE;
    const status = track.state.status;
    if (status === previous) return;
    const open = track.lane.intervals.at(-1);
    // (A record is read as hostile: a time before the interval's start does not make it run backwards.)
    if (open !== undefined && open.end === Number.POSITIVE_INFINITY) open.end = Math.max(open.start, at);
    if (status !== 'idle') track.lane.intervals.push({ status, start: at, end: Number.POSITIVE_INFINITY, event, ...(line === undefined ? {} : { line }), reason });
  };
  // A backstop armed before `at` fires at its deadline: a session a Stop left working goes completed.
  const fireBefore = (track: Track, at: number): void => {
    if (track.deadline === undefined || track.deadline > at) return;
    const firedAt = track.deadline;
    track.deadline = undefined;
    change(track, backstopFired(track.state), firedAt, null, undefined, `no event for ${STOP_FALLBACK_MS / 60_000} min after a Stop that held the session working (the Stop backstop)`);
  };
  for (const d of dispatches) {
    const sessionId = sessionIdOf(table, d.payload, undefined);
    let track = tracks.get(sessionId);
    if (track === undefined) {
      track = { state: INITIAL_STATE, deadline: undefined, lane: { sessionId, intervals: [] } };
      tracks.set(sessionId, track);
      lanes.push(track.lane);
    }
    fireBefore(track, d.at);
    const signal = signalOf(table, d.event, d.payload);
    const { state: next, backstop } = nextState(track.state, signal, d.at, STALE_MS);
    if (backstop === 'arm') track.deadline = d.at + STOP_FALLBACK_MS;
    // The session is not silent: an armed backstop's window starts again.
    else if (backstop === 'extend') track.deadline = track.deadline === undefined ? undefined : d.at + STOP_FALLBACK_MS;
    else track.deadline = undefined;
    change(track, next, d.at, d.event, d.line, `${d.event} (line ${d.line}): ${reasonOf(signal, next?.status)}`);
  }
  for (const track of tracks.values()) {
    fireBefore(track, end);
    const open = track.lane.intervals.at(-1);
    if (open !== undefined && open.end === Number.POSITIVE_INFINITY) open.end = Math.max(open.start, end);
  }
  return lanes.filter((lane) => lane.intervals.length > 0);
}

// What a signal meant, in words, given the status it left.
function reasonOf(signal: StatusSignal, status: SessionStatus | undefined): string {
  switch (signal.kind) {
    case 'session-start':
      return 'the session started';
    case 'prompt':
      return 'a prompt was submitted';
    case 'tool':
      return 'a tool ran';
    case 'interrupt':
      return 'the user interrupted the turn';
    case 'input':
      return 'the agent waits on the user’s answer';
    case 'stop':
      return status === 'working' ? 'the agent stopped, but its turn waits on subagents or background tasks' : 'the agent finished its turn';
    case 'stop-failure':
      return 'the turn stopped on an error';
    default:
      return signal.kind;
  }
}
