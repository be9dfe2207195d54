// Compatibility with public Cursor hooks (spec §6): each wired as its own hooks.json wires it — the same
// events, matchers, relative paths and sources — with a script under fixtures/cursor/ doing what the
// original does, run as a real process.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIGS } from '../../../fixtures/cursor/configs.mjs';
import { emit, folder, lines, registry, script, write } from './helpers.js';

const config = (name: string): unknown => structuredClone((CONFIGS as Record<string, unknown>)[name.replace(/\.json$/, '')]);

describe('cursor compatibility: public hook configs', () => {
  it('docs block-git + audit in ~/.cursor/hooks.json: both run from ~/.cursor, git is denied with both messages, gh asks, the rest is allowed', async () => {
    const home = folder({ '.cursor/hooks/audit.sh': 'audit.cjs', '.cursor/hooks/block-git.sh': 'block-git.cjs' }, { '.cursor/hooks.json': config('block-git.json') });
    const project = folder();
    const r = registry(project);
    const reports = await r.loadSettings({ projectDir: project, home, enterpriseFile: false });
    expect(reports.map((x) => [x.source, x.added.length])).toEqual([['user', 2]]);
    const git = await r.dispatch('beforeShellExecution', { command: 'git status', cwd: project });
    expect(git).toMatchObject({ blocked: true, permissionDecision: 'deny', reason: 'Git command blocked. Please use the GitHub CLI (gh) tool instead.', userMessage: 'Git command blocked. Please use the GitHub CLI (gh) tool instead.' });
    expect(git.agentMessage).toMatch(/^The git command 'git status' has been blocked by a hook/);
    // The script's extra `continue: true` is not beforeShellExecution's: ignored.
    expect(git.continue).toBeUndefined();
    // Both ran (in parallel); the silent audit allows, the deny wins.
    expect(git.runs.map((x) => x.outcome)).toEqual(['ok', 'block']);
    expect(lines(join(home, '.cursor', 'audit.jsonl')).map((l) => [l.hook_event_name, l.command])).toEqual([['beforeShellExecution', 'git status']]);
    const gh = await r.dispatch('beforeShellExecution', { command: 'gh pr list', cwd: project });
    expect(gh).toMatchObject({ blocked: false, permissionDecision: 'ask', userMessage: 'GitHub CLI command requires permission' });
    const ls = await r.dispatch('beforeShellExecution', { command: 'ls -la', cwd: project });
    expect(ls).toMatchObject({ blocked: false, permissionDecision: 'allow' });
  });

  it('1Password agent-hooks: `bin/run-hook.sh` resolves from the project root, which is also its cwd; a flat deny with agent_message only', async () => {
    const project = folder({ 'bin/run-hook.sh': 'onepassword-run-hook.cjs' }, { '.cursor/hooks.json': config('onepassword.json') });
    const r = registry(project);
    await r.loadSettings({ projectDir: project, home: folder(), enterpriseFile: false });
    const denied = await r.dispatch('beforeShellExecution', { command: 'npm run build', cwd: project });
    expect(denied).toMatchObject({ blocked: true, permissionDecision: 'deny', reason: 'env file missing', agentMessage: 'env file missing' });
    expect(denied.userMessage).toBeUndefined();
    write(join(project, '.env'), 'TOKEN=op://vault/item');
    expect(await r.dispatch('beforeShellExecution', { command: 'npm run build', cwd: project })).toMatchObject({ blocked: false, permissionDecision: 'allow' });
  });

  it('advisor plugin: ./hooks/ from the plugin root, the anchored subagentStop matcher, and stop\'s loop_limit 3 drops the 4th follow-up', async () => {
    const plugin = folder(
      { 'hooks/mark-pending.sh': 'audit.cjs', 'hooks/capture-response.sh': 'audit.cjs', 'hooks/record-consult.sh': 'advisor-record-consult.cjs', 'hooks/stop-hook.sh': 'advisor-stop.cjs' },
      { 'hooks/hooks.json': config('advisor.json'), '.cursor-plugin/plugin.json': { name: 'advisor', hooks: './hooks/hooks.json' } },
    );
    const project = folder();
    const r = registry(project);
    const reports = await r.loadSettings({ projectDir: project, home: folder(), enterpriseFile: false, plugins: [plugin] });
    expect(reports.map((x) => [x.source, x.added.length])).toEqual([['plugin', 4]]);
    for (const subagent_type of ['advisor-subagent', 'explore', 'advisor-subagent-2']) await r.dispatch('subagentStop', { subagent_type, status: 'completed', task: 't' });
    expect(readFileSync(join(plugin, 'consults.log'), 'utf8')).toBe('advisor-subagent\n');
    await r.dispatch('afterFileEdit', { file_path: join(project, 'a.ts'), edits: [] });
    expect(lines(join(plugin, 'audit.jsonl')).map((l) => l.hook_event_name)).toEqual(['afterFileEdit']);
    const followups: (string | undefined)[] = [];
    for (let i = 0; i < 4; i++) followups.push((await r.dispatch('stop', { status: 'completed' })).followupMessage);
    expect(followups).toEqual(['Consult the advisor subagent before finishing (loop 0)', 'Consult the advisor subagent before finishing (loop 1)', 'Consult the advisor subagent before finishing (loop 2)', undefined]);
    const fourth = await r.dispatch('stop', { status: 'completed' });
    // The capped stop ended the loop: the counts start again.
    expect(fourth.followupMessage).toBe('Consult the advisor subagent before finishing (loop 0)');
  });

  it('ralph-loop: the scratchpad is the follow-up (the next user message) with blocked + reason, until afterAgentResponse sees <promise>DONE</promise>; then stop\'s empty stdout is a quiet no-op', async () => {
    const plugin = folder({ 'hooks/stop-hook.sh': 'ralph-stop.cjs', 'hooks/capture-response.sh': 'ralph-capture.cjs' }, {
      'hooks/hooks.json': { version: 1, hooks: { stop: [{ command: './hooks/stop-hook.sh' }], afterAgentResponse: [{ command: './hooks/capture-response.sh' }] } },
      '.cursor-plugin/plugin.json': { name: 'ralph-loop', hooks: './hooks/hooks.json' },
    });
    const project = folder({}, { '.cursor/ralph/scratchpad.md': 'Iterate: make the tests pass.\n' });
    const capture = join(project, 'stop-stdin.jsonl');
    const home = folder({}, { '.cursor/hooks.json': { version: 1, hooks: { stop: [{ command: `CAPTURE_FILE=${capture} ${script('capture.mjs')}` }] } } });
    const r = registry(project);
    await r.loadSettings({ projectDir: project, home, enterpriseFile: false, plugins: [plugin] });
    const first = await r.dispatch('stop', { status: 'completed' });
    expect(first).toMatchObject({ blocked: true, decision: 'block', reason: 'Iterate: make the tests pass.', followupMessage: 'Iterate: make the tests pass.' });
    await r.dispatch('afterAgentResponse', { text: 'Still failing.' });
    expect((await r.dispatch('stop', { status: 'completed' })).followupMessage).toBe('Iterate: make the tests pass.');
    await r.dispatch('afterAgentResponse', { text: 'All green. <promise>DONE</promise>' });
    expect(existsSync(join(project, '.cursor/ralph/done'))).toBe(true);
    const last = await r.dispatch('stop', { status: 'completed' });
    expect(last).toMatchObject({ blocked: false });
    expect(last.followupMessage).toBeUndefined();
    expect(last.runs.map((x) => x.outcome)).toEqual(['ok', 'ok']);
    expect(lines(capture).map((l) => l.stdin.loop_count)).toEqual([0, 1, 2]);
  });

  it('GitNexus postToolUse: "Shell|Read|Grep" is a regex on tool_name, timeout 60 is 60 s, additional_context comes back', async () => {
    const plugin = folder({ 'hooks/gitnexus-hook.cjs': 'gitnexus-hook.cjs' }, { 'hooks/hooks.json': config('gitnexus.json') });
    const project = folder();
    const r = registry(project);
    await r.loadSettings({ projectDir: project, home: folder(), enterpriseFile: false, plugins: [plugin] });
    expect(r.listHooks('postToolUse')[0]).toMatchObject({ timeoutMs: 60_000 });
    const seen: Record<string, string | undefined> = {};
    const inputs: Record<string, Record<string, unknown>> = { Shell: { command: 'rg foo' }, Read: { file_path: 'src/a.ts' }, Grep: { pattern: 'foo', file_path: 'src' }, Write: { file_path: 'b.ts' } };
    for (const [tool_name, tool_input] of Object.entries(inputs)) seen[tool_name] = (await r.dispatch('postToolUse', { tool_name, tool_input, tool_output: '{}', duration: 3.5 })).injectContext;
    expect(seen).toEqual({ Shell: '[GitNexus] Shell rg foo: 3 callers, 1 module', Read: '[GitNexus] Read src/a.ts: 3 callers, 1 module', Grep: '[GitNexus] Grep foo: 3 callers, 1 module', Write: undefined });
  });

  it('a postToolUse logger in .cursor/hooks.json logs every tool call (tool_input an object) and decides nothing', async () => {
    const project = folder({ '.cursor/hooks/tool-logger.mjs': 'tool-logger.mjs' }, { '.cursor/hooks.json': { version: 1, hooks: { postToolUse: [{ command: '.cursor/hooks/tool-logger.mjs' }] } } });
    const r = registry(project);
    await r.loadSettings({ projectDir: project, home: folder(), enterpriseFile: false });
    const res = await r.dispatch('postToolUse', { tool_name: 'Shell', tool_input: '{"command":"ls","working_directory":"/w"}', tool_output: { stdout: 'a' }, duration: 12.5 });
    expect(res).toMatchObject({ blocked: false, runs: [{ outcome: 'ok' }] });
    await r.dispatch('postToolUse', { tool_name: 'Read', tool_input: { file_path: 'README.md' } });
    expect(lines(join(project, '.cursor/tool-log.jsonl'))).toEqual([
      { tool_name: 'Shell', tool_input: { command: 'ls', working_directory: '/w' }, duration: 12.5 },
      { tool_name: 'Read', tool_input: { file_path: 'README.md' } },
    ]);
  });

  it('a beforeReadFile guard denies .env and private keys with its user_message, allows the rest; preToolUse Read is another event', async () => {
    const project = folder({ '.cursor/hooks/guard-read.mjs': 'guard-read.mjs' }, { '.cursor/hooks.json': { version: 1, hooks: { beforeReadFile: [{ command: '.cursor/hooks/guard-read.mjs', failClosed: true }] } } });
    const r = registry(project);
    await r.loadSettings({ projectDir: project, home: folder(), enterpriseFile: false });
    const env = await r.dispatch('beforeReadFile', { file_path: join(project, '.env'), content: 'A=1', attachments: [] });
    expect(env).toMatchObject({ blocked: true, permissionDecision: 'deny', reason: `Reading ${join(project, '.env')} is blocked: it holds secrets` });
    const key = await r.dispatch('beforeReadFile', { file_path: join(project, 'id'), content: '-----BEGIN OPENSSH PRIVATE KEY-----\n…' });
    expect(key.blocked).toBe(true);
    expect(await r.dispatch('beforeReadFile', { file_path: join(project, 'src/a.ts'), content: 'export {}' })).toMatchObject({ blocked: false, permissionDecision: 'allow' });
    expect((await r.dispatch('preToolUse', { tool_name: 'Read', tool_input: { file_path: join(project, '.env') } })).runs).toEqual([]);
  });

  it('a beforeSubmitPrompt guard: continue:false keeps the prompt from being sent, with its user_message; continue:true sends it', async () => {
    const project = folder({ '.cursor/hooks/prompt-guard.mjs': 'prompt-guard.mjs' }, { '.cursor/hooks.json': { version: 1, hooks: { beforeSubmitPrompt: [{ command: '.cursor/hooks/prompt-guard.mjs' }] } } });
    const r = registry(project);
    await r.loadSettings({ projectDir: project, home: folder(), enterpriseFile: false });
    const leaked = await r.dispatch('beforeSubmitPrompt', { prompt: 'use sk-abcdefghijklmnopqrstuv please', attachments: [{ type: 'rule', file_path: 'CLAUDE.md' }] });
    expect(leaked).toMatchObject({ blocked: true, continue: false, stopReason: 'Prompt blocked: it contains an API key', reason: 'Prompt blocked: it contains an API key', userMessage: 'Prompt blocked: it contains an API key' });
    expect(leaked.hookSpecificOutput).toEqual({ hookEventName: 'beforeSubmitPrompt', continue: false, user_message: 'Prompt blocked: it contains an API key' });
    const fine = await r.dispatch('beforeSubmitPrompt', { prompt: 'fix the bug' });
    expect(fine).toMatchObject({ blocked: false });
    expect(fine.continue).toBeUndefined();
  });

  it('tokensave preToolUse "Grep|Shell": non-JSON stdout blocks on the gate, empty stdout allows; flat and nested output resolve to one decision, deny winning when they disagree', async () => {
    const run = async (stdout: string, tool_name = 'Shell') => {
      const r = registry(folder());
      r.addConfig({ version: 1, hooks: { preToolUse: [{ command: emit(stdout), matcher: 'Grep|Shell' }] } }, { source: 'user' });
      return r.dispatch('preToolUse', { tool_name, tool_input: { command: 'ls' } });
    };
    expect(await run('tokensave: index warming up')).toMatchObject({ blocked: true, permissionDecision: 'deny', reason: 'Hook preToolUse returned stdout that is not valid JSON. The action was blocked for safety.' });
    expect((await run('tokensave: index warming up', 'Read')).runs).toEqual([]);
    expect(await run('')).toMatchObject({ blocked: false, runs: [{ outcome: 'ok' }] });
    const dual = { permission: 'deny', user_message: 'use tokensave', agent_message: 'call tokensave_search', hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'use tokensave' } };
    expect(await run(JSON.stringify(dual))).toMatchObject({ blocked: true, permissionDecision: 'deny', reason: 'use tokensave', agentMessage: 'call tokensave_search' });
    expect(await run(JSON.stringify({ permission: 'allow', hookSpecificOutput: { permissionDecision: 'deny' } }))).toMatchObject({ blocked: true, permissionDecision: 'deny' });
    expect(await run(JSON.stringify({ hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'nested only' } }))).toMatchObject({ blocked: true, reason: 'nested only' });
  });

  it('the docs\' prompt hook is skipped with a warning (Cursor evaluates it with its own model)', () => {
    const warnings: string[] = [];
    const r = registry(folder(), warnings);
    const report = r.addConfig(config('prompt-hook.json'), { source: 'user' });
    expect(report.added).toEqual([]);
    expect(report.skipped[0]!.reason).toContain('prompt hooks');
    expect(warnings.join('\n')).toContain('prompt hooks');
  });
});
