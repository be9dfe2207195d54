// Argument parsing for every command, on node:util's parseArgs: the options each command shares, usage
// errors (exit 2), and `--settings a.json b.json` (paths after `--settings` are settings files too).
import { parseArgs } from 'node:util';
import type { ConfigSource } from '../config/add-config.js';
import { PROFILES, type ProfileName } from '../profiles/index.js';
import { PROFILE_NAMES } from '../profiles/load.js';

/** Exit codes every command keeps. */
/** The CLI's exit codes, the same for every command (`EXIT_TABLE`). */
export const EXIT = { ok: 0, failed: 1, usage: 2, internal: 3, config: 4 } as const;

// A mistake in how the command was called: printed with a pointer to --help, exit 2.
export class UsageError extends Error {
  override name = 'UsageError';
}

export interface OptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  multiple?: boolean;
}

export type OptionSpecs = Readonly<Record<string, OptionSpec>>;

export const COMMON_OPTIONS = {
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies OptionSpecs;

export const PROFILE_OPTION = {
  profile: { type: 'string' },
} as const satisfies OptionSpecs;

/** `--dialects`: the other harnesses whose hooks the registry also runs (list, explain, run). */
export const DIALECTS_OPTION = {
  dialects: { type: 'string' },
} as const satisfies OptionSpecs;

export const DIALECTS_HELP = `  --dialects NAMES|all  also run the hooks written for these harnesses (comma-separated, or all but
                   --profile's), each as its own harness runs it: their files given with --settings
                   (known by their paths), else the files each harness reads in the project and home`;

// `--dialects`: comma-separated built-in profile names, or `all` (every one but the host).
export function parseDialects(value: unknown, host: ProfileName): ProfileName[] {
  if (value === undefined) return [];
  if (typeof value !== 'string' || value === '') throw new UsageError('--dialects needs profile names (comma-separated) or all');
  if (value === 'all') return PROFILE_NAMES.filter((n) => n !== host);
  const names = value.split(',').map((n) => n.trim());
  for (const n of names) {
    if (!(PROFILE_NAMES as string[]).includes(n)) throw new UsageError(`--dialects: ${JSON.stringify(n)} is not one of ${PROFILE_NAMES.map((x) => JSON.stringify(x)).join(', ')}`);
    if (n === host) throw new UsageError(`--dialects: ${JSON.stringify(n)} is --profile itself`);
  }
  return [...new Set(names)] as ProfileName[];
}

export const GATE_OPTIONS = {
  'no-shell-hooks': { type: 'boolean' },
  'no-project-hooks': { type: 'boolean' },
  'no-plugin-hooks': { type: 'boolean' },
  'bypass-hook-trust': { type: 'boolean' },
} as const satisfies OptionSpecs;

export const SETTINGS_OPTIONS = {
  settings: { type: 'string', multiple: true },
  source: { type: 'string', multiple: true },
  ...GATE_OPTIONS,
} as const satisfies OptionSpecs;

/** Every built-in profile's config sources (a profile checks its own when the file is added). */
export const SOURCES: readonly ConfigSource[] = [...new Set(Object.values(PROFILES).flatMap((p) => p.sources as readonly ConfigSource[]))];

/** A settings file named on the command line, with the `--source` that preceded it, if any. */
export interface SettingsArg {
  file: string;
  source: ConfigSource | undefined;
}

export interface ParsedArgs {
  positionals: string[];
  values: Record<string, string | boolean | string[] | undefined>;
  /** `--settings` files in order, each with the last `--source` given before it. */
  settings: SettingsArg[];
}

// Parses a command's arguments (after the command name). Unknown options and missing values are
// UsageErrors. A positional right after a `--settings` value that looks like a path (ends in `.json`
// or has a `/`) is one more settings file.
export function parseCommandArgs(argv: readonly string[], options: OptionSpecs): ParsedArgs {
  let parsed: ReturnType<typeof parseArgs<{ options: OptionSpecs; allowPositionals: true; tokens: true; strict: true; args: string[] }>>;
  try {
    parsed = parseArgs({ args: [...argv], options, allowPositionals: true, tokens: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message.replace(/\. To specify a positional argument.*$/s, ''));
  }
  const positionals: string[] = [];
  const settings: SettingsArg[] = [];
  let source: ConfigSource | undefined;
  let afterSettings = false;
  for (const token of parsed.tokens) {
    if (token.kind === 'option') {
      afterSettings = token.name === 'settings';
      if (token.name === 'settings') settings.push({ file: token.value!, source });
      if (token.name === 'source') source = parseSource(token.value!);
    } else if (token.kind === 'positional') {
      if (afterSettings && looksLikePath(token.value)) settings.push({ file: token.value, source });
      else {
        afterSettings = false;
        positionals.push(token.value);
      }
    } else afterSettings = false;
  }
  return { positionals, values: parsed.values as ParsedArgs['values'], settings };
}

function looksLikePath(value: string): boolean {
  return /\.json$/i.test(value) || value.includes('/');
}

// `--source`: one of the four config sources.
export function parseSource(value: string): ConfigSource {
  if (!(SOURCES as readonly string[]).includes(value)) throw new UsageError(`--source must be one of ${SOURCES.join(', ')}, got ${JSON.stringify(value)}`);
  return value as ConfigSource;
}

export { PROFILE_NAMES };

// `--profile`: a built-in profile's name ('default', the afk events; 'claude'; 'codex'; …).
export function parseProfile(value: unknown): ProfileName {
  if (value === undefined) return 'default';
  if (typeof value !== 'string' || !(PROFILE_NAMES as string[]).includes(value)) throw new UsageError(`--profile must be one of ${PROFILE_NAMES.map((n) => JSON.stringify(n)).join(', ')}, got ${JSON.stringify(value)}`);
  return value as ProfileName;
}

/** The three gates, all open unless a --no-* flag closes one. */
export interface GateSettings {
  enableShellHooks: boolean;
  allowProjectHooks: boolean;
  enablePluginHooks: boolean;
  /** codex: run hooks Codex's trust would skip (`--bypass-hook-trust`, as `codex --dangerously-bypass-hook-trust`). */
  bypassHookTrust?: boolean;
}

export function parseGates(values: ParsedArgs['values']): GateSettings {
  const gates: GateSettings = {
    enableShellHooks: values['no-shell-hooks'] !== true,
    allowProjectHooks: values['no-project-hooks'] !== true,
    enablePluginHooks: values['no-plugin-hooks'] !== true,
  };
  if (values['bypass-hook-trust'] === true) gates.bypassHookTrust = true;
  return gates;
}

// Exactly `n` positionals, named for the error message.
export function expectPositionals(args: ParsedArgs, names: readonly string[], { rest = false } = {}): string[] {
  const got = args.positionals;
  if (got.length < names.length) throw new UsageError(`missing ${names.slice(got.length).join(' and ')}`);
  if (!rest && got.length > names.length) throw new UsageError(`unexpected argument ${JSON.stringify(got[names.length])}`);
  return got;
}

export const GATE_HELP = `Gates (all open: the CLI runs the hooks in the files you give it):
  --no-shell-hooks     close enableShellHooks (user, project and local command hooks)
  --no-project-hooks   close allowProjectHooks (project and local command hooks)
  --no-plugin-hooks    close enablePluginHooks (plugin hooks)
  --bypass-hook-trust  codex: run hooks that Codex's trust would skip (no matching trusted_hash in
                       the user's config.toml), as codex --dangerously-bypass-hook-trust`;

export const SETTINGS_HELP = `Settings files:
  --settings FILE…     settings or hooks.json files, in load order (repeatable; paths after it count too)
  --source SOURCE      the source of the --settings files after it (user, project, local, plugin, …: the
                       profile's); otherwise it comes from the path: ~/.claude/settings.json and
                       ~/.codex/* user, .claude/settings.local.json local, /etc/codex/* system,
                       <plugin>/hooks/hooks.json plugin (its root is the folder holding hooks/),
                       anything else project`;

export const TOOL_ALIAS_OPTION = { 'tool-alias': { type: 'string', multiple: true } } as const satisfies OptionSpecs;

export const TOOL_ALIAS_HELP = `  --tool-alias NAME=ALIAS,…  the registry's toolAliases (default profile): a matcher naming an alias
                       matches the canonical name, e.g. --tool-alias bash=Bash (repeatable)`;

// \`--tool-alias bash=Bash,Shell\` (repeatable) as the registry's \`toolAliases\`.
export function parseToolAliases(values: ParsedArgs['values']): Record<string, string[]> | undefined {
  const given = values['tool-alias'] as string[] | undefined;
  if (given === undefined) return undefined;
  // A null-prototype object: `__proto__` or `constructor` is a name like any other.
  const aliases = Object.create(null) as Record<string, string[]>;
  for (const spec of given) {
    const m = /^([^=\s]+)=([^=\s]+)$/.exec(spec.trim());
    const names = m?.[2]!.split(',').filter((a) => a !== '') ?? [];
    if (!m || names.length === 0) throw new UsageError(`--tool-alias takes NAME=ALIAS[,ALIAS…], e.g. bash=Bash, got ${JSON.stringify(spec)}`);
    if (!Object.hasOwn(aliases, m[1]!)) aliases[m[1]!] = [];
    aliases[m[1]!]!.push(...names);
  }
  return { ...aliases };
}
