// Claude Code's matcher dialect and its `if` conditions, compiled once at registration.
import { isAbsolute, normalize, relative } from 'node:path';
import type { ToolMatcher } from '../../entry.js';
import { loadPicomatch } from '../../lazy.js';
import { compileListOrRegex, compileMatcherRegex, type ListOrRegexDialect } from '../../regex-guard.js';
import type { HookLogger } from '../../types.js';
import { splitSimpleCommands } from './shell-split.js';

const CLAUDE_DIALECT: ListOrRegexDialect = { exactList: /^[A-Za-z0-9_|, -]+$/, separator: /[|,]/ };
// The narrower set of the events the catalogue marks `narrowMatchers` (FileChanged, StopFailure).
const CLAUDE_NARROW_DIALECT: ListOrRegexDialect = { exactList: /^[A-Za-z0-9_|]+$/, separator: /\|/ };

// Claude Code 2.1.328's matchesPattern (observed, issue 10 rule 1; fixtures/claude/oracle/conformance/01-*):
// omitted, "" or "*" match all; a value of only letters, digits, `_`, `|`, `,`, space and `-` is an exact
// list split on `|` or `,`, each name trimmed (`Edit, Write` fires on Write; `Bas`, `bash`, `Bash-x` do not
// fire on Bash); anything else is an unanchored JavaScript regular expression. An invalid pattern warns
// once and falls back to exact equality.
// With `narrow` (FileChanged, StopFailure) only letters, digits, `_` and `|` make an exact list, split on
// `|`; a `,`, space or `-` keeps the matcher on the regex path: `unknown,rate_limit` does not fire on
// `unknown`, `nknow|x-y` does (observed: fixtures/claude/oracle/docs-rules/stopfailure-matchers.json,
// filechanged-matchers.json).
export function compileClaudeMatcher(matcher: string | undefined, logger: HookLogger, narrow = false): ToolMatcher {
  return compileListOrRegex(matcher, narrow ? CLAUDE_NARROW_DIALECT : CLAUDE_DIALECT, logger);
}

/** A compiled `if` condition: tests a tool call's name and input. */
export type IfCondition = (toolName: string, toolInput: unknown) => boolean;

// Tools whose permission rules match a path: `Edit(src/**/*.ts)`.
const FILE_TOOLS: Readonly<Record<string, string>> = {
  Read: 'file_path',
  Edit: 'file_path',
  MultiEdit: 'file_path',
  Write: 'file_path',
  NotebookEdit: 'notebook_path',
  NotebookRead: 'notebook_path',
};

const RULE = /^([^()]+?)(?:\((.*)\))?$/s;

// Compiles permission-rule syntax: `Tool` (any call of the tool) or `Tool(pattern)`.
// - Bash: the pattern matches any simple command of `tool_input.command` (shell-split.ts), or the whole
//   line; `*` a wildcard (`git push*`); a legacy `:*` suffix (`npm run:*`) means "this prefix";
// - file tools (Read, Edit, MultiEdit, Write, NotebookEdit): a picomatch glob on the file path, relative
//   to the project dir when the path is inside it;
// - WebFetch: `domain:example.com` matches the URL's host;
// - any other tool: the pattern (with `*` wildcards) matches any string value of the input.
// Returns undefined (with a warning) for a rule it cannot read; such a hook never runs.
// `projectDir` is read at each test, so the rule follows the session's cwd.
export function compileIfCondition(rule: string, projectDir: () => string, logger: HookLogger): IfCondition | undefined {
  const m = RULE.exec(rule.trim());
  if (!m) {
    logger.warn(`harness-hooks: \`if\` condition ${JSON.stringify(rule)} is not a permission rule like "Bash(git push*)"; the hook will not run`);
    return undefined;
  }
  const tool = m[1]!.trim();
  const pattern = m[2];
  if (pattern === undefined || pattern === '' || pattern === '*') return (toolName) => toolName === tool;
  const input = (toolInput: unknown): Record<string, unknown> =>
    toolInput !== null && typeof toolInput === 'object' ? (toolInput as Record<string, unknown>) : {};

  if (tool === 'Bash') {
    const re = wildcard(pattern.endsWith(':*') ? `${pattern.slice(0, -2)}*` : pattern);
    return (toolName, toolInput) => {
      if (toolName !== tool) return false;
      const command = input(toolInput).command;
      if (typeof command !== 'string') return false;
      // Every simple command is tested (`npm test && git push` holds `git push`), and the whole line too,
      // for rules written with operators in them. A line that cannot be read runs the hook (fail safe).
      if (re.test(command.trim())) return true;
      const simple = splitSimpleCommands(command);
      return simple === undefined || simple.some((c) => re.test(c));
    };
  }
  const field = FILE_TOOLS[tool];
  if (field !== undefined) {
    // A pattern without a `/` matches the file's name at any depth (`Edit(.env)` fires on `src/.env`, not on
    // `x.env`: observed, fixtures/claude/oracle/conformance/02-if-file-edit.json).
    const glob = pattern.startsWith('./') ? pattern.slice(2) : pattern;
    const isMatch = boundedGlob(glob, rule, logger);
    return (toolName, toolInput) => {
      if (toolName !== tool) return false;
      const path = input(toolInput)[field];
      if (typeof path !== 'string') return false;
      // Normalised first: `./.env` and `src/../.env` are `.env` (a rule on a path must not be dodged by spelling it another way).
      const clean = normalize(path);
      const rel = isAbsolute(clean) ? relative(projectDir(), clean) : clean;
      return isMatch(rel.startsWith('..') ? clean : rel) || isMatch(clean);
    };
  }
  if (tool === 'WebFetch' && pattern.startsWith('domain:')) {
    const host = pattern.slice('domain:'.length);
    return (toolName, toolInput) => {
      if (toolName !== tool) return false;
      try {
        return new URL(String(input(toolInput).url)).hostname === host;
      } catch {
        return false;
      }
    };
  }
  const re = wildcard(pattern);
  return (toolName, toolInput) => toolName === tool && Object.values(input(toolInput)).some((v) => typeof v === 'string' && re.test(v));
}

// A picomatch glob tested as picomatch tests it (`''` never matches, the glob itself always does, a glob
// without `/` matches the path's last name), but its regex runs on the bounded engine (regex-guard.ts):
// picomatch's own test is a native RegExp, and `Edit(**/a*a*a*a*a*a*a*b)` took 6.6 s on a 60-character
// path the model chose.
function boundedGlob(glob: string, rule: string, logger: HookLogger): (path: string) => boolean {
  const re = loadPicomatch().makeRe(glob, { dot: true });
  const test = compileMatcherRegex({ source: re.source, flags: re.flags }, rule, logger);
  // (picomatch writes valid regexes; were one not, the rule's hook runs: the side that never skips a guard.)
  if (test instanceof Error) return () => true;
  const basenameOnly = !glob.includes('/');
  return (path) => path !== '' && (path === glob || test(basenameOnly ? lastName(path) : path));
}

// picomatch's basename: the last `/`-separated name, or the one before a trailing `/`.
function lastName(path: string): string {
  const names = path.split('/');
  const last = names[names.length - 1]!;
  return last === '' && names.length > 1 ? names[names.length - 2]! : last;
}

// `*` matches anything (including nothing); everything else is literal; the whole text must match.
// Not a regular expression: `[\s\S]*` runs backtrack (cubic on a 35 kB command with three stars, worse
// with more), while this is one pass with indexOf, greedy leftmost, which is exact for `*`-only globs.
export function wildcard(pattern: string): { test(text: string): boolean } {
  const parts = pattern.split('*');
  if (parts.length === 1) return { test: (text) => text === pattern };
  const first = parts[0]!;
  const last = parts[parts.length - 1]!;
  const middle = parts.slice(1, -1).filter((p) => p !== '');
  return {
    test(text) {
      if (text.length < first.length + last.length || !text.startsWith(first) || !text.endsWith(last)) return false;
      const end = text.length - last.length;
      let at = first.length;
      for (const part of middle) {
        const i = text.indexOf(part, at);
        if (i === -1 || i + part.length > end) return false;
        at = i + part.length;
      }
      return true;
    },
  };
}
