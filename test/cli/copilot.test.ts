// The CLI with Copilot's hooks files: inferred from a .github/hooks/ path, validated as flat lists, run.
import { afterAll, describe, expect, it } from 'vitest';
import { cli, makeHome } from './cli.js';

const home = makeHome();
afterAll(() => home.remove());
const FILE = 'fixtures/cli/copilot/.github/hooks/policy.json';

describe('harness-hooks with Copilot hooks files', () => {
  it('validate reads flat lists as Copilot does (no group warnings) and still checks the file', async () => {
    const ok = await cli(['validate', '--profile', 'copilot', FILE], { home: home.path });
    expect(ok).toMatchObject({ code: 0 });
    expect(ok.stdout).toContain('0 errors, 0 warnings');
  });
  it('run infers --profile copilot and denies with Copilot\'s words', async () => {
    const r = await cli(['run', 'preToolUse', '--payload', '-', '--settings', FILE, '--json'], { home: home.path, input: JSON.stringify({ toolName: 'bash', toolArgs: { command: 'rm -rf /' } }) });
    expect(r.stderr).toContain('--profile copilot (inferred');
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).result).toMatchObject({ blocked: true, permissionDecision: 'deny', modelText: { toolResult: { isError: true, text: 'Denied by preToolUse hook: rm -rf is not allowed' } } });
  });
});
