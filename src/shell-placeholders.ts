// Placeholders in a hook's shell line, made safe for every profile (issue 23 class 5). Harnesses
// document placeholders for folders — `${CLAUDE_PLUGIN_ROOT}` (claude, copilot, codex's `${PLUGIN_ROOT}`),
// Gemini's `$GEMINI_PROJECT_DIR` and an extension's `${extensionPath}`, copilot's `{{project_dir}}` — and
// most of them paste the folder's path into the command as text. A shell then parses the path: a folder
// named `a";touch PWNED;"b c`, `d$(touch x)` or `` t`id` `` runs code, and one named `John's plugins`
// breaks the hook. Here the value travels in the hook's environment instead, and the placeholder becomes a
// reference to that variable, which the shell expands without parsing the value again:
// - outside quotes: `"${NAME}"` (one word, whatever the path holds);
// - inside double quotes: `${NAME}`;
// - inside single quotes: `${NAME}` too, which this shell leaves as text. Splicing the path in there
//   (closing and reopening the quotes) would hand it to whatever reads the quoted text — typically a
//   nested `sh -c '…'`, which would parse it; the variable is in the environment, so that nested shell
//   expands it itself, safely. (A program that is not a shell sees `${NAME}` literally: the one place this
//   differs from a harness's textual substitution, deliberately.)
// PowerShell (`shell: 'powershell'`): `${env:NAME}` outside single quotes (PowerShell never parses an
// expanded value as code either), as written inside them.
// Text no shell reads (exec form's program and args, a cwd, a displayed name) keeps textual substitution.

/** A placeholder a harness substitutes in a hook's command, and the variable the hook's environment carries its value in. */
export interface ShellPlaceholder {
  /** As written in the command: `${CLAUDE_PLUGIN_ROOT}`, `$GEMINI_PROJECT_DIR`, `{{project_dir}}`. */
  readonly text: string;
  /** The environment variable that holds the value (set by the profile for the hook's process). */
  readonly variable: string;
}

/** `${NAME}` placeholders whose variable is NAME itself (Claude Code's and its kin's). */
export const bracedPlaceholders = (names: readonly string[]): ShellPlaceholder[] => names.map((variable) => ({ text: `\${${variable}}`, variable }));

// The command with each placeholder rewritten to a reference to its variable, by the quotes it stands in.
export function referencePlaceholders(command: string, placeholders: readonly ShellPlaceholder[], shell: 'sh' | 'powershell' = 'sh'): string {
  if (placeholders.length === 0) return command;
  // Longest first: `$GEMINI_CWD` must not take the start of a longer placeholder.
  const ordered = [...placeholders].sort((a, b) => b.text.length - a.text.length);
  const at = (i: number): ShellPlaceholder | undefined => (command[i] === '$' || command[i] === '{' ? ordered.find((p) => command.startsWith(p.text, i)) : undefined);
  return shell === 'sh' ? referenceSh(command, at) : referencePowerShell(command, at);
}

// Where the reader of a POSIX shell line stands: unquoted (at the top, in `$( … )` with its open
// parentheses, in backticks), or in double, single or `$'…'` quotes.
interface Frame {
  kind: 'top' | 'cmd' | 'bq' | 'dq' | 'sq' | 'ansi';
  parens: number;
}

// A here-document waiting for the end of its line: the line that ends it, and whether tabs before it go.
interface HereDoc {
  delimiter: string;
  strip: boolean;
}

// A here-document's operator and delimiter word (sticky: read where it stands, never a copy of the rest).
const HEREDOC = /<<(-?)[ \t]*((?:[^\s;&|()<>'"\\]|'[^']*'|"[^"]*"|\\.)+)/y;

// bash / sh: quotes nest as the shell reads them (a double-quoted `"$(cd "${ROOT}")"` is unquoted inside the
// `$( … )`), a comment and a here-document's lines are not quotes, and `$'…'` ends only at an unescaped `'`.
function referenceSh(command: string, placeholderAt: (i: number) => ShellPlaceholder | undefined): string {
  const stack: Frame[] = [{ kind: 'top', parens: 0 }];
  const pending: HereDoc[] = [];
  let out = '';
  let i = 0;
  const push = (kind: Frame['kind'], text: string): void => {
    stack.push({ kind, parens: 0 });
    out += text;
    i += text.length;
  };
  while (i < command.length) {
    const frame = stack[stack.length - 1]!;
    const ch = command[i]!;
    const next = command[i + 1];
    const found = placeholderAt(i);
    const unquoted = frame.kind === 'top' || frame.kind === 'cmd' || frame.kind === 'bq';
    if (found !== undefined) {
      out += unquoted ? `"\${${found.variable}}"` : `\${${found.variable}}`;
      i += found.text.length;
      continue;
    }
    if (ch === '\\' && frame.kind !== 'sq') {
      // An escaped character (`\$`, `\"`, `\'` in `$'…'`): copied as is, and not a quote or a placeholder.
      out += command.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (frame.kind === 'sq' || frame.kind === 'ansi' || (frame.kind === 'dq' && ch === '"')) {
      if (ch === (frame.kind === 'dq' ? '"' : "'")) stack.pop();
    } else if (ch === '$' && next === '(') {
      push('cmd', '$(');
      continue;
    } else if (ch === '`') {
      if (frame.kind === 'bq') stack.pop();
      else stack.push({ kind: 'bq', parens: 0 });
    } else if (frame.kind === 'dq') {
      // (Nothing else is special in double quotes.)
    } else if (ch === '$' && next === "'") {
      push('ansi', "$'");
      continue;
    } else if (ch === "'" || ch === '"') {
      stack.push({ kind: ch === "'" ? 'sq' : 'dq', parens: 0 });
    } else if (ch === '#' && (i === 0 || /[\s;&|()<>]/.test(command[i - 1]!))) {
      // A comment, to the end of its line.
      const end = command.indexOf('\n', i);
      out += command.slice(i, end < 0 ? command.length : end);
      i = end < 0 ? command.length : end;
      continue;
    } else if (ch === '(' && frame.kind === 'cmd') frame.parens++;
    else if (ch === ')' && frame.kind === 'cmd') {
      if (frame.parens === 0) stack.pop();
      else frame.parens--;
    } else if (ch === '<' && next === '<' && command[i + 2] !== '<') {
      HEREDOC.lastIndex = i;
      const m = HEREDOC.exec(command);
      if (m !== null) {
        pending.push({ delimiter: m[2]!.replace(/\\(.)|['"]/g, '$1'), strip: m[1] === '-' });
        out += m[0];
        i += m[0].length;
        continue;
      }
    } else if (ch === '\n' && pending.length > 0) {
      // The here-documents' lines: text, not quotes; a placeholder there is a reference (no word splitting in them).
      i++;
      out += ch;
      for (const doc of pending.splice(0)) {
        while (i < command.length) {
          const end = command.indexOf('\n', i);
          const lineEnd = end < 0 ? command.length : end;
          const text = command.slice(i, lineEnd);
          for (let j = i; j < lineEnd; ) {
            const p = placeholderAt(j);
            out += p === undefined ? command[j] : `\${${p.variable}}`;
            j += p === undefined ? 1 : p.text.length;
          }
          out += end < 0 ? '' : '\n';
          i = end < 0 ? command.length : end + 1;
          if ((doc.strip ? text.replace(/^\t+/, '') : text) === doc.delimiter) break;
        }
      }
      continue;
    }
    out += ch;
    i++;
  }
  return out;
}

// PowerShell: `${env:NAME}` outside single quotes; the backtick escapes; a here-string (`@'` / `@"` to a
// line starting `'@` / `"@`) is read whole, as single or double quotes.
function referencePowerShell(command: string, placeholderAt: (i: number) => ShellPlaceholder | undefined): string {
  let out = '';
  let quote: '"' | "'" | undefined;
  let here = false;
  for (let i = 0; i < command.length; ) {
    const ch = command[i]!;
    const found = placeholderAt(i);
    if (found !== undefined) {
      out += quote === "'" ? `\${${found.variable}}` : `\${env:${found.variable}}`;
      i += found.text.length;
      continue;
    }
    if (ch === '`' && quote !== "'") {
      out += command.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (quote === undefined && ch === '@' && (command[i + 1] === '"' || command[i + 1] === "'") && /^\r?\n/.test(command.slice(i + 2))) {
      quote = command[i + 1] as '"' | "'";
      here = true;
      out += command.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (here && ch === '\n' && command[i + 1] === quote && command[i + 2] === '@') {
      out += command.slice(i, i + 3);
      i += 3;
      quote = undefined;
      here = false;
      continue;
    }
    if (!here && (ch === '"' || ch === "'")) {
      if (quote === undefined) quote = ch;
      else if (quote === ch) quote = undefined;
    }
    out += ch;
    i++;
  }
  return out;
}

// A shell run in exec form (`sh`, `/bin/bash`, `zsh.exe`): its `-c` line is shell text.
const SHELL_PROGRAM = /(?:^|[\\/])(?:sh|bash|zsh|dash|ksh|mksh|ash)(?:\.exe)?$/;

// An exec-form hook's arguments with its placeholders put in: each replaced as text (`substitute`) where no
// shell reads it, but the line a shell program runs (`sh -c '<line>'`, `bash -ec '<line>'`) is shell text,
// where a pasted folder name runs as code: there they become references, as in a shell-form command.
export function execFormArgs(program: string, args: readonly string[], placeholders: readonly ShellPlaceholder[], substitute: (text: string) => string): string[] {
  let line = -1;
  if (SHELL_PROGRAM.test(program)) {
    let inline = false;
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      if (/^[-+][oO]$/.test(a)) i++;
      else if (/^-[A-Za-z]*c[A-Za-z]*$/.test(a)) inline = true;
      else if (!/^[-+]/.test(a) || a === '-') {
        if (inline) line = i;
        break;
      }
    }
  }
  return args.map((a, i) => (i === line ? referencePlaceholders(a, placeholders) : substitute(a)));
}

// The command with each `${NAME}` placeholder of `names` rewritten to a safe shell reference to NAME.
export function quotePlaceholdersForShell(command: string, names: readonly string[]): string {
  return referencePlaceholders(command, bracedPlaceholders(names));
}
