// One file a profile's loader (loadSettings) reads for one source, read the one way every loader reads
// it: a source whose gate is closed (an untrusted project, `allowProjectHooks: false`) is not read at all
// — a stranger's 4 MiB file costs a stat — and its report says the file was not read and why; any other
// file is read within the shared bounds (config-bounds.ts), or dropped with a coded warning naming it.
// What must be read to know a gate is not gated itself: the user's and the administrator's files (Codex
// reads a project's trust from the user's config.toml). A file that holds the gate setting of its own
// source is not needed: every profile applies a file's settings keys only where its hooks may load
// (add-config.ts), so a gated-off file's settings change nothing, and it is not read.
import { type AddConfigReport, type ConfigSource, gatedOffWarning, type SourceGate } from './add-config.js';
import { CONFIG_BOUNDS, countHooks } from './config-bounds.js';
import { loadTraceOf, traceFile } from './load-trace.js';
import { readConfigObject } from './read-config-object.js';

/** What a loader reads through: the registry's logger, and its gates (without them every file is read). */
export interface LayerTarget {
  readonly logger: { warn(message: string): void };
  gateOf?(source: string): SourceGate | undefined;
}

// The administrator's files are read whatever the gates say: they may hold settings that restrict other
// sources, and they are not a stranger's to plant.
export const ALWAYS_READ: ReadonlySet<string> = new Set(['managed', 'system']);

export type LayerRead = { config: Record<string, unknown> } | { report: AddConfigReport } | undefined;

/** One loader run's count of hooks per source (makeSourceBudget): a source's files together list at most maxHooks; and, under `gated-off <source>`, how many of its files were not read. */
export type SourceBudget = Map<string, number>;

// A new budget, for one loadSettings call.
export const makeSourceBudget = (): SourceBudget => new Map();

// `file` as an object to add (`config`), a report of a gated-off source's file that was not read
// (`report`), or undefined: missing, or dropped with a warning. `dropped` says what the harness does with
// a file it cannot parse ("as Codex drops a hooks config it cannot parse"). With a `budget`, a file that
// would take its source past CONFIG_BOUNDS.maxHooks (40 files of 2,000 hooks in one folder) is dropped too.
export async function readConfigLayer(target: LayerTarget, source: ConfigSource, file: string, dropped: string, budget?: SourceBudget): Promise<LayerRead> {
  const gate = ALWAYS_READ.has(source) ? undefined : target.gateOf?.(source);
  // (registry.watch() watches every file looked at here, read or not: src/config/load-trace.ts.)
  const trace = loadTraceOf(target);
  if (gate !== undefined) {
    traceFile(trace, file, { source });
    const { lstat } = await import('node:fs/promises');
    const exists = await lstat(file).then(
      () => true,
      () => false,
    );
    if (!exists) return undefined;
    // One warning per file for the first few of a source in one load, then one line for the rest (each
    // file is still in its report): a gated-off folder of 64 files is not 64 warnings.
    const key = `gated-off ${source}`;
    const seen = budget === undefined ? 0 : (budget.get(key) ?? 0);
    budget?.set(key, seen + 1);
    if (seen < CONFIG_BOUNDS.maxWarnings) target.logger.warn(gatedOffWarning(file, 'not read, its hooks are off', gate));
    else if (seen === CONFIG_BOUNDS.maxWarnings) target.logger.warn(`harness-hooks: more ${source} files were not read either (their hooks are off: ${gate.why}); each is listed in the loader's report`);
    return { report: gatedFileReport(source, file, gate) };
  }
  const config = await readConfigObject(file, (m) => target.logger.warn(`harness-hooks: ${m}`), dropped, trace, source);
  if (config === undefined) return undefined;
  if (budget !== undefined) {
    const before = budget.get(source) ?? 0;
    const max = CONFIG_BOUNDS.maxHooks;
    if (before + countHooks(config) > max) {
      target.logger.warn(`harness-hooks: ${file} was not loaded (HOOKS_ERR_CONFIG_INVALID): with the ${source} files before it (${before} event names, matcher groups and hooks) it lists more than the ${max} one source may`);
      return undefined;
    }
    budget.set(source, before + countHooks(config));
  }
  return { config };
}

// The report of a file that was not read because its source is gated off: one skipped item, naming the file.
export function gatedFileReport(source: ConfigSource, file: string, gate: SourceGate): AddConfigReport {
  return { source, added: [], skipped: [{ event: '*', path: '', reason: `${file} was not read: ${gate.why}`, gate: gate.gate }], remove: () => undefined };
}

// The first `maxFilesPerFolder` of a folder's files (sorted names), with one warning for the rest.
export function boundedFiles(target: LayerTarget, dir: string, files: readonly string[]): string[] {
  loadTraceOf(target)?.folders.add(dir);
  const max = CONFIG_BOUNDS.maxFilesPerFolder;
  if (files.length > max) target.logger.warn(`harness-hooks: ${dir} holds ${files.length} config files; the first ${max} (by name) were loaded and ${files.length - max} more were not read`);
  return files.slice(0, max);
}
