// Issue 24: each profile's compatibility suite (test/profiles/<name>/compat.test.ts: the public hooks it
// already runs) run hosted in every other profile. Each scenario keeps its suite's fixture scripts and
// configs, wired the same way (addConfig, or that harness's own loader through registry.dialect(name)),
// but added with `dialect: '<its harness>'` to a registry of each other profile, which dispatches its own
// event and payload for the same action (the suite's payload translated by the tables: readHost then
// writeDialect). The host's result must state the decision the native suite asserts (blocked, reason,
// context, an ask or allow, a rewrite in the host's keys, a Stop continuation), each hook must run under
// its own harness (`run.dialect`) with its own harness's stdin (what the fixtures record, or echo back in
// their answers). A step whose action the host has no counterpart for names the hosts and the reason it
// cannot carry (checked against the translation's own words), so nothing is skipped silently.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HookRegistry, codexHookKey, codexTrustedHash, type CodexHookEvent } from '../../src/index.js';
import { PROFILES } from '../../src/profiles/index.js';
import type { DialectTable, EventStates } from '../../src/dialects/table.js';
import { compile, readHost, writeDialect, type Compiled } from '../../src/dialects/translate.js';
import { CONFIGS } from '../../fixtures/cursor/configs.mjs';
import { fixture, fixtureFolder, write } from '../helpers/fixtures.js';
import { hasTool } from '../helpers/tools.js';

type Any = any;
type Harness = 'claude' | 'codex' | 'copilot' | 'cursor';
const HOSTS = Object.keys(PROFILES) as (keyof typeof PROFILES)[];
const TABLES: Record<string, Compiled> = Object.fromEntries(HOSTS.map((h) => [h, compile((PROFILES[h] as { dialect?: DialectTable }).dialect!)]));
const SETTINGS = { enableShellHooks: true, allowProjectHooks: true, enablePluginHooks: true };
/** Payload fields a host requires that no other harness says (Codex's turn, model and mode). */
const HOST_EXTRA: Record<string, Record<string, Record<string, unknown>>> = { codex: { '*': { turn_id: 't1', model: 'gpt-5', permission_mode: 'default' }, SessionStart: { model: 'gpt-5', permission_mode: 'default' } } };
const HAS_JQ = hasTool('jq');
const HAS_PYTHON3 = hasTool('python3');
const folders: string[] = [];
afterAll(() => {
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});
const folder = (group: string, copies: Record<string, string> = {}, files: Record<string, unknown> = {}): string => {
  const dir = fixtureFolder(group, `hosted-${group}-`, copies, files);
  folders.push(dir);
  return dir;
};
const mint = (field: string): string => `minted-${field}`;

/** The host's own event and payload for an action a harness dispatched as `event`, or why it has none. */
function inHost(own: Harness, event: string, payload: Record<string, unknown>, host: string): { event: string; payload: Record<string, unknown> } | string {
  const read = readHost(TABLES[own]!, event, payload);
  if (read === undefined) return `${own}'s ${event} has no action`;
  const written = writeDialect(TABLES[host]!, read, mint);
  if (typeof written === 'string') return written;
  const mine = written.find((w) => TABLES[host]!.read.get(w.event) === w.row);
  if (mine === undefined) return `${host} fires ${written.map((w) => w.event).join(', ')} for ${read.action}, which reads back as another action`;
  const out = { event: mine.event, payload: { ...(HOST_EXTRA[host]?.[mine.event] ?? HOST_EXTRA[host]?.['*'] ?? {}), ...mine.payload } };
  // The way back: what the harness's hook would be told of the host's dispatch. An event its harness
  // fires only when told a field the host's event cannot say never fires there.
  const back = writeDialect(TABLES[own]!, readHost(TABLES[host]!, out.event, out.payload)!, mint);
  if (typeof back === 'string') return `the host's ${out.event} cannot be told to ${own}: ${back}`;
  // A field the harness's event must say exactly (a session start's source) that the host's event cannot
  // say: the host's dispatch stands for another action of that harness (a compaction is not a startup).
  for (const w of back) {
    if (w.event !== event) continue;
    for (const hub of w.row.exact ?? []) {
      const key = w.row.fields[hub];
      if (key !== undefined && payload[key] !== undefined && w.payload[key] !== payload[key]) return `the host's ${out.event} cannot say ${hub} ${JSON.stringify(payload[key])} (it reaches ${own} as ${JSON.stringify(w.payload[key])})`;
    }
  }
  return out;
}

/** The decision a native suite asserts, in the contract's words. */
interface Expected {
  blocked: boolean;
  reason?: string | RegExp;
  /** The suite asserts no reason at all (a quiet allow). */
  noReason?: boolean;
  /** The whole injectContext (null: none). */
  context?: string | null;
  ask?: boolean;
  /** An explicit allow (permissionDecision 'allow' where the host has one). */
  allow?: boolean;
  /** The rewritten command, in the host's shell tool's keys (null: no rewrite). */
  command?: string | null;
  continue?: false;
  /** A Stop-like block: the host's continuation with the reason. */
  continuation?: boolean;
}

/** One run of a scenario in one host. */
interface Run {
  host: string;
  r: Any;
  warnings: string[];
  /** Another registry of the same host and harness (a suite that builds several). */
  another(): Run;
  /** Dispatches the host's event for the action the harness's suite dispatched; undefined where `cannot` names this host (asserted). */
  act(event: string, payload: Record<string, unknown>, cannot?: Partial<Record<string, RegExp>>): Promise<Any | undefined>;
  /** The host's result states the decision the suite asserts; the harness's hooks ran, each under its own dialect. */
  decides(result: Any, e: Expected): void;
  /** The host's states for the event of its last dispatch. */
  states(): EventStates;
}

interface Scenario {
  id: string;
  harness: Harness;
  skip?: string;
  /** The registry's session and project, as the suite's registry has them. */
  session(dir: string): Record<string, unknown>;
  /** The harness's own options, as its suite gives them. */
  own?: (dir: string) => Record<string, unknown>;
  dir(): string;
  run(t: Run, dir: string): Promise<void>;
}

const carried: Record<string, number> = {};
const cannots: string[] = [];

const open: { dir: string; r: Any }[] = [];
function registryFor(s: Scenario, host: string, dir: string, warnings: string[]): Any {
  const r = new HookRegistry({ profile: host as 'claude', settings: SETTINGS, session: s.session(dir), projectDir: dir, logger: { warn: (m: string) => void warnings.push(m) }, dialects: { [s.harness]: s.own?.(dir) ?? {} } } as never);
  open.push({ dir, r });
  return r;
}

function makeRun(s: Scenario, host: string, dir: string): Run {
  let last: EventStates = {};
  const warnings: string[] = [];
  const r = registryFor(s, host, dir, warnings);
  return {
    host,
    r,
    warnings,
    another: () => makeRun(s, host, dir),
    states: () => last,
    async act(event, payload, cannot = {}) {
      const d = inHost(s.harness, event, payload, host);
      const expected = cannot[host];
      if (typeof d === 'string') {
        expect(expected, `${s.id} in ${host}: ${event} cannot carry ("${d}") but the scenario does not say so`).toBeDefined();
        expect(d).toMatch(expected!);
        cannots.push(`${s.id} / ${event} in ${host}: ${d}`);
        return undefined;
      }
      expect(expected, `${s.id} in ${host}: ${event} carries as ${d.event}, but the scenario says it cannot`).toBeUndefined();
      last = TABLES[host]!.read.get(d.event)!.states ?? {};
      carried[host] = (carried[host] ?? 0) + 1;
      return r.dispatch(d.event, d.payload);
    },
    decides(result, e) {
      const states = last;
      const denied = e.ask === true && states.ask !== true;
      expect(result.blocked, denied ? 'an ask the host cannot ask is a deny' : 'blocked').toBe(denied || e.blocked);
      if (denied) expect(result.reason).toMatch(/cannot ask/);
      if (e.ask === true && !denied) expect(result.permissionDecision).toBe('ask');
      if (e.blocked && e.reason !== undefined) expect(result.reason).toEqual(typeof e.reason === 'string' ? e.reason : expect.stringMatching(e.reason));
      if (!e.blocked && e.noReason) expect(result.reason).toBeUndefined();
      if ((e.blocked || denied) && states.permission === true) expect(result.permissionDecision).toBe('deny');
      if (e.allow === true && states.permission === true && !e.blocked) expect(result.permissionDecision).toBe('allow');
      if (e.allow === undefined && e.ask === undefined && !e.blocked) expect(result.permissionDecision).toBeUndefined();
      if (e.context !== undefined) expect(result.injectContext ?? null).toBe(e.context);
      if (e.command !== undefined) expect(e.command === null ? result.updatedInput : (result.updatedInput?.command ?? result.updatedInput?.toolArgs?.command)).toEqual(e.command ?? undefined);
      if (e.continue === false) expect(result.continue).toBe(false);
      else expect(result.continue).not.toBe(false);
      if (e.continuation === true) {
        expect(states.continuation, 'the host has a continuation').toBe(true);
        const field = states.continuationField;
        if (field?.list === true) expect(result[field.name]).toContain(result.reason);
        else if (field !== undefined) expect(result[field.name]).toBe(result.reason);
      }
      // Every run of the scenario's hooks says its harness: they ran under its rules.
      for (const run of result.runs) expect(run.dialect, `run ${run.name}`).toBe(s.harness);
    },
  };
}

// ---------------------------------------------------------------- Claude Code (test/profiles/claude/compat.test.ts)
const claudeCmd = (command: string, extra: Record<string, unknown> = {}) => ({ type: 'command', command, ...extra });
const quoted = (path: string) => `"${path}"`;
const BLOCK_RM = { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [claudeCmd(`node ${fixture('claude/block-rm-rf.mjs')}`, { timeout: 10 })] }] } };
const STOP_UNTIL = { hooks: { Stop: [{ hooks: [claudeCmd(quoted(fixture('claude/stop-until-active.sh')), { timeout: 10 })] }] } };
const claudeSession = (dir: string) => ({ sessionId: 's1', cwd: dir, transcriptPath: '/tmp/t.jsonl' });
const claude = (id: string, run: Scenario['run'], skip?: string): Scenario => ({ id, harness: 'claude', session: claudeSession, own: (dir) => ({ pluginDataDir: join(dir, 'plugin-data') }), dir: () => folder('claude'), run, ...(skip === undefined ? {} : { skip }) });
const NO_READ = { codex: /has no read tool/ };
const NO_SOURCE_AT_START = /cannot say source "compact"/;

const CLAUDE: Scenario[] = [
  claude('claude: a node guard denies `rm -rf ~` with its reason', async (t) => {
    t.r.addConfig(BLOCK_RM, { source: 'user', dialect: 'claude' });
    const res = await t.act('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'rm -rf ~' }, tool_use_id: 't1' });
    t.decides(res, { blocked: true, reason: 'Refusing to run "rm -rf ~": it deletes the home or root directory.' });
    expect(res.runs).toMatchObject([{ kind: 'command', outcome: 'block' }]);
  }),
  claude('claude: the same guard answering `{}` for a harmless command is no decision', async (t) => {
    t.r.addConfig(BLOCK_RM, { source: 'user', dialect: 'claude' });
    const res = await t.act('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls -la' }, tool_use_id: 't2' });
    t.decides(res, { blocked: false, noReason: true, context: null, command: null });
    expect(res.runs).toMatchObject([{ kind: 'command', outcome: 'ok' }]);
  }),
  claude('claude: a bash script exiting 2 denies, its trimmed stderr the reason', async (t) => {
    t.r.addConfig({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [claudeCmd(quoted(fixture('claude/exit2-guard.sh')))] }] } }, { source: 'project', dialect: 'claude' });
    const res = await t.act('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'git push --force' }, tool_use_id: 't3' });
    t.decides(res, { blocked: true, reason: 'exit2-guard: this tool call is blocked by policy' });
  }),
  claude('claude: a script echoing its input JSON back is no decision (not text context)', async (t) => {
    const echo = claudeCmd(`node ${fixture('claude/echo-input.mjs')}`);
    t.r.addConfig({ hooks: { PreToolUse: [{ matcher: '*', hooks: [echo] }], UserPromptSubmit: [{ hooks: [echo] }] } }, { source: 'local', dialect: 'claude' });
    const pre = await t.act('PreToolUse', { tool_name: 'Read', tool_input: { file_path: 'README.md' }, tool_use_id: 't4' }, NO_READ);
    if (pre !== undefined) {
      t.decides(pre, { blocked: false, noReason: true, context: null, command: null });
      expect(pre.runs).toMatchObject([{ outcome: 'ok' }]);
    }
    const prompt = await t.act('UserPromptSubmit', { prompt: 'hello' });
    t.decides(prompt, { blocked: false, context: null });
    expect(prompt.runs).toMatchObject([{ outcome: 'ok' }]);
  }),
  claude(
    'claude: a jq Stop hook blocks while stop_hook_active is false, and lets the stop through once it is true',
    async (t) => {
      t.r.addConfig(STOP_UNTIL, { source: 'project', dialect: 'claude' });
      const first = await t.act('Stop', { stop_hook_active: false });
      t.decides(first, { blocked: true, reason: 'Run the tests before stopping.', continuation: true });
      const again = await t.act('Stop', { stop_hook_active: true });
      t.decides(again, { blocked: false, noReason: true });
      expect(again.runs).toMatchObject([{ outcome: 'ok' }]);
    },
    HAS_JQ ? undefined : 'jq is not installed',
  ),
  claude('claude: a plugin SessionStart command (no shebang, ${CLAUDE_PLUGIN_ROOT}) injects its context', async (t) => {
    const pluginRoot = fixture('claude/plugin');
    t.r.addConfig(JSON.parse(readFileSync(`${pluginRoot}/hooks/hooks.json`, 'utf8')), { source: 'plugin', pluginRoot, dialect: 'claude' });
    const res = await t.act('SessionStart', { source: 'startup' });
    if (res === undefined) return;
    t.decides(res, { blocked: false, context: `fixture-plugin is active (plugin root: ${pluginRoot})` });
    expect(res.runs[0].name).toContain(`${pluginRoot}/hooks/run-hook.cmd`);
  }),
  claude(
    'claude: a python3 observer on PostToolUseFailure writes to the file an inherited variable names',
    async (t, dir) => {
      const log = join(dir, 'observer.log');
      t.r.addConfig({ hooks: { PostToolUseFailure: [{ matcher: 'Bash', hooks: [claudeCmd(`python3 ${fixture('claude/observe-failure.py')}`, { timeout: 10 })] }] } }, { source: 'user', dialect: 'claude' });
      const previous = process.env.HOOK_OBSERVER_LOG;
      process.env.HOOK_OBSERVER_LOG = log;
      try {
        const res = await t.act('PostToolUseFailure', { tool_name: 'Bash', tool_input: { command: 'npm test' }, tool_use_id: 't5', error: 'Command failed with exit code 1' }, { codex: /codex has no event for tool\.failed/, gemini: /gemini fires AfterTool for tool\.failed, which reads back as another action/ });
        if (res === undefined) return;
        t.decides(res, { blocked: false, context: null });
        expect(res.runs).toMatchObject([{ outcome: 'ok' }]);
      } finally {
        if (previous === undefined) delete process.env.HOOK_OBSERVER_LOG;
        else process.env.HOOK_OBSERVER_LOG = previous;
      }
      // Its stdin: Claude's tool name and error, whatever the host calls them.
      expect(readFileSync(log, 'utf8')).toBe('Bash\tCommand failed with exit code 1\n');
    },
    HAS_PYTHON3 ? undefined : 'python3 is not installed',
  ),
  claude('claude: one script on three events answers each by its hook_event_name', async (t, dir) => {
    const multi = claudeCmd(`node ${fixture('claude/multi-event.mjs')}`, { timeout: 10 });
    t.r.addConfig({ hooks: { SessionStart: [{ matcher: 'startup', hooks: [multi] }], UserPromptSubmit: [{ hooks: [multi] }], PreToolUse: [{ matcher: 'Read|Grep|Glob', hooks: [multi] }] } }, { source: 'user', dialect: 'claude' });
    const start = await t.act('SessionStart', { source: 'startup' });
    // Its stdin's session_id and source, and (at the prompt) its cwd, come back in its answers.
    if (start !== undefined) t.decides(start, { blocked: false, context: 'Session s1 started (startup).' });
    t.decides(await t.act('UserPromptSubmit', { prompt: 'fix the build' }), { blocked: false, context: `Working directory: ${dir}` });
    const pre = await t.act('PreToolUse', { tool_name: 'Read', tool_input: { file_path: 'src/index.ts' }, tool_use_id: 't6' }, NO_READ);
    if (pre === undefined) return;
    t.decides(pre, { blocked: false, allow: true, context: null });
    if (t.states().permission === true) expect(pre.permissionDecisionReason ?? pre.reason).toBe('Read is allowed by multi-event.mjs');
  }),
];

// ---------------------------------------------------------------- Codex (test/profiles/codex/compat.test.ts)
const COMPAT = fixture('codex/compat');
const codexCmd = (script: string, ...args: string[]) => [`node ${JSON.stringify(join(COMPAT, script))}`, ...args.map((a) => JSON.stringify(a))].join(' ');
const codexHooks = (log: string) => ({
  SessionStart: [{ matcher: 'startup|resume', hooks: [{ type: 'command', command: codexCmd('session-context.mjs') }] }],
  UserPromptSubmit: [{ hooks: [{ type: 'command', command: codexCmd('scan-prompt-secrets.mjs'), timeout: 10 }] }],
  PreToolUse: [
    { matcher: 'Bash', hooks: [{ type: 'command', command: codexCmd('block-rm-rf.mjs'), statusMessage: 'Checking the command' }, { type: 'command', command: codexCmd('pin-npm-install.mjs') }] },
    { matcher: 'Bash', hooks: [{ type: 'command', command: codexCmd('claude-ask.mjs') }] },
    { hooks: [{ type: 'command', command: codexCmd('log-event.mjs', log), timeout: 5 }] },
  ],
  Stop: [{ hooks: [{ type: 'command', command: codexCmd('require-tests.mjs'), timeout: 30 }] }],
});
// A trusted project's .codex/hooks.json, each hook approved in the user's config.toml by its trusted_hash (as /hooks writes it).
async function codexProject(t: Run, dir: string, edit?: (hooks: Any) => Any): Promise<Any[]> {
  const project = dir;
  const home = join(dir, '.codex-home');
  mkdirSync(join(project, '.codex'), { recursive: true });
  mkdirSync(home, { recursive: true });
  const hooks = codexHooks(join(dir, 'audit.jsonl'));
  const file = join(project, '.codex', 'hooks.json');
  const states = Object.entries(hooks).flatMap(([event, groups]) =>
    (groups as Any[]).flatMap((g, gi) => g.hooks.map((h: Any, hi: number) => `[hooks.state."${codexHookKey(file, event as CodexHookEvent, gi, hi)}"]\ntrusted_hash = "${codexTrustedHash(event as CodexHookEvent, g.matcher, h)}"\n`)),
  );
  writeFileSync(join(home, 'config.toml'), `[projects."${project}"]\ntrust_level = "trusted"\n\n${states.join('\n')}`);
  writeFileSync(file, JSON.stringify({ hooks: edit === undefined ? hooks : edit(hooks) }, null, 2));
  return t.r.dialect('codex').loadSettings({ projectDir: project, codexHome: home, systemDir: false });
}
const codex = (id: string, run: Scenario['run']): Scenario => ({ id, harness: 'codex', session: (dir) => ({ sessionId: 'sess', cwd: dir, transcriptPath: null }), dir: () => folder('codex'), run });
const TURN = { turn_id: 't1', model: 'gpt-5', permission_mode: 'default' } as const;
const codexBash = (t: Run, command: string) => t.act('PreToolUse', { ...TURN, tool_name: 'Bash', tool_input: { command }, tool_use_id: 'call_1' });

const CODEX: Scenario[] = [
  codex("codex: the guard denies rm -rf with its reason (the trusted project's hooks, by Codex's loader)", async (t, dir) => {
    expect((await codexProject(t, dir)).flatMap((x) => x.skipped)).toEqual([]);
    t.decides(await codexBash(t, 'rm -rf build'), { blocked: true, reason: 'rm -rf is blocked by policy' });
  }),
  codex("codex: the rewriter pins npm install in the host's keys; the Claude-only `ask` hook has no effect under Codex", async (t, dir) => {
    await codexProject(t, dir);
    const res = await codexBash(t, 'npm install left-pad');
    t.decides(res, { blocked: false, command: 'npm install left-pad --save-exact', allow: res.permissionDecision === 'allow' ? true : undefined });
    const ask = res.runs.find((x: Any) => x.name.includes('claude-ask'));
    expect(ask).toMatchObject({ outcome: 'error', message: expect.stringMatching(/unsupported permissionDecision:ask/) });
  }),
  codex("codex: the audit logger sees exactly Codex's stdin", async (t, dir) => {
    await codexProject(t, dir);
    // As in a session: it started, and a prompt began the turn (Codex's stdin carries the turn's id, model and mode).
    await t.act('SessionStart', { source: 'startup', model: 'gpt-5', permission_mode: 'default' });
    await t.act('UserPromptSubmit', { ...TURN, prompt: 'list the files' });
    await codexBash(t, 'ls');
    const last = JSON.parse(readFileSync(join(dir, 'audit.jsonl'), 'utf8').trim().split('\n').pop()!);
    // A field the host never says (a model, a permission mode) takes Codex's table's default: every key is there.
    expect(Object.keys(last)).toEqual(['session_id', 'turn_id', 'transcript_path', 'cwd', 'hook_event_name', 'model', 'permission_mode', 'tool_name', 'tool_input', 'tool_use_id']);
    expect(last).toMatchObject({ session_id: 'sess', cwd: dir, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' }, transcript_path: null });
  }),
  codex('codex: the Stop gate continues the turn until the tests passed, and lets a continued turn end', async (t, dir) => {
    await codexProject(t, dir);
    const stop = (active: boolean) => t.act('Stop', { ...TURN, stop_hook_active: active, last_assistant_message: 'done' });
    t.decides(await stop(false), { blocked: true, reason: 'Run the test suite before finishing.', continuation: true });
    t.decides(await stop(true), { blocked: false });
    writeFileSync(join(dir, '.tests-passed'), '');
    t.decides(await stop(false), { blocked: false });
  }),
  codex('codex: SessionStart context on startup, not on compact (the matcher tests `source`)', async (t, dir) => {
    await codexProject(t, dir);
    const start = await t.act('SessionStart', { source: 'startup', model: 'gpt-5', permission_mode: 'default' });
    if (start !== undefined) t.decides(start, { blocked: false, context: 'Project notes: use pnpm, never npm.' });
    const compact = await t.act('SessionStart', { source: 'compact', model: 'gpt-5', permission_mode: 'default' }, { default: NO_SOURCE_AT_START, cursor: NO_SOURCE_AT_START, gemini: /has no counterpart in gemini's SessionStart/, copilot: /cannot say source "compact"/ });
    if (compact !== undefined) expect(compact.runs).toEqual([]);
  }),
  codex('codex: the prompt scanner blocks a key-like prompt and lets others through', async (t, dir) => {
    await codexProject(t, dir);
    t.decides(await t.act('UserPromptSubmit', { ...TURN, prompt: 'deploy with sk-abcdefghijklmnopqrstu' }), { blocked: true, reason: 'The prompt contains what looks like a secret; remove it.' });
    t.decides(await t.act('UserPromptSubmit', { ...TURN, prompt: 'deploy' }), { blocked: false });
  }),
  codex('codex: a hook edited after it was approved is not loaded, and says why', async (t, dir) => {
    const reports = await codexProject(t, dir, (hooks) => ({ ...hooks, Stop: [{ hooks: [{ type: 'command', command: `${codexCmd('require-tests.mjs')} --strict`, timeout: 30 }] }] }));
    expect(reports.flatMap((x: Any) => x.skipped)).toMatchObject([{ event: 'Stop', trust: 'changed', gate: 'harnessTrust' }]);
    t.decides(await t.act('Stop', { ...TURN, stop_hook_active: false, last_assistant_message: 'done' }), { blocked: false });
  }),
];

// ---------------------------------------------------------------- Copilot CLI (test/profiles/copilot/compat.test.ts)
const copilotScript = (name: string): string => fixture(`copilot/${name}`);
const sh = (s: string): string => `'${s.replaceAll("'", "'\\''")}'`;
const copilot = (id: string, copies: Record<string, string>, run: Scenario['run']): Scenario => ({ id, harness: 'copilot', session: (dir) => ({ sessionId: 'sess-1', cwd: dir }), dir: () => folder('copilot', copies), run });
const bash = (command: string, extra: Record<string, unknown> = {}) => ({ toolName: 'bash', toolArgs: { command, ...extra } });

const COPILOT: Scenario[] = [
  copilot('copilot E1: the docs policy (cwd .github/hooks) denies a dangerous command by JSON and lets a safe one through', { '.github/hooks/scripts/pre-tool-policy.mjs': 'pre-tool-policy.mjs' }, async (t, dir) => {
    t.r.addConfig(
      { version: 1, hooks: { preToolUse: [{ type: 'command', bash: './scripts/pre-tool-policy.mjs', powershell: './scripts/pre-tool-policy.ps1', cwd: '.github/hooks', timeoutSec: 15 }] } },
      { source: 'project', file: join(dir, '.github/hooks/copilot-cli-policy.json'), dialect: 'copilot' },
    );
    const denied = await t.act('preToolUse', bash('rm -rf dist', { description: 'Clean build directory' }));
    t.decides(denied, { blocked: true, reason: 'Dangerous system command' });
    expect(denied.runs.map((x: Any) => x.outcome)).toEqual(['block']);
    const safe = await t.act('preToolUse', bash('ls'));
    t.decides(safe, { blocked: false });
    expect(safe.runs.map((x: Any) => x.outcome)).toEqual(['ok']);
  }),
  copilot('copilot E2: tool-guardian exits 1 on a match: denied as a hook error; GUARD_MODE warn lets it through', { '.github/hooks/tool-guardian/guard-tool.mjs': 'guard-tool.mjs' }, async (t) => {
    const entry = (mode: string) => ({ version: 1, hooks: { preToolUse: [{ type: 'command', bash: '.github/hooks/tool-guardian/guard-tool.mjs', cwd: '.', env: { GUARD_MODE: mode }, timeoutSec: 10 }] } });
    t.r.addConfig(entry('block'), { source: 'project', dialect: 'copilot' });
    const res = await t.act('preToolUse', bash('sudo rm -rf /'));
    t.decides(res, { blocked: true, reason: /hook errored/ });
    expect(res.runs[0].outcome).toBe('error');
    t.decides(await t.act('preToolUse', bash('git status')), { blocked: false });
    const warn = t.another();
    warn.r.addConfig(entry('warn'), { source: 'project', dialect: 'copilot' });
    t.decides(await warn.act('preToolUse', bash('sudo rm -rf /')), { blocked: false });
  }),
  copilot('copilot E3: session-logger hooks get their env, COPILOT_CLI=1, the repo root as cwd and the camelCase input', { '.github/hooks/session-logger/log-event.mjs': 'log-event.mjs' }, async (t, dir) => {
    const cmd = (event: string) => `.github/hooks/session-logger/log-event.mjs ${event}`;
    t.r.addConfig(
      {
        version: 1,
        hooks: {
          sessionStart: [{ type: 'command', command: cmd('sessionStart'), cwd: '.', timeoutSec: 5 }],
          sessionEnd: [{ type: 'command', command: cmd('sessionEnd'), cwd: '.', timeoutSec: 5 }],
          userPromptSubmitted: [{ type: 'command', command: cmd('userPromptSubmitted'), cwd: '.', env: { LOG_LEVEL: 'INFO' }, timeoutSec: 5 }],
        },
      },
      { source: 'project', dialect: 'copilot' },
    );
    // The initial prompt is Copilot's alone: no other harness's session start says one.
    await t.act('sessionStart', { source: 'new', initialPrompt: 'hi' });
    await t.act('userPromptSubmitted', { prompt: 'fix the bug' });
    t.decides(await t.act('sessionEnd', { reason: 'complete' }), { blocked: false });
    const lines = readFileSync(join(dir, 'logs/session.log'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.event, l.level, l.copilotCli, l.cwd])).toEqual([
      ['sessionStart', null, '1', dir],
      ['userPromptSubmitted', 'INFO', '1', dir],
      ['sessionEnd', null, '1', dir],
    ]);
    expect(lines[0].input).toMatchObject({ sessionId: 'sess-1' });
    expect(lines[1].input.prompt).toBe('fix the bug');
    expect(lines[2].input.reason).toBe('complete');
  }),
  copilot('copilot E4: a postToolUse "edit|create" hook fires for edit and create only, sees toolResult, and its additionalContext comes back', { '.github/skills/impeccable/scripts/hook.mjs': 'post-edit-context.mjs' }, async (t) => {
    t.r.addConfig({ version: 1, hooks: { postToolUse: [{ type: 'command', matcher: 'edit|create', bash: 'node ".github/skills/impeccable/scripts/hook.mjs"', timeoutSec: 5 }] } }, { source: 'project', dialect: 'copilot' });
    const toolResult = { resultType: 'success', textResultForLlm: 'ok' };
    const args: Record<string, Record<string, unknown>> = { edit: { path: 'a.ts', old_str: 'a', new_str: 'b' }, create: { path: 'a.ts', file_text: 'x' }, view: { path: 'a.ts' }, bash: { command: 'ls' } };
    const want: Record<string, string | null> = { edit: 'impeccable checked edit (success)', create: 'impeccable checked create (success)', view: null, bash: null };
    for (const [toolName, toolArgs] of Object.entries(args)) {
      const res = await t.act('postToolUse', { toolName, toolArgs, toolResult }, toolName === 'view' ? NO_READ : {});
      // Codex has no edit or create: its file tool is apply_patch, which Copilot has too, and the matcher leaves out.
      if (res !== undefined) t.decides(res, { blocked: false, context: t.host === 'codex' ? null : want[toolName]! });
    }
    // A tool of Copilot's own that no other harness has (its name here only to show the matcher is anchored).
    expect(await t.act('postToolUse', { toolName: 'edit_notes', toolArgs: { path: 'a.ts' }, toolResult }, Object.fromEntries(HOSTS.map((h) => [h, /the tool has no counterpart/])))).toBeUndefined();
  }),
  copilot('copilot E5: a PascalCase PreToolUse entry gets snake_case stdin with the Claude tool name; continue:false is not a deny', { 'bin/run-hook.sh': 'bin/run-hook.sh' }, async (t, dir) => {
    const capture = join(dir, 'stdin.json');
    t.r.addConfig({ version: 1, hooks: { PreToolUse: [{ command: 'bin/run-hook.sh 1password-validate-mounted-env-files', timeout: 15, env: { HOOK_CAPTURE: capture } }] } }, { source: 'project', dialect: 'copilot' });
    expect(t.r.dialect('copilot').listHooks('preToolUse')[0]).toMatchObject({ timeoutMs: 15_000 });
    const res = await t.act('preToolUse', { ...bash('npm test'), timestamp: 1704614600000 });
    // The timestamp is Copilot's: a host that says none gets the dispatch's time.
    const stdin = JSON.parse(readFileSync(capture, 'utf8'));
    expect(stdin).toEqual({ hook_event_name: 'PreToolUse', session_id: 'sess-1', timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), cwd: dir, tool_name: 'Bash', tool_input: { command: 'npm test' } });
    t.decides(res, { blocked: false });
  }),
  copilot('copilot E6: an inline "ask" hook asks with its reason, not a block (a host that cannot ask denies)', {}, async (t) => {
    const ask = JSON.stringify({ permissionDecision: 'ask', permissionDecisionReason: 'preToolUse Demo: Allow the agent to use a tool?' });
    t.r.addConfig({ version: 1, hooks: { preToolUse: [{ type: 'command', bash: `echo ${sh(ask)}`, powershell: `'${ask}'`, cwd: '.', timeoutSec: 10 }] } }, { source: 'project', dialect: 'copilot' });
    const res = await t.act('preToolUse', bash('ls'));
    t.decides(res, { blocked: false, ask: true });
    if (res.permissionDecision === 'ask') expect(res.permissionDecisionReason ?? res.reason).toBe('preToolUse Demo: Allow the agent to use a tool?');
  }),
  copilot('copilot E6: two superpowers-style sessionStart hooks both inject their additionalContext', {}, async (t) => {
    t.r.addConfig({ version: 1, hooks: { sessionStart: [{ bash: `${copilotScript('session-context.mjs')} first` }, { bash: `${copilotScript('session-context.mjs')} second` }] } }, { source: 'user', dialect: 'copilot' });
    t.decides(await t.act('sessionStart', { source: 'new' }), { blocked: false, context: 'first\n\nsecond' });
  }),
  copilot('copilot E6: a stop-gate agentStop hook blocks with its reason as the next prompt, and lets the re-run stop', {}, async (t) => {
    t.r.addConfig({ version: 1, hooks: { agentStop: [{ type: 'command', bash: copilotScript('stop-gate.mjs') }] } }, { source: 'user', dialect: 'copilot' });
    t.decides(await t.act('agentStop', { stopReason: 'end_turn' }), { blocked: true, reason: 'Run the test suite before finishing', continuation: true });
    t.decides(await t.act('agentStop', { stopReason: 'end_turn', stop_hook_active: true }), { blocked: false });
  }),
];

// ---------------------------------------------------------------- Cursor (test/profiles/cursor/compat.test.ts)
const config = (name: string): unknown => structuredClone((CONFIGS as Record<string, unknown>)[name]);
const cursorLines = (file: string): Record<string, Any>[] => (existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l)) : []);
const emit = (output: unknown, code = 0): string => `${fixture('print-arg.sh')} ${sh(typeof output === 'string' ? output : JSON.stringify(output))} ${code}`;
const cursor = (id: string, copies: Record<string, string>, files: Record<string, unknown>, run: Scenario['run']): Scenario => ({ id, harness: 'cursor', session: (dir) => ({ sessionId: 'conv-1', cwd: dir }), dir: () => folder('cursor', copies, files), run });
const load = (t: Run, dir: string, extra: Record<string, unknown> = {}): Promise<Any[]> => t.r.dialect('cursor').loadSettings({ projectDir: dir, home: folder('cursor'), enterpriseFile: false, ...extra });
// Cursor's tool-specific events (beforeShellExecution, beforeReadFile, afterFileEdit) are never a host's:
// a suite's dispatch of one is the tool call Cursor fires it for, said as its preToolUse / postToolUse.
const shell = (command: string) => ({ tool_name: 'Shell', tool_input: { command } });
const NOT_IN = (hosts: string[], why: RegExp) => Object.fromEntries(hosts.map((h) => [h, why]));

const CURSOR: Scenario[] = [
  cursor('cursor: docs block-git + audit in ~/.cursor/hooks.json: git denied, gh asks, the rest allowed', {}, {}, async (t, dir) => {
    const home = folder('cursor', { '.cursor/hooks/audit.sh': 'audit.cjs', '.cursor/hooks/block-git.sh': 'block-git.cjs' }, { '.cursor/hooks.json': config('block-git') });
    const reports = await load(t, dir, { home });
    expect(reports.map((x) => [x.source, x.added.length])).toEqual([['user', 2]]);
    const git = await t.act('preToolUse', shell('git status'));
    t.decides(git, { blocked: true, reason: 'Git command blocked. Please use the GitHub CLI (gh) tool instead.' });
    expect(git.runs.map((x: Any) => x.outcome)).toEqual(['ok', 'block']);
    expect(cursorLines(join(home, '.cursor', 'audit.jsonl')).map((l) => [l.hook_event_name, l.command])).toEqual([['beforeShellExecution', 'git status']]);
    t.decides(await t.act('preToolUse', shell('gh pr list')), { blocked: false, ask: true });
    t.decides(await t.act('preToolUse', shell('ls -la')), { blocked: false, allow: true });
  }),
  cursor('cursor: 1Password agent-hooks from the project root, a flat deny with agent_message only', { 'bin/run-hook.sh': 'onepassword-run-hook.cjs' }, { '.cursor/hooks.json': config('onepassword') }, async (t, dir) => {
    await load(t, dir);
    // The hook answers only when its stdin has Cursor's workspace_roots.
    t.decides(await t.act('preToolUse', shell('npm run build')), { blocked: true, reason: 'env file missing' });
    write(join(dir, '.env'), 'TOKEN=op://vault/item');
    t.decides(await t.act('preToolUse', shell('npm run build')), { blocked: false, allow: true });
  }),
  cursor('cursor: advisor plugin: the anchored subagentStop matcher, afterFileEdit, and stop\'s loop_limit 3', {}, {}, async (t, dir) => {
    const plugin = folder(
      'cursor',
      { 'hooks/mark-pending.sh': 'audit.cjs', 'hooks/capture-response.sh': 'audit.cjs', 'hooks/record-consult.sh': 'advisor-record-consult.cjs', 'hooks/stop-hook.sh': 'advisor-stop.cjs' },
      { 'hooks/hooks.json': config('advisor'), '.cursor-plugin/plugin.json': { name: 'advisor', hooks: './hooks/hooks.json' } },
    );
    const reports = await load(t, dir, { plugins: [plugin] });
    expect(reports.map((x) => [x.source, x.added.length])).toEqual([['plugin', 4]]);
    const noSubagents = { gemini: /gemini has no event for subagent\.stop/, default: /agent_id/, codex: /agent_id/ };
    let carried = false;
    for (const subagent_type of ['advisor-subagent', 'explore', 'advisor-subagent-2']) carried = (await t.act('subagentStop', { subagent_type, status: 'completed', task: 't' }, noSubagents)) !== undefined;
    if (carried) expect(readFileSync(join(plugin, 'consults.log'), 'utf8')).toBe('advisor-subagent\n');
    await t.act('postToolUse', { tool_name: 'Write', tool_input: { file_path: join(dir, 'a.ts'), content: '' } });
    expect(cursorLines(join(plugin, 'audit.jsonl')).map((l) => l.hook_event_name)).toEqual(['afterFileEdit']);
    // The host's own cap on Stop blocks in a row applies to the merged result too (afk's is 2).
    const hostCap = t.host === 'default' ? 2 : Infinity;
    const reasons: (string | undefined)[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.act('stop', { status: 'completed' });
      if (i < Math.min(3, hostCap)) t.decides(res, { blocked: true, reason: `Consult the advisor subagent before finishing (loop ${i})`, continuation: true });
      else if (i < 3) expect(res).toMatchObject({ blocked: false, stopCapped: { cap: 2 } });
      reasons.push(res.blocked ? res.reason : undefined);
    }
    expect(reasons[3]).toBeUndefined();
    // The capped stop ended the loop: the counts start again.
    if (hostCap === Infinity) t.decides(await t.act('stop', { status: 'completed' }), { blocked: true, reason: 'Consult the advisor subagent before finishing (loop 0)', continuation: true });
  }),
  cursor('cursor: ralph-loop: the scratchpad is the follow-up; afterAgentResponse, Cursor\'s alone, never fires in another host', { }, { '.cursor/ralph/scratchpad.md': 'Iterate: make the tests pass.\n' }, async (t, dir) => {
    const plugin = folder('cursor', { 'hooks/stop-hook.sh': 'ralph-stop.cjs', 'hooks/capture-response.sh': 'ralph-capture.cjs' }, {
      'hooks/hooks.json': { version: 1, hooks: { stop: [{ command: './hooks/stop-hook.sh' }], afterAgentResponse: [{ command: './hooks/capture-response.sh' }] } },
      '.cursor-plugin/plugin.json': { name: 'ralph-loop', hooks: './hooks/hooks.json' },
    });
    const capture = join(dir, 'stop-stdin.jsonl');
    const home = folder('cursor', {}, { '.cursor/hooks.json': { version: 1, hooks: { stop: [{ command: `CAPTURE_FILE=${capture} ${fixture('cursor/capture.mjs')}` }] } } });
    await load(t, dir, { home, plugins: [plugin] });
    const first = await t.act('stop', { status: 'completed' });
    t.decides(first, { blocked: true, reason: 'Iterate: make the tests pass.', continuation: true });
    expect(await t.act('afterAgentResponse', { text: 'All green. <promise>DONE</promise>' }, NOT_IN(HOSTS, /cursor's afterAgentResponse has no action/))).toBeUndefined();
    expect(t.r.listHooks().find((l: Any) => l.event === 'afterAgentResponse')).toMatchObject({ dialect: 'cursor', never: `cursor's afterAgentResponse has no equivalent in a ${t.host} registry: this hook never fires` });
    t.decides(await t.act('stop', { status: 'completed' }), { blocked: true, reason: 'Iterate: make the tests pass.', continuation: true });
    expect(existsSync(join(dir, '.cursor/ralph/done'))).toBe(false);
    // loop_count follows the host's continuations in a row.
    expect(cursorLines(capture).map((l) => l.stdin.loop_count)).toEqual([0, 1]);
  }),
  cursor('cursor: GitNexus postToolUse "Shell|Read|Grep" is a regex on tool_name, timeout 60 is 60 s, additional_context comes back', {}, {}, async (t, dir) => {
    const plugin = folder('cursor', { 'hooks/gitnexus-hook.cjs': 'gitnexus-hook.cjs' }, { 'hooks/hooks.json': config('gitnexus') });
    await load(t, dir, { plugins: [plugin] });
    expect(t.r.dialect('cursor').listHooks('postToolUse')[0]).toMatchObject({ timeoutMs: 60_000 });
    const inputs: Record<string, [Record<string, unknown>, string | null]> = {
      Shell: [{ command: 'rg foo' }, '[GitNexus] Shell rg foo: 3 callers, 1 module'],
      Read: [{ file_path: 'src/a.ts' }, '[GitNexus] Read src/a.ts: 3 callers, 1 module'],
      Grep: [{ pattern: 'foo', file_path: 'src' }, '[GitNexus] Grep foo: 3 callers, 1 module'],
      Write: [{ file_path: 'b.ts', content: '' }, null],
    };
    for (const [tool_name, [tool_input, context]] of Object.entries(inputs)) {
      const res = await t.act('postToolUse', { tool_name, tool_input, tool_output: '{}' }, tool_name === 'Read' || tool_name === 'Grep' ? { codex: new RegExp(`has no ${tool_name.toLowerCase()} tool`) } : {});
      if (res !== undefined) t.decides(res, { blocked: false, context });
    }
  }),
  cursor('cursor: a postToolUse logger logs every tool call (its tool_input an object) and decides nothing', { '.cursor/hooks/tool-logger.mjs': 'tool-logger.mjs' }, { '.cursor/hooks.json': { version: 1, hooks: { postToolUse: [{ command: '.cursor/hooks/tool-logger.mjs' }] } } }, async (t, dir) => {
    await load(t, dir);
    const res = await t.act('postToolUse', { ...shell('ls'), tool_output: { stdout: 'a' } });
    t.decides(res, { blocked: false });
    expect(res.runs).toMatchObject([{ outcome: 'ok' }]);
    await t.act('postToolUse', { tool_name: 'Read', tool_input: { file_path: 'README.md' } }, NO_READ);
    // The duration is Cursor's own: no host says one.
    expect(cursorLines(join(dir, '.cursor/tool-log.jsonl'))).toEqual([{ tool_name: 'Shell', tool_input: { command: 'ls' } }, ...(t.host === 'codex' ? [] : [{ tool_name: 'Read', tool_input: { file_path: 'README.md' } }])]);
  }),
  cursor('cursor: a beforeReadFile guard denies .env with its user_message and allows the rest', { '.cursor/hooks/guard-read.mjs': 'guard-read.mjs' }, { '.cursor/hooks.json': { version: 1, hooks: { beforeReadFile: [{ command: '.cursor/hooks/guard-read.mjs', failClosed: true }] } } }, async (t, dir) => {
    await load(t, dir);
    const read = (file_path: string) => t.act('preToolUse', { tool_name: 'Read', tool_input: { file_path } }, NO_READ);
    const env = await read(join(dir, '.env'));
    if (env === undefined) return;
    t.decides(env, { blocked: true, reason: `Reading ${join(dir, '.env')} is blocked: it holds secrets` });
    t.decides(await read(join(dir, 'src/a.ts')), { blocked: false, allow: true });
    // The suite's private-key case reads the file's `content`, which no host knows before the read (the
    // table's beforeReadFile row sends none): the guard is told the path only, and judges by it.
    expect(t.r.explain(...[inHost('cursor', 'preToolUse', { tool_name: 'Read', tool_input: { file_path: join(dir, 'id') } }, t.host)].map((d: Any) => [d.event, d.payload] as const)[0]!).find((e: Any) => e.event === 'beforeReadFile')).toBeDefined();
  }),
  cursor('cursor: a beforeSubmitPrompt guard: continue:false keeps the prompt from being sent; continue:true sends it', { '.cursor/hooks/prompt-guard.mjs': 'prompt-guard.mjs' }, { '.cursor/hooks.json': { version: 1, hooks: { beforeSubmitPrompt: [{ command: '.cursor/hooks/prompt-guard.mjs' }] } } }, async (t, dir) => {
    await load(t, dir);
    t.decides(await t.act('beforeSubmitPrompt', { prompt: 'use sk-abcdefghijklmnopqrstuv please' }), { blocked: true, continue: false, reason: 'Prompt blocked: it contains an API key' });
    t.decides(await t.act('beforeSubmitPrompt', { prompt: 'fix the bug' }), { blocked: false });
  }),
  cursor('cursor: tokensave preToolUse "Grep|Shell": non-JSON stdout blocks, empty stdout allows, flat and nested output resolve to one decision', {}, {}, async (t) => {
    const run = async (stdout: string, tool_name = 'Shell') => {
      const u = t.another();
      u.r.addConfig({ version: 1, hooks: { preToolUse: [{ command: emit(stdout), matcher: 'Grep|Shell' }] } }, { source: 'user', dialect: 'cursor' });
      const res = await u.act('preToolUse', { tool_name, tool_input: tool_name === 'Read' ? { file_path: 'a' } : { command: 'ls' } }, tool_name === 'Read' ? NO_READ : {});
      return [u, res] as const;
    };
    const [a, junk] = await run('tokensave: index warming up');
    a.decides(junk, { blocked: true, reason: 'Hook preToolUse returned stdout that is not valid JSON. The action was blocked for safety.' });
    const [, read] = await run('tokensave: index warming up', 'Read');
    if (read !== undefined) expect(read.runs).toEqual([]);
    const [b, empty] = await run('');
    b.decides(empty, { blocked: false, allow: empty.permissionDecision === 'allow' ? true : undefined });
    expect(empty.runs).toMatchObject([{ outcome: 'ok' }]);
    const dual = { permission: 'deny', user_message: 'use tokensave', agent_message: 'call tokensave_search', hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'use tokensave' } };
    const [c, both] = await run(JSON.stringify(dual));
    c.decides(both, { blocked: true, reason: 'use tokensave' });
    const [d, disagree] = await run(JSON.stringify({ permission: 'allow', hookSpecificOutput: { permissionDecision: 'deny' } }));
    d.decides(disagree, { blocked: true });
    const [e, nested] = await run(JSON.stringify({ hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'nested only' } }));
    e.decides(nested, { blocked: true, reason: 'nested only' });
  }),
  cursor("cursor: the docs' prompt hook is skipped with a warning (Cursor evaluates it with its own model)", {}, {}, async (t) => {
    const report = t.r.addConfig(config('prompt-hook'), { source: 'user', dialect: 'cursor' });
    expect(report.added).toEqual([]);
    expect(report.skipped[0].reason).toContain('prompt hooks');
    expect(t.warnings.join('\n')).toContain('prompt hooks');
  }),
];

// ---------------------------------------------------------------- scenario × host
const SCENARIOS = [...CLAUDE, ...CODEX, ...COPILOT, ...CURSOR];

describe.each(HOSTS)('a %s host', (host) => {
  const mine = SCENARIOS.filter((s) => s.harness !== host);
  it.concurrent.each(mine.map((s) => [s.id, s] as const))('runs %s', async (_id, s) => {
    if (s.skip !== undefined) {
      console.warn(`compat-hosted: ${s.id} in ${host} not run: ${s.skip}`);
      return;
    }
    const dir = s.dir();
    const t = makeRun(s, host, dir);
    try {
      await s.run(t, dir);
    } finally {
      await Promise.all(open.filter((x) => x.dir === dir).map((x) => x.r.close()));
    }
    if (s.harness === 'claude') expect(t.warnings).toEqual([]);
  });
});

describe('the hosted compatibility suites', () => {
  it('ran every scenario in every other host, and say which steps could not carry', () => {
    console.log(`compat-hosted: ${SCENARIOS.length} scenarios × ${HOSTS.length - 1} hosts; dispatches carried per host`, carried, `\nsteps that could not carry (${cannots.length}):\n${[...new Set(cannots.map((c) => c.replace(/"[^"]*"/g, '…')))].join('\n')}`);
    expect(SCENARIOS.length).toBe(33);
  });
});
