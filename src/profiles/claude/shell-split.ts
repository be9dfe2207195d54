// The simple commands of a Bash command line, for `if` rules: Claude Code tests `Bash(git *)` against every
// simple command, so `npm test && git push`, `echo hi; git log`, `FOO=bar git status` and `echo $(git log)`
// all hold a `git` command, and `echo "git push"` or `gitx status` do not (issue 10 rule 2, observed in
// Claude Code 2.1.328: fixtures/claude/oracle/conformance/02-*).
//
// Not a shell: one linear pass that splits on `&&`, `||`, `;`, `|`, `&` and line breaks outside quotes
// (`'…'`, `"…"`, `$'…'`), descends into `$(…)`, backticks and `( … )` (inside double quotes too, where they
// still run), skips comments and line continuations, and reads each command from its name on: leading
// `NAME=value` assignments, redirections (`2>/dev/null`), reserved words (`!`, `{`, `if`, `then`, `do`, …)
// and wrappers with their options and option arguments (`time -p`, `exec -a x`, `command`, `nohup`, `env -i`,
// `sudo -nu root`, `sudo --user root`, `timeout 60`, `xargs`, `stdbuf`, `setsid`, `doas`, `nice`, `ionice`)
// are stripped, the name is unquoted (`'git'`, `\git`, `g''it` are `git`) and blanks become one space.
// Anything it cannot read — an unterminated quote, an unbalanced parenthesis, a heredoc, a name made at run
// time (`$(echo git) push`, `$CMD`), a command held in an argument or read from stdin (`eval`, `sh`, `bash`,
// `su -c`, `script -c`, `watch`, `find -exec`, `env -S`, `coproc`, `function`, …), nesting past 64 levels —
// returns undefined, and the caller runs the hook (fail safe).

const MAX_DEPTH = 64;
const OPERATOR = new Set([';', '&', '|', '\n']);
const RESERVED = new Set(['!', '{', '}', 'if', 'then', 'else', 'elif', 'do', 'while', 'until']);
// Wrappers that run the rest of the line as a command: their short options that take an argument (`-u
// root`, also at the end of a cluster: `-nu root`), long ones that do (`--user root`; `--user=root` is
// one word), and how many words come before the command (timeout's duration).
interface Wrapper {
  readonly short: string;
  readonly long?: readonly string[];
  readonly positional?: number;
}
const WRAPPERS: Readonly<Record<string, Wrapper>> = {
  time: { short: '' },
  exec: { short: 'a' },
  command: { short: '' },
  builtin: { short: '' },
  nohup: { short: '' },
  env: { short: 'uC', long: ['--unset', '--chdir'] },
  sudo: { short: 'ugChpUDrtT', long: ['--user', '--group', '--close-from', '--host', '--prompt', '--other-user', '--chdir', '--role', '--type', '--command-timeout'] },
  doas: { short: 'uC' },
  nice: { short: 'n', long: ['--adjustment'] },
  ionice: { short: 'cnp', long: ['--class', '--classdata', '--pid'] },
  setsid: { short: '' },
  stdbuf: { short: 'ioe', long: ['--input', '--output', '--error'] },
  timeout: { short: 'sk', long: ['--signal', '--kill-after'], positional: 1 },
  xargs: { short: 'IinPLldsEa', long: ['--max-args', '--max-procs', '--max-lines', '--delimiter', '--max-chars', '--eof', '--arg-file', '--replace'] },
};
// Commands whose command is in an argument this pass does not read, or that read commands from stdin:
// the hook runs.
const OPAQUE = new Set(['eval', 'sh', 'bash', 'zsh', 'dash', 'ksh', 'fish', 'su', 'script', 'watch', 'coproc', 'function', 'parallel', 'flock', 'ssh', 'nsenter', 'unshare', 'chroot', 'busybox']);
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
// unquoted, blanks made one space. Throws Unreadable for a name made at run time and for OPAQUE commands.
function fromName(text: string): string {
  let rest = text.trim();
  let wrapper: Wrapper | undefined;
  let positional = 0;
  const withNext = (word: string): number => word.length + leadingBlank(rest.slice(word.length)) + (firstWord(rest.slice(word.length).trimStart())?.length ?? 0);
  for (;;) {
    const word = firstWord(rest);
    if (word === undefined) return '';
    let skip = word.length;
    if (wrapper !== undefined && word.startsWith('-') && word !== '-' && word !== '--') {
      // A wrapper's option, with its argument when it takes one; `env -S` / `--split-string` holds the command.
      if (/^-[^-]*S|^--split-string/.test(word) && wrapper === WRAPPERS.env) throw new Unreadable();
      const takesArg = word.startsWith('--') ? !word.includes('=') && wrapper.long?.includes(word) === true : wrapper.short.includes(word[word.length - 1]!) && word.length >= 2;
      if (takesArg) skip = withNext(word);
    } else if (wrapper !== undefined && word === '--') {
      // the end of the wrapper's options
    } else if (wrapper !== undefined && positional > 0) {
      positional--;
    } else if (REDIRECT_ALONE.test(word)) {
      skip = withNext(word);
    } else if (!(RESERVED.has(word) || ASSIGNMENT.test(word) || REDIRECT_WITH_TARGET.test(word) || WRAPPERS[unquote(word)] !== undefined)) {
      return named(word, rest.slice(word.length));
    } else if (WRAPPERS[unquote(word)] !== undefined) {
      wrapper = WRAPPERS[unquote(word)];
      positional = wrapper!.positional ?? 0;
    } else if (!ASSIGNMENT.test(word)) {
      wrapper = undefined;
    }
    rest = rest.slice(skip).trimStart();
  }
}

const unquote = (word: string): string => word.replace(/\\(.)/g, '$1').replace(/['"]/g, '');

// The command from its name: the name unquoted, the rest with blanks made one space.
function named(word: string, rest: string): string {
  // A name made at run time cannot be known here: the hook runs.
  if (/\$|`/.test(word.replace(/'[^']*'/g, ''))) throw new Unreadable();
  const name = unquote(word);
  const base = name.slice(name.lastIndexOf('/') + 1);
  if (OPAQUE.has(base) || (base === 'find' && /\s-(?:exec|execdir|ok|okdir)\b/.test(rest))) throw new Unreadable();
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
