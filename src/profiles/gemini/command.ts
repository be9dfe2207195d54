// How Gemini runs a command hook (hooks/hookRunner executeCommandHook): `bash -c <command>` in the session's
// cwd, after `$GEMINI_PROJECT_DIR`, `$GEMINI_CWD`, `$GEMINI_PLANS_DIR`, `$GEMINI_SESSION_ID` and
// `$CLAUDE_PROJECT_DIR` in the command text are replaced by their values, shell-quoted as Gemini quotes
// them (shell-quote's `quote`); the same names are in its environment, then the hook's own `env`.

// shell-quote 1.8's quote() for one argument, which Gemini's escapeShellArg uses for bash.
export function shellQuote(s: string): string {
  if (s === '') return "''";
  if (/["\s\\]/.test(s) && !/'/.test(s)) return `'${s.replace(/(['])/g, '\\$1')}'`;
  if (/["'\s]/.test(s)) return `"${s.replace(/(["\\$`!])/g, '\\$1')}"`;
  return s.replace(/([A-Za-z]:)?([#!"$&'()*,:;<=>?@[\\\]^`{|}])/g, '$1\\$2');
}

/** The values Gemini gives a hook: in its environment and substituted in its command. */
export interface GeminiHookValues {
  cwd: string;
  plansDir: string;
  sessionId: string;
}

// Gemini's expandCommand (an empty value is substituted as nothing: its escapeShellArg('') is '').
export function expandCommand(command: string, v: GeminiHookValues): string {
  const q = (s: string): string => (s ? shellQuote(s) : '');
  const cwd = q(v.cwd);
  return command
    .replace(/\$GEMINI_PROJECT_DIR/g, () => cwd)
    .replace(/\$GEMINI_CWD/g, () => cwd)
    .replace(/\$GEMINI_PLANS_DIR/g, () => q(v.plansDir))
    .replace(/\$GEMINI_SESSION_ID/g, () => q(v.sessionId))
    .replace(/\$CLAUDE_PROJECT_DIR/g, () => cwd);
}

export function hookEnvironment(v: GeminiHookValues): Record<string, string> {
  return { GEMINI_PROJECT_DIR: v.cwd, GEMINI_PLANS_DIR: v.plansDir, GEMINI_CWD: v.cwd, GEMINI_SESSION_ID: v.sessionId, CLAUDE_PROJECT_DIR: v.cwd };
}
