// Identical hooks (the same `dedupKey`) run once, and the copy that runs is never weaker than another
// (issue 23, class 7; first the claude profile's rule): an administrator's copy (managed, system) is never
// replaced by another source's; among the rest the strongest by `dedupRank` (guardStrength: a copy that
// keeps the harness's whole environment, then a foreground one, one that fails closed, the longer
// timeout); among equals the higher `dedupOrder`, else the last registered. One rule for the dispatch (a
// profile's `select`) and for explain().
import type { Entry } from './entry.js';
import { ADMIN_SOURCES } from './source-scope.js';

/** What makes one copy of a hook stronger than another. */
export interface CopyStrength {
  /** Its source keeps the harness's whole environment (hookEnv): a project copy must not run the user's guard without the credentials it checks with. */
  wholeEnv: boolean;
  /** It runs in the background (nothing waits for it). */
  background: boolean;
  /** A failure blocks (`onFailure: 'block'`). */
  failClosed: boolean;
  /** Its own timeout, ms. */
  timeoutMs: number;
}

// A copy's rank: each criterion outweighs all those after it (a project copy cannot neutralise a higher guard).
export function guardStrength(copy: CopyStrength): number {
  return (copy.wholeEnv ? 4e10 : 0) + (copy.background ? 0 : 2e10) + (copy.failClosed ? 1e10 : 0) + Math.min(Math.max(0, copy.timeoutMs), 9e9);
}

const tier = (e: Pick<Entry, 'meta'>): number => (ADMIN_SOURCES.has(e.meta?.source ?? '') ? 1 : 0);

// The entry that runs for each dedup key among `entries` (in registration order).
export function dedupWinners<T extends Pick<Entry, 'dedupKey' | 'dedupRank' | 'dedupOrder' | 'meta'>>(entries: readonly T[]): Map<string, T> {
  const winners = new Map<string, T>();
  for (const e of entries) {
    if (e.dedupKey === undefined) continue;
    const current = winners.get(e.dedupKey);
    if (current === undefined || beats(e, current)) winners.set(e.dedupKey, e);
  }
  return winners;
}

// Whether a later copy takes the place of the current winner.
function beats(e: Pick<Entry, 'dedupRank' | 'dedupOrder' | 'meta'>, current: Pick<Entry, 'dedupRank' | 'dedupOrder' | 'meta'>): boolean {
  const t = tier(e) - tier(current);
  if (t !== 0) return t > 0;
  const r = (e.dedupRank ?? 0) - (current.dedupRank ?? 0);
  if (r !== 0) return r > 0;
  return (e.dedupOrder ?? 0) >= (current.dedupOrder ?? 0);
}
