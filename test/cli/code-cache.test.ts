// The bridge's code cache (src/cli/code-cache.ts): where it lives, that a second process's load uses it, and
// that a cache anyone else could have written, a damaged one or one V8 refuses is never run: each is a
// plain compile.
import { chmodSync, copyFileSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { codeCacheDir, loadCached } from '../../src/cli/code-cache.js';

const root = mkdtempSync(join(tmpdir(), 'hh-code-cache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const FIXTURE = new URL('../../fixtures/code-cache/sum.cjs', import.meta.url).pathname;
let n = 0;
// A copy of the fixture and a cache folder of one test's own.
function setup(): { file: string; dir: string } {
  const at = join(root, String(n++));
  mkdirSync(at);
  const file = join(at, 'sum.cjs');
  // A source of its own: V8 keeps what it compiled in this process by source, and would not look at a cache.
  writeFileSync(file, `${readFileSync(FIXTURE, 'utf8')}// ${String(n).padStart(6, '0')}\n`);
  return { file, dir: join(at, 'cache') };
}
type Sum = { sum(n: number): number };
const caches = (dir: string): string[] => readdirSync(dir).filter((f) => f.endsWith('.v8cache'));
const MAGIC_AND_SHA = Buffer.byteLength('harness-hooks v8 code cache 1\n') + 32;

describe('codeCacheDir', () => {
  const home = () => '/home/u';
  it('is HARNESS_HOOKS_CODE_CACHE where set (off, or a relative path: none), else the user’s cache folder', () => {
    expect(codeCacheDir({ HARNESS_HOOKS_CODE_CACHE: '/c' }, 'linux', home)).toBe('/c');
    expect(codeCacheDir({ HARNESS_HOOKS_CODE_CACHE: 'off' }, 'linux', home)).toBeUndefined();
    expect(codeCacheDir({ HARNESS_HOOKS_CODE_CACHE: 'rel/dir' }, 'linux', home)).toBeUndefined();
    expect(codeCacheDir({}, 'linux', home)).toBe('/home/u/.cache/harness-hooks');
    expect(codeCacheDir({ XDG_CACHE_HOME: '/x' }, 'linux', home)).toBe('/x/harness-hooks');
    expect(codeCacheDir({ XDG_CACHE_HOME: 'x' }, 'linux', home)).toBe('/home/u/.cache/harness-hooks');
    expect(codeCacheDir({}, 'darwin', home)).toBe('/home/u/Library/Caches/harness-hooks');
    expect(codeCacheDir({}, 'win32', home)).toBeUndefined();
    expect(codeCacheDir({}, 'linux', () => { throw new Error('no home'); })).toBeUndefined();
    expect(codeCacheDir({}, 'linux', () => '')).toBeUndefined();
  });
});

describe('loadCached', () => {
  it('compiles without a cache, writes one (its own, in a folder of its own), and the next load runs it', () => {
    const { file, dir } = setup();
    const first = loadCached<Sum>(file, dir, 'b1');
    expect(first.status).toBe('miss');
    expect(first.exports.sum(100)).toBe(5050);
    first.save();
    const [name] = caches(dir);
    expect(name).toMatch(/^code-b1-/);
    expect(lstatSync(dir).mode & 0o777).toBe(0o700);
    expect(lstatSync(join(dir, name!)).mode & 0o777).toBe(0o600);
    const second = loadCached<Sum>(file, dir, 'b1');
    expect(second.status).toBe('hit');
    expect(second.exports.sum(10)).toBe(55);
    const written = lstatSync(join(dir, name!)).mtimeMs;
    second.save(); // a hit writes nothing
    expect(lstatSync(join(dir, name!)).mtimeMs).toBe(written);
    expect(caches(dir)).toHaveLength(1);
  });

  it('is off without a folder: compiles, reads and writes nothing', () => {
    const { file } = setup();
    const off = loadCached<Sum>(file, undefined, 'b1');
    expect(off.status).toBe('off');
    expect(off.exports.sum(3)).toBe(6);
    off.save();
  });

  it('keeps a cache per build and per file: another build, or the file changed, is a miss', () => {
    const { file, dir } = setup();
    loadCached<Sum>(file, dir, 'b1').save();
    expect(loadCached<Sum>(file, dir, 'b2').status).toBe('miss');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n// changed\n`);
    expect(loadCached<Sum>(file, dir, 'b1').status).toBe('miss');
  });

  it('never runs a damaged cache (V8 does not check its own checksum): a compile, and a new cache', () => {
    const { file, dir } = setup();
    loadCached<Sum>(file, dir, 'b1').save();
    const cache = join(dir, caches(dir)[0]!);
    const bytes = readFileSync(cache);
    bytes[MAGIC_AND_SHA + 40]! ^= 0xff;
    writeFileSync(cache, bytes);
    const damaged = loadCached<Sum>(file, dir, 'b1');
    expect(damaged.status).toBe('damaged');
    expect(damaged.exports.sum(4)).toBe(10);
    damaged.save();
    expect(loadCached<Sum>(file, dir, 'b1').status).toBe('hit');
    // Cut short, or not a cache at all.
    writeFileSync(cache, bytes.subarray(0, 10));
    expect(loadCached<Sum>(file, dir, 'b1').status).toBe('damaged');
  });

  it('recompiles where V8 refuses the cache (another V8, other flags, another source), and writes a new one', () => {
    const { file, dir } = setup();
    // (Whole seconds: a time set back from a Date can come back a fraction of a millisecond off.)
    utimesSync(file, 1_700_000_000, 1_700_000_000);
    loadCached<Sum>(file, dir, 'b1').save();
    const cache = join(dir, caches(dir)[0]!);
    // The same file to the cache's name (its size and time), another source to V8 (this process compiled the first).
    writeFileSync(file, readFileSync(file, 'utf8').replace(/\/\/ (\d{6})\n$/, (_m, d: string) => `// ${String(999_999 - Number(d)).padStart(6, '0')}\n`));
    utimesSync(file, 1_700_000_000, 1_700_000_000);
    // A checksum that holds over bytes V8 does not take.
    const junk = Buffer.alloc(200, 7);
    writeFileSync(cache, Buffer.concat([readFileSync(cache).subarray(0, MAGIC_AND_SHA - 32), createHash('sha256').update(junk).digest(), junk]), { mode: 0o600 });
    const refused = loadCached<Sum>(file, dir, 'b1');
    expect(refused.status).toBe('rejected');
    expect(refused.exports.sum(5)).toBe(15);
    refused.save();
    expect(loadCached<Sum>(file, dir, 'b1').status).toBe('hit');
  });

  it.skipIf(typeof process.getuid !== 'function')('reads nothing another user could have written: a folder or file others can write, a link', () => {
    const { file, dir } = setup();
    loadCached<Sum>(file, dir, 'b1').save();
    const cache = join(dir, caches(dir)[0]!);
    chmodSync(cache, 0o666);
    expect(loadCached<Sum>(file, dir, 'b1').status).toBe('unsafe');
    chmodSync(cache, 0o600);
    chmodSync(dir, 0o777);
    const open = loadCached<Sum>(file, dir, 'b1');
    expect(open.status).toBe('unsafe');
    expect(open.exports.sum(2)).toBe(3);
    rmSync(cache);
    open.save(); // nor writes there
    expect(caches(dir)).toEqual([]);
    chmodSync(dir, 0o700);
    // A link where the cache should be, to a cache that is itself fine.
    loadCached<Sum>(file, dir, 'b1').save();
    const name = caches(dir)[0]!;
    copyFileSync(join(dir, name), join(root, `elsewhere-${n}`));
    rmSync(join(dir, name));
    symlinkSync(join(root, `elsewhere-${n}`), join(dir, name));
    expect(loadCached<Sum>(file, dir, 'b1').status).toBe('unsafe');
  });

  it('removes caches no process has written for 30 days and temporary files a killed writer left an hour ago when it writes one, and no others', () => {
    const { file, dir } = setup();
    mkdirSync(dir, { mode: 0o700 });
    const hour = 1 / 24;
    for (const [name, days] of [['code-old.v8cache', 40], ['code-recent.v8cache', 5], ['notes.txt', 40], ['.123-1700000000000.tmp', 2 * hour], ['.124-1700000000001.tmp', hour / 2], ['.notes.tmp', 40]] as const) {
      writeFileSync(join(dir, name), 'x');
      const at = new Date(Date.now() - days * 24 * 3600 * 1000);
      utimesSync(join(dir, name), at, at);
    }
    loadCached<Sum>(file, dir, 'b1').save();
    expect(readdirSync(dir).sort()).toEqual(['code-recent.v8cache', caches(dir).find((f) => f.startsWith('code-b1'))!, 'notes.txt', '.124-1700000000001.tmp', '.notes.tmp'].sort());
  });
});
