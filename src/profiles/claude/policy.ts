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
// managed hooks run. `allowedHttpHookUrls` and `httpHookAllowedEnvVars` narrow the HTTP hooks a file may
// speak for (the same table): an HTTP hook must match every list that covers its source and may read
// only the variables every such list allows — a project's list never narrows the user's hooks (a refused
// guard would fail open). A plugin's, a skill's or an agent's config cannot set any of these keys.
import type { Entry } from '../../entry.js';
import { switchOffTargets } from '../../source-scope.js';
import type { HookLogger } from '../../types.js';

// (The table is every profile's: src/source-scope.ts.)
const CONFIG_SOURCES: ReadonlySet<string> = new Set(switchOffTargets('managed'));

/** A settings file's list, and the sources whose hooks it narrows. */
interface Scoped {
  readonly list: readonly string[];
  readonly covers: ReadonlySet<string>;
}

/** The hook settings of the files added so far. */
export class ClaudePolicy {
  /** Config source → the sources whose `disableAllHooks` switched it off (with a count per file). */
  readonly #disabled = new Map<string, Map<string, number>>();
  #managedOnly = 0;
  /** Each list with the sources it covers. */
  readonly #urlLists = new Set<Scoped>();
  readonly #envLists = new Set<Scoped>();
  /** Whether any key is in force: the per-dispatch check is one boolean read otherwise. */
  active = false;

  /** Applies a config's keys from `source`; returns the undo. */
  apply(config: Readonly<Record<string, unknown>>, source: string, logger: HookLogger, where: string): () => void {
    const undo: (() => void)[] = [];
    if (config.disableAllHooks === true) {
      const targets = switchOffTargets(source);
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
      const covers = switchOffTargets(source);
      if (covers === undefined) {
        logger.warn(`harness-hooks: ${key} in ${source} config${where} is ignored (only settings files can set it)`);
        continue;
      }
      const scoped: Scoped = { list: Object.freeze(list.filter((v): v is string => typeof v === 'string')), covers: new Set(covers) };
      set.add(scoped);
      undo.push(() => void set.delete(scoped));
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

  /** The allowedHttpHookUrls lists that cover a hook from `source` (its URL must match one pattern of each; checked when it runs). */
  urlLists(source: string | undefined): (readonly string[])[] {
    return [...this.#urlLists].filter((s) => source !== undefined && s.covers.has(source)).map((s) => s.list);
  }

  /** The variables an HTTP hook from `source` that asked for `wanted` may read: those every list covering it allows. */
  allowedEnvVars(wanted: string[], source: string | undefined): string[] {
    const lists = [...this.#envLists].filter((s) => source !== undefined && s.covers.has(source));
    if (lists.length === 0) return wanted;
    return wanted.filter((name) => lists.every((s) => s.list.includes(name)));
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
