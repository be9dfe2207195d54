// `--dialects`: list, explain and run read every listed harness's files and say, per hook, its harness, the
// host event it answers to, or why it never fires.
import { afterAll, describe, expect, it } from 'vitest';
import { cli, makeHome } from './cli.js';

const home = makeHome();
afterAll(() => home.remove());
const PROJECT = ['--project-dir', 'fixtures/cli/dialects'];
const BASH = JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'rm -rf /' }, turn_id: 't', model: 'm', permission_mode: 'default' });

describe('--dialects', () => {
  it("list shows each harness's hooks, the host event each answers to, and one that never fires", async () => {
    const r = await cli(['list', '--profile', 'codex', '--dialects', 'claude,gemini', ...PROJECT, '--json'], { home: home.path });
    expect(r.code).toBe(0);
    const hooks = JSON.parse(r.stdout).hooks as { dialect?: string; event: string; runs: boolean; hostEvents?: string[]; reason?: string }[];
    expect(hooks.map((h) => [h.dialect, h.event, h.runs, h.hostEvents])).toEqual([
      ['claude', 'PreToolUse', true, ['PreToolUse']],
      ['gemini', 'BeforeTool', true, ['PreToolUse']],
      ['gemini', 'BeforeModel', false, []],
    ]);
    expect(hooks[2]!.reason).toBe("gemini's BeforeModel has no equivalent in a codex registry: this hook never fires");
  });

  it("run dispatches the host's event to every harness's hooks, each run naming its harness", async () => {
    const r = await cli(['run', 'PreToolUse', '--payload', '-', '--profile', 'codex', '--dialects', 'claude,gemini', ...PROJECT, '--json'], { home: home.path, input: BASH });
    const out = JSON.parse(r.stdout) as { result: { blocked: boolean; reason: string }; hooks: { dialect?: string }[] };
    expect(out.result).toMatchObject({ blocked: true, reason: 'claude says no' });
    expect(out.hooks.map((h) => h.dialect)).toEqual(['claude', 'gemini']);
  });

  it('explain names each hook with its harness and its own event', async () => {
    const r = await cli(['explain', 'PreToolUse', '--payload', '-', '--profile', 'codex', '--dialects', 'all', ...PROJECT], { home: home.path, input: BASH });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/runs\s+command\s+\[claude PreToolUse\] echo/);
    expect(r.stdout).toMatch(/runs\s+command\s+\[gemini BeforeTool\] echo/);
  });

  it('refuses a name that is not a harness, or the host itself', async () => {
    expect((await cli(['list', '--profile', 'codex', '--dialects', 'claud', ...PROJECT], { home: home.path })).stderr).toMatch(/--dialects: "claud" is not one of/);
    expect((await cli(['list', '--profile', 'codex', '--dialects', 'codex', ...PROJECT], { home: home.path })).stderr).toMatch(/"codex" is --profile itself/);
  });
});

describe('timeline', () => {
  it("gives a foreign hook's runs a lane that names its harness", async () => {
    const { mkdtempSync, readFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'hh-timeline-dialects-'));
    try {
      const record = join(dir, 'record.jsonl');
      await cli(['run', 'PreToolUse', '--payload', '-', '--profile', 'codex', '--dialects', 'gemini', ...PROJECT, '--record', record], { home: home.path, input: BASH });
      const out = join(dir, 'timeline.html');
      const r = await cli(['timeline', record, '--output', out], { home: home.path });
      expect(r.code).toBe(0);
      expect(readFileSync(out, 'utf8')).toContain('"hook":"[gemini] echo');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
