// The CLI with Gemini CLI's settings: inferred from a .gemini/ path, validated (a timeout that looks like
// seconds in its millisecond field; a hook Gemini discards), listed, run.
import { afterAll, describe, expect, it } from 'vitest';
import { cli, makeHome } from './cli.js';

const home = makeHome();
afterAll(() => home.remove());
const SETTINGS = 'fixtures/cli/gemini/.gemini/settings.json';

describe('harness-hooks with Gemini CLI settings', () => {
  it('validate --profile gemini warns of a seconds-looking timeout in its millisecond field', async () => {
    const r = await cli(['validate', '--profile', 'gemini', SETTINGS], { home: home.path });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/hooks\.SessionStart\[0\]\.hooks\[0\]\.timeout\s+`timeout` is in milliseconds: 5 ms/);
  });
  it('run infers --profile gemini from the .gemini/ path and blocks as Gemini would', async () => {
    const r = await cli(['run', 'BeforeTool', '--payload', '-', '--settings', SETTINGS, '--json'], { home: home.path, input: JSON.stringify({ tool_name: 'run_shell_command', tool_input: { command: 'rm -rf /' } }) });
    expect(r.stderr).toContain('--profile gemini (inferred');
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).result).toMatchObject({ blocked: true, reason: 'rm -rf is not allowed', modelText: 'Tool execution blocked: rm -rf is not allowed' });
  });
  it('list shows each hook by its name, with its timeout in ms', async () => {
    const r = await cli(['list', '--settings', SETTINGS, '--json'], { home: home.path });
    const hooks = (JSON.parse(r.stdout) as { hooks: { event: string; name: string; timeoutMs?: number }[] }).hooks;
    expect(hooks.map((h) => [h.event, h.name, h.timeoutMs])).toEqual([['BeforeTool', 'no-rm-rf', 5000], ['SessionStart', 'context', 5]]);
  });
});
