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
  /** `hooksConfig.enabled` (or `hooks.enabled`): false turns every hook of the config's source off. */
  enabled?: boolean;
  /** `hooksConfig.disabled`: hook names (a hook's `name`, else its command) that do not run. */
  disabled?: readonly string[];
}

/** A hook this profile cannot use, kept so configEntry can say why (and addConfig warn). */
export const INVALID = 'invalid';

const SETTINGS_FIELDS = new Set(['enabled', 'disabled', 'notifications']);

export function parseGeminiConfig(config: unknown, file: string | undefined): HooksConfig {
  if (!isPlainObject(config)) throw new HookConfigError([{ path: '', message: 'expected a settings object with a `hooks` key' }], file === undefined ? {} : { file });
  const hooks = config.hooks;
  if (hooks !== undefined && !isPlainObject(hooks)) throw new HookConfigError([{ path: 'hooks', message: 'expected `hooks` to map event names to hook definitions' }], file === undefined ? {} : { file });
  const out: Record<string, MatcherGroup[]> = Object.create(null) as Record<string, MatcherGroup[]>;
  for (const [event, definitions] of Object.entries(hooks ?? {})) {
    if (SETTINGS_FIELDS.has(event)) continue;
    // Gemini skips a non-array with a warning; here it is one invalid definition (addConfig warns).
    out[event] = Array.isArray(definitions) ? definitions.map(readDefinition) : [invalidGroup('the definitions are not an array')];
  }
  const parsed: HooksConfig & { [GEMINI_SETTINGS_KEY]?: GeminiConfigSettings } = { hooks: { ...out } };
  const settings = readSettings(config);
  if (settings !== undefined) parsed[GEMINI_SETTINGS_KEY] = settings;
  return parsed;
}

const invalidGroup = (why: string): MatcherGroup => ({ hooks: [{ type: INVALID, why } as HookHandlerConfig] });

function readDefinition(definition: unknown): MatcherGroup {
  if (!isPlainObject(definition) || !Array.isArray(definition.hooks)) return invalidGroup('a hook definition needs a `hooks` array');
  if (definition.matcher !== undefined && typeof definition.matcher !== 'string') return invalidGroup('the matcher is not a string');
  const sequential = definition.sequential === true;
  const hooks = definition.hooks.map((hook): HookHandlerConfig => {
    if (!isPlainObject(hook)) return { type: INVALID, why: 'a hook is not an object' } as HookHandlerConfig;
    if (hook.type !== 'command' && hook.type !== 'runtime' && hook.type !== 'plugin') return { type: INVALID, why: `invalid hook type ${JSON.stringify(hook.type)}` } as HookHandlerConfig;
    if (hook.type === 'command' && (typeof hook.command !== 'string' || hook.command === '')) return { type: INVALID, why: 'a command hook needs a `command`' } as HookHandlerConfig;
    // (Gemini's runner reads `timeout` as ms and `env` as an object of strings; other values are dropped here.)
    const out: HookHandlerConfig & Record<string, unknown> = { ...hook, type: hook.type as string };
    // (setTimeout coerces: Gemini's "300" is 300 ms, recorded; anything else that is not a number is dropped.)
    const timeout = typeof hook.timeout === 'string' && hook.timeout.trim() !== '' ? Number(hook.timeout) : hook.timeout;
    if (typeof timeout === 'number' && Number.isFinite(timeout) && timeout >= 0) out.timeout = timeout;
    else delete out.timeout;
    if (sequential) out.sequential = true;
    return out;
  });
  return typeof definition.matcher === 'string' ? { matcher: definition.matcher, hooks } : { hooks };
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
