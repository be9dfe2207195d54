// registry.watch()'s options, checked: a wrong one is a coded TypeError before anything is watched.
import { describeValue, HookTypeError } from '../errors.js';
import { rejectUnknownKeys } from '../option-keys.js';

/** One changed file, as a reload judged it. */
export interface WatchChange {
  /** The path the loader looked at (a link's own path, not its target's). */
  file: string;
  /**
   * `applied`: its new version (or, for a deleted file, its absence) is in effect; `invalid`: it cannot be
   * parsed or validated, so its hooks stay as they were; `blocked`: the harness's config-change event
   * (Claude's `ConfigChange`) blocked it, so its hooks stay as they were.
   */
  outcome: 'applied' | 'invalid' | 'blocked';
  /** Why it was not applied. */
  reason?: string;
}

export interface WatchOptions {
  /**
   * Milliseconds to wait after a file system event for more before reloading (an editor's save is
   * several events). Default 100.
   */
  debounceMs?: number;
  /**
   * Poll the files every this many milliseconds instead of listening for file system events: for
   * network file systems (NFS, SMB, some container mounts), where events do not arrive. Default: events.
   * @example registry.watch({ pollMs: 2000 })
   */
  pollMs?: number;
  /** Called after each reload with the files that changed and what became of each. */
  onReload?: (changes: WatchChange[]) => void;
}

export interface ResolvedWatchOptions {
  debounceMs: number;
  pollMs: number | undefined;
  onReload: ((changes: WatchChange[]) => void) | undefined;
}

// The options with their defaults; throws HOOKS_ERR_OPTION_INVALID for a wrong one.
export function resolveWatchOptions(options: WatchOptions | undefined): ResolvedWatchOptions {
  if (options === undefined) return { debounceMs: 100, pollMs: undefined, onReload: undefined };
  if (options === null || typeof options !== 'object') throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `watch(): expected the options to be an object, got ${describeValue(options)}`);
  rejectUnknownKeys(options, ['debounceMs', 'pollMs', 'onReload'], 'watch()');
  const ms = (key: 'debounceMs' | 'pollMs', min: number): number | undefined => {
    const v = options[key];
    if (v === undefined) return undefined;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > 2 ** 31 - 1) {
      throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `watch(): expected \`${key}\` to be a number of milliseconds of at least ${min}, got ${describeValue(v)}`);
    }
    return v;
  };
  const onReload = options.onReload;
  if (onReload !== undefined && typeof onReload !== 'function') throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `watch(): expected \`onReload\` to be a function, got ${describeValue(onReload)}`);
  return { debounceMs: ms('debounceMs', 0) ?? 100, pollMs: ms('pollMs', 1), onReload };
}
