// Finds and loads Gemini CLI's hook settings as its CLI does (packages/cli/src/config/settings.ts
// loadSettings): the user's ~/.gemini/settings.json (the home is GEMINI_CLI_HOME, else the OS's), the
// project's .gemini/settings.json — skipped when the project folder is the home folder, as Gemini skips
// it —, the system's (GEMINI_CLI_SYSTEM_SETTINGS_PATH, else the platform's path), each with `$VAR` and
// `${VAR}` replaced at load time as Gemini's resolveEnvVarsInObject does — but only from the environment
// the file's hooks inherit under `hookEnv` (src/hook-env.ts inheritedEnv), not from all of process.env as
// Gemini does: a project file's `$GITHUB_TOKEN` stays as written, as an unset variable does, so a
// repository's command or `env` never receives a secret its process is denied; then extensions'
// hooks/hooks.json, with Gemini's extension variables (`${extensionPath}`, `${workspacePath}`, `${/}`,
// `${pathSeparator}`) substituted in every string but hooks' commands, where configEntry makes them
// references to the environment (command.ts). A file that cannot be read or parsed is dropped with a
// warning and the others load. (Gemini's system-defaults.json is not read.)
// The order files are added in does not decide the run order: the profile puts settings hooks before
// extensions' (Gemini's source priority), and settings hooks in this order (Gemini's CONCAT merge).
import { realPath as realpath } from '../../config/paths.js';
import { checkLoadOptions } from '../../config/load-options.js';
import { homedir } from '../../node-builtins.js';
import { join, resolve, sep } from 'node:path';
import type { AddConfigReport, ConfigSource } from '../../config/add-config.js';
import { makeSourceBudget, readConfigLayer, type LayerTarget } from '../../config/config-layer.js';
import { HYDRATED } from './config.js';

export interface LoadGeminiSettingsOptions {
  projectDir: string;
  /** The user's home (for ~/.gemini/settings.json). Default: GEMINI_CLI_HOME, else `os.homedir()`. */
  home?: string;
  /**
   * The system settings file, or false for none. Default: GEMINI_CLI_SYSTEM_SETTINGS_PATH, else
   * `/etc/gemini-cli/settings.json` (macOS: `/Library/Application Support/GeminiCli/settings.json`,
   * Windows: `C:\ProgramData\gemini-cli\settings.json`).
   */
  systemFile?: string | false;
  /** Extension folders: each `<root>/hooks/hooks.json` loads as a plugin's (`${extensionPath}` is its root). */
  extensions?: readonly string[];
}

interface Target extends LayerTarget {
  addConfig(config: unknown, options: { source: ConfigSource; file?: string; pluginRoot?: string }): AddConfigReport;
  readonly logger: { warn(message: string): void };
}

/** Gemini's getSystemSettingsPath(). */
export function geminiSystemSettingsPath(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (env.GEMINI_CLI_SYSTEM_SETTINGS_PATH) return env.GEMINI_CLI_SYSTEM_SETTINGS_PATH;
  if (platform === 'darwin') return '/Library/Application Support/GeminiCli/settings.json';
  if (platform === 'win32') return 'C:\\ProgramData\\gemini-cli\\settings.json';
  return '/etc/gemini-cli/settings.json';
}

/** Gemini's homedir(): GEMINI_CLI_HOME, else the OS's. */
export const geminiHome = (env: NodeJS.ProcessEnv = process.env): string => env.GEMINI_CLI_HOME || homedir();


// resolveEnvVarsInString / resolveEnvVarsInObject: `$NAME` or `${NAME}` set in `env` (as a string) is
// replaced; an unset one is kept as written. Objects and arrays are copied. (`env`: what the file's source
// inherits, never process.env whole.)
export function resolveEnvVars(value: unknown, env: Readonly<Record<string, string | undefined>>): unknown {
  if (typeof value === 'string') return value.replace(/\$(?:(\w+)|{([^}]+)})/g, (match, a: string | undefined, b: string | undefined) => {
    const v = Object.hasOwn(env, (a || b)!) ? env[(a || b)!] : undefined;
    return typeof v === 'string' ? v : match;
  });
  if (Array.isArray(value)) return value.map((v) => resolveEnvVars(v, env));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) Object.defineProperty(out, k, { value: resolveEnvVars(v, env), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return value;
}

/** Gemini's extension variables (extensions/variables.js hydrateString: `/\${(.*?)}/g`, unknown names kept). */
export function extensionVariables(extensionPath: string, workspacePath: string): Record<string, string> {
  return { extensionPath, workspacePath, '/': sep, pathSeparator: sep };
}
export function hydrateString(s: string, vars: Record<string, string>): string {
  return s.replace(/\${(.*?)}/g, (match, key: string) => (Object.hasOwn(vars, key) ? vars[key]! : match));
}
// (A string under a `command` key is kept: a hook's command gets references instead, in configEntry.)
export function hydrateStrings(value: unknown, vars: Record<string, string>): unknown {
  if (typeof value === 'string') return hydrateString(value, vars);
  if (Array.isArray(value)) return value.map((v) => hydrateStrings(v, vars));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) Object.defineProperty(out, k, { value: k === 'command' && typeof v === 'string' ? v : hydrateStrings(v, vars), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return value;
}

// `inheritedEnv`: the environment a source's hooks inherit (the registry's `hookEnv`), which `$VAR` resolves from.
export async function loadGeminiSettings(registry: Target, options: LoadGeminiSettingsOptions, inheritedEnv: (source: ConfigSource) => Readonly<Record<string, string>>): Promise<AddConfigReport[]> {
  checkLoadOptions(options, 'loadSettings');
  const home = options.home ?? geminiHome();
  const project = resolve(options.projectDir);
  const files: [ConfigSource, string, string?][] = [['user', join(home, '.gemini', 'settings.json')]];
  if (realpath(project) !== realpath(resolve(home))) files.push(['project', join(project, '.gemini', 'settings.json')]);
  const system = options.systemFile ?? geminiSystemSettingsPath();
  if (system !== false) files.push(['system', system]);
  for (const root of options.extensions ?? []) files.push(['plugin', join(resolve(root), 'hooks', 'hooks.json'), resolve(root)]);
  const reports: AddConfigReport[] = [];
  const budget = makeSourceBudget();
  for (const [source, file, pluginRoot] of files) {
    // (A gated-off source's file is not read: the untrusted folder's, and with it the user's and system's.)
    const read = await readConfigLayer(registry, source, file, 'as Gemini drops a settings file it cannot parse', budget);
    if (read === undefined) continue;
    if ('report' in read) {
      reports.push(read.report);
      continue;
    }
    let value: unknown = read.config;
    if (pluginRoot === undefined) value = resolveEnvVars(value, inheritedEnv(source));
    else if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      value = hydrateStrings(value, extensionVariables(pluginRoot, project));
      // The workspace path it was hydrated with, for its commands' references.
      Object.defineProperty(value, HYDRATED, { value: project });
    }
    try {
      reports.push(registry.addConfig(value, { source, file, ...(pluginRoot === undefined ? {} : { pluginRoot }) }));
    } catch (error) {
      registry.logger.warn(`harness-hooks: ${file} was dropped: ${(error as Error).message}`);
    }
  }
  return reports;
}
