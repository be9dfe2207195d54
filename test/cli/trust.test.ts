import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli, F, makeHome, ROOT } from './cli.js';

const home = makeHome();
afterAll(() => home.remove());

interface TrustJson {
  trustStore: string;
  approved: boolean;
  hooks: { event: string; name: string; file: string; path: string; status: string; approved?: string }[];
}

describe('harness-hooks trust', () => {
  it('lists the project hooks a store has not approved, approves them with --approve, then has nothing to say', async () => {
    const store = join(mkdtempSync(join(tmpdir(), 'hh-cli-trust-')), 'trust.json');
    const args = ['trust', '--profile', 'claude', '--trust-store', store, '--settings', F.claudeProject, '--json'];
    const before = await cli(args, { home: home.path });
    expect(before.code).toBe(1);
    const listed = JSON.parse(before.stdout) as TrustJson;
    expect(listed.hooks.length).toBeGreaterThan(0);
    expect(listed.hooks.every((h) => h.status === 'new' && h.file === join(ROOT, F.claudeProject))).toBe(true); // absolute: the harness names it so
    const approved = await cli([...args, '--approve'], { home: home.path });
    expect(approved.code).toBe(0);
    expect((JSON.parse(approved.stdout) as TrustJson).approved).toBe(true);
    expect(Object.keys(JSON.parse(readFileSync(store, 'utf8')).hooks)).toHaveLength(listed.hooks.length);
    const after = await cli(args, { home: home.path });
    expect(after.code).toBe(0);
    expect((JSON.parse(after.stdout) as TrustJson).hooks).toEqual([]);
  });

  it('says what is missing', async () => {
    const r = await cli(['trust', '--settings', F.claudeProject], { home: home.path });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--trust-store/);
  });
});

describe('harness-hooks trust: edges', () => {
  const home2 = makeHome();
  afterAll(() => home2.remove());
  it('a malformed store is a config error (exit 4); gated-off hooks are said to be unchecked, not approved; list shows "not trusted"', async () => {
    const { writeFileSync } = await import('node:fs');
    const dir = mkdtempSync(join(tmpdir(), 'hh-cli-trust2-'));
    writeFileSync(join(dir, 'bad.json'), '{"version":9}');
    const bad = await cli(['trust', '--trust-store', join(dir, 'bad.json'), '--settings', F.claudeProject], { home: home2.path });
    expect(bad.code).toBe(4);
    expect(bad.stdout).toContain('expected the trust store to be');
    const gated = await cli(['trust', '--trust-store', join(dir, 'new.json'), '--settings', F.claudeProject, '--no-project-hooks'], { home: home2.path });
    expect(gated.stdout).toMatch(/hooks? (is|are) gated off and not checked/);
    expect(gated.stdout).not.toContain('every project hook is approved');
    const list = JSON.parse((await cli(['list', '--trust-store', join(dir, 'new.json'), '--settings', F.claudeProject, '--json'], { home: home2.path })).stdout) as { hooks: { runs: boolean; reason?: string }[] };
    expect(list.hooks.some((h) => !h.runs && h.reason === 'not trusted by the trust store')).toBe(true);
  });
});
