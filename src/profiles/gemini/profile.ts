// The gemini profile: Gemini CLI 0.61.0's hooks (settings.json `hooks`, extensions' hooks/hooks.json),
// differentially tested against Gemini's own engine (fixtures/gemini/engine/). Everything that differs
// from the other profiles is here or in the files it names: the 11-event catalogue (events.ts), stdin with
// Gemini's common fields and an ISO `timestamp`, its matchers (a regex on tool names, exact strings on
// lifecycle values), all matching hooks at once — or one after another, each getting the input the last
// one changed, when any matching definition says `sequential` —, in Gemini's source priority (register()'s
// handlers, settings hooks, extensions'), identical hooks (`name:command`) run once, `hooksConfig` merged
// over the settings layers and applied to every hook, Gemini's output reading (output.ts) and merge (merge.ts), `timeout` in milliseconds (default
// 60,000), `bash -c` with Gemini's command expansion and variables (command.ts), and its config (config.ts).
import { geminiDialect } from './dialect.js';
import { encodeGeminiOutput } from './encode.js';
import { existsSync, readFileSync } from '../../node-builtins.js';
import { basename, isAbsolute, join, resolve } from 'node:path';
import type { Entry } from '../../entry.js';
import { describeValue, HookTypeError } from '../../errors.js';
import { errorMessage } from '../../dispatch-run.js';
import type { CommandHookSpec } from '../../executor/index.js';
import { runUnder } from '../../executor/run-under.js';
import { runParallel, type ParallelRules } from '../../parallel-run.js';
import { checkRequiredPayload, compileRequiredCheck, type RequiredCheck } from '../../required-fields.js';
import { compileListOrRegex, type ListOrRegexDialect } from '../../regex-guard.js';
import { dedupWinners, guardStrength } from '../../dedup.js';
import { switchesOff } from '../../source-scope.js';
import type { DispatchResult, HookContext, HookRun, HookSession } from '../../types.js';
import type { AddConfigReport } from '../../config/add-config.js';
import type { EventView, Profile, ProfileTypes } from '../profile.js';
import { expandCommand, extensionEnvironment, hookEnvironment } from './command.js';
import { GEMINI_SETTINGS_KEY, INVALID, parseGeminiConfig, type GeminiConfigSettings, type GeminiHookExtras } from './config.js';
import { GEMINI_DEFAULT_TIMEOUT_MS, GEMINI_EVENT_SPECS, GEMINI_HOOK_EVENTS, type GeminiEventSpec, type GeminiHookEvent } from './events.js';
import { mergeGeminiOutcomes, type GeminiDispatchResult } from './merge.js';
import { fromCommandResult, fromHandlerValue, refusal, type GeminiEntryOutcome } from './output.js';
import { extensionVariables, geminiHome, hydrateString, loadGeminiSettings, type LoadGeminiSettingsOptions } from './settings.js';
import { isoTime } from '../../iso-time.js';

/** What a hook gets on stdin on event E: Gemini's common fields and the event's. */
export type GeminiHookInput<E extends GeminiHookEvent = GeminiHookEvent> = GeminiCommonFields & Record<string, unknown> & { hook_event_name: E };
export interface GeminiCommonFields {
  session_id: string;
  transcript_path: string;
  cwd: string;
  hook_event_name: string;
  timestamp: string;
}

/** A hook's output, as Gemini reads it. */
export interface GeminiHookOutput {
  continue?: boolean;
  stopReason?: string;
  suppressOutput?: boolean;
  systemMessage?: string;
  decision?: 'allow' | 'deny' | 'block' | 'ask' | 'approve';
  reason?: string;
  hookSpecificOutput?: Record<string, unknown>;
}

export type GeminiHookHandler<E extends GeminiHookEvent = GeminiHookEvent> = (input: GeminiHookInput<E>, context: HookContext) => GeminiHookOutput | void | undefined | PromiseLike<GeminiHookOutput | void | undefined>;

/** What `dispatch` takes: the event's fields (tool_name, tool_input, llm_request, …) and, optionally, the common ones. */
export type GeminiDispatchPayload = Record<string, unknown> & Partial<GeminiCommonFields>;

export interface GeminiRegistryMethods {
  /**
   * Finds and loads Gemini CLI's hook settings in its order: the user's (~/.gemini/settings.json), the
   * project's (.gemini/settings.json; none when the project is the home folder), the system's
   * (GEMINI_CLI_SYSTEM_SETTINGS_PATH, else the platform's), then extensions' hooks/hooks.json (settings.ts).
   * A file that cannot be read or parsed is dropped with a warning.
   */
  loadSettings(options: LoadGeminiSettingsOptions): Promise<AddConfigReport[]>;
}

export interface GeminiProfileTypes extends ProfileTypes {
  events: GeminiHookEvent;
  payloads: { [E in GeminiHookEvent]: GeminiDispatchPayload };
  handlers: { [E in GeminiHookEvent]: GeminiHookHandler<E> };
  result: GeminiDispatchResult;
  options: GeminiOptions;
  methods: GeminiRegistryMethods;
}

export interface GeminiOptions {
  /**
   * GEMINI_PLANS_DIR (absolute). Default: Gemini's own layout, `~/.gemini/tmp/<project short id>/<session
   * id>/plans`, the short id read from Gemini's ~/.gemini/projects.json, or the one Gemini would claim for
   * the project (its folder's name, slugified) when it has none yet.
   */
  plansDir?: string;
}

/** What configEntry keeps of a hook for the run. */
interface GeminiEntryData {
  /** Its definition says `sequential: true`. */
  sequential: boolean;
  /** Gemini's getHookKey: `name:command`; identical hooks run once (the first). */
  key: string;
  /** Gemini's hook name (`name`, else the command), what `hooksConfig.disabled` lists. */
  name: string;
  /** Gemini's source priority (getSourcePriority): settings hooks 1, extensions' 4 (register(): 0). */
  priority: number;
  /** Its definition's matcher is truthy but not a string (on an event with a match value). */
  badMatcher?: string;
}

export interface GeminiEventView extends EventView {
  readonly spec: GeminiEventSpec;
  /** The event's fields after the common ones, and which of them are left out when the payload has none. */
  readonly fields: readonly string[];
  readonly optional: readonly boolean[];
  readonly rules: ParallelRules<GeminiEntryOutcome>;
  /** One hook of a sequential run: its outcome, not a merge. */
  readonly step: ParallelRules<GeminiEntryOutcome>;
  readonly hasRequired: RequiredCheck;
}

interface SettingsLayer {
  source: string;
  where: string;
  settings: GeminiConfigSettings;
}

/** hooksConfig as applied here: per source of hooks, from the layers that may speak for it (src/source-scope.ts). */
interface MergedHooksConfig {
  /** Source of hooks → where `enabled: false` that switches them off is. */
  off: Map<string, string>;
  /** `disabled`: the union of the layers' lists, each name with the layers that list it. */
  disabled: Map<string, { source: string; where: string }[]>;
}

export interface GeminiState {
  /** Settings layers with a `hooksConfig`, in the order they were added. */
  readonly layers: SettingsLayer[];
  merged: MergedHooksConfig;
  readonly plansDir?: string;
  /** Per project root: Gemini's plans folder for it, but the session folder. */
  readonly plansRoots: Map<string, string>;
  /** Counts down as hooks are made: a dedup rank under which the first registered copy wins. */
  order: number;
}

// Gemini merges hooksConfig with the settings (settings.ts mergeSettings: user, then workspace, then system
// as overrides; `disabled` is a UNION) and applies it to every hook. Here a layer speaks only for its own
// source's hooks and those below (src/source-scope.ts), deliberately: a project's `enabled: false` or
// `disabled: [name]` switches off the project's hooks, never the user's or the system's guard, and a
// project's `enabled: true` does not switch back on what the user's or the system's `false` switched off.
// Extensions' hooks files carry no settings.
const LAYER_RANK: Readonly<Record<string, number>> = { user: 0, project: 1, system: 2 };
const AUTHORITY: Readonly<Record<string, number>> = { project: 0, user: 1, system: 2 };
const HOOK_SOURCES = ['system', 'user', 'project', 'plugin'] as const;
function mergeLayers(layers: readonly SettingsLayer[]): MergedHooksConfig {
  const merged: MergedHooksConfig = { off: new Map(), disabled: new Map() };
  for (const target of HOOK_SOURCES) {
    const speaking = layers.filter((l) => l.settings.enabled !== undefined && switchesOff(l.source, target));
    // Gemini's precedence among them; a `true` from below does not undo a higher layer's `false`.
    let winner: SettingsLayer | undefined;
    for (const l of speaking) if (winner === undefined || (LAYER_RANK[l.source] ?? 0) >= (LAYER_RANK[winner.source] ?? 0)) winner = l;
    if (winner === undefined) continue;
    const off = winner.settings.enabled === false ? winner : speaking.find((l) => l.settings.enabled === false && (AUTHORITY[l.source] ?? 0) > (AUTHORITY[winner.source] ?? 0));
    if (off !== undefined) merged.off.set(target, off.where);
  }
  for (const l of layers) {
    for (const name of l.settings.disabled ?? []) {
      const by = merged.disabled.get(name);
      if (by === undefined) merged.disabled.set(name, [{ source: l.source, where: l.where }]);
      else by.push({ source: l.source, where: l.where });
    }
  }
  return merged;
}

// The source a hook's switch-off is read for: register()'s handlers are the harness's own, the user's.
const hookSource = (e: Entry): string => (e.meta?.source === undefined || e.meta.source === 'code' ? 'user' : e.meta.source);

// Where a `hooksConfig.disabled` that may speak for the hook lists its name, if one does.
function disabledBy(merged: MergedHooksConfig, name: string, source: string): string | undefined {
  return merged.disabled.get(name)?.find((l) => switchesOff(l.source, source))?.where;
}

let VIEWS: ReadonlyMap<string, GeminiEventView> | undefined;
const views = (): ReadonlyMap<string, GeminiEventView> =>
  (VIEWS ??= new Map(
    GEMINI_HOOK_EVENTS.map((name) => {
      const spec = GEMINI_EVENT_SPECS[name];
      const base = {
        name,
        fromValue: (value: unknown) => fromHandlerValue(value),
        // A hook that throws, rejects or times out decides nothing (Gemini: success false, no output).
        failure: (_entry: Entry, kind: 'error' | 'timeout', message: string): GeminiEntryOutcome => ({ outcome: kind, message, success: false }),
        refused: (_entry: Entry, reason: string): GeminiEntryOutcome => refusal(spec, reason),
      };
      const rules: ParallelRules<GeminiEntryOutcome> = { ...base, merge: (outcomes, runs) => mergeGeminiOutcomes(spec, outcomes, runs) };
      const step: ParallelRules<GeminiEntryOutcome> = { ...base, merge: (outcomes, runs) => ({ blocked: false, aborted: false, runs, step: outcomes[0] }) as DispatchResult };
      const fields = spec.fields.map((f) => (f.endsWith('?') ? f.slice(0, -1) : f));
      const optional = spec.fields.map((f) => f.endsWith('?'));
      const view: GeminiEventView = { name, matchField: spec.matchField, matchBasename: false, background: false, spec, fields, optional, rules, step, hasRequired: compileRequiredCheck(spec.required) };
      return [name, Object.freeze(view)];
    }),
  ));

// Tool events: an unanchored JavaScript regex (Gemini's own engine is JavaScript), an invalid one
// compared exactly. It runs on the bounded engine (regex-guard.ts): a pattern on which Gemini's engine would
// hang answers as written, or, past its budget, runs its hooks (the side that never lets a call through
// unguarded).
const TOOL_DIALECT: ListOrRegexDialect = { exactList: /(?!)/, separator: /$^/ };

export const geminiProfile: Profile<GeminiProfileTypes, GeminiState, GeminiEventView> = {
  name: 'gemini',
  events: GEMINI_HOOK_EVENTS,
  view: (event) => views().get(event),
  optionKeys: ['plansDir'],
  init(options) {
    const plansDir = options.plansDir;
    if (plansDir !== undefined && (typeof plansDir !== 'string' || !isAbsolute(plansDir))) {
      throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `new HookRegistry(): expected \`plansDir\` to be an absolute path, got ${describeValue(plansDir)}`);
    }
    return { layers: [], merged: mergeLayers([]), plansRoots: new Map(), order: 0, ...(plansDir === undefined ? {} : { plansDir }) };
  },

  // Gemini trims the matcher; "" and "*" match all. A missing or empty match value matches every matcher
  // (its planner: `if (context.toolName) …; if (context.trigger) …; return true`).
  compileMatcher(matcher, host, view) {
    const m = matcher?.trim();
    if (m === undefined || m === '' || m === '*') return null;
    if (view.spec.matchKind === 'exact') return (value) => value === '' || value === m;
    const test = compileListOrRegex(m, TOOL_DIALECT, host.logger);
    return test === null ? null : (value) => value === '' || test(value);
  },

  // (The common fields' types are checked where they are read, in run: a dispatch with nothing to run
  // pays for the required fields alone.)
  checkPayload: checkRequiredPayload,



  // Gemini's planner, in its order: the hooks of the event by source priority (register()'s, then settings
  // hooks, then extensions'; registration order within), `hooksConfig` applied, identical hooks
  // (`name:command`) once — the first, by dedupRank (src/dedup.ts, as explain() reads it) —, and none at
  // all when one of them has a matcher Gemini's planner throws on. Every dispatch selects (`enabled: false`
  // stops register()'s handlers too: Gemini then has no hook system).
  selects: () => true,
  select(_view, _payload, entries, host) {
    const merged = host.state.merged;
    const { disabled, off } = merged;
    // Fast path: only in-process handlers (no name, no key, one source) and nothing disabled.
    if (off.size === 0 && disabled.size === 0 && entries.every((e) => e.data === undefined)) return entries;
    let kept: Entry[] = [];
    for (const e of entries) {
      if (off.size > 0 && off.has(hookSource(e))) continue;
      const data = e.data as GeminiEntryData | undefined;
      if (data !== undefined && disabled.size > 0 && disabledBy(merged, data.name, hookSource(e)) !== undefined) continue;
      // (A disabled hook is never planned; an enabled one with such a matcher throws the whole plan.)
      if (data?.badMatcher !== undefined) return [];
      kept.push(e);
    }
    if (kept.length === 0) return kept;
    const winners = dedupWinners(kept);
    if (winners.size > 0) kept = kept.filter((e) => e.dedupKey === undefined || winners.get(e.dedupKey) === e);
    let sorted = true;
    for (let i = 1; i < kept.length && sorted; i++) sorted = priorityOf(kept[i - 1]!) <= priorityOf(kept[i]!);
    return sorted ? kept : kept.map((e, i) => [e, i] as const).sort((a, b) => priorityOf(a[0]) - priorityOf(b[0]) || a[1] - b[1]).map(([e]) => e);
  },
  whyNot(_view, _payload, e, host) {
    const merged = host.state.merged;
    const off = merged.off.get(hookSource(e));
    if (off !== undefined) return `hooks are off: \`hooksConfig.enabled: false\`${off}`;
    const data = e.data as GeminiEntryData | undefined;
    if (data === undefined) return undefined;
    const where = disabledBy(merged, data.name, hookSource(e));
    if (where !== undefined) return `disabled by \`hooksConfig.disabled\`${where}`;
    if (data.badMatcher !== undefined) return `its matcher ${data.badMatcher} is not a string: Gemini's planner throws on it, and runs no hook of the event`;
    return undefined;
  },

  run(host, view, payload, entries, signal) {
    checkCommonFields(view.name, payload as Record<string, unknown>);
    const input = makeHookInput(view, host.session, payload as Record<string, unknown>);
    if (!isSequential(entries)) return runParallel({ rules: view.rules, input, entries, signal, logger: host.logger, defaultTimeoutMs: GEMINI_DEFAULT_TIMEOUT_MS, ceilingMs: Infinity, observers: host.observers, exactTiming: host.exactTiming });
    return runSequential(view, input, { input, entries, signal, logger: host.logger, defaultTimeoutMs: GEMINI_DEFAULT_TIMEOUT_MS, ceilingMs: Infinity, observers: host.observers, exactTiming: host.exactTiming });
  },

  concurrent: true,
  // system: /etc/gemini-cli/settings.json; plugin: an extension's hooks.
  dialect: geminiDialect,
  encodeOutput: encodeGeminiOutput,
  sources: ['user', 'project', 'system', 'plugin'],
  gate(source, settings) {
    if (source === 'plugin') return settings.enablePluginHooks ? undefined : 'enablePluginHooks';
    if (!settings.enableShellHooks) return 'enableShellHooks';
    // Gemini's folder trust: in an untrusted folder it registers no settings hooks at all — the user's and
    // the system's too, since it merges every settings layer's hooks into one list (recorded:
    // bt-untrusted-folder). Extensions' hooks still run.
    if (!settings.allowProjectHooks) return 'allowProjectHooks';
    return undefined;
  },
  gateWhy: (source, gate) =>
    gate === 'allowProjectHooks' ? `the folder is not trusted: Gemini registers no settings hooks in an untrusted folder (${source} ones too; allowProjectHooks is its folder trust)` : undefined,
  parseConfig: parseGeminiConfig,
  // A settings layer's hooksConfig joins the merged one (an extension's hooks file has none in Gemini).
  configSettings(host, config, origin, where) {
    const settings = (config as Record<string, unknown>)[GEMINI_SETTINGS_KEY] as GeminiConfigSettings | undefined;
    if (settings === undefined || origin.source === 'plugin') return undefined;
    const state = host.state;
    const item: SettingsLayer = { source: origin.source, where, settings };
    state.layers.push(item);
    state.merged = mergeLayers(state.layers);
    return () => {
      const i = state.layers.indexOf(item);
      if (i >= 0) state.layers.splice(i, 1);
      state.merged = mergeLayers(state.layers);
    };
  },

  configEntry(host, event, hook, origin) {
    if (hook.type === INVALID) return { skip: `discarded, as Gemini discards it: ${(hook as { why?: string }).why}` };
    if (hook.type !== 'command') return { skip: `"${hook.type}" hooks are not run from config by this profile` };
    const spec = GEMINI_EVENT_SPECS[event as GeminiHookEvent];
    const raw = hook as typeof hook & GeminiHookExtras & { name?: unknown; env?: unknown };
    // An extension's strings may use Gemini's variables (${extensionPath}, ${workspacePath}, ${/},
    // ${pathSeparator}), which Gemini substitutes when it loads the extension (loadSettings already did,
    // but in commands). In the command that runs, the two paths are references to the environment
    // (command.ts); the command shown has them in place.
    const workspace = raw.hydrated ?? resolve(host.projectDir);
    const vars = origin.pluginRoot === undefined ? undefined : extensionVariables(origin.pluginRoot, workspace);
    const hydrate = (v: unknown): unknown => (vars !== undefined && raw.hydrated === undefined && typeof v === 'string' ? hydrateString(v, vars) : v);
    const command = vars === undefined ? hook.command! : hydrateString(hook.command!, vars);
    const line = vars === undefined ? expandCommand(command) : hydrateString(expandCommand(hook.command!, true), vars);
    const pathEnv = origin.pluginRoot === undefined ? undefined : extensionEnvironment(origin.pluginRoot, workspace);
    const rawName = hydrate(raw.name);
    const name = typeof rawName === 'string' && rawName !== '' ? rawName : command;
    const timeoutMs = geminiTimeout(raw.rawTimeout, host.logger, `${event} hook ${JSON.stringify(name)}`);
    const ownEnv: Record<string, string> = {};
    if (raw.env !== null && typeof raw.env === 'object') for (const [k, v] of Object.entries(raw.env)) if (typeof v === 'string') ownEnv[k] = hydrate(v) as string;
    // The matcher Gemini's planner throws on counts only where it reads matchers.
    const badMatcher = spec.matchField === null ? undefined : raw.badMatcher;
    if (badMatcher !== undefined) host.logger.warn(`harness-hooks: ${event} hook ${JSON.stringify(name)} has the matcher ${badMatcher}, not a string: Gemini's planner throws on it, so no ${event} hook runs while it is registered`);
    // Gemini keys a hook by name and command; here its own `env` too (deliberately): a copy whose env makes
    // its program start otherwise (BASH_ENV, PATH, …) is another hook, never one that replaces the guard.
    const envKey = Object.keys(ownEnv).length === 0 ? '' : `\u0000${JSON.stringify(Object.entries(ownEnv).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))}`;
    const data: GeminiEntryData = { sequential: raw.sequential === true, key: hookKey(rawName, command) + envKey, name, priority: origin.source === 'plugin' ? 4 : 1, ...(badMatcher === undefined ? {} : { badMatcher }) };
    const source = origin.source;
    const state = host.state;
    return {
      kind: 'command',
      name,
      plugin: origin.pluginRoot,
      longRunning: false,
      background: false,
      timeoutMs,
      data,
      // The copy that runs is never weaker than another (src/dedup.ts: an administrator's copy first, then
      // the strongest — the whole environment, the longer timeout), where Gemini runs the first whatever its
      // timeout (deliberately); among equals Gemini's: the better source priority, then the first registered.
      dedupKey: data.key,
      dedupRank: guardStrength({ wholeEnv: host.inheritsAllEnv(origin.source), background: false, failClosed: false, timeoutMs }),
      dedupOrder: (10 - data.priority) * 1e12 + 1e12 - ++state.order,
      invoke: (input: unknown, _context: unknown, signal?: AbortSignal): Promise<GeminiEntryOutcome> => {
        const i = input as { cwd: string; session_id: string };
        const values = { cwd: i.cwd, plansDir: plansDirFor(state, i.cwd, i.session_id), sessionId: i.session_id };
        const run: CommandHookSpec = { type: 'command', command: 'bash', args: ['-c', line] };
        const env = { ...host.withheldEnv(source), ...hookEnvironment(values), ...ownEnv, ...pathEnv };
        return runUnder(host, run, input, { cwd: i.cwd, env, timeoutMs }, signal).then(
          (r) => fromCommandResult(r, spec),
          (error: unknown) => ({ outcome: 'error', success: false, message: `could not be run: ${errorMessage(error)}` }),
        );
      },
    };
  },

  methods: {
    loadSettings: (registry, host, options: LoadGeminiSettingsOptions) => loadGeminiSettings(registry as Parameters<typeof loadGeminiSettings>[0], options, (source) => host.inheritedEnv(source)),
  },
};

const COMMON_STRING_FIELDS = ['session_id', 'transcript_path', 'cwd'] as const;

// The common fields, when given (null: not given), are strings: they go to stdin, the command and the
// hook's cwd and environment.
function checkCommonFields(event: string, payload: Record<string, unknown>): void {
  for (let i = 0; i < COMMON_STRING_FIELDS.length; i++) {
    const field = COMMON_STRING_FIELDS[i]!;
    const value = payload[field];
    if (value !== undefined && value !== null && typeof value !== 'string') {
      throw new HookTypeError('HOOKS_ERR_PAYLOAD_INVALID', `dispatch('${event}'): expected \`${field}\` to be a string, got ${describeValue(value)}`);
    }
  }
}

const priorityOf = (e: Entry): number => (e.data as GeminiEntryData | undefined)?.priority ?? 0;

// Gemini's getHookKey: `${hook.name || ''}:${hook.command}` (a name that is not a string is keyed as
// JavaScript writes it; one that cannot be written keys the hook alone).
function hookKey(name: unknown, command: string): string {
  try {
    return `${(name as string) || ''}:${command}`;
  } catch {
    return `\u0000${Math.random()}:${command}`;
  }
}

const TIMEOUT_MAX = 2 ** 31 - 1;
// Gemini passes `timeout ?? 60000` to setTimeout, which coerces it: Number(x), and anything that is not a
// number from 1 to 2^31-1 (NaN, 0, negative, too large) is 1 ms — Node warns about an overflow; so does this.
export function geminiTimeout(raw: unknown, logger: { warn(message: string): void }, what: string): number {
  if (raw === undefined || raw === null) return GEMINI_DEFAULT_TIMEOUT_MS;
  let ms: number;
  try {
    ms = Number(raw);
  } catch {
    ms = Number.NaN;
  }
  if (ms >= 1 && ms <= TIMEOUT_MAX) return ms;
  logger.warn(`harness-hooks: ${what} has the timeout ${describeValue(raw)}, which Gemini's setTimeout runs as 1 ms`);
  return 1;
}

// GEMINI_PLANS_DIR: the `plansDir` option, else Gemini's Storage.getPlansDir() default,
// `<runtime dir>/tmp/<project short id>/<session id>/plans` (config/storage.js, projectRegistry.js).
function plansDirFor(state: GeminiState, cwd: string, sessionId: string): string {
  if (state.plansDir !== undefined) return state.plansDir;
  let root = state.plansRoots.get(cwd);
  if (root === undefined) {
    if (state.plansRoots.size >= 64) state.plansRoots.clear();
    state.plansRoots.set(cwd, (root = projectTempDir(cwd)));
  }
  return sessionId ? join(root, sessionId, 'plans') : join(root, 'plans');
}

// Storage.getProjectTempDir(): the global temp dir and the project's short id — the one Gemini's registry
// (projects.json) holds for it, else the one its claimNewSlug would claim: the folder's name slugified,
// `-1`, `-2`… past ids the registry holds and folders whose .project_root names another project.
function projectTempDir(projectRoot: string): string {
  const home = geminiHome();
  const runtime = process.env.SANDBOX === 'sandbox-exec' ? join(home, '.cache', '.gemini') : join(home, '.gemini');
  const tmp = join(runtime, 'tmp');
  let project = resolve(projectRoot);
  if (process.platform === 'win32') project = project.toLowerCase();
  let projects: Record<string, unknown> = {};
  try {
    const data = JSON.parse(readFileSync(join(runtime, 'projects.json'), 'utf8')) as { projects?: unknown };
    if (data.projects !== null && typeof data.projects === 'object') projects = data.projects as Record<string, unknown>;
  } catch {
    // no registry yet
  }
  const known = projects[project];
  if (typeof known === 'string' && known !== '') return join(tmp, known);
  const slug = basename(project).toLowerCase().replace(/[^a-z0-9]/g, '-').replace(/-+/g, '-').replace(/^-|-$/g, '') || 'project';
  const taken = new Set(Object.values(projects));
  for (let n = 0; n < 1000; n++) {
    const candidate = n === 0 ? slug : `${slug}-${n}`;
    if (taken.has(candidate)) continue;
    const marker = join(tmp, candidate, '.project_root');
    if (existsSync(marker)) {
      try {
        if (resolve(readFileSync(marker, 'utf8').trim()) !== resolve(projectRoot)) continue;
      } catch {
        continue;
      }
    }
    return join(tmp, candidate);
  }
  return join(tmp, slug);
}

// Gemini's createBaseInput and the event's fields: session_id, transcript_path ('' when unknown), cwd,
// hook_event_name, timestamp (now, ISO), then the event's own, in its order.
function makeHookInput(view: GeminiEventView, session: Readonly<HookSession>, p: Record<string, unknown>): Record<string, unknown> {
  const input: Record<string, unknown> = {
    session_id: p.session_id ?? session.sessionId ?? '',
    transcript_path: p.transcript_path ?? session.transcriptPath ?? '',
    cwd: p.cwd ?? session.cwd ?? process.cwd(),
    hook_event_name: view.name,
    timestamp: typeof p.timestamp === 'string' ? p.timestamp : isoNow(),
  };
  const { fields, optional } = view;
  for (let i = 0; i < fields.length; i++) {
    const key = fields[i]!;
    const value = p[key];
    if (optional[i] === true && !value) continue;
    // (AfterAgent's stop_hook_active defaults to false, as Gemini's fireAfterAgentEvent does.)
    input[key] = value === undefined && key === 'stop_hook_active' ? false : value;
  }
  return input;
}

// Whether a dispatch's entries run one after another: any has `sequential` (Gemini's plan, after
// de-duplication; select hands over a fresh list each dispatch, so there is nothing to cache).
function isSequential(entries: readonly Entry[]): boolean {
  for (const e of entries) if ((e.data as GeminiEntryData | undefined)?.sequential === true) return true;
  return false;
}

// `new Date().toISOString()`, made once per millisecond (it costs ≈0.4 µs; a dispatch, less).
let lastMs = -1;
let lastIso = '';
function isoNow(): string {
  const ms = Date.now();
  if (ms !== lastMs) {
    lastMs = ms;
    lastIso = isoTime(ms);
  }
  return lastIso;
}

type RunOptions = Omit<Parameters<typeof runParallel<GeminiEntryOutcome>>[0], 'rules'>;

// Sequential: one hook after another, each given the input the previous one's output changed (Gemini's
// applyHookOutputToInput, after a hook that succeeded); all run (Gemini never stops early).
async function runSequential(view: GeminiEventView, input: Record<string, unknown>, options: RunOptions): Promise<GeminiDispatchResult> {
  const outcomes: (GeminiEntryOutcome | undefined)[] = [];
  const runs: HookRun[] = [];
  let current = input;
  for (const entry of options.entries) {
    const r = (await runParallel({ ...options, rules: view.step, input: current, entries: [entry] })) as DispatchResult & { step?: GeminiEntryOutcome };
    runs.push(...r.runs);
    outcomes.push(r.step);
    if (r.aborted) {
      // The hooks the abort kept from starting are listed too, as aborted.
      for (const e of options.entries.slice(runs.length)) runs.push({ name: e.name, kind: e.kind, outcome: 'aborted', durationMs: 0, message: 'not started: the dispatch was aborted' });
      return { blocked: false, aborted: true, runs };
    }
    if (r.step?.success === true && r.step.output !== undefined) current = applyOutputToInput(view.name, current, r.step.output);
  }
  return mergeGeminiOutcomes(view.spec, outcomes, runs);
}

function applyOutputToInput(event: string, input: Record<string, unknown>, output: Record<string, unknown>): Record<string, unknown> {
  const specific = output.hookSpecificOutput as Record<string, unknown> | undefined;
  if (specific === null || typeof specific !== 'object') return input;
  const next = { ...input };
  if (event === 'BeforeAgent' && typeof specific.additionalContext === 'string' && 'prompt' in next) next.prompt = `${String(next.prompt)}\n\n${specific.additionalContext}`;
  else if (event === 'BeforeModel' && specific.llm_request && 'llm_request' in next) next.llm_request = { ...(next.llm_request as object), ...(specific.llm_request as object) };
  else if (event === 'BeforeTool' && specific.tool_input && 'tool_input' in next) next.tool_input = { ...(next.tool_input as object), ...(specific.tool_input as object) };
  return next;
}
