// Finds and loads Copilot CLI's hook files in the order the 1.0.102 binary runs their hooks (recorded:
// fixtures/copilot/oracle/08, 09; REF @05da5bc3 §2.1's table, repository first, is not what the binary does),
// every source's hooks running, nothing overriding:
//   1. policy: /etc/github-copilot/policy.d/*.json, alphabetical, source `managed`. Each is opened once,
//      without following a symbolic link (O_NOFOLLOW), and its owner and mode are checked on the fstat of
//      that same descriptor, which is then read: root-owned and not group- or world-writable, else refused
//      (no window to swap the file between the check and the read);
//   2. user files: $COPILOT_HOME/hooks/*.json (default ~/.copilot), source `user` (CL 0.0.422), in reverse
//      name order (oracle 09 user-three-files: c.json, b.json, a.json);
//   3. inline user settings: the `hooks` of ~/.copilot/settings.json (`user`);
//   4. repo files: <project>/.github/hooks/*.json, source `project` (trust-gated, CL 1.0.8), reverse name order;
//   5. inline repo settings: the `hooks` of the repo's .claude/settings.json (`project`) and
//      .claude/settings.local.json (`local`), then .github/copilot/settings.json (`project`) and its
//      settings.local.json (`local`) (CL 1.0.12; ~/.claude is not read by the CLI, CL 1.0.36; oracle 10
//      local-settings-order);
//   6. plugins: <root>/hooks.json, else hooks/hooks.json, else com.github.copilot/hooks/hooks.json (CL 1.0.80;
//      their place is UNCERTAIN, not recorded).
// The user's hooks run before the repository's (oracle 08 user-deny-repo-deny: a user's deny is the one the
// model sees, and the repository's hook never runs).
// Hooks files (1–3, 6) drop a malformed item and keep its siblings; inline settings `hooks` (4–5) are
// strict — any item error rejects the whole field (§1.5): the loader says which, by where it found the
// file (parseCopilotConfig's `strict`), never by the file's name.
// A file Copilot rejects (invalid JSON, a bad `version`, …) is dropped with a warning, the others load.
// `disableAllHooks: true` at the top of the repo's .github/copilot/settings(.local).json skips every
// non-policy hook in Copilot (REF); here the repo's own hooks only (src/source-scope.ts) — and only when the repo's own hooks may load (the `project` / `local` gate,
// gate.ts): an untrusted repo cannot switch off the user's hooks. In any other file it skips that file's
// hooks (config.ts).
import { homedir } from '../../node-builtins.js';
import { join, resolve } from 'node:path';
import type { AddConfigReport, ConfigSource } from '../../config/add-config.js';
import { parseConfigObject, readConfigObject } from '../../config/read-config-object.js';
import { boundedFiles, makeSourceBudget, readConfigLayer, type LayerTarget } from '../../config/config-layer.js';
import { loadTraceOf, traceFile } from '../../config/load-trace.js';
import { DEFAULT_MAX_CONFIG_BYTES, FileReadRefused, readRegularFileChecked } from '../../config/read-file.js';
import { checkLoadOptions } from '../../config/load-options.js';
import { HookConfigError } from '../../errors.js';
import type { HookSettings } from '../../types.js';
import { parseCopilotConfig, SETTINGS_CONFIGS } from './config.js';
import { copilotGate } from './gate.js';
import { switchesOff } from '../../source-scope.js';

export interface LoadCopilotSettingsOptions {
  /** The repo root. */
  projectDir: string;
  /** The user's home folder. Default `os.homedir()`. */
  home?: string;
  /** Copilot's own folder. Default `$COPILOT_HOME` when `home` is not given, else `<home>/.copilot`. */
  copilotHome?: string;
  /** The policy folder, or false for none. Default `/etc/github-copilot/policy.d`. */
  policyDir?: string | false;
  /** The owner policy files must have. Default 0 (root), as Copilot requires on POSIX. */
  policyUid?: number;
  /** Plugin roots, in load order. */
  plugins?: readonly string[];
  /**
   * Read the repo's `.claude/settings.json` and `.claude/settings.local.json`, as Copilot does. Default
   * true; a registry that runs claude hooks too reads them as claude's only (each file is read once, by its
   * own dialect), and passes false.
   */
  claudeFiles?: boolean;
}

interface Target extends LayerTarget {
  addConfig(config: unknown, options: { source: ConfigSource; file?: string; pluginRoot?: string }): AddConfigReport;
  readonly logger: { warn(message: string): void };
  /** The registry's settings (its gates); without them the repo's disableAllHooks is not honoured. */
  readonly settings?: Readonly<Required<HookSettings>>;
}

/** A file to load: `inline` for a settings file, whose `hooks` key is read strictly. */
type Layer = { source: ConfigSource; file: string; pluginRoot?: string; inline?: boolean; policy?: boolean };

export async function loadCopilotSettings(registry: Target, options: LoadCopilotSettingsOptions): Promise<AddConfigReport[]> {
  checkLoadOptions(options, 'loadSettings');
  const project = resolve(options.projectDir);
  const home = resolve(options.home ?? homedir());
  const copilot = resolve(options.copilotHome ?? (options.home === undefined ? process.env.COPILOT_HOME : undefined) ?? join(home, '.copilot'));
  const policyDir = options.policyDir ?? '/etc/github-copilot/policy.d';
  const warn = (message: string): void => registry.logger.warn(`harness-hooks: ${message}`);

  const policyUid = options.policyUid ?? 0;
  const layers: Layer[] = [];
  if (policyDir !== false) for (const file of await jsonFiles(policyDir, registry)) layers.push({ source: 'managed', file, policy: true });
  const repoSettings: Layer[] = [
    { source: 'project', file: join(project, '.github', 'copilot', 'settings.json'), inline: true },
    { source: 'local', file: join(project, '.github', 'copilot', 'settings.local.json'), inline: true },
  ];
  const read = new Map<string, Record<string, unknown> | undefined>();
  // A gated-off repo's settings are not read (config-layer.ts): they could only switch its own hooks off.
  for (const l of repoSettings) if (registry.gateOf?.(l.source) === undefined) read.set(l.file, await readConfigObject(l.file, warn, DROPPED, loadTraceOf(registry), l.source));
  const off = repoSettings.find((l) => read.get(l.file)?.disableAllHooks === true);
  // The repo's switch counts only where the repo's hooks may load: an untrusted repo's file is not read as
  // Copilot's (it would not be trusted there either), so it cannot turn off the user's hooks.
  const repoGate = registry.settings === undefined ? 'settings' : copilotGate(off?.source ?? 'project', registry.settings);
  if (off !== undefined && repoGate !== undefined) {
    const why = repoGate === 'settings' ? "the registry's settings are not known here" : `the repo's hooks do not load: ${repoGate} is off`;
    warn(`disableAllHooks: true in ${off.file} was ignored (${why}), so the repo's settings cannot switch off other hooks`);
  }
  // The repo's switch speaks for the repo's own hooks only (src/source-scope.ts): where Copilot then loads
  // policy hooks alone, the user's and plugins' hooks still load here — deliberately: a repository cannot
  // switch off the user's guards.
  const repoOff = off !== undefined && repoGate === undefined ? off : undefined;
  if (repoOff !== undefined) warn(`disableAllHooks: true in ${repoOff.file}: the repo's hooks are not loaded (Copilot would load only policy hooks; the user's and plugins' still load here)`);
  if (repoOff === undefined || !switchesOff(repoOff.source, 'user')) {
    for (const file of await jsonFiles(join(copilot, 'hooks'), registry, true)) layers.push({ source: 'user', file });
    layers.push({ source: 'user', file: join(copilot, 'settings.json'), inline: true });
    for (const file of await jsonFiles(join(project, '.github', 'hooks'), registry, true)) layers.push({ source: 'project', file });
    if (options.claudeFiles !== false) layers.push({ source: 'project', file: join(project, '.claude', 'settings.json'), inline: true }, { source: 'local', file: join(project, '.claude', 'settings.local.json'), inline: true });
    layers.push(...repoSettings);
    for (const root of options.plugins ?? []) {
      const at = resolve(root);
      for (const rel of ['hooks.json', join('hooks', 'hooks.json'), join('com.github.copilot', 'hooks', 'hooks.json')]) {
        const file = join(at, rel);
        traceFile(loadTraceOf(registry), file, { source: 'plugin' });
        if (await exists(file)) {
          layers.push({ source: 'plugin', file, pluginRoot: at });
          break;
        }
      }
    }
  }

  const reports: AddConfigReport[] = [];
  const budget = makeSourceBudget();
  for (const layer of layers) {
    if (repoOff !== undefined && layer.policy !== true && switchesOff(repoOff.source, layer.source)) continue;
    let config: Record<string, unknown> | undefined;
    if (read.has(layer.file)) config = read.get(layer.file);
    else if (layer.policy === true) {
      traceFile(loadTraceOf(registry), layer.file, { source: layer.source });
      config = await readPolicy(layer.file, policyUid, warn);
    }
    else {
      // A gated-off source's file is not read: its report says so (config-layer.ts).
      const got = await readConfigLayer(registry, layer.source, layer.file, DROPPED, budget);
      if (got !== undefined && 'report' in got) {
        reports.push(got.report);
        continue;
      }
      config = got?.config;
    }
    // A settings file without `hooks` has none to add.
    if (config === undefined || (layer.inline === true && config.hooks === undefined)) continue;
    if (layer.inline === true) {
      // Strict (§1.5): any item error rejects the settings file's whole `hooks` field.
      try {
        parseCopilotConfig(config, layer.file, { strict: true });
      } catch (error) {
        if (!(error instanceof HookConfigError)) throw error;
        warn(`the \`hooks\` of ${layer.file} were dropped, as Copilot rejects a settings file's inline hooks with any invalid item: ${error.message}`);
        continue;
      }
    }
    if (layer.inline === true) SETTINGS_CONFIGS.add(config);
    try {
      reports.push(registry.addConfig(config, { source: layer.source, file: layer.file, ...(layer.pluginRoot === undefined ? {} : { pluginRoot: layer.pluginRoot }) }));
    } catch (error) {
      // Only a config error is Copilot's rejection; anything else (the trust store, a logger) is ours.
      if (error instanceof HookConfigError) warn(`${layer.file} was dropped, as Copilot rejects it: ${error.message}`);
      else warn(`${layer.file} could not be added (not a Copilot rejection; the other files load): ${(error as Error).message}`);
    }
  }
  return reports;
}

// The *.json files of a folder, sorted (`reverse`: in reverse order, as the binary runs a hooks folder's
// files), at most CONFIG_BOUNDS.maxFilesPerFolder (a warning says how many more were not read); none when it
// does not exist.
async function jsonFiles(dir: string, target: LayerTarget, reverse = false): Promise<string[]> {
  loadTraceOf(target)?.folders.add(dir);
  let names: string[];
  try {
    const { readdir } = await import('node:fs/promises');
    names = await readdir(dir);
  } catch {
    return [];
  }
  const sorted = names.filter((n) => n.endsWith('.json')).sort();
  return boundedFiles(target, dir, (reverse ? sorted.reverse() : sorted).map((n) => join(dir, n)));
}

// (node:fs/promises loads on first use: the package's import does not pay for it.)
const exists = async (file: string): Promise<boolean> => (await import('node:fs/promises')).stat(file).then((s) => s.isFile(), () => false);

// A policy file, read once: opened without following a symbolic link, its owner and mode checked on the
// descriptor's own fstat (POSIX: owned by `uid`, not group- or world-writable, REF), read from it.
async function readPolicy(file: string, uid: number, warn: (m: string) => void): Promise<Record<string, unknown> | undefined> {
  const posix = process.platform !== 'win32';
  let text: string;
  try {
    ({ text } = await readRegularFileChecked(file, DEFAULT_MAX_CONFIG_BYTES, {
      noFollow: posix,
      check(s) {
        if (posix && !(s.uid === uid && (s.mode & 0o022) === 0)) throw new FileReadRefused(`it must be owned by uid ${uid} and not group- or world-writable`);
      },
    }));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined; // gone since the listing
    const why = code === 'ELOOP' ? 'it is a symbolic link (policy files are opened without following one)' : (error as Error).message;
    warn(`${file} was refused as a policy file: ${why}`);
    return undefined;
  }
  return parseJson(file, text, warn);
}

// A JSON file as an object; undefined when it does not exist, or (with a warning) cannot be read or parsed.
const DROPPED = 'as Copilot rejects a hooks file it cannot parse';
const parseJson = (file: string, text: string, warn: (m: string) => void): Record<string, unknown> | undefined => parseConfigObject(file, text, warn, DROPPED);
