// The gemini profile: Gemini CLI 0.61.0's hooks (settings.json `hooks`, extensions' hooks/hooks.json),
// differentially tested against Gemini's own engine (fixtures/gemini/engine/). Everything that differs
// from the other profiles is here or in the files it names: the 11-event catalogue (events.ts), stdin with
// Gemini's common fields and an ISO `timestamp`, its matchers (a regex on tool names, exact strings on
// lifecycle values), all matching hooks at once — or one after another, each getting the input the last
// one changed, when any matching definition says `sequential` —, identical hooks (`name:command`) run
// once, Gemini's output reading (output.ts) and merge (merge.ts), `timeout` in milliseconds (default
// 60,000), `bash -c` with Gemini's command expansion and variables (command.ts), and its config (config.ts).
import { join } from 'node:path';
import type { Entry } from '../../entry.js';
import { describeValue, HookTypeError } from '../../errors.js';
import { errorMessage } from '../../dispatch-run.js';
import type { CommandHookSpec } from '../../executor/index.js';
import { runUnder } from '../../executor/run-under.js';
import { runParallel, type ParallelRules } from '../../parallel-run.js';
import { compileRequiredCheck, type RequiredCheck } from '../../required-fields.js';
import { compileListOrRegex, type ListOrRegexDialect } from '../../regex-guard.js';
import type { DispatchResult, HookContext, HookRun, HookSession } from '../../types.js';
import type { AddConfigReport } from '../../config/add-config.js';
import type { EventView, Profile, ProfileTypes } from '../profile.js';
import { expandCommand, hookEnvironment } from './command.js';
import { GEMINI_SETTINGS_KEY, INVALID, parseGeminiConfig, type GeminiConfigSettings } from './config.js';
import { GEMINI_DEFAULT_TIMEOUT_MS, GEMINI_EVENT_SPECS, GEMINI_HOOK_EVENTS, type GeminiEventSpec, type GeminiHookEvent } from './events.js';
import { mergeGeminiOutcomes, type GeminiDispatchResult } from './merge.js';
import { fromCommandResult, fromHandlerValue, type GeminiEntryOutcome } from './output.js';
import { loadGeminiSettings, type LoadGeminiSettingsOptions } from './settings.js';

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
   * project's (.gemini/settings.json), the system's (/etc/gemini-cli/settings.json), then extensions'
   * hooks/hooks.json. A file that cannot be read or parsed is dropped with a warning.
   */
  loadSettings(options: LoadGeminiSettingsOptions): Promise<AddConfigReport[]>;
}

export interface GeminiProfileTypes extends ProfileTypes {
  events: GeminiHookEvent;
  payloads: { [E in GeminiHookEvent]: GeminiDispatchPayload };
  handlers: { [E in GeminiHookEvent]: GeminiHookHandler<E> };
  result: GeminiDispatchResult;
  options: {};
  methods: GeminiRegistryMethods;
}

/** What configEntry keeps of a hook for the run. */
interface GeminiEntryData {
  /** Its definition says `sequential: true`. */
  sequential: boolean;
  /** Gemini's getHookKey: `name:command`; identical hooks run once (the first). */
  key: string;
  /** Gemini's hook name (`name`, else the command), what `hooksConfig.disabled` lists. */
  name: string;
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

interface Disabled {
  source: string;
  where: string;
  settings: GeminiConfigSettings;
}

export interface GeminiState {
  readonly disabled: Disabled[];
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
// compared exactly; a pattern the backtracking guard refuses still runs its hooks (Gemini would run it).
const TOOL_DIALECT: ListOrRegexDialect = { exactList: /(?!)/, separator: /$^/, refused: 'always' };

export const geminiProfile: Profile<GeminiProfileTypes, GeminiState, GeminiEventView> = {
  name: 'gemini',
  events: GEMINI_HOOK_EVENTS,
  view: (event) => views().get(event),
  init: () => ({ disabled: [] }),

  // Gemini trims the matcher; "" and "*" match all.
  compileMatcher(matcher, host, view) {
    const m = matcher?.trim();
    if (m === undefined || m === '' || m === '*') return null;
    if (view.spec.matchKind === 'exact') return (value) => value === m;
    return compileListOrRegex(m, TOOL_DIALECT, host.logger);
  },

  checkPayload(view, payload) {
    if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
      throw new HookTypeError('HOOKS_ERR_PAYLOAD_INVALID', `dispatch('${view.name}'): expected the payload to be an object, got ${describeValue(payload)}`);
    }
    if (view.hasRequired(payload as Record<string, unknown>)) return;
    const missing = view.spec.required.find((field) => (payload as Record<string, unknown>)[field] === undefined);
    throw new HookTypeError('HOOKS_ERR_PAYLOAD_INVALID', `dispatch('${view.name}'): the payload is missing the required field \`${missing}\``);
  },

  // Identical hooks (`name:command`) run once, the first (Gemini's planner); `hooksConfig` switches hooks off.
  selects: (e) => e.data !== undefined,
  select(view, payload, entries, host) {
    const seen = new Set<string>();
    return entries.filter((e) => {
      if (geminiProfile.whyNot!(view, payload, e, host) !== undefined) return false;
      const key = (e.data as GeminiEntryData | undefined)?.key;
      if (key === undefined) return true;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  },
  whyNot(_view, _payload, e, host) {
    const data = e.data as GeminiEntryData | undefined;
    if (data === undefined) return undefined;
    for (const d of host.state.disabled) {
      if (d.source !== e.meta?.source) continue;
      if (d.settings.enabled === false) return `hooks are off: \`hooksConfig.enabled: false\`${d.where}`;
      if (d.settings.disabled?.includes(data.name) === true) return `disabled by \`hooksConfig.disabled\`${d.where}`;
    }
    return undefined;
  },

  run(host, view, payload, entries, signal) {
    const input = makeHookInput(view, host.session, payload as Record<string, unknown>);
    if (!isSequential(entries)) return runParallel({ rules: view.rules, input, entries, signal, logger: host.logger, defaultTimeoutMs: GEMINI_DEFAULT_TIMEOUT_MS, ceilingMs: Infinity, observers: host.observers });
    return runSequential(view, input, { input, entries, signal, logger: host.logger, defaultTimeoutMs: GEMINI_DEFAULT_TIMEOUT_MS, ceilingMs: Infinity, observers: host.observers });
  },

  concurrent: true,
  // system: /etc/gemini-cli/settings.json; plugin: an extension's hooks.
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
  configSettings(host, config, origin, where) {
    const settings = (config as Record<string, unknown>)[GEMINI_SETTINGS_KEY] as GeminiConfigSettings | undefined;
    if (settings === undefined) return undefined;
    const item: Disabled = { source: origin.source, where, settings };
    host.state.disabled.push(item);
    return () => void host.state.disabled.splice(host.state.disabled.indexOf(item) >>> 0, 1);
  },

  configEntry(host, event, hook, origin) {
    if (hook.type === INVALID) return { skip: `discarded, as Gemini discards it: ${(hook as { why?: string }).why}` };
    if (hook.type !== 'command') return { skip: `"${hook.type}" hooks are not run from config by this profile` };
    const spec = GEMINI_EVENT_SPECS[event as GeminiHookEvent];
    const raw = hook as typeof hook & { name?: unknown; env?: unknown; sequential?: boolean };
    // An extension's commands may use ${extensionPath} (Gemini substitutes it when it loads the extension).
    const command = origin.pluginRoot === undefined ? hook.command! : hook.command!.replaceAll('${extensionPath}', origin.pluginRoot);
    const name = typeof raw.name === 'string' && raw.name !== '' ? raw.name : command;
    const timeoutMs = hook.timeout ?? GEMINI_DEFAULT_TIMEOUT_MS;
    const ownEnv: Record<string, string> = {};
    if (raw.env !== null && typeof raw.env === 'object') for (const [k, v] of Object.entries(raw.env)) if (typeof v === 'string') ownEnv[k] = v;
    const data: GeminiEntryData = { sequential: raw.sequential === true, key: `${typeof raw.name === 'string' ? raw.name : ''}:${command}`, name };
    const source = origin.source;
    return {
      kind: 'command',
      name,
      plugin: origin.pluginRoot,
      longRunning: false,
      background: false,
      timeoutMs,
      data,
      invoke: (input: unknown, _context: unknown, signal?: AbortSignal): Promise<GeminiEntryOutcome> => {
        const i = input as { cwd: string; session_id: string };
        const values = { cwd: i.cwd, plansDir: join(i.cwd, '.gemini', 'plans'), sessionId: i.session_id };
        const run: CommandHookSpec = { type: 'command', command: 'bash', args: ['-c', expandCommand(command, values)] };
        const env = { ...host.withheldEnv(source), ...hookEnvironment(values), ...ownEnv };
        return runUnder(host, run, input, { cwd: i.cwd, env, timeoutMs }, signal).then(
          (r) => fromCommandResult(r, spec),
          (error: unknown) => ({ outcome: 'error', success: false, message: `could not be run: ${errorMessage(error)}` }),
        );
      },
    };
  },

  methods: {
    loadSettings: (registry, _host, options: LoadGeminiSettingsOptions) => loadGeminiSettings(registry as Parameters<typeof loadGeminiSettings>[0], options),
  },
};

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

// Whether a dispatch's entries run one after another: any has `sequential` (worked out once per entry list:
// the registry hands the same array to every dispatch until the event's entries change).
const SEQUENTIAL = new WeakMap<readonly Entry[], boolean>();
function isSequential(entries: readonly Entry[]): boolean {
  let sequential = SEQUENTIAL.get(entries);
  if (sequential === undefined) SEQUENTIAL.set(entries, (sequential = entries.some((e) => (e.data as GeminiEntryData | undefined)?.sequential === true)));
  return sequential;
}

// `new Date().toISOString()`, made once per millisecond (it costs ≈0.4 µs; a dispatch, less).
let lastMs = -1;
let lastIso = '';
function isoNow(): string {
  const ms = Date.now();
  if (ms !== lastMs) {
    lastMs = ms;
    lastIso = new Date(ms).toISOString();
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
    if (r.aborted) return { blocked: false, aborted: true, runs };
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
