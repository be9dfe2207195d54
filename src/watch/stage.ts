// One loader run again without touching the registry's hooks: the loader reads through a stand-in for the
// registry whose addConfig checks each config as addConfig would (so the loader's own handling of a config
// its harness rejects is unchanged) and keeps it, to be added later in one synchronous swap (swap.ts).
// Gates are the registry's (a loader asks before it reads a file); files the watcher holds are served as
// held (src/config/load-trace.ts `serve`).
import type { AddConfigOptions, AddConfigReport } from '../config/add-config.js';
import { checkConfigBounds } from '../config/config-bounds.js';
import { parseHooksConfig } from '../config/load.js';
import { makeLoadTrace, setLoadTrace, type LoadRecord, type LoadTrace } from '../config/load-trace.js';
import { describeValue, HookTypeError } from '../errors.js';
import type { Profile, ProfileRegistry } from '../profiles/profile.js';
import type { HookSettings } from '../types.js';

/** The registry as a staged loader run reads it. */
export type StagingHost = Omit<ProfileRegistry, 'addConfig'> & {
  readonly settings: Readonly<Required<HookSettings>>;
  addConfig(config: unknown, options: AddConfigOptions): AddConfigReport;
};

/** A config the loader added, and the report it was given (filled in by the swap). */
export interface StagedConfig {
  readonly config: unknown;
  readonly options: AddConfigOptions;
  readonly report: AddConfigReport & { real?: AddConfigReport };
}

export interface StagedLoad {
  readonly load: LoadRecord;
  readonly configs: StagedConfig[];
  /** What the loader returned: the staged configs' reports, and any of its own (Codex's trust). */
  readonly reports: AddConfigReport[];
  readonly trace: LoadTrace;
  /** What the loader warned, to pass on (watcher.ts says which). */
  readonly warnings: string[];
}

// Runs `load` again against a stand-in; rejects if the loader throws (nothing was added then).
export async function stageLoad(registry: StagingHost, profile: Profile, load: LoadRecord, serve: LoadTrace['serve']): Promise<StagedLoad> {
  const configs: StagedConfig[] = [];
  const warnings: string[] = [];
  const target = {
    profile: registry.profile,
    settings: registry.settings,
    logger: { warn: (message: string) => void warnings.push(message) },
    gateOf: (source: string) => registry.gateOf(source),
    listHooks: () => registry.listHooks(),
    addEntry: registry.addEntry.bind(registry),
    addConfig(config: unknown, options: AddConfigOptions): AddConfigReport {
      checkStaged(profile, config, options);
      const report: StagedConfig['report'] = {
        source: options.source,
        added: [],
        skipped: [],
        remove: () => report.real?.remove(),
      };
      configs.push({ config, options: { ...options }, report });
      return report;
    },
  };
  const trace = makeLoadTrace(serve);
  setLoadTrace(target, trace);
  const reports = (await load.run(target)) as AddConfigReport[];
  return { load, configs, reports: [...reports], trace, warnings };
}

// What addConfig checks before it registers anything (src/config/add-config.ts): the source, the bounds,
// the profile's reader. Throws as addConfig would.
function checkStaged(profile: Profile, config: unknown, options: AddConfigOptions): void {
  if (options === null || typeof options !== 'object' || !profile.sources.includes(options.source)) {
    throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `addConfig(): expected \`source\` to be one of ${profile.sources.map((s) => `'${s}'`).join(', ')}, got ${describeValue(options?.source)}`);
  }
  checkConfigBounds(config, options.file, { countHooks: options.file !== undefined });
  (profile.parseConfig ?? parseHooksConfig)(config, options.file);
}

// Undoes what a staged run did besides its configs (a loader's own state: Codex's trust), when it is
// not swapped in.
export function discardStaged(staged: readonly StagedLoad[]): void {
  for (const s of staged) {
    const own = new Set(s.configs.map((c) => c.report));
    for (const report of s.reports) if (!own.has(report)) report.remove();
  }
}
