// The result contract every profile shares: `blocked`, `aborted` and `runs` are always there and mean the
// same in each profile; `reason`, `updatedInput`, `injectContext`, `continue` and `decision` too when set.
// A profile's extras (the claude profile's `permissionDecision`, …) extend it.
import type { DispatchResult, HookRun } from './types.js';

/**
 * What a dispatch that had nothing to run resolves to: one frozen result (and one resolved promise of it)
 * shared by every such dispatch. Fast path: nothing is allocated when no hook matches.
 */
export const EMPTY_RESULT: DispatchResult = Object.freeze({ blocked: false, aborted: false, runs: Object.freeze([]) as unknown as DispatchResult['runs'] });
export const EMPTY_DISPATCH: Promise<DispatchResult> = Promise.resolve(EMPTY_RESULT);


// The result of an aborted dispatch: no decision fields, whatever the entries returned.
export function makeAbortedResult(runs: HookRun[]): DispatchResult {
  return { blocked: false, aborted: true, runs };
}
