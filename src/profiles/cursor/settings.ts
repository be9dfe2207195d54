// Finds and loads Cursor's hooks files in its priority order (D-new "Configuration", T-new "Priority
// Order"; spec §1.3), every source's hooks running:
//   1. enterprise (MDM): /Library/Application Support/Cursor/hooks.json (macOS), /etc/cursor/hooks.json
//      (Linux/WSL), C:\ProgramData\Cursor\hooks.json (Windows) — source `managed`;
//   2. team hooks come from Cursor's dashboard, not a file: not loaded here;
//   3. project: <projectDir>/.cursor/hooks.json — source `project` (Cursor: trusted workspaces only; here
//      the `allowProjectHooks` gate);
//   4. user: ~/.cursor/hooks.json — source `user`;
//   then plugins (UNCERTAIN where Cursor puts them): the file a plugin's .cursor-plugin/plugin.json names
//   in `"hooks"`, else its hooks/hooks.json — source `plugin`, its root the `pluginRoot`.
// The Claude-compat files (.claude/settings*.json, opt-in in Cursor) are not read: use the claude profile's
// loader for those. A file that is missing is skipped; one that cannot be read or parsed is dropped with a
// warning, the others load. When the project folder is the home folder, <project>/.cursor/hooks.json is
// ~/.cursor/hooks.json: it loads once, as the user's (not twice, every hook running twice). A plugin
// manifest's `hooks` must name a file inside the plugin (no `..` or absolute path out of it, and no link
// that leads out): a plugin is gated by enablePluginHooks alone, and must not load a file another gate keeps
// off (an untrusted project's hooks.json); one that points out is refused with a warning.
import { isInside as inside, realPath as real } from '../../config/paths.js';
import { homedir } from '../../node-builtins.js';
import { join, resolve } from 'node:path';
import type { AddConfigReport, ConfigSource } from '../../config/add-config.js';
import { readConfigObject } from '../../config/read-config-object.js';
import { makeSourceBudget, readConfigLayer, type LayerTarget } from '../../config/config-layer.js';
import { loadTraceOf } from '../../config/load-trace.js';
import { checkLoadOptions } from '../../config/load-options.js';

export interface LoadCursorSettingsOptions {
  /** The workspace root. */
  projectDir: string;
  /** The user's home folder. Default `os.homedir()`. */
  home?: string;
  /** The enterprise hooks file, or false for none. Default the platform's MDM path. */
  enterpriseFile?: string | false;
  /** Plugin roots, in load order. */
  plugins?: readonly string[];
}

interface Target extends LayerTarget {
  addConfig(config: unknown, options: { source: ConfigSource; file?: string; pluginRoot?: string }): AddConfigReport;
  readonly logger: { warn(message: string): void };
}

/** Cursor's enterprise hooks file on this platform. */
export function enterpriseHooksFile(platform: NodeJS.Platform = process.platform): string {
  if (platform === 'darwin') return '/Library/Application Support/Cursor/hooks.json';
  if (platform === 'win32') return 'C:\\ProgramData\\Cursor\\hooks.json';
  return '/etc/cursor/hooks.json';
}

type Layer = { source: ConfigSource; file: string; pluginRoot?: string };

export async function loadCursorSettings(registry: Target, options: LoadCursorSettingsOptions): Promise<AddConfigReport[]> {
  checkLoadOptions(options, 'loadSettings');
  const warn = (message: string): void => registry.logger.warn(`harness-hooks: ${message}`);
  const project = resolve(options.projectDir);
  const home = resolve(options.home ?? homedir());
  const enterprise = options.enterpriseFile ?? enterpriseHooksFile();
  const layers: Layer[] = [];
  if (enterprise !== false) layers.push({ source: 'managed', file: resolve(enterprise) });
  const projectFile = join(project, '.cursor', 'hooks.json');
  const userFile = join(home, '.cursor', 'hooks.json');
  if (real(projectFile) !== real(userFile)) layers.push({ source: 'project', file: projectFile });
  layers.push({ source: 'user', file: userFile });
  for (const root of options.plugins ?? []) {
    const at = resolve(root);
    const manifestFile = join(at, '.cursor-plugin', 'plugin.json');
    const manifest = await readConfigObject(manifestFile, warn, 'as it is not a JSON object', loadTraceOf(registry));
    const named = typeof manifest?.hooks === 'string' ? manifest.hooks : 'hooks/hooks.json';
    const file = resolve(at, named);
    if (!inside(at, file) || !inside(real(at), real(file))) {
      warn(`${manifestFile}: \`hooks\` ${JSON.stringify(named)} leads out of the plugin's folder; the plugin's hooks were not loaded`);
      continue;
    }
    layers.push({ source: 'plugin', file, pluginRoot: at });
  }
  const reports: AddConfigReport[] = [];
  const budget = makeSourceBudget();
  for (const layer of layers) {
    // (A gated-off source's file is not read: config-layer.ts.)
    const read = await readConfigLayer(registry, layer.source, layer.file, 'as it is not a JSON object', budget);
    if (read === undefined) continue;
    if ('report' in read) {
      reports.push(read.report);
      continue;
    }
    const { config } = read;
    try {
      reports.push(registry.addConfig(config, { source: layer.source, file: layer.file, ...(layer.pluginRoot === undefined ? {} : { pluginRoot: layer.pluginRoot }) }));
    } catch (error) {
      warn(`${layer.file} was dropped: ${(error as Error).message}`);
    }
  }
  return reports;
}
