// A registry as the CLI uses it: the hook author's own files, every gate open unless a flag closes it,
// the session's cwd the process's, warnings collected instead of printed, and each command's result
// (exit code, stdout, stderr) kept for the trace.
import { TrustStore } from '../config/trust.js';
import { closest, didYouMean } from '../closest-name.js';
import { HookConfigError } from '../errors.js';
import type { AddConfigOptions, AddConfigReport } from '../config/add-config.js';
import { CommandExecutor, type CommandHookSpec, type CommandResult, type CommandRunOptions } from '../executor/index.js';
import type { ClaudeDispatchResult } from '../profiles/claude/merge.js';
import { PROFILES, type ProfileName } from '../profiles/index.js';
import { HookRegistry } from '../hook-registry.js';
import type { HookExplanation, HookListing } from '../registry.js';
import type { AsyncHookResult } from '../profiles/claude/adapters.js';
import type { HookStartInfo } from '../types.js';
import { UsageError, type GateSettings, type SettingsArg } from './args.js';
import { readConfigFiles, type ConfigFile } from './config-files.js';
import { projectTrust } from '../profiles/codex/settings.js';
import { resolve } from 'node:path';
import { inferProfile } from './discover.js';

/** The registry's methods the CLI calls, with the event and payload as plain strings and objects. */
export interface CliRegistry {
  readonly profile: string;
  readonly trustStore: TrustStore | undefined;
  addConfig(config: unknown, options: AddConfigOptions): AddConfigReport;
  dispatch(event: string, payload: unknown): Promise<ClaudeDispatchResult>;
  listHooks(event?: string): HookListing[];
  explain(event: string, payload: unknown): HookExplanation[];
  drainBackground(): Promise<void>;
  /** The claude profile's (other profiles have no background results). */
  takeAsyncResults?(): AsyncHookResult[];
  close(): Promise<void>;
}

export interface CliSession {
  profile: ProfileName;
  registry: CliRegistry;
  files: ConfigFile[];
  reports: AddConfigReport[];
  /** What the registry logged (failed commands, skipped hooks), in order. */
  warnings: string[];
  /** Each finished command, by hook name, in completion order. */
  commands: Map<string, CommandResult[]>;
  /** `statusMessage` by hook name, as onHookStart reported it. */
  statusMessages: Map<string, string>;
}

export interface OpenOptions {
  profile: ProfileName;
  gates: GateSettings;
  settings: readonly SettingsArg[];
  cwd: string;
  /** A record file to append each dispatch to. */
  record?: string | undefined;
  /** A trust store (absolute path): project hooks run only as approved there. */
  trustStore?: string | undefined;
  /** CLAUDE_PROJECT_DIR, and where hooks run (the session's cwd). Default: `cwd`. */
  projectDir?: string | undefined;
  /** The registry's toolAliases (`--tool-alias`). */
  toolAliases?: Record<string, string[]> | undefined;
  /** `--dialects`: the other harnesses whose hooks also run, each from its files among `settings` (by path), else from the files it reads. */
  dialects?: readonly ProfileName[] | undefined;
  /** The home folder the dialects' loaders read (default: the process's). */
  home?: string | undefined;
}

export type OpenResult = { ok: true; session: CliSession } | { ok: false; files: ConfigFile[] };

// Reads and checks the settings files; when none has errors, makes the registry and adds them in order.
// A trust store that cannot be read is a config error too (listed like a file's).
export async function openSession(options: OpenOptions): Promise<OpenResult> {
  // With --dialects, a file of one of those harnesses (known by its path) is read as that harness's.
  const dialects = options.dialects ?? [];
  const dialectOf = (s: SettingsArg): ProfileName | undefined => {
    if (dialects.length === 0) return undefined;
    const p = inferProfile([resolve(options.cwd, s.file)])?.profile;
    return p !== undefined && p !== options.profile && dialects.includes(p) ? p : undefined;
  };
  const files = await readConfigFiles(options.settings.filter((s) => dialectOf(s) === undefined), { profile: options.profile, gates: options.gates, cwd: options.cwd });
  for (const d of dialects) {
    const own = options.settings.filter((s) => dialectOf(s) === d);
    if (own.length > 0) for (const f of await readConfigFiles(own, { profile: d, gates: options.gates, cwd: options.cwd })) files.push({ ...f, dialect: d });
  }
  if (files.some((f) => f.errors.length > 0)) return { ok: false, files };
  if (options.trustStore !== undefined) {
    try {
      new TrustStore(options.trustStore);
    } catch (error) {
      if (!(error instanceof HookConfigError)) throw error;
      const message = error.issues.map((i) => i.message).join('; ');
      return { ok: false, files: [{ file: options.trustStore, absolute: options.trustStore, source: 'user', sourceFrom: 'flag', errors: [{ severity: 'error', code: 'read', path: '', message }], warnings: [] }] };
    }
  }

  const warnings: string[] = [];
  const commands = new Map<string, CommandResult[]>();
  const statusMessages = new Map<string, string>();
  const logger = { warn: (message: string) => void warnings.push(message.replace(/^harness-hooks: /, '')) };
  const real = new CommandExecutor({ logger });
  // Keeps each command's own result for the trace; the registry reads the same result.
  const executor = {
    run: async (hook: CommandHookSpec, input: unknown, runOptions?: CommandRunOptions): Promise<CommandResult> => {
      const result = await real.run(hook, input, runOptions);
      const name = hook.args === undefined ? hook.command : [hook.command, ...hook.args].join(' ');
      commands.set(name, [...(commands.get(name) ?? []), result]);
      return result;
    },
  };
  const { bypassHookTrust, ...gates } = options.gates;
  const registry = new HookRegistry({
    profile: options.profile,
    settings: gates,
    ...(options.profile === 'codex' ? { bypassHookTrust: bypassHookTrust === true, ...codexProjectTrust(files, options.projectDir ?? options.cwd) } : {}),
    session: { cwd: options.projectDir ?? options.cwd },
    ...(options.projectDir === undefined ? {} : { projectDir: options.projectDir }),
    ...(options.toolAliases === undefined ? {} : { toolAliases: options.toolAliases }),
    logger,
    executor,
    onHookStart: (info: HookStartInfo) => {
      if (info.statusMessage !== undefined) statusMessages.set(info.name, info.statusMessage);
    },
    ...(options.record === undefined ? {} : { record: options.record }),
    ...(options.trustStore === undefined ? {} : { trustStore: options.trustStore }),
    ...(dialects.length === 0
      ? {}
      : { dialects: Object.fromEntries(dialects.map((d) => [d, d === 'codex' ? { bypassHookTrust: bypassHookTrust === true, ...codexProjectTrust(files.filter((f) => f.dialect === 'codex'), options.projectDir ?? options.cwd) } : {}])) }),
  }) as unknown as CliRegistry;
  // Codex: trust ([hooks.state]) from the user's config.toml counts for every file, whatever the order given.
  if (options.profile === 'codex') {
    for (const f of files) if (f.source === 'user' && /\.toml$/i.test(f.absolute)) registry.addConfig({ hooks: { state: (f.value as { hooks?: { state?: unknown } }).hooks?.state ?? {} } }, { source: 'user', file: f.absolute });
  }
  // A profile may refuse when a file is added what its parse let through (cursor's per-source rules): that
  // file's errors, as validate would list them (exit 4), never an internal error.
  const reports: AddConfigReport[] = [];
  for (const f of files) {
    try {
      reports.push(registry.addConfig(f.value, { source: f.source, file: f.file, ...(f.pluginRoot === undefined ? {} : { pluginRoot: f.pluginRoot }), ...(f.dialect === undefined ? {} : { dialect: f.dialect }) }));
    } catch (error) {
      if (!(error instanceof HookConfigError)) throw error;
      f.errors.push(...error.issues.map((i) => ({ severity: 'error' as const, code: 'schema' as const, path: i.path, message: i.message })));
      await registry.close();
      return { ok: false, files };
    }
  }
  // A dialect none of whose files was given: the files its harness reads, by its own loader (the repo's
  // .claude files are claude's only, where claude is in the registry).
  const project = options.projectDir ?? options.cwd;
  for (const d of dialects) {
    if (files.some((f) => f.dialect === d) || PROFILES[d].methods?.loadSettings === undefined) continue;
    const claudeFiles = d === 'copilot' && (options.profile === 'claude' || dialects.includes('claude')) ? { claudeFiles: false } : {};
    const own = (registry as unknown as { dialect(name: string): { loadSettings(o: object): Promise<AddConfigReport[]> } }).dialect(d);
    try {
      // (Not in `reports`, which pairs with `files`: what these files skipped, the registry warned.)
      await own.loadSettings({ projectDir: project, ...(options.home === undefined ? {} : { home: options.home }), ...claudeFiles });
    } catch (error) {
      warnings.push(`could not read ${d}'s hook files: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { ok: true, session: { profile: options.profile, registry, files, reports, warnings, commands, statusMessages } };
}

// Codex: the project's trust, from the user's config.toml when one is among the files (`[projects."<dir>"]
// trust_level`), as Codex reads it: an untrusted project's .codex/ hooks do not run.
function codexProjectTrust(files: readonly ConfigFile[], projectDir: string): { projectTrusted?: boolean } {
  const user = files.find((f) => f.source === 'user' && /\.toml$/i.test(f.absolute) && f.value !== null && typeof f.value === 'object');
  return user === undefined ? {} : { projectTrusted: projectTrust(user.value as Record<string, unknown>, resolve(projectDir)) };
}

// The profile's event names.
export function eventsOf(profile: ProfileName): readonly string[] {
  return PROFILES[profile].events;
}

// An event name the profile knows, or a UsageError that lists them (with the nearest, or a profile that has it).
export function checkEvent(event: string, profile: ProfileName): string {
  const events = eventsOf(profile);
  if (events.includes(event)) return event;
  const other = (Object.keys(PROFILES) as ProfileName[]).find((p) => p !== profile && eventsOf(p).includes(event));
  const hint = other !== undefined ? ` (it is a ${other}-profile event: --profile ${other})` : didYouMean(event, events);
  throw new UsageError(`unknown event ${JSON.stringify(event)} for the ${profile} profile${hint}; its events are ${events.join(', ')}`);
}

/** A configured hook filed under a misspelt event that is nearest to the one asked about: it never runs. */
export interface MisfiledHook {
  name: string;
  kind: 'config';
  source: AddConfigReport['source'];
  file: string;
  path: string;
  runs: false;
  reason: string;
}

// The event a name the profile does not know nearly spells (`"PostToolUSe"`: PostToolUse), if any.
export function misspeltEvent(profile: ProfileName, name: string): string | undefined {
  const events = eventsOf(profile);
  return events.includes(name) ? undefined : closest(name, events);
}

// Why the hooks filed under a misspelt event never run, with the event it nearly spells.
export function misfiledReason(profile: ProfileName, filedUnder: string, meant: string): string {
  return `filed under ${JSON.stringify(filedUnder)}, an event the ${profile} profile does not know (did you mean ${JSON.stringify(meant)}?): its hooks never run`;
}

// The hooks of the session's files filed under an event the profile does not know whose nearest known
// name is `event` (`"PostToolUSe"` for PostToolUse), or under any misspelt event when `event` is not given:
// what `explain`, `run` and `timeline` show, so a typo is seen where the user looks for the hook.
export function misfiledHooks(session: CliSession, event?: string): MisfiledHook[] {
  const rows: MisfiledHook[] = [];
  session.reports.forEach((report, i) => {
    for (const s of report.skipped) {
      const meant = s.gate === undefined ? misspeltEvent(session.profile, s.event) : undefined;
      if (meant === undefined || (event !== undefined && meant !== event)) continue;
      rows.push({ name: s.command ?? s.path, kind: 'config', source: report.source, file: session.files[i]!.file, path: s.path, runs: false, reason: misfiledReason(session.profile, s.event, meant) });
    }
  });
  return rows;
}
