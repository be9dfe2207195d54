// Compatibility with popular public Copilot hooks (spec §8, E1–E6): each wired as its own config file
// wires it, with a script under fixtures/copilot/ doing what the original does, run as a real process.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readJson, registry, repo, script, sh } from './helpers.js';

describe('copilot compatibility: public hook configs', () => {
  it('E1: the docs policy (cwd .github/hooks) denies a dangerous bash command by JSON and lets a safe one through', async () => {
    const dir = repo({ '.github/hooks/scripts/pre-tool-policy.mjs': 'pre-tool-policy.mjs' });
    const r = registry(dir);
    r.addConfig(
      { version: 1, hooks: { preToolUse: [{ type: 'command', bash: './scripts/pre-tool-policy.mjs', powershell: './scripts/pre-tool-policy.ps1', cwd: '.github/hooks', timeoutSec: 15 }] } },
      { source: 'project', file: join(dir, '.github/hooks/copilot-cli-policy.json') },
    );
    const denied = await r.dispatch('preToolUse', { toolName: 'bash', toolArgs: { command: 'rm -rf dist', description: 'Clean build directory' } });
    expect(denied).toMatchObject({ blocked: true, reason: 'Dangerous system command', permissionDecision: 'deny', modelText: { toolResult: { isError: true, text: 'Denied by preToolUse hook: Dangerous system command' } } });
    expect(denied.runs.map((x) => x.outcome)).toEqual(['block']);
    // toolArgs reaches the script as an object, as the binary sends it (the docs' version parses a string).
    const safe = await r.dispatch('preToolUse', { toolName: 'bash', toolArgs: { command: 'ls' } });
    expect(safe.blocked).toBe(false);
    expect(safe.permissionDecision).toBeUndefined();
    expect(safe.runs.map((x) => x.outcome)).toEqual(['ok']);
  });

  it('E2: tool-guardian exits 1 on a match, no JSON: denied as a hook error, its stdout table ignored; GUARD_MODE comes from the entry env', async () => {
    const dir = repo({ '.github/hooks/tool-guardian/guard-tool.mjs': 'guard-tool.mjs' });
    const entry = (mode: string) => ({ version: 1, hooks: { preToolUse: [{ type: 'command', bash: '.github/hooks/tool-guardian/guard-tool.mjs', cwd: '.', env: { GUARD_MODE: mode }, timeoutSec: 10 }] } });
    const block = registry(dir);
    block.addConfig(entry('block'), { source: 'project' });
    const r = await block.dispatch('preToolUse', { toolName: 'bash', toolArgs: { command: 'sudo rm -rf /' } });
    expect(r).toMatchObject({ blocked: true, permissionDecision: 'deny', modelText: { toolResult: { isError: true, text: 'Denied by preToolUse hook (hook errored)' } } });
    expect(r.reason).toContain('hook errored');
    expect(r.runs[0]!.outcome).toBe('error');
    expect((await block.dispatch('preToolUse', { toolName: 'bash', toolArgs: { command: 'git status' } })).blocked).toBe(false);
    const warn = registry(dir);
    warn.addConfig(entry('warn'), { source: 'project' });
    expect((await warn.dispatch('preToolUse', { toolName: 'bash', toolArgs: { command: 'sudo rm -rf /' } })).blocked).toBe(false);
  });

  it('E3: session-logger hooks via `command` get their env, COPILOT_CLI=1, the repo root as cwd and the camelCase input', async () => {
    const dir = repo({ '.github/hooks/session-logger/log-event.mjs': 'log-event.mjs' });
    const r = registry(dir);
    const cmd = (event: string) => `.github/hooks/session-logger/log-event.mjs ${event}`;
    r.addConfig(
      {
        version: 1,
        hooks: {
          sessionStart: [{ type: 'command', command: cmd('sessionStart'), cwd: '.', timeoutSec: 5 }],
          sessionEnd: [{ type: 'command', command: cmd('sessionEnd'), cwd: '.', timeoutSec: 5 }],
          userPromptSubmitted: [{ type: 'command', command: cmd('userPromptSubmitted'), cwd: '.', env: { LOG_LEVEL: 'INFO' }, timeoutSec: 5 }],
        },
      },
      { source: 'project' },
    );
    await r.dispatch('sessionStart', { source: 'new', initialPrompt: 'hi' });
    await r.dispatch('userPromptSubmitted', { prompt: 'fix the bug' });
    const end = await r.dispatch('sessionEnd', { reason: 'complete' });
    expect(end).toMatchObject({ blocked: false });
    const lines = readFileSync(join(dir, 'logs/session.log'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.event, l.level, l.copilotCli, l.cwd])).toEqual([
      ['sessionStart', null, '1', dir],
      ['userPromptSubmitted', 'INFO', '1', dir],
      ['sessionEnd', null, '1', dir],
    ]);
    expect(lines[0].input).toMatchObject({ sessionId: 'sess-1', source: 'new', initialPrompt: 'hi' });
    expect(lines[1].input.prompt).toBe('fix the bug');
    expect(lines[2].input.reason).toBe('complete');
  });

  it('E4: impeccable postToolUse with matcher "edit|create" fires for edit and create only, sees toolResult, and its additionalContext comes back', async () => {
    const dir = repo({ '.github/skills/impeccable/scripts/hook.mjs': 'post-edit-context.mjs' });
    const r = registry(dir);
    r.addConfig({ version: 1, hooks: { postToolUse: [{ type: 'command', matcher: 'edit|create', bash: 'node ".github/skills/impeccable/scripts/hook.mjs"', timeoutSec: 5 }] } }, { source: 'project' });
    const result = { resultType: 'success' as const, textResultForLlm: 'ok' };
    const seen: Record<string, string | undefined> = {};
    for (const toolName of ['edit', 'create', 'view', 'bash', 'edit_notes']) seen[toolName] = (await r.dispatch('postToolUse', { toolName, toolArgs: { path: 'a.ts' }, toolResult: result })).injectContext;
    expect(seen).toEqual({ edit: 'impeccable checked edit (success)', create: 'impeccable checked create (success)', view: undefined, bash: undefined, edit_notes: undefined });
  });

  it('E5: a PascalCase PreToolUse entry without `type`, `command` + `timeout`: snake_case stdin with the Claude tool name; continue:false is not a deny', async () => {
    const dir = repo({ 'bin/run-hook.sh': 'bin/run-hook.sh' });
    const capture = join(dir, 'stdin.json');
    const r = registry(dir);
    r.addConfig({ version: 1, hooks: { PreToolUse: [{ command: 'bin/run-hook.sh 1password-validate-mounted-env-files', timeout: 15, env: { HOOK_CAPTURE: capture } }] } }, { source: 'project' });
    expect(r.listHooks('preToolUse')[0]).toMatchObject({ timeoutMs: 15_000 });
    const res = await r.dispatch('preToolUse', { toolName: 'bash', toolArgs: { command: 'npm test' }, timestamp: 1704614600000 });
    const stdin = readJson(capture);
    expect(stdin).toEqual({ hook_event_name: 'PreToolUse', session_id: 'sess-1', timestamp: '2024-01-07T08:03:20.000Z', cwd: dir, tool_name: 'Bash', tool_input: { command: 'npm test' } });
    // UNCERTAIN (§8 E5): the CLI documents no `continue` on preToolUse; the VS Code answer is ignored.
    expect(res.blocked).toBe(false);
    expect(res.continue).toBeUndefined();
  });

  it('E6: an inline "ask" hook makes permissionDecision "ask" with its reason, not a block', async () => {
    const dir = repo();
    const r = registry(dir);
    const ask = JSON.stringify({ permissionDecision: 'ask', permissionDecisionReason: 'preToolUse Demo: Allow the agent to use a tool?' });
    r.addConfig({ version: 1, hooks: { preToolUse: [{ type: 'command', bash: `echo ${sh(ask)}`, powershell: `'${ask}'`, cwd: '.', timeoutSec: 10 }] } }, { source: 'project' });
    const res = await r.dispatch('preToolUse', { toolName: 'bash', toolArgs: { command: 'ls' } });
    expect(res).toMatchObject({ blocked: false, permissionDecision: 'ask', permissionDecisionReason: 'preToolUse Demo: Allow the agent to use a tool?' });
  });

  it('E6: two superpowers-style sessionStart hooks both inject their top-level additionalContext (COPILOT_CLI is set)', async () => {
    const dir = repo();
    const r = registry(dir);
    r.addConfig({ version: 1, hooks: { sessionStart: [{ bash: `${script('session-context.mjs')} first` }, { bash: `${script('session-context.mjs')} second` }] } }, { source: 'user' });
    const res = await r.dispatch('sessionStart', { source: 'new' });
    expect(res.injectContext).toBe('first\n\nsecond');
    expect(res.hookSpecificOutput).toEqual({ hookEventName: 'sessionStart', additionalContext: 'first\n\nsecond' });
  });

  it('E6: a stop-gate agentStop hook blocks with its reason as the next prompt, and lets the re-run stop', async () => {
    const dir = repo();
    const r = registry(dir);
    r.addConfig({ version: 1, hooks: { agentStop: [{ type: 'command', bash: script('stop-gate.mjs') }] } }, { source: 'user' });
    const first = await r.dispatch('agentStop', { stopReason: 'end_turn' });
    expect(first).toMatchObject({ blocked: true, decision: 'block', reason: 'Run the test suite before finishing' });
    const again = await r.dispatch('agentStop', { stopReason: 'end_turn', stop_hook_active: true });
    expect(again.blocked).toBe(false);
  });
});
