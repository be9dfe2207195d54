// `harness-hooks install`: another harness's hooks as a target's config where each runs through the bridge;
// events and matchers in the target's names, timeouts in its unit, not-installable hooks said, idempotent,
// and, end to end, the target's own registry running the installed entry gets the source hook's decision.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HookRegistry } from '../../src/index.js';
import { scriptedHook, shq } from '../helpers/scripted-hook.js';
import { CLI, cli } from './cli.js';

const root = mkdtempSync(join(tmpdir(), 'hh-install-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function claudeProject(hooks: Record<string, unknown>): string {
  const dir = mkdtempSync(join(root, 'p-'));
  mkdirSync(join(dir, '.claude'));
  writeFileSync(join(dir, '.claude', 'settings.json'), JSON.stringify({ hooks }));
  return dir;
}

// `install --json` of a file into a target, with the built bridge as the command.
async function installed(file: string, into: string): Promise<{ config: Record<string, unknown>; added: { command: string }[] }> {
  return JSON.parse((await cli(['install', '--from', file, '--into', into, '--json', '--bridge', `${shq(process.execPath)} ${shq(CLI)}`])).stdout);
}

// A registry of the target harness with the installed config, handed to `use`, then closed.
async function inRegistry<T>(options: Record<string, unknown>, dir: string, config: unknown, use: (r: { dispatch(e: string, p: object): Promise<Any> }) => Promise<T>): Promise<T> {
  const r = new HookRegistry({ ...options, settings: { enableShellHooks: true }, session: { sessionId: 's', cwd: dir }, projectDir: dir } as never) as unknown as { addConfig(c: unknown, o: object): unknown; dispatch(e: string, p: object): Promise<Any>; close(): Promise<void> };
  try {
    r.addConfig(config, { source: 'user' });
    return await use(r);
  } finally {
    await r.close();
  }
}
type Any = any;
const CODEX = { profile: 'codex', bypassHookTrust: true };
const codexBash = (command: string) => ({ tool_name: 'Bash', tool_input: { command }, tool_use_id: 't', turn_id: 't1', model: 'm', permission_mode: 'default' });

describe('install', () => {
  it("translates events and tool matchers to the target's names, timeouts to its unit, and lists what cannot fire", async () => {
    const dir = claudeProject({
      PreToolUse: [{ matcher: 'Edit|Write', hooks: [{ type: 'command', command: './guard.sh', timeout: 30 }] }, { matcher: 'Bash', hooks: [{ type: 'command', command: './bash-guard.sh' }] }],
      Notification: [{ hooks: [{ type: 'command', command: './notify.sh' }] }],
    });
    const r = await cli(['install', '--from', join(dir, '.claude', 'settings.json'), '--into', 'codex', '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.added.map((a: { event: string; matcher?: string }) => [a.event, a.matcher])).toEqual([
      ['PreToolUse', 'apply_patch'],
      ['PreToolUse', 'Bash'],
    ]);
    expect(out.config.hooks.PreToolUse[0].hooks[0]).toEqual({ type: 'command', command: "harness-hooks bridge --host codex --dialect claude --matcher 'Edit|Write' --timeout 30 -- ./guard.sh # harness-hooks:bridge", timeout: 35 });
    expect(out.config.hooks.PreToolUse[1].hooks[0].timeout).toBe(605);
    expect(out.notInstallable).toEqual([{ from: 'hooks.Notification[0].hooks[0]', why: "codex has no event for claude's Notification (notification): it would never fire" }]);
    expect(r.stderr).toMatch(/not installable: hooks\.Notification\[0\]\.hooks\[0\]/);
  });

  it('into Gemini: milliseconds, and a matcher whose tools Gemini lacks is not installable', async () => {
    const dir = claudeProject({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './g.sh', timeout: 5 }] }, { matcher: 'NotebookEdit', hooks: [{ type: 'command', command: './n.sh' }] }] });
    const out = JSON.parse((await cli(['install', '--from', join(dir, '.claude', 'settings.json'), '--into', 'gemini', '--json'])).stdout);
    expect(out.config.hooks.BeforeTool).toEqual([{ matcher: 'run_shell_command', hooks: [{ type: 'command', command: expect.stringContaining('--timeout 5 -- ./g.sh'), timeout: 10000 }] }]);
    expect(out.notInstallable).toEqual([{ from: 'hooks.PreToolUse[1].hooks[0]', why: 'the tools "NotebookEdit" matches have no counterpart in gemini: it would never fire' }]);
  });

  it("from Gemini: the hook's own timeout (milliseconds) reaches the bridge and the target, in seconds there", async () => {
    const dir = mkdtempSync(join(root, 'g-'));
    mkdirSync(join(dir, '.gemini'));
    const file = join(dir, '.gemini', 'settings.json');
    writeFileSync(file, JSON.stringify({ hooks: { BeforeTool: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', command: './g.sh', timeout: 5000 }] }] } }));
    const out = JSON.parse((await cli(['install', '--from', file, '--into', 'claude', '--json'])).stdout);
    expect(out.config.hooks.PreToolUse).toEqual([{ matcher: 'Bash', hooks: [{ type: 'command', command: expect.stringContaining('--timeout 5000 -- ./g.sh'), timeout: 10 }] }]);
  });

  it('--write merges into the target file, keeps what is there, and a second run changes nothing', async () => {
    const dir = claudeProject({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './bash-guard.sh' }] }] });
    const target = join(dir, '.cursor', 'hooks.json');
    mkdirSync(join(dir, '.cursor'));
    writeFileSync(target, JSON.stringify({ version: 1, hooks: { stop: [{ command: './mine.sh' }] } }));
    const args = ['install', '--from', join(dir, '.claude', 'settings.json'), '--into', 'cursor', '--write', '--target-file', target];
    expect((await cli(args)).code).toBe(0);
    const once = readFileSync(target, 'utf8');
    expect(JSON.parse(once).hooks).toEqual({ stop: [{ command: './mine.sh' }], preToolUse: [{ command: expect.stringContaining('bridge --host cursor --dialect claude'), timeout: 605, matcher: 'Shell' }] });
    expect((await cli(args)).code).toBe(0);
    expect(readFileSync(target, 'utf8')).toBe(once);
  });

  it("end to end: a Claude guard installed into Codex's hooks.json denies in a Codex registry, in Codex's words", async () => {
    const guard = scriptedHook(root, { stdout: { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'claude guard says no' } } });
    const dir = claudeProject({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: guard }] }] });
    const r = await cli(['install', '--from', join(dir, '.claude', 'settings.json'), '--into', 'codex', '--bridge', `${shq(process.execPath)} ${shq(CLI)}`]);
    const result = await inRegistry(CODEX, dir, JSON.parse(r.stdout), (codex) => codex.dispatch('PreToolUse', codexBash('rm -rf /')));
    expect(result).toMatchObject({ blocked: true, permissionDecision: 'deny', reason: 'claude guard says no' });
  });

  // The entry's keys that decide how its own harness reads it go to the bridge (--entry): without Cursor's
  // failClosed a crashing guard would let the call through in the target, where Cursor blocks it.
  it("carries a Cursor guard's failClosed: its crash blocks in a Claude registry, as in Cursor", async () => {
    const crash = scriptedHook(root, { stderr: 'boom', exit: 1 });
    const dir = mkdtempSync(join(root, 'c-'));
    mkdirSync(join(dir, '.cursor'));
    const file = join(dir, '.cursor', 'hooks.json');
    const run = async (failClosed: boolean | undefined) => {
      writeFileSync(file, JSON.stringify({ version: 1, hooks: { preToolUse: [{ command: crash, matcher: 'Shell', ...(failClosed === undefined ? {} : { failClosed }) }] } }));
      const out = await installed(file, 'claude');
      return { command: out.added[0]!.command, result: await inRegistry({ profile: 'claude' }, dir, out.config, (claude) => claude.dispatch('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't' })) };
    };
    const closed = await run(true);
    expect(closed.command).toContain(` --entry '{"failClosed":true}' -- `);
    expect(closed.result).toMatchObject({ blocked: true, permissionDecision: 'deny' });
    expect(closed.result.reason).toMatch(/hook failed closed/);
    const open = await run(undefined);
    expect(open.command).not.toContain('--entry');
    expect(open.result.blocked).toBe(false);
  });

  it("carries a Claude hook's `if`: the bridged hook runs only where the rule matches, as in Claude Code", async () => {
    const guard = scriptedHook(root, { stdout: { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no pushing' } } });
    const dir = claudeProject({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: guard, if: 'Bash(git push *)' }] }] });
    const out = await installed(join(dir, '.claude', 'settings.json'), 'codex');
    expect(out.added[0]!.command).toContain(` --entry '{"if":"Bash(git push *)"}' -- `);
    await inRegistry(CODEX, dir, out.config, async (codex) => {
      expect(await codex.dispatch('PreToolUse', codexBash('git push origin main'))).toMatchObject({ blocked: true, reason: 'no pushing' });
      expect((await codex.dispatch('PreToolUse', codexBash('git status'))).blocked).toBe(false);
    });
  });

  it("carries a Claude hook's onFailure: block — its crash blocks in a Codex registry, as in Claude Code", async () => {
    const crash = scriptedHook(root, { stderr: 'boom', exit: 1 });
    const dir = claudeProject({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: crash, onFailure: 'block' }] }] });
    const out = await installed(join(dir, '.claude', 'settings.json'), 'codex');
    expect(out.added[0]!.command).toContain(` --entry '{"onFailure":"block"}' -- `);
    const result = await inRegistry(CODEX, dir, out.config, (codex) => codex.dispatch('PreToolUse', codexBash('ls')));
    expect(result.blocked).toBe(true);
  });

  it('lists what the bridge cannot run as its harness would as not installable: exec form, another shell, $COPILOT_HOOK_DIR, a malformed entry', async () => {
    const dir = claudeProject({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'node', args: ['guard.mjs'] }, { type: 'command', command: './g.ps1', shell: 'powershell' }] }] });
    const claude = JSON.parse((await cli(['install', '--from', join(dir, '.claude', 'settings.json'), '--into', 'codex', '--json'])).stdout);
    expect(claude.added).toEqual([]);
    expect(claude.notInstallable.map((n: { why: string }) => n.why)).toEqual([expect.stringMatching(/exec-form hook/), expect.stringMatching(/its shell \(powershell\)/)]);
    const copilot = mkdtempSync(join(root, 'cp-'));
    mkdirSync(join(copilot, '.github', 'hooks'), { recursive: true });
    const cpFile = join(copilot, '.github', 'hooks', 'guard.json');
    writeFileSync(cpFile, JSON.stringify({ version: 1, hooks: { preToolUse: [{ type: 'command', bash: '"$COPILOT_HOOK_DIR"/guard.sh' }] } }));
    const cp = JSON.parse((await cli(['install', '--from', cpFile, '--into', 'claude', '--json'])).stdout);
    expect(cp.notInstallable).toEqual([{ from: 'hooks.preToolUse[0].hooks[0]', why: expect.stringMatching(/\$COPILOT_HOOK_DIR/) }]);
    const cursor = mkdtempSync(join(root, 'cu-'));
    mkdirSync(join(cursor, '.cursor'));
    const cuFile = join(cursor, '.cursor', 'hooks.json');
    writeFileSync(cuFile, JSON.stringify({ version: 1, hooks: { preToolUse: [{ command: './guard.sh', failClosed: 'yes' }] } }));
    const cu = JSON.parse((await cli(['install', '--from', cuFile, '--into', 'claude', '--json'])).stdout);
    expect(cu.added).toEqual([]);
    expect(cu.notInstallable).toEqual([{ from: 'hooks.preToolUse[0].hooks[0]', why: expect.stringMatching(/its entry is malformed \(hooks\.preToolUse\[0\]\.failClosed\)/) }]);
  });

  it("writes no matcher where the source's event ignores it or the target's event tests something else than tool names", async () => {
    const dir = mkdtempSync(join(root, 'cx-'));
    mkdirSync(join(dir, '.codex'));
    const file = join(dir, '.codex', 'hooks.json');
    writeFileSync(file, JSON.stringify({ hooks: { UserPromptSubmit: [{ matcher: 'secrets', hooks: [{ type: 'command', command: './prompt-guard.sh' }] }] } }));
    const out = JSON.parse((await cli(['install', '--from', file, '--into', 'cursor', '--json'])).stdout);
    // Cursor's beforeSubmitPrompt tests its matcher against "UserPromptSubmit": "secrets" would never fire.
    expect(out.config.hooks.beforeSubmitPrompt).toEqual([{ command: expect.not.stringContaining('--matcher'), timeout: 605 }]);
  });

  it('caps a timeout past setTimeout\'s range (a Codex file with a larger one is refused whole)', async () => {
    const dir = claudeProject({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './g.sh', timeout: 1e17 }] }] });
    const out = JSON.parse((await cli(['install', '--from', join(dir, '.claude', 'settings.json'), '--into', 'codex', '--json'])).stdout);
    expect(out.config.hooks.PreToolUse[0].hooks[0].timeout).toBe(2_147_483_647);
  });
});
