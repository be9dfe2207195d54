// Codex's two config forms, read as strictly as Codex 0.169.0 reads them: `hooks.json`
// (`{ description?, hooks: { Event: [{ matcher?, hooks: [handler] }] } }`, nothing else at the top) and the
// `[hooks]` tables of `config.toml` (`[[hooks.PreToolUse]]`, `[[hooks.PreToolUse.hooks]]`; `[hooks.state]`
// holds trust, not an event). A handler needs `type`; `timeout` (alias `timeoutSec`) is a whole number of
// seconds. One bad value drops the whole file, as in Codex (fixtures/codex/oracle/07-*, 09-*); unknown event
// names are ignored (with a warning here, silently in Codex).
import { HookConfigError, type HookConfigIssue } from '../../errors.js';
import { isPlainObject } from '../../plain-object.js';
import type { HookHandlerConfig, HooksConfig, MatcherGroup } from '../../schemas/config.js';
import { CODEX_HOOK_EVENTS } from './events.js';

/** A config.toml's keys besides `[hooks]` events, kept for the profile's configSettings. */
export const CODEX_SETTINGS_KEY = 'codex settings';

/** What configSettings reads of a config, besides its hooks. */
export interface CodexConfigSettings {
  /** `[hooks.state]`: trust by key. */
  state?: Record<string, unknown>;
  /** `[features] hooks`. */
  featuresHooks?: boolean;
  /** requirements.toml: `allow_managed_hooks_only`. */
  allowManagedHooksOnly?: boolean;
  /** Legacy `notify = ["program", "arg", …]`. */
  notify?: readonly string[];
}

/** Codex 0.169.0's handler types and the fields each takes (undefined: not checked here; the profile skips them). */
const HANDLER_TYPES: Readonly<Record<string, readonly string[] | undefined>> = {
  command: ['type', 'command', 'commandWindows', 'command_windows', 'timeout', 'timeoutSec', 'async', 'statusMessage', 'additionalContextLimit'],
  mcp_tool: ['type', 'server', 'tool', 'arguments', 'timeout', 'timeoutSec', 'statusMessage'],
  prompt: undefined,
  agent: undefined,
};
const EVENTS: ReadonlySet<string> = new Set(CODEX_HOOK_EVENTS);
const MANAGED_KEYS = new Set(['state', 'managed_dir', 'windows_managed_dir']);

// Reads either form into the common one; throws a HookConfigError naming every problem.
export function parseCodexConfig(config: unknown, file: string | undefined): HooksConfig {
  const issues: HookConfigIssue[] = [];
  if (!isPlainObject(config)) throw new HookConfigError([{ path: '', message: 'expected a JSON object (hooks.json) or a parsed config.toml' }], file === undefined ? {} : { file });
  const keys = Object.keys(config);
  // hooks.json: only `description` and `hooks`. A file named *.toml, or an object with Codex settings keys
  // (given without a file), is a config.toml.
  const toml = file !== undefined ? /\.toml$/i.test(file) : keys.some((k) => k !== 'description' && k !== 'hooks');
  if (!toml) {
    for (const key of keys) if (key !== 'description' && key !== 'hooks') issues.push({ path: key, message: `unknown field \`${key}\`, expected \`description\` or \`hooks\`` });
    if (config.description !== undefined && typeof config.description !== 'string') issues.push({ path: 'description', message: 'expected a string' });
    if (config.hooks === undefined) issues.push({ path: 'hooks', message: 'missing field `hooks`' });
  }
  const out: Record<string, MatcherGroup[]> = {};
  const table = config.hooks;
  if (table !== undefined && !isPlainObject(table)) issues.push({ path: 'hooks', message: 'expected a table mapping event names to matcher groups' });
  else if (table !== undefined) {
    for (const [event, groups] of Object.entries(table)) {
      if (toml && MANAGED_KEYS.has(event)) continue;
      // Codex skips an event it does not know without reading it: its contents cannot drop the file.
      if (!EVENTS.has(event)) {
        out[event] = [];
        continue;
      }
      if (!Array.isArray(groups)) {
        issues.push({ path: `hooks.${event}`, message: 'expected an array of matcher groups' });
        continue;
      }
      out[event] = groups.map((group, g) => readGroup(group, `hooks.${event}[${g}]`, issues));
    }
  }
  if (issues.length > 0) throw new HookConfigError(issues, file === undefined ? {} : { file });
  const parsed: HooksConfig & { [CODEX_SETTINGS_KEY]?: CodexConfigSettings } = { hooks: out };
  if (toml) parsed[CODEX_SETTINGS_KEY] = readSettings(config);
  return parsed;
}

function readGroup(group: unknown, path: string, issues: HookConfigIssue[]): MatcherGroup {
  if (!isPlainObject(group)) {
    issues.push({ path, message: 'expected a matcher group `{ matcher?, hooks: [...] }`' });
    return { hooks: [] };
  }
  if (group.matcher !== undefined && typeof group.matcher !== 'string') issues.push({ path: `${path}.matcher`, message: 'expected the matcher to be a string' });
  if (!Array.isArray(group.hooks)) {
    issues.push({ path: `${path}.hooks`, message: group.hooks === undefined ? 'missing field `hooks`' : 'expected `hooks` to be an array of handlers' });
    return { hooks: [] };
  }
  const hooks = group.hooks.map((hook, h) => readHandler(hook, `${path}.hooks[${h}]`, issues));
  return typeof group.matcher === 'string' ? { matcher: group.matcher, hooks } : { hooks };
}

function readHandler(hook: unknown, path: string, issues: HookConfigIssue[]): HookHandlerConfig {
  if (!isPlainObject(hook)) {
    issues.push({ path, message: 'expected a handler object' });
    return { type: 'invalid' };
  }
  if (typeof hook.type !== 'string') {
    issues.push({ path: `${path}.type`, message: hook.type === undefined ? 'missing field `type`' : 'expected a handler type string, e.g. "command"' });
    return { type: 'invalid' };
  }
  // Codex's handler types; any other drops the file.
  if (!Object.hasOwn(HANDLER_TYPES, hook.type)) {
    issues.push({ path: `${path}.type`, message: `unknown variant \`${hook.type}\`, expected one of ${Object.keys(HANDLER_TYPES).map((t) => `\`${t}\``).join(', ')}` });
    return { type: 'invalid' };
  }
  const known = HANDLER_TYPES[hook.type];
  if (known !== undefined) for (const key of Object.keys(hook)) if (!known.includes(key)) issues.push({ path: `${path}.${key}`, message: `unknown field \`${key}\` of a ${hook.type} handler` });
  const out: HookHandlerConfig & Record<string, unknown> = { ...hook, type: hook.type };
  if (hook.type === 'command') {
    if (typeof hook.command !== 'string') issues.push({ path: `${path}.command`, message: hook.command === undefined ? 'missing field `command`' : 'expected the command to be a string' });
    const windows = hook.commandWindows ?? hook.command_windows;
    if (windows !== undefined && typeof windows !== 'string') issues.push({ path: `${path}.commandWindows`, message: 'expected a string' });
    if (hook.async !== undefined && typeof hook.async !== 'boolean') issues.push({ path: `${path}.async`, message: 'expected a boolean' });
    if (hook.statusMessage !== undefined && typeof hook.statusMessage !== 'string') issues.push({ path: `${path}.statusMessage`, message: 'expected a string' });
    if (hook.additionalContextLimit !== undefined && !wholeNumber(hook.additionalContextLimit)) issues.push({ path: `${path}.additionalContextLimit`, message: 'expected a whole number of characters' });
    delete out.command_windows;
    if (windows !== undefined) out.commandWindows = windows;
  }
  // `timeoutSec` is an alias of `timeout`: a u64 of seconds (1.5 drops the file, as in Codex).
  const timeout = hook.timeout ?? hook.timeoutSec;
  if (timeout !== undefined) {
    if (!wholeNumber(timeout)) issues.push({ path: `${path}.${hook.timeout === undefined ? 'timeoutSec' : 'timeout'}`, message: `expected a whole number of seconds, got ${JSON.stringify(timeout)}` });
    else out.timeout = timeout;
  }
  delete out.timeoutSec;
  return out;
}

const wholeNumber = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

// A config.toml's settings the profile reads, each only when well-typed.
export function readSettings(config: Record<string, unknown>): CodexConfigSettings {
  const settings: CodexConfigSettings = {};
  const hooks = config.hooks;
  if (isPlainObject(hooks) && isPlainObject(hooks.state)) settings.state = hooks.state;
  if (isPlainObject(config.features)) {
    const on = config.features.hooks ?? config.features.codex_hooks;
    if (typeof on === 'boolean') settings.featuresHooks = on;
  }
  if (typeof config.allow_managed_hooks_only === 'boolean') settings.allowManagedHooksOnly = config.allow_managed_hooks_only;
  if (Array.isArray(config.notify) && config.notify.length > 0 && config.notify.every((a) => typeof a === 'string')) settings.notify = config.notify as string[];
  return settings;
}
