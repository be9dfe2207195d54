// Copilot's two matcher dialects (REF; CL 1.0.36, 1.0.62; spec §6):
// - camelCase entries: a case-sensitive regex full match, `^(?:P)$`, against the event's match field
//   (toolName, notification_type, trigger, agentName); an invalid regex (`*` too) skips the entry; none = all.
// - PascalCase PreToolUse / PermissionRequest / PostToolUse: Claude semantics. `*`, `**` or "" match all;
//   a literal or `|`-list of identifiers matches when a name equals the runtime name or its Claude name;
//   anything else is a `^(?:P)$` regex tested against the Claude name (the runtime one when it has none).
// Copilot's hook runner is Rust (BIN: src/runtime/src/hooks/*.rs), so its regexes are the `regex` crate's:
// linear time, Rust syntax. A pattern such as `(a+)+$` is legitimate there and runs as written here too, on
// the bounded engine (regex-guard.ts); Rust-only syntax (`(?i)`, `(?P<n>…)`, `\A`, `\z`, `\pL`) is translated.
import { compileListOrRegex, type ListOrRegexDialect } from '../../regex-guard.js';
import { fromRustRegex } from '../codex/profile.js';
import { claudeToolName } from './events.js';

export const COPILOT_DIALECT: ListOrRegexDialect = { exactList: /^[A-Za-z0-9_|]+$/, separator: /\|/, anchored: true, invalid: 'never', translate: fromRustRegex };

type Logger = { warn(message: string): void };

export function compileCopilotMatcher(matcher: string | undefined, logger: Logger): ((value: string) => boolean) | null {
  // `*` is no wildcard here but an invalid regex: the binary never runs the entry (oracle 05 camel-matchers).
  if (matcher === '*') {
    logger.warn('harness-hooks: copilot matcher "*" is not a valid regular expression (a camelCase matcher is a regex; use ".*"); the hook never runs, as in Copilot');
    return () => false;
  }
  return compileListOrRegex(matcher, COPILOT_DIALECT, logger);
}

/** A PascalCase tool matcher, tested on the runtime tool name; null matches all. */
export function compileClaudeMatcher(matcher: string | undefined, logger: Logger): ((runtime: string) => boolean) | null {
  if (matcher === '**') return null;
  const test = compileListOrRegex(matcher, COPILOT_DIALECT, logger);
  if (test === null) return null;
  // (The literal `Task` is also accepted for `task`, whose Claude name is Agent.)
  if (COPILOT_DIALECT.exactList.test(matcher!)) return (runtime) => test(runtime) || test(claudeToolName(runtime)) || (runtime === 'task' && test('Task'));
  return (runtime) => test(claudeToolName(runtime));
}
