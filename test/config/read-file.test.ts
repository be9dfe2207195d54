// Files a stranger may have planted are read without blocking and within a cap: a FIFO, a device, a
// directory or an oversized file is refused with a coded error, and never hangs or exhausts the harness.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HookConfigError, HookRegistry, loadHooksFile } from '../../src/index.js';
import { readRegularFile } from '../../src/config/read-file.js';
import { makeLogger } from '../helpers/logger.js';

const dir = mkdtempSync(join(tmpdir(), 'harness-hooks-read-'));
const fifo = join(dir, 'settings.fifo');
execFileSync('mkfifo', [fifo]);

const refusal = async (file: string, maxBytes = 4 * 1024 * 1024): Promise<string> => {
  const t0 = performance.now();
  const message = await readRegularFile(file, maxBytes).then(
    () => 'read',
    (error: Error) => error.message,
  );
  expect(performance.now() - t0).toBeLessThan(2000);
  return message;
};

describe('readRegularFile', () => {
  it('refuses a FIFO nobody writes to, at once', async () => {
    expect(await refusal(fifo)).toMatch(/not a regular file \(a FIFO\)/);
  });

  it('refuses character devices, through a symlink too, before reading a byte', async () => {
    const link = join(dir, 'settings.json');
    symlinkSync('/dev/urandom', link);
    expect(await refusal(link)).toMatch(/a character device/);
    expect(await refusal('/dev/zero')).toMatch(/a character device/);
  });

  it('refuses a directory and a file over the cap, and reads a regular one without its BOM', async () => {
    const sub = join(dir, 'a-dir');
    mkdirSync(sub);
    expect(await refusal(sub)).toMatch(/a directory/);
    const big = join(dir, 'big.json');
    writeFileSync(big, 'x'.repeat(2048));
    expect(await refusal(big, 1024)).toMatch(/2048 bytes, more than the 1024-byte limit/);
    const bom = join(dir, 'bom.json');
    writeFileSync(bom, '\uFEFF{"hooks":{}}');
    expect(await readRegularFile(bom, 1024)).toBe('{"hooks":{}}');
  });
});

describe('loadHooksFile on planted files', () => {
  it('rejects a FIFO with HOOKS_ERR_CONFIG_READ instead of never resolving', async () => {
    const error = await loadHooksFile(fifo).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HookConfigError);
    expect((error as HookConfigError).code).toBe('HOOKS_ERR_CONFIG_READ');
  });

  it('takes a maxBytes option and accepts a settings file that starts with a BOM', async () => {
    const file = join(dir, 'settings-bom.json');
    writeFileSync(file, '\uFEFF{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"true"}]}]}}');
    expect((await loadHooksFile(file)).hooks?.Stop).toHaveLength(1);
    await expect(loadHooksFile(file, { maxBytes: 10 })).rejects.toMatchObject({ code: 'HOOKS_ERR_CONFIG_READ' });
  });
});

describe('CLAUDE_ENV_FILE a hook replaced', () => {
  for (const [what, script] of [
    ['a FIFO', 'rm "$CLAUDE_ENV_FILE" && mkfifo "$CLAUDE_ENV_FILE"'],
    ['a link to /dev/zero', 'rm "$CLAUDE_ENV_FILE" && ln -s /dev/zero "$CLAUDE_ENV_FILE"'],
    ['nothing (removed)', 'rm "$CLAUDE_ENV_FILE"'],
    ['a directory', 'rm "$CLAUDE_ENV_FILE" && mkdir "$CLAUDE_ENV_FILE"'],
  ] as const) {
    it(`resolves the dispatch with a warning when the file became ${what}`, async () => {
      const logger = makeLogger();
      const registry = new HookRegistry({ profile: 'claude', settings: { enableShellHooks: true }, session: { cwd: dir }, logger });
      registry.addConfig({ hooks: { SessionStart: [{ hooks: [{ type: 'command', command: script }] }] } }, { source: 'user' });
      const t0 = performance.now();
      const result = await registry.dispatch('SessionStart', { source: 'startup' });
      expect(performance.now() - t0).toBeLessThan(5000);
      expect(result.env).toBeUndefined();
      expect(logger.warnings.join('\n')).toMatch(/CLAUDE_ENV_FILE of the SessionStart dispatch was not read/);
    });
  }
});
