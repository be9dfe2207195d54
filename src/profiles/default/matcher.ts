// Tool-name matchers, compiled once at registration into a predicate (tapable's compile-once: the
// dispatch path never parses a matcher string).
import type { ToolMatcher } from '../../entry.js';
import { compileMatcherRegex, type MatcherRegexSource } from '../../regex-guard.js';
import type { HookLogger } from '../../types.js';
import type { ToolAliases } from '../profile.js';

export type { ToolMatcher } from '../../entry.js';
export type { ToolAliases } from '../profile.js';

const NAME_LIST = /^[A-Za-z0-9_]+(?:\|[A-Za-z0-9_]+)*$/;
const EXPLICIT_REGEX = /^\/(.*)\/([a-z]*)$/s;
const NO_ALIASES: readonly string[] = [];

// Compiles a matcher string of the default dialect:
// - omitted, "" or "*": every tool;
// - `name` or `a|b|c` (letters, digits, _): the canonical name or any of its aliases is in the list;
// - `/pattern/flags`: a regular expression tested against the canonical name only (g and y dropped);
// - anything else: a regular expression anchored to the whole name, tested against the canonical
//   name and its aliases.
// An invalid pattern warns and falls back to exact equality with the canonical name.
export function compileMatcher(matcher: string | undefined, aliases: ToolAliases, logger: HookLogger): ToolMatcher {
  if (matcher === undefined || matcher === '' || matcher === '*') return null;
  const aliasesOf = (name: string): readonly string[] => (Object.hasOwn(aliases, name) ? aliases[name]! : NO_ALIASES);

  if (NAME_LIST.test(matcher)) {
    const names = new Set(matcher.split('|'));
    return (toolName) => names.has(toolName) || aliasesOf(toolName).some((a) => names.has(a));
  }

  const explicit = EXPLICIT_REGEX.exec(matcher);
  if (explicit) {
    const test = makeRegExp({ source: explicit[1]!, flags: explicit[2]!.replace(/[gy]/g, '') }, matcher, logger);
    return test ?? ((toolName) => toolName === matcher);
  }

  // (compileMatcherRegex compiles the pattern alone first, so it cannot break out of the anchoring group: `a)|(.*`.)
  const test = makeRegExp({ source: matcher, anchored: true }, matcher, logger);
  if (!test) return (toolName) => toolName === matcher;
  return (toolName) => test(toolName) || aliasesOf(toolName).some((a) => test(a));
}

// The pattern on the shared bounded engine (regex-guard.ts); undefined, with a warning, when it does not compile.
function makeRegExp(regex: MatcherRegexSource, matcher: string, logger: HookLogger): ((value: string) => boolean) | undefined {
  const test = compileMatcherRegex(regex, matcher, logger);
  if (!(test instanceof Error)) return test;
  logger.warn(`harness-hooks: matcher ${JSON.stringify(matcher)} is not a valid regular expression (${test.message}); it matches only the tool named ${JSON.stringify(matcher)}`);
  return undefined;
}
