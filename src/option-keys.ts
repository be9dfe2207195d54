// Misspelt options are refused, not ignored: `settings.enableShellHook` silently meant "no shell hooks".
import { HookTypeError } from './errors.js';

// Throws HOOKS_ERR_OPTION_INVALID naming the first key of `value` that is not in `known`, with the nearest
// known key as a suggestion.
export function rejectUnknownKeys(value: object, known: ReadonlySet<string> | readonly string[], where: string): void {
  const set = known instanceof Set ? known : new Set(known as readonly string[]);
  for (const key of Object.keys(value)) {
    if (set.has(key)) continue;
    const near = nearest(key, [...set]);
    throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `${where}: unknown option \`${key}\`${near === undefined ? '' : ` (did you mean \`${near}\`?)`}; the options are ${[...set].join(', ')}`);
  }
}

function nearest(key: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(key.length / 3)) + 1;
  for (const c of candidates) {
    const d = distance(key.toLowerCase(), c.toLowerCase());
    if (d < bestDistance) {
      bestDistance = d;
      best = c;
    }
  }
  return best;
}

// Levenshtein distance.
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
}
