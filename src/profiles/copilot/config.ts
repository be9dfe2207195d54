// Copilot's hooks config, read as Copilot CLI 1.0.102 reads it (REF @05da5bc3, spec §1):
// `{ version?: 1, disableAllHooks?, hooks: { event: [entry, …] } }`, each entry a flat handler
// `{ type?: "command", bash | powershell | command | exec+args, cwd, env, timeoutSec (alias timeout), matcher }`
// or a Claude group `{ matcher, hooks: [handler] }` one level deep (CL 1.0.6/1.0.10). Into the common form,
// one matcher group per flat entry, each handler carrying what configEntry needs:
// - `command` (and `args` for exec): what runs on this platform (REF: `command` is the fallback of bash /
//   powershell); `shell: 'powershell'` on Windows;
// - `form: 'pascal'` under a PascalCase key (the snake_case payload), and on tool events the group's
//   matcher moved to `claudeMatcher` (Claude semantics, compiled by configEntry);
// - `disabledBy`: the file says `disableAllHooks: true` (configEntry skips it unless it is policy);
// - `type: 'invalid'` with `invalid`: an item Copilot drops and logs, its siblings still load (§1.5).
// Whole-file errors (a bad `version`, `hooks` not an object, an event list not an array) throw; so does
// any item error when `strict` is set — the loader sets it for a settings file's inline `hooks` (§1.5),
// by where it found the file, never by the file's name (a `.github/hooks/settings.json` is a hooks file).
import { HookConfigError, type HookConfigIssue } from '../../errors.js';
import { isPlainObject } from '../../plain-object.js';
import type { HookHandlerConfig, HooksConfig, MatcherGroup } from '../../schemas/config.js';
import { COPILOT_EVENT_SPECS, isCopilotEvent, PASCAL_EVENTS, type CopilotHookEvent } from './events.js';

/** The copilot profile's handler fields, besides the common ones. */
export interface CopilotHandlerFields {
  form?: 'pascal';
  claudeMatcher?: string;
  disabledBy?: string;
  invalid?: string;
  cwd?: string;
  env?: Record<string, string>;
  timeoutSec?: number;
  /** The file it came from: COPILOT_HOOK_DIR is its folder (a hooks file's), and a crash's words name it. */
  hookFile?: string;
  /** It came from a settings file's `hooks` (no COPILOT_HOOK_DIR). */
  inSettings?: true;
}

/**
 * Configs the loader read from a settings file (settings.ts): their hooks get no COPILOT_HOOK_DIR, as the
 * binary gives none to a settings file's hooks (oracle 08 inline-settings-order).
 */
export const SETTINGS_CONFIGS: WeakSet<object> = new WeakSet();

export interface ParseCopilotOptions {
  /** Any item error rejects the whole config (a settings file's inline `hooks`). Default false. */
  strict?: boolean;
}

export function parseCopilotConfig(config: unknown, file: string | undefined, options: ParseCopilotOptions = {}): HooksConfig {
  const fail = (issues: HookConfigIssue[]): never => {
    throw new HookConfigError(issues, file === undefined ? {} : { file });
  };
  if (!isPlainObject(config)) return fail([{ path: '', message: 'expected a JSON object' }]);
  const issues: HookConfigIssue[] = [];
  if (config.version !== undefined && config.version !== 1) issues.push({ path: 'version', message: 'version: Invalid literal value, expected 1' });
  if (config.disableAllHooks !== undefined && typeof config.disableAllHooks !== 'boolean') issues.push({ path: 'disableAllHooks', message: 'disableAllHooks must be a boolean' });
  if (config.hooks !== undefined && !isPlainObject(config.hooks)) issues.push({ path: 'hooks', message: 'hooks must be an object' });
  if (issues.length > 0) fail(issues);
  const strict = options.strict === true;
  const disabledBy = config.disableAllHooks === true ? `disableAllHooks: true${file === undefined ? '' : ` in ${file}`}` : undefined;
  // Null-prototype: an event key `__proto__` stays a key (and is then an unknown event), not a prototype.
  const out: Record<string, MatcherGroup[]> = Object.create(null) as Record<string, MatcherGroup[]>;
  // A file's camelCase entries run before its PascalCase ones, whichever key comes first (the binary, oracle 09
  // pascal-before-camel-in-file).
  const keys = Object.entries((config.hooks ?? {}) as Record<string, unknown>);
  for (const [key, list] of [...keys.filter(([k]) => !PASCAL_EVENTS.has(k)), ...keys.filter(([k]) => PASCAL_EVENTS.has(k))]) {
    if (!Array.isArray(list)) {
      issues.push({ path: `hooks.${key}`, message: 'hook event value must be an array' });
      continue;
    }
    const pascal = PASCAL_EVENTS.get(key);
    const event: CopilotHookEvent | undefined = pascal ?? (isCopilotEvent(key) ? key : undefined);
    const ctx: EntryContext = { pascal: pascal !== undefined, toolEvent: event !== undefined && COPILOT_EVENT_SPECS[event].tool, disabledBy, file, settings: SETTINGS_CONFIGS.has(config), errors: [] };
    out[key] = list.map((entry, i) => readEntry(entry, `hooks.${key}[${i}]`, ctx));
    if (strict) issues.push(...ctx.errors);
  }
  if (issues.length > 0) fail(issues);
  return { hooks: out };
}

interface EntryContext {
  pascal: boolean;
  toolEvent: boolean;
  file: string | undefined;
  settings: boolean;
  disabledBy: string | undefined;
  errors: HookConfigIssue[];
}

function readEntry(entry: unknown, path: string, ctx: EntryContext): MatcherGroup {
  if (isPlainObject(entry) && entry.hooks !== undefined) {
    // A Claude group: its matcher applies to its items (CL 1.0.10).
    if (!Array.isArray(entry.hooks)) return { hooks: [invalid(ctx, `${path}.hooks`, 'expected `hooks` to be an array of handlers')] };
    if (entry.matcher !== undefined && typeof entry.matcher !== 'string') return { hooks: [invalid(ctx, `${path}.matcher`, 'expected the matcher to be a string')] };
    // A PascalCase tool event's group with an empty matcher never runs in the binary (oracle 05 pascal-matchers),
    // though Claude Code reads "" as all: dropped, as an invalid item.
    if (entry.matcher === '' && ctx.pascal && ctx.toolEvent) return { hooks: [invalid(ctx, `${path}.matcher`, 'matcher cannot be empty')] };
    const hooks = entry.hooks.map((h, j) =>
      isPlainObject(h) && h.hooks !== undefined ? invalid(ctx, `${path}.hooks[${j}]`, 'Nested hooks deeper than one level are not supported.') : readHandler(h, `${path}.hooks[${j}]`, ctx, entry.matcher as string | undefined),
    );
    return group(ctx, entry.matcher as string | undefined, hooks);
  }
  const matcher = isPlainObject(entry) ? entry.matcher : undefined;
  if (matcher !== undefined && typeof matcher !== 'string') return { hooks: [invalid(ctx, `${path}.matcher`, 'expected the matcher to be a string')] };
  // "matcher cannot be empty" [BIN]: camelCase entries (oracle 05 camel-matcher-empty) and PascalCase tool
  // events (as their groups, oracle 05 pascal-matchers); UNCERTAIN for other PascalCase events, where "" stays all.
  if (matcher === '' && (!ctx.pascal || ctx.toolEvent)) return { hooks: [invalid(ctx, `${path}.matcher`, 'matcher cannot be empty')] };
  return group(ctx, matcher, [readHandler(entry, path, ctx, matcher)]);
}

// PascalCase tool events: the matcher rides on each handler (Claude semantics), the group has none.
const group = (ctx: EntryContext, matcher: string | undefined, hooks: HookHandlerConfig[]): MatcherGroup =>
  matcher === undefined || (ctx.pascal && ctx.toolEvent) ? { hooks } : { matcher, hooks };

function invalid(ctx: EntryContext, path: string, message: string): HookHandlerConfig {
  ctx.errors.push({ path, message });
  return { type: 'invalid', invalid: message } as HookHandlerConfig;
}

function readHandler(hook: unknown, path: string, ctx: EntryContext, matcher: string | undefined): HookHandlerConfig {
  if (!isPlainObject(hook)) return invalid(ctx, path, 'expected a hook object');
  const type = hook.type ?? 'command'; // optional since CL 1.0.6 (REF @05da5bc3)
  if (type !== 'command' && type !== 'http' && type !== 'prompt') return invalid(ctx, `${path}.type`, `Invalid hook type ${JSON.stringify(type)}`);
  const str = (key: string): string | undefined | false => (hook[key] === undefined ? undefined : typeof hook[key] === 'string' ? (hook[key] as string) : false);
  for (const key of ['bash', 'powershell', 'command', ...OS_KEYS, 'exec', 'cwd', 'url', 'prompt']) if (str(key) === false) return invalid(ctx, `${path}.${key}`, `expected \`${key}\` to be a string`);
  const timeoutSec = hook.timeoutSec ?? hook.timeout; // `timeout`: alias, only without timeoutSec (CL 1.0.2)
  if (timeoutSec !== undefined && !(typeof timeoutSec === 'number' && Number.isFinite(timeoutSec) && timeoutSec > 0)) return invalid(ctx, `${path}.timeoutSec`, 'expected a positive number of seconds');
  if (hook.env !== undefined && !(isPlainObject(hook.env) && Object.values(hook.env).every((v) => typeof v === 'string'))) return invalid(ctx, `${path}.env`, 'expected `env` to map names to strings');
  if (hook.args !== undefined && !(Array.isArray(hook.args) && hook.args.every((a) => typeof a === 'string'))) return invalid(ctx, `${path}.args`, 'expected `args` to be an array of strings');
  if (hook.onFailure !== undefined && hook.onFailure !== 'block' && hook.onFailure !== 'continue') return invalid(ctx, `${path}.onFailure`, 'expected `onFailure` to be "block" or "continue"');
  const out: HookHandlerConfig & CopilotHandlerFields = { ...hook, type };
  // A null-prototype copy of env: an own `__proto__` key is an (odd) variable name, never a prototype.
  if (hook.env !== undefined) out.env = Object.assign(Object.create(null) as Record<string, string>, hook.env);
  if (timeoutSec !== undefined) out.timeoutSec = timeoutSec as number;
  delete out.timeout;
  if (ctx.pascal) out.form = 'pascal';
  if (ctx.file !== undefined) out.hookFile = ctx.file;
  if (ctx.settings) out.inSettings = true;
  if (ctx.pascal && ctx.toolEvent && matcher !== undefined) out.claudeMatcher = matcher;
  if (ctx.disabledBy !== undefined) out.disabledBy = ctx.disabledBy;
  if (type === 'http') {
    const url = hook.url as string | undefined;
    if (hook.headers !== undefined && !(isPlainObject(hook.headers) && Object.values(hook.headers).every((v) => typeof v === 'string'))) return invalid(ctx, `${path}.headers`, 'expected `headers` to map names to strings');
    if (hook.allowedEnvVars !== undefined && !(Array.isArray(hook.allowedEnvVars) && hook.allowedEnvVars.every((v) => typeof v === 'string'))) return invalid(ctx, `${path}.allowedEnvVars`, 'expected `allowedEnvVars` to be an array of strings');
    if (url === undefined) return invalid(ctx, `${path}.url`, 'HTTP hook URL is required');
    if (!/^https?:\/\//i.test(url)) return invalid(ctx, `${path}.url`, 'HTTP hook URL must use http: or https: protocol');
    return out;
  }
  if (type === 'prompt') return hook.prompt === undefined || (hook.prompt as string).trim() === '' ? invalid(ctx, `${path}.prompt`, 'a prompt hook needs a non-empty `prompt`') : out;
  const shell = hook.bash !== undefined || hook.powershell !== undefined || hook.command !== undefined || OS_KEYS.some((k) => hook[k] !== undefined);
  if (hook.exec !== undefined && shell) return invalid(ctx, path, "Specify either 'exec' (native executable) or 'bash'/'powershell'/'command' (shell), but not both");
  if (hook.exec === undefined && !shell) return invalid(ctx, path, 'a command hook needs `bash`, `powershell`, `command` or `exec`');
  if (hook.args !== undefined && hook.exec === undefined) return invalid(ctx, `${path}.args`, '`args` goes with `exec` only');
  // `command` is copied to bash / powershell where those are absent; the explicit one wins on its OS (REF).
  // UNCERTAIN (spec §1.1): VS Code's per-OS keys `linux` / `osx` / `windows` — the CLI's parser holds the
  // string "osx" [BIN], so it may accept them too — are read after bash / powershell, before `command`.
  // (How the line runs, bash -c or pwsh, is configEntry's: profile.ts.)
  const line = hook.exec ?? platformLine(hook);
  if (line === undefined) delete out.command;
  else out.command = line as string;
  return out;
}

// VS Code's per-OS command keys (UNCERTAIN for the CLI, spec §1.1).
const OS_KEYS = ['linux', 'osx', 'windows'] as const;

// This platform's shell line: bash (Linux, macOS) or powershell (Windows), then the VS Code key of this
// OS, then `command`.
function platformLine(hook: Record<string, unknown>): unknown {
  if (process.platform === 'win32') return hook.powershell ?? hook.windows ?? hook.command;
  return hook.bash ?? (process.platform === 'darwin' ? hook.osx : hook.linux) ?? hook.command;
}
