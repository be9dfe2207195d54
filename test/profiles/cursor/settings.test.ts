// loadSettings: Cursor's files in its order — enterprise, project, user, plugins — each hook run from the
// folder Cursor runs it from, a broken file dropped with a warning while the others load.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { enterpriseHooksFile } from '../../../src/profiles/cursor/settings.js';
import { fixture } from '../../helpers/fixtures.js';
import { folder, lines, registry, script, sh, write } from './helpers.js';

describe('cursor profile: loadSettings', () => {
  it('loads enterprise, project, user, then plugins; each hook runs from its place; merge priority follows the same order', async () => {
    const out = join(folder(), 'seen.jsonl');
    const hook = (tag: string) => ({ version: 1, hooks: { beforeShellExecution: [{ command: `CAPTURE_FILE=${sh(out)} ${script('capture.mjs')} TAG_${tag} CURSOR_PLUGIN_ROOT && ${fixture('print-arg.sh')} ${sh(JSON.stringify({ permission: 'deny', user_message: tag }))}` }] } });
    const etc = folder({}, { 'cursor/hooks.json': hook('enterprise') });
    const project = folder({}, { '.cursor/hooks.json': hook('project') });
    const home = folder({}, { '.cursor/hooks.json': hook('user') });
    const plugin = folder({}, { 'hooks/hooks.json': hook('plugin') });
    const r = registry(project);
    const reports = await r.loadSettings({ projectDir: project, home, enterpriseFile: join(etc, 'cursor/hooks.json'), plugins: [plugin] });
    expect(reports.map((x) => x.source)).toEqual(['managed', 'project', 'user', 'plugin']);
    expect(r.listHooks('beforeShellExecution').map((h) => h.source)).toEqual(['managed', 'project', 'user', 'plugin']);
    const res = await r.dispatch('beforeShellExecution', { command: 'ls' });
    expect(res.reason).toBe('enterprise');
    const cwds = Object.fromEntries(lines(out).map((l) => [l.cwd === join(etc, 'cursor') ? 'enterprise' : l.cwd === project ? 'project' : l.cwd === join(home, '.cursor') ? 'user' : l.cwd === plugin ? 'plugin' : l.cwd, l.env.CURSOR_PLUGIN_ROOT]));
    expect(cwds).toEqual({ enterprise: null, project: null, user: null, plugin });
  });

  it('missing files are skipped quietly; a file that is not JSON, or that Cursor\'s rules reject, is dropped with a warning while the others load', async () => {
    const warnings: string[] = [];
    const project = folder({}, { '.cursor/hooks.json': '{ "version": 1, "hooks": ' });
    const home = folder({}, { '.cursor/hooks.json': { version: 1, hooks: { stop: [{ command: 'true', timeout: -1 }] } } });
    const plugin = folder({}, { 'custom/hooks.json': { hooks: { stop: [{ command: 'true' }] } }, '.cursor-plugin/plugin.json': { name: 'p', hooks: 'custom/hooks.json' } });
    const r = registry(project, warnings);
    const reports = await r.loadSettings({ projectDir: project, home, enterpriseFile: join(folder(), 'nope.json'), plugins: [plugin] });
    expect(reports.map((x) => [x.source, x.added.length])).toEqual([['plugin', 1]]);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain(join(project, '.cursor/hooks.json'));
    expect(warnings[1]).toMatch(/hooks\.stop\[0\]\.timeout/);
  });

  it('project hooks stay off without allowProjectHooks (Cursor: trusted workspaces only)', async () => {
    const project = folder({}, { '.cursor/hooks.json': { version: 1, hooks: { stop: [{ command: 'true' }] } } });
    const r = registry(project, [], { settings: { enableShellHooks: true } });
    const [report] = await r.loadSettings({ projectDir: project, home: folder(), enterpriseFile: false });
    expect(report!.skipped[0]!.gate).toBe('allowProjectHooks');
    expect((await r.dispatch('stop', {})).runs).toEqual([]);
  });

  it('the enterprise file is Cursor\'s MDM path per platform', () => {
    expect(enterpriseHooksFile('darwin')).toBe('/Library/Application Support/Cursor/hooks.json');
    expect(enterpriseHooksFile('linux')).toBe('/etc/cursor/hooks.json');
    expect(enterpriseHooksFile('win32')).toBe('C:\\ProgramData\\Cursor\\hooks.json');
  });

  it('a user config runs from ~/.cursor whether or not its file is named (a relative command finds the same script); with a BOM it still loads', async () => {
    const project = folder();
    const out = join(project, 'seen.jsonl');
    const home = folder();
    // `./hooks/capture.mjs` is ~/.cursor/hooks/capture.mjs; the project has a decoy of that name.
    write(join(home, '.cursor/hooks/capture.mjs'), readFileSync(script('capture.mjs'), 'utf8'));
    write(join(project, 'hooks/capture.mjs'), 'process.exit(7);\n');
    // (Two commands, not one: identical ones would be de-duplicated.)
    const config = (name: string) => ({ version: 1, hooks: { stop: [{ command: `CAPTURE_FILE=${sh(out)} node ./hooks/capture.mjs ${name}` }] } });
    write(join(home, '.cursor/hooks.json'), `\uFEFF${JSON.stringify(config('NAMED'))}`);
    vi.stubEnv('HOME', home);
    try {
      const r = registry(project);
      await r.loadSettings({ projectDir: project, home, enterpriseFile: false });
      r.addConfig(config('UNNAMED'), { source: 'user' });
      const res = await r.dispatch('stop', {});
      expect(res.runs.map((run) => run.outcome)).toEqual(['ok', 'ok']);
      expect(lines(out).map((l) => [Object.keys(l.env)[0], l.cwd]).sort()).toEqual([['NAMED', join(home, '.cursor')], ['UNNAMED', join(home, '.cursor')]]);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
