// Every host runs every other harness's hooks (the `dialects` option): for each host × dialect pair, a
// dialect's command hook on a shell call the host dispatches in its own words gets its own harness's stdin
// (its event, its tool name, its keys) and its deny is the host's block.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HookRegistry, PROFILE_NAMES_FOR_TESTS, type Dialect } from '../profiles/contract-dialects.js';
import { readRecords, scriptedHook } from '../helpers/scripted-hook.js';

const root = mkdtempSync(join(tmpdir(), 'hh-dialects-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const SETTINGS = { enableShellHooks: true, allowProjectHooks: true, enablePluginHooks: true };
/** The shell tool's name in each harness, as a hook of it sees it. */
const SHELL: Record<string, string> = { default: 'bash', claude: 'Bash', codex: 'Bash', gemini: 'run_shell_command', copilot: 'bash', cursor: 'Shell' };
/** Where each harness's stdin carries the tool's name and input. */
const TOOL_KEYS: Record<string, [string, string]> = { default: ['tool_name', 'tool_input'], claude: ['tool_name', 'tool_input'], codex: ['tool_name', 'tool_input'], gemini: ['tool_name', 'tool_input'], copilot: ['toolName', 'toolArgs'], cursor: ['tool_name', 'tool_input'] };

const hostPayload = (host: Dialect): Record<string, unknown> =>
  host.name === 'default' ? { toolName: 'bash', input: { command: 'rm -rf /' } } : { ...host.tool.payload, [TOOL_KEYS[host.name]![0] === 'toolName' ? 'toolArgs' : 'tool_input']: { command: 'rm -rf /' } };

function registry(host: Dialect, dialect: Dialect): InstanceType<typeof HookRegistry> {
  return new HookRegistry({ profile: host.name as 'claude', ...(host.options ?? {}), settings: SETTINGS, session: { sessionId: 's1', cwd: root }, projectDir: root, dialects: { [dialect.name]: dialect.options ?? {} } } as never) as never;
}

describe.each(PROFILE_NAMES_FOR_TESTS)('host %s', (_h, host) => {
  it.each(PROFILE_NAMES_FOR_TESTS.filter(([name]) => name !== host.name))("runs a %s hook on the host's shell call as its own harness would", async (_d, dialect) => {
    const record = join(root, `${host.name}-${dialect.name}`);
    const command = scriptedHook(root, { stdout: dialect.deny(`no, says ${dialect.name}`), record });
    const r = registry(host, dialect);
    try {
      r.addConfig(dialect.config(dialect.tool.event, [dialect.commandHook(command)]), { source: dialect.userSource, dialect: dialect.name } as never);
      const result = (await r.dispatch(host.tool.event as never, hostPayload(host) as never)) as { blocked: boolean; reason?: string; runs: { dialect?: string }[]; permissionDecision?: string };
      expect(result.blocked).toBe(true);
      expect(result.reason).toContain(`no, says ${dialect.name}`);
      expect(result.runs.map((x) => x.dialect)).toContain(dialect.name);
      if (host.permissionDecision) expect(result.permissionDecision).toBe('deny');
      const [seen] = readRecords(record);
      const stdin = JSON.parse(seen!.stdin) as Record<string, unknown>;
      const [nameKey, inputKey] = TOOL_KEYS[dialect.name]!;
      expect(stdin[nameKey]).toBe(SHELL[dialect.name]);
      const input = typeof stdin[inputKey] === 'string' ? JSON.parse(stdin[inputKey] as string) : stdin[inputKey];
      expect((input as Record<string, unknown>).command).toBe('rm -rf /');
      if (dialect.name !== 'copilot') expect(stdin.hook_event_name).toBe(dialect.tool.event);
    } finally {
      await r.close();
    }
  });
});
