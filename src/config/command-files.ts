// The files a command hook runs (issue 23, class 6): for each simple command of its line (`a && b; c | d`,
// and a `bash -c '…'` line inside it), the program when it is a path, and — when the program is an
// interpreter (sh, bash, zsh, dash, python3, node, ruby, perl, deno run, bun, npx …) — the script it
// reads, past the interpreter's flags; `cd DIR` moves where the following ones are found. Relative names
// are taken from the folder the hook runs in. One reading for the trust store (what a fingerprint covers,
// trust.ts) and for whoever else must know what a command runs.
//
// A name made at run time (`$VAR`, `` `…` ``, `$( )`) cannot be pinned: it is reported in `dynamic`, and
// the trust store does not trust such a hook. Project placeholders the harnesses set
// (`$CLAUDE_PROJECT_DIR`, `$GEMINI_PROJECT_DIR`, `$COPILOT_PROJECT_DIR`, `$CURSOR_PROJECT_DIR`, and
// `$(git rev-parse --show-toplevel)`), `$HOME`, `~`, `$PWD` (the folder it runs in) and a plugin's root are
// put in.
import { homedir } from '../node-builtins.js';
import { basename, resolve } from 'node:path';

/** Where a command runs: the folder it starts in, the project, and its plugin's root. */
export interface CommandPlace {
  /** The folder the hook runs in (the hook's own `cwd` where the dialect has one, else the project). */
  runDir: string;
  projectDir: string;
  pluginRoot?: string | undefined;
}

/** What a command runs: files (absolute), and the words naming a program or script only at run time. */
export interface CommandFiles {
  files: string[];
  /** The programs named by a path, in order (each is in `files` unless it is an interpreter). */
  programs: string[];
  dynamic: string[];
}

const PROJECT_VARIABLES = ['CLAUDE_PROJECT_DIR', 'GEMINI_PROJECT_DIR', 'COPILOT_PROJECT_DIR', 'CURSOR_PROJECT_DIR'];
const PLUGIN_VARIABLES = ['CLAUDE_PLUGIN_ROOT', 'PLUGIN_ROOT', 'COPILOT_PLUGIN_ROOT'];
// Programs that run the next word as a command (`env -i FOO=1 sh x.sh`, `exec`, `nohup`, …).
const WRAPPERS: ReadonlySet<string> = new Set(['env', 'exec', 'command', 'nohup', 'nice', 'time', 'timeout', 'xargs', 'stdbuf', 'setsid', 'builtin', 'sudo', 'doas', 'flock', 'unbuffer', 'chronic', 'strace', 'ltrace']);
// Reserved words before a command (`if ./x.sh; then ./y.sh; fi`, `{ ./x.sh; }`, `! ./x.sh`): the command is what follows.
const RESERVED: ReadonlySet<string> = new Set(['if', 'then', 'else', 'elif', 'while', 'until', 'do', '!', '{']);
// An argument of any other program that names a script by its path (`watch -n1 ./x.sh`, `find -exec ./x.sh`):
// pinned too, since no list of programs that run their arguments is complete (more pinned, never less).
const SCRIPT_PATH = /\/[^/]*\.(?:sh|bash|zsh|ksh|py|pyw|js|mjs|cjs|ts|mts|cts|tsx|jsx|rb|pl|pm|php|ps1|psm1|lua|R|mk)$/;
const SHELLS = /^(?:sh|bash|zsh|dash|ksh|mksh|ash|fish|busybox)$/;
const INTERPRETERS = /^(?:python(?:\d+(?:\.\d+)?)?|pypy3?|node|nodejs|tsx|ts-node|ruby|perl|php|lua|Rscript|deno|bun|npx|bunx|pnpx|pwsh|powershell|osascript)$/;
// Per interpreter family, its flags: those whose value is the next word, those that mean the code is in
// the command itself, those naming the script file, and those loading a module (pinned when a path).
interface Flags {
  value: RegExp;
  inline: RegExp;
  file?: RegExp;
  module?: RegExp;
}
const NEVER = /(?!)/;
const FLAGS: readonly [RegExp, Flags][] = [
  [/^(?:python|pypy)/, { value: /^-[WXQ]$/, inline: /^-c$/ }],
  [/^(?:node|nodejs|tsx|ts-node|bun|deno)$/, { value: /^(?:-C|--(?:env-file|conditions|input-type|title|config|cwd|import-map|location))$/, inline: /^(?:-e|-p|--eval|--print)$/, module: /^(?:-r|--require|--import|--loader|--experimental-loader|--preload)$/ }],
  [/^ruby$/, { value: /^-[CEI]$/, inline: /^-e$/, module: /^-r$/ }],
  [/^perl$/, { value: /^-[IMm]$/, inline: /^-[eE]$/ }],
  [/^php$/, { value: /^-[cdz]$/, inline: /^-[rRBE]$/, file: /^-f$/ }],
  [/^(?:pwsh|powershell)$/, { value: /^-(?:ExecutionPolicy|WorkingDirectory|ConfigurationName|InputFormat|OutputFormat|WindowStyle|ex|wd)$/i, inline: /^-(?:Command|c|EncodedCommand|e|ec)$/i, file: /^-(?:File|f)$/i }],
];
const OTHER_FLAGS: Flags = { value: NEVER, inline: /^-e$/ };
// A wrapper's flags whose value is the next word.
const WRAPPER_VALUES: Readonly<Record<string, RegExp>> = { env: /^-(?:u|C)$/, timeout: /^-(?:s|k)$/, nice: /^-n$/, stdbuf: /^-[ioe]$/, xargs: /^-[InLPdEas]$/, sudo: /^-[ugCDhprtTUR]$/, doas: /^-[uC]$/, flock: /^-[wEc]$/, strace: /^-[eoOpPsSIXbu]$/, ltrace: /^-[eoOpsnuAlL]$/ };
// Wrappers whose first word past their flags is not the command (timeout's duration, flock's lock file).
const WRAPPER_FIRST_ARG: ReadonlySet<string> = new Set(['timeout', 'flock']);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

interface Word {
  text: string;
  /** Parts of it are made at run time. */
  dynamic: boolean;
}

// Where a simple command's standard input comes from, when a shell or interpreter reads its script there:
// a file (`sh < x.sh`: pinned), a here-string (`bash <<< './x.sh'`: read as a line), a here-document
// (its lines are the hook's own text, read as lines), or a pipe (`curl … | sh`: what it runs is made at
// run time). Undefined: the hook's input.
type Stdin = { file: Word } | { string: Word } | 'heredoc' | 'pipe' | undefined;

interface SimpleCommand {
  words: Word[];
  stdin: Stdin;
}

// The files `hook` runs, from `place`: a shell line (`command`), or a program and its arguments (`args`).
export function commandFiles(hook: { command?: unknown; args?: unknown }, place: CommandPlace): CommandFiles {
  const out: CommandFiles = { files: [], programs: [], dynamic: [] };
  if (typeof hook.command !== 'string') return out;
  if (Array.isArray(hook.args)) {
    const words = [hook.command, ...hook.args].map((w) => ({ text: String(w), dynamic: false }));
    simpleCommand(words, place.runDir, place, out, 0, undefined);
  } else line(hook.command, place.runDir, place, out, 0);
  out.files = [...new Set(out.files)];
  return out;
}

// A shell line: each simple command in turn. A `cd` moves the folder for those after it — or not, when it
// ran in a subshell or failed: a relative name after it is read from every folder it may be in, the
// latest first (more pinned, never less).
function line(text: string, runDir: string, place: CommandPlace, out: CommandFiles, depth: number): void {
  if (depth > 4) {
    out.dynamic.push(text);
    return;
  }
  let dirs = [runDir];
  // The commands a substitution runs (`echo "$(./x.sh)"`, `diff <(./x.sh) y`) run too: read as lines.
  const nested: string[] = [];
  const commands = splitLine(text, place, nested);
  for (const inner of nested) line(inner, runDir, place, out, depth + 1);
  for (const { words, stdin } of commands) {
    const moved = dirs.map((dir) => simpleCommand(words, dir, place, out, depth, stdin)).filter((d): d is string => d !== undefined);
    if (moved.length === 0) continue;
    dirs = [...new Set([...moved, ...dirs])];
    if (dirs.length > 8) {
      out.dynamic.push(text);
      return;
    }
  }
}

// One simple command; returns the folder a `cd` moved to.
function simpleCommand(all: Word[], runDir: string, place: CommandPlace, out: CommandFiles, depth: number, stdin: Stdin, hops = 0): string | undefined {
  let k = 0;
  for (;;) {
    const w = all[k];
    if (w !== undefined && (ASSIGNMENT.test(w.text) || (!w.dynamic && RESERVED.has(w.text)))) k++;
    // `function f { … }`: the body's first command follows the name.
    else if (w?.text === 'function' && !w.dynamic) k += 2;
    else break;
  }
  const words = k === 0 ? all : all.slice(k);
  if (words.length === 0) return undefined;
  const program = words[0]!;
  // Wrappers of wrappers past any real use (`nohup nohup …`): not read further, so never trusted.
  if (hops > 16) {
    out.dynamic.push(program.text);
    return undefined;
  }
  if (program.dynamic) {
    out.dynamic.push(program.text);
    return undefined;
  }
  const name = basename(program.text);
  if (program.text === '.' || program.text === 'source') {
    // The shell reads the file itself (a name without `/` is looked for on PATH, then here: pinned here).
    script(words[1], runDir, out);
    return undefined;
  }
  if (name === 'cd' || name === 'pushd') {
    const to = words.slice(1).find((w) => !w.text.startsWith('-'));
    if (to === undefined) return homedir();
    if (to.dynamic) {
      out.dynamic.push(to.text);
      return undefined;
    }
    return resolve(runDir, to.text);
  }
  if (WRAPPERS.has(name)) {
    // Past the wrapper's own flags, env's assignments and timeout's duration to the command it runs.
    let i = 1;
    let duration = WRAPPER_FIRST_ARG.has(name);
    while (i < words.length) {
      const t = words[i]!.text;
      if (t === '--') {
        i++;
        break;
      }
      if (name === 'env' && (t.startsWith('-S') || t.startsWith('--split-string'))) {
        // `env -S 'sh x.sh'`: the string is split into words that env reads on, as if written in place.
        const value = t === '-S' || t === '--split-string' ? words[i + 1] : { text: t.replace(/^(?:-S|--split-string=)/, ''), dynamic: words[i]!.dynamic };
        if (value === undefined) return undefined;
        if (value.dynamic) {
          out.dynamic.push(value.text);
          return undefined;
        }
        const split = splitLine(value.text, place)[0]?.words ?? [];
        return simpleCommand([words[0]!, ...split, ...words.slice(i + (value === words[i + 1] ? 2 : 1))], runDir, place, out, depth, stdin, hops + 1);
      }
      if (t.startsWith('-')) i += WRAPPER_VALUES[name]?.test(t) === true ? 2 : 1;
      else if (name === 'env' && ASSIGNMENT.test(t)) i++;
      else if (duration) {
        duration = false;
        i++;
      } else break;
    }
    return words.length > i ? simpleCommand(words.slice(i), runDir, place, out, depth, stdin, hops + 1) : undefined;
  }
  if (program.text.includes('/')) {
    const file = resolve(runDir, program.text);
    out.programs.push(file);
    // An interpreter the command names by its path (/usr/bin/python3) is not the project's: its script is.
    if (!SHELLS.test(name) && !INTERPRETERS.test(name)) out.files.push(file);
  }
  if (SHELLS.test(name)) shellScript(words.slice(1), runDir, place, out, depth, stdin);
  else if (INTERPRETERS.test(name)) interpreterScript(name, words.slice(1), runDir, place, out, depth, stdin, hops);
  else for (const w of words.slice(1)) if (!w.dynamic && SCRIPT_PATH.test(w.text)) script(w, runDir, out);
  return undefined;
}

// A shell or interpreter with no script named reads it from its standard input.
function stdinScript(program: string, stdin: Stdin, shell: boolean, runDir: string, place: CommandPlace, out: CommandFiles, depth: number): void {
  if (stdin === 'pipe') out.dynamic.push(`| ${program}`);
  else if (stdin === undefined || stdin === 'heredoc') return;
  else if ('file' in stdin) script(stdin.file, runDir, out);
  else if (stdin.string.dynamic) out.dynamic.push(stdin.string.text);
  else if (shell) line(stdin.string.text, runDir, place, out, depth + 1);
}

// `sh [flags] script` / `bash -c 'line'`: the script, or the line's own files.
function shellScript(args: Word[], runDir: string, place: CommandPlace, out: CommandFiles, depth: number, stdin: Stdin): void {
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    if (w.text === '--') {
      script(args[i + 1], runDir, out);
      return;
    }
    if (/^[-+][A-Za-z]*c[A-Za-z]*$/.test(w.text) && w.text.startsWith('-')) {
      const inline = args[i + 1];
      if (inline === undefined) return;
      if (inline.dynamic) out.dynamic.push(inline.text);
      else line(inline.text, runDir, place, out, depth + 1);
      return;
    }
    if (/^-(?:-rcfile|-init-file)$/.test(w.text)) {
      script(args[++i], runDir, out);
      continue;
    }
    if (/^[-+][oO]$/.test(w.text)) {
      i++;
      continue;
    }
    if (/^[-+]/.test(w.text)) {
      // `-s`: the script comes from stdin.
      if (w.text.startsWith('-') && w.text.includes('s') && !w.text.startsWith('--')) break;
      continue;
    }
    script(w, runDir, out);
    return;
  }
  stdinScript('sh', stdin, true, runDir, place, out, depth);
}

// `python3 -u x.py`, `node -r ./pre.js x.js`, `deno run -A x.ts`, `npx tsx x.ts`, `pwsh -File x.ps1`.
function interpreterScript(name: string, given: Word[], runDir: string, place: CommandPlace, out: CommandFiles, depth: number, stdin: Stdin, hops: number): void {
  let args = given;
  if ((name === 'deno' || name === 'bun') && args[0]?.text === 'run') args = args.slice(1);
  if (name === 'npx' || name === 'bunx' || name === 'pnpx') {
    // The package's command runs next: read it as a command of its own.
    let i = 0;
    while (i < args.length && args[i]!.text.startsWith('-')) i += /^-(?:p|-package)$/.test(args[i]!.text) ? 2 : 1;
    // npx runs a package's bin from the project's node_modules first: that file (present or not) is pinned.
    const bin = args[i];
    if (bin !== undefined && !bin.dynamic && !bin.text.includes('/')) out.files.push(...new Set([runDir, place.projectDir].map((dir) => resolve(dir, 'node_modules', '.bin', bin.text))));
    if (i < args.length) simpleCommand(args.slice(i), runDir, place, out, depth, stdin, hops + 1);
    return;
  }
  const flags = FLAGS.find(([family]) => family.test(name))?.[1] ?? OTHER_FLAGS;
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    if (w.text === '--') {
      script(args[i + 1], runDir, out);
      return;
    }
    if (flags.inline.test(w.text)) return;
    if (flags.file?.test(w.text) === true) {
      script(args[i + 1], runDir, out);
      return;
    }
    // Python's short flags cluster, and `-c` / `-m` take the rest of the word or the next (`-Im pkg`, `-uc code`).
    const python = /^(?:python|pypy)/.test(name) ? /^-[bBdEhiIOPqsSuvVxR]*([cmWX])(.*)$/s.exec(w.text) : null;
    if (python?.[1] === 'c') return;
    if (python !== null && python[1] !== 'm') {
      if (python[2] === '') i++;
      continue;
    }
    if (python !== null) {
      // A module is looked for in the folder it runs in first.
      const module = python[2] === '' ? args[i + 1] : { text: python[2]!, dynamic: w.dynamic };
      if (module === undefined) return;
      if (module.dynamic) out.dynamic.push(module.text);
      else {
        const path = module.text.split('.').join('/');
        out.files.push(resolve(runDir, `${path}.py`), resolve(runDir, path, '__main__.py'));
      }
      return;
    }
    // `--require=./x.js`: a flag and its value in one word.
    const joined = /^(--?[A-Za-z][\w-]*)=(.*)$/s.exec(w.text);
    if (flags.module?.test(joined?.[1] ?? w.text) === true) {
      const module = joined === null ? args[++i] : { text: joined[2]!, dynamic: w.dynamic };
      if (module !== undefined && (module.dynamic || /^\.{0,2}\//.test(module.text))) script(module, runDir, out);
      continue;
    }
    if (flags.value.test(w.text)) {
      i++;
      continue;
    }
    if (w.text === '-') break;
    if (w.text.startsWith('-')) continue;
    script(w, runDir, out);
    return;
  }
  stdinScript(name, stdin, false, runDir, place, out, depth);
}

function script(w: Word | undefined, runDir: string, out: CommandFiles): void {
  if (w === undefined) return;
  if (w.dynamic) out.dynamic.push(w.text);
  else out.files.push(resolve(runDir, w.text));
}

// A shell line as simple commands of words: quotes removed, `\` escapes read, the known placeholders
// put in, and each word marked when part of it is made at run time. Operators (`;`, `&&`, `||`, `|`,
// `&`, newlines, parentheses) end a simple command; redirections and their targets are left out.
function splitLine(text: string, place: CommandPlace, nested: string[] = []): SimpleCommand[] {
  const commands: SimpleCommand[] = [];
  let words: Word[] = [];
  let word: Word | undefined;
  // The redirection the next word is the target of: standard input from a file or a here-string, another.
  let redirect: 'file' | 'string' | 'other' | undefined;
  let stdin: Stdin;
  const end = (): void => {
    if (word !== undefined) {
      if (redirect === undefined) words.push(word);
      else if (redirect === 'file') stdin = { file: word };
      else if (redirect === 'string') stdin = { string: word };
      redirect = undefined;
    }
    word = undefined;
  };
  const endCommand = (): void => {
    end();
    // (An empty command keeps what its standard input is: `a |` then a new line, `a |& b`.)
    if (words.length === 0) return;
    commands.push({ words, stdin });
    words = [];
    stdin = undefined;
  };
  const add = (s: string, dynamic = false): void => {
    word ??= { text: '', dynamic: false };
    word.text += s;
    word.dynamic ||= dynamic;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\') {
      if (text[i + 1] === '\n') i++;
      else add(text[++i] ?? '');
    } else if (c === "'") {
      const close = text.indexOf("'", i + 1);
      add(close < 0 ? text.slice(i + 1) : text.slice(i + 1, close));
      i = close < 0 ? text.length : close;
    } else if (c === '"') {
      let j = i + 1;
      let inner = '';
      while (j < text.length && text[j] !== '"') {
        if (text[j] === '\\' && j + 1 < text.length && '"\\$`'.includes(text[j + 1]!)) inner += text[++j];
        else if (text[j] === '$' || text[j] === '`') {
          const [s, n, dynamic] = expansion(text, j, place, nested);
          add(inner);
          inner = '';
          add(s, dynamic);
          j = n - 1;
        } else inner += text[j];
        j++;
      }
      add(inner);
      // An empty "" is still a word.
      word ??= { text: '', dynamic: false };
      i = j;
    } else if (c === '$' || c === '`') {
      const [s, n, dynamic] = expansion(text, i, place, nested);
      add(s, dynamic);
      i = n - 1;
    } else if (c === '~' && word === undefined && (text[i + 1] === '/' || text[i + 1] === undefined || /\s/.test(text[i + 1]!))) {
      add(homedir());
    } else if (c === '#' && word === undefined) {
      while (i < text.length && text[i] !== '\n') i++;
      endCommand();
    } else if (/\s/.test(c)) {
      if (c === '\n') endCommand();
      else end();
    } else if (';&|()'.includes(c)) {
      endCommand();
      if (c === '|' && text[i + 1] === '|') i++;
      else if (c === '|') {
        stdin = 'pipe';
        if (text[i + 1] === '&') i++;
      }
    } else if ((c === '<' || c === '>') && text[i + 1] === '(') {
      // `<( … )`: a file name made at run time, by the commands inside.
      const close = matchingParen(text, i + 1);
      nested.push(text.slice(i + 2, close));
      add(text.slice(i, close + 1), true);
      i = close;
    } else if (c === '<' || c === '>') {
      // A redirection's target is not a program or a script (`2>&1`, `> log`); standard input's is noted.
      const fd = word !== undefined && /^\d+$/.test(word.text) ? word.text : undefined;
      if (fd !== undefined) word = undefined;
      else end();
      const start = i;
      while (text[i + 1] === '>' || text[i + 1] === '&' || text[i + 1] === '<') i++;
      const op = text.slice(start, i + 1);
      if (/\d|-/.test(text[i + 1] ?? '') && text[i] === '&') i++;
      const input = fd === undefined || fd === '0';
      if (input && op === '<') redirect = 'file';
      else if (input && op === '<<<') redirect = 'string';
      else {
        if (input && op.startsWith('<<')) stdin = 'heredoc';
        else if (input && op === '<&') stdin = 'pipe';
        redirect = 'other';
      }
    } else add(c);
  }
  endCommand();
  return commands;
}

// `$NAME`, `${NAME}`, `$(…)`, `` `…` `` at `at`: the text (a known placeholder's value, else as written),
// where it ends, and whether it is made at run time.
function expansion(text: string, at: number, place: CommandPlace, nested: string[]): [string, number, boolean] {
  if (text[at] === '`') {
    const close = text.indexOf('`', at + 1);
    const n = close < 0 ? text.length : close + 1;
    nested.push(text.slice(at + 1, close < 0 ? text.length : close));
    return [text.slice(at, n), n, true];
  }
  if (text[at + 1] === '(') {
    const j = matchingParen(text, at + 1);
    // (The project's root, as a hook finds it: the folder its repository starts at.)
    if (/^\$\(\s*git rev-parse --show-toplevel\s*\)$/.test(text.slice(at, j + 1))) return [place.projectDir, j + 1, false];
    nested.push(text.slice(at + 2, j));
    return [text.slice(at, j + 1), j + 1, true];
  }
  const m = /^\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/.exec(text.slice(at));
  if (m === null) {
    // `${…}` with an operator, `$1`, `$$`: made at run time; a lone `$` is itself.
    if (text[at + 1] === '{') {
      const close = text.indexOf('}', at);
      const n = close < 0 ? text.length : close + 1;
      return [text.slice(at, n), n, true];
    }
    if (/[0-9@*#?$!-]/.test(text[at + 1] ?? '')) return [text.slice(at, at + 2), at + 2, true];
    return ['$', at + 1, false];
  }
  const name = (m[1] ?? m[2])!;
  const value = PROJECT_VARIABLES.includes(name) ? place.projectDir : name === 'HOME' ? homedir() : name === 'PWD' ? place.runDir : PLUGIN_VARIABLES.includes(name) ? place.pluginRoot : undefined;
  return value === undefined ? [m[0], at + m[0].length, true] : [value, at + m[0].length, false];
}

// Where the parenthesis opened at `open` closes (the text's end when it does not).
function matchingParen(text: string, open: number): number {
  let depth = 0;
  let j = open;
  for (; j < text.length; j++) {
    if (text[j] === '(') depth++;
    else if (text[j] === ')' && --depth === 0) break;
  }
  return j;
}
