// The codex profile's per-registry state: its options, and what the configs added so far set — trust
// (`[hooks.state]`), `[features] hooks = false`, `allow_managed_hooks_only`, the project's trust and the
// legacy `notify` program. Each config's part is undone when its report's remove() runs.
import { describeValue, HookTypeError } from '../../errors.js';
import { isPlainObject } from '../../plain-object.js';
import type { CodexConfigSettings } from './config.js';
import type { CodexHookState } from './trust.js';
import { readHookStates } from './trust.js';
import { ADMIN_SOURCES, switchesOff } from '../../source-scope.js';

/** The codex profile's registry options (besides the shared ones). */
export interface CodexProfileOptions {
  /**
   * Run hooks that Codex's trust would skip (no matching `trusted_hash`), as
   * `codex --dangerously-bypass-hook-trust` does; `enabled = false` still keeps a hook off. Default false.
   */
  bypassHookTrust?: boolean;
  /** `[hooks.state]` tables to start from (`loadSettings` reads them from the user's config.toml). */
  hookState?: Readonly<Record<string, CodexHookState>>;
  /** Whether Codex trusts the project (`false`: its `project` hooks are off, as Codex ignores an untrusted `.codex/`). `loadSettings` reads it from the user's config.toml. */
  projectTrusted?: boolean;
}

export const CODEX_OPTION_KEYS = ['bypassHookTrust', 'hookState', 'projectTrusted'] as const;

/** Sources whose hooks Codex treats as managed: always trusted, and kept by `allow_managed_hooks_only`. */
export const MANAGED_SOURCES: ReadonlySet<string> = ADMIN_SOURCES;

interface Setting<T> {
  value: T;
  where: string;
  source?: string;
}

export class CodexState {
  readonly bypassHookTrust: boolean;
  /** Whether Codex trusts the project (loadSettings reads it from config.toml); undefined: the settings decide. */
  projectTrusted: boolean | undefined;
  /** Plugin root -> plugin id, for Codex's trust keys of plugin hooks (`<id>:<relative file>`). */
  readonly pluginIds = new Map<string, string>();
  readonly #states: Map<string, CodexHookState>[] = [];
  readonly #featuresOff: Setting<true>[] = [];
  readonly #managedOnly: Setting<true>[] = [];
  readonly #notify: Setting<readonly string[]>[] = [];

  constructor(options: CodexProfileOptions) {
    const bypass = options.bypassHookTrust;
    if (bypass !== undefined && typeof bypass !== 'boolean') throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected the \`bypassHookTrust\` option to be a boolean, got ${describeValue(bypass)}`);
    this.bypassHookTrust = bypass === true;
    const trusted = options.projectTrusted;
    if (trusted !== undefined && typeof trusted !== 'boolean') throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected the \`projectTrusted\` option to be a boolean, got ${describeValue(trusted)}`);
    this.projectTrusted = trusted;
    const initial = options.hookState;
    if (initial !== undefined) {
      if (!isPlainObject(initial)) throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected the \`hookState\` option to be an object of [hooks.state] tables, got ${describeValue(initial)}`);
      this.#states.push(readHookStates({ hooks: { state: initial } }));
    }
  }

  /** Whether a dispatch must look at `whyNot` at all. */
  get active(): boolean {
    return this.#featuresOff.length > 0 || this.#managedOnly.length > 0;
  }

  /** A key's state, later layers overriding earlier ones field by field (as Codex merges them). */
  hookState(key: string): CodexHookState | undefined {
    let merged: CodexHookState | undefined;
    for (const layer of this.#states) {
      const s = layer.get(key);
      if (s !== undefined) merged = { ...merged, ...s };
    }
    return merged;
  }

  /** Adds trust states (loadSettings reads the user's config.toml before any hooks file); returns the undo. */
  addStates(states: Map<string, CodexHookState>): () => void {
    this.#states.push(states);
    return () => void this.#states.splice(this.#states.indexOf(states) >>> 0, 1);
  }

  // A config's settings, from `source` (trust only from the user's and the session's config, as in Codex:
  // a project cannot trust its own hooks; allow_managed_hooks_only only from managed requirements).
  apply(settings: CodexConfigSettings | undefined, source: string, where: string): (() => void) | undefined {
    if (settings === undefined) return undefined;
    const undo: (() => void)[] = [];
    const push = <T>(list: Setting<T>[], item: Setting<T>): void => {
      list.push(item);
      undo.push(() => void list.splice(list.indexOf(item) >>> 0, 1));
    };
    if (settings.state !== undefined && (source === 'user' || source === 'session')) undo.push(this.addStates(readHookStates({ hooks: { state: settings.state } })));
    // (It switches off its own source's hooks and those below: src/source-scope.ts.)
    if (settings.featuresHooks === false) push(this.#featuresOff, { value: true, where, source });
    if (settings.allowManagedHooksOnly === true && MANAGED_SOURCES.has(source)) push(this.#managedOnly, { value: true, where });
    if (settings.notify !== undefined) push(this.#notify, { value: settings.notify, where, source });
    return undo.length === 0 ? undefined : () => undo.forEach((u) => u());
  }

  /** Why a hook from `source` does not run under these settings, or undefined. */
  whyNot(source: string | undefined): string | undefined {
    // Where Codex lets any layer's `[features] hooks = false` turn every hook off, a trusted project's
    // turns off only its own: the user's and the administrator's guards keep running (deliberately).
    const off = this.#featuresOff.find((s) => switchesOff(s.source ?? 'user', source ?? 'user'));
    if (off !== undefined) return `hooks are off: \`[features] hooks = false\`${off.where}`;
    const only = this.#managedOnly[0];
    if (only !== undefined && !MANAGED_SOURCES.has(source ?? '')) return `\`allow_managed_hooks_only = true\`${only.where} keeps ${source ?? 'unmanaged'} hooks off`;
    return undefined;
  }

  /** The legacy `notify` program and the source that set it: the last config that sets it wins (config.toml's precedence). */
  get notify(): { argv: readonly string[]; source: string } | undefined {
    const last = this.#notify[this.#notify.length - 1];
    return last === undefined ? undefined : { argv: last.value, source: last.source ?? 'user' };
  }
}
