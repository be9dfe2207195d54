// What the loaders report for registry.watch(): every path they looked at, and each loader call.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HookRegistry } from '../../src/index.js';
import { loadsOf, loadTraceOf, recordLoad } from '../../src/config/load-trace.js';
import { tempDir, write } from '../helpers/fixtures.js';
import { makeLogger } from '../helpers/logger.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('the load trace', () => {
  it('loadSettings notes every file it looked at, read or missing, with its source and text', async () => {
    const dir = tempDir('hh-trace-');
    dirs.push(dir);
    const user = join(dir, 'home', 'settings.json');
    write(user, { hooks: {} });
    const registry = new HookRegistry({ profile: 'claude', settings: { enableShellHooks: true }, logger: makeLogger() });
    await registry.loadSettings({ userDir: join(dir, 'home'), projectDir: dir, managedFile: false });
    const files = loadTraceOf(registry)!.files;
    expect(files.get(user)).toMatchObject({ source: 'user', text: '{"hooks":{}}', signature: expect.stringMatching(/^\d+:\d+:12:/) });
    // Gated off (allowProjectHooks is off): looked at, not read.
    expect(files.get(join(dir, '.claude', 'settings.json'))).toEqual({ source: 'project' });
    expect(loadsOf(registry)).toHaveLength(1);
    await registry.close();
  });

  it('a missing file is noted as missing; a method that is not a loader is not remembered, and a failing one leaves no rejection behind', async () => {
    const dir = tempDir('hh-trace-');
    dirs.push(dir);
    const registry = new HookRegistry({ profile: 'claude', settings: { enableShellHooks: true, allowProjectHooks: true }, logger: makeLogger() });
    await registry.loadSettings({ userDir: join(dir, 'home'), projectDir: dir, managedFile: false });
    expect(loadTraceOf(registry)!.files.get(join(dir, '.claude', 'settings.local.json'))).toEqual({ source: 'local', text: null, signature: 'missing' });
    registry.takeAsyncResults();
    await expect(recordLoad(registry, async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    await recordLoad(registry, async () => 42);
    expect(loadsOf(registry)).toHaveLength(1);
    await registry.close();
  });
});
