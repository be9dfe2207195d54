// CLI cases a review of the multi-profile CLI found (each crashed with exit 3, or gave a wrong answer):
// a source the profile does not take, `trust` next to Codex's own trust, a file a profile refuses only
// when it is added, a payload a profile checks only when a hook is to run, and validate's inference.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli, makeHome } from './cli.js';

const home = makeHome();
afterAll(() => home.remove());
const put = (rel: string, text: string): string => {
  const file = join(home.path, rel);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, text);
  return file;
};

describe('the CLI with several profiles', () => {
  it('a source the profile does not take: from a path, read as project (said so); from --source, a config error (exit 4)', async () => {
    const local = put('proj/.claude/settings.local.json', JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'true' }] }] } }));
    const byPath = await cli(['list', '--profile', 'codex', '--bypass-hook-trust', '--settings', local, '--json'], { home: home.path });
    expect(byPath.code).toBe(0);
    expect((JSON.parse(byPath.stdout) as { files: { source: string }[] }).files[0]!.source).toBe('project');
    const byFlag = await cli(['list', '--profile', 'claude', '--source', 'session', '--settings', local], { home: home.path });
    expect(byFlag.code).toBe(4);
    expect(byFlag.stdout).toContain('--source session: the claude profile takes');
  });

  it('trust leaves hooks Codex\'s own trust skips to Codex (no crash, none counted as the store\'s)', async () => {
    const hooks = put('proj/.codex/hooks.json', JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] } }));
    const r = await cli(['trust', '--trust-store', join(home.path, 'ts.json'), '--settings', hooks, '--json'], { home: home.path });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ hooks: [] });
  });

  it('a file a profile refuses as it is added is a config error (exit 4), not an internal one', async () => {
    const file = put('cur/.cursor/hooks.json', JSON.stringify({ version: 1, hooks: { preToolUse: [{ command: 'echo ok' }, { command: 5 }] } }));
    const r = await cli(['list', '--settings', file], { home: home.path });
    expect(r.code).toBe(4);
    expect(r.stdout).toMatch(/hooks\.preToolUse\[1\]\.command/);
  });

  it('a payload gemini checks only when a hook is to run is a usage error in run too (exit 2)', async () => {
    const settings = put('g/settings.json', JSON.stringify({ hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: 'true' }] }] } }));
    const r = await cli(['run', 'BeforeTool', '--profile', 'gemini', '--settings', settings, '--payload', '-'], { home: home.path, input: JSON.stringify({ tool_name: 'x', tool_input: {}, session_id: 5 }) });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('expected `session_id` to be a string');
  });

  it('validate infers the profile from the path: a Codex config.toml with [hooks.state] is valid', async () => {
    const toml = put('.codex/config.toml', '[hooks.state."/x:stop:0:0"]\ntrusted_hash = "sha256:00"\n');
    const r = await cli(['validate', '--strict', toml], { home: home.path });
    expect(r.stderr).toContain('--profile codex (inferred');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('0 errors, 0 warnings');
  });
});

describe('the CLI warns where a flag or a file does not fit the profile', () => {
  it('files of two harnesses together, and --bypass-hook-trust outside codex', async () => {
    const codex = put('mix/.codex/hooks.json', JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] } }));
    const claude = put('mix/.claude/settings.json', JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] } }));
    const mixed = await cli(['list', '--settings', codex, claude], { home: home.path });
    expect(mixed.stderr).toMatch(/warning: .*settings\.json is a \.claude\/ settings file, but the files are read with --profile codex/);
    const bypass = await cli(['list', '--bypass-hook-trust', '--settings', claude], { home: home.path });
    expect(bypass.stderr).toContain("--bypass-hook-trust is Codex's");
  });
});
