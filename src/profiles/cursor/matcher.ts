// Cursor's matcher (D-new "Matcher Configuration", spec §1.5): a regular expression string, tested
// unanchored (`"curl|wget|nc "` runs "when the command contains curl, wget or nc"); `^…$` anchors and
// `\b` work; omitted (or "", "*") matches all. UNCERTAIN: the regex flavour and case (JavaScript,
// case-sensitive here), and an invalid pattern (a substring test here).
// Through the shared guard (src/regex-guard.ts): a pattern that could backtrack catastrophically is refused
// and its hooks run on every value (the hook then decides: a guard is never skipped); the value a regex
// sees is capped there — but a shell command is routinely longer than that cap, and "curl" past it must
// still match, so a longer value is tested whole when the pattern has no unbounded repeat (linear), and
// otherwise runs the hook.
import { catastrophicShape, compileListOrRegex, MAX_MATCH_INPUT, type ListOrRegexDialect } from '../../regex-guard.js';

// No exact-list form: every pattern is a regex (an alternation of names is one already, unanchored).
export const CURSOR_DIALECT: ListOrRegexDialect = { exactList: /(?!)/, separator: /\|/, refused: 'always' };

type Logger = { warn(message: string): void };

export function compileCursorMatcher(matcher: string | undefined, logger: Logger): ((value: string) => boolean) | null {
  if (matcher === undefined || matcher === '' || matcher === '*') return null;
  try {
    new RegExp(matcher);
  } catch (error) {
    logger.warn(`harness-hooks: matcher ${JSON.stringify(matcher)} is not a valid regular expression (${(error as Error).message}); it matches values that contain it`);
    return (value) => value.includes(matcher);
  }
  const short = compileListOrRegex(matcher, CURSOR_DIALECT, logger);
  if (short === null) return null;
  const linear = catastrophicShape(matcher) === undefined && !/[*+]|\{\d+,\}/.test(matcher);
  const whole = linear ? new RegExp(matcher) : undefined;
  return (value) => (value.length <= MAX_MATCH_INPUT ? short(value) : whole === undefined ? true : whole.test(value));
}
