// The program a command hook runs, when a path names it (`"$CLAUDE_PROJECT_DIR"/.claude/hooks/x.sh`,
// `./scripts/check.sh`, `command` itself in exec form): the first of its simple commands' programs that is a
// path, read by command-files.ts, with `$CLAUDE_PROJECT_DIR` / `${CLAUDE_PLUGIN_ROOT}` put in and a relative
// path taken from the project (where hooks run). Undefined for a bare name (a PATH lookup) or a name made at
// run time. What the validator checks (does it exist, can it run).
import { commandFiles } from './command-files.js';

// The program file of `hook`, or undefined when no path names one.
export function programFile(hook: { command?: unknown; args?: unknown }, where: { projectDir: string; pluginRoot?: string | undefined }): string | undefined {
  return commandFiles(hook, { runDir: where.projectDir, projectDir: where.projectDir, pluginRoot: where.pluginRoot }).programs[0];
}
