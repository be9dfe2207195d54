// "Did you mean …?": the known name nearest to a misspelt one. Used by the registry's option checks and the
// CLI's lint.

// The known name within edit distance 2 (or equal but for case) of `name`, if any.
export function closest(name: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = 3;
  for (const candidate of known) {
    const d = candidate.toLowerCase() === name.toLowerCase() ? 0 : distance(name.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

// ` (did you mean "X"?)` for the known name nearest to `name`, or '' when none is near (or `name` is no string).
export function didYouMean(name: unknown, known: readonly string[]): string {
  const near = typeof name === 'string' ? closest(name, known) : undefined;
  return near === undefined ? '' : ` (did you mean ${JSON.stringify(near)}?)`;
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
