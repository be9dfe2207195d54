// Registers the command entries of a hook config into a registry, in file order, as entries of the same
// ordered chain as in-process handlers, applying the source gates, and reports what was added or skipped.
import type { Entry, EntryReport } from '../entry.js';
import { describeValue, HookTypeError } from '../errors.js';
import { getEventSpec, type HookEvent } from '../events.js';
import type { CommandHookSpec, CommandResult } from '../executor/index.js';
import type { HooksConfig } from '../schemas/config.js';
import type { HookLogger, HookSettings } from '../types.js';
import { parseHooksConfig } from './load.js';

export type ConfigSource = 'user' | 'project' | 'plugin';
const SOURCES: readonly ConfigSource[] = ['user', 'project', 'plugin'];

export interface AddConfigOptions {
  /** Where the config came from; decides which settings gate it. */
  source: ConfigSource;
  /** A plugin's root folder: exported to its commands as `CLAUDE_PLUGIN_ROOT`. */
  pluginRoot?: string;
  /** Shown in errors and reports, e.g. the file the config was read from. */
  file?: string;
}

export interface AddedHook {
  event: HookEvent;
  /** Where it stands in the config, e.g. `hooks.PreToolUse[0].hooks[1]`. */
  path: string;
  matcher: string | undefined;
  command: string;
  source: ConfigSource;
}

export interface SkippedHook {
  /** The event name as written (may be unknown). */
  event: string;
  path: string;
  command?: string;
  reason: string;
  /** The setting that switched it off, for gated-off entries. */
  gate?: keyof HookSettings;
}

export interface AddConfigReport {
  source: ConfigSource;
  added: AddedHook[];
  skipped: SkippedHook[];
  /** Unregisters everything this call added (for reloading a changed file). Idempotent. */
  remove(): void;
}

/** What addConfig needs from the registry. */
export interface ConfigHost {
  readonly settings: Readonly<Required<HookSettings>>;
  readonly logger: HookLogger;
  addEntry(event: HookEvent, entry: Omit<Entry, 'matcher'> & { matcher: string | undefined }): () => void;
  runCommand(event: HookEvent, hook: CommandHookSpec, payload: unknown, signal: AbortSignal | undefined, env: Record<string, string> | undefined): Promise<EntryReport>;
}

// Validates `config` as a whole (nothing is registered if it is invalid), then registers its entries.
export function addConfig(host: ConfigHost, config: unknown, options: AddConfigOptions): AddConfigReport {
  if (options === null || typeof options !== 'object' || !SOURCES.includes(options.source)) {
    throw new HookTypeError(
      'HOOKS_ERR_OPTION_INVALID',
      `addConfig(): expected \`source\` to be one of ${SOURCES.map((s) => `'${s}'`).join(', ')}, got ${describeValue(options?.source)}`,
    );
  }
  const parsed: HooksConfig = parseHooksConfig(config, options.file);
  const { source } = options;
  const gate = gateFor(source, host.settings);
  const env = options.pluginRoot === undefined ? undefined : { CLAUDE_PLUGIN_ROOT: options.pluginRoot };
  const added: AddedHook[] = [];
  const skipped: SkippedHook[] = [];
  const removers: (() => void)[] = [];
  const where = options.file ? ` (${options.file})` : '';

  for (const [event, groups] of Object.entries(parsed.hooks ?? {})) {
    const spec = getEventSpec(event);
    if (spec === undefined) {
      host.logger.warn(`harness-hooks: unknown hook event "${event}" in ${source} config${where}; its hooks were skipped`);
      skipped.push({ event, path: `hooks.${event}`, reason: `unknown event "${event}"` });
      continue;
    }
    groups.forEach((group, g) => {
      group.hooks.forEach((hook, h) => {
        const path = `hooks.${event}[${g}].hooks[${h}]`;
        if (hook.type !== 'command') {
          host.logger.warn(`harness-hooks: ${path} in ${source} config${where} has type "${hook.type}"; only "command" hooks run here, so it was skipped`);
          skipped.push({ event, path, reason: `unsupported handler type "${hook.type}"` });
          return;
        }
        const command = hook.command!;
        if (gate !== undefined) {
          skipped.push({ event, path, command, reason: `${source} command hooks need the \`${gate}\` setting`, gate });
          return;
        }
        const commandSpec: CommandHookSpec = { type: 'command', command };
        if (hook.timeout_ms !== undefined) commandSpec.timeout_ms = hook.timeout_ms;
        if (hook.timeout !== undefined) commandSpec.timeout = hook.timeout;
        removers.push(
          host.addEntry(spec.name, {
            kind: 'command',
            name: command,
            matcher: group.matcher,
            plugin: undefined,
            longRunning: false,
            background: false,
            invoke: (payload, _context, signal) => host.runCommand(spec.name, commandSpec, payload, signal, env),
          }),
        );
        added.push({ event: spec.name, path, matcher: group.matcher, command, source });
      });
    });
  }
  return {
    source,
    added,
    skipped,
    remove: () => {
      for (const remove of removers.splice(0)) remove();
    },
  };
}

// The first setting that keeps a source's command hooks off, or undefined when they may run.
function gateFor(source: ConfigSource, settings: Readonly<Required<HookSettings>>): keyof HookSettings | undefined {
  if (source === 'plugin') return settings.enablePluginHooks ? undefined : 'enablePluginHooks';
  if (!settings.enableShellHooks) return 'enableShellHooks';
  if (source === 'project' && !settings.allowProjectHooks) return 'allowProjectHooks';
  return undefined;
}

// The run record of a finished command: timeout, exit 2 (block), any other failure (error), or ok.
export function toEntryReport(r: CommandResult): EntryReport {
  const report: EntryReport = { outcome: 'ok' };
  if (Object.keys(r.decision).length > 0) report.decision = r.decision;
  if (r.warning !== undefined) report.message = r.warning;
  if (r.aborted) report.outcome = 'aborted';
  else if (r.timedOut) report.outcome = 'timeout';
  else if (r.exitCode === 2) report.outcome = 'block';
  else if (r.warning !== undefined) report.outcome = 'error';
  else if (r.decision.decision === 'block' || r.decision.continue === false) report.outcome = 'block';
  return report;
}
