// Cursor's hooks.json, read as cursor.com/docs/hooks describes it (D-new, spec §1):
// `{ "version": 1, "hooks": { "<event>": [ { command, type?, matcher?, timeout?, failClosed?, loop_limit? } ] } }`
// — a flat list per event, no Claude `{ matcher, hooks: [...] }` wrapper. Into the common form, one
// matcher group per entry (its matcher on the group, for the registry), each handler carrying
// `timeout` in seconds, `failClosed`, `loop_limit` (a number, or null for no cap) as written. What the
// profile adds about a handler — the folder of the file it came from (user and enterprise hooks run from
// it, §1.4), whether it is a malformed entry's stand-in — is kept beside it (`handlerInfo`), never in the
// handler object: a `configDir` key written in the JSON is an unknown key like any other.
// Unknown handler keys (`name`, `description`, `_agent_config_tag` are seen in the wild) are ignored;
// unknown event keys are left to addConfig, which skips them with a warning (§7.11: UNCERTAIN whether
// Cursor rejects the whole file); the maps are null-prototype objects, so an event named `__proto__` is
// one of those, not a prototype. Anything else that is malformed rejects the whole file: no source says
// what Cursor does with one bad entry, and a guard silently half-loaded is the worse failure — except for
// the enterprise (`managed`) file, whose valid entries load and whose malformed entries on a gate event
// each become a stand-in that blocks (a malformed non-gate entry is skipped with a warning): one typo in
// an MDM-pushed file must not turn every enterprise guard off. The source is not known while parsing, so
// `readCursorConfig` parses leniently and the profile applies the rule per source (profile.ts).
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
}

/** What the profile knows about a parsed handler besides its fields. */
export interface HandlerInfo {
  /** The folder of the file it came from. */
  readonly configDir: string | undefined;
  /** The file's problems (each handler of a file that has some shares them). */
  readonly issues: readonly HookConfigIssue[] | undefined;
  readonly file: string | undefined;
  /** A malformed entry's stand-in: what is wrong with it. */
  readonly broken?: string;
}

const INFO = new WeakMap<object, HandlerInfo>();
const ISSUES = new WeakMap<object, { issues: readonly HookConfigIssue[]; file: string | undefined }>();

/** A leniently parsed config's problems, if it has any. */
export const configIssues = (parsed: object): { issues: readonly HookConfigIssue[]; file: string | undefined } | undefined => ISSUES.get(parsed);

/** What the profile knows about a handler its parser made (undefined for another's). */
export const handlerInfo = (hook: object): HandlerInfo | undefined => INFO.get(hook);

/** The error a file with malformed entries is rejected with. */
export const configError = (issues: readonly HookConfigIssue[], file: string | undefined): HookConfigError => new HookConfigError([...issues], file === undefined ? {} : { file });

/** The parsed config: the common form, and the top-level `version` for configSettings. */
export type CursorParsedConfig = HooksConfig & { version?: number };

/** Parses strictly: a malformed entry rejects the whole file (what every source but `managed` gets). */
export function parseCursorConfig(config: unknown, file: string | undefined): CursorParsedConfig {
  const { parsed, issues } = readCursorConfig(config, file);
  if (issues.length > 0) throw configError(issues, file);
  return parsed;
}

/**
 * Parses leniently: a malformed top level still throws, but a malformed entry (or an event whose value
 * is not a list) becomes a stand-in handler (`handlerInfo(h).broken` says why) and its issue is listed.
 */
export function readCursorConfig(config: unknown, file: string | undefined): { parsed: CursorParsedConfig; issues: HookConfigIssue[] } {
  if (!isPlainObject(config)) throw configError([{ path: '', message: 'expected a JSON object' }], file);
  const issues: HookConfigIssue[] = [];
  // A missing version reads as 1; another number is warned about (configSettings), not refused (§1.2).
  if (config.version !== undefined && typeof config.version !== 'number') issues.push({ path: 'version', message: 'expected `version` to be a number (1)' });
  if (config.hooks !== undefined && !isPlainObject(config.hooks)) issues.push({ path: 'hooks', message: 'expected `hooks` to be an object mapping event names to lists of hooks' });
  if (issues.length > 0) throw configError(issues, file);
  const configDir = file === undefined ? undefined : dirname(file);
  const made: { handler: object; broken?: string }[] = [];
  const out: Record<string, MatcherGroup[]> = Object.create(null) as Record<string, MatcherGroup[]>;
  const stand = (at: string, message: string, matcher: unknown): MatcherGroup => {
    issues.push({ path: at, message });
    const handler = { type: 'command', command: `(malformed hook ${at})` } as HookHandlerConfig;
    made.push({ handler, broken: `${at}: ${message}` });
    return typeof matcher === 'string' ? { matcher, hooks: [handler] } : { hooks: [handler] };
  };
  for (const [event, list] of Object.entries((config.hooks ?? {}) as Record<string, unknown>)) {
    if (!Array.isArray(list)) {
      out[event] = [stand(`hooks.${event}`, 'expected a list of hooks', undefined)];
      continue;
    }
    out[event] = list.map((entry, i) => {
      const at = `hooks.${event}[${i}]`;
      const read = readHandler(entry, at);
      if (read.issue !== undefined) return stand(read.issue.path, read.issue.message, isPlainObject(entry) ? entry.matcher : undefined);
      const handler = read.handler;
      made.push({ handler });
      return handler.matcher === undefined ? { hooks: [handler] } : { matcher: handler.matcher, hooks: [handler] };
    });
  }
  const shared = issues.length > 0 ? Object.freeze([...issues]) : undefined;
  for (const { handler, broken } of made) INFO.set(handler, broken === undefined ? { configDir, issues: shared, file } : { configDir, issues: shared, file, broken });
  const parsed: CursorParsedConfig = config.version === undefined ? { hooks: out } : { hooks: out, version: config.version as number };
  if (shared !== undefined) ISSUES.set(parsed, { issues: shared, file });
  return { parsed, issues };
}

type Read = { handler: HookHandlerConfig & CursorHandlerFields; issue?: undefined } | { issue: HookConfigIssue };

function readHandler(entry: unknown, path: string): Read {
  const bad = (at: string, message: string): Read => ({ issue: { path: at, message } });
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
  // (A spread defines an own `__proto__` key as a plain property: it sets no prototype.)
  return { handler: { ...entry, type } as HookHandlerConfig & CursorHandlerFields };
}
