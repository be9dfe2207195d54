// Reading the config files named on the command line: where each comes from (its source, from its path
// unless --source says otherwise), its JSON, its schema problems and its warnings, each located at a
// line of the file.
import { existsSync } from '../node-builtins.js';
import { homedir } from '../node-builtins.js';
import { basename, dirname, join, resolve, sep } from 'node:path';
import type { ConfigSource } from '../config/add-config.js';
import { findJsonErrorOffset, lineAndColumn } from '../config/json-position.js';
import { formatPath } from '../config/load.js';
import { PROFILES, type ProfileName } from '../profiles/index.js';
import { HookConfigError } from '../errors.js';
import { parseConfigText } from '../config/read-config-object.js';
import { getConfigSchemas } from '../schemas/config.js';
import type { GateSettings, SettingsArg } from './args.js';
import { makeJsonLocator, type JsonPath } from './json-locate.js';
import { lintHooksConfig, type LintCode } from './lint.js';
import { DEFAULT_MAX_CONFIG_BYTES, readRegularFile } from '../config/read-file.js';
import { configBoundsProblem } from '../config/config-bounds.js';

export interface Problem {
  severity: 'error' | 'warning';
  /** `schema`, `json` or `read` for errors; a LintCode for warnings. */
  code: 'schema' | 'json' | 'read' | LintCode;
  /** e.g. `hooks.PreToolUse[0].hooks[1].timeout`; `''` for the file as a whole. */
  path: string;
  line?: number;
  column?: number;
  message: string;
}

export interface ConfigFile {
  /** As given on the command line. */
  file: string;
  absolute: string;
  /** The source the profile registers it as. */
  source: ConfigSource;
  /** How the source was decided. */
  sourceFrom: 'path' | 'flag';
  /** Set when the default profile reads a `local` file as `project` (it has no `local` source). */
  sourceNote?: string;
  pluginRoot?: string;
  /** The parsed JSON, when the file could be read and parsed. */
  value?: unknown;
  /** `--dialects`: the harness this file was written for, when it is not --profile's. */
  dialect?: ProfileName;
  errors: Problem[];
  warnings: Problem[];
}

export interface ReadContext {
  profile: ProfileName;
  gates: GateSettings;
  cwd: string;
  /** The user's home, for `~/.claude/settings.json`. Default `os.homedir()`. */
  home?: string;
}

// The source a settings file's path implies: `~/.claude/settings.json` user, `.claude/settings.local.json`
// local, `<root>/hooks/hooks.json` plugin (rooted at <root>) when <root> is a plugin (it has
// `.claude-plugin/plugin.json`), anything else project. Any repository can hold a `hooks/hooks.json`:
// without the manifest it is project config, so `--no-project-hooks` keeps it off.
export function sourceOfPath(absolute: string, home: string): { source: ConfigSource; pluginRoot?: string } {
  if (absolute === resolve(home, '.claude', 'settings.json')) return { source: 'user' };
  // Cursor: ~/.cursor/hooks.json is the user's, /etc/cursor/hooks.json the enterprise's (managed).
  if (absolute === resolve(home, '.cursor', 'hooks.json')) return { source: 'user' };
  if (absolute === resolve('/etc/cursor/hooks.json')) return { source: 'managed' };
  // Copilot: ~/.copilot/ is the user's, /etc/github-copilot/policy.d/ the policy's (managed).
  if (absolute.startsWith(`${resolve(home, '.copilot')}${sep}`)) return { source: 'user' };
  if (dirname(absolute) === resolve('/etc/github-copilot/policy.d')) return { source: 'managed' };
  // Gemini: ~/.gemini/settings.json is the user's, /etc/gemini-cli/settings.json the system's.
  if (absolute === resolve(home, '.gemini', 'settings.json')) return { source: 'user' };
  if (absolute === resolve('/etc/gemini-cli/settings.json')) return { source: 'system' };
  if (basename(absolute) === 'hooks.json' && basename(dirname(absolute)) === 'hooks' && existsSync(join(dirname(dirname(absolute)), 'gemini-extension.json'))) return { source: 'plugin', pluginRoot: dirname(dirname(absolute)) };
  // Codex: ~/.codex/ is the user's layer, /etc/codex/ the system's (managed).
  if (dirname(absolute) === resolve(home, '.codex')) return { source: 'user' };
  if (dirname(absolute) === resolve('/etc/codex')) return { source: basename(absolute) === 'requirements.toml' ? 'managed' : 'system' };
  if (absolute.endsWith(`${sep}.claude${sep}settings.local.json`)) return { source: 'local' };
  if (basename(absolute) === 'hooks.json' && basename(dirname(absolute)) === 'hooks') {
    const root = dirname(dirname(absolute));
    if (existsSync(join(root, '.claude-plugin', 'plugin.json')) || existsSync(join(root, '.codex-plugin', 'plugin.json'))) return { source: 'plugin', pluginRoot: root };
  }
  return { source: 'project' };
}

// Reads, parses and checks one config file. Never throws for the file's own problems: they are in
// `errors` (and `warnings`).
export async function readConfigFile(arg: SettingsArg, ctx: ReadContext): Promise<ConfigFile> {
  const absolute = resolve(ctx.cwd, arg.file);
  const fromPath = sourceOfPath(absolute, ctx.home ?? homedir());
  const config: ConfigFile = {
    file: arg.file,
    absolute,
    source: arg.source ?? fromPath.source,
    sourceFrom: arg.source === undefined ? 'path' : 'flag',
    errors: [],
    warnings: [],
  };
  if (config.source === 'plugin') config.pluginRoot = fromPath.pluginRoot ?? dirname(absolute);
  // A source the profile does not take: from a flag, an error naming the ones it does; from a path (a
  // `local` or `system` file read with another harness's profile), read as project, and said so.
  const accepted = PROFILES[ctx.profile].sources;
  if (!accepted.includes(config.source)) {
    if (config.sourceFrom === 'flag') {
      config.errors.push({ severity: 'error', code: 'read', path: '', message: `--source ${config.source}: the ${ctx.profile} profile takes ${accepted.join(', ')}` });
      return config;
    }
    config.sourceNote = `the ${ctx.profile} profile has no \`${config.source}\` source: read as project`;
    config.source = 'project';
  }

  let text: string;
  try {
    text = await readRegularFile(absolute, DEFAULT_MAX_CONFIG_BYTES);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    config.errors.push({ severity: 'error', code: 'read', path: '', message: `cannot read the file: ${reason}` });
    return config;
  }
  const toml = /\.toml$/i.test(absolute);
  try {
    // (Codex's config.toml and requirements.toml.)
    config.value = toml ? parseConfigText(absolute, text) : JSON.parse(text);
  } catch (error) {
    if (toml) {
      const { line, column } = error as { line?: number; column?: number };
      config.errors.push({ severity: 'error', code: 'json', path: '', ...(line === undefined ? {} : { line, column }), message: `invalid TOML: ${(error as Error).message.split('\n')[0]}` });
      return config;
    }
    const offset = findJsonErrorOffset(text);
    const at = offset < 0 ? { line: 1, column: 1 } : lineAndColumn(text, offset);
    const words = offset < 0 ? undefined : describeJsonMistake(text, offset);
    config.errors.push({ severity: 'error', code: 'json', path: '', ...at, message: `invalid JSON${words === undefined ? '' : ` (${words})`}: ${(error as Error).message}` });
    return config;
  }

  // Too deep or too many hooks (config-bounds.ts): one error for the file, before anything walks it.
  const over = configBoundsProblem(config.value);
  if (over !== undefined) {
    config.errors.push({ severity: 'error', code: 'schema', path: '', message: over });
    delete config.value;
    return config;
  }
  const locator = toml ? undefined : makeJsonLocator(text);
  const located = (path: JsonPath) => ({ path: formatPath(path), ...locator?.locate(path) });
  const own = PROFILES[ctx.profile].parseConfig;
  if (own !== undefined) {
    // A profile that reads its harness's own format checks it with its own rules (as addConfig will).
    try {
      own(config.value, config.absolute);
    } catch (error) {
      if (!(error instanceof HookConfigError)) throw error;
      for (const issue of error.issues) config.errors.push({ severity: 'error', code: 'schema', ...located(parsePath(issue.path)), message: issue.message });
    }
  } else {
    const parsed = getConfigSchemas().HooksConfigSchema.safeParse(config.value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        config.errors.push({ severity: 'error', code: 'schema', ...located(issue.path as JsonPath), message: issue.message });
      }
    }
  }
  // Scripts are looked for where hooks run: the project that holds the file's .claude/, else the cwd.
  const project = projectOfSettingsFile(config.absolute) ?? ctx.cwd;
  const lint = lintHooksConfig(config.value, { profile: ctx.profile, source: config.source, gates: ctx.gates, cwd: project, pluginRoot: config.pluginRoot });
  for (const w of lint) config.warnings.push({ severity: 'warning', code: w.code, ...located(w.path), message: w.message });
  const byLine = (a: Problem, b: Problem) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0);
  config.errors.sort(byLine);
  config.warnings.sort(byLine);
  return config;
}

// `hooks.PreToolUse[0].hooks[1]` (formatPath's form) back into its parts.
function parsePath(path: string): JsonPath {
  const parts: (string | number)[] = [];
  for (const m of path.matchAll(/([^.[\]]+)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/g)) parts.push(m[2] !== undefined ? Number(m[2]) : m[3] !== undefined ? (JSON.parse(m[3]) as string) : m[1]!);
  return parts;
}

// Reads every file; the ones with errors are reported by the caller.
export function readConfigFiles(args: readonly SettingsArg[], ctx: ReadContext): Promise<ConfigFile[]> {
  return Promise.all(args.map((arg) => readConfigFile(arg, ctx)));
}

// What is wrong at a JSON parse error's offset, in words: the mistakes people make in settings files.
export function describeJsonMistake(text: string, offset: number): string | undefined {
  const at = text[offset];
  const before = text.slice(0, offset).trimEnd();
  const prev = before[before.length - 1];
  if ((at === '}' || at === ']') && prev === ',') return 'a trailing comma before the closing bracket';
  if (at === '/' && (text[offset + 1] === '/' || text[offset + 1] === '*')) return 'a comment: JSON has none';
  if (at === "'") return 'a single-quoted string: JSON needs double quotes';
  if (at === '"' && (prev === '"' || prev === '}' || prev === ']' || /[0-9el]$/.test(before))) return 'a missing comma between two values';
  if (at !== undefined && /[A-Za-z_$]/.test(at) && (prev === '{' || prev === ',')) return 'a key without double quotes';
  if (at === undefined) return 'the file ends before the JSON does (a missing closing bracket or quote)';
  return undefined;
}

/** The folder that holds a Claude Code settings file's `.claude/` (`/repo/.claude/settings.json` → `/repo`), or undefined for any other file. */
export function projectOfSettingsFile(file: string): string | undefined {
  const dir = dirname(file);
  return basename(dir) === '.claude' && /^settings(?:\.local)?\.json$/.test(basename(file)) ? dirname(dir) : undefined;
}
