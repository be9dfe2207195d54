// Finds and loads Copilot CLI's hook files in its order (REF @05da5bc3 §2.1; the order across sources is
// UNCERTAIN — REF's prose and bullets disagree — but every source's hooks run, nothing overrides):
//   1. policy: /etc/github-copilot/policy.d/*.json, alphabetical, each root-owned and not group- or
//      world-writable (else refused), source `managed`;
//   2. repo: <project>/.github/hooks/*.json, sorted, source `project` (trust-gated, CL 1.0.8);
//   3. user: $COPILOT_HOME/hooks/*.json (default ~/.copilot), sorted, source `user` (CL 0.0.422);
//   4. inline `hooks` of .github/copilot/settings.json (`project`), settings.local.json (`local`) and
//      ~/.copilot/settings.json (`user`);
//   5. the repo's .claude/settings.json (`project`) and .claude/settings.local.json (`local`) (CL 1.0.12;
//      ~/.claude is not read by the CLI, CL 1.0.36);
//   6. plugins: <root>/hooks.json, else hooks/hooks.json, else com.github.copilot/hooks/hooks.json (CL 1.0.80).
// A file Copilot rejects (invalid JSON, a bad `version`, …) is dropped with a warning, the others load.
// `disableAllHooks: true` at the top of the repo's .github/copilot/settings(.local).json skips every
// non-policy hook (REF); in any other file it skips that file's hooks (config.ts).
import { readdir, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AddConfigReport, ConfigSource } from '../../config/add-config.js';
import { DEFAULT_MAX_CONFIG_BYTES, readRegularFile } from '../../config/read-file.js';
import { describeValue, HookTypeError } from '../../errors.js';
import { isPlainObject } from '../../plain-object.js';

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
}

interface Target {
  addConfig(config: unknown, options: { source: ConfigSource; file?: string; pluginRoot?: string }): AddConfigReport;
  readonly logger: { warn(message: string): void };
}

type Layer = { source: ConfigSource; file: string; pluginRoot?: string };

export async function loadCopilotSettings(registry: Target, options: LoadCopilotSettingsOptions): Promise<AddConfigReport[]> {
  if (options === null || typeof options !== 'object' || typeof options.projectDir !== 'string') {
    throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `loadSettings(): expected \`projectDir\` to be a path, got ${describeValue(options?.projectDir)}`);
  }
  const project = resolve(options.projectDir);
  const home = resolve(options.home ?? homedir());
  const copilot = resolve(options.copilotHome ?? (options.home === undefined ? process.env.COPILOT_HOME : undefined) ?? join(home, '.copilot'));
  const policyDir = options.policyDir ?? '/etc/github-copilot/policy.d';
  const warn = (message: string): void => registry.logger.warn(`harness-hooks: ${message}`);

  const layers: Layer[] = [];
  if (policyDir !== false) for (const file of await jsonFiles(policyDir)) if (await policyFileOk(file, options.policyUid ?? 0, warn)) layers.push({ source: 'managed', file });
  const repoSettings: Layer[] = [
    { source: 'project', file: join(project, '.github', 'copilot', 'settings.json') },
    { source: 'local', file: join(project, '.github', 'copilot', 'settings.local.json') },
  ];
  const read = new Map<string, Record<string, unknown> | undefined>();
  for (const l of repoSettings) read.set(l.file, await readJson(l.file, warn));
  const off = repoSettings.find((l) => read.get(l.file)?.disableAllHooks === true);
  if (off !== undefined) warn(`disableAllHooks: true in ${off.file}: only policy hooks are loaded for this repo (as in Copilot)`);
  else {
    for (const file of await jsonFiles(join(project, '.github', 'hooks'))) layers.push({ source: 'project', file });
    for (const file of await jsonFiles(join(copilot, 'hooks'))) layers.push({ source: 'user', file });
    layers.push(...repoSettings, { source: 'user', file: join(copilot, 'settings.json') });
    layers.push({ source: 'project', file: join(project, '.claude', 'settings.json') }, { source: 'local', file: join(project, '.claude', 'settings.local.json') });
    for (const root of options.plugins ?? []) {
      const at = resolve(root);
      for (const rel of ['hooks.json', join('hooks', 'hooks.json'), join('com.github.copilot', 'hooks', 'hooks.json')]) {
        const file = join(at, rel);
        if (await exists(file)) {
          layers.push({ source: 'plugin', file, pluginRoot: at });
          break;
        }
      }
    }
  }

  const reports: AddConfigReport[] = [];
  for (const layer of layers) {
    const config = read.has(layer.file) ? read.get(layer.file) : await readJson(layer.file, warn);
    // A settings file without `hooks` has none to add.
    if (config === undefined || (/settings(\.local)?\.json$/.test(layer.file) && config.hooks === undefined)) continue;
    try {
      reports.push(registry.addConfig(config, { source: layer.source, file: layer.file, ...(layer.pluginRoot === undefined ? {} : { pluginRoot: layer.pluginRoot }) }));
    } catch (error) {
      warn(`${layer.file} was dropped, as Copilot rejects it: ${(error as Error).message}`);
    }
  }
  return reports;
}

// The *.json files of a folder, sorted; none when it does not exist.
async function jsonFiles(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((n) => n.endsWith('.json')).sort().map((n) => join(dir, n));
  } catch {
    return [];
  }
}

const exists = (file: string): Promise<boolean> => stat(file).then((s) => s.isFile(), () => false);

// POSIX: a policy file must be owned by root and not group- or world-writable (REF).
async function policyFileOk(file: string, uid: number, warn: (m: string) => void): Promise<boolean> {
  if (process.platform === 'win32') return true;
  try {
    const s = await stat(file);
    if (s.uid === uid && (s.mode & 0o022) === 0) return true;
    warn(`${file} was refused as a policy file: it must be owned by uid ${uid} and not group- or world-writable`);
  } catch {
    // Gone since the listing.
  }
  return false;
}

// A JSON file as an object; undefined when it does not exist, or (with a warning) cannot be read or parsed.
async function readJson(file: string, warn: (m: string) => void): Promise<Record<string, unknown> | undefined> {
  let text: string;
  try {
    text = await readRegularFile(file, DEFAULT_MAX_CONFIG_BYTES);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') warn(`${file} was not read: ${(error as Error).message}`);
    return undefined;
  }
  try {
    const value: unknown = JSON.parse(text);
    if (!isPlainObject(value)) throw new Error('expected an object at the top');
    return value;
  } catch (error) {
    warn(`${file} was dropped, as Copilot rejects a hooks file it cannot parse: ${(error as Error).message}`);
    return undefined;
  }
}
