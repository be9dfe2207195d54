// setTimeout's range. Node fires a timer at once (after a TimeoutOverflowWarning) when its delay is past
// 2^31 - 1 ms (about 24.8 days), which would turn a guard's long timeout into an instant timeout: every
// timer of the library clamps its delay here. A clamped timer fires after 24.8 days, which is "never" for
// a hook; the deadline heap re-arms for what is left.
export const MAX_TIMER_MS = 2_147_483_647;

// A delay setTimeout keeps: at least 0, at most MAX_TIMER_MS.
export function timerDelay(ms: number): number {
  return Math.min(MAX_TIMER_MS, Math.max(0, ms));
}
