// What a config source may speak for (issue 23, class 7; first the claude profile's rule, issue 10 rule 15):
// a setting that switches hooks off — claude's and copilot's `disableAllHooks`, codex's `[features] hooks
// = false`, gemini's `hooksConfig.enabled: false` and `hooksConfig.disabled` — applies to hooks from its
// own source and the sources below it, never above: a cloned repository must not be able to disarm the
// user's or the administrator's guards, whatever the harness itself does.
// - managed (policy settings, requirements.toml) and system (/etc/codex, /etc/gemini-cli): every hook;
// - user (and session, the user's own command line): every hook but the administrator's;
// - local (the user's own file in the project): local and project hooks;
// - project: project hooks only.
// A plugin's, a skill's or an agent's config speaks for nothing (it cannot switch anything off).

const EVERY = ['managed', 'system', 'user', 'session', 'project', 'local', 'plugin', 'skill', 'agent'] as const;
const USERS = ['user', 'session', 'project', 'local', 'plugin', 'skill', 'agent'] as const;

const COVERS: Readonly<Record<string, readonly string[]>> = {
  managed: EVERY,
  system: EVERY,
  user: USERS,
  session: USERS,
  local: ['local', 'project'],
  project: ['project'],
};

/** The administrator's sources: their hooks are never switched off or replaced by another source's. */
export const ADMIN_SOURCES: ReadonlySet<string> = new Set(['managed', 'system']);

/** The sources whose hooks a switch-off setting from `source` applies to, or undefined when it may set none. */
export function switchOffTargets(source: string): readonly string[] | undefined {
  return Object.hasOwn(COVERS, source) ? COVERS[source] : undefined;
}

/** Whether a switch-off setting from `setter` applies to hooks from `target`. */
export function switchesOff(setter: string, target: string): boolean {
  return switchOffTargets(setter)?.includes(target) ?? false;
}
