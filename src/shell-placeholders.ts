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
  const escape = shell === 'sh' ? '\\' : '`';
  let out = '';
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < command.length; ) {
    const ch = command[i]!;
    const found = ch === '$' || ch === '{' ? ordered.find((p) => command.startsWith(p.text, i)) : undefined;
    if (found !== undefined) {
      const v = found.variable;
      if (shell === 'powershell') out += quote === "'" ? `\${${v}}` : `\${env:${v}}`;
      else out += quote === undefined ? `"\${${v}}"` : `\${${v}}`;
      i += found.text.length;
      continue;
    }
    if (ch === escape && quote !== "'") {
      // An escaped character (`\$`, `\"`), outside quotes or in double quotes: copied as is, and not a
      // quote or a placeholder. (In single quotes the escape character is a plain character.)
      out += command.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (ch === '"' || ch === "'") {
      if (quote === undefined) quote = ch;
      else if (quote === ch) quote = undefined;
    }
    out += ch;
    i++;
  }
  return out;
}

// The command with each `${NAME}` placeholder of `names` rewritten to a safe shell reference to NAME.
export function quotePlaceholdersForShell(command: string, names: readonly string[]): string {
  return referencePlaceholders(command, bracedPlaceholders(names));
}
