// trackSessionStatus: the status of each session (waiting / working / input / completed) from the events
// dispatched through a registry, for a harness's UI. It hears every dispatch through `registry.onDispatch`,
// reads each event with its profile's table (profile-events.ts), steps the state machine (machine.ts) and
// keeps the one timer the machine asks for, the Stop backstop.
import { now as performanceNow } from '../clock.js';
import { describeValue, HookTypeError } from '../errors.js';
import { rejectUnknownKeys } from '../option-keys.js';
import type { HookLogger, HookSession } from '../types.js';
import { backstopFired, INITIAL_STATE, nextState, type SessionState, type SessionStatus } from './machine.js';
import { sessionIdOf, signalOf, statusTableOf } from './profile-events.js';

export type { SessionStatus } from './machine.js';

/** A status change, as `onChange` gets it. */
export interface SessionStatusChange {
  sessionId: string;
  status: SessionStatus;
  previous: SessionStatus;
  /** The dispatched event that changed it, or `null` when the Stop backstop did. */
  event: string | null;
}

/** The clock the tracker reads and sets its timer with. */
export interface SessionStatusClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface SessionStatusOptions {
  /** Called with each change of a session's status (not when an event leaves it as it was). */
  onChange?: (change: SessionStatusChange) => void;
  /**
   * How long a session a Stop left `working` (its turn waits on subagents) may go silent before it is
   * forced to `completed`: the only guarantee of an eventual completion when a subagent hangs.
   * @default 600000 (10 min)
   */
  stopFallbackMs?: number;
  /**
   * How old the subagent counter may be before a Stop ignores it (a lost SubagentStop leaves it too high).
   * @default 600000 (10 min)
   */
  staleMs?: number;
  /**
   * For tests: the clock to read and to set the backstop's timer with, so the backstop and staleness can be
   * shown without waiting. Default: a monotonic clock (src/clock.ts) and Node's timers (unref'd).
   * @example { now: () => t, setTimeout: (fn, ms) => timers.add(fn), clearTimeout: (h) => timers.delete(h) }
   */
  clock?: SessionStatusClock;
}

/** What `trackSessionStatus` returns. */
export interface SessionStatusTracker {
  /** A session's status; `idle` for one no event has been seen for (or whose SessionEnd was). */
  status(sessionId: string): SessionStatus;
  /** Stops following the registry and clears the timers; `status()` then answers the last known status. */
  close(): void;
}

/** What the tracker needs of a registry (any `HookRegistry`). */
export interface StatusSource {
  readonly profile: string;
  readonly session: Readonly<HookSession>;
  readonly logger: HookLogger;
  onDispatch(listener: (event: string, payload: unknown) => void): () => void;
}

const OPTION_KEYS = ['onChange', 'stopFallbackMs', 'staleMs', 'clock'];
const TEN_MINUTES = 10 * 60 * 1000;

const NODE_CLOCK: SessionStatusClock = {
  now: performanceNow,
  setTimeout: (callback, ms) => {
    const timer = setTimeout(callback, ms);
    // A status timer never keeps the harness alive on its own.
    timer.unref();
    return timer;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

// Follows the status of each session dispatched through `registry`, by the registry's profile's events.
export function trackSessionStatus(registry: StatusSource, options: SessionStatusOptions = {}): SessionStatusTracker {
  if (registry === null || typeof registry !== 'object' || typeof registry.onDispatch !== 'function') {
    throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `trackSessionStatus(): expected a HookRegistry, got ${describeValue(registry)}`);
  }
  if (options === null || typeof options !== 'object') {
    throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected the trackSessionStatus() options to be an object, got ${describeValue(options)}`);
  }
  rejectUnknownKeys(options, OPTION_KEYS, 'trackSessionStatus()');
  const { onChange } = options;
  if (onChange !== undefined && typeof onChange !== 'function') {
    throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected the \`onChange\` option to be a function, got ${describeValue(onChange)}`);
  }
  const stopFallbackMs = validateMs(options.stopFallbackMs, 'stopFallbackMs');
  const staleMs = validateMs(options.staleMs, 'staleMs');
  const clock = options.clock ?? NODE_CLOCK;
  if (clock === null || typeof clock !== 'object' || (['now', 'setTimeout', 'clearTimeout'] as const).some((k) => typeof clock[k] !== 'function')) {
    throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected the \`clock\` option to have now, setTimeout and clearTimeout methods, got ${describeValue(clock)}`);
  }
  const table = statusTableOf(registry.profile);
  const sessions = new Map<string, SessionState>();
  const backstops = new Map<string, unknown>();

  const report = (sessionId: string, status: SessionStatus, previous: SessionStatus, event: string | null): void => {
    if (status === previous || onChange === undefined) return;
    try {
      onChange({ sessionId, status, previous, event });
    } catch (error) {
      registry.logger.warn(`harness-hooks: the session status onChange threw: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const cancel = (sessionId: string): boolean => {
    const handle = backstops.get(sessionId);
    if (handle === undefined) return false;
    clock.clearTimeout(handle);
    backstops.delete(sessionId);
    return true;
  };
  const arm = (sessionId: string): void => {
    cancel(sessionId);
    backstops.set(
      sessionId,
      clock.setTimeout(() => {
        backstops.delete(sessionId);
        const state = sessions.get(sessionId);
        if (state === undefined) return;
        const next = backstopFired(state);
        sessions.set(sessionId, next);
        report(sessionId, next.status, state.status, null);
      }, stopFallbackMs),
    );
  };

  const unsubscribe = registry.onDispatch((event, payload) => {
    const sessionId = sessionIdOf(table, payload, registry.session.sessionId);
    const state = sessions.get(sessionId) ?? INITIAL_STATE;
    const { state: next, backstop } = nextState(state, signalOf(table, event, payload), clock.now(), staleMs);
    if (next === undefined) sessions.delete(sessionId);
    else sessions.set(sessionId, next);
    if (backstop === 'arm') arm(sessionId);
    // The session is not silent: an armed backstop's window starts again.
    else if (backstop === 'extend') {
      if (cancel(sessionId)) arm(sessionId);
    } else cancel(sessionId);
    report(sessionId, next?.status ?? 'idle', state.status, event);
  });

  let closed = false;
  return {
    status: (sessionId) => sessions.get(sessionId)?.status ?? 'idle',
    close: () => {
      if (closed) return;
      closed = true;
      unsubscribe();
      for (const sessionId of [...backstops.keys()]) cancel(sessionId);
    },
  };
}

function validateMs(value: unknown, name: string): number {
  if (value === undefined) return TEN_MINUTES;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected the \`${name}\` option to be a positive number of milliseconds, got ${describeValue(value)}`);
  }
  return value;
}
