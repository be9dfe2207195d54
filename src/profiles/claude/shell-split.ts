// The simple commands of a Bash command line, for `if` rules: Claude Code tests `Bash(git *)` against every
// simple command, so `npm test && git push`, `echo hi; git log`, `FOO=bar git status` and `echo $(git log)`
// all hold a `git` command, and `echo "git push"` or `gitx status` do not (issue 10 rule 2, observed in
// Claude Code 2.1.328: fixtures/claude/oracle/conformance/02-*).
//
// Not a shell: one linear pass that splits on `&&`, `||`, `;`, `|`, `&` and line breaks outside quotes
// (`'…'`, `"…"`, `$'…'`), descends into `$(…)`, backticks and `( … )` (inside double quotes too, where they
// still run), skips comments and line continuations, and reads each command from its name on: leading
// `NAME=value` assignments, redirections (`2>/dev/null`), reserved words (`!`, `{`, `if`, `then`, `do`, …)
// and wrappers with their options (`time -p`, `exec -a x`, `command`, `nohup`, `env -i`, `sudo -u x`) are
// stripped, the name is unquoted (`'git'`, `\git`, `g''it` are `git`) and blanks become one space. Anything
// it cannot read — an unterminated quote, an unbalanced parenthesis, a heredoc, a name made at run time
// (`$(echo git) push`, `$CMD`), `eval`, `sh -c '…'`, nesting past 64 levels — returns undefined, and the
// caller runs the hook (fail safe).

const MAX_DEPTH = 64;
const OPERATOR = new Set([';', '&', '|', '\n']);
const RESERVED = new Set(['!', '{', '}', 'if', 'then', 'else', 'elif', 'do', 'while', 'until']);
// Wrappers that run the rest of the line as a command, and their options that take an argument.
const WRAPPERS: Readonly<Record<string, ReadonlySet<string>>> = {
  time: new Set(),
  exec: new Set(['-a']),
  command: new Set(),
  builtin: new Set(),
  nohup: new Set(),
  env: new Set(['-u', '-C', '-S']),
  sudo: new Set(['-u', '-g', '-C', '-h', '-p', '-U', '-D', '-r', '-t']),
  nice: new Set(['-n']),
};
const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh']);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*(?:\[[^\]]*\])?\+?=/;
// A redirection word: `2>/dev/null`, `>out`, `&>log`, `2>&1`, `<in` (with its target), or the operator alone.
const REDIRECT_WITH_TARGET = /^(?:\d*|&)(?:>>?|<<?<?|>&|<&|<>|>\|)\S/;
const REDIRECT_ALONE = /^(?:\d*|&)(?:>>?|<|>&|<&|<>|>\|)$/;

class Unreadable extends Error {}

/** The simple commands of `command`, outermost first, each trimmed and without leading assignments; undefined when it cannot be read. */
export function splitSimpleCommands(command: string): string[] | undefined {
  const out: string[] = [];
  // A backslash before a line break joins the lines (`git \<newline>push` is `git push`).
  const text = command.replace(/\\\r?\n/g, '');
  try {
    const end = scan(text, 0, undefined, 0, out);
    if (end !== text.length) return undefined;
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
    const simple = fromName(s.slice(start, end));
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
    } else if (c === '$' && s[i + 1] === "'") {
      i = ansiQuoted(s, i + 2);
    } else if (c === "'") {
      const j = s.indexOf("'", i + 1);
      if (j === -1) throw new Unreadable();
      i = j + 1;
    } else if (c === '<' && s[i + 1] === '<' && s[i + 2] !== '<') {
      // A heredoc: its body is not commands, unless unquoted and holding `$(…)`; not read here.
      throw new Unreadable();
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

// Past an ANSI-C quoted string `$'…'` starting at `at` (after the quote), where `\'` is a quote.
function ansiQuoted(s: string, at: number): number {
  for (let i = at; i < s.length; i++) {
    if (s[i] === '\\') i++;
    else if (s[i] === "'") return i + 1;
  }
  throw new Unreadable();
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

// A simple command from its name on (see the header): what comes before the name stripped, the name
// unquoted, blanks made one space. Throws Unreadable for a name made at run time, `eval` and `sh -c`.
function fromName(text: string): string {
  let rest = text.trim();
  let wrapper: ReadonlySet<string> | undefined;
  for (;;) {
    const word = firstWord(rest);
    if (word === undefined) return '';
    let skip = word.length;
    if (wrapper !== undefined && word.startsWith('-')) {
      // a wrapper's option, and its argument when it takes one
      if (wrapper.has(word)) skip += leadingBlank(rest.slice(skip)) + (firstWord(rest.slice(skip).trimStart())?.length ?? 0);
    } else if (REDIRECT_ALONE.test(word)) {
      skip += leadingBlank(rest.slice(skip)) + (firstWord(rest.slice(skip).trimStart())?.length ?? 0);
    } else if (!(RESERVED.has(word) || ASSIGNMENT.test(word) || REDIRECT_WITH_TARGET.test(word) || WRAPPERS[word] !== undefined)) {
      return named(word, rest.slice(word.length));
    } else {
      wrapper = WRAPPERS[word] ?? (ASSIGNMENT.test(word) ? wrapper : undefined);
    }
    rest = rest.slice(skip).trimStart();
  }
}

// The command from its name: the name unquoted, the rest with blanks made one space.
function named(word: string, rest: string): string {
  // A name made at run time cannot be known here: the hook runs.
  if (/\$|`/.test(word.replace(/'[^']*'/g, ''))) throw new Unreadable();
  const name = word.replace(/\\(.)/g, '$1').replace(/['"]/g, '');
  if (name === 'eval' || (SHELLS.has(name.slice(name.lastIndexOf('/') + 1)) && /(?:^|\s)-\w*c/.test(rest))) throw new Unreadable();
  return `${name}${rest.replace(/[ \t]+/g, ' ')}`.trimEnd();
}

const leadingBlank = (text: string): number => text.length - text.trimStart().length;

// The first shell word of `text` (quotes kept; `$(…)`, backticks and quotes are part of it), or undefined.
function firstWord(text: string): string | undefined {
  if (text === '') return undefined;
  let i = 0;
  let depth = 0;
  while (i < text.length && (depth > 0 || !/\s/.test(text[i]!))) {
    const c = text[i]!;
    if (c === '\\') i += 2;
    else if (c === "'" || c === '"' || c === '`') {
      const j = text.indexOf(c, i + 1);
      i = j === -1 ? text.length : j + 1;
    } else if (c === '(') {
      depth++;
      i++;
    } else if (c === ')') {
      depth = Math.max(0, depth - 1);
      i++;
    } else i++;
  }
  return text.slice(0, i);
}
