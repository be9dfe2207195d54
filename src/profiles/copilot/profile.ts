// The copilot profile: GitHub Copilot CLI 1.0.102's hooks (spec: REF @05da5bc3 and the CLI's changelog,
// checked against the real binary: fixtures/copilot/oracle/, replayed by test/profiles/copilot/conformance.test.ts).
// What differs from the other profiles is here or in the files it names: the 14 camelCase events, whose
// PascalCase spellings are the same events with the "VS Code compatible" snake_case stdin and Claude tool
// names (events.ts, input.ts); the full-match regex matcher and, for PascalCase tool hooks, Claude's
// (matcher.ts); hooks one at a time in config order (src/dispatch-run.ts) merged as Copilot merges them
// (merge.ts); its output and failure rules — preToolUse fails closed, timeouts open (output.ts);
// `timeoutSec` in seconds, default 30; what a command hook runs with — env expansion, plugin variables and
// placeholders, the cwd fallback (command.ts); http hooks (http.ts); the agentStop runaway cap of 8
// (COPILOT_STOP_CAP); the gates (gate.ts); Copilot's config shape (config.ts) and its file order (settings.ts).
//
// Sources (the shared ConfigSource names): `managed` = policy.d (not disableable by disableAllHooks),
// `project` = .github/hooks/*.json, .github/copilot/settings.json, .claude/settings.json, `local` = the
// two settings.local.json, `user` = ~/.copilot/hooks/*.json and ~/.copilot/settings.json, `plugin`.
import { copilotDialect } from './dialect.js';
import { encodeCopilotOutput } from './encode.js';
import { dirname, resolve } from 'node:path';
import { DispatchRun, errorMessage, type RunLimits, type SequentialRules } from '../../dispatch-run.js';
import { StopCap, type StopCapRule } from '../../stop-cap.js';
import type { EntryReport } from '../../entry.js';
import type { CommandHookSpec } from '../../executor/index.js';
import { urlForDisplay } from '../../http/url-text.js';
import { runUnder } from '../../executor/run-under.js';
import { checkRequiredPayload, compileRequiredCheck, type RequiredCheck } from '../../required-fields.js';
import type { HookContext } from '../../types.js';
import type { AddConfigReport } from '../../config/add-config.js';
import type { EventView, Profile, ProfileTypes } from '../profile.js';
import { parseCopilotConfig, type CopilotHandlerFields } from './config.js';
import { claudeToolName, COPILOT_DEFAULT_TIMEOUT_SEC, COPILOT_EVENT_SPECS, COPILOT_HOOK_EVENTS, PASCAL_EVENTS, type CopilotEventSpec, type CopilotHookEvent } from './events.js';
import { camelStdin, makeHookInput, pascalStdin } from './input.js';
import { execArgs, expandEnv, pluginVariables, shellLine, spawnCwd, substitute } from './command.js';
import { copilotGate } from './gate.js';
import { checkHttpUrl, runCopilotHttpHook } from './http.js';
import { compileClaudeMatcher, compileCopilotMatcher } from './matcher.js';
import { makeCopilotRules, type CopilotDispatchResult } from './merge.js';
import { COPILOT_TEXT, hookFileLabel } from './model-text.js';
import { fromCommandResult, fromRunError, hookLabel, type CopilotDecision } from './output.js';
import type { CopilotCommonFields, CopilotHookInput, CopilotHookOutput, CopilotHookPayloads } from './payloads.js';
import { loadCopilotSettings, type LoadCopilotSettingsOptions } from './settings.js';

/** copilot profile: an in-process handler gets the camelCase input and returns Copilot's JSON output. */
export type CopilotHookHandler<E extends CopilotHookEvent = CopilotHookEvent> = (
  input: CopilotHookInput<E>,
  context: HookContext,
) => CopilotHookOutput | void | undefined | PromiseLike<CopilotHookOutput | void | undefined>;

/** What `dispatch` takes on a copilot event: the event's fields, and the common ones. */
export type CopilotDispatchPayload<E extends CopilotHookEvent> = CopilotHookPayloads[E] & Partial<CopilotCommonFields>;

export interface CopilotRegistryMethods {
  /** Finds and loads Copilot's hook files in its order (settings.ts); a file Copilot rejects is dropped with a warning. */
  loadSettings(options: LoadCopilotSettingsOptions): Promise<AddConfigReport[]>;
}

export interface CopilotProfileTypes extends ProfileTypes {
  events: CopilotHookEvent;
  payloads: { [E in CopilotHookEvent]: CopilotDispatchPayload<E> };
  handlers: { [E in CopilotHookEvent]: CopilotHookHandler<E> };
  result: CopilotDispatchResult;
  options: CopilotProfileOptions;
  methods: CopilotRegistryMethods;
}

/** The copilot profile's registry options (besides the shared ones). */
export interface CopilotProfileOptions {
  /**
   * agentStop blocks obeyed in a row (per session; a submitted prompt starts the count again); past them
   * the block is overridden and the turn ends (`stopCapped`), as Copilot's runaway guard does after 8
   * (REF; CL 1.0.72). Default: `HARNESS_HOOKS_COPILOT_STOP_BLOCK_CAP`, else 8.
   */
  stopBlockCap?: number;
}

/**
 * Copilot's runaway guard (REF; CL 1.0.72): "after 8 consecutive block results on agentStop, the CLI
 * ends the turn anyway". UNCERTAIN whether the 8th or the 9th block is the one overridden: here 8 are
 * obeyed, as in Claude Code. Copilot has no variable for it; the one here is this library's.
 */
export const COPILOT_STOP_CAP: StopCapRule = Object.freeze({
  defaultCap: 8,
  envVar: 'HARNESS_HOOKS_COPILOT_STOP_BLOCK_CAP',
  message: (blocks: number, cap: number) => `agentStop hooks blocked ${blocks} consecutive times, past Copilot's runaway cap of ${cap}: the block is overridden and the turn ends`,
});

/** What the copilot profile keeps per registry (`host.state`). */
export interface CopilotState extends RunLimits {
  /** Blocked agentStop dispatches in a row, per session. */
  readonly stopCap: StopCap;
}

export interface CopilotEventView extends EventView {
  readonly spec: CopilotEventSpec;
  readonly rules: SequentialRules<CopilotDecision[]>;
  readonly hasRequired: RequiredCheck;
}

let VIEWS: ReadonlyMap<string, CopilotEventView> | undefined;
const views = (): ReadonlyMap<string, CopilotEventView> =>
  (VIEWS ??= new Map(
    COPILOT_HOOK_EVENTS.map((name) => {
      const spec = COPILOT_EVENT_SPECS[name];
      const view: CopilotEventView = { name, matchField: spec.matchField, matchBasename: false, background: false, spec, rules: makeCopilotRules(spec), hasRequired: compileRequiredCheck(spec.required) };
      return [name, Object.freeze(view)];
    }),
  ));

// postToolUse / postToolUseFailure context as the model gets it: words that name the tool (model-text.ts).
function withToolWords(event: string, input: Record<string, unknown>, result: CopilotDispatchResult): CopilotDispatchResult {
  if (result.injectContext === undefined || result.blocked) return result;
  const tool = String(input.toolName);
  const words = event === 'postToolUse' ? COPILOT_TEXT.postContext(tool, result.injectContext) : COPILOT_TEXT.failureContext(tool, result.injectContext);
  return { ...result, modelText: { ...(result.modelText?.toolResult === undefined ? {} : { toolResult: result.modelText.toolResult }), blocks: [...(result.modelText?.blocks ?? []), words] } };
}

// A PascalCase tool hook's Claude matcher, by its condition (for whyNot).
const CLAUDE_MATCHERS = new WeakMap<object, string>();

const toolNameOf = (payload: unknown): string => String((payload as { toolName?: unknown }).toolName ?? '');

export const copilotProfile: Profile<CopilotProfileTypes, CopilotState, CopilotEventView> = {
  name: 'copilot',
  events: COPILOT_HOOK_EVENTS,
  // A PascalCase key is the same event (configEvent maps it): addConfig looks it up here.
  view: (event) => views().get(event) ?? views().get(PASCAL_EVENTS.get(event) ?? ''),
  configEvent: (event) => PASCAL_EVENTS.get(event) ?? event,
  optionKeys: ['stopBlockCap'],
  init: (options, host) => Object.freeze({ entryMs: host.deadlines.handlerMs, ceilingMs: Infinity, observers: host.observers, exactTiming: host.exactTiming, stopCap: new StopCap(COPILOT_STOP_CAP, options.stopBlockCap) }),

  compileMatcher: (matcher, host) => compileCopilotMatcher(matcher, host.logger),

  checkPayload: checkRequiredPayload,

  // PascalCase tool hooks: their Claude matcher is the entry's condition.
  select: (_view, payload, entries) => entries.filter((e) => typeof e.condition !== 'function' || e.condition(toolNameOf(payload), undefined)),
  whyNot(_view, payload, e) {
    if (typeof e.condition !== 'function' || e.condition(toolNameOf(payload), undefined)) return undefined;
    const tool = toolNameOf(payload);
    return `PascalCase matcher ${JSON.stringify(CLAUDE_MATCHERS.get(e.condition) ?? '')} did not match ${JSON.stringify(tool)} (Claude name ${JSON.stringify(claudeToolName(tool))})`;
  },

  run(host, view, payload, entries, signal) {
    const input = makeHookInput(view.spec, host.session, host.projectDir, payload as Record<string, unknown>);
    // Rewrites chain (the binary, fixtures/copilot/oracle/04, 09): the rules' `chain` (merge.ts).
    const running = new DispatchRun(view.rules, input, entries, signal, host.state, host.logger).start();
    // The runaway guard counts agentStop blocks in a row per session; a submitted prompt starts again.
    const key = `session:${String(input.sessionId)}\0`; // (\0: reset's prefix must not match another session's key)
    if (view.name === 'userPromptSubmitted') host.state.stopCap.reset(key);
    if (view.name === 'postToolUse' || view.name === 'postToolUseFailure') return running.then((result) => withToolWords(view.name, input, result as CopilotDispatchResult));
    if (view.name !== 'agentStop') return running;
    return running.then((result) => {
      const settled = host.state.stopCap.settle(key, result as CopilotDispatchResult, host.logger);
      if (settled.stopCapped === undefined) return settled;
      // An overridden block continues nothing: no next prompt.
      const { reason: _reason, hookSpecificOutput, ...rest } = settled;
      const out = hookSpecificOutput === undefined ? undefined : Object.fromEntries(Object.entries(hookSpecificOutput).filter(([k]) => k !== 'decision' && k !== 'reason'));
      return { ...rest, ...(out === undefined || Object.keys(out).length <= 1 ? {} : { hookSpecificOutput: out }) };
    });
  },

  dialect: copilotDialect,
  stopCapRule: COPILOT_STOP_CAP,
  encodeOutput: encodeCopilotOutput,
  sources: ['managed', 'project', 'local', 'user', 'plugin'],
  gate: (source, settings) => copilotGate(source, settings),
  parseConfig: (config, file) => parseCopilotConfig(config, file),
  // A hook runs in its own `cwd` (from the repo root): the trust store finds its scripts there.
  hookDir(host, hook, origin) {
    const cwd = (hook as CopilotHandlerFields).cwd;
    return cwd === undefined ? undefined : resolve(host.projectDir, substitute(cwd, pluginVariables(origin.pluginRoot, host.projectDir)));
  },

  configEntry(host, event, hook, origin) {
    const h = hook as typeof hook & CopilotHandlerFields & Record<string, unknown>;
    if (h.type === 'invalid') return { skip: `${h.invalid} (Copilot drops this item and loads its siblings)` };
    // Policy hooks ignore disableAllHooks (REF).
    if (h.disabledBy !== undefined && origin.source !== 'managed') return { skip: h.disabledBy };
    // UNCERTAIN choice: prompt hooks (a sessionStart text Copilot submits as the user) are not run here.
    if (h.type === 'prompt') return { skip: 'prompt hooks are not run by the copilot profile (Copilot submits the text as a prompt of a new interactive session)' };
    const spec = COPILOT_EVENT_SPECS[event as CopilotHookEvent];
    const pascal = h.form === 'pascal';
    const source = origin.source;
    const timeoutMs = (h.timeoutSec ?? COPILOT_DEFAULT_TIMEOUT_SEC) * 1000;
    const claude = h.claudeMatcher === undefined ? null : compileClaudeMatcher(h.claudeMatcher, host.logger);
    const condition = claude === null ? undefined : (tool: string) => claude(tool);
    if (condition !== undefined) CLAUDE_MATCHERS.set(condition, h.claudeMatcher!);
    // The stdin is built inside the run's promise: an input that does not serialize (a circular or BigInt
    // toolArgs) is a run error — fail closed on preToolUse — not a synchronous throw the run fails open on.
    const stdinOf = (input: unknown): Record<string, unknown> => (pascal ? pascalStdin(spec, input as Record<string, unknown>) : camelStdin(input as Record<string, unknown>));

    if (h.type === 'http') {
      const url = h.url as string;
      const checked = checkHttpUrl(url, spec, h.allowedEnvVars !== undefined);
      if ('why' in checked) return { skip: checked.why };
      const http = { url, ...(h.headers === undefined ? {} : { headers: h.headers as Record<string, string> }), ...(h.allowedEnvVars === undefined ? {} : { allowedEnvVars: h.allowedEnvVars as string[] }), timeoutMs, loopback: checked.loopback };
      return {
        kind: 'http',
        name: urlForDisplay(url),
        plugin: origin.pluginRoot,
        longRunning: true,
        background: false,
        timeoutMs,
        ...(condition === undefined ? {} : { condition }),
        invoke: async (input: unknown, _context: unknown, signal?: AbortSignal): Promise<EntryReport> => {
          let body: Record<string, unknown>;
          try {
            body = stdinOf(input);
            JSON.stringify(body);
          } catch (error) {
            // HTTP hooks fail open on every error (§5.2).
            return { outcome: 'error', message: `HTTP hook ${urlForDisplay(url)} could not be sent: ${errorMessage(error)}; failed open` };
          }
          return runCopilotHttpHook(http, body, spec, host.withheldEnv(source), host.logger, signal, pascal ? 'pascal' : 'camel');
        },
      };
    }

    const windows = process.platform === 'win32';
    if (h.command === undefined) return { skip: `no ${windows ? 'powershell' : 'bash'} command for this platform` };
    const root = origin.pluginRoot;
    const vars = pluginVariables(root, host.projectDir);
    // `bash` runs under bash -c, `powershell` under pwsh, `exec` directly (REF; the exact argv is UNCERTAIN).
    const exec = typeof h.exec === 'string';
    const line = h.command;
    const run: CommandHookSpec = exec
      ? { type: 'command', command: substitute(line, vars), args: execArgs(line, (h.args as string[] | undefined) ?? [], vars) }
      : windows
        ? { type: 'command', command: shellLine(line, root !== undefined, true), shell: 'powershell' }
        : { type: 'command', command: 'bash', args: ['-c', shellLine(line, root !== undefined, false)] };
    const cwd = h.cwd === undefined ? undefined : substitute(h.cwd, vars);
    // Every hook gets COPILOT_CLI=1 (CL 0.0.421), the project as COPILOT_PROJECT_DIR and CLAUDE_PROJECT_DIR,
    // and its file's folder as COPILOT_HOOK_DIR (the binary, oracle 01, 08 env-and-cwd); plugin hooks their
    // root and data folder too (command.ts).
    const own: Record<string, string> = { COPILOT_CLI: '1', COPILOT_PROJECT_DIR: host.projectDir, CLAUDE_PROJECT_DIR: host.projectDir, ...(h.hookFile === undefined || h.inSettings === true ? {} : { COPILOT_HOOK_DIR: dirname(h.hookFile) }), ...vars };
    // How a crash's deny names this hook's file to the model (model-text.ts).
    const from = hookFileLabel(h.hookFile, host.projectDir);
    const onFailure = h.onFailure;
    // Messages name the hook by its line (the executor only knows the program it spawned: `bash`).
    const name = line;
    const warn = (message: string): void => host.logger.warn(`harness-hooks: command hook "${hookLabel(name)}" on ${spec.name}: ${message}`);
    return {
      kind: 'command',
      name,
      plugin: root,
      // The sequential run's per-entry deadline is for in-process handlers; a command's own timeoutSec ends it.
      longRunning: true,
      background: false,
      timeoutMs,
      ...(condition === undefined ? {} : { condition }),
      ...(onFailure === undefined ? {} : { onFailure }),
      invoke: async (input: unknown, _context: unknown, signal?: AbortSignal): Promise<EntryReport> => {
        try {
          const stdin = stdinOf(input);
          const withheld = host.withheldEnv(source);
          // `env` expanded against what the hook inherits, withheld names already gone (command.ts).
          const expanded = expandEnv(h.env, Object.assign(host.inheritedEnv(source), own));
          const env = { ...withheld, ...own, ...expanded };
          const options = { cwd: await spawnCwd(host.projectDir, cwd, warn), env, timeoutMs };
          const r = await runUnder(host, run, stdin, options, signal);
          return fromCommandResult(r, spec, onFailure, host.logger, name, run.command, pascal ? 'pascal' : 'camel', from);
        } catch (error) {
          return fromRunError(spec, onFailure, `command hook "${hookLabel(name)}" could not be run: ${errorMessage(error)}`, from);
        }
      },
    };
  },

  methods: {
    loadSettings: (registry, _host, options: LoadCopilotSettingsOptions) => loadCopilotSettings(registry as unknown as Parameters<typeof loadCopilotSettings>[0], options),
  },
};
