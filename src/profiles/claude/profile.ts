// The claude profile: Claude Code's hooks, settings and plugins, unchanged. Everything that differs from
// the default profile is here or in the files it names: the 33-event catalogue (events.ts), snake_case
// payloads that *are* the hook input (payloads.ts), Claude Code's matcher dialect and `if` rules
// (matcher.ts), all matching hooks started at once on the shared parallel run (src/parallel-run.ts) and
// merged in registration order (merge.ts), JSON-or-text output and the per-event exit-2 table
// (output.ts), the handler types (handlers.ts), `timeout` in seconds with per-event defaults, exec-form
// `args`, `shell`, `once`, `statusMessage`, CLAUDE_* environment variables and CLAUDE_ENV_FILE, four
// settings sources with de-duplication (settings.ts), its own options (options.ts) and the methods it
// adds to its registries: registerSdkHooks (sdk.ts), loadClaudeSettings, takeAsyncResults.
import { claudeDialect } from './dialect.js';
import { encodeClaudeOutput } from './encode.js';
import { mkdtempSync, rmSync, writeFileSync } from '../../node-builtins.js';
import { tmpdir } from '../../node-builtins.js';
import { join } from 'node:path';
import { readRegularFile } from '../../config/read-file.js';
import type { Entry } from '../../entry.js';
import { runParallelWith, type ParallelLimits, type ParallelRules } from '../../parallel-run.js';
import { checkRequiredPayload, compileRequiredCheck, type RequiredCheck } from '../../required-fields.js';
import { dedupWinners } from '../../dedup.js';
import type { HookContext } from '../../types.js';
import type { EventView, Profile, ProfileHost, ProfileTypes } from '../profile.js';
import type { AsyncHookResult } from './adapters.js';
import { CLAUDE_EVENT_SPECS, CLAUDE_HOOK_EVENTS, type ClaudeEventSpec, type ClaudeHookEvent } from './events.js';
import { makeConfigEntry, type ClaudeExtras } from './handlers.js';
import { HookInputBuilder } from './input.js';
import { compileClaudeMatcher } from './matcher.js';
import { mergeClaudeOutcomes, type ClaudeDispatchResult } from './merge.js';
import { CLAUDE_OPTION_KEYS, CLAUDE_STOP_CAP, makeClaudeState, type ClaudeProfileOptions, type ClaudeState } from './options.js';
import { failClosed, fromHandlerValue, refusedOutcome, SAID_NOTHING, type ClaudeEntryOutcome } from './output.js';
import type { ClaudeHookInput, ClaudeHookOutput, ClaudeHookPayloads } from './payloads.js';
import { registerSdkHooks, type SdkHooks, type SdkHooksOfAnyVersion } from './sdk.js';
import { loadClaudeSettings, type LoadClaudeSettingsOptions } from './settings.js';
import { claudeConfigChange } from './config-change.js';
import type { AddConfigReport } from '../../config/add-config.js';

/** claude profile: an in-process handler gets the hook input and returns Claude Code's JSON output. */
export type ClaudeHookHandler<E extends ClaudeHookEvent = ClaudeHookEvent> = (
  input: ClaudeHookInput<E>,
  context: HookContext,
) => ClaudeHookOutput | void | undefined | PromiseLike<ClaudeHookOutput | void | undefined>;

/** What `dispatch` takes on a claude event: the event's fields, and the common ones when the harness has them. */
export type ClaudeDispatchPayload<E extends ClaudeHookEvent> = ClaudeHookPayloads[E] &
  Partial<Pick<ClaudeHookInput, 'session_id' | 'transcript_path' | 'cwd' | 'permission_mode' | 'agent_id' | 'agent_type' | 'effort' | 'prompt_id'>>;

/** The methods the claude profile adds to its registries. */
export interface ClaudeRegistryMethods {
  /**
   * Registers Claude Agent SDK hook callbacks unchanged (`options.hooks` of the SDK):
   * `{ [event]: [{ matcher?, hooks: [callback], timeout? (s), onFailure? }] }`. Returns an unregister-all.
   */
  registerSdkHooks(hooks: SdkHooks): () => void;
  registerSdkHooks(hooks: SdkHooksOfAnyVersion): () => void;
  /**
   * Finds and loads ~/.claude/settings.json, <project>/.claude/settings.json and
   * <project>/.claude/settings.local.json (those that exist), in that order, each gated by its source.
   */
  loadClaudeSettings(options: LoadClaudeSettingsOptions): Promise<AddConfigReport[]>;
  /** The same as `loadClaudeSettings`, under the name every profile's loader has. */
  loadSettings(options: LoadClaudeSettingsOptions): Promise<AddConfigReport[]>;
  /** The background hooks that finished since the last call, each once, in completion order. */
  takeAsyncResults(): AsyncHookResult[];
}

/** The claude profile's types. */
export interface ClaudeProfileTypes extends ProfileTypes {
  events: ClaudeHookEvent;
  payloads: { [E in ClaudeHookEvent]: ClaudeDispatchPayload<E> };
  handlers: { [E in ClaudeHookEvent]: ClaudeHookHandler<E> };
  result: ClaudeDispatchResult;
  options: ClaudeProfileOptions;
  methods: ClaudeRegistryMethods;
}

/** SessionEnd hooks share this budget, raised to the largest configured timeout up to 60 s. */
const SESSION_END_BUDGET_MS = 1_500;
const SESSION_END_MAX_MS = 60_000;
/** CLAUDE_ENV_FILE is read up to 1 MiB. */
const MAX_ENV_FILE_BYTES = 1024 * 1024;

/** The claude profile's view of an event: its catalogue entry, merge rules and fixed per-dispatch values ride along. */
export interface ClaudeEventView extends EventView {
  readonly spec: ClaudeEventSpec;
  readonly rules: ParallelRules<ClaudeEntryOutcome>;
  /** Whether a payload has every required field (compiled once). */
  readonly hasRequired: RequiredCheck;
  /** Builds the event's hook inputs (input.ts). */
  readonly input: HookInputBuilder;
}

// Cold start: the views (and the checks compiled for them) are made on first use, not at import.
let VIEWS: ReadonlyMap<string, ClaudeEventView> | undefined;
const views = (): ReadonlyMap<string, ClaudeEventView> =>
  (VIEWS ??= new Map(
    CLAUDE_HOOK_EVENTS.map((name) => {
      const spec: ClaudeEventSpec = CLAUDE_EVENT_SPECS[name];
      const rules: ParallelRules<ClaudeEntryOutcome> = {
        name,
        fromValue: (value, entry, logger) => fromHandlerValue(value, entry.name, spec, logger),
        // What fromValue and settle make of undefined (an 'ok' that said nothing): nothing to fail closed on.
        silent: SAID_NOTHING,
        // In Claude Code a hook that fails is a non-blocking error (unless its onFailure says block).
        failure: (_entry, kind, message) => ({ outcome: kind, message }),
        refused: (_entry, reason) => refusedOutcome(spec, reason),
        settle: (entry, outcome) => {
          // PreModelSwitch (any hook) and PreToolUse / UserPromptSubmit (Agent SDK callbacks): a timeout blocks.
          if (outcome.outcome === 'timeout' && (spec.timeoutBlocks === 'all' || (spec.timeoutBlocks === 'sdk' && entry.meta?.source === 'sdk'))) {
            const reason = `Hook "${entry.name}" on ${name} timed out${spec.timeoutBlocks === 'all' ? '' : ' (an Agent SDK callback)'}, which blocks here`;
            return { outcome: 'block', output: { decision: 'block', reason }, message: outcome.message ?? reason };
          }
          return entry.onFailure === 'block' ? failClosed(entry, spec, outcome) : outcome;
        },
        merge: (outcomes, runs, input, extras) => mergeClaudeOutcomes(spec, outcomes, runs, input, (extras as ClaudeExtras).limit),
      };
      const view: ClaudeEventView = { name, matchField: spec.matchField, matchBasename: spec.matchBasename, background: false, spec, rules, hasRequired: compileRequiredCheck(spec.required), input: new HookInputBuilder(name) };
      return [name, Object.freeze(view)];
    }),
  ));

export const claudeProfile: Profile<ClaudeProfileTypes, ClaudeState, ClaudeEventView> = {
  name: 'claude',
  events: CLAUDE_HOOK_EVENTS,
  view: (event) => views().get(event),
  optionKeys: CLAUDE_OPTION_KEYS,
  init: (options, host) => makeClaudeState(options as ClaudeProfileOptions, host.logger),
  // FileChanged and StopFailure read matchers with Claude Code's narrower exact-match set (the catalogue's narrowMatchers).
  compileMatcher: (matcher, host, view) => compileClaudeMatcher(matcher, host.logger, view.spec.narrowMatchers === true),

  checkPayload: checkRequiredPayload,

  // `if` conditions run only on the tool events; elsewhere a hook with `if` never runs. HTTP, prompt and
  // agent hooks do not run on SessionStart and Setup. Identical settings hooks run once, in the place of
  // the last copy.
  select(view, payload, entries, host) {
    const kept = entries.filter((e) => claudeProfile.whyNot!(view, payload, e, host) === undefined);
    const winners = dedupWinners(kept);
    return winners.size === 0 ? kept : kept.filter((e) => e.dedupKey === undefined || winners.get(e.dedupKey) === e);
  },

  whyNot(view, payload, e, host) {
    const { spec, name: event } = view;
    const { policy } = host.state;
    if (policy.active) {
      const why = policy.whyNot(e);
      if (why !== undefined) return why;
    }
    if (e.httpType === true && !spec.httpAllowed) return `HTTP hooks do not run on ${event}`;
    if ((e.kind === 'prompt' || e.kind === 'agent') && !spec.promptHooksAllowed) return `${e.kind} hooks do not run on ${event} (there is no conversation yet)`;
    if (e.condition === undefined) return undefined;
    const rule = JSON.stringify(e.meta?.if ?? '');
    if (e.condition === false) return `\`if\` rule ${rule} is not a permission rule this profile can read`;
    if (!spec.ifConditions) return `\`if\` conditions are not evaluated on ${event}, so a hook with \`if\` never runs there`;
    const p = payload as Record<string, unknown>;
    return e.condition(String(p.tool_name ?? ''), p.tool_input) ? undefined : `\`if\` rule ${rule} did not match`;
  },

  run(host, view, payload, entries, signal) {
    const { spec } = view;
    const input = view.input.build(host.session, payload as object);
    // Fast path: the event's run limits, made once per registry (one lookup, no options object per dispatch).
    let fixed = host.state.runLimits.get(spec);
    if (fixed === undefined) host.state.runLimits.set(spec, (fixed = limitsOf(host, view, host.state.extrasFor(spec))));
    let extras = fixed.extras as ClaudeExtras;
    if (spec.name === 'SessionEnd') {
      const budget = sessionEndBudgetMs(entries, host.state.sessionEndEnvMs);
      extras = { ...extras, defaultTimeoutMs: budget, ceilingMs: budget };
    }
    // Foreground command hooks get CLAUDE_ENV_FILE; it is read and removed when the dispatch ends, so
    // `async` hooks, which outlive it, do not get one.
    const running = (
      spec.envFile && entries.some((e) => e.kind === 'command')
        ? runWithEnvFile(host, view, input, entries, signal, extras)
        : runParallelWith(extras === fixed.extras ? fixed : limitsOf(host, view, extras), input, entries, signal)
    ) as Promise<ClaudeDispatchResult>;
    // A submitted prompt starts a new turn: the session's Stop count starts again (the catalogue's startsTurn).
    if (spec.startsTurn === true) host.state.stopCap.reset(`session:${host.session.sessionId ?? ''}`);
    if (spec.stopCount === undefined) return running;
    // Blocks in a row are counted per session (Stop) and per agent (SubagentStop); past the cap, overridden.
    const p = payload as { agent_id?: unknown };
    const key = spec.stopCount === 'session' ? `session:${host.session.sessionId ?? ''}` : `agent:${typeof p.agent_id === 'string' ? p.agent_id : ''}`;
    return running.then((result) => {
      const settled = host.state.stopCap.settle(key, result, host.logger);
      // An overridden block continues nothing: no feedback for the model.
      if (settled.stopCapped !== undefined) delete (settled as ClaudeDispatchResult).modelText;
      return settled;
    });
  },

  // `managed`: policy settings (gated like the user's); `skill` and `agent`: hooks from a skill's or an
  // agent's frontmatter, which come from repositories as often as from the user, so gated like a project's.
  concurrent: true,
  dialect: claudeDialect,
  stopCapRule: CLAUDE_STOP_CAP,
  encodeOutput: encodeClaudeOutput,
  sources: ['managed', 'user', 'project', 'local', 'plugin', 'skill', 'agent'],
  gate(source, settings) {
    if (source === 'plugin') return settings.enablePluginHooks ? undefined : 'enablePluginHooks';
    if (!settings.enableShellHooks) return 'enableShellHooks';
    if ((source === 'project' || source === 'local' || source === 'skill' || source === 'agent') && !settings.allowProjectHooks) return 'allowProjectHooks';
    return undefined;
  },
  // An agent's Stop hooks fire when that agent (a subagent) stops: SubagentStop, as the docs say.
  configEvent: (event, origin) => (origin.source === 'agent' && event === 'Stop' ? 'SubagentStop' : event),
  // disableAllHooks, allowManagedHooksOnly, allowedHttpHookUrls, httpHookAllowedEnvVars (policy.ts).
  configSettings: (host, config, origin, where) => host.state.policy.apply(config, origin.source, host.logger, where),
  // registry.watch() fires ConfigChange before a changed settings file takes effect (config-change.ts).
  configChange: claudeConfigChange,

  // Every handler type: command, http, prompt, agent, mcp_tool (handlers.ts).
  configEntry: (host, event, hook, origin) => makeConfigEntry(host, CLAUDE_EVENT_SPECS[event as ClaudeHookEvent], hook, origin),

  methods: {
    registerSdkHooks: (registry, _host, hooks: SdkHooks) => registerSdkHooks(registry, hooks),
    loadClaudeSettings: (registry, _host, options: LoadClaudeSettingsOptions) =>
      loadClaudeSettings(registry as Parameters<typeof loadClaudeSettings>[0], options),
    loadSettings: (registry, _host, options: LoadClaudeSettingsOptions) =>
      loadClaudeSettings(registry as Parameters<typeof loadClaudeSettings>[0], options),
    takeAsyncResults: (_registry, host) => host.state.takeAsyncResults(),
  },
};

// The parallel run's limits for an event with these extras.
function limitsOf(host: ProfileHost<ClaudeState>, view: ClaudeEventView, extras: ClaudeExtras): ParallelLimits<ClaudeEntryOutcome> {
  return {
    rules: view.rules,
    logger: host.logger,
    defaultTimeoutMs: extras.defaultTimeoutMs,
    ceilingMs: extras.ceilingMs,
    extras,
    observers: host.observers,
    exactTiming: host.exactTiming,
  };
}

async function runWithEnvFile(
  host: ProfileHost<ClaudeState>,
  view: ClaudeEventView,
  input: unknown,
  entries: readonly Entry[],
  signal: AbortSignal | undefined,
  fixed: ClaudeExtras,
): Promise<ClaudeDispatchResult> {
  // One file per hook, each in a folder of its own, as Claude Code gives each hook its own
  // (`<event>-hook-<n>.sh`): a hook never reads what another (another source's) exported.
  const dirs: string[] = [];
  const files: string[] = [];
  const envFileFor = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'harness-hooks-env-'));
    dirs.push(dir);
    const file = join(dir, `${view.name.toLowerCase()}-hook-${files.length}.sh`);
    writeFileSync(file, '', { mode: 0o600 });
    files.push(file);
    return file;
  };
  const extras: ClaudeExtras = { ...fixed, envFileFor };
  try {
    const result = (await runParallelWith(limitsOf(host, view, extras), input, entries, signal)) as ClaudeDispatchResult;
    // A hook may have replaced its file (a FIFO, a link to /dev/zero, a directory) or removed it: read it
    // as a planted file, and a failure is a warning, never a rejected dispatch. Later hooks' values win.
    let env: Record<string, string> | undefined;
    for (const file of files) {
      try {
        const text = await readRegularFile(file, MAX_ENV_FILE_BYTES);
        env = Object.assign(env ?? {}, parseEnvFile(text));
      } catch (error) {
        host.logger.warn(`harness-hooks: a CLAUDE_ENV_FILE of the ${view.name} dispatch was not read: ${(error as Error).message}`);
      }
    }
    if (env !== undefined) result.env = env;
    return result;
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

// One budget for all SessionEnd hooks: 1.5 s, raised to the largest timeout of a settings file's hook
// (plugins' hooks do not raise it) up to 60 s, or to CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS (up to an
// hour), as Claude Code 2.1.328 computes it (observed: fixtures/claude/oracle/conformance/13-sessionend-*).
// It is each hook's timeout too, so no SessionEnd hook process outlives it.
export function sessionEndBudgetMs(entries: readonly Pick<Entry, 'timeoutMs' | 'meta'>[], envMs?: number): number {
  const longest = Math.max(0, ...entries.filter((e) => SETTINGS_SOURCES.has(e.meta?.source ?? '')).map((e) => e.timeoutMs ?? 0).filter(Number.isFinite));
  const fromEnv = envMs !== undefined && Number.isFinite(envMs) && envMs > 0 ? Math.min(envMs, SESSION_END_ENV_MAX_MS) : 0;
  return Math.max(SESSION_END_BUDGET_MS, Math.min(longest, SESSION_END_MAX_MS), fromEnv);
}

const SETTINGS_SOURCES: ReadonlySet<string> = new Set(['managed', 'user', 'project', 'local']);
const SESSION_END_ENV_MAX_MS = 3_600_000;

// The `export NAME=value` (or `NAME=value`) lines hooks wrote to CLAUDE_ENV_FILE; quotes are removed.
export function parseEnvFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=(.*?)\s*$/.exec(line);
    if (!m) continue;
    let value = m[2]!;
    if (value.length >= 2 && ((value.startsWith('"') && value.endsWith('"')) || (value.startsWith("'") && value.endsWith("'")))) value = value.slice(1, -1);
    env[m[1]!] = value;
  }
  return env;
}
