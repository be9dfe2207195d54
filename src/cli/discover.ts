// What a command runs against when the hook author did not say (issue 13 items 7–9): the profile (from
// `--profile`, else from the settings files: a `.claude/` path, a plugin, or an event only Claude Code
// has), the settings files (from `--settings`, else the files the profile would read), and the project
// directory (`--project-dir`, else the folder that holds the settings file's `.claude/`). Whatever was
// inferred is said on stderr, so a hook author knows what ran.
import { existsSync, statSync } from '../node-builtins.js';
import { DEFAULT_MAX_CONFIG_BYTES, readRegularFileSync } from '../config/read-file.js';
import { homedir } from '../node-builtins.js';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { CLAUDE_HOOK_EVENTS } from '../profiles/claude/events.js';
import { HOOK_EVENTS } from '../profiles/default/events.js';
import type { ProfileName } from '../profiles/index.js';
import { parseProfile, UsageError, type ParsedArgs, type SettingsArg } from './args.js';
import type { CliIO } from './command.js';
import { projectOfSettingsFile } from './config-files.js';

/** What a command runs against. */
export interface Inputs {
  profile: ProfileName;
  settings: SettingsArg[];
  /** The project directory (CLAUDE_PROJECT_DIR, and where hooks run), when known. */
  projectDir: string | undefined;
  /** The settings files read because none was given. */
  discovered: string[];
}

const CLAUDE_ONLY: ReadonlySet<string> = new Set(CLAUDE_HOOK_EVENTS.filter((e) => !(HOOK_EVENTS as readonly string[]).includes(e)));

export const PROJECT_DIR_OPTION = { 'project-dir': { type: 'string' } } as const;

export const DISCOVERY_HELP = `Without --settings, the files the profile reads are used (claude: ~/.claude/settings.json,
.claude/settings.json, .claude/settings.local.json; codex: ~/.codex/hooks.json, ~/.codex/config.toml,
.codex/hooks.json, .codex/config.toml; those that exist), and named on stderr. Without --profile, a
.claude/ path, a plugin's hooks.json or an event only Claude Code has means claude; a .codex/ path or a
.toml file means codex.
  --project-dir DIR    CLAUDE_PROJECT_DIR and the session's cwd (where hooks run unless the payload
                       names a cwd); default: the folder that holds the settings file's .claude/,
                       else the current directory`;

// The profile, settings files and project directory for `args`; says on stderr what it inferred.
export function resolveInputs(args: ParsedArgs, io: CliIO, command: string, { discover = true } = {}): Inputs {
  const home = io.env.HOME ?? homedir();
  let settings = args.settings;
  let profile: ProfileName;
  const inferred = args.values.profile === undefined ? inferProfile(settings.map((s) => resolve(io.cwd, s.file))) : undefined;
  profile = inferred?.profile ?? parseProfile(args.values.profile);
  // Files of two harnesses given together: the first decides; say which file says otherwise.
  if (inferred !== undefined) {
    for (const s of settings) {
      const other = inferProfile([resolve(io.cwd, s.file)]);
      if (other !== undefined && other.profile !== inferred.profile) {
        io.err(`harness-hooks ${command}: warning: ${other.why}, but the files are read with --profile ${inferred.profile}; give --profile, and each harness's files in a run of their own\n`);
        break;
      }
    }
  }
  if (args.values['bypass-hook-trust'] === true && profile !== 'codex') io.err(`harness-hooks ${command}: warning: --bypass-hook-trust is Codex's (--profile codex); the ${profile} profile has no such trust\n`);
  const discovered: string[] = [];
  if (settings.length === 0 && discover) {
    // (Run from $HOME, the user's file and the "project's" are one file: read once.)
    const candidates = [...new Set([join(home, '.claude', 'settings.json'), join(io.cwd, '.claude', 'settings.json'), join(io.cwd, '.claude', 'settings.local.json')].map((f) => resolve(f)))];
    const found = candidates.filter((f) => existsSync(f));
    if (found.length > 0 && (args.values.profile === undefined || profile === 'claude')) {
      profile = 'claude';
      settings = found.map((file) => ({ file, source: undefined }));
      discovered.push(...found);
      io.err(`harness-hooks ${command}: no --settings given: read ${found.join(', ')}\n`);
    } else if (profile === 'gemini') {
      // Gemini's files, in the order its hooks run: the user's, the project's, the system's.
      const gemini = [...new Set([join(home, '.gemini', 'settings.json'), join(io.cwd, '.gemini', 'settings.json'), '/etc/gemini-cli/settings.json'].map((f) => resolve(f)))].filter((f) => existsSync(f));
      if (gemini.length > 0) {
        settings = gemini.map((file) => ({ file, source: undefined }));
        discovered.push(...gemini);
        io.err(`harness-hooks ${command}: no --settings given: read ${gemini.join(', ')}\n`);
      }
    } else if (args.values.profile === undefined || profile === 'codex') {
      // Codex's files, in its layer order: the user's (~/.codex), then the project's (.codex/).
      const codex = [...new Set([join(home, '.codex', 'hooks.json'), join(home, '.codex', 'config.toml'), join(io.cwd, '.codex', 'hooks.json'), join(io.cwd, '.codex', 'config.toml')].map((f) => resolve(f)))].filter((f) => existsSync(f));
      if (codex.length > 0) {
        profile = 'codex';
        settings = codex.map((file) => ({ file, source: undefined }));
        discovered.push(...codex);
        io.err(`harness-hooks ${command}: no --settings given: read ${codex.join(', ')}\n`);
      }
    }
  }
  if (inferred?.why !== undefined) io.err(`harness-hooks ${command}: --profile ${inferred.profile} (inferred: ${inferred.why}; --profile NAME to choose otherwise)\n`);
  const explicit = args.values['project-dir'];
  if (explicit !== undefined && (typeof explicit !== 'string' || explicit === '')) throw new UsageError('--project-dir needs a folder');
  const projectDir = typeof explicit === 'string' ? resolve(io.cwd, explicit) : projectOf(settings.map((s) => resolve(io.cwd, s.file)), home);
  if (typeof explicit === 'string' && !isDirectory(projectDir!)) throw new UsageError(`--project-dir ${explicit}: no such folder`);
  return { profile, settings, projectDir, discovered };
}

// `claude` or `codex` when a path or a file says so, with why; undefined when nothing does.
export function inferProfile(files: readonly string[]): { profile: ProfileName; why: string } | undefined {
  for (const file of files) {
    if (basename(dirname(file)) === '.codex' || dirname(file) === resolve('/etc/codex')) return { profile: 'codex', why: `${file} is a Codex config file` };
    if (basename(file) === 'hooks.json' && (basename(dirname(file)) === '.cursor' || file === resolve('/etc/cursor/hooks.json'))) return { profile: 'cursor', why: `${file} is a Cursor hooks file` };
    // A plugin's or an extension's hooks/hooks.json, by its manifest.
    if (basename(file) === 'hooks.json' && basename(dirname(file)) === 'hooks') {
      const root = dirname(dirname(file));
      if (existsSync(join(root, '.codex-plugin', 'plugin.json'))) return { profile: 'codex', why: `${file} is a Codex plugin's` };
      if (existsSync(join(root, 'gemini-extension.json'))) return { profile: 'gemini', why: `${file} is a Gemini CLI extension's` };
    }
    if (/\.json$/i.test(file) && (file.includes(`${sep}.github${sep}hooks${sep}`) || file.includes(`${sep}.copilot${sep}`) || file.startsWith(`${sep}etc${sep}github-copilot${sep}`))) return { profile: 'copilot', why: `${file} is a Copilot hooks file` };
    if ((basename(dirname(file)) === '.gemini' && basename(file) === 'settings.json') || file === resolve('/etc/gemini-cli/settings.json')) return { profile: 'gemini', why: `${file} is a Gemini CLI settings file` };
    if (/\.toml$/i.test(file)) return { profile: 'codex', why: `${file} is TOML (Codex's config.toml)` };
    if (isClaudeSettings(file)) return { profile: 'claude', why: `${file} is a .claude/ settings file` };
    if (basename(file) === 'hooks.json' && basename(dirname(file)) === 'hooks' && existsSync(join(dirname(dirname(file)), '.claude-plugin', 'plugin.json'))) {
      return { profile: 'claude', why: `${file} is a Claude Code plugin's` };
    }
  }
  for (const file of files) {
    const events = eventsIn(file);
    const only = events.find((e) => CLAUDE_ONLY.has(e));
    if (only !== undefined) return { profile: 'claude', why: `${file} has ${only}, an event only Claude Code has` };
  }
  return undefined;
}

// The event names a settings file lists (nothing when it cannot be read: its errors come later). Read as
// every config is (read-file.ts): a FIFO or a device a repository planted under this name, or a file past
// the config cap, is not read — a blocking read here would hang the CLI before any bound applies.
function eventsIn(file: string): string[] {
  try {
    const value = JSON.parse(readRegularFileSync(file, DEFAULT_MAX_CONFIG_BYTES).toString('utf8').replace(/^\uFEFF/, '')) as { hooks?: unknown };
    return value !== null && typeof value === 'object' && value.hooks !== null && typeof value.hooks === 'object' ? Object.keys(value.hooks) : [];
  } catch {
    return [];
  }
}

// Claude Code's own settings file names, in a `.claude/` folder: settings.json, settings.local.json.
const isClaudeSettings = (file: string): boolean => projectOfSettingsFile(file) !== undefined;

// The folder that holds the first project settings file's `.claude/` (not the user's ~/.claude).
function projectOf(files: readonly string[], home: string): string | undefined {
  for (const file of files) {
    // (Codex, Gemini, Cursor: the folder that holds .codex/, .gemini/ or .cursor/.)
    const project = projectOfSettingsFile(file) ?? (['.codex', '.gemini', '.cursor'].includes(basename(dirname(file))) ? dirname(dirname(file)) : undefined);
    if (project !== undefined && project !== resolve(home)) return project;
  }
  return undefined;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
