// Gemini CLI's hook config as its HookRegistry reads it: the `hooks` key of a settings.json (or an
// extension's hooks/hooks.json) — `{ Event: [{ matcher?, sequential?, hooks: [{ type: "command", command,
// name?, timeout? (ms), description?, env? }] }] }` — leniently: a definition or a hook it cannot use is
// discarded with a warning and the rest load; `enabled`, `disabled` and `notifications` inside `hooks` are
// settings, not events. `hooksConfig: { enabled?, disabled?: [names] }` beside it switches hooks off.
import { HookConfigError } from '../../errors.js';
import { isPlainObject } from '../../plain-object.js';
import type { HookHandlerConfig, HooksConfig, MatcherGroup } from '../../schemas/config.js';

/** The settings configSettings reads (hooksConfig), kept on the parsed config under this key. */
export const GEMINI_SETTINGS_KEY = 'gemini settings';

export interface GeminiConfigSettings {
  /** `hooksConfig.enabled` (or `hooks.enabled`): merged over the settings layers (system > project > user); false: no hook runs. */
  enabled?: boolean;
  /** `hooksConfig.disabled`: hook names (a hook's `name`, else its command) that do not run, whatever their source (the layers' union). */
  disabled?: readonly string[];
}

/** A hook this profile cannot use, kept so configEntry can say why (and addConfig warn). */
export const INVALID = 'invalid';

/**
 * What readDefinition keeps on each hook for configEntry (besides the hook's own keys):
 * - `badMatcher`: its definition's matcher is truthy and not a string — Gemini's planner calls `.trim()`
 *   on it and throws, so on an event with a match value no hook of the event runs (configEntry warns);
 * - `rawTimeout`: the `timeout` as written (configEntry coerces it as setTimeout does);
 * - `hydrated`: the file's strings but its commands already had Gemini's extension variables substituted
 *   (loadSettings), with this workspace path.
 */
export interface GeminiHookExtras {
  badMatcher?: string;
  rawTimeout?: unknown;
  hydrated?: string;
  sequential?: true;
}

/** Set (as a symbol key, to the workspace path) on a config whose strings loadSettings already hydrated. */
export const HYDRATED: unique symbol = Symbol('gemini hydrated');

const SETTINGS_FIELDS = new Set(['enabled', 'disabled', 'notifications']);

export function parseGeminiConfig(config: unknown, file: string | undefined): HooksConfig {
  if (!isPlainObject(config)) throw new HookConfigError([{ path: '', message: 'expected a settings object with a `hooks` key' }], file === undefined ? {} : { file });
  const hooks = config.hooks;
  if (hooks !== undefined && !isPlainObject(hooks)) throw new HookConfigError([{ path: 'hooks', message: 'expected `hooks` to map event names to hook definitions' }], file === undefined ? {} : { file });
  const out: Record<string, MatcherGroup[]> = Object.create(null) as Record<string, MatcherGroup[]>;
  for (const [event, definitions] of Object.entries(hooks ?? {})) {
    if (SETTINGS_FIELDS.has(event)) continue;
    // Gemini skips a non-array with a warning; here it is one invalid definition (addConfig warns).
    const hydrated = (config as { [HYDRATED]?: unknown })[HYDRATED];
    out[event] = Array.isArray(definitions) ? definitions.map((d) => readDefinition(d, hydrated)) : [invalidGroup('the definitions are not an array')];
  }
  const parsed: HooksConfig & { [GEMINI_SETTINGS_KEY]?: GeminiConfigSettings } = { hooks: { ...out } };
  const settings = readSettings(config);
  if (settings !== undefined) parsed[GEMINI_SETTINGS_KEY] = settings;
  return parsed;
}

const invalidGroup = (why: string): MatcherGroup => ({ hooks: [{ type: INVALID, why } as HookHandlerConfig] });

function readDefinition(definition: unknown, hydrated: unknown): MatcherGroup {
  if (!isPlainObject(definition) || !Array.isArray(definition.hooks)) return invalidGroup('a hook definition needs a `hooks` array');
  // Gemini's planner: `if (!entry.matcher || …) return true` — a falsy matcher (null, false, 0, "") is no
  // matcher; a truthy one that is not a string throws at `.trim()` (see GeminiHookExtras.badMatcher).
  const m = definition.matcher;
  const matcher = typeof m === 'string' && m !== '' ? m : undefined;
  const badMatcher = m && typeof m !== 'string' ? describeMatcher(m) : undefined;
  const sequential = definition.sequential === true;
  const hooks = definition.hooks.map((hook): HookHandlerConfig => {
    if (!isPlainObject(hook)) return { type: INVALID, why: 'a hook is not an object' } as HookHandlerConfig;
    if (hook.type !== 'command' && hook.type !== 'runtime' && hook.type !== 'plugin') return { type: INVALID, why: `invalid hook type ${JSON.stringify(hook.type)}` } as HookHandlerConfig;
    if (hook.type === 'command' && (typeof hook.command !== 'string' || hook.command === '')) return { type: INVALID, why: 'a command hook needs a `command`' } as HookHandlerConfig;
    // (Gemini's runner reads `timeout` as ms, coerced by setTimeout (configEntry), and `env` as an object of strings.)
    const out: HookHandlerConfig & Record<string, unknown> & GeminiHookExtras = { ...hook, type: hook.type as string };
    delete out.timeout;
    if (hook.timeout !== undefined) out.rawTimeout = hook.timeout;
    if (sequential) out.sequential = true;
    if (badMatcher !== undefined) out.badMatcher = badMatcher;
    if (typeof hydrated === 'string') out.hydrated = hydrated;
    return out;
  });
  return matcher !== undefined ? { matcher, hooks } : { hooks };
}

function describeMatcher(m: unknown): string {
  try {
    return JSON.stringify(m) ?? typeof m;
  } catch {
    return typeof m;
  }
}

function readSettings(config: Record<string, unknown>): GeminiConfigSettings | undefined {
  const own = isPlainObject(config.hooksConfig) ? config.hooksConfig : {};
  const inline = isPlainObject(config.hooks) ? config.hooks : {};
  const enabled = own.enabled ?? inline.enabled;
  const disabled = own.disabled ?? inline.disabled;
  const settings: GeminiConfigSettings = {};
  if (typeof enabled === 'boolean') settings.enabled = enabled;
  if (Array.isArray(disabled)) settings.disabled = disabled.filter((n): n is string => typeof n === 'string');
  return Object.keys(settings).length === 0 ? undefined : settings;
}
