// Every profile's settings loader under one name, `loadSettings`, with a coded error for missing options;
// a registry whose profile lacks a method names every profile that has it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HookRegistry, HookTypeError } from '../../src/index.js';
import { PROFILES } from '../../src/profiles/index.js';

const quiet = { warn: () => {} };
const LOADERS = Object.entries(PROFILES).filter(([, p]) => p.methods !== undefined && 'loadSettings' in p.methods).map(([name]) => name);

describe('loadSettings', () => {
  it('every profile with a settings loader has it as loadSettings (claude too, beside loadClaudeSettings)', () => {
    expect(LOADERS.sort()).toEqual(['claude', 'codex', 'copilot', 'cursor', 'gemini']);
  });

  it.each(LOADERS)('%s: called without options, or without projectDir, it rejects with a coded error naming projectDir', async (profile) => {
    const r = new HookRegistry({ profile, logger: quiet } as never) as unknown as { loadSettings(o?: unknown): Promise<unknown> };
    for (const options of [undefined, null, {}, { projectDir: 42 }]) {
      const error = await Promise.resolve().then(() => r.loadSettings(options)).then(() => undefined, (e: unknown) => e);
      expect(error).toBeInstanceOf(HookTypeError);
      expect(error).toMatchObject({ code: 'HOOKS_ERR_OPTION_INVALID' });
      expect(String((error as Error).message)).toMatch(/loadSettings\(\): expected `projectDir` to be a path/);
    }
  });

  it('claude: loadSettings loads what loadClaudeSettings loads', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hh-load-options-'));
    const r = new HookRegistry({ profile: 'claude', logger: quiet });
    const a = await r.loadSettings({ projectDir: dir, userDir: join(dir, 'home'), managedFile: false });
    const b = await r.loadClaudeSettings({ projectDir: dir, userDir: join(dir, 'home'), managedFile: false });
    expect(a).toEqual(b);
  });

  it('a registry whose profile lacks a method names every profile that has it', () => {
    const r = new HookRegistry({ logger: quiet }) as unknown as { loadSettings(o: unknown): unknown; registerSdkHooks(h: unknown): unknown };
    expect(() => r.loadSettings({ projectDir: '/' })).toThrow("loadSettings() needs `profile: 'claude', 'codex', 'gemini', 'copilot' or 'cursor'`; this registry's profile is default");
    expect(() => r.registerSdkHooks({})).toThrow("registerSdkHooks() needs `profile: 'claude'`");
  });
});
