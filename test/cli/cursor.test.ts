// The CLI with Cursor's hooks.json: inferred from a .cursor/ path, validated as flat lists (a timeout that
// looks like milliseconds in its seconds field), run.
import { afterAll, describe, expect, it } from 'vitest';
import { cli, makeHome } from './cli.js';

const home = makeHome();
afterAll(() => home.remove());
const FILE = 'fixtures/cli/cursor/.cursor/hooks.json';

describe('harness-hooks with Cursor hooks files', () => {
  it('validate warns of a milliseconds-looking timeout in the seconds field, and nothing else', async () => {
    const r = await cli(['validate', '--profile', 'cursor', FILE], { home: home.path });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/hooks\.afterFileEdit\[0\]\.timeout\s+`timeout` is in seconds: 5000 s/);
    expect(r.stdout).toContain('0 errors, 1 warning');
  });
  it('run infers --profile cursor and denies with the hook\'s messages', async () => {
    const r = await cli(['run', 'beforeShellExecution', '--payload', '-', '--settings', FILE, '--json'], { home: home.path, input: JSON.stringify({ command: 'git push --force', cwd: '/repo' }) });
    expect(r.stderr).toContain('--profile cursor (inferred');
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).result).toMatchObject({ blocked: true, permissionDecision: 'deny', userMessage: 'force push is blocked', agentMessage: 'Do not force push.' });
  });
});
