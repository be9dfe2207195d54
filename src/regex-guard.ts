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
  if (m[2] === undefined) return { repeats: Number(m[1]) >= 2, unbounded: Number(m[1]) > LARGE_BOUND };
  if (m[3] === '') return { repeats: true, unbounded: true };
  // (A bound past LARGE_BOUND backtracks like an unbounded repeat on a capped value: `a{1,200}`.)
  return { repeats: Number(m[3]) >= 2, unbounded: Number(m[3]) > LARGE_BOUND };
}

/** A `{n,m}` whose m is past this counts as unbounded. */
const LARGE_BOUND = 16;

// The indices of a pattern's syntax characters: every character but an escape's and a character class's
// (`\+` and `[+*]` are literals), each class's opening `[` excepted too.
export function* syntaxIndices(source: string): Generator<number> {
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (ch === '\\') i++;
    else if (inClass) inClass = ch !== ']';
    else if (ch === '[') inClass = true;
    else yield i;
  }
}

// Why `source` could backtrack catastrophically, or undefined when it cannot (by this conservative test).
// Two shapes: a quantified group holding a quantifier or an alternation (exponential), and more than
// MAX_UNBOUNDED unbounded repeats one after another on one path through the pattern (polynomial). Repeats
// in different alternatives are never tried in sequence, so they are counted per alternative: a group
// counts as its most-repeating alternative (`read_.*|write_.*|.*_file|.*shell.*` has at most 2 on a path).
export function catastrophicShape(source: string, flags = ''): string | undefined {
  // For each open group: whether its body holds a quantifier or a `|`; the unbounded repeats of the
  // alternative being read, and the most of its finished alternatives. The bottom frame is the pattern.
  const stack: { risky: boolean; count: number; best: number; start: number }[] = [{ risky: false, count: 0, best: 0, start: -1 }];
  const polynomial = `more than ${MAX_UNBOUNDED} unbounded repeats in a row (polynomial backtracking)`;
  for (const i of syntaxIndices(source)) {
    const ch = source[i]!;
    const top = stack[stack.length - 1]!;
    if (ch === '(') {
      stack.push({ risky: false, count: 0, best: 0, start: i });
      continue;
    }
    if (ch === '|') {
      top.best = Math.max(top.best, top.count);
      top.count = 0;
      if (stack.length > 1) top.risky = true;
      continue;
    }
    if (ch === ')') {
      // An unbalanced `)`: refused, since a wrapper (`^(?:…)$`) could balance it into another pattern.
      if (stack.length === 1) return `an unbalanced ")" at character ${i + 1}`;
      const group = stack.pop()!;
      const parent = stack[stack.length - 1]!;
      const quantified = repeatAt(source, i + 1).repeats;
      // (A group of plain words none of which starts another, `(edit|replace)+`, matches one way only.)
      if (group.risky && quantified && !prefixFreeWords(source.slice(group.start + 1, i), flags.includes('i'))) return `the group ending at character ${i + 1} repeats a part that itself repeats or alternates`;
      // What a group held makes its parent risky too; its repeats follow the parent's on the path.
      if (group.risky && stack.length > 1) parent.risky = true;
      parent.count += Math.max(group.best, group.count);
      if (parent.count > MAX_UNBOUNDED) return polynomial;
      continue;
    }
    const q = repeatAt(source, i);
    if (q.unbounded && ++top.count > MAX_UNBOUNDED) return polynomial;
    // (An optional part repeated, `(a?a?)+`, is as ambiguous as a repeated one.)
    if ((q.repeats || ch === '?') && stack.length > 1) top.risky = true;
  }
  return undefined;
}

// Whether a group's body is plain words (letters, digits, `_`, `-`) split by `|`, none a prefix of another:
// repeated, such an alternation is read one way only (at each point at most one word can match).
function prefixFreeWords(body: string, ignoreCase: boolean): boolean {
  // (Case-insensitive, `a` and `A` are one word: compared lower-cased.)
  const words = body.replace(/^\?:/, '').split('|').map((w) => (ignoreCase ? w.toLowerCase() : w));
  if (!words.every((w) => /^[A-Za-z0-9_-]+$/.test(w))) return false;
  return words.every((a, i) => words.every((b, j) => i === j || !b.startsWith(a)));
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
  /** A pattern that does not compile: matches only itself (`'exact'`, default) or nothing (`'never'`: Codex skips its group). */
  readonly invalid?: 'exact' | 'never';
  /**
   * A pattern the backtracking guard refuses: matches only itself (`'exact'`, default), or everything
   * (`'always'`: where the harness's own engine is linear, the pattern is legitimate there, and running
   * the hook is the side that cannot let a call through unguarded).
   */
  readonly refused?: 'exact' | 'always';
  /** Rewrites the harness's regex syntax into JavaScript's (source and flags). */
  readonly translate?: (pattern: string) => { source: string; flags: string };
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
  const { source, flags } = dialect.translate?.(matcher) ?? { source: matcher, flags: '' };
  // The pattern as written must compile by itself; the guard then reads what actually runs (anchored too).
  try {
    new RegExp(source, flags);
  } catch (error) {
    return fallback(`is not a valid regular expression (${(error as Error).message})`, dialect.invalid ?? 'exact');
  }
  const runs = dialect.anchored === true ? `^(?:${source})$` : source;
  const risk = catastrophicShape(runs, flags);
  if (risk !== undefined) return fallback(`was refused as a regular expression (${risk}: it could take exponential time on a long value)`, dialect.refused ?? 'exact');
  const re = new RegExp(runs, flags);
  return (value) => re.test(matchInput(value));

  function fallback(why: string, as: 'exact' | 'never' | 'always'): (value: string) => boolean {
    const what = as === 'never' ? 'its hooks never run' : as === 'always' ? 'its hooks run on every value' : `it matches only the value ${JSON.stringify(matcher)}`;
    logger.warn(`harness-hooks: matcher ${JSON.stringify(matcher)} ${why}; ${what}`);
    return as === 'never' ? () => false : as === 'always' ? () => true : (value) => value === matcher;
  }
}
