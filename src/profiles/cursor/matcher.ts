// Cursor's matcher (D-new "Matcher Configuration", spec §1.5): a regular expression string, tested
// unanchored (`"curl|wget|nc "` runs "when the command contains curl, wget or nc"); `^…$` anchors and
// `\b` work; omitted (or "", "*") matches all. UNCERTAIN: the regex flavour and case (JavaScript,
// case-sensitive here), and an invalid pattern (a substring test here). There is no exact-list form:
// an alternation of names is a regex already.
// Through the shared guard (src/regex-guard.ts): a pattern that could backtrack catastrophically is refused
// and its hooks run on every value (the hook then decides: a guard is never skipped). A value longer than
// the guard's cap (MAX_MATCH_INPUT) is tested whole when the pattern is linear (no unbounded repeat: a
// shell command is routinely longer than the cap, and "curl" past it must still match); otherwise the
// hook runs.
import { catastrophicShape, MAX_MATCH_INPUT, syntaxIndices } from '../../regex-guard.js';

type Logger = { warn(message: string): void };

export function compileCursorMatcher(matcher: string | undefined, logger: Logger): ((value: string) => boolean) | null {
  if (matcher === undefined || matcher === '' || matcher === '*') return null;
  let re: RegExp;
  try {
    re = new RegExp(matcher);
  } catch (error) {
    logger.warn(`harness-hooks: matcher ${JSON.stringify(matcher)} is not a valid regular expression (${(error as Error).message}); it matches values that contain it`);
    return (value) => value.includes(matcher);
  }
  const risk = catastrophicShape(matcher);
  if (risk !== undefined) {
    logger.warn(`harness-hooks: matcher ${JSON.stringify(matcher)} was refused as a regular expression (${risk}: it could take exponential time on a long value); its hooks run on every value`);
    return () => true;
  }
  if (!hasUnboundedRepeat(matcher)) return (value) => re.test(value);
  return (value) => value.length > MAX_MATCH_INPUT || re.test(value);
}

/**
 * Whether a pattern repeats something without a small bound (`*`, `+`, `{n,}`, `{n,m}` with m past the
 * guard's cap), reading escapes (`\+` is a literal) and character classes (`[+*]` too) as literals.
 */
export function hasUnboundedRepeat(source: string): boolean {
  for (const i of syntaxIndices(source)) {
    const ch = source[i]!;
    if (ch === '*' || ch === '+') return true;
    else if (ch === '{') {
      const m = /^\{\d+(,(\d*))?\}/.exec(source.slice(i));
      if (m !== null && m[1] !== undefined && (m[2] === '' || Number(m[2]) > MAX_MATCH_INPUT)) return true;
    }
  }
  return false;
}
