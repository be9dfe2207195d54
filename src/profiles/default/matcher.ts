// Tool-name matchers, compiled once at registration into a predicate (tapable's compile-once: the
// dispatch path never parses a matcher string).
import type { ToolMatcher } from '../../entry.js';
import { catastrophicShape, matchInput } from '../../regex-guard.js';
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
    const re = makeRegExp(explicit[1]!, explicit[2]!.replace(/[gy]/g, ''), matcher, logger);
    return re ? (toolName) => re.test(toolName) : (toolName) => toolName === matcher;
  }

  // Compiled alone first, so a pattern cannot break out of the anchoring group (`a)|(.*`).
  const re = makeRegExp(matcher, '', matcher, logger) && makeRegExp(`^(?:${matcher})$`, '', matcher, logger);
  if (!re) return (toolName) => toolName === matcher;
  return (toolName) => re.test(toolName) || aliasesOf(toolName).some((a) => re.test(a));
}

function makeRegExp(source: string, flags: string, matcher: string, logger: HookLogger): { test(value: string): boolean } | undefined {
  let re: RegExp;
  try {
    re = new RegExp(source, flags);
  } catch (error) {
    logger.warn(
      `harness-hooks: matcher ${JSON.stringify(matcher)} is not a valid regular expression (${(error as Error).message}); it matches only the tool named ${JSON.stringify(matcher)}`,
    );
    return undefined;
  }
  // (Compiled first: an invalid pattern is said to be invalid, not refused.)
  const risk = catastrophicShape(source, flags);
  if (risk !== undefined) {
    logger.warn(`harness-hooks: matcher ${JSON.stringify(matcher)} was refused as a regular expression (${risk}: it could take exponential time on a long value); it matches only the tool named ${JSON.stringify(matcher)}`);
    return undefined;
  }
  return { test: (value) => re.test(matchInput(value)) };
}
