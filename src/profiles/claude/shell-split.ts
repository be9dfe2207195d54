// The simple commands of a Bash command line, for `if` rules: Claude Code tests `Bash(git *)` against every
// simple command, so `npm test && git push`, `echo hi; git log`, `FOO=bar git status` and `echo $(git log)`
// all hold a `git` command, and `echo "git push"` or `gitx status` do not (issue 10 rule 2, observed in
// Claude Code 2.1.328: fixtures/claude/oracle/conformance/02-*).
//
// Not a shell: one linear pass that splits on `&&`, `||`, `;`, `|`, `&` and line breaks outside quotes,
// descends into `$(…)`, backticks and `( … )` (inside double quotes too, where they still run), skips
// comments, and strips what comes before a command's name (`NAME=value` assignments, `!`, `{`, `if`,
// `then`, `do`, …). Anything it cannot read — an unterminated quote, an unbalanced parenthesis, nesting
// past 64 levels — returns undefined, and the caller runs the hook (fail safe).

const MAX_DEPTH = 64;
const OPERATOR = new Set([';', '&', '|', '\n']);
const LEADING_WORDS = new Set(['!', '{', '}', 'if', 'then', 'else', 'elif', 'do', 'while', 'until', 'time', 'exec', 'command']);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*(?:\[[^\]]*\])?\+?=/;

class Unreadable extends Error {}

/** The simple commands of `command`, outermost first, each trimmed and without leading assignments; undefined when it cannot be read. */
export function splitSimpleCommands(command: string): string[] | undefined {
  const out: string[] = [];
  try {
    const end = scan(command, 0, undefined, 0, out);
    if (end !== command.length) return undefined;
  } catch (error) {
    if (error instanceof Unreadable) return undefined;
    throw error;
  }
  return out;
}

// Scans from `at` until `close` (`)` or a backtick) or the end; pushes the simple commands found; returns
// the index just past `close` (or the text's length).
function scan(s: string, at: number, close: ')' | '`' | undefined, depth: number, out: string[]): number {
  if (depth > MAX_DEPTH) throw new Unreadable();
  let start = at;
  let i = at;
  const flush = (end: number): void => {
    const simple = stripLeading(s.slice(start, end));
    if (simple !== '') out.push(simple);
  };
  while (i < s.length) {
    const c = s[i]!;
    if (c === close) {
      flush(i);
      return i + 1;
    }
    if (c === '\\') {
      i += 2;
    } else if (c === "'") {
      const j = s.indexOf("'", i + 1);
      if (j === -1) throw new Unreadable();
      i = j + 1;
    } else if (c === '"') {
      i = doubleQuoted(s, i + 1, depth, out);
    } else if (c === '`') {
      if (close === '`') break; // (handled above)
      i = scan(s, i + 1, '`', depth + 1, out);
    } else if (c === '$' && s[i + 1] === '(') {
      i = scan(s, i + 2, ')', depth + 1, out);
    } else if (c === '(') {
      // A subshell, a process substitution or an arithmetic group: its commands are commands too.
      flush(i);
      i = scan(s, i + 1, ')', depth + 1, out);
      start = i;
    } else if (c === ')') {
      throw new Unreadable(); // closes nothing
    } else if (c === '#' && (i === start || /[\s;&|(]/.test(s[i - 1]!))) {
      const j = s.indexOf('\n', i);
      flush(i);
      i = j === -1 ? s.length : j;
      start = i;
    } else if (OPERATOR.has(c)) {
      flush(i);
      i++;
      while (i < s.length && (s[i] === '&' || s[i] === '|' || s[i] === ';')) i++;
      start = i;
    } else {
      i++;
    }
  }
  if (close !== undefined) throw new Unreadable();
  flush(s.length);
  return s.length;
}

// Past a double-quoted string starting at `at` (after the quote); `$(…)` and backticks inside still run.
function doubleQuoted(s: string, at: number, depth: number, out: string[]): number {
  let i = at;
  while (i < s.length) {
    const c = s[i]!;
    if (c === '"') return i + 1;
    if (c === '\\') i += 2;
    else if (c === '`') i = scan(s, i + 1, '`', depth + 1, out);
    else if (c === '$' && s[i + 1] === '(') i = scan(s, i + 2, ')', depth + 1, out);
    else i++;
  }
  throw new Unreadable();
}

// A simple command from its name on: leading assignments and reserved words removed.
function stripLeading(text: string): string {
  let rest = text.trim();
  for (;;) {
    const word = firstWord(rest);
    if (word === undefined) return rest;
    if (!LEADING_WORDS.has(word) && !ASSIGNMENT.test(word)) return rest;
    rest = rest.slice(word.length).trimStart();
  }
}

// The first shell word of `text` (quotes kept), or undefined when there is none.
function firstWord(text: string): string | undefined {
  if (text === '') return undefined;
  let i = 0;
  while (i < text.length && !/\s/.test(text[i]!)) {
    const c = text[i]!;
    if (c === '\\') i += 2;
    else if (c === "'" || c === '"') {
      const j = text.indexOf(c, i + 1);
      i = j === -1 ? text.length : j + 1;
    } else i++;
  }
  return text.slice(0, i);
}
