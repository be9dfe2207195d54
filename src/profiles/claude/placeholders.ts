// `${CLAUDE_PLUGIN_ROOT}` and `${CLAUDE_PLUGIN_DATA}` in a shell command, made safe. Pasting the folder's
// path into `sh -c` as text lets a folder named `d$(touch x)`, `` t`id` `` or `s;id;x` run code (even in
// the documented form `"${CLAUDE_PLUGIN_ROOT}/hooks/run.sh"`), and a space or a quote breaks the hook.
// Instead the value travels in the environment (the variable of the same name) and the placeholder
// becomes a reference the shell expands without parsing it again: left as is inside double and single
// quotes, double-quoted outside quotes. A plugin root with a shell metacharacter is refused anyway
// (handlers.ts), so that nested shells and PowerShell, which would parse the path, never see one.
// Exec form (`args`, no shell) substitutes the text, which no shell reads.

// The command with each `${NAME}` placeholder of `names` rewritten to a safe shell reference.
export function quotePlaceholdersForShell(command: string, names: readonly string[]): string {
  let out = '';
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < command.length; ) {
    const ch = command[i]!;
    const name = ch === '$' ? names.find((n) => command.startsWith(`\${${n}}`, i)) : undefined;
    if (name !== undefined) {
      const ref = `\${${name}}`;
      // Inside single quotes it stays as written: this shell does not expand it, and a nested `sh -c '…'`
      // reads the variable itself (splicing the path in as text would hand it to that shell to parse).
      out += quote === undefined ? `"${ref}"` : ref;
      i += ref.length;
      continue;
    }
    if (ch === '\\' && quote !== "'") {
      // An escaped character (`\$`, `\"`), outside quotes or in double quotes: copied as is, and not a
      // quote or a placeholder. (In single quotes a backslash is a plain character.)
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
