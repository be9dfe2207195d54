// How Gemini runs a command hook (hooks/hookRunner executeCommandHook): `bash -c <command>` in the session's
// cwd, after `$GEMINI_PROJECT_DIR`, `$GEMINI_CWD`, `$GEMINI_PLANS_DIR`, `$GEMINI_SESSION_ID` and
// `$CLAUDE_PROJECT_DIR` in the command text are replaced by their values; the same names are in its
// environment, then the hook's own `env`. Gemini pastes each value in, shell-quoted (shell-quote's
// `quote`) — inside the documented `"$GEMINI_PROJECT_DIR"/…` the quoting is undone, and a project folder
// named `a";touch PWNED;"b c` runs code. Here, deliberately unlike Gemini, each becomes a reference to the
// variable of the same name (src/shell-placeholders.ts): the same text reaches the hook, none is parsed.
// An extension's `${extensionPath}` and `${workspacePath}` in its command are references too, to
// variables this profile adds to its environment (Gemini has none: it pastes the text in at load).
import { referencePlaceholders, type ShellPlaceholder } from '../../shell-placeholders.js';

/** The variables that carry an extension's `${extensionPath}` and `${workspacePath}` to its command. */
export const EXTENSION_PATH_VARIABLE = 'HARNESS_HOOKS_EXTENSION_PATH';
export const WORKSPACE_PATH_VARIABLE = 'HARNESS_HOOKS_WORKSPACE_PATH';

// Gemini's expandCommand replaces `$NAME` wherever it stands (no braces, no word boundary).
const COMMAND_PLACEHOLDERS: readonly ShellPlaceholder[] = ['GEMINI_PROJECT_DIR', 'GEMINI_CWD', 'GEMINI_PLANS_DIR', 'GEMINI_SESSION_ID', 'CLAUDE_PROJECT_DIR'].map((variable) => ({ text: `$${variable}`, variable }));
const EXTENSION_PLACEHOLDERS: readonly ShellPlaceholder[] = [...COMMAND_PLACEHOLDERS, { text: '${extensionPath}', variable: EXTENSION_PATH_VARIABLE }, { text: '${workspacePath}', variable: WORKSPACE_PATH_VARIABLE }];

/** The values Gemini gives a hook: in its environment and substituted in its command. */
export interface GeminiHookValues {
  cwd: string;
  plansDir: string;
  sessionId: string;
}

// Gemini's expandCommand, as references to the hook's environment (an extension's command: its path variables too).
export function expandCommand(command: string, extension = false): string {
  return referencePlaceholders(command, extension ? EXTENSION_PLACEHOLDERS : COMMAND_PLACEHOLDERS);
}

/** What an extension's command references carry (see EXTENSION_PATH_VARIABLE). */
export function extensionEnvironment(extensionPath: string, workspacePath: string): Record<string, string> {
  return { [EXTENSION_PATH_VARIABLE]: extensionPath, [WORKSPACE_PATH_VARIABLE]: workspacePath };
}

export function hookEnvironment(v: GeminiHookValues): Record<string, string> {
  return { GEMINI_PROJECT_DIR: v.cwd, GEMINI_PLANS_DIR: v.plansDir, GEMINI_CWD: v.cwd, GEMINI_SESSION_ID: v.sessionId, CLAUDE_PROJECT_DIR: v.cwd };
}
