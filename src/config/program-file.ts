// The file a command hook runs: the first word of `command` (its quoted parts joined, as in the docs'
// `"$CLAUDE_PROJECT_DIR"/.claude/hooks/x.sh`), or `command` itself in exec form, with
// `$CLAUDE_PROJECT_DIR` / `${CLAUDE_PLUGIN_ROOT}` put in. Undefined for a bare name (a PATH lookup) or a
// name made at run time; a relative path is taken from the project (where hooks run). One reading for the
// validator (does it exist, can it run) and for the trust store (its contents are part of a fingerprint).
import { resolve } from 'node:path';

export function programFile(hook: { command?: unknown; args?: unknown }, where: { projectDir: string; pluginRoot?: string | undefined }): string | undefined {
  if (typeof hook.command !== 'string') return undefined;
  const word = Array.isArray(hook.args) ? hook.command : /^\s*((?:"[^"]*"|'[^']*'|[^\s"'])+)/.exec(hook.command)?.[1];
  if (word === undefined) return undefined;
  let program = word.replace(/"([^"]*)"|'([^']*)'/g, (_, d: string | undefined, s: string | undefined) => d ?? s ?? '');
  if (where.pluginRoot !== undefined) program = program.replace(/\$\{CLAUDE_PLUGIN_ROOT\}|\$CLAUDE_PLUGIN_ROOT\b/g, where.pluginRoot);
  program = program.replace(/\$\{CLAUDE_PROJECT_DIR\}|\$CLAUDE_PROJECT_DIR\b/g, where.projectDir);
  if (program.includes('$') || !program.includes('/')) return undefined;
  return resolve(where.projectDir, program);
}
