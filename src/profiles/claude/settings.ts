// Finds and loads Claude Code's standard settings files into a registry, in Claude Code's order: user,
// project, local. Later copies of identical hooks win (the claude profile de-duplicates them).
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { AddConfigReport, ConfigSource } from '../../config/add-config.js';
import { loadHooksFile } from '../../config/load.js';

export interface LoadClaudeSettingsOptions {
  /** The folder holding the user's settings.json. Default `~/.claude`. */
  userDir?: string;
  /** The project root: `<projectDir>/.claude/settings.json` and `settings.local.json`. */
  projectDir: string;
}

interface SettingsTarget {
  addConfig(config: unknown, options: { source: ConfigSource; file?: string }): AddConfigReport;
}

// Loads each standard file that exists; a missing file is skipped, an invalid one throws HookConfigError
// (naming the file) before anything from it is registered.
export async function loadClaudeSettings(registry: SettingsTarget, options: LoadClaudeSettingsOptions): Promise<AddConfigReport[]> {
  const userDir = options.userDir ?? join(homedir(), '.claude');
  const files: [ConfigSource, string][] = [
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
