// ${CLAUDE_PLUGIN_ROOT} in a shell command: any folder name works and none executes.
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HookRegistry } from '../../../src/index.js';
import { quotePlaceholdersForShell } from '../../../src/profiles/claude/placeholders.js';
import { makeLogger } from '../../helpers/logger.js';

const base = mkdtempSync(join(tmpdir(), 'harness-hooks-plugin-names-'));
const UNSAFE = ['d$(touch pwned1)', 't`touch pwned2`', 's;touch pwned3;x', "q'uote"];
const SAFE = ['two  spaces and * star', 'plain'];

describe('plugin placeholders in sh -c', () => {
  for (const folder of SAFE) {
    it(`passes the path exactly, quoted or not, with a plugin folder named ${JSON.stringify(folder)}`, async () => {
      const root = join(base, folder);
      mkdirSync(root, { recursive: true });
      const registry = new HookRegistry({ profile: 'claude', settings: { enablePluginHooks: true }, session: { cwd: base }, pluginDataDir: join(base, '.data'), logger: makeLogger() });
      const forms = ['echo "${CLAUDE_PLUGIN_ROOT}"', 'echo ${CLAUDE_PLUGIN_ROOT}', "sh -c 'echo \"${CLAUDE_PLUGIN_ROOT}\"'"];
      registry.addConfig({ hooks: { SessionStart: forms.map((command) => ({ hooks: [{ type: 'command', command }] })) } }, { source: 'plugin', pluginRoot: root });
      const result = await registry.dispatch('SessionStart', { source: 'startup' });
      expect(result.runs.map((r) => r.outcome)).toEqual(['ok', 'ok', 'ok']);
      expect(result.injectContext).toBe([root, root, root].join('\n'));
    });
  }

  // Issue 23 class 5: a plugin root a shell would read as code is no longer refused; its hooks run safely.
  for (const folder of UNSAFE) {
    it(`runs the hooks of a plugin whose folder is named ${JSON.stringify(folder)} with the path exactly, and nothing else`, async () => {
      const root = join(base, folder);
      mkdirSync(root, { recursive: true });
      const registry = new HookRegistry({ profile: 'claude', settings: { enablePluginHooks: true }, session: { cwd: base }, pluginDataDir: join(base, '.data'), logger: makeLogger() });
      const report = registry.addConfig({ hooks: { SessionStart: [{ hooks: [{ type: 'command', command: 'echo "${CLAUDE_PLUGIN_ROOT}"' }, { type: 'command', command: "sh -c 'echo ${CLAUDE_PLUGIN_ROOT}'" }] }] } }, { source: 'plugin', pluginRoot: root });
      expect(report.skipped).toEqual([]);
      const result = await registry.dispatch('SessionStart', { source: 'startup' });
      expect(result.runs.map((r) => r.outcome)).toEqual(['ok', 'ok']);
      expect(result.injectContext).toBe([root, root].join('\n'));
      for (const n of [1, 2, 3]) expect(existsSync(join(base, `pwned${n}`))).toBe(false);
    });
  }

  it('rewrites only the placeholders, by the quotes they stand in', () => {
    const names = ['CLAUDE_PLUGIN_ROOT'];
    expect(quotePlaceholdersForShell('"${CLAUDE_PLUGIN_ROOT}/run.sh" a', names)).toBe('"${CLAUDE_PLUGIN_ROOT}/run.sh" a');
    expect(quotePlaceholdersForShell('${CLAUDE_PLUGIN_ROOT}/run.sh', names)).toBe('"${CLAUDE_PLUGIN_ROOT}"/run.sh');
    expect(quotePlaceholdersForShell("sh -c 'ls ${CLAUDE_PLUGIN_ROOT}'", names)).toBe("sh -c 'ls ${CLAUDE_PLUGIN_ROOT}'");
    expect(quotePlaceholdersForShell('echo \\"${CLAUDE_PLUGIN_ROOT} ${OTHER}', names)).toBe('echo \\""${CLAUDE_PLUGIN_ROOT}" ${OTHER}');
  });
});
