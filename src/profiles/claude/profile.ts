// The claude profile: Claude Code's hooks, settings and plugins, unchanged. Everything that differs from
// the default profile is here or in the files it names: the 33-event catalogue (events.ts), snake_case
// payloads that *are* the hook input (payloads.ts), Claude Code's matcher dialect and `if` rules
// (matcher.ts), all matching hooks started at once and merged in registration order (dispatch.ts,
// merge.ts), JSON-or-text output and the per-event exit-2 table (output.ts), `timeout` in seconds with
// per-event defaults, exec-form `args`, `shell`, `once`, `statusMessage`, CLAUDE_* environment variables
// and CLAUDE_ENV_FILE, four settings sources with de-duplication.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Entry } from '../../entry.js';
import { describeValue, HookTypeError } from '../../errors.js';
import type { CommandHookSpec } from '../../executor/index.js';
import type { HookHandlerConfig } from '../../schemas/config.js';
import type { DispatchResult } from '../../types.js';
import type { CommandEntryFields, ConfigOrigin, EventView, Profile, ProfileHost } from '../profile.js';
import { runParallel } from './dispatch.js';
import { CLAUDE_EVENT_SPECS, CLAUDE_HOOK_EVENTS, getClaudeEventSpec, type ClaudeEventSpec, type ClaudeHookEvent } from './events.js';
import { compileClaudeMatcher, compileIfCondition } from './matcher.js';
import type { ClaudeDispatchResult } from './merge.js';
import { fromCommandResult, type ClaudeEntryOutcome } from './output.js';

/** SessionEnd hooks share this budget, raised to the largest configured timeout up to 60 s. */
const SESSION_END_BUDGET_MS = 1_500;
const SESSION_END_MAX_MS = 60_000;

const VIEWS: ReadonlyMap<string, EventView> = new Map(
  CLAUDE_HOOK_EVENTS.map((name) => {
    const spec: ClaudeEventSpec = CLAUDE_EVENT_SPECS[name];
    return [name, Object.freeze({ name, matchField: spec.matchField, matchBasename: spec.matchBasename, background: false })];
  }),
);

/** Per-dispatch values command invokers need. */
interface ClaudeExtras {
  envFile?: string;
  /** The timeout of a hook that sets none: the event's default, or SessionEnd's (raised) budget. */
  defaultTimeoutMs: number;
}

export const claudeProfile: Profile = {
  name: 'claude',
  events: CLAUDE_HOOK_EVENTS,
  view: (event) => VIEWS.get(event),
  spec: (event) => getClaudeEventSpec(event),
  compileMatcher: (matcher, _aliases, logger) => compileClaudeMatcher(matcher, logger),

  checkPayload(event, payload) {
    if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
      throw new HookTypeError('HOOKS_ERR_PAYLOAD_INVALID', `dispatch('${event}'): expected the payload to be an object, got ${describeValue(payload)}`);
    }
    for (const field of CLAUDE_EVENT_SPECS[event as ClaudeHookEvent].required) {
      if ((payload as Record<string, unknown>)[field] === undefined) {
        throw new HookTypeError('HOOKS_ERR_PAYLOAD_INVALID', `dispatch('${event}'): the payload is missing the required field \`${field}\``);
      }
    }
  },

  // `if` conditions run only on the tool events; elsewhere a hook with `if` never runs. Identical
  // settings hooks run once, in the place of the last-registered copy.
  select(event, payload, entries) {
    const spec = CLAUDE_EVENT_SPECS[event as ClaudeHookEvent];
    const p = payload as Record<string, unknown>;
    const kept = entries.filter((e) => {
      if (e.condition === undefined) return true;
      if (e.condition === false || !spec.ifConditions) return false;
      return e.condition(String(p.tool_name ?? ''), p.tool_input);
    });
    const last = new Map<string, Entry>();
    for (const e of kept) if (e.dedupKey !== undefined) last.set(e.dedupKey, e);
    return last.size === 0 ? kept : kept.filter((e) => e.dedupKey === undefined || last.get(e.dedupKey) === e);
  },

  async run(host, event, payload, entries, signal): Promise<DispatchResult> {
    const spec = CLAUDE_EVENT_SPECS[event as ClaudeHookEvent];
    const session = host.session;
    const common: Record<string, unknown> = {};
    if (session.sessionId !== undefined) common.session_id = session.sessionId;
    if (typeof session.transcriptPath === 'string') common.transcript_path = session.transcriptPath;
    common.cwd = session.cwd ?? process.cwd();
    const input = { ...common, ...(payload as object), hook_event_name: event };

    let ceilingMs = Infinity;
    let defaultTimeoutMs = spec.defaultTimeoutSec * 1000;
    if (spec.name === 'SessionEnd') {
      // One budget for all SessionEnd hooks: 1.5 s, raised to the largest configured timeout (≤ 60 s).
      const longest = Math.max(0, ...entries.map((e) => e.timeoutMs ?? 0));
      ceilingMs = defaultTimeoutMs = Math.min(Math.max(SESSION_END_BUDGET_MS, longest), SESSION_END_MAX_MS);
    }
    const extras: ClaudeExtras = { defaultTimeoutMs };
    let envDir: string | undefined;
    if (spec.envFile && entries.some((e) => e.kind === 'command')) {
      envDir = mkdtempSync(join(tmpdir(), 'harness-hooks-env-'));
      extras.envFile = join(envDir, 'env');
      writeFileSync(extras.envFile, '');
    }
    try {
      const result: ClaudeDispatchResult = await runParallel({
        spec,
        input,
        entries,
        signal,
        logger: host.logger,
        defaultTimeoutMs,
        ceilingMs,
        extras,
        onHookStart: host.onHookStart,
      });
      if (extras.envFile !== undefined) result.env = parseEnvFile(readFileSync(extras.envFile, 'utf8'));
      return result;
    } finally {
      if (envDir !== undefined) rmSync(envDir, { recursive: true, force: true });
    }
  },

  sources: ['user', 'project', 'local', 'plugin'],
  gate(source, settings) {
    if (source === 'plugin') return settings.enablePluginHooks ? undefined : 'enablePluginHooks';
    if (!settings.enableShellHooks) return 'enableShellHooks';
    if ((source === 'project' || source === 'local') && !settings.allowProjectHooks) return 'allowProjectHooks';
    return undefined;
  },

  commandEntry(host, event, hook, origin) {
    if (hook.type !== 'command') return { skip: `unsupported handler type "${hook.type}"` };
    const spec = CLAUDE_EVENT_SPECS[event as ClaudeHookEvent];
    return makeCommandEntry(host, spec, hook, origin);
  },
};

function makeCommandEntry(host: ProfileHost, spec: ClaudeEventSpec, hook: HookHandlerConfig, origin: ConfigOrigin): CommandEntryFields {
  const env: Record<string, string> = { CLAUDE_PROJECT_DIR: host.projectDir };
  let substitute = (s: string): string => s;
  if (origin.source === 'plugin' && origin.pluginRoot !== undefined) {
    const root = origin.pluginRoot;
    const data = join(host.pluginDataDir ?? join(homedir(), '.claude', 'plugins', 'data'), basename(root));
    try {
      mkdirSync(data, { recursive: true });
    } catch (error) {
      host.logger.warn(`harness-hooks: cannot create the plugin data folder ${data}: ${(error as Error).message}`);
    }
    env.CLAUDE_PLUGIN_ROOT = root;
    env.CLAUDE_PLUGIN_DATA = data;
    substitute = (s) => s.replaceAll('${CLAUDE_PLUGIN_ROOT}', root).replaceAll('${CLAUDE_PLUGIN_DATA}', data);
  }
  const command: CommandHookSpec = { type: 'command', command: substitute(hook.command!) };
  if (hook.args !== undefined) command.args = hook.args.map(substitute);
  if (hook.shell !== undefined) command.shell = hook.shell;
  // `timeout` is seconds here, always (never milliseconds, whatever a migration tool wrote).
  const timeoutMs = hook.timeout !== undefined && hook.timeout > 0 ? hook.timeout * 1000 : undefined;

  const fields: CommandEntryFields = {
    kind: 'command',
    name: hook.args === undefined ? command.command : [command.command, ...command.args!].join(' '),
    plugin: origin.source === 'plugin' ? (origin.pluginRoot ?? 'plugin') : undefined,
    longRunning: false,
    background: false,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    invoke: async (input, _context, signal, extras): Promise<ClaudeEntryOutcome> => {
      const { envFile, defaultTimeoutMs } = extras as ClaudeExtras;
      const runEnv = envFile === undefined ? env : { ...env, CLAUDE_ENV_FILE: envFile };
      const cwd = (input as { cwd?: string }).cwd;
      const result = await host.executor().run(command, input, { cwd, signal, env: runEnv, timeoutMs: timeoutMs ?? defaultTimeoutMs });
      return fromCommandResult(result, spec, fields.name, host.logger);
    },
  };
  if (hook.if !== undefined) {
    (fields as { condition?: Entry['condition'] }).condition = compileIfCondition(hook.if, host.projectDir, host.logger) ?? false;
  }
  if (hook.once === true) fields.once = true;
  if (hook.statusMessage !== undefined) (fields as { statusMessage?: string }).statusMessage = hook.statusMessage;
  // Identical settings hooks run once; a plugin's copy stays separate (its key includes its root).
  const pluginKey = origin.source === 'plugin' ? (origin.pluginRoot ?? '') : '';
  (fields as { dedupKey?: string }).dedupKey = JSON.stringify([pluginKey, 'command', hook.command, hook.args ?? null, hook.shell ?? null, hook.if ?? null]);
  return fields;
}

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
