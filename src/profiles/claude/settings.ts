// Finds and loads Claude Code's standard settings files into a registry: managed (policy) settings, then
// user, project, local, as Claude Code reads them. The claude profile de-duplicates identical hooks.
import { homedir } from '../../node-builtins.js';
import { join } from 'node:path';
import type { AddConfigReport, ConfigSource } from '../../config/add-config.js';
import { makeSourceBudget, readConfigLayer, type LayerTarget } from '../../config/config-layer.js';
import { checkLoadOptions } from '../../config/load-options.js';
import { HookConfigError } from '../../errors.js';

const DROPPED = 'as Claude Code skips a settings file it cannot use';

export interface LoadClaudeSettingsOptions {
  /** The folder holding the user's settings.json. Default `~/.claude`. */
  userDir?: string;
  /** The project root: `<projectDir>/.claude/settings.json` and `settings.local.json`. */
  projectDir: string;
  /**
   * The managed (policy) settings file, or `false` for none. Default: Claude Code's path on this platform
   * (`/etc/claude-code/managed-settings.json` on Linux, `/Library/Application Support/ClaudeCode/managed-settings.json`
   * on macOS, `C:\\Program Files\\ClaudeCode\\managed-settings.json` on Windows).
   */
  managedFile?: string | false;
}

/** Claude Code's managed settings file on this platform. */
export function defaultManagedSettingsFile(platform: NodeJS.Platform = process.platform): string {
  if (platform === 'darwin') return '/Library/Application Support/ClaudeCode/managed-settings.json';
  if (platform === 'win32') return 'C:\\Program Files\\ClaudeCode\\managed-settings.json';
  return '/etc/claude-code/managed-settings.json';
}

interface SettingsTarget extends LayerTarget {
  addConfig(config: unknown, options: { source: ConfigSource; file?: string }): AddConfigReport;
}

// Loads each standard file that exists; a missing file is skipped; a gated-off source's file is not read
// (its report says so); an invalid one is dropped with a warning naming the file and why — nothing from it
// is registered — and the files after it load, as Claude Code skips a settings file it cannot use.
export async function loadClaudeSettings(registry: SettingsTarget, options: LoadClaudeSettingsOptions): Promise<AddConfigReport[]> {
  checkLoadOptions(options, 'loadSettings');
  const userDir = options.userDir ?? join(homedir(), '.claude');
  const managed = options.managedFile ?? defaultManagedSettingsFile();
  const files: [ConfigSource, string][] = [
    ...(managed === false ? [] : [['managed', managed] as [ConfigSource, string]]),
    ['user', join(userDir, 'settings.json')],
    ['project', join(options.projectDir, '.claude', 'settings.json')],
    ['local', join(options.projectDir, '.claude', 'settings.local.json')],
  ];
  const reports: AddConfigReport[] = [];
  const budget = makeSourceBudget();
  for (const [source, file] of files) {
    const read = await readConfigLayer(registry, source, file, DROPPED, budget);
    if (read === undefined) continue;
    if ('report' in read) {
      reports.push(read.report);
      continue;
    }
    try {
      reports.push(registry.addConfig(read.config, { source, file }));
    } catch (error) {
      if (!(error instanceof HookConfigError)) throw error;
      registry.logger.warn(`harness-hooks: ${file} was dropped, ${DROPPED} (${error.code}): ${error.message}`);
    }
  }
  return reports;
}
