// `${CLAUDE_PLUGIN_ROOT}` and `${CLAUDE_PLUGIN_DATA}` in a shell command, made safe: the value travels in
// the environment (the variable of the same name) and the placeholder becomes a reference the shell expands
// without parsing it again — the mechanism every profile shares (src/shell-placeholders.ts), so any folder
// name runs, none executes. Exec form (`args`, no shell) substitutes the text, which no shell reads.
export { quotePlaceholdersForShell } from '../../shell-placeholders.js';
