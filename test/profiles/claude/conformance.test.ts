// Issue 10's conformance suite: what the real Claude Code 2.1.328 did with each case (recorded through
// ../shared/tools/cc-oracle into fixtures/claude/oracle/conformance/, so this never needs the binary),
// replayed through the claude profile. Each recorded hook (`{{HOOK:ID}}`) becomes a scripted hook that prints
// and exits as the recorded hook was told to: what fixtures/claude/oracle-hook.mjs does, run as
// fixtures/scripted-hook.sh (a shell's start, not node's).
// Where this profile differs on purpose, the test says so and asserts the difference.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HookRegistry, type ClaudeDispatchResult, type ConfigSource } from '../../../src/index.js';
import { FIXTURES_DIR } from '../../helpers/fixtures.js';
import { makeLogger } from '../../helpers/logger.js';
import { scriptedHook, shq } from '../../helpers/scripted-hook.js';

const DIR = `${FIXTURES_DIR}/claude/oracle/conformance`;
const root = mkdtempSync(join(tmpdir(), 'hh-conformance-'));
const PROJ = join(root, 'proj');
const RUN = join(root, 'run');
mkdirSync(PROJ, { recursive: true });
afterAll(() => void 0);

interface Recorded {
  rule: number;
  title: string;
  case: {
    settings?: unknown;
    userSettings?: unknown;
    localSettings?: unknown;
    behave?: Record<string, unknown>;
    env?: Record<string, string>;
    steps?: { content: { type: string; name?: string; input?: Record<string, unknown> }[] }[];
    files?: Record<string, string>;
  };
  observed: Record<string, any>;
}

const load = (name: string): Recorded => JSON.parse(readFileSync(`${DIR}/${name}.json`, 'utf8')) as Recorded;
// oracle-hook.mjs's behaviour ({ stdout?, stderr?, exit?, sleep? (s) }; a null stdout prints nothing).
const command = (id: string, behave: Record<string, unknown>): string => {
  const b = fill(behave[id] ?? {}, {}) as { stdout?: unknown; stderr?: string; exit?: number | string; sleep?: number | string };
  return `${scriptedHook(join(root, 'hooks'), { stdout: b.stdout ?? undefined, stderr: b.stderr ?? undefined, exit: b.exit ?? undefined, sleepMs: Number(b.sleep ?? 0) * 1000 })} ${shq(id)}`;
};
const fill = (v: unknown, behave: Record<string, unknown>): unknown => {
  if (typeof v === 'string') {
    return v
      .replace(/\{\{HOOK:([A-Za-z0-9_.-]+)\}\}/g, (_, id: string) => command(id, behave))
      .replace(/\{\{HOOKSH\}\} \{\{RUN\}\} ([A-Za-z0-9_.-]+)/g, (_, id: string) => command(id, behave))
      .replaceAll('{{RUN}}', RUN)
      .replaceAll('{{PROJ}}', PROJ);
  }
  if (Array.isArray(v)) return v.map((x) => fill(x, behave));
  if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x, behave)]));
  return v;
};

// The registry a case's settings files make, every gate open (the oracle runs trusted, in bypass mode).
function ours(r: Recorded, extra: { stopBlockCap?: number; largeOutputDir?: string } = {}) {
  const logger = makeLogger();
  const registry = new HookRegistry({
    profile: 'claude',
    settings: { enableShellHooks: true, allowProjectHooks: true, enablePluginHooks: true },
    session: { sessionId: 's1', cwd: PROJ },
    projectDir: PROJ,
    logger,
    ...extra,
  });
  const behave = r.case.behave ?? {};
  for (const [rel, content] of Object.entries(r.case.files ?? {})) {
    const file = join(PROJ, rel);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, fill(content, behave) as string);
    if (content.startsWith('#!')) chmodSync(file, 0o755);
  }
  const files: [ConfigSource, unknown][] = [
    ['user', r.case.userSettings],
    ['project', r.case.settings],
    ['local', r.case.localSettings],
  ];
  for (const [source, settings] of files) if (settings !== undefined) registry.addConfig(fill(settings, behave), { source });
  return { registry, logger };
}

/** The recorded hook ids that ran, sorted, from a result's runs. */
const fired = (result: { runs: { name: string }[] }): string[] =>
  result.runs
    .map((run) => /\/scripted-hook\.sh \S+ ([A-Za-z0-9_.-]+)/.exec(run.name)?.[1])
    .filter((id): id is string => id !== undefined)
    .sort();

const bashCall = (r: Recorded) => {
  const use = r.case.steps?.flatMap((s) => s.content).find((c) => c.type === 'tool_use');
  return { tool_name: use?.name ?? 'Bash', tool_input: fill(use?.input ?? { command: 'ls' }, {}) as Record<string, unknown>, tool_use_id: 't1' };
};
const pre = (registry: ReturnType<typeof ours>['registry'], call: ReturnType<typeof bashCall>) => registry.dispatch('PreToolUse', call) as Promise<ClaudeDispatchResult>;

describe('every recorded case is replayed here', () => {
  it('has a fixture per rule it covers, each with the case and what Claude Code did', () => {
    const names = readdirSync(DIR).filter((f) => f.endsWith('.json'));
    expect(names.length).toBeGreaterThan(60);
    const rules = new Set(names.map((f) => Number(f.slice(0, 2))));
    for (const rule of [1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 15, 16, 17]) expect(rules).toContain(rule);
    for (const f of names) {
      const r = JSON.parse(readFileSync(`${DIR}/${f}`, 'utf8')) as Recorded;
      expect(r.case, f).toBeTypeOf('object');
      expect(r.observed, f).toBeTypeOf('object');
    }
  });
});

describe('rule 1: matchers', () => {
  it.each(['01-matchers-bash', '01-matchers-write'])('%s: the same hooks fire as in Claude Code', async (name) => {
    const r = load(name);
    const { registry } = ours(r);
    expect(fired(await pre(registry, bashCall(r)))).toEqual([...r.observed.fired].sort());
  });
});

describe('rule 2: `if` conditions', () => {
  it('Bash(git *) fires on every command Claude Code fired it on, and on no other', async () => {
    const r = load('02-if-bash');
    const { registry } = ours(r);
    for (const [command, expected] of Object.entries(r.observed.firedByCommand as Record<string, boolean>)) {
      const ids = fired(await pre(registry, { tool_name: 'Bash', tool_input: { command }, tool_use_id: 't' }));
      expect([command, ids.includes(r.observed.ifHook)]).toEqual([command, expected]);
    }
  });

  it.each(['02-if-file-edit', '02-if-file-write'])('%s: file rules on the paths Claude Code handed the hook', async (name) => {
    const r = load(name);
    const { registry } = ours(r);
    for (const [call, seen] of Object.entries(r.observed.byCall as Record<string, { fired: string[]; hookSawFilePath: string }>)) {
      const tool = call.split(' ')[0]!;
      // Claude Code hands hooks the absolute, normalised path (`./.env` arrives as <proj>/.env).
      const input = { file_path: fill(seen.hookSawFilePath, {}) };
      const ids = fired(await pre(registry, { tool_name: tool, tool_input: input, tool_use_id: 't' }));
      expect([call, ids]).toEqual([call, [...seen.fired].sort()]);
    }
  });
});

describe('rule 3: exit codes and JSON (PreToolUse)', () => {
  const cases = readdirSync(DIR)
    .filter((f) => f.startsWith('03-'))
    .map((f) => f.slice(0, -5));
  it.each(cases)('%s: denied exactly when Claude Code denied, for the same reason', async (name) => {
    const r = load(name);
    const { registry } = ours(r);
    const result = await pre(registry, bashCall(r));
    expect(result.blocked).toBe(!r.observed.toolRan);
    expect(result.blocked ? 1 : 0).toBe(r.observed.denials);
    if (result.blocked) {
      // Claude Code shows `PreToolUse:Bash hook error: <reason>`, an exit 2's stderr labelled `[<command>]: `.
      const shown = String(r.observed.toolResult.text).replace('PreToolUse:Bash hook error: ', '').replace(/^\[\{\{HOOK:[^\]]*\}\}\]: /, '');
      expect(result.reason).toBe(shown);
      expect(result.permissionDecision).toBe('deny');
    }
  });
});

describe('rule 4: hookSpecificOutput counts only for its own hookEventName', () => {
  const cases = readdirSync(DIR)
    .filter((f) => f.startsWith('04-'))
    .map((f) => f.slice(0, -5));
  it.each(cases)('%s', async (name) => {
    const r = load(name);
    const { registry, logger } = ours(r);
    const call = bashCall(r);
    if (name.startsWith('04-post-')) {
      const result = (await registry.dispatch('PostToolUse', { ...call, tool_response: { stdout: '' } })) as ClaudeDispatchResult;
      const saw = (r.observed.modelSaw as string[]).join('\n');
      expect(result.injectContext !== undefined).toBe(/hook additional context/.test(saw));
      return;
    }
    const result = await pre(registry, call);
    if (name === '04-pre-block-plus-missing-eventname') {
      // A deliberate difference: Claude Code drops the whole JSON when hookSpecificOutput has no
      // hookEventName, so its top-level `decision: "block"` fails open and the tool ran. Here only the
      // hookSpecificOutput is dropped (with a warning): the top-level block still blocks.
      expect(r.observed.toolRan).toBe(true);
      expect(result.blocked).toBe(true);
    } else {
      expect(result.blocked).toBe(!r.observed.toolRan);
    }
    if (/wrong-eventname|missing-eventname/.test(name) && !/block-plus-wrong/.test(name)) expect(logger.warnings.join('\n')).toMatch(/hookSpecificOutput/);
  });
});

describe('rule 5: continue: false stops the agent, it does not refuse the action', () => {
  it.each(['05-pretooluse-continue-false', '05-pretooluse-continue-false-no-reason', '05-pretooluse-continue-false-with-deny'])('%s', async (name) => {
    const r = load(name);
    const { registry } = ours(r);
    const result = await pre(registry, bashCall(r));
    expect(result.blocked).toBe(!r.observed.toolRan);
    expect(result.continue).toBe(false); // Claude Code ended the turn: terminal_reason "hook_stopped"
    expect(r.observed.terminalReason).toBe('hook_stopped');
  });

  it('05-posttooluse-continue-false and 05-userpromptsubmit-continue-false: continue false, not blocked', async () => {
    const post = load('05-posttooluse-continue-false');
    const a = ours(post).registry;
    const p = (await a.dispatch('PostToolUse', { ...bashCall(post), tool_response: {} })) as ClaudeDispatchResult;
    expect(p).toMatchObject({ blocked: false, continue: false });
    const ups = load('05-userpromptsubmit-continue-false');
    const u = (await ours(ups).registry.dispatch('UserPromptSubmit', { prompt: 'do it' })) as ClaudeDispatchResult;
    // Claude Code did not send the prompt ("Operation stopped by hook: …"): the harness reads continue: false.
    expect(u).toMatchObject({ blocked: false, continue: false });
    expect(ups.observed.modelRequests).toBe(0);
  });
});

describe('rule 6: events without decision control', () => {
  it.each(['06-sessionstart-decision-block', '06-sessionstart-continue-false', '06-sessionstart-exit2'])('%s: the session went on; nothing is blocked or stopped', async (name) => {
    const r = load(name);
    const result = (await ours(r).registry.dispatch('SessionStart', { source: 'startup' })) as ClaudeDispatchResult;
    expect(r.observed.toolRan).toBe(true);
    expect(result.blocked).toBe(false);
    expect(result.continue).toBeUndefined();
  });

  it.each(['06-subagentstart-block-continue-false', '06-subagentstart-exit2', '06-subagentstart-continue-false'])('%s: the subagent ran', async (name) => {
    const r = load(name);
    const result = (await ours(r).registry.dispatch('SubagentStart', { agent_id: 'a1', agent_type: 'general-purpose' })) as ClaudeDispatchResult;
    expect(r.observed.subagentRan).toBe(true);
    expect(result.blocked).toBe(false);
    expect(result.continue).toBeUndefined();
  });

  it('06-userpromptsubmit-exit2: where the event has decision control, exit 2 blocks (the prompt was erased)', async () => {
    const r = load('06-userpromptsubmit-exit2');
    const result = (await ours(r).registry.dispatch('UserPromptSubmit', { prompt: 'do it' })) as ClaudeDispatchResult;
    expect(result.blocked).toBe(true);
    expect(r.observed.modelRequests).toBe(0);
  });
});

describe('rule 7: defer, ask, PermissionRequest', () => {
  it('07-pretooluse-defer-ignores-updatedinput: deferred with the original input, no rewrite, no context', async () => {
    const r = load('07-pretooluse-defer-ignores-updatedinput');
    const result = await pre(ours(r).registry, bashCall(r));
    expect(r.observed).toMatchObject({ toolRan: false, rewrittenRan: false, terminalReason: 'tool_deferred' });
    expect(result).toMatchObject({ blocked: false, permissionDecision: 'defer' });
    expect(result.updatedInput).toBeUndefined();
    expect(result.injectContext).toBeUndefined();
  });

  it('07-pretooluse-allow-updatedinput-control: an allow rewrites', async () => {
    const r = load('07-pretooluse-allow-updatedinput-control');
    const result = await pre(ours(r).registry, bashCall(r));
    expect(r.observed.rewrittenRan).toBe(true);
    expect(result.updatedInput?.command).toMatch(/rewritten/);
  });

  it.each(['07-pretooluse-ask-bypass', '07-pretooluse-ask-default-mode'])('%s: ask carries its reason (Claude Code showed the model the bare reason)', async (name) => {
    const r = load(name);
    const result = await pre(ours(r).registry, bashCall(r));
    expect(result.permissionDecision).toBe('ask');
    expect(result.permissionDecisionReason).toBe(r.observed.modelSaw[0].toolResult);
  });

  it.each([
    ['07-permissionrequest-allow', 'allow'],
    ['07-permissionrequest-allow-updatedinput', 'allow'],
    ['07-permissionrequest-deny-message', 'deny'],
    ['07-permissionrequest-deny-interrupt', 'deny'],
  ])('%s: decision.behavior reaches the result', async (name, behavior) => {
    const r = load(name);
    const result = (await ours(r).registry.dispatch('PermissionRequest', { tool_name: 'Bash', tool_input: bashCall(r).tool_input })) as ClaudeDispatchResult;
    expect(result.permissionDecision).toBe(behavior);
    expect(result.permissionRequest?.behavior).toBe(behavior);
    // (With updatedInput, the rewritten command ran instead of the original.)
    expect(result.blocked).toBe(!(r.observed.toolRan || r.observed.rewrittenRan));
    if (name.endsWith('deny-message')) expect(result.reason).toBe(r.observed.modelSaw[0].toolResult);
    if (name.endsWith('allow-updatedinput')) expect(result.updatedInput).toBeDefined();
    if (name.endsWith('interrupt')) expect(result.continue).toBe(false); // Claude Code aborted the run
  });
});

describe('rule 9: once is ignored in settings files', () => {
  it('09-once-ignored-in-settings: the hook ran on both calls', async () => {
    const r = load('09-once-ignored-in-settings');
    const { registry } = ours(r);
    const runs = [...fired(await pre(registry, bashCall(r))), ...fired(await pre(registry, bashCall(r)))];
    expect(runs).toEqual(r.observed.fired.PreToolUse);
  });
});

describe('rule 11: the Stop cap', () => {
  it.each([
    ['11-stop-cap-default-exit2', undefined],
    ['11-stop-cap-default-json-block', undefined],
    ['11-stop-cap-env-3', 3],
  ] as const)('%s: Stop runs as many times as in Claude Code, the last block overridden', async (name, cap) => {
    const r = load(name);
    expect(cap === undefined ? undefined : Number(r.case.env?.CLAUDE_CODE_STOP_HOOK_BLOCK_CAP)).toBe(cap);
    const { registry } = ours(r, cap === undefined ? {} : { stopBlockCap: cap });
    let runs = 0;
    for (;;) {
      const result = (await registry.dispatch('Stop', { stop_hook_active: runs > 0 })) as ClaudeDispatchResult;
      runs++;
      if (!result.blocked) {
        expect(result.stopCapped).toBeDefined();
        break;
      }
    }
    expect(runs).toBe(r.observed.runs);
  });
});

describe('rule 12: text over 10,000 characters', () => {
  // Our text in the fixtures' notation: runs of A as `<N chars of A>`, the saved file as `<savedFile>`.
  const notation = (text: string) => text.replace(/Full output saved to: (\S+)/, 'Full output saved to: <savedFile>').replace(/A{2,}/g, (a) => `<${a.length} chars of A>`);
  const cases = readdirSync(DIR)
    .filter((f) => f.startsWith('12-') && !f.includes('systemmessage'))
    .map((f) => f.slice(0, -5));
  it.each(cases)('%s: inline up to 10,000, else saved with Claude Code’s preview block', async (name) => {
    const r = load(name);
    const largeOutputDir = mkdtempSync(join(root, 'large-'));
    const { registry } = ours(r, { largeOutputDir });
    const result = (name.includes('userpromptsubmit')
      ? await registry.dispatch('UserPromptSubmit', { prompt: 'do it' })
      : await registry.dispatch('PostToolUse', { ...bashCall(r), tool_response: {} })) as ClaudeDispatchResult;
    const saw = (r.observed.modelSaw as string[])[0]!;
    const expected = /hook (?:additional context|success): ([\s\S]*)\n<\/system-reminder>$/.exec(saw)![1];
    expect(notation(result.injectContext!)).toBe(expected);
    const saved = /Full output saved to: (\S+)/.exec(result.injectContext!)?.[1];
    expect(saved !== undefined).toBe(r.observed.persisted);
    if (saved !== undefined) {
      expect(statSync(saved).size).toBe(r.observed.savedFile.bytes);
      expect(statSync(saved).mode & 0o777).toBe(0o600);
    }
  });

  it('12-posttooluse-systemmessage-12000: a long systemMessage is saved the same way (Claude Code shows it to the user only)', async () => {
    const r = load('12-posttooluse-systemmessage-12000');
    const { registry } = ours(r, { largeOutputDir: mkdtempSync(join(root, 'large-')) });
    const result = (await registry.dispatch('PostToolUse', { ...bashCall(r), tool_response: {} })) as ClaudeDispatchResult;
    expect(result.systemMessage).toMatch(/^<persisted-output>\nOutput too large \(11\.7KB\)\. Full output saved to: \S+-systemMessage\.txt\n/);
  });
});

describe('rule 12: the folder is the user’s alone', () => {
  it('refuses a link planted in the folder’s place (only the preview is kept), and makes a loose folder 0700', async () => {
    const { symlinkSync, chmodSync: chmod } = await import('node:fs');
    const r = load('12-posttooluse-additionalcontext-12000');
    const elsewhere = mkdtempSync(join(root, 'elsewhere-'));
    const link = join(root, `planted-${Date.now()}`);
    symlinkSync(elsewhere, link);
    const { registry, logger } = ours(r, { largeOutputDir: link });
    const result = (await registry.dispatch('PostToolUse', { ...bashCall(r), tool_response: {} })) as ClaudeDispatchResult;
    expect(result.injectContext).toMatch(/The full output could not be saved/);
    expect(readdirSync(elsewhere)).toEqual([]);
    expect(logger.warnings.join('\n')).toMatch(/not a folder/);
    const loose = mkdtempSync(join(root, 'loose-'));
    chmod(loose, 0o777);
    await ours(r, { largeOutputDir: loose }).registry.dispatch('PostToolUse', { ...bashCall(r), tool_response: {} });
    expect(statSync(loose).mode & 0o777).toBe(0o700);
  });
});

describe('rule 13: timeouts', () => {
  it('13-pretooluse-timeout-nonblocking: a deny that comes after the timeout is no deny', async () => {
    const r = load('13-pretooluse-timeout-nonblocking');
    const result = await pre(ours(r).registry, bashCall(r));
    expect(r.observed.toolRan).toBe(true);
    expect(result).toMatchObject({ blocked: false, runs: [{ outcome: 'timeout' }] });
  }, 10_000);
});

describe('rule 15: disableAllHooks and allowManagedHooksOnly', () => {
  it.each(['15-disableallhooks-user', '15-allowmanagedhooksonly-user-ignored'])('%s: the same hooks run as in Claude Code', async (name) => {
    const r = load(name);
    expect(fired(await pre(ours(r).registry, bashCall(r)))).toEqual([...r.observed.fired].sort());
  });

  it.each([
    ['15-disableallhooks-project', ['U']],
    ['15-disableallhooks-local', ['U']],
  ])('%s: a deliberate difference — the project’s files switch off the project’s hooks, never the user’s', async (name, ours_) => {
    const r = load(name);
    // Claude Code ran nothing: its disableAllHooks from any non-managed file means "managed hooks only".
    expect(r.observed.fired).toEqual([]);
    expect(fired(await pre(ours(r).registry, bashCall(r)))).toEqual(ours_);
  });
});

describe('rule 16: the hook environment', () => {
  it('16-stdin-env-all-events: CLAUDE_PROJECT_DIR and CLAUDE_CODE_SESSION_ID on every event, CLAUDE_ENV_FILE on SessionStart', async () => {
    const r = load('16-stdin-env-all-events');
    expect(Object.keys(r.observed.envAll)).toEqual(expect.arrayContaining(['CLAUDE_PROJECT_DIR', 'CLAUDE_CODE_SESSION_ID']));
    expect(r.observed.envFileOn).toEqual(['SessionStart']);
    const registry = ours({ ...r, case: { settings: {} } }).registry;
    const env = `node -e 'console.log(JSON.stringify({systemMessage:JSON.stringify({p:process.env.CLAUDE_PROJECT_DIR,s:process.env.CLAUDE_CODE_SESSION_ID,f:process.env.CLAUDE_ENV_FILE!==undefined})}))'`;
    registry.addConfig({ hooks: { SessionStart: [{ hooks: [{ type: 'command', command: env }] }], Stop: [{ hooks: [{ type: 'command', command: env }] }] } }, { source: 'user' });
    const start = JSON.parse(((await registry.dispatch('SessionStart', { source: 'startup' })) as ClaudeDispatchResult).systemMessage!);
    const stop = JSON.parse(((await registry.dispatch('Stop', { stop_hook_active: false })) as ClaudeDispatchResult).systemMessage!);
    expect(start).toEqual({ p: PROJ, s: 's1', f: true });
    expect(stop).toEqual({ p: PROJ, s: 's1', f: false });
  });
});

describe('rule 17: the text Claude Code hands the model (result.modelText)', () => {
  // A recorded text with the recorded hook commands written as this replay's, and Claude Code's own
  // trailing token-count reminder dropped.
  const expected = (r: Recorded, text: string): string =>
    (fill(text, r.case.behave ?? {}) as string).replace(/\n\n<system-reminder>\n<total_tokens>[^<]*<\/total_tokens>\n<\/system-reminder>$/, '');

  it.each(['17-pretooluse-deny-json', '17-pretooluse-exit2-stderr', ...readdirSync(DIR).filter((f) => f.startsWith('03-')).map((f) => f.slice(0, -5))])(
    '%s: the tool result of a denied call',
    async (name) => {
      const r = load(name);
      const result = await pre(ours(r).registry, bashCall(r));
      const recorded = name.startsWith('03-') ? (r.observed.toolResult?.is_error ? r.observed.toolResult.text : undefined) : r.observed.modelSaw[0];
      expect(result.modelText?.toolResult?.text).toBe(recorded === undefined ? undefined : expected(r, recorded));
    },
  );

  it.each(['17-posttooluse-exit2-stderr', '17-posttooluse-decision-block'])('%s: the blocking error inside the tool result', async (name) => {
    const r = load(name);
    const result = (await ours(r).registry.dispatch('PostToolUse', { ...bashCall(r), tool_response: { stdout: 'TOOL-OUT' } })) as ClaudeDispatchResult;
    expect(['TOOL-OUT', ...result.modelText!.blocks].join('\n\n')).toBe(expected(r, r.observed.modelSaw[0]));
  });

  it.each(['17-stop-block-reason', '11-stop-cap-default-json-block', '11-stop-cap-default-exit2'])('%s: Stop’s continuation', async (name) => {
    const r = load(name);
    const result = (await ours(r).registry.dispatch('Stop', { stop_hook_active: false })) as ClaudeDispatchResult;
    const saw = (r.observed.modelSaw ?? r.observed.modelSawPerContinuation) as string[];
    expect(result.modelText!.blocks).toEqual(saw.map((t) => expected(r, t)));
  });

  it.each(['17-context-all-events', '17-context-pre-only', '17-context-post-only', '17-context-several-hooks'])('%s: context blocks per event', async (name) => {
    const r = load(name);
    const { registry } = ours(r);
    const saw = (r.observed.modelSaw as string[]).join('\n\n');
    const call = bashCall(r);
    const results = [
      await registry.dispatch('SessionStart', { source: 'startup' }),
      await registry.dispatch('UserPromptSubmit', { prompt: 'do it' }),
      await registry.dispatch('PreToolUse', call),
      await registry.dispatch('PostToolUse', { ...call, tool_response: {} }),
      await registry.dispatch('PostToolUseFailure', { ...call, error: 'Exit code 1' }),
    ] as ClaudeDispatchResult[];
    const ours_ = results.flatMap((x) => x.modelText?.blocks ?? []);
    expect(ours_.length).toBeGreaterThan(0);
    // Every block this profile gives is one Claude Code sent (Claude Code orders PostToolUse contexts by
    // completion, this profile by registration: compared as a set).
    for (const block of ours_) expect(saw).toContain(block);
    const reminders = saw.match(/<system-reminder>\n(?:SessionStart|UserPromptSubmit|PreToolUse|PostToolUse|PostToolUseFailure)[^]*?<\/system-reminder>/g) ?? [];
    for (const block of new Set(reminders)) expect(ours_).toContain(block);
  });
});
