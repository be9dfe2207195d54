import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli, F, makeHome } from './cli.js';

const home = makeHome();
afterAll(() => home.remove());

interface ReplayJson {
  dispatches: number;
  unchanged: number;
  unrecorded: number;
  changed: { line: number; event: string; summary: string; before: { decision: string; reason?: string }; after: { decision: string; reason?: string; hooks: string[] } }[];
}

describe('harness-hooks replay', () => {
  it('reports exactly the dispatches whose decision a stricter policy changes, and exits 1', async () => {
    const r = await cli(['replay', F.session, '--profile', 'claude', '--settings', F.strict, '--json'], { home: home.path });
    expect(r.code).toBe(1);
    const json = JSON.parse(r.stdout) as ReplayJson;
    expect(json).toMatchObject({ dispatches: 7, unchanged: 4, unrecorded: 0 });
    expect(json.changed.map((c) => [c.line, c.event, c.summary, c.before.decision, c.after.decision, c.after.reason])).toEqual([
      [2, 'PreToolUse', 'Bash: rm -rf build', 'none', 'deny', 'rm -rf is not allowed'],
      [5, 'PreToolUse', 'Bash: git push origin main', 'none', 'ask', 'pushing needs a human'],
      [6, 'PreToolUse', 'Write: /etc/hosts', 'none', 'deny', 'no writes under /etc'],
    ]);
    expect(json.changed[0]!.after.hooks).toEqual([expect.stringContaining("grep -q 'rm -rf'")]);
  });

  it('prints the old and the new decision with the new reason', async () => {
    const r = await cli(['replay', F.session, '--profile', 'claude', '--settings', F.strict], { home: home.path });
    expect(r.code).toBe(1);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/^line 2 {2}PreToolUse {2}Bash: rm -rf build {2}\(20\d\d-.*Z\)$/);
    expect(lines[1]).toBe('  before  no decision');
    expect(lines[2]).toBe('  after   deny — rm -rf is not allowed (‹grep -q \'rm -rf\' && echo \'{"hookSpecifi…›)');
    expect(r.stdout).toContain('  after   ask — pushing needs a human');
    expect(r.stdout).toContain('  after   deny — no writes under /etc');
    expect(lines.at(-2)).toBe('3 decisions changed in 7 dispatches');
  });

  it('exits 0 when the same policy decides the same', async () => {
    const r = await cli(['replay', F.session, '--profile', 'claude', '--settings', F.lenient], { home: home.path });
    expect(r).toMatchObject({ code: 0, stdout: '0 decisions changed in 7 dispatches\n' });
  });

  it('reports a decision that got looser too, and skips lines without a recorded result', async () => {
    const record = join(home.path, 'afk.jsonl');
    writeFileSync(
      record,
      [
        JSON.stringify({ event: 'PreToolUse', payload: { toolName: 'bash', input: { command: 'rm -rf /' } }, result: { blocked: true, aborted: false, decision: 'block', reason: 'old guard' } }),
        JSON.stringify({ event: 'PreToolUse', payload: { toolName: 'bash', input: { command: 'ls' } }, result: { blocked: true, aborted: false, decision: 'block', reason: 'old guard blocked everything' } }),
        JSON.stringify({ event: 'Stop', payload: {} }),
        '',
      ].join('\n'),
    );
    const r = await cli(['replay', record, '--settings', F.defaultSettings, '--json'], { home: home.path });
    expect(r.code).toBe(1);
    const json = JSON.parse(r.stdout) as ReplayJson;
    expect(json).toMatchObject({ dispatches: 3, unchanged: 1, unrecorded: 1 });
    expect(json.changed).toEqual([expect.objectContaining({ line: 2, before: { decision: 'block', reason: 'old guard blocked everything' }, after: { decision: 'none', hooks: [] } })]);
  });

  it('is a usage error (exit 2) for a line that is not a recorded dispatch, or an event of the other profile', async () => {
    const record = join(home.path, 'bad.jsonl');
    writeFileSync(record, '{"event":"PreToolUse","payload":{"toolName":"bash"}}\nnot json\n');
    const bad = await cli(['replay', record, '--settings', F.defaultSettings], { home: home.path });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(`${record}:2: not a JSON line`);
    const profile = await cli(['replay', F.session, '--settings', F.strict], { home: home.path });
    expect(profile.code).toBe(2);
    expect(profile.stderr).toContain(`${F.session}:1: invalid payload for the default profile: dispatch('PreToolUse'): the payload is missing the required field \`toolName\` (recorded with the claude profile? --profile claude)`);
    const none = await cli(['replay', F.session, '--profile', 'claude'], { home: home.path });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('missing --settings NEW…');
  });
});
