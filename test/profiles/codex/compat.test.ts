// Hooks in the manner of popular public ones for Codex (fixtures/codex/compat/), wired as a project's
// .codex/hooks.json wires them and loaded by loadSettings from a trusted project, with the user's
// config.toml trusting each by Codex's own trusted_hash: a guard, a rewriter, a Stop gate, a context
// loader, a prompt scanner, an audit logger, and a Claude-only `ask` that Codex ignores.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HookRegistry, codexHookKey, codexTrustedHash, type CodexHookEvent } from '../../../src/index.js';

const COMPAT = fileURLToPath(new URL('../../../fixtures/codex/compat/', import.meta.url));
const base = mkdtempSync(join(tmpdir(), 'codex-compat-'));
const home = join(base, 'codex-home');
const project = join(base, 'repo');
const log = join(base, 'audit.jsonl');
const cmd = (script: string, ...args: string[]) => [`node ${JSON.stringify(join(COMPAT, script))}`, ...args.map((a) => JSON.stringify(a))].join(' ');

const hooks: Record<string, { matcher?: string; hooks: { type: 'command'; command: string; timeout?: number; statusMessage?: string }[] }[]> = {
  SessionStart: [{ matcher: 'startup|resume', hooks: [{ type: 'command', command: cmd('session-context.mjs') }] }],
  UserPromptSubmit: [{ hooks: [{ type: 'command', command: cmd('scan-prompt-secrets.mjs'), timeout: 10 }] }],
  PreToolUse: [
    { matcher: 'Bash', hooks: [{ type: 'command', command: cmd('block-rm-rf.mjs'), statusMessage: 'Checking the command' }, { type: 'command', command: cmd('pin-npm-install.mjs') }] },
    { matcher: 'Bash', hooks: [{ type: 'command', command: cmd('claude-ask.mjs') }] },
    { hooks: [{ type: 'command', command: cmd('log-event.mjs', log), timeout: 5 }] },
  ],
  Stop: [{ hooks: [{ type: 'command', command: cmd('require-tests.mjs'), timeout: 30 }] }],
};

let registry: HookRegistry<'codex'>;
const TURN = { turn_id: 't1', model: 'gpt-5', permission_mode: 'default' } as const;
const bash = (command: string) => registry.dispatch('PreToolUse', { ...TURN, tool_name: 'Bash', tool_input: { command }, tool_use_id: 'call_1' });

beforeAll(async () => {
  mkdirSync(join(project, '.codex'), { recursive: true });
  mkdirSync(home);
  const file = join(project, '.codex', 'hooks.json');
  writeFileSync(file, JSON.stringify({ hooks }, null, 2));
  // What Codex's /hooks review writes when the user approves each hook, and the project's trust.
  const states = Object.entries(hooks).flatMap(([event, groups]) =>
    groups.flatMap((g, gi) => g.hooks.map((h, hi) => `[hooks.state."${codexHookKey(file, event as CodexHookEvent, gi, hi)}"]\ntrusted_hash = "${codexTrustedHash(event as CodexHookEvent, g.matcher, h)}"\n`)),
  );
  writeFileSync(join(home, 'config.toml'), `[projects."${project}"]\ntrust_level = "trusted"\n\n${states.join('\n')}`);
  registry = new HookRegistry({ profile: 'codex', settings: { enableShellHooks: true, allowProjectHooks: true }, session: { sessionId: 'sess', cwd: project, transcriptPath: null }, logger: { warn: () => {} } });
  const reports = await registry.loadSettings({ projectDir: project, codexHome: home, systemDir: false });
  expect(reports.flatMap((r) => r.skipped)).toEqual([]);
});
afterAll(() => registry.close());

describe('popular Codex hooks, as a trusted project wires them', () => {
  it('the guard denies rm -rf, and the model sees Codex\'s block text', async () => {
    const r = await bash('rm -rf build');
    expect(r).toMatchObject({ blocked: true, permissionDecision: 'deny', reason: 'rm -rf is blocked by policy', modelText: 'Command blocked by PreToolUse hook: rm -rf is blocked by policy. Command: rm -rf build' });
  });
  it('the rewriter pins npm install; the Claude-only `ask` hook has no effect under Codex', async () => {
    const r = await bash('npm install left-pad');
    expect(r.blocked).toBe(false);
    expect(r.updatedInput).toEqual({ command: 'npm install left-pad --save-exact' });
    const ask = r.runs.find((x) => x.name.includes('claude-ask'))!;
    expect(ask.outcome).toBe('error');
    expect(ask.message).toMatch(/unsupported permissionDecision:ask/);
  });
  it('the audit logger sees exactly Codex\'s stdin', async () => {
    await bash('ls');
    const last = JSON.parse(readFileSync(log, 'utf8').trim().split('\n').pop()!);
    expect(Object.keys(last)).toEqual(['session_id', 'turn_id', 'transcript_path', 'cwd', 'hook_event_name', 'model', 'permission_mode', 'tool_name', 'tool_input', 'tool_use_id']);
    expect(last).toMatchObject({ session_id: 'sess', cwd: project, hook_event_name: 'PreToolUse', tool_name: 'Bash', transcript_path: null });
  });
  it('the Stop gate continues the turn until the tests passed, and lets a continued turn end', async () => {
    const first = await registry.dispatch('Stop', { ...TURN, stop_hook_active: false, last_assistant_message: 'done' });
    expect(first).toMatchObject({ blocked: true, continuation: ['Run the test suite before finishing.'] });
    expect((await registry.dispatch('Stop', { ...TURN, stop_hook_active: true, last_assistant_message: 'done' })).blocked).toBe(false);
    writeFileSync(join(project, '.tests-passed'), '');
    expect((await registry.dispatch('Stop', { ...TURN, stop_hook_active: false, last_assistant_message: 'done' })).blocked).toBe(false);
  });
  it('SessionStart context on startup, not on compact (the matcher tests `source`)', async () => {
    expect((await registry.dispatch('SessionStart', { source: 'startup', model: 'gpt-5', permission_mode: 'default' })).injectContext).toBe('Project notes: use pnpm, never npm.');
    expect((await registry.dispatch('SessionStart', { source: 'compact', model: 'gpt-5', permission_mode: 'default' })).runs).toEqual([]);
  });
  it('the prompt scanner blocks a key-like prompt and lets others through', async () => {
    expect(await registry.dispatch('UserPromptSubmit', { ...TURN, prompt: 'deploy with sk-abcdefghijklmnopqrstu' })).toMatchObject({ blocked: true, reason: 'The prompt contains what looks like a secret; remove it.' });
    expect((await registry.dispatch('UserPromptSubmit', { ...TURN, prompt: 'deploy' })).blocked).toBe(false);
  });
  it('a hook edited after it was approved no longer runs, and says why', async () => {
    const file = join(project, '.codex', 'hooks.json');
    const edited = { hooks: { ...hooks, Stop: [{ hooks: [{ type: 'command', command: `${cmd('require-tests.mjs')} --strict`, timeout: 30 }] }] } };
    writeFileSync(file, JSON.stringify(edited));
    const fresh = new HookRegistry({ profile: 'codex', settings: { enableShellHooks: true, allowProjectHooks: true }, logger: { warn: () => {} } });
    const reports = await fresh.loadSettings({ projectDir: project, codexHome: home, systemDir: false });
    expect(reports.flatMap((r) => r.skipped)).toMatchObject([{ event: 'Stop', trust: 'changed', gate: 'harnessTrust' }]);
    writeFileSync(file, JSON.stringify({ hooks }, null, 2));
  });
});
