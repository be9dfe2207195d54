// Matchers are regular expressions from config files, tested against values the model controls (a tool
// name, a whole shell command), in the harness's own thread, where no deadline can interrupt them. The
// native RegExp backtracks: `.{0,16}` eight times then `Z` took 20 s on 60 characters, and no test of a
// pattern's shape catches every such pattern. So no matcher runs on it: each runs on the bounded engine
// (src/regex/), whose work is linear in the value and counted. A test that does not finish within its
// budget, and a pattern the engine cannot run (a backreference, the `v` flag, a counted repeat too large to
// write out), runs its hooks — the side that never lets a call past a guard unguarded — with a warning
// naming the pattern, once per pattern. Values are tested whole (no length cap: a cap on a shell command
// fails open, `rm` past the cap must still match).
import { compileBoundedRegex, MATCH_BUDGET, UnsupportedRegexError } from './regex/bounded-regex.js';

type Logger = { warn(message: string): void };

/** A matcher's regular expression as the profile runs it. */
export interface MatcherRegexSource {
  /** The pattern, in JavaScript syntax; it must compile by itself. */
  readonly source: string;
  readonly flags?: string;
  /** Tested as `^(?:source)$` (the whole value); default: unanchored. */
  readonly anchored?: boolean;
}

// The patterns each logger was already warned about (a warning per pattern, not per dispatch).
const warned = new WeakMap<Logger, Set<string>>();

function warnOnce(logger: Logger, matcher: string, message: string): void {
  let seen = warned.get(logger);
  if (seen === undefined) warned.set(logger, (seen = new Set()));
  if (seen.has(matcher)) return;
  seen.add(matcher);
  logger.warn(message);
}

// Compiles a matcher's regular expression to a bounded test, or returns the native RegExp's error when the
// pattern does not compile (each profile has its own rule for an invalid pattern). `matcher` is the pattern
// as the config wrote it, for warnings.
export function compileMatcherRegex(regex: MatcherRegexSource, matcher: string, logger: Logger): ((value: string) => boolean) | Error {
  const flags = regex.flags ?? '';
  // The pattern as written must compile by itself, so it cannot break out of the anchoring group (`a)|(.*`).
  try {
    new RegExp(regex.source, flags);
  } catch (error) {
    return error as Error;
  }
  let bounded;
  try {
    bounded = compileBoundedRegex(regex.anchored === true ? `^(?:${regex.source})$` : regex.source, flags);
  } catch (error) {
    if (!(error instanceof UnsupportedRegexError)) throw error;
    warnOnce(logger, matcher, `harness-hooks: matcher ${JSON.stringify(matcher)} cannot be run in bounded time (it uses ${error.message}); its hooks run on every value`);
    return () => true;
  }
  return (value) => {
    const found = bounded.test(value);
    if (found !== undefined) return found;
    warnOnce(logger, matcher, `harness-hooks: matcher ${JSON.stringify(matcher)} did not finish within its budget (${MATCH_BUDGET} steps) on a value of ${value.length} characters; its hooks run (fail safe)`);
    return true;
  };
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
  /** Rewrites the harness's regex syntax into JavaScript's (source and flags). */
  readonly translate?: (pattern: string) => { source: string; flags: string };
}

// The matcher dialect Claude Code, Codex, Copilot and Gemini share: omitted, "" or "*" match all; an exact
// list of names (a Set lookup); else a regular expression on the bounded engine (compileMatcherRegex),
// or, when it does not compile, the dialect's fallback (with a warning).
export function compileListOrRegex(matcher: string | undefined, dialect: ListOrRegexDialect, logger: Logger): ((value: string) => boolean) | null {
  if (matcher === undefined || matcher === '' || matcher === '*') return null;
  if (dialect.exactList.test(matcher)) {
    const names = new Set(matcher.split(dialect.separator).map((name) => name.trim()).filter((name) => name !== ''));
    return (value) => names.has(value);
  }
  const { source, flags } = dialect.translate?.(matcher) ?? { source: matcher, flags: '' };
  const test = compileMatcherRegex({ source, flags, anchored: dialect.anchored === true }, matcher, logger);
  if (!(test instanceof Error)) return test;
  const never = dialect.invalid === 'never';
  logger.warn(`harness-hooks: matcher ${JSON.stringify(matcher)} is not a valid regular expression (${test.message}); ${never ? 'its hooks never run' : `it matches only the value ${JSON.stringify(matcher)}`}`);
  return never ? () => false : (value) => value === matcher;
}
