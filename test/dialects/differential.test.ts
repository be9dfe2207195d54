// Issue 24's differential test: what the real engines did (the recorded cases of fixtures/codex/oracle/,
// fixtures/gemini/engine/ and fixtures/claude/oracle/, each replayed natively by its profile's own
// conformance suite) replayed across dialects. Each case whose action every harness has (a shell command
// before and after it runs, a prompt, the end of a turn, a session start) is added with `dialect: '<its
// harness>'` to a registry of each other profile, which dispatches its own event and payload for the same
// action (the case's payload translated by the tables: readHost then writeDialect). The host's result must
// state the decision the real engine recorded (blocked, reason, continue: false, context, the rewritten
// command, an ask), the same hooks must run, and each hook must get what its own harness sent (its recorded
// keys; the case's own tool_name, tool_input, tool_response, prompt, source, stop_hook_active). What cannot
// be carried to a host (an action it lacks; a field its payload cannot say) is skipped with the reason, and
// the summary at the end counts both. Hooks are scripted /bin/sh hooks (test/helpers/scripted-hook.ts).
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HookRegistry } from '../../src/index.js';
import { PROFILES } from '../../src/profiles/index.js';
import type { Canonical } from '../../src/dialects/canonical.js';
import type { DialectTable } from '../../src/dialects/table.js';
import { compile, readHost, writeDialect, type Compiled } from '../../src/dialects/translate.js';
import { FIXTURES_DIR } from '../helpers/fixtures.js';
import { readRecords, scriptedHook, type HookBehaviour } from '../helpers/scripted-hook.js';

type Any = any;
type Harness = 'codex' | 'gemini' | 'claude';
const HOSTS = Object.keys(PROFILES) as (keyof typeof PROFILES)[];
const TABLES: Record<string, Compiled> = Object.fromEntries(HOSTS.map((h) => [h, compile((PROFILES[h] as { dialect?: DialectTable }).dialect!)]));
const root = mkdtempSync(join(tmpdir(), 'hh-differential-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const SETTINGS = { enableShellHooks: true, allowProjectHooks: true, enablePluginHooks: true };
/** What each harness's profile needs to run a case as recorded (the oracles ran Codex with trust bypassed). */
const OPTIONS: Record<string, object> = { codex: { bypassHookTrust: true } };
/** Payload fields a host requires that no case's harness says (Codex's turn, model and mode). */
const HOST_EXTRA: Record<string, Record<string, Record<string, unknown>>> = { codex: { '*': { turn_id: 't1', model: 'm', permission_mode: 'default' }, SessionStart: { model: 'm', permission_mode: 'default' }, SessionEnd: {} } };
/** The values a hook's stdin must carry as its own harness sent them (ids, timestamps and cwd may differ). */
const SAME = ['tool_name', 'tool_input', 'tool_response', 'prompt', 'source', 'stop_hook_active'] as const;
const ACTIONS = new Set(['tool.before', 'tool.after', 'prompt', 'stop', 'session.start']);

/** The decision a real engine recorded, in the contract's words. */
interface Expected {
  blocked: boolean;
  reason?: string | RegExp;
  continue?: false;
  /** Contexts, in order (each a line of injectContext), or a text injectContext contains. */
  context?: string[] | RegExp;
  /** The rewritten command (a part of it). */
  command?: string | RegExp;
  /** The engine asked the user (a host that cannot ask denies). */
  ask?: boolean;
}

/** One recorded case, ready to replay in a host: its config, its own dispatch, what the engine did. */
interface Case {
  id: string;
  harness: Harness;
  layers: { source: 'user' | 'project'; config: unknown }[];
  event: string;
  payload: Record<string, unknown>;
  expected: Expected;
  /** The ids of the hooks that ran, sorted. */
  fired: string[];
  /** Per hook id, its record folder. */
  records: Record<string, string>;
  /** The stdin keys its harness sent on this event, when recorded. */
  keys?: readonly string[];
  /** A run's name (its command) as the recorded hook's id. */
  nameOf: (command: string) => string;
}

// A case as its harness's suite reads it, made in a folder of its own per host (hooks record there).
type Make = (dir: string) => Case;
interface Entry {
  id: string;
  harness: Harness;
  make?: Make;
  skip?: string;
}

const json = (file: string): Any => JSON.parse(readFileSync(file, 'utf8'));
const recordOf = (dir: string, id: string): string => join(dir, 'rec', id.replace(/[^\w.-]/g, '_'));

// ---------------------------------------------------------------- Codex 0.169.0 (fixtures/codex/oracle)
const CODEX = join(FIXTURES_DIR, 'codex', 'oracle');
const codexStdin = json(join(CODEX, '01-events-and-stdin.json')).observed.stdin as Record<string, Record<string, unknown>[]>;
const CODEX_KEYS = Object.fromEntries(Object.entries(codexStdin).map(([e, runs]) => [e, Object.keys(runs[0]!)]));
const CODEX_PAYLOAD: Record<string, (command: string) => Record<string, unknown>> = {
  PreToolUse: (command) => ({ tool_name: 'Bash', tool_input: { command }, tool_use_id: 'call_1', turn_id: 't1', model: 'gpt-test', permission_mode: 'bypassPermissions' }),
  PostToolUse: (command) => ({ tool_name: 'Bash', tool_input: { command }, tool_response: 'tool-output-text\n', tool_use_id: 'call_1', turn_id: 't1', model: 'gpt-test', permission_mode: 'bypassPermissions' }),
  UserPromptSubmit: () => ({ prompt: 'run the check', turn_id: 't1', model: 'gpt-test', permission_mode: 'bypassPermissions' }),
  Stop: () => ({ stop_hook_active: false, last_assistant_message: 'done 2', turn_id: 't1', model: 'gpt-test', permission_mode: 'bypassPermissions' }),
  SessionStart: () => ({ source: 'startup', model: 'gpt-test', permission_mode: 'bypassPermissions' }),
};
const CODEX_SKIP: Record<string, string> = {
  '02-matchers.json': "one run of many matchers, with no per-matcher record of its dispatch (the codex suite's)",
  '07-timeouts.json': 'seconds-long sleeps (the timeout units are fail-closed.test.ts and the codex suite)',
  '08-trust.json': "Codex's hook trust store: that harness's own gate, not a decision",
  '09-config-format.json': "Codex's config-file formats, not a decision",
};

function codexEntries(): Entry[] {
  const out: Entry[] = [];
  for (const file of readdirSync(CODEX).filter((f) => f.endsWith('.json')).sort()) {
    const d = json(join(CODEX, file));
    if (CODEX_SKIP[file] !== undefined) {
      for (const v of d.case.variants ?? [d.case]) out.push({ id: `codex ${file.slice(0, 2)} ${v.id}`, harness: 'codex', skip: CODEX_SKIP[file] });
      continue;
    }
    if (file.startsWith('01-')) {
      // One run that recorded every event's stdin: a case per action, its hook doing nothing.
      for (const event of Object.keys(CODEX_PAYLOAD)) {
        out.push({
          id: `codex 01 stdin ${event}`,
          harness: 'codex',
          make: (dir) => {
            const record = recordOf(dir, event);
            const command = scriptedHook(dir, { record });
            const recorded = codexStdin[event]![0]!;
            const payload = { ...CODEX_PAYLOAD[event]!(String((recorded.tool_input as Any)?.command ?? '')), ...pick(recorded, SAME) };
            return { id: event, harness: 'codex', layers: [{ source: 'user', config: { hooks: { [event]: [{ hooks: [{ type: 'command', command }] }] } } }], event, payload, expected: { blocked: false }, fired: [event], records: { [event]: record }, keys: CODEX_KEYS[event], nameOf: (x) => (x === command ? event : x) };
          },
        });
      }
      continue;
    }
    for (const v of d.case.variants as Any[]) {
      const o = d.observed.variants[v.id];
      const events = [...new Set((v.hooksJsonLayers as Any[]).flatMap((l) => Object.keys(l.hooks)))];
      const event = events[0]!;
      out.push({ id: `codex ${file.slice(0, 2)} ${v.id}`, harness: 'codex', make: (dir) => codexCase(v, o, event, dir) });
    }
  }
  return out;
}

function codexCase(v: Any, o: Any, event: string, dir: string): Case {
  const records: Record<string, string> = {};
  const names = new Map<string, string>();
  const layers = (v.hooksJsonLayers as Any[]).map((layer) => ({
    source: layer.source,
    config: {
      hooks: Object.fromEntries(
        Object.entries(layer.hooks as Record<string, Any[]>).map(([ev, groups]) => [
          ev,
          groups.map((g) => ({
            ...g,
            hooks: g.hooks.map((h: Any) => {
              const name = String(h.command).split(' ').pop()!;
              const b = v.hookBehaviour[name] ?? {};
              records[name] = recordOf(dir, name);
              // Sleeps scaled down tenfold, order kept (as the codex suite does).
              const behaviour: HookBehaviour = { stdout: b.stdout, stderr: b.stderr, exit: b.exitCode ?? 0, sleepMs: ((b.sleepSeconds ?? 0) * 1000) / 10, record: records[name] };
              const command = scriptedHook(dir, behaviour);
              names.set(command, name);
              return { ...h, command };
            }),
          })),
        ]),
      ),
    },
  }));
  const turn = (o.modelSawAfterTool[0] ?? []) as Any[];
  const developer = turn.filter((s) => s.developer !== undefined).map((s) => s.developer as string);
  const replaced = turn.find((s) => s.toolOutput !== undefined && !String(s.toolOutput).startsWith('Chunk ID:'))?.toolOutput as string | undefined;
  const fired = (o.hooksFired as string[]).map((h) => h.replace(/ x\d+$/, '')).sort();
  const expected: Expected = { blocked: false };
  if (event === 'PreToolUse') {
    expected.blocked = !o.commandRan;
    const m = replaced === undefined ? null : /^Command blocked by PreToolUse hook: ([^]*)\. Command: /.exec(replaced);
    if (m !== null) expected.reason = m[1];
    const ran = o.commandLog?.[0] as string | undefined;
    // Codex ran the one whose hook finished last; the profile the last configured (docs/profiles/codex.md).
    if (o.commandRan && ran !== undefined && !ran.startsWith('tool-ran')) expected.command = v.id === 'two-updated-input' ? 'B-ran' : ran;
    expected.context = developer;
  } else if (event === 'PostToolUse') {
    expected.blocked = replaced !== undefined;
    if (replaced !== undefined) expected.reason = replaced;
    expected.context = developer;
  } else if (event === 'Stop') {
    const prompt = (o.modelSawAfterTool as Any[][]).flat().find((s) => s.user?.includes('<hook_prompt'))?.user as string | undefined;
    const continuations = prompt === undefined ? [] : [...prompt.matchAll(/<hook_prompt hook_run_id="[^"]*">(.*?)<\/hook_prompt>/g)].map((m) => m[1]!);
    expected.blocked = continuations.length > 0;
    if (continuations.length > 0) expected.reason = new RegExp(continuations.map((x) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^]*'));
    // continue: false with a block: no continuation, the turn ended (FINDINGS §4).
    if (Object.values(v.hookBehaviour as Record<string, Any>).some((b) => /"continue":\s*false/.test(String(b.stdout ?? '')))) expected.continue = false;
  } else {
    expected.blocked = o.modelRequests === 0;
    const printed = Object.values(v.hookBehaviour as Record<string, Any>).map((b) => String(b.stdout ?? '').trim()).filter((s) => s !== '');
    if (!expected.blocked) expected.context = printed.map((s) => (s.startsWith('{') ? JSON.parse(s).hookSpecificOutput?.additionalContext : s)).filter((c) => typeof c === 'string');
  }
  return { id: v.id, harness: 'codex', layers, event, payload: CODEX_PAYLOAD[event]!(v.command), expected, fired, records, keys: CODEX_KEYS[event], nameOf: (x) => names.get(x) ?? x };
}

// ---------------------------------------------------------------- Gemini CLI 0.61.0 (fixtures/gemini/engine)
const GEMINI = join(FIXTURES_DIR, 'gemini', 'engine');
const GEMINI_EVENTS = new Set(['BeforeTool', 'AfterTool', 'BeforeAgent', 'AfterAgent', 'SessionStart']);
const GEMINI_KEYS: Record<string, string[]> = {};
const GEMINI_SKIP = (c: Any): string | undefined => {
  if (c.id === 'timeout-default-60000') return 'a 60 s case';
  if (c.id === 'timeout-sigterm-ignored') return 'a deliberate difference of the gemini profile (it kills the group)';
  if (/^env-/.test(c.id)) return "the hook's environment, not a decision (the gemini suite)";
  if (c.trusted === false) return "Gemini's folder-trust gate";
  if (/^timeout-|^rv-timeout-|^cfg-timeout-/.test(c.id)) return 'seconds-long timing (the timeout units are fail-closed.test.ts and the gemini suite)';
  return undefined;
};
const HOOK_COMMAND = /^node \$\{HOOK\} '([^']*)'(.*)$/s;

function geminiEntries(): Entry[] {
  const out: Entry[] = [];
  const all = readdirSync(GEMINI).filter((f) => /^\d\d-.*\.json$/.test(f)).sort().flatMap((f) => (json(join(GEMINI, f)).cases as Any[]).map((c) => [f, c] as const));
  for (const [, c] of all) for (const runs of Object.values((c.observed.stdin ?? {}) as Record<string, Any[]>)) for (const r of runs) if (!(r.fields as string[]).includes('original_request_name')) GEMINI_KEYS[c.event] ??= r.fields;
  for (const [f, c] of all) {
    const id = `gemini ${f.slice(0, 2)} ${c.id}`;
    const tool = c.payload.tool_name as string | undefined;
    const skip = !GEMINI_EVENTS.has(c.event) ? `${c.event}: not an action every harness has` : tool !== undefined && tool !== 'run_shell_command' ? `not a shell call (${tool || 'no tool'})` : GEMINI_SKIP(c);
    out.push(skip === undefined ? { id, harness: 'gemini', make: (dir) => geminiCase(c, dir) } : { id, harness: 'gemini', skip });
  }
  return out;
}

function geminiCase(raw: Any, dir: string): Case {
  mkdirSync(join(dir, 'proj'), { recursive: true });
  const records: Record<string, string> = {};
  const names = new Map<string, string>();
  const replay = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const m = HOOK_COMMAND.exec(value);
      if (m === null) return value;
      const b = JSON.parse(m[1]!) as HookBehaviour;
      const key = b.record?.replace(/^.*\//, '').replace(/\.jsonl$/, '');
      const record = key === undefined ? undefined : (records[key] = recordOf(dir, key));
      const command = `${scriptedHook(join(dir, 'hooks'), { ...b, ...(record === undefined ? {} : { record }) })}${m[2]}`;
      names.set(command, value);
      return command;
    }
    if (Array.isArray(value)) return value.map(replay);
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replay(v)]));
    return value;
  };
  const c = replay(JSON.parse(JSON.stringify(raw).replaceAll('${CWD}', join(dir, 'proj')).replaceAll('${REC}', dir))) as Any;
  const caller = c.observed.caller;
  const expected: Expected = { blocked: false };
  switch (c.event) {
    case 'BeforeTool':
      if (caller.status === 'error') {
        expected.blocked = true;
        const stop = caller.errorType === 'stop_execution';
        if (stop) expected.continue = false;
        expected.reason = String(caller.error).replace(/^(Tool execution blocked|Agent execution stopped by hook): /, '');
      } else {
        if (caller.hookDecision === 'ask') expected.ask = true;
        if (caller.modifiedArgs !== undefined) expected.command = caller.modifiedArgs.command;
      }
      break;
    case 'AfterTool': {
      const content = caller.llmContent;
      const text = Array.isArray(content) ? content.map((p: Any) => p.text).join('') : String(content);
      const m = /^(Tool result blocked|Agent execution stopped by hook): ([^]*)$/.exec(text);
      if (m !== null) {
        expected.blocked = true;
        expected.reason = m[2];
        if (m[1]!.startsWith('Agent')) expected.continue = false;
      } else {
        const ctx = /<hook_context>([^]*)<\/hook_context>/.exec(text)?.[1];
        expected.context = ctx === undefined ? [] : ctx.split('\n');
      }
      break;
    }
    case 'BeforeAgent':
    case 'AfterAgent':
      if (caller.stop) expected.continue = false;
      expected.blocked = !caller.stop && caller.block;
      if (caller.stop || caller.block) expected.reason = caller.reason;
      if (c.event === 'BeforeAgent' && !caller.stop && !caller.block) expected.context = caller.additionalContext === undefined ? [] : String(caller.additionalContext).split('\n');
      break;
    case 'SessionStart':
      expected.context = caller.additionalContext === undefined ? [] : String(caller.additionalContext).split('\n');
      break;
  }
  const byCommand = (cmd: string): string => names.get(cmd) ?? cmd;
  return {
    id: raw.id,
    harness: 'gemini',
    // User before project, as the gemini suite adds them (Gemini's own order).
    layers: [...c.layers].sort((a: Any, b: Any) => Number(a.source === 'project') - Number(b.source === 'project')),
    event: c.event,
    payload: c.payload,
    expected,
    fired: ((c.observed.plan?.hooks ?? []) as string[]).map(byCommand).sort(),
    records,
    keys: GEMINI_KEYS[c.event],
    nameOf: byCommand,
  };
}

// ---------------------------------------------------------------- Claude Code 2.1.328 (fixtures/claude/oracle)
const CLAUDE = join(FIXTURES_DIR, 'claude', 'oracle', 'conformance');
const claudeStdin = json(join(CLAUDE, '16-stdin-env-all-events.json')).observed.stdin as Record<string, Record<string, unknown>>;
const CLAUDE_KEYS = Object.fromEntries(Object.entries(claudeStdin).map(([e, s]) => [e, Object.keys(s)]));
const CLAUDE_CASES: Record<string, (o: Any, b: Record<string, Any>) => Expected> = {};
const marker = (b: Record<string, Any>): RegExp => new RegExp(/[A-Z0-9]+(?:-[A-Z0-9]+)*-MARKER/.exec(JSON.stringify(b))![0]);
for (const f of readdirSync(CLAUDE).filter((x) => x.startsWith('03-'))) {
  CLAUDE_CASES[f.slice(0, -5)] = (o) => ({ blocked: !o.toolRan, ...(o.toolRan ? {} : { reason: String(o.toolResult.text).replace('PreToolUse:Bash hook error: ', '').replace(/^\[\{\{HOOK:[^\]]*\}\}\]: /, '') }) });
}
for (const f of readdirSync(CLAUDE).filter((x) => x.startsWith('04-pre-'))) CLAUDE_CASES[f.slice(0, -5)] = (o) => ({ blocked: !o.toolRan });
for (const f of readdirSync(CLAUDE).filter((x) => x.startsWith('04-post-'))) CLAUDE_CASES[f.slice(0, -5)] = (o) => ({ blocked: false, context: /hook additional context/.test((o.modelSaw as string[]).join('\n')) ? /C\d/ : [] });
Object.assign(CLAUDE_CASES, {
  '05-pretooluse-continue-false': (o: Any) => ({ blocked: !o.toolRan, continue: false }),
  '05-pretooluse-continue-false-no-reason': (o: Any) => ({ blocked: !o.toolRan, continue: false }),
  '05-pretooluse-continue-false-with-deny': (o: Any) => ({ blocked: !o.toolRan, continue: false }),
  '05-posttooluse-continue-false': () => ({ blocked: false, continue: false }),
  '05-userpromptsubmit-continue-false': () => ({ blocked: false, continue: false }),
  '06-sessionstart-decision-block': () => ({ blocked: false }),
  '06-sessionstart-continue-false': () => ({ blocked: false }),
  '06-sessionstart-exit2': () => ({ blocked: false }),
  '06-userpromptsubmit-exit2': (o: Any) => ({ blocked: o.modelRequests === 0, reason: 'UPS-EXIT2-STDERR' }),
  '07-pretooluse-deny-control': (o: Any) => ({ blocked: !o.toolRan && !o.rewrittenRan, reason: 'DENY7' }),
  '07-pretooluse-allow-updatedinput-control': (o: Any) => ({ blocked: !o.toolRan && !o.rewrittenRan, command: /rewritten/ }),
  '07-pretooluse-ask-bypass': () => ({ blocked: false, ask: true, reason: 'ASK7' }),
  '07-pretooluse-ask-default-mode': () => ({ blocked: false, ask: true, reason: 'ASK7' }),
  '11-stop-cap-default-exit2': () => ({ blocked: true, reason: 'keep going' }),
  '11-stop-cap-default-json-block': () => ({ blocked: true, reason: 'more' }),
  '11-stop-cap-env-3': () => ({ blocked: true, reason: 'keep going' }),
  '17-pretooluse-deny-json': (o: Any, b: Any) => ({ blocked: !o.toolRan, reason: marker(b) }),
  '17-pretooluse-exit2-stderr': (o: Any, b: Any) => ({ blocked: !o.toolRan, reason: marker(b) }),
  // The tool had run: Claude Code showed the model the blocking error with its output, which the claude
  // profile states as a block with the reason (decision: block) or as context (exit 2) (its suite, rule 17).
  '17-posttooluse-decision-block': (_o: Any, b: Any) => ({ blocked: true, reason: marker(b) }),
  '17-posttooluse-exit2-stderr': (_o: Any, b: Any) => ({ blocked: false, context: marker(b) }),
  '17-context-pre-only': () => ({ blocked: false, context: /PRE-CTX-MARKER/ }),
  '01-matchers-bash': (o: Any) => ({ blocked: !o.toolRan }),
});
const CLAUDE_SKIP: [RegExp, string][] = [
  [/^04-pre-block-plus-missing-eventname$/, 'a deliberate difference of the claude profile (docs/profiles/claude.md)'],
  [/^07-pretooluse-defer|^07-pretooluse-ask-no-permissionrequest|^07-default-mode/, "a decision only Claude Code's permission flow has (defer, ask without a PermissionRequest hook)"],
  [/^07-permissionrequest/, 'PermissionRequest: not an action every harness has'],
  [/^06-subagentstart/, 'SubagentStart: not an action every harness has'],
  [/^12-/, "Claude Code's 10,000-character persisted output (engine-specific)"],
  [/^13-/, 'seconds-long timing (the claude suite)'],
  [/^15-|^09-/, "Claude Code's settings gates (disableAllHooks, managed hooks, once)"],
  [/^08-|^02-|^01-matchers-write/, "Claude Code's `if` conditions, exec form and file tools (the claude suite)"],
  [/^16-stdin-agent-type|^17-context-all-events|^17-context-several-hooks|^17-context-post-only/, 'several events in one run, or PostToolUseFailure (compared as text in the claude suite)'],
];
/** The recorded call of the first tool_use step (Claude's Bash). */
const claudeCall = (r: Any): Record<string, unknown> => r.case.steps?.flatMap((s: Any) => s.content).find((c: Any) => c.type === 'tool_use')?.input ?? { command: 'ls' };
const CLAUDE_PAYLOAD: Record<string, (input: Record<string, unknown>) => Record<string, unknown>> = {
  PreToolUse: (input) => ({ tool_name: 'Bash', tool_input: input, tool_use_id: 'toolu_1' }),
  PostToolUse: (input) => ({ tool_name: 'Bash', tool_input: input, tool_use_id: 'toolu_1', tool_response: { stdout: 'TOOL-OUT', stderr: '', interrupted: false, isImage: false } }),
  UserPromptSubmit: () => ({ prompt: 'do it' }),
  Stop: () => ({ stop_hook_active: false, last_assistant_message: 'done' }),
  SessionStart: () => ({ source: 'startup' }),
};
const CLAUDE_EVENT = (name: string): string => (/sessionstart/.test(name) ? 'SessionStart' : /userpromptsubmit/.test(name) ? 'UserPromptSubmit' : /stop/.test(name) ? 'Stop' : /post/.test(name) ? 'PostToolUse' : 'PreToolUse');

function claudeEntries(): Entry[] {
  const out: Entry[] = [];
  for (const f of readdirSync(CLAUDE).filter((x) => x.endsWith('.json')).sort()) {
    const name = f.slice(0, -5);
    const id = `claude ${name}`;
    if (name === '16-stdin-env-all-events') {
      for (const event of Object.keys(CLAUDE_PAYLOAD)) {
        out.push({
          id: `${id} ${event}`,
          harness: 'claude',
          make: (dir) => {
            const record = recordOf(dir, event);
            const command = scriptedHook(dir, { record });
            const recorded = fillClaude(claudeStdin[event], {}, dir) as Record<string, unknown>;
            const payload = { ...CLAUDE_PAYLOAD[event]!(recorded.tool_input as Any), ...pick(recorded, SAME) };
            const group = event.endsWith('ToolUse') ? { matcher: 'Bash' } : {};
            return { id: name, harness: 'claude', layers: [{ source: 'project', config: { hooks: { [event]: [{ ...group, hooks: [{ type: 'command', command }] }] } } }], event, payload, expected: { blocked: false }, fired: [event], records: { [event]: record }, keys: CLAUDE_KEYS[event], nameOf: (x) => (x === command ? event : x) };
          },
        });
      }
      continue;
    }
    const skip = CLAUDE_SKIP.find(([re]) => re.test(name))?.[1];
    const expect_ = CLAUDE_CASES[name];
    if (skip !== undefined || expect_ === undefined) {
      out.push({ id, harness: 'claude', skip: skip ?? 'no replay written for it' });
      continue;
    }
    out.push({ id, harness: 'claude', make: (dir) => claudeCase(name, expect_, dir) });
  }
  return out;
}

function fillClaude(v: unknown, behave: Record<string, Any>, dir: string, records: Record<string, string> = {}, names: Map<string, string> = new Map()): unknown {
  if (typeof v === 'string') {
    return v
      .replace(/\{\{HOOK:([A-Za-z0-9_.-]+)\}\}/g, (_, id: string) => {
        const b = behave[id] ?? {};
        records[id] = recordOf(dir, id);
        const command = scriptedHook(dir, { stdout: b.stdout, stderr: b.stderr, exit: b.exit ?? 0, sleepMs: Number(b.sleep ?? 0) * 1000, record: records[id] });
        names.set(command, id);
        return command;
      })
      // One folder for every replay: a path in a tool's input is the same value in each host.
      .replaceAll('{{RUN}}', join(root, 'run'))
      .replaceAll('{{PROJ}}', join(root, 'proj'));
  }
  if (Array.isArray(v)) return v.map((x) => fillClaude(x, behave, dir, records, names));
  if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fillClaude(x, behave, dir, records, names)]));
  return v;
}

function claudeCase(name: string, expectOf: (o: Any, b: Any) => Expected, dir: string): Case {
  const r = json(join(CLAUDE, `${name}.json`));
  const behave = (r.case.behave ?? {}) as Record<string, Any>;
  const records: Record<string, string> = {};
  const names = new Map<string, string>();
  const event = CLAUDE_EVENT(name);
  const layers: Case['layers'] = [];
  for (const [source, settings] of [['user', r.case.userSettings], ['project', r.case.settings]] as const) {
    if (settings === undefined) continue;
    const hooks = (settings as Any).hooks as Record<string, unknown>;
    // Only the dispatched event's hooks: the case's other events are other dispatches.
    layers.push({ source, config: { hooks: { [event]: fillClaude(hooks[event] ?? [], behave, dir, records, names) } } });
  }
  const onEvent = new Set(names.values());
  const recorded = (r.observed.fired ?? []) as string[];
  const fired = (recorded.length > 0 ? recorded : Object.keys(behave)).filter((id) => onEvent.has(id)).sort();
  const input = fillClaude(claudeCall(r), {}, dir) as Record<string, unknown>;
  return { id: name, harness: 'claude', layers, event, payload: CLAUDE_PAYLOAD[event]!(input), expected: expectOf(r.observed, behave), fired, records, keys: CLAUDE_KEYS[event], nameOf: (c: string) => names.get(c) ?? c };
}

// ---------------------------------------------------------------- translation, and what cannot be carried
function pick(o: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) if (o[k] !== undefined) out[k] = o[k];
  return out;
}
const mint = (field: string): string => `minted-${field}`;

/** The host's own event and payload for a case's action, or why it has none. */
function hostDispatch(c: Case, host: string): { event: string; payload: Record<string, unknown>; prompt?: Record<string, unknown> } | string {
  const read = readHost(TABLES[c.harness]!, c.event, c.payload);
  if (read === undefined) return `${c.harness}'s ${c.event} has no action`;
  if (!ACTIONS.has(read.action)) return `${read.action}: not an action every harness has`;
  const written = writeDialect(TABLES[host]!, read, mint);
  if (typeof written === 'string') return `the host cannot say it: ${written}`;
  const own = written.find((w) => TABLES[host]!.read.get(w.event) === w.row)!;
  const extra = HOST_EXTRA[host]?.[own.event] ?? HOST_EXTRA[host]?.['*'] ?? {};
  const payload = { ...extra, ...own.payload };
  // A Stop carries the turn's prompt where the host's Stop does not: the host said it at the prompt.
  let prompt: Record<string, unknown> | undefined;
  if (read.action === 'stop' && read.fields.prompt !== undefined) {
    const p = writeDialect(TABLES[host]!, { action: 'prompt', fields: { ...read.fields } } as Canonical, mint);
    if (typeof p === 'string') return `the host has no prompt to carry the turn's prompt: ${p}`;
    prompt = { ...(HOST_EXTRA[host]?.['*'] ?? {}), ...p[0]!.payload };
  }
  // What the case's hook would get back from the host's payload: a field the host's payload cannot say is
  // lost on the way, and the case cannot be carried there.
  const back = readHost(TABLES[host]!, own.event, payload);
  if (back === undefined) return `the host's ${own.event} reads as nothing`;
  const again = writeDialect(TABLES[c.harness]!, { ...back, fields: { ...(read.fields.prompt === undefined ? {} : { prompt: read.fields.prompt }), ...back.fields } }, mint);
  if (typeof again === 'string') return `the host's ${own.event} cannot be told to ${c.harness}: ${again}`;
  const mine = again.find((w) => w.event === c.event);
  if (mine === undefined) return `the host's ${own.event} is not ${c.harness}'s ${c.event}`;
  for (const k of SAME) {
    if (c.payload[k] === undefined) continue;
    if (JSON.stringify(mine.payload[k]) !== JSON.stringify(c.payload[k])) return `the host's payload cannot carry ${c.harness}'s ${k} as it is (${k === 'tool_input' ? `keys ${Object.keys(c.payload[k] as object).filter((x) => (mine.payload[k] as Any)?.[x] === undefined).join(', ') || 'values'}` : 'its value'})`;
  }
  return { event: own.event, payload, ...(prompt === undefined ? {} : { prompt }) };
}

// ---------------------------------------------------------------- the replay
const entries = [...codexEntries(), ...geminiEntries(), ...claudeEntries()];
const skipped = new Map<string, number>();
const count = (why: string): void => void skipped.set(why, (skipped.get(why) ?? 0) + 1);
const ONLY = process.env.DIFFERENTIAL_ONLY === undefined ? undefined : new RegExp(process.env.DIFFERENTIAL_ONLY);
const pairs: { entry: Entry; host: string; dir: string; c: Case; dispatch: Exclude<ReturnType<typeof hostDispatch>, string> }[] = [];
let n = 0;
for (const entry of entries) {
  for (const host of HOSTS) {
    if (host === entry.harness || (ONLY !== undefined && !ONLY.test(`${host} ${entry.id}`))) continue;
    if (entry.make === undefined) {
      count(entry.skip!);
      continue;
    }
    const dir = join(root, `c${++n}`);
    mkdirSync(dir, { recursive: true });
    const c = entry.make(dir);
    const d = hostDispatch(c, host);
    if (typeof d === 'string') count(`${host} host: ${d.replace(/"[^"]*"/g, '…')}`);
    else pairs.push({ entry, host, dir, c, dispatch: d });
  }
}

// Stdin fields a hosted hook does not get as its own harness sends them: translation gaps found by this
// replay and reported on issue 24 (each is counted in the summary below; remove a row once it is fixed).
const KNOWN_GAPS: [RegExp, string][] = [
  [/^(claude|gemini|copilot|default|cursor) codex \S+ lacks (model|permission_mode)(, (model|permission_mode))?$/, "a Codex hook lacks `model` / `permission_mode` (Codex sends both on every event) where the host does not say them: the codex table has no value for them"],
  [/^(copilot|cursor) claude \S+ lacks last_assistant_message$/, "a Claude Stop hook lacks `last_assistant_message` in a host whose stop event does not carry the turn's last message"],
  [/^codex claude \S+ got permission_mode=\S+, model=\S+, which claude never sends on SessionStart$/, "a Claude SessionStart hook gets `permission_mode` (and `model`), which Claude Code 2.1.328 did not send there (the claude table lists permission_mode as common to every event)"],
];
const gaps = new Map<string, number>();

const lines = (s: string | undefined): string[] => (s === undefined || s === '' ? [] : s.split('\n'));
const matches = (got: unknown, want: string | RegExp): boolean => (typeof want === 'string' ? got === want : want.test(String(got)));
const escape = (s: string): RegExp => new RegExp(s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
type Stdins = Record<string, Record<string, unknown>[]>;
const stdinsOf = (c: Case): Stdins => Object.fromEntries(Object.entries(c.records).map(([id, folder]) => [id, readRecords(folder).map((x) => JSON.parse(x.stdin) as Record<string, unknown>)]));

function registryOf(profile: string, dir: string, dialects?: Record<string, object>): Any {
  return new HookRegistry({ profile: profile as 'claude', ...(OPTIONS[profile] ?? {}), settings: SETTINGS, session: { sessionId: 's1', cwd: dir, transcriptPath: join(dir, 'transcript.jsonl') }, projectDir: dir, logger: { warn: () => {} }, ...(dialects === undefined ? {} : { dialects }) } as never);
}

// What each hook of a case gets when its own profile runs the case natively (the profile's suite holds
// that to the real engine): the stdin a hosted hook must match, key for key.
const natives = new Map<string, Promise<Stdins>>();
function nativeOf(entry: Entry): Promise<Stdins> {
  let p = natives.get(entry.id);
  if (p === undefined) {
    p = (async () => {
      const dir = join(root, `native${++n}`);
      mkdirSync(dir, { recursive: true });
      const c = entry.make!(dir);
      const r = registryOf(c.harness, dir);
      try {
        for (const layer of c.layers) r.addConfig(layer.config, { source: layer.source });
        await r.dispatch(c.event, c.payload);
      } finally {
        await r.close();
      }
      return stdinsOf(c);
    })();
    natives.set(entry.id, p);
  }
  return p;
}

describe.each(HOSTS)('a %s host', (host) => {
  const mine = pairs.filter((p) => p.host === host);
  it.concurrent.each(mine.map((p) => [p.entry.id, p] as const))('replays %s as the real engine decided', async (_id, p) => {
    const { c, dispatch } = p;
    const states = TABLES[host]!.read.get(dispatch.event)!.states ?? {};
    const action = TABLES[host]!.read.get(dispatch.event)!.action;
    const promptEvent = TABLES[host]!.write.get('prompt')![0]!.event;
    const native = await nativeOf(p.entry);
    const r = registryOf(host, p.dir, { [c.harness]: OPTIONS[c.harness] ?? {} });
    let result: Any;
    try {
      for (const layer of c.layers) r.addConfig(layer.config, { source: layer.source, dialect: c.harness });
      // The turn's prompt first, as in a session (the case's own, where its Stop carries one).
      if (action !== 'prompt' && action !== 'session.start') await r.dispatch(promptEvent, dispatch.prompt ?? { ...(HOST_EXTRA[host]?.['*'] ?? {}), ...(writeDialect(TABLES[host]!, { action: 'prompt', fields: { prompt: 'run the check' } }, mint) as Any)[0].payload });
      result = await r.dispatch(dispatch.event, dispatch.payload);
    } finally {
      await r.close();
    }
    const e = c.expected;
    // The same hooks ran (by recorded id; Gemini's plan names them by command).
    const foreign = (result.runs as Any[]).filter((x) => x.dialect === c.harness);
    expect(foreign.map((x) => c.nameOf(String(x.name))).sort(), 'hooks run').toEqual(c.fired);
    // The decision, stated in the host's result.
    const denied = e.ask === true && states.ask !== true;
    if (denied) expect(result.blocked, 'an ask the host cannot ask is a deny').toBe(true);
    else expect(result.blocked, 'blocked').toBe(e.blocked);
    if (e.ask === true && !denied) expect(result.permissionDecision).toBe('ask');
    if (e.blocked && e.reason !== undefined) expect(matches(result.reason, e.reason), `reason ${JSON.stringify(result.reason)} vs ${String(e.reason)}`).toBe(true);
    if ((e.blocked || denied) && states.permission === true) expect(result.permissionDecision).toBe('deny');
    if (e.continue === false) expect(result.continue, 'continue').toBe(false);
    else expect(result.continue, 'continue').not.toBe(false);
    if (Array.isArray(e.context)) expect(lines(result.injectContext), 'context').toEqual(e.context);
    else if (e.context !== undefined) expect(result.injectContext, 'context').toMatch(e.context);
    if (e.command !== undefined && !denied) expect(matches(result.updatedInput?.command, typeof e.command === 'string' ? escape(e.command) : e.command), `rewrite ${JSON.stringify(result.updatedInput)}`).toBe(true);
    else if (e.command === undefined) expect(result.updatedInput, 'no rewrite').toBeUndefined();
    // Each hook got what its own harness sends: the keys and values its profile sends natively.
    const got = stdinsOf(c);
    const problems: string[] = [];
    for (const [id, runs] of Object.entries(native)) {
      expect(got[id]?.length, `${id}: runs`).toBe(runs.length);
      for (const [i, own] of runs.entries()) {
        const stdin = got[id]![i]!;
        expect(stdin.hook_event_name, `${id}: event`).toBe(c.event);
        // Nothing its profile sends natively is missing; nothing is added that its harness never sends there.
        const missing = Object.keys(own).filter((k) => !(k in stdin));
        const extra = Object.keys(stdin).filter((k) => !(k in own) && !(c.keys ?? []).includes(k));
        if (missing.length > 0) problems.push(`${id} lacks ${missing.join(', ')}`);
        if (extra.length > 0) problems.push(`${id} got ${extra.map((k) => `${k}=${JSON.stringify(stdin[k])}`).join(', ')}, which ${c.harness} never sends on ${c.event}`);
        for (const k of SAME) if (JSON.stringify(stdin[k]) !== JSON.stringify(own[k])) problems.push(`${id}'s ${k} is ${JSON.stringify(stdin[k])}, ${c.harness} sends ${JSON.stringify(own[k])}`);
      }
    }
    const unknown = problems.filter((x) => {
      const gap = KNOWN_GAPS.find(([re]) => re.test(`${host} ${c.harness} ${x}`));
      if (gap !== undefined) gaps.set(gap[1], (gaps.get(gap[1]) ?? 0) + 1);
      return gap === undefined;
    });
    expect(unknown.join('\n'), 'stdin').toBe('');
  });
});

describe('the differential replay', () => {
  it('replays enough recorded cases in every host, and says why each other pair is not replayed', () => {
    const summary = Object.fromEntries([...skipped].sort((a, b) => b[1] - a[1]));
    const byHost = Object.fromEntries(HOSTS.map((h) => [h, pairs.filter((p) => p.host === h).length]));
    console.log(`differential: ${pairs.length} case×host pairs replayed`, byHost, `\nskipped (${[...skipped.values()].reduce((a, b) => a + b, 0)}):`, summary, '\nknown gaps (hook runs):', Object.fromEntries(gaps));
    expect(pairs.length).toBeGreaterThanOrEqual(300);
    for (const h of HOSTS) expect(byHost[h], h).toBeGreaterThanOrEqual(30);
  });
});
