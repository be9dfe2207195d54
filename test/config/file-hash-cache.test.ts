// The cache of a pinned file's hash (src/config/file-hash-cache.ts), on real files. `now` is injected so
// whether an entry is "racy" (its file changed too close to its hashing) is decided, not timed.
import { mkdtempSync, renameSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileHashCache } from '../../src/config/file-hash-cache.js';

const dir = () => mkdtempSync(join(tmpdir(), 'hh-hash-cache-'));
// A clock well past every file's ctime: no entry is racy.
const later = () => Date.now() + 60_000;
// A whole-second time to set a file's mtime to and back to (utimes from a Stats' Date would round it).
const T = Math.floor(Date.now() / 1000) - 60;
const counting = (now: () => number = later) => {
  const hashed: string[] = [];
  const cache = new FileHashCache({ now, hash: (bytes) => (hashed.push(bytes.toString()), `h(${bytes.toString()})`) });
  return { cache, hashed };
};

describe('FileHashCache', () => {
  it('hashes an unchanged file once, however often it is asked', () => {
    const file = join(dir(), 'x.sh');
    writeFileSync(file, 'echo v1\n');
    const { cache, hashed } = counting();
    for (let i = 0; i < 5; i++) expect(cache.digest(file, 1024)).toBe('h(echo v1\n)');
    expect(hashed).toEqual(['echo v1\n']);
    expect(cache.hashes).toBe(1);
  });

  it('hashes again after a rewrite of the same size set back to its old mtime (ctime moved)', () => {
    const file = join(dir(), 'x.sh');
    writeFileSync(file, 'echo v1\n');
    utimesSync(file, T, T);
    const before = statSync(file);
    const { cache } = counting();
    expect(cache.digest(file, 1024)).toBe('h(echo v1\n)');
    writeFileSync(file, 'echo v2\n');
    utimesSync(file, T, T);
    expect(statSync(file)).toMatchObject({ size: before.size, mtimeMs: before.mtimeMs, ino: before.ino });
    expect(cache.digest(file, 1024)).toBe('h(echo v2\n)');
  });

  it('hashes again after a file of the same size and mtime is renamed over it (another inode)', () => {
    const d = dir();
    const file = join(d, 'x.sh');
    writeFileSync(file, 'echo v1\n');
    utimesSync(file, T, T);
    const { cache } = counting();
    expect(cache.digest(file, 1024)).toBe('h(echo v1\n)');
    writeFileSync(join(d, 'new'), 'echo v2\n');
    utimesSync(join(d, 'new'), T, T);
    renameSync(join(d, 'new'), file);
    expect(cache.digest(file, 1024)).toBe('h(echo v2\n)');
  });

  it('keeps no entry for a file changed too close to its hashing (a later change could keep its ctime)', () => {
    const file = join(dir(), 'x.sh');
    writeFileSync(file, 'echo v1\n');
    const { cache, hashed } = counting(() => statSync(file).ctimeMs + 1);
    cache.digest(file, 1024);
    cache.digest(file, 1024);
    expect(hashed).toHaveLength(2);
    expect(cache.size).toBe(0);
  });

  it('caches nothing for a missing file or one over the cap, which throw as a read does', () => {
    const d = dir();
    const { cache } = counting();
    expect(() => cache.digest(join(d, 'missing.sh'), 1024)).toThrow(expect.objectContaining({ code: 'ENOENT' }));
    writeFileSync(join(d, 'big.sh'), 'x'.repeat(100));
    expect(() => cache.digest(join(d, 'big.sh'), 10)).toThrow(/byte limit/);
    expect(cache.size).toBe(0);
    // A cached file that grows past the cap is refused, not answered from the cache.
    writeFileSync(join(d, 'grows.sh'), 'x');
    cache.digest(join(d, 'grows.sh'), 10);
    writeFileSync(join(d, 'grows.sh'), 'x'.repeat(100));
    expect(() => cache.digest(join(d, 'grows.sh'), 10)).toThrow(/byte limit/);
    expect(cache.size).toBe(0);
  });

  it('holds at most maxEntries, dropping the least recently used', () => {
    const d = dir();
    const files = ['a', 'b', 'c'].map((n) => join(d, n));
    for (const f of files) writeFileSync(f, f);
    const hashed: string[] = [];
    const cache = new FileHashCache({ maxEntries: 2, now: later, hash: (bytes) => (hashed.push(bytes.toString()), 'h') });
    cache.digest(files[0]!, 1024);
    cache.digest(files[1]!, 1024);
    cache.digest(files[0]!, 1024); // a is used again: b is now the oldest
    cache.digest(files[2]!, 1024);
    expect(cache.size).toBe(2);
    cache.digest(files[0]!, 1024);
    cache.digest(files[1]!, 1024);
    expect(hashed).toEqual([files[0], files[1], files[2], files[1]]);
  });
});
