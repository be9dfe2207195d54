// The cursor profile: Cursor's agent hooks (hooks.json), as cursor.com/docs/hooks describes them (docs
// fetched 2026-08-24, Cursor 3.x) and as Cursor 3.9.16 was observed to run them (spec /tmp/cursor-spec.md).
// What differs from the other profiles is here or in the files it names: the 21 camelCase events and the
// flat snake_case stdin Cursor sends (events.ts, input.ts); an unanchored regex matcher, on a constant for
// some events (matcher.ts); every matching hook started at once (src/parallel-run.ts) and merged by source
// priority (merge.ts); Cursor's output, exit-code and failure rules — invalid JSON from a gate blocks,
// `failClosed` (output.ts); `timeout` in seconds (default 60, UNCERTAIN); follow-ups capped by loop_limit
// (state.ts); the flat hooks.json (config.ts) and Cursor's file order (settings.ts).
//
// Sources (the shared ConfigSource names): `managed` = enterprise (MDM) hooks.json, `project` =
// <project>/.cursor/hooks.json, `user` = ~/.cursor/hooks.json, `plugin`. A hook runs from the folder
// Cursor runs it from (D-new; spec §1.4, which corrects the "relative to the file's folder"):
// project hooks from the project root (so `.cursor/hooks/x.sh`, and 1Password's `bin/run-hook.sh`),
// user and enterprise hooks from the file's folder (`./hooks/x.sh` is ~/.cursor/hooks/x.sh), plugin hooks
// from the plugin root. Relative command paths resolve from there, through the shell.
import { basename, dirname } from 'node:path';
import { errorMessage } from '../../dispatch-run.js';
import type { Entry } from '../../entry.js';
import { describeValue, HookTypeError } from '../../errors.js';
import type { CommandHookSpec } from '../../executor/index.js';
import { runUnder } from '../../executor/run-under.js';
import { runParallel, type ParallelRules } from '../../parallel-run.js';
import { compileRequiredCheck, type RequiredCheck } from '../../required-fields.js';
import type { AddConfigReport } from '../../config/add-config.js';
import type { HookContext } from '../../types.js';
import type { ConfigOrigin, EventView, Profile, ProfileHost, ProfileTypes } from '../profile.js';
import { parseCursorConfig, type CursorHandlerFields, type CursorParsedConfig } from './config.js';
import { CURSOR_EVENT_SPECS, CURSOR_HOOK_EVENTS, MS_LOOKING_TIMEOUT, type CursorEventSpec, type CursorHookEvent } from './events.js';
import { hookEnv, makeHookInput } from './input.js';
import { compileCursorMatcher } from './matcher.js';
import { LOOP_LIMITS, mergeCursorOutcomes, type CursorDispatchResult, type MergeExtras } from './merge.js';
import { failure, fromCommandResult, fromValue, says, type CursorEntryOutcome, type ReadRules } from './output.js';
import type { CursorCommonFields, CursorHookInput, CursorHookOutput, CursorHookPayloads } from './payloads.js';
import { loadCursorSettings, type LoadCursorSettingsOptions } from './settings.js';
import { CURSOR_OPTION_KEYS, CursorState, type CursorProfileOptions } from './state.js';

/** cursor profile: an in-process handler gets the stdin a command would read and returns Cursor's JSON output. */
export type CursorHookHandler<E extends CursorHookEvent = CursorHookEvent> = (
  input: CursorHookInput<E>,
  context: HookContext,
) => CursorHookOutput | void | undefined | PromiseLike<CursorHookOutput | void | undefined>;

/** What `dispatch` takes on a cursor event: the event's fields, and the common ones (filled when absent). */
export type CursorDispatchPayload<E extends CursorHookEvent> = CursorHookPayloads[E] & Partial<CursorCommonFields>;

export interface CursorRegistryMethods {
  /** Finds and loads Cursor's hooks files in its order — enterprise, project, user, plugins (settings.ts). */
  loadSettings(options: LoadCursorSettingsOptions): Promise<AddConfigReport[]>;
}

export interface CursorProfileTypes extends ProfileTypes {
  events: CursorHookEvent;
  payloads: { [E in CursorHookEvent]: CursorDispatchPayload<E> };
  handlers: { [E in CursorHookEvent]: CursorHookHandler<E> };
  result: CursorDispatchResult;
  options: CursorProfileOptions;
  methods: CursorRegistryMethods;
}

export interface CursorEventView extends EventView {
  readonly spec: CursorEventSpec;
  readonly rules: ParallelRules<CursorEntryOutcome>;
  readonly hasRequired: RequiredCheck;
}

// Merge priority by source (merge.ts): in-process handlers, enterprise, project, user, plugin.
const RANK: Readonly<Record<string, number>> = { code: 0, managed: 1, project: 2, user: 3, plugin: 4 };
// A configured hook's read rules, by its invoker: the run's own deadline (a command that never ends) fails it as configured.
const READ_RULES = new WeakMap<object, ReadRules>();
const IN_PROCESS: ReadRules = Object.freeze({ failClosed: false, strictGates: false });
// An entry whose matcher cannot match its event's constant subject (beforeReadFile "Read", stop "Stop", …).
const NEVER = (): boolean => false;

let VIEWS: ReadonlyMap<string, CursorEventView> | undefined;
const views = (): ReadonlyMap<string, CursorEventView> =>
  (VIEWS ??= new Map(
    CURSOR_HOOK_EVENTS.map((name) => {
      const spec = CURSOR_EVENT_SPECS[name];
      const rules: ParallelRules<CursorEntryOutcome> = {
        name,
        // In-process handlers: Cursor's default rules (fail open; JSON without a decision allows).
        fromValue: (value) => fromValue(value, spec, IN_PROCESS),
        failure: (entry, kind, message) => failure(spec, READ_RULES.get(entry.invoke) ?? IN_PROCESS, kind, message),
        // (A literal that starts with the spread and goes on takes V8's slow path, ≈0.8 µs: the spread goes last;
        // an outcome that says nothing needs no rank.)
        settle: (entry, outcome) => (says(outcome) ? { entry, rank: RANK[entry.meta?.source ?? 'code'] ?? 0, ...outcome } : outcome),
        merge: (outcomes, runs, input, extras) => mergeCursorOutcomes(spec, outcomes, runs, input as Record<string, unknown>, extras as MergeExtras),
      };
      const view: CursorEventView = { name, matchField: spec.matchField, matchBasename: false, background: false, spec, rules, hasRequired: compileRequiredCheck(spec.required) };
      return [name, Object.freeze(view)];
    }),
  ));

const conversationOf = (host: ProfileHost<CursorState>, p: Record<string, unknown>): string => (typeof p.conversation_id === 'string' ? p.conversation_id : (host.session.sessionId ?? ''));

// Where a configured hook runs (D-new, §1.4): project hooks from the project root (the folder above the
// file's .cursor/), user / enterprise hooks from the file's folder, plugin hooks from the plugin root;
// a config added without its file runs from projectDir.
function workingDir(host: ProfileHost<CursorState>, origin: ConfigOrigin, h: CursorHandlerFields): string {
  if (origin.source === 'plugin' && origin.pluginRoot !== undefined) return origin.pluginRoot;
  if (h.configDir === undefined) return host.projectDir;
  if (origin.source === 'project') return basename(h.configDir) === '.cursor' ? dirname(h.configDir) : host.projectDir;
  return h.configDir;
}

export const cursorProfile: Profile<CursorProfileTypes, CursorState, CursorEventView> = {
  name: 'cursor',
  events: CURSOR_HOOK_EVENTS,
  view: (event) => views().get(event),
  optionKeys: CURSOR_OPTION_KEYS,
  init: (options) => new CursorState(options as CursorProfileOptions),

  compileMatcher: (matcher, host) => compileCursorMatcher(matcher, host.logger),

  checkPayload(view, payload) {
    if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
      throw new HookTypeError('HOOKS_ERR_PAYLOAD_INVALID', `dispatch('${view.name}'): expected the payload to be an object, got ${describeValue(payload)}`);
    }
    if (view.hasRequired(payload as Record<string, unknown>)) return;
    const missing = view.spec.required.find((field) => (payload as Record<string, unknown>)[field] === undefined);
    throw new HookTypeError('HOOKS_ERR_PAYLOAD_INVALID', `dispatch('${view.name}'): the payload is missing the required field \`${missing}\``);
  },

  // Matchers on the events whose subject is a constant were decided when the hook was added.
  selects: (e) => e.condition === NEVER,
  select: (_view, _payload, entries) => entries.filter((e) => e.condition !== NEVER),
  whyNot: (view, _payload, e: Entry) => (e.condition === NEVER ? `matcher ${JSON.stringify(e.meta?.matcher ?? '')} does not match ${JSON.stringify(view.spec.matchConstant)}, what ${view.name} matchers test` : undefined),

  run(host, view, payload, entries, signal) {
    const p = payload as Record<string, unknown>;
    const state = host.state;
    const conversation = conversationOf(host, p);
    const loopKey = view.name === 'stop' ? conversation : view.name === 'subagentStop' ? `${conversation}\0${String(p.subagent_id ?? p.subagent_type ?? '')}` : undefined;
    const defaults = { session: host.session, projectDir: host.projectDir, cursorVersion: state.cursorVersion, userEmail: state.userEmail };
    const input = makeHookInput(view.spec, defaults, p, loopKey === undefined ? undefined : state.loopCount(loopKey));
    const extras: MergeExtras = { state, loopKey, conversation };
    const running = runParallel({ rules: view.rules, input, entries, signal, logger: host.logger, defaultTimeoutMs: host.deadlines.handlerMs, ceilingMs: Infinity, observers: host.observers, extras });
    if (view.name !== 'sessionEnd') return running;
    return running.finally(() => state.sessionEnded(conversation));
  },

  concurrent: true,
  sources: ['managed', 'project', 'user', 'plugin'],
  gate(source, settings) {
    if (source === 'plugin' && !settings.enablePluginHooks) return 'enablePluginHooks';
    if (!settings.enableShellHooks) return 'enableShellHooks';
    // Cursor loads project hooks "in any trusted workspace" only.
    if (source === 'project' && !settings.allowProjectHooks) return 'allowProjectHooks';
    return undefined;
  },
  parseConfig: parseCursorConfig,
  configSettings(host, config, _origin, where) {
    const version = (config as CursorParsedConfig).version;
    if (version !== undefined && version !== 1) host.logger.warn(`harness-hooks: hooks.json${where} says version ${version}; this profile reads version 1 (its hooks are loaded as version 1)`);
    return undefined;
  },

  configEntry(host, event, hook, origin) {
    const h = hook as typeof hook & CursorHandlerFields;
    // UNCERTAIN choice (§3.4): prompt hooks are evaluated by Cursor's own fast model; not run here.
    if (h.type === 'prompt') return { skip: 'prompt hooks (type "prompt") are not run by the cursor profile: Cursor evaluates them with its own model' };
    const spec = CURSOR_EVENT_SPECS[event as CursorHookEvent];
    const state = host.state;
    const timeoutSec = h.timeout ?? state.defaultTimeoutSec;
    // Seconds (D-new "Execution timeout in seconds"; Cursor's Bugbot: "10000 means ~2.8 hours").
    if (h.timeout !== undefined && h.timeout >= MS_LOOKING_TIMEOUT) {
      host.logger.warn(`harness-hooks: ${event} hook ${JSON.stringify(h.command)} has timeout ${h.timeout}: Cursor reads seconds (about ${(h.timeout / 3600).toFixed(1)} hours), not milliseconds`);
    }
    const timeoutMs = timeoutSec * 1000;
    // failClosed counts on gates only (UNCERTAIN elsewhere: ignored).
    const rules: ReadRules = { failClosed: h.failClosed === true && spec.gate, strictGates: state.strictGates };
    const root = origin.pluginRoot;
    const pluginEnv: Record<string, string> = root === undefined ? {} : { CURSOR_PLUGIN_ROOT: root, CLAUDE_PLUGIN_ROOT: root };
    const run: CommandHookSpec = process.platform === 'win32' ? { type: 'command', command: h.command!, shell: 'powershell' } : { type: 'command', command: h.command! };
    const source = origin.source;
    const invoke = (input: unknown, _context: unknown, signal?: AbortSignal): Promise<CursorEntryOutcome> => {
      const stdin = input as Record<string, unknown>;
      const withheld = host.withheldEnv(source);
      const session = typeof stdin.conversation_id === 'string' ? state.sessionEnv(stdin.conversation_id) : undefined;
      const env = { ...withheld, ...session, ...hookEnv(stdin), ...pluginEnv };
      return runUnder(host, run, stdin, { cwd: workingDir(host, origin, h), env, timeoutMs }, signal).then(
        (r) => fromCommandResult(r, spec, rules, timeoutSec),
        (error: unknown) => failure(spec, rules, 'error', `could not be run: ${errorMessage(error)}`),
      );
    };
    READ_RULES.set(invoke, rules);
    if (spec.output === 'followup' && h.loop_limit !== undefined) LOOP_LIMITS.set(invoke, h.loop_limit);
    let condition: (() => boolean) | undefined;
    if (spec.matchConstant !== null && h.matcher !== undefined) {
      const test = compileCursorMatcher(h.matcher, host.logger);
      if (test !== null && !test(spec.matchConstant)) condition = NEVER;
    }
    const fields = {
      kind: 'command' as const,
      name: h.command!,
      plugin: root,
      longRunning: false,
      background: false,
      timeoutMs,
      ...(condition === undefined ? {} : { condition }),
      invoke,
    };
    return fields;
  },

  methods: {
    loadSettings: (registry, _host, options: LoadCursorSettingsOptions) => loadCursorSettings(registry as Parameters<typeof loadCursorSettings>[0], options),
  },
};

