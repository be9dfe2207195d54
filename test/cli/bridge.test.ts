// `harness-hooks bridge`, end to end: each host harness (a registry of its profile) runs the bridge as an
// ordinary command hook, the bridge runs a hook written for another harness, and the host's own reading of
// the bridge's answer is the decision the hook's own harness would have made.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { HookRegistry } from '../../src/index.js';
import { PROFILE_NAMES_FOR_TESTS, type Dialect } from '../profiles/contract-dialects.js';
import { readRecords, scriptedHook, shq } from '../helpers/scripted-hook.js';
import { CLI, cli, ROOT } from './cli.js';

const root = mkdtempSync(join(tmpdir(), 'hh-bridge-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const SETTINGS = { enableShellHooks: true, allowProjectHooks: true, enablePluginHooks: true };
const SHELL: Record<string, string> = { default: 'bash', claude: 'Bash', codex: 'Bash', gemini: 'run_shell_command', copilot: 'bash', cursor: 'Shell' };
const TOOL_KEYS: Record<string, [string, string]> = { default: ['tool_name', 'tool_input'], claude: ['tool_name', 'tool_input'], codex: ['tool_name', 'tool_input'], gemini: ['tool_name', 'tool_input'], copilot: ['toolName', 'toolArgs'], cursor: ['tool_name', 'tool_input'] };
const hostPayload = (host: Dialect): Record<string, unknown> =>
  host.name === 'default' ? { toolName: 'bash', input: { command: 'rm -rf /' } } : { ...host.tool.payload, [TOOL_KEYS[host.name]![1]]: { command: 'rm -rf /' } };

function bridged(host: Dialect, dialect: Dialect, hook: string, extra: string[] = []): string {
  const event = host.name === 'copilot' ? ['--event', host.tool.event] : [];
  return [process.execPath, CLI, 'bridge', '--host', host.name, '--dialect', dialect.name, ...event, ...extra, '--', hook].map(shq).join(' ');
}

describe.each(PROFILE_NAMES_FOR_TESTS)('host %s', (_h, host) => {
  it.each(PROFILE_NAMES_FOR_TESTS.filter(([name]) => name !== host.name))("a %s hook's deny, bridged, is the host's deny; the hook got its own harness's stdin", async (_d, dialect) => {
    const record = join(root, `${host.name}-${dialect.name}`);
    const hook = scriptedHook(root, { stdout: dialect.deny(`no, says ${dialect.name}`), record });
    const r = new HookRegistry({ profile: host.name as 'claude', ...(host.options ?? {}), settings: SETTINGS, session: { sessionId: 's1', cwd: root }, projectDir: root } as never) as any;
    try {
      r.addConfig(host.config(host.tool.event, [host.commandHook(bridged(host, dialect, hook), 30)]), { source: host.userSource });
      const result = await r.dispatch(host.tool.event, hostPayload(host));
      expect(result.blocked, JSON.stringify(result.runs)).toBe(true);
      expect(result.reason).toContain(`no, says ${dialect.name}`);
      const [nameKey, inputKey] = TOOL_KEYS[dialect.name]!;
      // (Cursor fires beforeShellExecution too: the generic event's stdin is the one with the tool's name.)
      const stdin = readRecords(record).map((x) => JSON.parse(x.stdin) as Record<string, unknown>).find((s) => nameKey in s)!;
      expect(stdin[nameKey]).toBe(SHELL[dialect.name]);
      const input = typeof stdin[inputKey] === 'string' ? JSON.parse(stdin[inputKey] as string) : stdin[inputKey];
      expect((input as Record<string, unknown>).command).toBe('rm -rf /');
    } finally {
      await r.close();
    }
  });
});

describe('bridge', () => {
  const [, claude] = PROFILE_NAMES_FOR_TESTS.find(([n]) => n === 'claude')!;
  const [, codex] = PROFILE_NAMES_FOR_TESTS.find(([n]) => n === 'codex')!;
  const [, gemini] = PROFILE_NAMES_FOR_TESTS.find(([n]) => n === 'gemini')!;

  it("a Gemini rewrite reaches a Claude host as Claude's updatedInput", async () => {
    const hook = scriptedHook(root, { stdout: { hookSpecificOutput: { tool_input: { command: 'echo safe' } } } });
    const r = await cli(['bridge', '--host', 'claude', '--dialect', 'gemini', '--', hook], { input: JSON.stringify({ hook_event_name: 'PreToolUse', session_id: 's', cwd: root, tool_name: 'Bash', tool_input: { command: 'rm -rf /', timeout: 5 }, tool_use_id: 't' }) });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput: { command: 'echo safe', timeout: 5 } } });
  });

  it('--entry takes only the keys the dialect carries, as a JSON object', async () => {
    const input = JSON.stringify({ hook_event_name: 'PreToolUse', session_id: 's', cwd: root, tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't' });
    const other = await cli(['bridge', '--host', 'claude', '--dialect', 'cursor', '--entry', '{"loop_limit":2}', '--', 'true'], { input });
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/--entry: "loop_limit" is not a key the bridge carries for this dialect \(failClosed\)/);
    const bad = await cli(['bridge', '--host', 'claude', '--dialect', 'cursor', '--entry', 'yes', '--', 'true'], { input });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--entry must be a JSON object/);
  });

  it("a Cursor ask reaches Codex (which cannot ask) as a deny, and says so on stderr", async () => {
    const hook = scriptedHook(root, { stdout: { permission: 'ask', user_message: 'sure?' } });
    const r = await cli(['bridge', '--host', 'codex', '--dialect', 'cursor', '--', hook], { input: JSON.stringify({ hook_event_name: 'PreToolUse', session_id: 's', cwd: root, turn_id: 't', model: 'm', permission_mode: 'default', tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't' }) });
    const out = JSON.parse(r.stdout);
    expect(out.hookSpecificOutput.permissionDecision).toBe('deny');
    expect(out.hookSpecificOutput.permissionDecisionReason).toMatch(/codex cannot ask on PreToolUse: denied/);
  });

  it("a Claude Stop block is a Codex continuation, in Codex's strict words", async () => {
    const hook = scriptedHook(root, { stdout: { decision: 'block', reason: 'run the tests' } });
    const r = await cli(['bridge', '--host', 'codex', '--dialect', 'claude', '--', hook], { input: JSON.stringify({ hook_event_name: 'Stop', session_id: 's', cwd: root, turn_id: 't', model: 'm', permission_mode: 'default', stop_hook_active: false, last_assistant_message: null }) });
    expect(JSON.parse(r.stdout)).toEqual({ decision: 'block', reason: 'run the tests' });
  });

  it('stdin that is not JSON is a block, the stricter way, with why on stderr', async () => {
    const r = await cli(['bridge', '--host', 'claude', '--dialect', 'gemini', '--', 'true'], { input: 'not json' });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/the host's stdin is not a JSON object/);
    // Gemini CLI reads exit 2 without a JSON decision as none: its block names no event, so it holds on any.
    const gemini = await cli(['bridge', '--host', 'gemini', '--dialect', 'claude', '--', 'true'], { input: 'not json' });
    expect(gemini.code).toBe(2);
    expect(JSON.parse(gemini.stdout)).toEqual({ decision: 'deny', reason: expect.stringMatching(/^harness-hooks bridge: the host's stdin is not a JSON object/) });
  });

  it('an event the dialect has no counterpart for: the hook does not run, and stderr says so', async () => {
    const record = join(root, 'never');
    const hook = scriptedHook(root, { stdout: {}, record });
    const r = await cli(['bridge', '--host', 'claude', '--dialect', 'gemini', '--', hook], { input: JSON.stringify({ hook_event_name: 'PermissionRequest', session_id: 's', cwd: root, tool_name: 'Bash', tool_input: { command: 'ls' } }) });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/claude's PermissionRequest has no equivalent in gemini/);
    expect(readRecords(record)).toEqual([]);
  });

  // A host reads any other exit as a failing hook and goes ahead: a command line the bridge cannot read (a
  // typo, a flag of a newer install) must block, in the host's own words where the host is named.
  it('a command line it cannot read blocks: exit 2, the usage on stderr, the named host\'s block on stdout', async () => {
    const unnamed = await cli(['bridge', '--host', 'claud', '--dialect', 'gemini', '--', 'true']);
    expect(unnamed.code).toBe(2);
    expect(unnamed.stderr).toMatch(/--host must be one of/);
    expect(unnamed.stdout).toBe('');
    const gemini = await cli(['bridge', '--host', 'gemini', '--dialect', 'claude', '--fail-closed', '--', 'true']);
    expect(gemini.code).toBe(2);
    expect(gemini.stderr).toMatch(/unknown option "--fail-closed"/);
    expect(JSON.parse(gemini.stdout)).toEqual({ decision: 'deny', reason: 'harness-hooks bridge: unknown option "--fail-closed"' });
    const same = await cli(['bridge', '--host', 'claude', '--dialect', 'claude', '--', 'true']);
    expect(same.code).toBe(2);
    expect(same.stderr).toMatch(/--host and --dialect are both claude/);
    const codex = await cli(['bridge', '--host=codex', '--dialect', 'claude', '--event', 'PreToolUse', '--timeout', '0', '--', 'true']);
    expect(codex.code).toBe(2);
    expect(JSON.parse(codex.stdout).hookSpecificOutput).toMatchObject({ permissionDecision: 'deny', permissionDecisionReason: expect.stringMatching(/--timeout must be a positive number/) });
  });

  it('runs from a code cache after its first call, with the same answers; a damaged cache is a compile, never a crash', async () => {
    const dir = join(root, 'code-cache');
    const input = JSON.stringify({ hook_event_name: 'PreToolUse', session_id: 's', cwd: root, tool_name: 'Bash', tool_input: { command: 'rm -rf /' }, tool_use_id: 't' });
    const deny = ['bridge', '--host', 'claude', '--dialect', 'gemini', '--', 'echo "no, says gemini" >&2; exit 2'];
    const env = { HARNESS_HOOKS_CODE_CACHE: dir };
    const first = await cli(deny, { input, env });
    const [name] = readdirSync(dir);
    expect(name).toMatch(/^code-[0-9a-f]{16}-.*\.v8cache$/);
    const written = statSync(join(dir, name!)).mtimeMs;
    const second = await cli(deny, { input, env });
    // Used, not refused: a refused or damaged cache is written again.
    expect(statSync(join(dir, name!)).mtimeMs).toBe(written);
    const expected = { code: 0, stdout: JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no, says gemini' } }), stderr: '' };
    expect(first).toEqual(expected);
    expect(second).toEqual(expected);
    const bytes = readFileSync(join(dir, name!));
    bytes[bytes.length >> 1]! ^= 0xff;
    writeFileSync(join(dir, name!), bytes);
    expect(await cli(deny, { input, env })).toEqual(expected);
    expect(readFileSync(join(dir, name!)).equals(bytes)).toBe(false);
  });

  it('a bridge file that cannot run (a damaged install) blocks: exit 2 and why, not node\'s exit 1, an allow to most hosts', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'hh-damaged-'));
    try {
      cpSync(join(ROOT, 'dist'), dist, { recursive: true });
      const text = readFileSync(join(dist, 'bridge.cjs'), 'utf8');
      writeFileSync(join(dist, 'bridge.cjs'), text.slice(0, text.length >> 1));
      const input = JSON.stringify({ hook_event_name: 'BeforeTool', session_id: 's', cwd: root, tool_name: 'run_shell_command', tool_input: { command: 'rm -rf /' } });
      const r = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = execFile(process.execPath, [join(dist, 'cli.cjs'), 'bridge', '--host', 'gemini', '--dialect', 'claude', '--', 'true'], { env: { ...process.env, HARNESS_HOOKS_CODE_CACHE: 'off' } }, (error, stdout, stderr) =>
          resolve({ code: error === null ? 0 : (error.code as number), stdout, stderr }),
        );
        child.stdin!.end(input);
      });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^harness-hooks bridge: could not run: /);
      expect(r.stdout).toBe('');
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('a profile it cannot load blocks: exit 2, and the host\'s block where its own profile loads', async () => {
    const input = JSON.stringify({ hook_event_name: 'BeforeTool', session_id: 's', cwd: root, tool_name: 'run_shell_command', tool_input: { command: 'rm -rf /' } });
    const run = async (broken: string): Promise<{ code: number; stdout: string; stderr: string }> => {
      vi.resetModules();
      vi.doMock('../../src/profiles/load.js', async (original) => {
        const real = await original<typeof import('../../src/profiles/load.js')>();
        return { ...real, PROFILE_LOADERS: { ...real.PROFILE_LOADERS, [broken]: () => Promise.reject(new Error(`${broken}'s file is damaged`)) } };
      });
      try {
        const { bridge } = await import('../../src/cli/bridge.js');
        let stdout = '';
        let stderr = '';
        const code = await bridge(['--host', 'gemini', '--dialect', 'claude', '--', 'true'], { stdin: Readable.from([input]), stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), env: process.env, cwd: root });
        return { code, stdout, stderr };
      } finally {
        vi.doUnmock('../../src/profiles/load.js');
        vi.resetModules();
      }
    };
    const dialectBroken = await run('claude');
    expect(dialectBroken.code).toBe(2);
    expect(dialectBroken.stderr).toMatch(/could not load the gemini and claude profiles: claude's file is damaged/);
    expect(JSON.parse(dialectBroken.stdout)).toEqual({ decision: 'deny', reason: expect.stringMatching(/^harness-hooks bridge: could not load/) });
    // The host's own profile: exit 2 and the reason on stderr say it (Gemini CLI reads exit 2 with stderr's text
    // as a deny, as the others read exit 2).
    const hostBroken = await run('gemini');
    expect(hostBroken.code).toBe(2);
    expect(hostBroken.stderr).toMatch(/could not load the gemini and claude profiles: gemini's file is damaged/);
    expect(hostBroken.stdout).toBe('');
  });
  void [claude, codex, gemini];
});
