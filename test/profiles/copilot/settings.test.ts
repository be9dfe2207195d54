// loadSettings(): Copilot's files, found in the order the binary runs them (fixtures/copilot/oracle/08, 09), from a temporary home and repo.
import { chmodSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { registry, repo, tempDir, write, type Warnings } from './helpers.js';

// Each file's hook appends its name to the log, so the log is the order they ran in.
const logs = (log: string, name: string) => ({ hooks: { sessionStart: [{ bash: `echo ${name} >> '${log}'` }] } });

function layout(): { dir: string; home: string; policy: string; plugin: string; log: string } {
  const dir = repo();
  const home = tempDir('copilot-home-');
  const policy = tempDir('copilot-policy-');
  const plugin = tempDir('copilot-plugin-');
  const log = join(dir, 'order.log');
  write(join(policy, 'b.json'), logs(log, 'policy-b'));
  write(join(policy, 'a.json'), logs(log, 'policy-a'));
  write(join(dir, '.github/hooks/z.json'), logs(log, 'repo-z'));
  write(join(dir, '.github/hooks/m.json'), logs(log, 'repo-m'));
  write(join(home, '.copilot/hooks/u.json'), logs(log, 'user-file'));
  write(join(dir, '.github/copilot/settings.json'), { model: 'x', ...logs(log, 'repo-settings') });
  write(join(dir, '.github/copilot/settings.local.json'), logs(log, 'repo-settings-local'));
  write(join(home, '.copilot/settings.json'), logs(log, 'user-settings'));
  write(join(dir, '.claude/settings.json'), { hooks: { SessionStart: [{ hooks: [{ type: 'command', command: `echo claude >> '${log}'` }] }] } });
  write(join(dir, '.claude/settings.local.json'), logs(log, 'claude-local'));
  write(join(plugin, 'hooks/hooks.json'), logs(log, 'plugin'));
  for (const f of ['a.json', 'b.json']) chmodSync(join(policy, f), 0o644);
  return { dir, home, policy, plugin, log };
}

const order = (log: string): string[] => readFileSync(log, 'utf8').trim().split('\n');

describe('copilot loadSettings', () => {
  it('loads policy, user files (reverse name order), inline user settings, repo files (reverse name order), .claude then .github/copilot inline settings, then plugins (the binary\'s order)', async () => {
    const { dir, home, policy, plugin, log } = layout();
    const r = registry(dir);
    const reports = await r.loadSettings({ projectDir: dir, home, policyDir: policy, policyUid: process.getuid!(), plugins: [plugin] });
    expect(reports.map((x) => x.source)).toEqual(['managed', 'managed', 'user', 'user', 'project', 'project', 'project', 'local', 'project', 'local', 'plugin']);
    await r.dispatch('sessionStart', { source: 'new' });
    expect(order(log)).toEqual(['policy-a', 'policy-b', 'user-file', 'user-settings', 'repo-z', 'repo-m', 'claude', 'claude-local', 'repo-settings', 'repo-settings-local', 'plugin']);
  });

  it('refuses a policy file not owned by the required user; drops a file Copilot rejects, with a warning', async () => {
    const { dir, home, policy, log } = layout();
    write(join(dir, '.github/hooks/bad.json'), '{ not json');
    const warnings: Warnings = [];
    const r = registry(dir, warnings);
    await r.loadSettings({ projectDir: dir, home, policyDir: policy, policyUid: process.getuid!() + 1 });
    await r.dispatch('sessionStart', {});
    expect(order(log).slice(0, 3)).toEqual(['user-file', 'user-settings', 'repo-z']);
    expect(warnings.join('\n')).toMatch(/refused as a policy file[\s\S]*bad\.json was dropped/);
  });

  it('disableAllHooks: true in the repo settings.json switches off the repo\'s (project) hooks, not the user\'s or its local ones (where Copilot leaves only policy hooks: issue 23)', async () => {
    const { dir, home, policy, log } = layout();
    write(join(dir, '.github/copilot/settings.json'), { disableAllHooks: true });
    const r = registry(dir);
    await r.loadSettings({ projectDir: dir, home, policyDir: policy, policyUid: process.getuid!() });
    await r.dispatch('sessionStart', {});
    expect(order(log)).toEqual(['policy-a', 'policy-b', 'user-file', 'user-settings', 'claude-local', 'repo-settings-local']);
  });
});
