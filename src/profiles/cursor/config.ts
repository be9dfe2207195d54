// Cursor's hooks.json, read as cursor.com/docs/hooks describes it (D-new, spec §1):
// `{ "version": 1, "hooks": { "<event>": [ { command, type?, matcher?, timeout?, failClosed?, loop_limit? } ] } }`
// — a flat list per event, no Claude `{ matcher, hooks: [...] }` wrapper. Into the common form, one
// matcher group per entry (its matcher on the group, for the registry, and on the handler, for the events
// whose matcher tests a constant), each handler carrying what configEntry needs:
// - `configDir`: the file's folder (user and enterprise hooks run from it, §1.4);
// - `timeout` in seconds, `failClosed`, `loop_limit` (a number, or null for no cap) as written.
// Unknown handler keys (`name`, `description`, `_agent_config_tag` are seen in the wild) are ignored;
// unknown event keys are left to addConfig, which skips them with a warning (§7.11: UNCERTAIN whether
// Cursor rejects the whole file). Anything else that is malformed rejects the whole file: no source says
// what Cursor does with one bad entry, and a guard silently half-loaded is the worse failure.
import { dirname } from 'node:path';
import { HookConfigError, type HookConfigIssue } from '../../errors.js';
import { isPlainObject } from '../../plain-object.js';
import type { HookHandlerConfig, HooksConfig, MatcherGroup } from '../../schemas/config.js';

/** The cursor profile's handler fields, besides the common ones. */
export interface CursorHandlerFields {
  type: 'command' | 'prompt';
  command?: string;
  prompt?: string;
  matcher?: string;
  /** Seconds. */
  timeout?: number;
  failClosed?: boolean;
  /** null: no cap. */
  loop_limit?: number | null;
  /** The folder of the file it came from. */
  configDir?: string;
}

/** The parsed config: the common form, and the top-level `version` for configSettings. */
export type CursorParsedConfig = HooksConfig & { version?: number };

export function parseCursorConfig(config: unknown, file: string | undefined): CursorParsedConfig {
  const fail = (issues: HookConfigIssue[]): never => {
    throw new HookConfigError(issues, file === undefined ? {} : { file });
  };
  if (!isPlainObject(config)) return fail([{ path: '', message: 'expected a JSON object' }]);
  const issues: HookConfigIssue[] = [];
  // A missing version reads as 1; another number is warned about (configSettings), not refused (§1.2).
  if (config.version !== undefined && typeof config.version !== 'number') issues.push({ path: 'version', message: 'expected `version` to be a number (1)' });
  if (config.hooks !== undefined && !isPlainObject(config.hooks)) issues.push({ path: 'hooks', message: 'expected `hooks` to be an object mapping event names to lists of hooks' });
  if (issues.length > 0) fail(issues);
  const configDir = file === undefined ? undefined : dirname(file);
  const out: Record<string, MatcherGroup[]> = {};
  for (const [event, list] of Object.entries((config.hooks ?? {}) as Record<string, unknown>)) {
    if (!Array.isArray(list)) {
      issues.push({ path: `hooks.${event}`, message: 'expected a list of hooks' });
      continue;
    }
    out[event] = list.map((entry, i) => {
      const handler = readHandler(entry, `hooks.${event}[${i}]`, issues, configDir);
      return handler.matcher === undefined ? { hooks: [handler] } : { matcher: handler.matcher, hooks: [handler] };
    });
  }
  if (issues.length > 0) fail(issues);
  return config.version === undefined ? { hooks: out } : { hooks: out, version: config.version as number };
}

function readHandler(entry: unknown, path: string, issues: HookConfigIssue[], configDir: string | undefined): HookHandlerConfig & CursorHandlerFields {
  const bad = (at: string, message: string): HookHandlerConfig & CursorHandlerFields => {
    issues.push({ path: at, message });
    return { type: 'command' } as HookHandlerConfig & CursorHandlerFields;
  };
  if (!isPlainObject(entry)) return bad(path, 'expected a hook object, e.g. { "command": "./hooks/x.sh" }');
  // `type` defaults to "command" (D-new; most public configs omit it, §7.10).
  const type = entry.type ?? 'command';
  if (type !== 'command' && type !== 'prompt') return bad(`${path}.type`, 'expected `type` to be "command" or "prompt"');
  const text = type === 'command' ? 'command' : 'prompt';
  const body = entry[text];
  if (typeof body !== 'string' || body.trim() === '') return bad(`${path}.${text}`, `a ${type} hook needs a non-empty \`${text}\` string`);
  if (type === 'prompt' && entry.model !== undefined && typeof entry.model !== 'string') return bad(`${path}.model`, 'expected `model` to be a string');
  if (entry.matcher !== undefined && typeof entry.matcher !== 'string') return bad(`${path}.matcher`, 'expected `matcher` to be a regular expression string');
  const t = entry.timeout;
  if (t !== undefined && !(typeof t === 'number' && Number.isFinite(t) && t > 0)) return bad(`${path}.timeout`, 'expected `timeout` to be a positive number of seconds');
  if (entry.failClosed !== undefined && typeof entry.failClosed !== 'boolean') return bad(`${path}.failClosed`, 'expected `failClosed` to be a boolean');
  const limit = entry.loop_limit;
  if (limit !== undefined && limit !== null && !(typeof limit === 'number' && Number.isInteger(limit) && limit >= 0)) return bad(`${path}.loop_limit`, 'expected `loop_limit` to be a whole number ≥ 0, or null for no limit');
  const out = { ...entry, type } as HookHandlerConfig & CursorHandlerFields;
  if (configDir !== undefined) out.configDir = configDir;
  return out;
}
