// Finds and loads Claude Code's standard settings files into a registry: managed (policy) settings, then
// user, project, local, as Claude Code reads them. The claude profile de-duplicates identical hooks.
import { homedir } from '../../node-builtins.js';
import { join } from 'node:path';
import type { AddConfigReport, ConfigSource } from '../../config/add-config.js';
import { loadHooksFile } from '../../config/load.js';

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

interface SettingsTarget {
  addConfig(config: unknown, options: { source: ConfigSource; file?: string }): AddConfigReport;
}

// Loads each standard file that exists; a missing file is skipped, an invalid one throws HookConfigError
// (naming the file) before anything from it is registered.
export async function loadClaudeSettings(registry: SettingsTarget, options: LoadClaudeSettingsOptions): Promise<AddConfigReport[]> {
  const userDir = options.userDir ?? join(homedir(), '.claude');
  const managed = options.managedFile ?? defaultManagedSettingsFile();
  const files: [ConfigSource, string][] = [
    ...(managed === false ? [] : [['managed', managed] as [ConfigSource, string]]),
    ['user', join(userDir, 'settings.json')],
    ['project', join(options.projectDir, '.claude', 'settings.json')],
    ['local', join(options.projectDir, '.claude', 'settings.local.json')],
  ];
  const { access } = await import('node:fs/promises');
  const reports: AddConfigReport[] = [];
  for (const [source, file] of files) {
    const exists = await access(file).then(
      () => true,
      () => false,
    );
    if (!exists) continue;
    reports.push(registry.addConfig(await loadHooksFile(file), { source, file }));
  }
  return reports;
}
