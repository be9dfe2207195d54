// Finds and loads Codex's hook files in the order Codex 0.169.0 discovers them (codex-rs/hooks discovery):
// managed requirements (requirements.toml `[hooks]`), then the config layers from lowest precedence up —
// system (/etc/codex), user ($CODEX_HOME, default ~/.codex), the project's `.codex/` folders from the
// project root down to the cwd — each layer's hooks.json then its config.toml `[hooks]` (both load, with
// a warning, as in Codex), then plugins' hooks/hooks.json. The user's config.toml is read first for trust
// (`[hooks.state]`) and for the project's `trust_level`: an untrusted project's layer is off.
// A file Codex cannot parse is dropped with a warning, and the others still load, as in Codex.
import { homedir } from '../../node-builtins.js';
import { isInside, realPath as real } from '../../config/paths.js';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { AddConfigReport, ConfigSource } from '../../config/add-config.js';
import { readConfigObject } from '../../config/read-config-object.js';
import { makeSourceBudget, readConfigLayer, type LayerTarget } from '../../config/config-layer.js';
import { loadTraceOf } from '../../config/load-trace.js';
import { checkLoadOptions } from '../../config/load-options.js';
import { describeValue, HookTypeError } from '../../errors.js';
import { isPlainObject } from '../../plain-object.js';
import type { ProfileHost } from '../profile.js';
import type { CodexState } from './state.js';
import { readHookStates } from './trust.js';

export interface LoadCodexSettingsOptions {
  /** The project root. */
  projectDir: string;
  /** Where the session runs: `.codex/` folders from projectDir down to it load, the deepest last. Default projectDir. */
  cwd?: string;
  /** The user's Codex folder. Default `$CODEX_HOME`, else `~/.codex`. */
  codexHome?: string;
  /** The system layer's folder, or false for none. Default `/etc/codex`. */
  systemDir?: string | false;
  /** Managed requirements, or false for none. Default `/etc/codex/requirements.toml`. */
  requirementsFile?: string | false;
  /**
   * Plugins: each `<root>/hooks/hooks.json` that exists loads as a plugin's. Codex keys a plugin hook's
   * trust by the plugin's id (`<id>:hooks/hooks.json:…`): give `{ root, id }` for its approvals to count.
   */
  plugins?: readonly (string | { root: string; id: string })[];
  /**
   * Whether Codex trusts the project. Default: the user's config.toml, `[projects."<projectDir>"]
   * trust_level = "trusted"` (Codex's own record). An untrusted project's hooks do not run.
   */
  projectTrusted?: boolean;
}

interface Target extends LayerTarget {
  addConfig(config: unknown, options: { source: ConfigSource; file?: string; pluginRoot?: string }): AddConfigReport;
  readonly logger: { warn(message: string): void };
}

type Layer = { source: ConfigSource; files: string[]; pluginRoot?: string };

export async function loadCodexSettings(registry: Target, host: ProfileHost<CodexState>, options: LoadCodexSettingsOptions): Promise<AddConfigReport[]> {
  checkLoadOptions(options, 'loadSettings');
  if (options.plugins !== undefined && !Array.isArray(options.plugins)) throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `loadSettings(): expected \`plugins\` to be an array of plugin roots, got ${describeValue(options.plugins)}`);
  // Codex canonicalises CODEX_HOME and runs in getcwd()'s (real) folder: trust keys name real paths.
  const projectDir = real(resolve(options.projectDir));
  const cwd = real(resolve(options.cwd ?? projectDir));
  const home = real(resolve(options.codexHome ?? process.env.CODEX_HOME ?? join(homedir(), '.codex')));
  const systemDir = options.systemDir ?? '/etc/codex';
  const requirements = options.requirementsFile ?? (systemDir === false ? false : join(systemDir, 'requirements.toml'));

  // The user's config.toml first: trust for every layer, and the project's trust level — undone by the
  // first report's remove(), so a reload reads them again.
  const userToml = await readConfig(join(home, 'config.toml'), registry);
  const undoStates = userToml.config === undefined ? undefined : host.state.addStates(readHookStates(userToml.config));
  // Without a record of it, a project is untrusted.
  host.state.projectTrusted = options.projectTrusted ?? (userToml.config !== undefined && projectTrust(userToml.config, projectDir));
  // (A reload — registry.watch() — loads again before it removes the last load: that one's remove() then
  // leaves the project's trust to the newer load.)
  const owner = {};
  TRUST_OWNERS.set(host.state, owner);
  const reports: AddConfigReport[] = [
    {
      source: 'user',
      added: [],
      skipped: [],
      remove: () => {
        undoStates?.();
        if (TRUST_OWNERS.get(host.state) === owner) host.state.projectTrusted = undefined;
      },
    },
  ];

  const layers: Layer[] = [];
  if (requirements !== false) layers.push({ source: 'managed', files: [requirements] });
  if (systemDir !== false) layers.push({ source: 'system', files: [join(systemDir, 'hooks.json'), join(systemDir, 'config.toml')] });
  layers.push({ source: 'user', files: [join(home, 'hooks.json'), join(home, 'config.toml')] });
  for (const dir of projectDirs(projectDir, cwd)) {
    // (The user's own ~/.codex is the user layer, never a project's.)
    if (resolve(dir, '.codex') !== home) layers.push({ source: 'project', files: [join(dir, '.codex', 'hooks.json'), join(dir, '.codex', 'config.toml')] });
  }
  for (const plugin of options.plugins ?? []) {
    const root = resolve(typeof plugin === 'string' ? plugin : plugin.root);
    if (typeof plugin !== 'string') host.state.pluginIds.set(root, plugin.id);
    layers.push({ source: 'plugin', files: [join(root, 'hooks', 'hooks.json')], pluginRoot: root });
  }

  const budget = makeSourceBudget();
  for (const layer of layers) {
    const read = [];
    for (const file of layer.files) {
      // (The user's config.toml was read already, for trust; a gated-off source's file is not read.)
      const got = file === userToml.file ? (userToml.config === undefined ? undefined : { config: userToml.config }) : await readConfigLayer(registry, layer.source, file, DROPPED, budget);
      if (got === undefined) continue;
      if ('report' in got) {
        reports.push(got.report);
        continue;
      }
      // A config.toml without a [hooks] table holds no hooks (it still counts for its settings).
      const hasHooks = !file.endsWith('.toml') || isPlainObject(got.config.hooks);
      read.push({ file, config: got.config, hasHooks });
    }
    const withHooks = read.filter((r) => r.hasHooks && Object.keys((r.config.hooks as object | undefined) ?? {}).some((k) => k !== 'state'));
    if (withHooks.length > 1) registry.logger.warn(`harness-hooks: loading hooks from both ${withHooks[0]!.file} and ${withHooks[1]!.file}; prefer a single representation for this layer (as Codex warns)`);
    for (const { file, config } of read) {
      try {
        reports.push(registry.addConfig(config, { source: layer.source, file, ...(layer.pluginRoot === undefined ? {} : { pluginRoot: layer.pluginRoot }) }));
      } catch (error) {
        registry.logger.warn(`harness-hooks: the hooks of ${file} were dropped, as Codex drops a hooks config it cannot parse: ${(error as Error).message}`);
        // Its other settings ([features], notify, allow_managed_hooks_only) still count, as in Codex.
        if (file.endsWith('.toml')) reports.push(registry.addConfig({ ...config, hooks: {} }, { source: layer.source, file }));
      }
    }
  }
  return reports;
}

const DROPPED = 'as Codex drops a hooks config it cannot parse';
// The load whose reading of the project's trust is in effect, per registry.
const TRUST_OWNERS = new WeakMap<CodexState, object>();

// A config file as an object (JSON or TOML by its name), undefined when it does not exist; one that cannot
// be read or parsed is dropped with a warning.
async function readConfig(file: string, registry: Target): Promise<{ file: string; config?: Record<string, unknown> }> {
  const config = await readConfigObject(file, (m) => registry.logger.warn(`harness-hooks: ${m}`), DROPPED, loadTraceOf(registry), 'user');
  return config === undefined ? { file } : { file, config };
}

// `[projects."<dir>"] trust_level`: the project's own entry, else its nearest listed ancestor's.
export function projectTrust(config: Record<string, unknown>, projectDir: string): boolean {
  const projects = config.projects;
  if (!isPlainObject(projects)) return false;
  for (let dir = projectDir; ; dir = dirname(dir)) {
    const entry = projects[dir];
    if (isPlainObject(entry) && typeof entry.trust_level === 'string') return entry.trust_level === 'trusted';
    if (dirname(dir) === dir) return false;
  }
}


// The folders from the project root down to the cwd (only the root when the cwd is outside it).
function projectDirs(projectDir: string, cwd: string): string[] {
  const rel = relative(projectDir, cwd);
  if (!isInside(projectDir, cwd)) return [projectDir];
  const dirs = [projectDir];
  let dir = projectDir;
  for (const part of rel.split(sep)) dirs.push((dir = join(dir, part)));
  return dirs;
}
