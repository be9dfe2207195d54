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
const WRAPPERS: ReadonlySet<string> = new Set(['env', 'exec', 'command', 'nohup', 'nice', 'time', 'timeout', 'xargs', 'stdbuf', 'setsid', 'builtin']);
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
const WRAPPER_VALUES: Readonly<Record<string, RegExp>> = { env: /^-(?:u|C|S)$/, timeout: /^-(?:s|k)$/, nice: /^-n$/, stdbuf: /^-[ioe]$/, xargs: /^-[InLPdEas]$/ };
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

interface Word {
  text: string;
  /** Parts of it are made at run time. */
  dynamic: boolean;
}

// The files `hook` runs, from `place`: a shell line (`command`), or a program and its arguments (`args`).
export function commandFiles(hook: { command?: unknown; args?: unknown }, place: CommandPlace): CommandFiles {
  const out: CommandFiles = { files: [], programs: [], dynamic: [] };
  if (typeof hook.command !== 'string') return out;
  if (Array.isArray(hook.args)) {
    const words = [hook.command, ...hook.args].map((w) => ({ text: String(w), dynamic: false }));
    simpleCommand(words, place.runDir, place, out, 0);
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
  for (const words of splitLine(text, place)) {
    const moved = dirs.map((dir) => simpleCommand(words, dir, place, out, depth)).filter((d): d is string => d !== undefined);
    if (moved.length === 0) continue;
    dirs = [...new Set([...moved, ...dirs])];
    if (dirs.length > 8) {
      out.dynamic.push(text);
      return;
    }
  }
}

// One simple command; returns the folder a `cd` moved to.
function simpleCommand(all: Word[], runDir: string, place: CommandPlace, out: CommandFiles, depth: number): string | undefined {
  let words = all;
  while (words.length > 0 && ASSIGNMENT.test(words[0]!.text)) words = words.slice(1);
  if (words.length === 0) return undefined;
  const program = words[0]!;
  if (program.dynamic) {
    out.dynamic.push(program.text);
    return undefined;
  }
  const name = basename(program.text);
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
    let duration = name === 'timeout';
    while (i < words.length) {
      const t = words[i]!.text;
      if (t === '--') {
        i++;
        break;
      }
      if (t.startsWith('-')) i += WRAPPER_VALUES[name]?.test(t) === true ? 2 : 1;
      else if (name === 'env' && ASSIGNMENT.test(t)) i++;
      else if (duration) {
        duration = false;
        i++;
      } else break;
    }
    return words.length > i ? simpleCommand(words.slice(i), runDir, place, out, depth) : undefined;
  }
  if (program.text.includes('/')) {
    const file = resolve(runDir, program.text);
    out.programs.push(file);
    // An interpreter the command names by its path (/usr/bin/python3) is not the project's: its script is.
    if (!SHELLS.test(name) && !INTERPRETERS.test(name)) out.files.push(file);
  }
  if (SHELLS.test(name)) shellScript(words.slice(1), runDir, place, out, depth);
  else if (INTERPRETERS.test(name)) interpreterScript(name, words.slice(1), runDir, place, out, depth);
  return undefined;
}

// `sh [flags] script` / `bash -c 'line'`: the script, or the line's own files.
function shellScript(args: Word[], runDir: string, place: CommandPlace, out: CommandFiles, depth: number): void {
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
      if (w.text.startsWith('-') && w.text.includes('s') && !w.text.startsWith('--')) return;
      continue;
    }
    script(w, runDir, out);
    return;
  }
}

// `python3 -u x.py`, `node -r ./pre.js x.js`, `deno run -A x.ts`, `npx tsx x.ts`, `pwsh -File x.ps1`.
function interpreterScript(name: string, given: Word[], runDir: string, place: CommandPlace, out: CommandFiles, depth: number): void {
  let args = given;
  if ((name === 'deno' || name === 'bun') && args[0]?.text === 'run') args = args.slice(1);
  if (name === 'npx' || name === 'bunx' || name === 'pnpx') {
    // The package's command runs next: read it as a command of its own.
    let i = 0;
    while (i < args.length && args[i]!.text.startsWith('-')) i += /^-(?:p|-package)$/.test(args[i]!.text) ? 2 : 1;
    if (i < args.length) simpleCommand(args.slice(i), runDir, place, out, depth);
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
    if (name.startsWith('python') && w.text === '-m') {
      // A module is looked for in the folder it runs in first.
      const module = args[i + 1];
      if (module === undefined) return;
      if (module.dynamic) out.dynamic.push(module.text);
      else {
        const path = module.text.split('.').join('/');
        out.files.push(resolve(runDir, `${path}.py`), resolve(runDir, path, '__main__.py'));
      }
      return;
    }
    if (flags.module?.test(w.text) === true) {
      const module = args[++i];
      if (module !== undefined && (module.dynamic || /^\.{0,2}\//.test(module.text))) script(module, runDir, out);
      continue;
    }
    if (flags.value.test(w.text)) {
      i++;
      continue;
    }
    if (w.text === '-') return;
    if (w.text.startsWith('-')) continue;
    script(w, runDir, out);
    return;
  }
}

function script(w: Word | undefined, runDir: string, out: CommandFiles): void {
  if (w === undefined) return;
  if (w.dynamic) out.dynamic.push(w.text);
  else out.files.push(resolve(runDir, w.text));
}

// A shell line as simple commands of words: quotes removed, `\` escapes read, the known placeholders
// put in, and each word marked when part of it is made at run time. Operators (`;`, `&&`, `||`, `|`,
// `&`, newlines, parentheses) end a simple command; redirections and their targets are left out.
function splitLine(text: string, place: CommandPlace): Word[][] {
  const commands: Word[][] = [];
  let words: Word[] = [];
  let word: Word | undefined;
  let redirect = false;
  const end = (): void => {
    if (word !== undefined) {
      if (!redirect) words.push(word);
      redirect = false;
    }
    word = undefined;
  };
  const endCommand = (): void => {
    end();
    if (words.length > 0) commands.push(words);
    words = [];
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
          const [s, n, dynamic] = expansion(text, j, place);
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
      const [s, n, dynamic] = expansion(text, i, place);
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
    } else if (c === '<' || c === '>') {
      // A redirection's target is not a program or a script (`2>&1`, `> log`).
      const number = word !== undefined && /^\d+$/.test(word.text);
      if (number) word = undefined;
      else end();
      while (text[i + 1] === '>' || text[i + 1] === '&' || text[i + 1] === '<') i++;
      if (/\d|-/.test(text[i + 1] ?? '') && text[i] === '&') i++;
      redirect = true;
    } else add(c);
  }
  endCommand();
  return commands;
}

// `$NAME`, `${NAME}`, `$(…)`, `` `…` `` at `at`: the text (a known placeholder's value, else as written),
// where it ends, and whether it is made at run time.
function expansion(text: string, at: number, place: CommandPlace): [string, number, boolean] {
  if (text[at] === '`') {
    const close = text.indexOf('`', at + 1);
    const n = close < 0 ? text.length : close + 1;
    return [text.slice(at, n), n, true];
  }
  if (text[at + 1] === '(') {
    let depth = 0;
    let j = at + 1;
    for (; j < text.length; j++) {
      if (text[j] === '(') depth++;
      else if (text[j] === ')' && --depth === 0) break;
    }
    // (The project's root, as a hook finds it: the folder its repository starts at.)
    if (/^\$\(\s*git rev-parse --show-toplevel\s*\)$/.test(text.slice(at, j + 1))) return [place.projectDir, j + 1, false];
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
