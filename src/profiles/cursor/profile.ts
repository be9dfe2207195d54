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
// Cursor runs it from (D-new; spec §1.4, which corrects the issue's "relative to the file's folder"):
// project hooks from the project root (so `.cursor/hooks/x.sh`, and 1Password's `bin/run-hook.sh`),
// user and enterprise hooks from the file's folder (`./hooks/x.sh` is ~/.cursor/hooks/x.sh), plugin hooks
// from the plugin root. Relative command paths resolve from there, through the shell.
//
// Session env (sessionStart `env`, §3.1): a hook process gets what sessionStart hooks of its own source or
// a higher-priority one exported for its conversation (in-process > managed > project > user > plugin),
// never what a lower-priority source exported; of another source's, only what the shared allow-list lets
// cross (src/exported-env.ts: a project's HOME or PYTHONUSERBASE never reaches the user's guard); names
// its source's `hookEnv` policy withholds stay withheld, and a hook whose source does not inherit
// everything gets no secret-looking variable another source exported. Prompt hooks are not run (Cursor evaluates them with its own model, §3.4): one with
// `failClosed` on a gate is registered as a stand-in that blocks, since skipping it would fail open.
import { cursorDialect } from './dialect.js';
import { encodeCursorOutput } from './encode.js';
import { basename, dirname, join } from 'node:path';
import { errorMessage } from '../../dispatch-run.js';
import { homedir, statSync } from '../../node-builtins.js';
import type { CommandHookSpec } from '../../executor/index.js';
import { runUnder } from '../../executor/run-under.js';
import { runParallel, type ParallelRules } from '../../parallel-run.js';
import { checkRequiredPayload, compileRequiredCheck, type RequiredCheck } from '../../required-fields.js';
import type { AddConfigReport } from '../../config/add-config.js';
import { looksSecret } from '../../hook-env.js';
import { mayExportTo } from '../../exported-env.js';
import type { HookContext } from '../../types.js';
import type { ConfigEntryFields, ConfigOrigin, EventView, Profile, ProfileHost, ProfileTypes } from '../profile.js';
import { configError, configIssues, handlerInfo, readCursorConfig, type CursorHandlerFields, type CursorParsedConfig } from './config.js';
import { CURSOR_EVENT_SPECS, CURSOR_HOOK_EVENTS, MS_LOOKING_TIMEOUT, type CursorEventSpec, type CursorHookEvent } from './events.js';
import { conversationOf, hookEnv, makeHookInput, powershellLine } from './input.js';
import { compileCursorMatcher } from './matcher.js';
import { LOOP_LIMITS, mergeCursorOutcomes, RANK, SOURCE_OF_RANK, type CursorDispatchResult, type MergeExtras } from './merge.js';
import { failure, fromCommandResult, fromValue, gateBlock, says, unreadable, type CursorEntryOutcome, type ReadRules } from './output.js';
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

// A configured hook's read rules, by its invoker: the run's own deadline (a command that never ends) fails it as configured.
const READ_RULES = new WeakMap<object, ReadRules>();
const IN_PROCESS: ReadRules = Object.freeze({ failClosed: false, strictGates: false });
// A matcher that cannot match its event's constant subject (beforeReadFile "Read", stop "Stop", …).
const NEVER = (): boolean => false;
// The events whose matcher tests a constant have no match value; the registry compiles a matcher only on
// an event with a match field, so their views name one the payload does not carry (the matcher ignores it).
const CONSTANT_FIELD = 'hook_event_name';

let VIEWS: ReadonlyMap<string, CursorEventView> | undefined;
const views = (): ReadonlyMap<string, CursorEventView> =>
  (VIEWS ??= new Map(
    CURSOR_HOOK_EVENTS.map((name) => {
      const spec = CURSOR_EVENT_SPECS[name];
      const rules: ParallelRules<CursorEntryOutcome> = {
        name,
        // In-process handlers: Cursor's default rules (fail open; JSON without a decision allows). A value
        // that throws while it is read (a getter) is unreadable output: a gate blocks.
        fromValue: (value, _entry, logger) => {
          try {
            return fromValue(value, spec, IN_PROCESS, logger);
          } catch (error) {
            return unreadable(spec, error);
          }
        },
        failure: (entry, kind, message) => failure(spec, READ_RULES.get(entry.invoke) ?? IN_PROCESS, kind, message),
        // A hook its input could not be sent to: a gate blocks, failClosed or not (a guard that read nothing
        // allowed nothing); elsewhere it failed.
        refused: (_entry, reason) => (spec.gate ? gateBlock(spec, 'error', reason) : { outcome: 'error', message: reason }),
        // (A literal that starts with the spread and goes on takes V8's slow path, ≈0.8 µs: the spread goes last;
        // an outcome that says nothing needs no rank.)
        settle: (entry, outcome) => (says(outcome) ? { entry, rank: RANK[entry.meta?.source ?? 'code'] ?? 0, ...outcome } : outcome),
        merge: (outcomes, runs, input, extras) => mergeCursorOutcomes(spec, outcomes, runs, input as Record<string, unknown>, extras as MergeExtras),
      };
      const matchField = spec.matchField ?? (spec.matchConstant === null ? null : CONSTANT_FIELD);
      const view: CursorEventView = { name, matchField, matchBasename: false, background: false, spec, rules, hasRequired: compileRequiredCheck(spec.required) };
      return [name, Object.freeze(view)];
    }),
  ));

// Where a configured hook runs (D-new, §1.4): project hooks from the project root (the folder above the
// file's .cursor/), user / enterprise hooks from the file's folder, plugin hooks from the plugin root.
// A user config added without its file runs from ~/.cursor, the folder Cursor keeps it in, so its
// relative commands (`./hooks/x.sh`) mean the same whether or not the file is named; any other config
// added without its file runs from projectDir.
function workingDir(host: ProfileHost<CursorState>, origin: ConfigOrigin, configDir: string | undefined): string {
  if (origin.source === 'plugin' && origin.pluginRoot !== undefined) return origin.pluginRoot;
  if (configDir === undefined) return origin.source === 'user' ? userHooksDir() : host.projectDir;
  if (origin.source === 'project') return basename(configDir) === '.cursor' ? dirname(configDir) : host.projectDir;
  return configDir;
}

// ~/.cursor; the home folder on a machine that has none (a user config given inline, without Cursor
// installed): a hook cannot start in a missing folder, and a user hook never runs from the project, whose
// files would then stand in for the user's scripts.
function userHooksDir(): string {
  const dir = join(homedir(), '.cursor');
  return statSync(dir, { throwIfNoEntry: false })?.isDirectory() === true ? dir : homedir();
}

// The subagentStop follow-up record's key: the subagent, by the most specific field the payload has
// (two parallel subagents of one type must not share a counter).
function subagentKey(p: Record<string, unknown>): string {
  for (const field of ['subagent_id', 'tool_call_id', 'agent_transcript_path', 'task'] as const) {
    const value = p[field];
    if (typeof value === 'string' && value !== '') return `subagent\0${field}\0${value}`;
  }
  return `subagent\0subagent_type\0${String(p.subagent_type ?? '')}`;
}

// What a hook from `source` (priority `rank`) gets of its conversation's exported variables (see above).
function exportedEnv(host: ProfileHost<CursorState>, conversation: string, source: string, rank: number, withheld: Readonly<Record<string, undefined>> | undefined): Record<string, string> | undefined {
  const inheritsAll = host.inheritsAllEnv(source);
  // (Checked per exporter: a higher source's value this hook may not get leaves it the lower one's.)
  const reaches = (from: number, name: string, value: string): boolean =>
    (withheld === undefined || !Object.hasOwn(withheld, name)) && mayExportTo(SOURCE_OF_RANK[from]!, source, name) && (inheritsAll || from === rank || !looksSecret(name, value));
  return host.state.sessionEnv(conversation, rank, reaches)?.env;
}

export const cursorProfile: Profile<CursorProfileTypes, CursorState, CursorEventView> = {
  name: 'cursor',
  events: CURSOR_HOOK_EVENTS,
  view: (event) => views().get(event),
  optionKeys: CURSOR_OPTION_KEYS,
  init: (options) => new CursorState(options as CursorProfileOptions),

  // On the events whose matcher tests a constant, decided here once: it matches the constant, or never.
  compileMatcher(matcher, host, view) {
    const test = compileCursorMatcher(matcher, host.logger);
    const constant = view.spec.matchConstant;
    if (constant === null || test === null) return test;
    return test(constant) ? null : NEVER;
  },

  checkPayload: checkRequiredPayload,

  run(host, view, payload, entries, signal) {
    const p = payload as Record<string, unknown>;
    const state = host.state;
    const conversation = conversationOf(host.session, p);
    const loopKey = view.name === 'stop' ? 'stop' : view.name === 'subagentStop' ? subagentKey(p) : undefined;
    const defaults = { session: host.session, projectDir: host.projectDir, cursorVersion: state.cursorVersion, userEmail: state.userEmail };
    const input = makeHookInput(view.spec, defaults, p, loopKey === undefined ? undefined : state.loopCount(conversation, loopKey));
    const extras: MergeExtras = { state, loopKey, conversation, logger: host.logger };
    const running = runParallel({ rules: view.rules, input, entries, signal, logger: host.logger, defaultTimeoutMs: host.deadlines.handlerMs, ceilingMs: Infinity, observers: host.observers, exactTiming: host.exactTiming, extras });
    if (view.name !== 'sessionEnd') return running;
    return running.finally(() => state.sessionEnded(conversation));
  },

  concurrent: true,
  dialect: cursorDialect,
  encodeOutput: encodeCursorOutput,
  sources: ['managed', 'project', 'user', 'plugin'],
  gate(source, settings) {
    // Plugin hooks need only enablePluginHooks (as in every other profile).
    if (source === 'plugin') return settings.enablePluginHooks ? undefined : 'enablePluginHooks';
    if (!settings.enableShellHooks) return 'enableShellHooks';
    // Cursor loads project hooks "in any trusted workspace" only.
    if (source === 'project' && !settings.allowProjectHooks) return 'allowProjectHooks';
    return undefined;
  },
  // Lenient: a malformed entry is a stand-in, and configEntry / configSettings apply the per-source rule.
  parseConfig: (config, file) => readCursorConfig(config, file).parsed,
  configSettings(host, config, origin, where) {
    const issues = configIssues(config);
    if (issues !== undefined && origin.source !== 'managed') throw configError(issues.issues, issues.file);
    const version = (config as CursorParsedConfig).version;
    if (version !== undefined && version !== 1) host.logger.warn(`harness-hooks: hooks.json${where} says version ${version}; this profile reads version 1 (its hooks are loaded as version 1)`);
    return undefined;
  },

  // A hook runs in its config's folder, not the payload's cwd: the trust store finds its scripts there.
  hookDir: (host, hook, origin) => workingDir(host, origin, handlerInfo(hook)?.configDir),

  configEntry(host, event, hook, origin) {
    const h = hook as typeof hook & CursorHandlerFields;
    const info = handlerInfo(hook);
    // A file with a malformed entry: rejected whole, except the enterprise file (config.ts). (Thrown on its
    // first hook, before any is added; configSettings throws too, for a file that is not gated off.)
    if (info?.issues !== undefined && origin.source !== 'managed') throw configError(info.issues, info.file);
    const spec = CURSOR_EVENT_SPECS[event as CursorHookEvent];
    const state = host.state;
    const timeoutSec = h.timeout ?? state.defaultTimeoutSec;
    const timeoutMs = timeoutSec * 1000;
    const root = origin.pluginRoot;
    // An entry that blocks every dispatch it matches.
    const standIn = (kind: 'command' | 'prompt', name: string, reason: string): ConfigEntryFields => {
      const outcome = gateBlock(spec, 'error', reason);
      return { kind, name, plugin: root, longRunning: false, background: false, timeoutMs, invoke: () => outcome };
    };
    if (info?.broken !== undefined) {
      if (!spec.gate) return { skip: `malformed enterprise hook (${info.broken}); ${event} cannot be blocked, so it is left out` };
      host.logger.warn(`harness-hooks: malformed enterprise hook entry (${info.broken}): a stand-in blocks ${event} in its place until the file is fixed`);
      return standIn('command', h.command!, `An enterprise ${event} hook is malformed (${info.broken}). The action was blocked for safety.`);
    }
    // UNCERTAIN choice (§3.4): prompt hooks are evaluated by Cursor's own fast model; not run here.
    if (h.type === 'prompt') {
      if (!(spec.gate && h.failClosed === true)) return { skip: 'prompt hooks (type "prompt") are not run by the cursor profile: Cursor evaluates them with its own model' };
      host.logger.warn(`harness-hooks: ${event} prompt hook ${JSON.stringify(h.prompt)} has failClosed, and prompt hooks are not supported by the cursor profile: it blocks every ${event} it matches`);
      return standIn('prompt', h.prompt!, 'hook failed closed: prompt hooks (type "prompt") are not supported by this profile');
    }
    // Seconds (D-new "Execution timeout in seconds"; Cursor's Bugbot: "10000 means ~2.8 hours").
    if (h.timeout !== undefined && h.timeout >= MS_LOOKING_TIMEOUT) {
      host.logger.warn(`harness-hooks: ${event} hook ${JSON.stringify(h.command)} has timeout ${h.timeout}: Cursor reads seconds (about ${(h.timeout / 3600).toFixed(1)} hours), not milliseconds`);
    }
    // failClosed counts on gates only (UNCERTAIN elsewhere: ignored).
    const rules: ReadRules = { failClosed: h.failClosed === true && spec.gate, strictGates: state.strictGates };
    const pluginEnv: Record<string, string> = root === undefined ? {} : { CURSOR_PLUGIN_ROOT: root, CLAUDE_PLUGIN_ROOT: root };
    const run: CommandHookSpec = process.platform === 'win32' ? { type: 'command', command: powershellLine(h.command!), shell: 'powershell' } : { type: 'command', command: h.command! };
    const source = origin.source;
    const rank = RANK[source] ?? RANK.plugin!;
    const cwd = workingDir(host, origin, info?.configDir);
    const logger = host.logger;
    const invoke = (input: unknown, _context: unknown, signal?: AbortSignal): Promise<CursorEntryOutcome> => {
      const stdin = input as Record<string, unknown>;
      const withheld = host.withheldEnv(source);
      const session = typeof stdin.conversation_id === 'string' ? exportedEnv(host, stdin.conversation_id, source, rank, withheld) : undefined;
      const env = { ...withheld, ...session, ...hookEnv(stdin), ...pluginEnv };
      return runUnder(host, run, stdin, { cwd, env, timeoutMs }, signal).then(
        (r) => {
          // Whatever goes wrong reading the output: a gate blocks, as for unreadable output.
          try {
            return fromCommandResult(r, spec, rules, timeoutSec, logger);
          } catch (error) {
            return unreadable(spec, error);
          }
        },
        (error: unknown) => failure(spec, rules, 'error', `could not be run: ${errorMessage(error)}`),
      );
    };
    READ_RULES.set(invoke, rules);
    if (spec.output === 'followup' && h.loop_limit !== undefined) LOOP_LIMITS.set(invoke, h.loop_limit);
    return { kind: 'command', name: h.command!, plugin: root, longRunning: false, background: false, timeoutMs, invoke };
  },

  methods: {
    loadSettings: (registry, _host, options: LoadCursorSettingsOptions) => loadCursorSettings(registry as Parameters<typeof loadCursorSettings>[0], options),
  },
};

