// Matchers are regular expressions from config files, tested against values the model controls (a tool
// name, a source), in the harness's own thread, where no deadline can interrupt them. A pattern with a
// quantified group that itself contains a quantifier or an alternation (`(a+)+$`, `(a|a)*`, `(\w+\s?)*`)
// can backtrack exponentially: 29 characters took 34 s. Such shapes are refused at registration (with a
// warning; the matcher then falls back to exact equality), and what any matcher sees is capped in length.

/** What a matcher regex is tested against: at most this many characters of the value. */
export const MAX_MATCH_INPUT = 1024;

// Why `source` could backtrack catastrophically, or undefined when it cannot (by this conservative test).
export function catastrophicShape(source: string): string | undefined {
  // For each open group: whether its body holds a quantifier or a `|`.
  const stack: { risky: boolean }[] = [];
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (ch === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (ch === ']') inClass = false;
      continue;
    }
    if (ch === '[') {
      inClass = true;
      continue;
    }
    if (ch === '(') {
      stack.push({ risky: false });
      continue;
    }
    const quantifier = ch === '*' || ch === '+' || (ch === '{' && /^\{\d+,\d*\}/.test(source.slice(i)));
    if (ch === ')') {
      const group = stack.pop();
      const next = source[i + 1];
      const quantified = next === '*' || next === '+' || (next === '{' && /^\{\d+,\d*\}/.test(source.slice(i + 1)));
      if (group?.risky && quantified) return `the group ending at character ${i + 1} repeats a part that itself repeats or alternates`;
      // What a group held makes its parent risky too.
      if (group?.risky && stack.length > 0) stack[stack.length - 1]!.risky = true;
      continue;
    }
    if ((quantifier || ch === '|') && stack.length > 0) stack[stack.length - 1]!.risky = true;
  }
  return undefined;
}

// A value as a matcher sees it.
export function matchInput(value: string): string {
  return value.length > MAX_MATCH_INPUT ? value.slice(0, MAX_MATCH_INPUT) : value;
}
