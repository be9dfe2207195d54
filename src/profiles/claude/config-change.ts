// Claude Code's ConfigChange, as registry.watch() fires it before a changed settings file takes effect:
// its `source` names the settings layer (`policy_settings` for managed settings, which no hook can block:
// the event's catalogue entry ignores decisions there) and `file_path` the file.
import type { Profile } from '../profile.js';

/** Config source -> ConfigChange `source`; a source that is not a settings file fires none. */
const CLAUDE_CONFIG_SOURCES: Readonly<Record<string, string>> = {
  managed: 'policy_settings',
  user: 'user_settings',
  project: 'project_settings',
  local: 'local_settings',
};

export const claudeConfigChange: NonNullable<Profile['configChange']> = {
  event: 'ConfigChange',
  payload(file, source) {
    const name = Object.hasOwn(CLAUDE_CONFIG_SOURCES, source) ? CLAUDE_CONFIG_SOURCES[source] : undefined;
    return name === undefined ? undefined : { source: name, file_path: file };
  },
};
