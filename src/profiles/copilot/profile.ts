// The copilot profile: GitHub Copilot CLI 1.0.102's hooks (spec: REF @05da5bc3 and the CLI's changelog).
// What differs from the other profiles is here or in the files it names: the 14 camelCase events, whose
// PascalCase spellings are the same events with the "VS Code compatible" snake_case stdin and Claude tool
// names (events.ts, input.ts); the full-match regex matcher and, for PascalCase tool hooks, Claude's
// (matcher.ts); hooks one at a time in config order (src/dispatch-run.ts) merged as Copilot merges them
// (merge.ts); its output and failure rules — preToolUse fails closed, timeouts open (output.ts);
// `timeoutSec` in seconds, default 30; Copilot's config shape (config.ts) and its file order (settings.ts).
//
// Sources (the shared ConfigSource names): `managed` = policy.d (not disableable by disableAllHooks),
// `project` = .github/hooks/*.json, .github/copilot/settings.json, .claude/settings.json, `local` = the
// two settings.local.json, `user` = ~/.copilot/hooks/*.json and ~/.copilot/settings.json, `plugin`.
import { resolve } from 'node:path';
import { DispatchRun, errorMessage, type RunLimits, type SequentialRules } from '../../dispatch-run.js';
import type { EntryReport } from '../../entry.js';
import { describeValue, HookTypeError } from '../../errors.js';
import type { CommandHookSpec } from '../../executor/index.js';
import { runUnder } from '../../executor/run-under.js';
import { compileRequiredCheck, type RequiredCheck } from '../../required-fields.js';
import type { HookContext } from '../../types.js';
import type { AddConfigReport } from '../../config/add-config.js';
import type { EventView, Profile, ProfileTypes } from '../profile.js';
import { parseCopilotConfig, type CopilotHandlerFields } from './config.js';
import { claudeToolName, COPILOT_DEFAULT_TIMEOUT_SEC, COPILOT_EVENT_SPECS, COPILOT_HOOK_EVENTS, PASCAL_EVENTS, type CopilotEventSpec, type CopilotHookEvent } from './events.js';
import { camelStdin, makeHookInput, pascalStdin } from './input.js';
import { compileClaudeMatcher, compileCopilotMatcher } from './matcher.js';
import { makeCopilotRules, type CopilotDispatchResult } from './merge.js';
import { fromCommandResult, fromRunError, type CopilotDecision } from './output.js';
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
  options: {};
  methods: CopilotRegistryMethods;
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

// A PascalCase tool hook's Claude matcher, by its condition (for whyNot).
const CLAUDE_MATCHERS = new WeakMap<object, string>();

const toolNameOf = (payload: unknown): string => String((payload as { toolName?: unknown }).toolName ?? '');

export const copilotProfile: Profile<CopilotProfileTypes, RunLimits, CopilotEventView> = {
  name: 'copilot',
  events: COPILOT_HOOK_EVENTS,
  // A PascalCase key is the same event (configEvent maps it): addConfig looks it up here.
  view: (event) => views().get(event) ?? views().get(PASCAL_EVENTS.get(event) ?? ''),
  configEvent: (event) => PASCAL_EVENTS.get(event) ?? event,
  init: (_options, host) => Object.freeze({ entryMs: host.deadlines.handlerMs, ceilingMs: Infinity, observers: host.observers }),

  compileMatcher: (matcher, host) => compileCopilotMatcher(matcher, host.logger),

  checkPayload(view, payload) {
    if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
      throw new HookTypeError('HOOKS_ERR_PAYLOAD_INVALID', `dispatch('${view.name}'): expected the payload to be an object, got ${describeValue(payload)}`);
    }
    if (view.hasRequired(payload as Record<string, unknown>)) return;
    const missing = view.spec.required.find((field) => (payload as Record<string, unknown>)[field] === undefined);
    throw new HookTypeError('HOOKS_ERR_PAYLOAD_INVALID', `dispatch('${view.name}'): the payload is missing the required field \`${missing}\``);
  },

  // PascalCase tool hooks: their Claude matcher is the entry's condition.
  select: (_view, payload, entries) => entries.filter((e) => typeof e.condition !== 'function' || e.condition(toolNameOf(payload), undefined)),
  whyNot(_view, payload, e) {
    if (typeof e.condition !== 'function' || e.condition(toolNameOf(payload), undefined)) return undefined;
    const tool = toolNameOf(payload);
    return `PascalCase matcher ${JSON.stringify(CLAUDE_MATCHERS.get(e.condition) ?? '')} did not match ${JSON.stringify(tool)} (Claude name ${JSON.stringify(claudeToolName(tool))})`;
  },

  run(host, view, payload, entries, signal) {
    const input = makeHookInput(view.spec, host.session, host.projectDir, payload as Record<string, unknown>);
    return new DispatchRun(view.rules, input, entries, signal, host.state, host.logger).start();
  },

  sources: ['managed', 'project', 'local', 'user', 'plugin'],
  gate(source, settings) {
    if (source === 'plugin' && !settings.enablePluginHooks) return 'enablePluginHooks';
    if (!settings.enableShellHooks) return 'enableShellHooks';
    // Repo hooks load only once the folder is trusted (CL 1.0.8); policy bypasses trust.
    if ((source === 'project' || source === 'local') && !settings.allowProjectHooks) return 'allowProjectHooks';
    return undefined;
  },
  parseConfig: parseCopilotConfig,

  configEntry(host, event, hook, origin) {
    const h = hook as typeof hook & CopilotHandlerFields;
    if (h.type === 'invalid') return { skip: `${h.invalid} (Copilot drops this item and loads its siblings)` };
    // Policy hooks ignore disableAllHooks (REF).
    if (h.disabledBy !== undefined && origin.source !== 'managed') return { skip: h.disabledBy };
    // UNCERTAIN choice: http hooks (fail open, https-only on permission events) and prompt hooks (a
    // sessionStart text Copilot submits as the user) are not run here.
    if (h.type === 'http') return { skip: 'http hooks are not run by the copilot profile' };
    if (h.type === 'prompt') return { skip: 'prompt hooks are not run by the copilot profile (Copilot submits the text as a prompt of a new interactive session)' };
    const windows = process.platform === 'win32';
    if (h.command === undefined) return { skip: `no ${windows ? 'powershell' : 'bash'} command for this platform` };
    const spec = COPILOT_EVENT_SPECS[event as CopilotHookEvent];
    // `bash` runs under bash -c, `powershell` under pwsh, `exec` directly (REF; the exact argv is UNCERTAIN).
    const exec = typeof h.exec === 'string';
    const run: CommandHookSpec = exec ? { type: 'command', command: h.command, args: (h.args as string[] | undefined) ?? [] } : windows ? { type: 'command', command: h.command, shell: 'powershell' } : { type: 'command', command: 'bash', args: ['-c', h.command] };
    const timeoutMs = (h.timeoutSec ?? COPILOT_DEFAULT_TIMEOUT_SEC) * 1000;
    const root = origin.pluginRoot;
    // Every hook gets COPILOT_CLI=1 (CL 0.0.421); plugin hooks their root three ways (CL 1.0.26).
    const own: Record<string, string> = { COPILOT_CLI: '1', ...(root === undefined ? {} : { PLUGIN_ROOT: root, COPILOT_PLUGIN_ROOT: root, CLAUDE_PLUGIN_ROOT: root }), ...h.env };
    const pascal = h.form === 'pascal';
    const source = origin.source;
    const onFailure = h.onFailure;
    const claude = h.claudeMatcher === undefined ? null : compileClaudeMatcher(h.claudeMatcher, host.logger);
    const condition = claude === null ? undefined : (tool: string) => claude(tool);
    if (condition !== undefined) CLAUDE_MATCHERS.set(condition, h.claudeMatcher!);
    const name = h.command;
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
      invoke: (input: unknown, _context: unknown, signal?: AbortSignal): Promise<EntryReport> => {
        const stdin = pascal ? pascalStdin(spec, input as Record<string, unknown>) : camelStdin(input as Record<string, unknown>);
        const withheld = host.withheldEnv(source);
        const options = { cwd: h.cwd === undefined ? host.projectDir : resolve(host.projectDir, h.cwd), env: withheld === undefined ? own : { ...withheld, ...own }, timeoutMs };
        return runUnder(host, run, stdin, options, signal).then(
          (r) => fromCommandResult(r, spec, onFailure, host.logger, name),
          (error: unknown) => fromRunError(spec, onFailure, `could not be run: ${errorMessage(error)}`),
        );
      },
    };
  },

  methods: {
    loadSettings: (registry, _host, options: LoadCopilotSettingsOptions) => loadCopilotSettings(registry as Parameters<typeof loadCopilotSettings>[0], options),
  },
};
