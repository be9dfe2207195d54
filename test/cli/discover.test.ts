// inferProfile reads a --settings file only to guess its harness: a file a stranger planted (a FIFO, a
// device, a file past the config cap) is not read at all, so the CLI neither hangs nor fills memory on it.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inferProfile } from '../../src/cli/discover.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const hooksFile = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'discover-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'hooks'));
  return join(dir, 'hooks', 'hooks.json');
};
const CLAUDE_ONLY = JSON.stringify({ hooks: { PermissionRequest: [] } });

describe('inferProfile', () => {
  it('reads a regular file: an event only Claude Code has means claude', () => {
    const file = hooksFile();
    writeFileSync(file, CLAUDE_ONLY);
    expect(inferProfile([file])?.profile).toBe('claude');
  });

  it('does not read a FIFO (reading one blocks the CLI until someone writes to it)', async () => {
    const file = hooksFile();
    const mkfifo = spawn('mkfifo', [file], { stdio: 'ignore' });
    expect(await new Promise((resolve) => mkfifo.on('close', resolve))).toBe(0);
    // A writer, so that a blocking read returns (what it wrote would count) instead of hanging this test.
    const writer = spawn('sh', ['-c', `printf '%s' '${CLAUDE_ONLY}' > '${file}'`], { stdio: 'ignore' });
    try {
      expect(inferProfile([file])).toBeUndefined();
    } finally {
      writer.kill('SIGKILL');
    }
  });

  it('does not read a file over the config cap', () => {
    const file = hooksFile();
    writeFileSync(file, `${CLAUDE_ONLY.slice(0, -1)}, "pad": "${'x'.repeat(5 * 1024 * 1024)}"}`);
    expect(inferProfile([file])).toBeUndefined();
  });
});
