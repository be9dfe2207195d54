// Each way a translation between harnesses could fail open, held: a rewrite is translated back or blocks;
// an event or tool with no counterpart is said, not run; an ask the host cannot ask denies; each hook keeps
// its own harness's timeout units and exit codes; Cursor's Edit→Write merge; Stop continuations.
import { describe, expect, it } from 'vitest';
import { readRecords } from '../helpers/scripted-hook.js';
import { dialectTestSetup } from './setup.js';

type Any = any;
const { registry, hook } = dialectTestSetup('fc');
const stdinOf = (record: string, i = 0): Record<string, Any> => JSON.parse(readRecords(record)[i]!.stdin);
const claudeConfig = (event: string, command: string, matcher?: string, extra: object = {}) => ({ hooks: { [event]: [{ ...(matcher === undefined ? {} : { matcher }), hooks: [{ type: 'command', command, ...extra }] }] } });
const geminiConfig = claudeConfig;
const cursorConfig = (event: string, command: string, matcher?: string) => ({ version: 1, hooks: { [event]: [{ command, ...(matcher === undefined ? {} : { matcher }) }] } });
const copilotConfig = (event: string, command: string) => ({ version: 1, hooks: { [event]: [{ type: 'command', bash: command }] } });
const BASH = { tool_name: 'Bash', tool_input: { command: 'rm -rf /', description: 'clean', timeout: 5000 }, tool_use_id: 't1' };

describe('rewrites', () => {
  it("a Gemini rewrite of run_shell_command becomes Claude's updatedInput, keeping the keys Gemini never saw", async () => {
    const r = registry('claude', { gemini: {} });
    const h = hook({ stdout: { hookSpecificOutput: { tool_input: { command: 'echo safe', description: 'clean' } } } });
    r.addConfig(geminiConfig('BeforeTool', h.command, 'run_shell_command'), { source: 'user', dialect: 'gemini' });
    const result = await r.dispatch('PreToolUse', BASH);
    expect(result.blocked).toBe(false);
    expect(result.updatedInput).toEqual({ command: 'echo safe', description: 'clean', timeout: 5000 });
    expect(stdinOf(h.record).tool_input).toEqual({ command: 'rm -rf /', description: 'clean' });
  });

  it('a rewrite that sets a key the host has no counterpart for blocks, saying why (never the unsanitised command)', async () => {
    const r = registry('claude', { gemini: {} });
    const h = hook({ stdout: { hookSpecificOutput: { tool_input: { command: 'rm -rf /tmp/x', dir_path: '/tmp' } } } });
    r.addConfig(geminiConfig('BeforeTool', h.command), { source: 'user', dialect: 'gemini' });
    const result = await r.dispatch('PreToolUse', BASH);
    expect(result.blocked).toBe(true);
    expect(result.permissionDecision).toBe('deny');
    expect(result.updatedInput).toBeUndefined();
    expect(result.reason).toMatch(/dir_path.*no counterpart/);
  });

  it("a Claude Edit guard sees a Codex apply_patch as Claude's Edit, one call per file", async () => {
    const r = registry('codex', { claude: {} }, { bypassHookTrust: true });
    const h = hook({ stdout: { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no edits to b' } } });
    r.addConfig(claudeConfig('PreToolUse', h.command, 'Edit|Write'), { source: 'user', dialect: 'claude' });
    const patch = '*** Begin Patch\n*** Add File: a.txt\n+hi\n*** Update File: b.txt\n@@\n-x\n+y\n*** End Patch\n';
    const result = await r.dispatch('PreToolUse', { tool_name: 'apply_patch', tool_input: { command: patch }, tool_use_id: 'c1', turn_id: 't', model: 'm', permission_mode: 'default' });
    expect(result.blocked).toBe(true);
    const seen = readRecords(h.record).map((x) => JSON.parse(x.stdin));
    expect(seen.map((s) => [s.tool_name, s.tool_input.file_path]).sort()).toEqual([
      ['Edit', 'b.txt'],
      ['Write', 'a.txt'],
    ]);
    expect(seen.find((s) => s.tool_name === 'Edit').tool_input).toEqual({ file_path: 'b.txt', old_string: 'x', new_string: 'y' });
  });

  it("a Codex hook sees Claude's Edit as apply_patch, and its rewritten patch is Claude's Edit again", async () => {
    const r = registry('claude', { codex: { bypassHookTrust: true } });
    const patch = '*** Begin Patch\n*** Update File: /p/f.ts\n@@\n-a\n+safe\n*** End Patch\n';
    const h = hook({ stdout: { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput: { command: patch } } } });
    r.addConfig(claudeConfig('PreToolUse', h.command, 'apply_patch'), { source: 'user', dialect: 'codex' });
    const result = await r.dispatch('PreToolUse', { tool_name: 'Edit', tool_input: { file_path: '/p/f.ts', old_string: 'a', new_string: 'b', replace_all: false }, tool_use_id: 't1' });
    expect(stdinOf(h.record).tool_input.command).toBe('*** Begin Patch\n*** Update File: /p/f.ts\n@@\n-a\n+b\n*** End Patch\n');
    expect(result.blocked).toBe(false);
    expect(result.updatedInput).toEqual({ file_path: '/p/f.ts', old_string: 'a', new_string: 'safe', replace_all: false });
  });

  it('a rewrite of one file of a several-file patch cannot be stated: blocks', async () => {
    const r = registry('codex', { claude: {} }, { bypassHookTrust: true });
    const h = hook({ stdout: { hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { file_path: 'a.txt', content: 'x' } } } });
    r.addConfig(claudeConfig('PreToolUse', h.command, 'Write'), { source: 'user', dialect: 'claude' });
    const patch = '*** Begin Patch\n*** Add File: a.txt\n+hi\n*** Delete File: c.txt\n*** End Patch\n';
    const result = await r.dispatch('PreToolUse', { tool_name: 'apply_patch', tool_input: { command: patch }, tool_use_id: 'c1', turn_id: 't', model: 'm', permission_mode: 'default' });
    expect(result.blocked).toBe(true);
    expect(result.reason).toMatch(/2 calls for claude/);
  });

  it('two dialects that rewrite one call differently block; the result never depends on which finished first', async () => {
    const r = registry('claude', { gemini: {}, cursor: {} });
    const g = hook({ stdout: { hookSpecificOutput: { tool_input: { command: 'echo gemini' } } }, sleepMs: 50 });
    const c = hook({ stdout: { permission: 'allow', updated_input: { command: 'echo cursor' } } });
    r.addConfig(geminiConfig('BeforeTool', g.command), { source: 'user', dialect: 'gemini' });
    r.addConfig(cursorConfig('preToolUse', c.command), { source: 'user', dialect: 'cursor' });
    const result = await r.dispatch('PreToolUse', BASH);
    expect(result.blocked).toBe(true);
    expect(result.reason).toMatch(/rewrote the tool's input differently/);
  });
});

describe('no counterpart', () => {
  it("a hook on an event the host lacks never fires, and listHooks and explain say so", async () => {
    const r = registry('claude', { gemini: {} });
    const h = hook({ stdout: {} });
    r.addConfig(geminiConfig('BeforeModel', h.command), { source: 'user', dialect: 'gemini' });
    const listed = r.listHooks().find((l: Any) => l.dialect === 'gemini');
    expect(listed).toMatchObject({ event: 'BeforeModel', hostEvents: [], never: "gemini's BeforeModel has no equivalent in a claude registry: this hook never fires" });
  });

  it('a tool the dialect has no counterpart for does not run its hooks; explain says why', async () => {
    const r = registry('claude', { gemini: {} });
    const h = hook({ stdout: { decision: 'deny', reason: 'x' } });
    r.addConfig(geminiConfig('BeforeTool', h.command, '.*'), { source: 'user', dialect: 'gemini' });
    const payload = { tool_name: 'NotebookEdit', tool_input: { notebook_path: 'n.ipynb' }, tool_use_id: 't2' };
    const result = await r.dispatch('PreToolUse', payload);
    expect(result.blocked).toBe(false);
    expect(readRecords(h.record)).toEqual([]);
    const why = r.explain('PreToolUse', payload).find((e: Any) => e.dialect === 'gemini');
    expect(why).toMatchObject({ runs: false, reason: expect.stringMatching(/does not fire for this PreToolUse: the tool has no counterpart in gemini/) });
  });
});

describe('decisions the host cannot state', () => {
  it("Cursor's ask in a Codex host (which cannot ask) is a deny, saying so", async () => {
    const r = registry('codex', { cursor: {} }, { bypassHookTrust: true });
    const h = hook({ stdout: { permission: 'ask', user_message: 'sure?' } });
    r.addConfig(cursorConfig('preToolUse', h.command), { source: 'user', dialect: 'cursor' });
    const result = await r.dispatch('PreToolUse', { ...BASH, turn_id: 't', model: 'm', permission_mode: 'default' });
    expect(result.blocked).toBe(true);
    expect(result.permissionDecision).toBe('deny');
    expect(result.reason).toMatch(/asked for the user's approval, which codex cannot ask on PreToolUse: denied/);
  });

  it("a Claude ask's own reason (permissionDecisionReason) stays in the deny a Codex host gets", async () => {
    const r = registry('codex', { claude: {} }, { bypassHookTrust: true });
    const h = hook({ stdout: { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: 'confirm this command' } } });
    r.addConfig(claudeConfig('PreToolUse', h.command, 'Bash'), { source: 'user', dialect: 'claude' });
    const result = await r.dispatch('PreToolUse', { ...BASH, turn_id: 't', model: 'm', permission_mode: 'default' });
    expect(result).toMatchObject({ blocked: true, permissionDecision: 'deny' });
    expect(result.reason).toBe("confirm this command — a claude hook on PreToolUse asked for the user's approval, which codex cannot ask on PreToolUse: denied");
  });

  it("Cursor's ask in a Claude host is Claude's ask", async () => {
    const r = registry('claude', { cursor: {} });
    const h = hook({ stdout: { permission: 'ask', user_message: 'sure?' } });
    r.addConfig(cursorConfig('preToolUse', h.command), { source: 'user', dialect: 'cursor' });
    const result = await r.dispatch('PreToolUse', BASH);
    expect(result).toMatchObject({ blocked: false, permissionDecision: 'ask' });
  });
});

describe("each hook keeps its own harness's rules", () => {
  it("a Claude hook's timeout is seconds in a Gemini host (Gemini's migrator copies 30 s as 30 ms)", async () => {
    const r = registry('gemini', { claude: {} });
    const h = hook({ stderr: 'denied after a while', exit: 2, sleepMs: 300 });
    r.addConfig(claudeConfig('PreToolUse', h.command, 'Bash', { timeout: 1 }), { source: 'user', dialect: 'claude' });
    const result = await r.dispatch('BeforeTool', { tool_name: 'run_shell_command', tool_input: { command: 'rm -rf /' } });
    expect(result.blocked).toBe(true);
    expect(result.reason).toContain('denied after a while');
  });

  it("a Gemini hook's timeout is milliseconds in a Claude host, and its timeout fails open as in Gemini", async () => {
    const r = registry('claude', { gemini: {} });
    const h = hook({ stderr: 'too late', exit: 2, sleepMs: 1500 });
    r.addConfig(geminiConfig('BeforeTool', h.command, undefined, { timeout: 200 }), { source: 'user', dialect: 'gemini' });
    const result = await r.dispatch('PreToolUse', BASH);
    expect(result.blocked).toBe(false);
    expect(result.runs.find((x: Any) => x.dialect === 'gemini')?.outcome).toBe('timeout');
  });

  it("a Copilot hook's exit 1 denies in a Claude host; a Claude hook's exit 1 is a warning in a Copilot host", async () => {
    const copilotHost = registry('copilot', { claude: {} });
    const claudeHook = hook({ stderr: 'just a warning', exit: 1 });
    copilotHost.addConfig(claudeConfig('PreToolUse', claudeHook.command, 'Bash'), { source: 'user', dialect: 'claude' });
    expect((await copilotHost.dispatch('preToolUse', { toolName: 'bash', toolArgs: { command: 'ls' } })).blocked).toBe(false);
    expect(readRecords(claudeHook.record)).toHaveLength(1);

    const claudeHost = registry('claude', { copilot: {} });
    const copilotHook = hook({ stderr: 'crash', exit: 1 });
    claudeHost.addConfig(copilotConfig('preToolUse', copilotHook.command), { source: 'user', dialect: 'copilot' });
    expect((await claudeHost.dispatch('PreToolUse', BASH)).blocked).toBe(true);
  });

  it("Cursor's Write guard sees Claude's Edit as a Write (Cursor has no Edit tool), with the edit's keys", async () => {
    const r = registry('claude', { cursor: {} });
    const h = hook({ stdout: { permission: 'deny', user_message: 'no writes' } });
    r.addConfig(cursorConfig('preToolUse', h.command, 'Write'), { source: 'user', dialect: 'cursor' });
    const result = await r.dispatch('PreToolUse', { tool_name: 'Edit', tool_input: { file_path: '/p/a', old_string: 'x', new_string: 'y' }, tool_use_id: 't3' });
    expect(result.blocked).toBe(true);
    expect(stdinOf(h.record)).toMatchObject({ hook_event_name: 'preToolUse', tool_name: 'Write', tool_input: { file_path: '/p/a', old_string: 'x', new_string: 'y' } });
  });
});

describe('Stop', () => {
  it("Gemini's AfterAgent deny is a Claude Stop continuation, and its stdin carries the turn's prompt from UserPromptSubmit", async () => {
    const r = registry('claude', { gemini: {} });
    const h = hook({ stdout: { decision: 'deny', reason: 'run the tests first' } });
    r.addConfig(geminiConfig('AfterAgent', h.command), { source: 'user', dialect: 'gemini' });
    await r.dispatch('UserPromptSubmit', { prompt: 'fix the bug' });
    const result = await r.dispatch('Stop', { stop_hook_active: false, last_assistant_message: 'done' });
    expect(result).toMatchObject({ blocked: true, reason: expect.stringContaining('run the tests first') });
    expect(stdinOf(h.record)).toMatchObject({ hook_event_name: 'AfterAgent', prompt: 'fix the bug', prompt_response: 'done', stop_hook_active: false });
  });

  it("a Cursor followup_message in a Codex host is Codex's continuation, and loop_count follows the host's continuations", async () => {
    const r = registry('codex', { cursor: {} }, { bypassHookTrust: true });
    const h = hook({ stdout: { followup_message: 'keep going' } });
    r.addConfig(cursorConfig('stop', h.command), { source: 'user', dialect: 'cursor' });
    const stop = { stop_hook_active: false, turn_id: 't', model: 'm', permission_mode: 'default' };
    const first = await r.dispatch('Stop', stop);
    expect(first).toMatchObject({ blocked: true, reason: 'keep going', continuation: ['keep going'] });
    await r.dispatch('Stop', { ...stop, stop_hook_active: true });
    expect(readRecords(h.record).map((x) => JSON.parse(x.stdin).loop_count)).toEqual([0, 1]);
  });
});
