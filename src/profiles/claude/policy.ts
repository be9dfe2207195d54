// The settings keys Claude Code reads about hooks themselves (issue 10 rule 15, issue 11 item 3):
// `disableAllHooks`, `allowManagedHooksOnly`, `allowedHttpHookUrls`, `httpHookAllowedEnvVars`, each
// applied when its file is added (addConfig) and undone when that file's report is removed.
//
// Where Claude Code merges settings so that a project's `disableAllHooks` switches off the user's hooks
// too, this profile lets a file switch off only what it may speak for — a cloned repository must not be
// able to disarm the user's or the administrator's guards:
// - managed (policy) settings: every configured hook, managed ones included;
// - user settings: every configured hook but the managed ones;
// - local settings (settings.local.json, the user's own file in the project): local and project hooks;
// - project settings: project hooks only.
// `allowManagedHooksOnly` counts only in managed settings (elsewhere ignored, with a warning): then only
// managed hooks run. URL and variable lists only narrow: an HTTP hook must match every list given, and
// may read only the variables every list allows.
import type { Entry } from '../../entry.js';
import type { HookLogger } from '../../types.js';

const DISABLES: Readonly<Record<string, readonly string[]>> = {
  managed: ['managed', 'user', 'project', 'local', 'plugin', 'skill', 'agent'],
  user: ['user', 'project', 'local', 'plugin', 'skill', 'agent'],
  local: ['local', 'project'],
  project: ['project'],
};

const CONFIG_SOURCES: ReadonlySet<string> = new Set(DISABLES.managed);

/** The hook settings of the files added so far. */
export class ClaudePolicy {
  /** Config source → the sources whose `disableAllHooks` switched it off (with a count per file). */
  readonly #disabled = new Map<string, Map<string, number>>();
  #managedOnly = 0;
  readonly #urlLists = new Set<readonly string[]>();
  readonly #envLists = new Set<readonly string[]>();
  /** Whether any key is in force: the per-dispatch check is one boolean read otherwise. */
  active = false;

  /** Applies a config's keys from `source`; returns the undo. */
  apply(config: Readonly<Record<string, unknown>>, source: string, logger: HookLogger, where: string): () => void {
    const undo: (() => void)[] = [];
    if (config.disableAllHooks === true) {
      const targets = DISABLES[source];
      if (targets === undefined) logger.warn(`harness-hooks: disableAllHooks in ${source} config${where} is ignored (only settings files can set it)`);
      else {
        for (const target of targets) bump(this.#disabled, target, source, 1);
        undo.push(() => {
          for (const target of targets) bump(this.#disabled, target, source, -1);
        });
      }
    }
    if (config.allowManagedHooksOnly === true) {
      if (source !== 'managed') logger.warn(`harness-hooks: allowManagedHooksOnly in ${source} config${where} is ignored (it counts only in managed settings)`);
      else {
        this.#managedOnly++;
        undo.push(() => void this.#managedOnly--);
      }
    }
    for (const [key, set] of [
      ['allowedHttpHookUrls', this.#urlLists],
      ['httpHookAllowedEnvVars', this.#envLists],
    ] as const) {
      const list = config[key];
      if (!Array.isArray(list)) continue;
      const frozen = Object.freeze(list.filter((v): v is string => typeof v === 'string'));
      set.add(frozen);
      undo.push(() => void set.delete(frozen));
    }
    this.#refresh();
    return () => {
      for (const u of undo.splice(0)) u();
      this.#refresh();
    };
  }

  /** Why a configured entry does not run under the settings in force, or undefined. */
  whyNot(entry: Entry): string | undefined {
    const source = entry.meta?.source;
    // In-process handlers and Agent SDK callbacks are the harness's own code, not a settings file's.
    if (source === undefined || !CONFIG_SOURCES.has(source)) return undefined;
    const by = this.#disabled.get(source);
    if (by !== undefined && by.size > 0) return `disableAllHooks is set in ${[...by.keys()].join(' and ')} settings`;
    if (this.#managedOnly > 0 && source !== 'managed') return 'allowManagedHooksOnly is set in managed settings';
    return undefined;
  }

  /** The allowedHttpHookUrls lists in force (an HTTP hook's URL must match one pattern of each; checked when it runs). */
  urlLists(): Iterable<readonly string[]> {
    return this.#urlLists;
  }

  /** The variables an HTTP hook that asked for `wanted` may read: those every list allows. */
  allowedEnvVars(wanted: string[]): string[] {
    if (this.#envLists.size === 0) return wanted;
    return wanted.filter((name) => [...this.#envLists].every((list) => list.includes(name)));
  }

  #refresh(): void {
    let disabled = false;
    for (const by of this.#disabled.values()) disabled ||= by.size > 0;
    this.active = disabled || this.#managedOnly > 0;
  }
}

function bump(map: Map<string, Map<string, number>>, target: string, source: string, by: number): void {
  let counts = map.get(target);
  if (counts === undefined) map.set(target, (counts = new Map()));
  const n = (counts.get(source) ?? 0) + by;
  if (n > 0) counts.set(source, n);
  else counts.delete(source);
}
