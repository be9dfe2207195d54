// Identical hooks (the same `dedupKey`) run once: the strongest copy, by `dedupRank`, and among equals the
// last registered. One rule for the dispatch (a profile's `select`) and for explain().
import type { Entry } from './entry.js';

// The entry that runs for each dedup key among `entries` (in registration order).
export function dedupWinners<T extends Pick<Entry, 'dedupKey' | 'dedupRank'>>(entries: readonly T[]): Map<string, T> {
  const winners = new Map<string, T>();
  for (const e of entries) {
    if (e.dedupKey === undefined) continue;
    const current = winners.get(e.dedupKey);
    if (current === undefined || (e.dedupRank ?? 0) >= (current.dedupRank ?? 0)) winners.set(e.dedupKey, e);
  }
  return winners;
}
