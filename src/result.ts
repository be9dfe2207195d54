// The result contract every profile shares: `blocked`, `aborted` and `runs` are always there and mean the
// same in each profile; `reason`, `updatedInput`, `injectContext`, `continue` and `decision` too when set.
// A profile's extras (the claude profile's `permissionDecision`, …) extend it.
import type { DispatchResult, HookRun } from './types.js';

// The result of a dispatch that had nothing to run. Fast path: a fresh object, no run, no promise of its own.
export function makeEmptyResult(): DispatchResult {
  return { blocked: false, aborted: false, runs: [] };
}

// The result of an aborted dispatch: no decision fields, whatever the entries returned.
export function makeAbortedResult(runs: HookRun[]): DispatchResult {
  return { blocked: false, aborted: true, runs };
}
