// The codex profile: Codex CLI 0.169.0's hooks, hooks.json and config.toml, unchanged. Everything that
// differs from the other profiles is here or in the files it names: the 14-event catalogue with stdin keys
// in Codex's order (events.ts), its matcher dialect (exact `[A-Za-z0-9_|]` lists, else an unanchored regex;
// apply_patch also fires Edit/Write matchers), all matching hooks started at once (src/parallel-run.ts)
// and merged in configured order (merge.ts), Codex's strict output rules (output.ts), `timeout` in whole
// seconds (default 600, at least 1), Codex's config forms (config.ts), its trust by `trusted_hash`
// (trust.ts), its layers (settings.ts) and the legacy `notify` program.
import { codexDialect } from './dialect.js';
import { encodeCodexOutput } from './encode.js';
import { homedir } from '../../node-builtins.js';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { errorMessage } from '../../dispatch-run.js';
import type { CommandHookSpec } from '../../executor/index.js';
import { runUnder } from '../../executor/run-under.js';
import { runParallel, type ParallelRules } from '../../parallel-run.js';
import { checkRequiredPayload, compileRequiredCheck, type RequiredCheck } from '../../required-fields.js';
import { compileListOrRegex, type ListOrRegexDialect } from '../../regex-guard.js';
import { stripTerminalControls } from '../../terminal-text.js';
import { quotePlaceholdersForShell } from '../../shell-placeholders.js';
import type { HookContext } from '../../types.js';
import type { AddConfigReport } from '../../config/add-config.js';
import type { ConfiguredHook, EventView, Profile, ProfileHost, ProfileRegistry, ProfileTypes } from '../profile.js';
import { CODEX_SETTINGS_KEY, parseCodexConfig, type CodexConfigSettings } from './config.js';
import { CODEX_DEFAULT_TIMEOUT_SEC, CODEX_EVENT_SPECS, CODEX_HOOK_EVENTS, CODEX_MATCHER_ALIASES, type CodexEventSpec, type CodexHookEvent } from './events.js';
import { mergeCodexOutcomes, type CodexDispatchResult } from './merge.js';
import { compileInputBuilder, type InputBuilder } from './input.js';
import { fromCommandResult, fromHandlerValue, refusal, SAID_NOTHING, type CodexEntryOutcome } from './output.js';
import type { CodexCommonFields, CodexHookInput, CodexHookOutput, CodexHookPayloads } from './payloads.js';
import { loadCodexSettings, type LoadCodexSettingsOptions } from './settings.js';
import { realPath as real } from '../../config/paths.js';
import { CODEX_OPTION_KEYS, CodexState, MANAGED_SOURCES, type CodexProfileOptions } from './state.js';
import { codexHookKey, codexStateTable, codexTrustedHash } from './trust.js';
import { UNTRUSTED_SOURCES } from '../../config/trust.js';

/** codex profile: an in-process handler gets the hook input and returns Codex's JSON output. */
export type CodexHookHandler<E extends CodexHookEvent = CodexHookEvent> = (
  input: CodexHookInput<E>,
  context: HookContext,
) => CodexHookOutput | void | undefined | PromiseLike<CodexHookOutput | void | undefined>;

/** What `dispatch` takes on a codex event: the event's fields, and the common ones. */
export type CodexDispatchPayload<E extends CodexHookEvent> = CodexHookPayloads[E] & Partial<CodexCommonFields>;

/** The legacy `notify` program's turn: what Codex passes it as JSON (its last argument). */
export interface CodexTurnComplete {
  threadId: string;
  turnId: string;
  cwd?: string;
  client?: string;
  inputMessages: readonly string[];
  lastAssistantMessage: string | null;
}

/** The methods the codex profile adds to its registries. */
export interface CodexRegistryMethods {
  /**
   * Finds and loads Codex's hook files in its order — managed requirements, `/etc/codex`, `$CODEX_HOME`
   * (default `~/.codex`), the project's `.codex/` folders, plugins — each layer's hooks.json then its
   * config.toml `[hooks]`. A file Codex cannot read is dropped with a warning, as Codex drops it.
   */
  loadSettings(options: LoadCodexSettingsOptions): Promise<AddConfigReport[]>;
  /**
   * Runs the legacy `notify` program (config.toml `notify = [...]`) for a completed turn: fire and forget,
   * the JSON as its last argument; close() ends it. Returns whether one was started.
   */
  notifyTurnComplete(turn: CodexTurnComplete): boolean;
}

export interface CodexProfileTypes extends ProfileTypes {
  events: CodexHookEvent;
  payloads: { [E in CodexHookEvent]: CodexDispatchPayload<E> };
  handlers: { [E in CodexHookEvent]: CodexHookHandler<E> };
  result: CodexDispatchResult;
  options: CodexProfileOptions;
  methods: CodexRegistryMethods;
}

export interface CodexEventView extends EventView {
  readonly spec: CodexEventSpec;
  readonly rules: ParallelRules<CodexEntryOutcome>;
  readonly hasRequired: RequiredCheck;
  /** Builds the hook input from a payload and the session (compiled once per event: input.ts). */
  readonly input: InputBuilder;
}

let VIEWS: ReadonlyMap<string, CodexEventView> | undefined;
const views = (): ReadonlyMap<string, CodexEventView> =>
  (VIEWS ??= new Map(
    CODEX_HOOK_EVENTS.map((name) => {
      const spec = CODEX_EVENT_SPECS[name];
      const rules: ParallelRules<CodexEntryOutcome> = {
        name,
        fromValue: (value) => fromHandlerValue(value, spec),
        silent: SAID_NOTHING,
        // A hook that throws, rejects or times out "failed": no effect (Codex fails open).
        failure: (_entry, kind, message) => ({ outcome: kind, message }),
        refused: (_entry, reason) => refusal(spec, reason),
        merge: (outcomes, runs, input) => mergeCodexOutcomes(spec, outcomes, runs, input as Record<string, unknown>),
      };
      const view: CodexEventView = { name, matchField: spec.matchField, matchBasename: false, background: false, spec, rules, hasRequired: compileRequiredCheck(spec.required), input: compileInputBuilder(spec) };
      return [name, Object.freeze(view)];
    }),
  ));

// Codex's is_exact_matcher: only ASCII letters, digits, `_` and `|`; an invalid regex skips the group.
// Codex's regexes are Rust's, linear time: `(a+)+$` is legitimate there, and runs as written here too (the
// bounded engine, regex-guard.ts, is linear as well).
const CODEX_DIALECT: ListOrRegexDialect = { exactList: /^[A-Za-z0-9_|]+$/, separator: /\|/, invalid: 'never', translate: fromRustRegex };

// The Rust `regex` syntax JavaScript spells differently: leading inline flags `(?i)`, `(?s)`, `(?m)`;
// named groups `(?P<name>…)`; `\A` and `\z`; `\p{…}` classes (the `u` flag). (Other Rust-only syntax,
// `[[:alpha:]]` classes among it, is read as JavaScript reads it.)
export function fromRustRegex(pattern: string): { source: string; flags: string } {
  let source = pattern;
  let flags = '';
  const inline = /^\(\?([ims]+)\)/.exec(source);
  if (inline) {
    flags = [...new Set(inline[1]!)].join('');
    source = source.slice(inline[0].length);
  }
  source = source.replace(/\(\?P</g, '(?<').replace(/(^|[^\\])((?:\\\\)*)\\A/g, '$1$2^').replace(/(^|[^\\])((?:\\\\)*)\\z/g, '$1$2$$');
  if (/\\[pP]/.test(source)) {
    // Rust's one-letter form `\pL` is `\p{L}` in JavaScript.
    source = source.replace(/\\([pP])([A-Za-z])/g, '\\$1{$2}');
    flags += 'u';
  }
  return { source, flags };
}

export const codexProfile: Profile<CodexProfileTypes, CodexState, CodexEventView> = {
  name: 'codex',
  events: CODEX_HOOK_EVENTS,
  view: (event) => views().get(event),
  optionKeys: CODEX_OPTION_KEYS,
  init: (options) => new CodexState(options as CodexProfileOptions),

  // A tool matcher also fires on the tool's aliases (apply_patch: Write, Edit; spawn_agent: Agent); the
  // hook still sees the tool's own name.
  compileMatcher(matcher, host) {
    const test = compileListOrRegex(matcher, CODEX_DIALECT, host.logger);
    if (test === null) return null;
    return (value) => test(value) || (CODEX_MATCHER_ALIASES.get(value)?.some(test) ?? false);
  },

  checkPayload: checkRequiredPayload,

  // Configured hooks can be turned off by a config added later ([features] hooks = false, allow_managed_hooks_only).
  selects: (e) => e.meta?.source !== undefined && e.meta.source !== 'code',
  select(view, payload, entries, host) {
    if (!host.state.active) return entries;
    return entries.filter((e) => codexProfile.whyNot!(view, payload, e, host) === undefined);
  },
  whyNot: (_view, _payload, e, host) => (e.meta?.source === undefined || e.meta.source === 'code' ? undefined : host.state.whyNot(e.meta.source)),

  run(host, view, payload, entries, signal) {
    const input = view.input(payload as Record<string, unknown>, host.session);
    return runParallel({ rules: view.rules, input, entries, signal, logger: host.logger, defaultTimeoutMs: CODEX_DEFAULT_TIMEOUT_SEC * 1000, ceilingMs: Infinity, observers: host.observers, exactTiming: host.exactTiming });
  },

  concurrent: true,
  // managed: requirements.toml; system: /etc/codex (managed too); session: `-c` overrides.
  dialect: codexDialect,
  encodeOutput: encodeCodexOutput,
  sources: ['managed', 'system', 'user', 'project', 'session', 'plugin'],
  gateWhy: (source, gate, host) =>
    source === 'project' && gate === 'allowProjectHooks' && host.state.projectTrusted === false
      ? 'the project is not trusted by Codex (no `[projects."<dir>"] trust_level = "trusted"` in the user\'s config.toml): Codex ignores its .codex/ folder'
      : undefined,
  gate(source, settings, host) {
    if (source === 'plugin') return settings.enablePluginHooks ? undefined : 'enablePluginHooks';
    if (!settings.enableShellHooks) return 'enableShellHooks';
    // An untrusted project is a disabled layer in Codex.
    if (source === 'project' && (!settings.allowProjectHooks || host?.state.projectTrusted === false)) return 'allowProjectHooks';
    return undefined;
  },
  parseConfig: parseCodexConfig,
  configSettings: (host, config, origin, where) => host.state.apply((config as Record<string, unknown>)[CODEX_SETTINGS_KEY] as CodexConfigSettings | undefined, origin.source, where),

  trust(host, h) {
    if (MANAGED_SOURCES.has(h.origin.source) || h.hook.type !== 'command') return undefined;
    const event = h.event as CodexHookEvent;
    const key = keySource(host, h);
    if (key === null) return { why: `not trusted by Codex: a plugin hook's trust is keyed by the plugin's id; pass loadSettings \`plugins: [{ root, id }]\` (or set bypassHookTrust)`, trust: 'new' };
    const stateKey = key === undefined ? undefined : codexHookKey(key, event, h.group, h.index);
    const state = stateKey === undefined ? undefined : host.state.hookState(stateKey);
    if (state?.enabled === false) return { why: `disabled in config.toml ([hooks.state."${stateKey}"] enabled = false)`, trust: 'changed' };
    if (host.state.bypassHookTrust) return undefined;
    const hash = codexTrustedHash(event, h.matcher, h.hook as Parameters<typeof codexTrustedHash>[2]);
    if (state?.trusted_hash === hash) return undefined;
    if (stateKey === undefined) return { why: 'not trusted by Codex: a config without `file` has no [hooks.state] key (pass addConfig its file, or set bypassHookTrust)', trust: 'new' };
    const line = `trusted_hash = ${JSON.stringify(hash)}`;
    const table = codexStateTable(stateKey);
    // Each snippet parses as pasted: a new table on lines of its own (appended at the end of the file, where
    // no other table's keys follow it), or, where the table exists, the one line to put in it.
    if (state === undefined) return { why: `not trusted by Codex, which skips it without a word: the user's config.toml has no trusted_hash for it; approve it in Codex's /hooks, or append these two lines to ~/.codex/config.toml:\n${table}\n${line}`, trust: 'new' };
    const what = state.trusted_hash === undefined ? 'it has no trusted_hash' : 'changed since it was approved (its trusted_hash is for other contents)';
    return { why: `not trusted by Codex: ${what}; approve it in Codex's /hooks, or put this line in its ${table} table in ~/.codex/config.toml, in place of any trusted_hash there:\n${line}`, trust: state.trusted_hash === undefined ? 'new' : 'changed' };
  },

  configEntry(host, event, hook, origin) {
    if (hook.type === 'prompt' || hook.type === 'agent') return { skip: `${hook.type} hooks are not supported yet (as in Codex 0.169.0)` };
    if (hook.type !== 'command') return { skip: `"${hook.type}" hooks are not run by this profile` };
    const spec = CODEX_EVENT_SPECS[event as CodexHookEvent];
    const windows = (hook as Record<string, unknown>).commandWindows;
    const raw = process.platform === 'win32' && typeof windows === 'string' ? windows : hook.command!;
    if (raw.trim() === '') return { skip: 'empty hook command (Codex skips it)' };
    // A plugin's hooks get PLUGIN_ROOT / CLAUDE_PLUGIN_ROOT and PLUGIN_DATA / CLAUDE_PLUGIN_DATA, and
    // `${NAME}` of those in the command (after the trust hash, which covers the text as written) becomes a
    // reference to that variable, not the folder's path as text as Codex pastes it: deliberately, so a
    // plugin folder named with `$( )`, a backtick or a quote runs its script and nothing else
    // (src/shell-placeholders.ts). The name shown keeps the path in place.
    // (The data folder's place is not read from Codex: ~/.codex/plugins/data/<plugin folder name>.)
    const data = origin.pluginRoot === undefined ? '' : join(homedir(), '.codex', 'plugins', 'data', basename(resolve(origin.pluginRoot)));
    const pluginEnv: Record<string, string> | undefined =
      origin.pluginRoot === undefined ? undefined : { PLUGIN_ROOT: origin.pluginRoot, CLAUDE_PLUGIN_ROOT: origin.pluginRoot, PLUGIN_DATA: data, CLAUDE_PLUGIN_DATA: data };
    let command = raw;
    for (const [name, value] of Object.entries(pluginEnv ?? {})) command = command.replaceAll(`\${${name}}`, value);
    const timeoutMs = Math.max(1, hook.timeout ?? CODEX_DEFAULT_TIMEOUT_SEC) * 1000;
    const run: CommandHookSpec = { type: 'command', command: pluginEnv === undefined ? raw : quotePlaceholdersForShell(raw, Object.keys(pluginEnv)) };
    const background = hook.async === true;
    const source = origin.source;
    const fields = {
      kind: 'command' as const,
      name: command,
      plugin: origin.pluginRoot,
      longRunning: false,
      background: false,
      timeoutMs: background ? Infinity : timeoutMs,
      ...(hook.statusMessage === undefined ? {} : { statusMessage: stripTerminalControls(hook.statusMessage) }),
      invoke: (input: unknown, _context: unknown, signal?: AbortSignal): Promise<CodexEntryOutcome> => {
        const withheld = host.withheldEnv(source);
        const env = withheld === undefined ? pluginEnv : { ...withheld, ...pluginEnv };
        const options = { cwd: (input as { cwd?: string }).cwd, env, timeoutMs };
        if (background) {
          // async: started, not waited for; close() ends it. (Its output is not read here.)
          host.track(runUnder(host, run, input, options, undefined).catch(() => undefined));
          return Promise.resolve({ outcome: 'ok', message: 'started in the background', background: true });
        }
        return runUnder(host, run, input, options, signal).then(
          (r) => fromCommandResult(r, spec),
          (error: unknown) => ({ outcome: 'error', message: `could not be run: ${errorMessage(error)}` }),
        );
      },
    };
    return fields;
  },

  methods: {
    loadSettings: (registry, host, options: LoadCodexSettingsOptions) => loadCodexSettings(registry as Parameters<typeof loadCodexSettings>[0], host as ProfileHost<CodexState>, options),
    notifyTurnComplete: (registry, host, turn: CodexTurnComplete) => notifyTurnComplete(registry, host as ProfileHost<CodexState>, turn),
  },
};

// Where Codex's trust key of a hook starts: its file's real absolute path; a plugin's id and the file's path
// in the plugin; undefined without a file; null for a plugin whose id is not known. A project's file is
// keyed where it is found — the real path of the folder holding its `.codex/`, then `.codex/<file>`, links
// below that not followed —: a `.codex/hooks.json` (or a `.codex/`) that is a link to another repository's
// approved one is this repository's, and does not inherit that approval for the scripts it runs here.
// (Where Codex keys it by the link's target, an approval Codex made through the link is not found here: it
// is approved again — the stricter side, deliberately.)
function keySource(host: ProfileHost<CodexState>, h: ConfiguredHook): string | undefined | null {
  if (h.file === undefined) return undefined;
  const abs = resolve(h.file);
  const file = h.origin.source === 'project' ? join(real(dirname(dirname(abs))), basename(dirname(abs)), basename(abs)) : real(abs);
  const root = h.origin.pluginRoot;
  if (h.origin.source !== 'plugin' || root === undefined) return file;
  const id = host.state.pluginIds.get(resolve(root));
  return id === undefined ? null : `${id}:${relative(real(resolve(root)), file)}`;
}

// The legacy notify program: argv plus the turn as compact JSON with Codex's kebab-case keys.
function notifyTurnComplete(registry: ProfileRegistry, host: ProfileHost<CodexState>, turn: CodexTurnComplete): boolean {
  const notify = host.state.notify;
  if (notify === undefined) return false;
  const { argv, source } = notify;
  // A project's notify program is code from the repository, as its hooks are, and nothing approves it:
  // it runs only while a hook of that source is approved and registered — a repository none of whose hooks
  // the user approved runs nothing. (Codex runs it once the project is trusted; deliberately stricter.)
  if (UNTRUSTED_SOURCES.has(source) && !host.state.bypassHookTrust && !registry.listHooks().some((h) => h.source === source && h.gatedBy === undefined)) {
    host.logger.warn(`harness-hooks: the notify program of the ${source} config.toml was not run: no hook of that config is approved`);
    return false;
  }
  const json: Record<string, unknown> = { type: 'agent-turn-complete', 'thread-id': turn.threadId, 'turn-id': turn.turnId, cwd: turn.cwd ?? host.session.cwd ?? process.cwd() };
  if (turn.client !== undefined) json.client = turn.client;
  json['input-messages'] = turn.inputMessages;
  json['last-assistant-message'] = turn.lastAssistantMessage;
  const spec: CommandHookSpec = { type: 'command', command: argv[0]!, args: [...argv.slice(1), JSON.stringify(json)] };
  // Its source's environment policy, as for that source's hooks (`hookEnv`).
  const env = host.withheldEnv(source);
  host.track(runUnder(host, spec, null, { cwd: json.cwd as string, timeoutMs: CODEX_DEFAULT_TIMEOUT_SEC * 1000, ...(env === undefined ? {} : { env }) }, undefined).catch(() => undefined));
  return true;
}

