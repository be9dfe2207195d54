import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HookConfigError, loadHooksFile, parseHooksConfig } from '../../src/index.js';

const dir = mkdtempSync(join(tmpdir(), 'harness-hooks-load-'));
const write = (name: string, text: string) => {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
};

describe('parseHooksConfig', () => {
  it('accepts a settings file whose other top-level keys it ignores', () => {
    const config = parseHooksConfig({
      model: 'x',
      permissions: { allow: [] },
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true', timeout: 5 }] }] },
    });
    expect(config.hooks?.PreToolUse?.[0]?.hooks[0]).toMatchObject({ type: 'command', command: 'true', timeout: 5 });
  });

  it('accepts a config without hooks as empty', () => {
    expect(parseHooksConfig({ model: 'x' }).hooks).toBeUndefined();
  });

  it('lists every structural problem with its path', () => {
    let error: HookConfigError | undefined;
    try {
      parseHooksConfig({
        hooks: {
          PreToolUse: [
            { matcher: 'Bash', hooks: [{ type: 'command' }, { type: 'command', command: 'x', timeout: -1 }] },
            { hooks: [{ type: 'command', command: 'y', timeout_ms: 'soon' }] },
          ],
          Stop: { hooks: [] },
        },
      });
    } catch (e) {
      error = e as HookConfigError;
    }
    expect(error).toBeInstanceOf(HookConfigError);
    expect(error!.code).toBe('HOOKS_ERR_CONFIG_INVALID');
    const paths = error!.issues.map((i) => i.path).sort();
    expect(paths).toEqual([
      'hooks.PreToolUse[0].hooks[0].command',
      'hooks.PreToolUse[0].hooks[1].timeout',
      'hooks.PreToolUse[1].hooks[0].timeout_ms',
      'hooks.Stop',
    ]);
    for (const p of paths) expect(error!.message).toContain(p);
  });

  it('rejects hooks that is not an object', () => {
    expect(() => parseHooksConfig({ hooks: [] })).toThrow(HookConfigError);
    expect(() => parseHooksConfig({ hooks: 'x' })).toThrow(/hooks/);
    expect(() => parseHooksConfig(null)).toThrow(HookConfigError);
  });
});

describe('loadHooksFile', () => {
  it('reads and validates a plugin hooks.json', async () => {
    const file = write('hooks.json', JSON.stringify({ description: 'p', hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] } }));
    expect((await loadHooksFile(file)).hooks?.Stop).toHaveLength(1);
  });

  it('names the file and the line of invalid JSON', async () => {
    const file = write('bad.json', '{\n  "hooks": {\n    "Stop": [,]\n  }\n}');
    await expect(loadHooksFile(file)).rejects.toThrow(/bad\.json[\s\S]*invalid JSON at line 3/);
  });

  it('reports a missing file with a read error code', async () => {
    await expect(loadHooksFile(join(dir, 'nope.json'))).rejects.toMatchObject({ code: 'HOOKS_ERR_CONFIG_READ' });
  });

  it('names the file in a schema error', async () => {
    const file = write('schema.json', JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', timeout: 'x' }] }] } }));
    await expect(loadHooksFile(file)).rejects.toThrow(/schema\.json[\s\S]*hooks\.Stop\[0\]\.hooks\[0\]\.timeout/);
  });
});
