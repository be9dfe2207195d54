// Finds and loads Gemini CLI's hook settings in the order its hooks run: the settings layers concatenated
// as Gemini merges `hooks` (user, then the project's .gemini/settings.json, then the system's
// /etc/gemini-cli/settings.json), then extensions' hooks/hooks.json. A file that cannot be read or parsed
// is dropped with a warning and the others load.
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AddConfigReport, ConfigSource } from '../../config/add-config.js';
import { DEFAULT_MAX_CONFIG_BYTES, readRegularFile } from '../../config/read-file.js';

export interface LoadGeminiSettingsOptions {
  projectDir: string;
  /** The user's home (for ~/.gemini/settings.json). Default `os.homedir()`. */
  home?: string;
  /** The system settings file, or false for none. Default `/etc/gemini-cli/settings.json`. */
  systemFile?: string | false;
  /** Extension folders: each `<root>/hooks/hooks.json` loads as a plugin's (`${extensionPath}` is its root). */
  extensions?: readonly string[];
}

interface Target {
  addConfig(config: unknown, options: { source: ConfigSource; file?: string; pluginRoot?: string }): AddConfigReport;
  readonly logger: { warn(message: string): void };
}

export async function loadGeminiSettings(registry: Target, options: LoadGeminiSettingsOptions): Promise<AddConfigReport[]> {
  const home = options.home ?? homedir();
  const files: [ConfigSource, string, string?][] = [
    ['user', join(home, '.gemini', 'settings.json')],
    ['project', join(resolve(options.projectDir), '.gemini', 'settings.json')],
  ];
  const system = options.systemFile ?? '/etc/gemini-cli/settings.json';
  if (system !== false) files.push(['system', system]);
  for (const root of options.extensions ?? []) files.push(['plugin', join(resolve(root), 'hooks', 'hooks.json'), resolve(root)]);
  const reports: AddConfigReport[] = [];
  for (const [source, file, pluginRoot] of files) {
    let value: unknown;
    try {
      value = JSON.parse(await readRegularFile(file, DEFAULT_MAX_CONFIG_BYTES));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') registry.logger.warn(`harness-hooks: ${file} was dropped: ${(error as Error).message}`);
      continue;
    }
    try {
      reports.push(registry.addConfig(value, { source, file, ...(pluginRoot === undefined ? {} : { pluginRoot }) }));
    } catch (error) {
      registry.logger.warn(`harness-hooks: ${file} was dropped: ${(error as Error).message}`);
    }
  }
  return reports;
}
