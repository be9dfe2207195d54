// The claude profile: Claude Code's hooks, settings and plugins, unchanged. Everything that differs from
// the default profile is here or in the files it names: the 33-event catalogue (events.ts), snake_case
// payloads that *are* the hook input (payloads.ts), Claude Code's matcher dialect and `if` rules
// (matcher.ts), all matching hooks started at once and merged in registration order (dispatch.ts,
// merge.ts), JSON-or-text output and the per-event exit-2 table (output.ts), `timeout` in seconds with
// per-event defaults, exec-form `args`, `shell`, `once`, `statusMessage`, CLAUDE_* environment variables
// and CLAUDE_ENV_FILE, four settings sources with de-duplication.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Entry } from '../../entry.js';
import { describeValue, HookTypeError } from '../../errors.js';
import type { DispatchResult } from '../../types.js';
import type { EventView, Profile } from '../profile.js';
import { runParallel } from './dispatch.js';
import { CLAUDE_EVENT_SPECS, CLAUDE_HOOK_EVENTS, getClaudeEventSpec, type ClaudeEventSpec, type ClaudeHookEvent } from './events.js';
import { compileClaudeMatcher } from './matcher.js';
import { makeConfigEntry, type ClaudeExtras } from './handlers.js';
import type { ClaudeDispatchResult } from './merge.js';

/** SessionEnd hooks share this budget, raised to the largest configured timeout up to 60 s. */
const SESSION_END_BUDGET_MS = 1_500;
const SESSION_END_MAX_MS = 60_000;

const VIEWS: ReadonlyMap<string, EventView> = new Map(
  CLAUDE_HOOK_EVENTS.map((name) => {
    const spec: ClaudeEventSpec = CLAUDE_EVENT_SPECS[name];
    return [name, Object.freeze({ name, matchField: spec.matchField, matchBasename: spec.matchBasename, background: false })];
  }),
);


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

  // `if` conditions run only on the tool events; elsewhere a hook with `if` never runs. HTTP hooks do not
  // run on SessionStart and Setup. Identical settings hooks run once, in the place of the last copy.
  select(event, payload, entries) {
    const kept = entries.filter((e) => claudeProfile.whyNot!(event, payload, e) === undefined);
    const last = new Map<string, Entry>();
    for (const e of kept) if (e.dedupKey !== undefined) last.set(e.dedupKey, e);
    return last.size === 0 ? kept : kept.filter((e) => e.dedupKey === undefined || last.get(e.dedupKey) === e);
  },

  whyNot(event, payload, e) {
    const spec = CLAUDE_EVENT_SPECS[event as ClaudeHookEvent];
    if (e.httpType === true && !spec.httpAllowed) return `HTTP hooks do not run on ${event}`;
    if (e.condition === undefined) return undefined;
    const rule = JSON.stringify(e.meta?.if ?? '');
    if (e.condition === false) return `\`if\` rule ${rule} is not a permission rule this profile can read`;
    if (!spec.ifConditions) return `\`if\` conditions are not evaluated on ${event}, so a hook with \`if\` never runs there`;
    const p = payload as Record<string, unknown>;
    return e.condition(String(p.tool_name ?? ''), p.tool_input) ? undefined : `\`if\` rule ${rule} did not match`;
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
    if (spec.name === 'SessionEnd') ceilingMs = defaultTimeoutMs = sessionEndBudgetMs(entries);
    const extras: ClaudeExtras = { defaultTimeoutMs, ceilingMs };
    let envDir: string | undefined;
    // Foreground command hooks get CLAUDE_ENV_FILE; it is read and removed when the dispatch ends, so
    // `async` hooks, which outlive it, do not get one.
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
        observers: host.observers,
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

  // Every handler type: command, http, prompt, agent, mcp_tool (handlers.ts).
  configEntry: (host, event, hook, origin) => makeConfigEntry(host, CLAUDE_EVENT_SPECS[event as ClaudeHookEvent], hook, origin),
};

// One budget for all SessionEnd hooks: 1.5 s, raised to the largest configured timeout, never past 60 s.
// It is each hook's timeout too, so no SessionEnd hook process outlives it.
export function sessionEndBudgetMs(entries: readonly Pick<Entry, 'timeoutMs'>[]): number {
  const longest = Math.max(0, ...entries.map((e) => e.timeoutMs ?? 0).filter(Number.isFinite));
  return Math.min(Math.max(SESSION_END_BUDGET_MS, longest), SESSION_END_MAX_MS);
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
