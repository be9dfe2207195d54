// Matchers are regular expressions from config files, tested against values the model controls (a tool
// name, a source), in the harness's own thread, where no deadline can interrupt them. A pattern with a
// quantified group that itself contains a quantifier or an alternation (`(a+)+$`, `(a|a)*`, `(\w+\s?)*`)
// can backtrack exponentially: 29 characters took 34 s. Such shapes are refused at registration (with a
// warning; the matcher then falls back to exact equality), and what any matcher sees is capped in length.

/** What a matcher regex is tested against: at most this many characters of the value (tool names and the
 *  other match values are short; a cap keeps even polynomial backtracking small). */
export const MAX_MATCH_INPUT = 256;
/** More unbounded quantifiers than this (`\w*\w*\w*\w*`) backtrack polynomially to the power of their count. */
const MAX_UNBOUNDED = 3;

// Whether `source` at `i` starts a quantifier that repeats (`*`, `+`, `{n,}`, `{n,m}` with m ≥ 2, `{n}`
// with n ≥ 2), and whether it is unbounded; `?` and `{0,1}` do not repeat.
function repeatAt(source: string, i: number): { repeats: boolean; unbounded: boolean } {
  const ch = source[i];
  if (ch === '*' || ch === '+') return { repeats: true, unbounded: true };
  if (ch !== '{') return { repeats: false, unbounded: false };
  const m = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i));
  if (!m) return { repeats: false, unbounded: false };
  if (m[2] === undefined) return { repeats: Number(m[1]) >= 2, unbounded: false };
  if (m[3] === '') return { repeats: true, unbounded: true };
  return { repeats: Number(m[3]) >= 2, unbounded: false };
}

// Why `source` could backtrack catastrophically, or undefined when it cannot (by this conservative test).
export function catastrophicShape(source: string): string | undefined {
  // For each open group: whether its body holds a quantifier or a `|`.
  const stack: { risky: boolean }[] = [];
  let inClass = false;
  let unbounded = 0;
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
    const q = repeatAt(source, i);
    const quantifier = q.repeats;
    if (q.unbounded && ++unbounded > MAX_UNBOUNDED) return `more than ${MAX_UNBOUNDED} unbounded repeats (polynomial backtracking)`;
    if (ch === ')') {
      const group = stack.pop();
      const quantified = repeatAt(source, i + 1).repeats;
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

/** How a matcher dialect reads a pattern: which patterns are exact name lists, and how a list splits. */
export interface ListOrRegexDialect {
  /** A pattern made only of these characters is an exact list of names. */
  readonly exactList: RegExp;
  /** Splits an exact list into names (each is trimmed; empty names are dropped). */
  readonly separator: RegExp;
  /** Anchors a regex at both ends (Copilot's flat matchers); default: unanchored. */
  readonly anchored?: boolean;
  /** A pattern that is refused or does not compile: matches only itself (`'exact'`, default) or nothing (`'never'`: Codex skips its group). */
  readonly invalid?: 'exact' | 'never';
}

// The matcher dialect Claude Code, Codex and Copilot share: omitted, "" or "*" match all; an exact list of
// names; else a regular expression, refused (with a warning, as exact equality) when it could backtrack
// catastrophically or does not compile.
export function compileListOrRegex(matcher: string | undefined, dialect: ListOrRegexDialect, logger: { warn(message: string): void }): ((value: string) => boolean) | null {
  if (matcher === undefined || matcher === '' || matcher === '*') return null;
  if (dialect.exactList.test(matcher)) {
    const names = new Set(matcher.split(dialect.separator).map((name) => name.trim()).filter((name) => name !== ''));
    return (value) => names.has(value);
  }
  const risk = catastrophicShape(matcher);
  if (risk !== undefined) {
    return refused(`was refused as a regular expression (${risk}: it could take exponential time on a long value)`);
  }
  try {
    const re = new RegExp(dialect.anchored === true ? `^(?:${matcher})$` : matcher);
    return (value) => re.test(matchInput(value));
  } catch (error) {
    return refused(`is not a valid regular expression (${(error as Error).message})`);
  }

  function refused(why: string): (value: string) => boolean {
    const never = dialect.invalid === 'never';
    logger.warn(`harness-hooks: matcher ${JSON.stringify(matcher)} ${why}; ${never ? 'its hooks never run' : `it matches only the value ${JSON.stringify(matcher)}`}`);
    return never ? () => false : (value) => value === matcher;
  }
}
