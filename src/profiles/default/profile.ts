// The default profile: the afk harness's ten events (../shared/seeds/000_…). Everything that differs from
// the claude profile is in this folder: the catalogue (events.ts), camelCase in-process payloads
// (payloads.ts), the afk matcher dialect with tool aliases (matcher.ts), entries one at a time in
// registration order with per-entry deadlines (src/dispatch-run.ts) under the afk merge rules (merge.ts),
// the narrow command stdin (command-input.ts), `timeout_ms` capped at 30 s, and three config sources.
import { defaultDialect } from './dialect.js';
import { encodeDefaultOutput } from './encode.js';
import { fromCommandInput } from './command-input.js';
import { DispatchRun, type RunLimits, type SequentialRules } from '../../dispatch-run.js';
import type { EntryReport } from '../../entry.js';
import { describeValue, HookTypeError } from '../../errors.js';
import { resolveTimeoutMs, type CommandHookSpec, type CommandResult } from '../../executor/index.js';
import { runUnder } from '../../executor/run-under.js';
import { StopCap, type StopCapRule } from '../../stop-cap.js';
import type { DispatchResult } from '../../types.js';
import type { EventView, Profile, ProfileHost, ProfileTypes } from '../profile.js';
import { toCommandInput } from './command-input.js';
import { EVENT_SPECS, HOOK_EVENTS, type EventSpec, type HookEvent } from './events.js';
import { compileMatcher } from './matcher.js';
import { makeSequentialRules, type MergeState } from './merge.js';
import type { HookHandler, HookPayloads } from './payloads.js';

/** The default profile's types: its events, payloads, handlers and result. */
export interface DefaultProfileTypes extends ProfileTypes {
  events: HookEvent;
  payloads: HookPayloads;
  handlers: { [E in HookEvent]: HookHandler<E> };
  result: DispatchResult;
  options: DefaultProfileOptions;
  methods: {};
}

/** The default profile's registry options (besides the shared ones). */
export interface DefaultProfileOptions {
  /**
   * Stop blocks obeyed in a turn (shared by all hooks); past them a block is logged, not obeyed
   * (`stopCapped`); 0: no continuation at all. Default: `AFK_STOP_HOOK_MAX_CONTINUATIONS`, else 2 (seed 000, Stop).
   */
  stopBlockCap?: number;
}

/** The afk harness's Stop cap (seed 000, Stop): 2 continuations per turn, shared across hooks. */
export const DEFAULT_STOP_CAP: StopCapRule = Object.freeze({
  defaultCap: 2,
  envVar: 'AFK_STOP_HOOK_MAX_CONTINUATIONS',
  message: (blocks: number, cap: number) =>
    cap === 0 ? 'a Stop hook blocked, but continuation is off (AFK_STOP_HOOK_MAX_CONTINUATIONS is 0): the block is logged, not obeyed' : `Stop hooks blocked ${blocks} times in this turn, past the cap of ${cap} continuations (AFK_STOP_HOOK_MAX_CONTINUATIONS): the block is logged, not obeyed`,
});

/** Per registry: the three kinds of limits its events have, from the registry's deadlines (made once). */
export interface DefaultState {
  readonly handler: RunLimits;
  readonly stop: RunLimits;
  readonly subagentStop: RunLimits;
  /** Blocked Stop dispatches in this turn. */
  readonly stopCap: StopCap;
}

/** The default profile's view of an event: its catalogue entry and merge rules ride along (no lookups per dispatch). */
export interface DefaultEventView extends EventView {
  readonly spec: EventSpec;
  readonly rules: SequentialRules<MergeState>;
}

// Cold start: the views (and the checks compiled for them) are made on first use, not at import.
let VIEWS: ReadonlyMap<string, DefaultEventView> | undefined;
const views = (): ReadonlyMap<string, DefaultEventView> =>
  (VIEWS ??= new Map(
    HOOK_EVENTS.map((name) => {
      const spec: EventSpec = EVENT_SPECS[name];
      const view: DefaultEventView = { name, matchField: spec.toolMatcher ? 'toolName' : null, matchBasename: false, background: spec.background, spec, rules: makeSequentialRules(spec) };
      return [name, Object.freeze(view)];
    }),
  ));

export const defaultProfile: Profile<DefaultProfileTypes, DefaultState, DefaultEventView> = {
  name: 'default',
  events: HOOK_EVENTS,
  view: (event) => views().get(event),
  // Only the shared options (toolAliases and deadlines among them).
  optionKeys: ['stopBlockCap'],
  init(options, host) {
    const { handlerMs, stopHandlerMs, subagentStopDispatchMs } = host.deadlines;
    const { observers, exactTiming } = host;
    return {
      handler: Object.freeze({ entryMs: handlerMs, ceilingMs: Infinity, observers, exactTiming }),
      stop: Object.freeze({ entryMs: stopHandlerMs, ceilingMs: Infinity, observers, exactTiming }),
      subagentStop: Object.freeze({ entryMs: handlerMs, ceilingMs: subagentStopDispatchMs, observers, exactTiming }),
      stopCap: new StopCap(DEFAULT_STOP_CAP, options.stopBlockCap),
    };
  },
  compileMatcher: (matcher, host) => compileMatcher(matcher, host.toolAliases, host.logger),
  checkPayload: (view, payload) => checkPayload(view.spec, payload),

  run(host, view, payload, entries, signal) {
    const { spec } = view;
    const state = host.state;
    const limits = spec.dispatchCeiling ? state.subagentStop : spec.deadline === 'stop' ? state.stop : state.handler;
    // Fast path: `{ event, ...payload }` then the assignment, not `{ ...payload, event }`: on V8 11 an
    // object literal that starts with a spread and goes on takes a slow path (≈0.35 µs against ≈30 ns).
    const event = spec.name;
    const input = { event, ...(payload as object) };
    input.event = event;
    const running = new DispatchRun(view.rules, input, entries, signal, limits, host.logger).start();
    // Fast path: the session key is made only on the two events that use it.
    if (event !== 'Stop' && event !== 'UserPromptSubmit') return running;
    // The cap is per turn and session: a submitted prompt starts the session's count again (when the event
    // has hooks; else a Stop that is not blocked does).
    const session = `${(payload as { sessionId?: unknown }).sessionId ?? host.session.sessionId ?? ''}`;
    if (event === 'UserPromptSubmit') {
      state.stopCap.reset(`${session}\0`);
      return running;
    }
    return running.then((result) => state.stopCap.settle(`${session}\0turn`, result, host.logger));
  },

  dialect: defaultDialect,
  stopCapRule: DEFAULT_STOP_CAP,
  encodeOutput: encodeDefaultOutput,
  stdinPayload: fromCommandInput,
  sources: ['user', 'project', 'plugin'],
  gate(source, settings) {
    if (source === 'plugin') return settings.enablePluginHooks ? undefined : 'enablePluginHooks';
    if (!settings.enableShellHooks) return 'enableShellHooks';
    if (source === 'project' && !settings.allowProjectHooks) return 'allowProjectHooks';
    return undefined;
  },

  configEntry(host, event, hook, origin) {
    if (hook.type !== 'command') return { skip: `unsupported handler type "${hook.type}"` };
    const command: CommandHookSpec = { type: 'command', command: hook.command! };
    if (hook.timeout_ms !== undefined) command.timeout_ms = hook.timeout_ms;
    if (hook.timeout !== undefined) command.timeout = hook.timeout;
    const env = origin.pluginRoot === undefined ? undefined : { CLAUDE_PLUGIN_ROOT: origin.pluginRoot };
    return {
      kind: 'command',
      name: command.command,
      plugin: undefined,
      longRunning: false,
      background: false,
      // For listHooks(), when the config sets one; the executor applies it (the registry's deadline still bounds the entry).
      ...(hook.timeout_ms !== undefined || hook.timeout !== undefined ? { timeoutMs: resolveTimeoutMs(command) } : {}),
      invoke: (payload, _context, signal) => runCommand(host, event as HookEvent, command, payload, signal, hookEnv(host, origin.source, env)),
    };
  },
};

// A command's environment: what its source may not inherit left out (`hookEnv`), then its own variables.
// Undefined when it adds and withholds nothing (the executor's fast path). Read per run: process.env moves.
function hookEnv(host: ProfileHost, source: string, own: Record<string, string> | undefined): Record<string, string | undefined> | undefined {
  const withheld = host.withheldEnv(source);
  return withheld === undefined ? own : { ...withheld, ...own };
}

// Runs one command hook for a dispatch and reports its outcome.
async function runCommand(
  host: ProfileHost,
  event: HookEvent,
  hook: CommandHookSpec,
  payload: unknown,
  signal: AbortSignal | undefined,
  env: Record<string, string | undefined> | undefined,
): Promise<EntryReport> {
  const input = toCommandInput(event, payload as never, host.session);
  return toEntryReport(await runUnder(host, hook, input, { cwd: input.cwd, env }, signal));
}

// The run record of a finished command: timeout, a block (exit 2, or a blocking decision, also one that
// came with a warning: held pipes, JSON too long to read), any other failure (error), or ok.
export function toEntryReport(r: CommandResult): EntryReport {
  const report: EntryReport = { outcome: 'ok' };
  if (Object.keys(r.decision).length > 0) report.decision = r.decision;
  if (r.warning !== undefined) report.message = r.warning;
  if (r.aborted) report.outcome = 'aborted';
  else if (r.timedOut) report.outcome = 'timeout';
  else if (r.exitCode === 2) report.outcome = 'block';
  else if (r.decision.decision === 'block' || r.decision.continue === false) report.outcome = 'block';
  else if (r.warning !== undefined) report.outcome = 'error';
  return report;
}

// The cheap payload check of the hot path: an object with each required field present and a string.
function checkPayload(spec: EventSpec, payload: unknown): void {
  if (payload === null || typeof payload !== 'object') {
    throw new HookTypeError('HOOKS_ERR_PAYLOAD_INVALID', `dispatch('${spec.name}'): expected the payload to be an object, got ${describeValue(payload)}`);
  }
  const required = spec.required;
  for (let i = 0; i < required.length; i++) {
    const field = required[i]!;
    const value = (payload as Record<string, unknown>)[field];
    if (typeof value !== 'string') {
      throw new HookTypeError(
        'HOOKS_ERR_PAYLOAD_INVALID',
        value === undefined
          ? `dispatch('${spec.name}'): the payload is missing the required field \`${field}\``
          : `dispatch('${spec.name}'): expected the payload field \`${field}\` to be a string, got ${describeValue(value)}`,
      );
    }
  }
}
