// What a copilot command hook runs with, as Copilot CLI sets it up (spec §3.4 "Launching", "Environment"):
// - its environment: the harness's (less what `hookEnv` withholds from its source), `COPILOT_CLI=1`, for
//   plugin hooks their root, data folder and the project (CL 1.0.12, 1.0.26; BIN), then the entry's `env`
//   with `$VAR` / `${VAR}` expanded against the environment the hook inherits — after `hookEnv`, so a
//   repo's hook cannot pull a withheld secret into a variable of its own through expansion;
// - plugin placeholders in its config strings: `${CLAUDE_PLUGIN_ROOT}`, `${PLUGIN_DATA}`, `${COPILOT_PROJECT_DIR}`,
//   `${CLAUDE_PROJECT_DIR}` [BIN] (and the plugin variables of the same family), and the templates
//   `{{project_dir}}`, `{{plugin_data_dir}}` [CL 1.0.12]. In a shell line each becomes a quoted reference
//   to the variable the hook's environment holds (src/shell-placeholders.ts: a folder name with
//   `$(…)` in it is never parsed by the shell); in `exec`, `args` and `cwd`, which no shell reads, the text.
//   UNCERTAIN: Copilot's own substitution is not recovered; non-plugin hooks get none (their shell expands
//   `$CLAUDE_PROJECT_DIR` itself from what it inherits, which Copilot does not set, OBS copilot-cli#4727);
// - its cwd: the entry's (relative to the repo root), else the repo root; a folder that does not exist
//   falls back to the system temp dir with a warning, as Copilot does ("hook spawn cwd fell back to the
//   system temp dir" [BIN]).
import { homedir, tmpdir } from '../../node-builtins.js';
import { basename, join, resolve } from 'node:path';
import { bracedPlaceholders, execFormArgs, referencePlaceholders } from '../../shell-placeholders.js';

/** The variables a plugin hook gets, and the placeholders its config strings may name. */
export const PLUGIN_VARIABLES = ['CLAUDE_PLUGIN_ROOT', 'COPILOT_PLUGIN_ROOT', 'PLUGIN_ROOT', 'CLAUDE_PLUGIN_DATA', 'COPILOT_PLUGIN_DATA', 'PLUGIN_DATA', 'CLAUDE_PROJECT_DIR', 'COPILOT_PROJECT_DIR'] as const;

const TEMPLATES: ReadonlyMap<string, string> = new Map([
  ['{{project_dir}}', 'COPILOT_PROJECT_DIR'],
  ['{{plugin_data_dir}}', 'COPILOT_PLUGIN_DATA'],
]);

/**
 * A plugin's data folder: `<COPILOT_HOME or ~/.copilot>/plugin-data/<plugin folder name>`. UNCERTAIN: BIN
 * holds "plugin-data" and "pluginDataDir"; the exact place is not recovered. Not created here.
 */
export function copilotPluginDataDir(root: string, env: Readonly<Record<string, string | undefined>> = process.env): string {
  const home = env.COPILOT_HOME !== undefined && env.COPILOT_HOME !== '' ? env.COPILOT_HOME : join(homedir(), '.copilot');
  return join(resolve(home), 'plugin-data', basename(resolve(root)));
}

/** A plugin hook's own variables (none for other hooks). */
export function pluginVariables(root: string | undefined, projectDir: string): Record<string, string> {
  if (root === undefined) return {};
  const data = copilotPluginDataDir(root);
  return {
    PLUGIN_ROOT: root,
    COPILOT_PLUGIN_ROOT: root,
    CLAUDE_PLUGIN_ROOT: root,
    PLUGIN_DATA: data,
    COPILOT_PLUGIN_DATA: data,
    CLAUDE_PLUGIN_DATA: data,
    CLAUDE_PROJECT_DIR: projectDir,
    COPILOT_PROJECT_DIR: projectDir,
  };
}

// `{{project_dir}}` and `{{plugin_data_dir}}` as `${NAME}` placeholders.
const templatesAsPlaceholders = (text: string): string => {
  let out = text;
  for (const [template, name] of TEMPLATES) out = out.replaceAll(template, `\${${name}}`);
  return out;
};

const PLUGIN_PLACEHOLDERS = [...bracedPlaceholders(PLUGIN_VARIABLES), ...[...TEMPLATES].map(([text, variable]) => ({ text, variable }))];

/** A shell line with a plugin's placeholders made references to its variables (bash: quoted; PowerShell: `${env:…}`). */
export function shellLine(line: string, plugin: boolean, powershell: boolean): string {
  return plugin ? referencePlaceholders(line, PLUGIN_PLACEHOLDERS, powershell ? 'powershell' : 'sh') : line;
}

/** An exec hook's arguments with a plugin's placeholders put in: as text, but in a shell's `-c` line as references (execFormArgs). */
export function execArgs(program: string, args: readonly string[], vars: Readonly<Record<string, string>>): string[] {
  return execFormArgs(program, args, Object.keys(vars).length === 0 ? [] : PLUGIN_PLACEHOLDERS, (a) => substitute(a, vars));
}

/** A string no shell reads (exec, args, cwd) with a plugin's placeholders replaced by their values. */
export function substitute(text: string, vars: Readonly<Record<string, string>>): string {
  if (Object.keys(vars).length === 0) return text;
  let out = templatesAsPlaceholders(text);
  for (const name of PLUGIN_VARIABLES) if (vars[name] !== undefined) out = out.replaceAll(`\${${name}}`, vars[name]);
  return out;
}

// `$NAME` or `${NAME}`.
const REFERENCE = /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g;

/**
 * The entry's `env` with `$VAR` / `${VAR}` expanded against `inherited` (what the hook's process gets
 * before its own `env`: the harness's environment less the withheld names, plus the hook's own
 * variables). An unset or withheld name expands to ''. Values do not see each other (UNCERTAIN).
 */
export function expandEnv(env: Readonly<Record<string, string>> | undefined, inherited: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  if (env === undefined) return out;
  for (const [name, value] of Object.entries(env)) {
    out[name] = value.replace(REFERENCE, (_m, braced: string | undefined, bare: string | undefined) => {
      const key = (braced ?? bare)!;
      return Object.hasOwn(inherited, key) ? (inherited[key] ?? '') : '';
    });
  }
  return out;
}

/**
 * The folder a hook runs in: `cwd` (resolved against the repo root) if it is a folder, else the system
 * temp dir, with a warning (`warn` gets the text).
 */
export async function spawnCwd(projectDir: string, cwd: string | undefined, warn: (message: string) => void): Promise<string> {
  const wanted = cwd === undefined ? projectDir : resolve(projectDir, cwd);
  const { stat } = await import('node:fs/promises');
  const ok = await stat(wanted).then((s) => s.isDirectory(), () => false);
  if (ok) return wanted;
  const fallback = tmpdir();
  warn(`hook spawn cwd fell back to the system temp dir: ${wanted} is not a folder (as Copilot does); the hook runs in ${fallback}`);
  return fallback;
}
