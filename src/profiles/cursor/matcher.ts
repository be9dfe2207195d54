// Cursor's matcher (D-new "Matcher Configuration", spec §1.5): a regular expression string, tested
// unanchored (`"curl|wget|nc "` runs "when the command contains curl, wget or nc"); `^…$` anchors and
// `\b` work; omitted (or "", "*") matches all. UNCERTAIN: the regex flavour and case (JavaScript,
// case-sensitive here), and an invalid pattern (a substring test here). There is no exact-list form:
// an alternation of names is a regex already.
// Through the shared bounded engine (src/regex-guard.ts), on the whole value: a shell command is routinely
// long, and `rm` past any cap must still match. A test that does not finish within its budget runs the
// hooks (the hook then decides: a guard is never skipped).
import { compileMatcherRegex } from '../../regex-guard.js';

type Logger = { warn(message: string): void };

// Compiles a Cursor matcher: null matches all; else a bounded regex test, or a substring test when it does not compile.
export function compileCursorMatcher(matcher: string | undefined, logger: Logger): ((value: string) => boolean) | null {
  if (matcher === undefined || matcher === '' || matcher === '*') return null;
  const test = compileMatcherRegex({ source: matcher }, matcher, logger);
  if (!(test instanceof Error)) return test;
  logger.warn(`harness-hooks: matcher ${JSON.stringify(matcher)} is not a valid regular expression (${test.message}); it matches values that contain it`);
  return (value) => value.includes(matcher);
}
