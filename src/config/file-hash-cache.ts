// The sha256 of a file a trust fingerprint pins (trust.ts), remembered by the file's path and its
// `(dev, ino, size, mtimeMs, ctimeMs)`: an approved hook's files are fingerprinted again before each run,
// and a file that did not change then costs one stat, not a read and a hash. Any change of those fields —
// a write (it moves ctime, which no one can set back), a file renamed over it (another inode), a link
// pointed elsewhere (the stat follows it, as the read does) — reads and hashes it again.
//
// A file changed within the file system's timestamp granularity of when it was hashed could keep every
// field (same size, same inode, same coarse ctime): an entry is kept only once the file's ctime is older
// than when its hashing began by more than that granularity (git's "racy" entries), so a file written just
// now is hashed every time until it has been still for a moment.
import { statSync } from '../node-builtins.js';
import { readRegularFileSync } from './read-file.js';

/** The most entries a cache keeps (the least recently used goes first). */
export const MAX_FILE_HASH_ENTRIES = 1024;

// How much older than the hashing a file's ctime must be for its entry to be kept: a file system with
// sub-second timestamps stamps from a clock that can lag the real one by a scheduler tick (≤ 10 ms); one
// that stamps whole seconds (FAT's are 2 s) needs seconds.
const RACY_FINE_MS = 50;
const RACY_COARSE_MS = 2000;

export interface FileHashCacheOptions {
  /** Default MAX_FILE_HASH_ENTRIES. */
  maxEntries?: number;
  /** Default sha256, hex. */
  hash?: (bytes: Buffer) => string;
  /** Default Date.now. */
  now?: () => number;
}

type FileStat = import('node:fs').Stats;

const keyOf = (s: FileStat): string => `${s.dev}:${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}`;

export class FileHashCache {
  readonly #entries = new Map<string, { key: string; digest: string }>();
  readonly #max: number;
  readonly #hash: (bytes: Buffer) => string;
  readonly #now: () => number;
  /** How many times a file was read and hashed (what a hit saves). */
  hashes = 0;

  constructor(options: FileHashCacheOptions = {}) {
    this.#max = options.maxEntries ?? MAX_FILE_HASH_ENTRIES;
    this.#hash =
      options.hash ??
      ((bytes) => {
        // Loaded on first use, synchronously, so the package's import does not pay for node:crypto.
        const { createHash } = process.getBuiltinModule('node:crypto') as typeof import('node:crypto');
        return createHash('sha256').update(bytes).digest('hex');
      });
    this.#now = options.now ?? Date.now;
  }

  /**
   * The hash of `file`'s contents, read as readRegularFileSync reads it (a regular file, at most
   * `maxBytes`), which throws as it does: what is missing, too large or not a file is never cached.
   */
  digest(file: string, maxBytes: number): string {
    const cached = this.#entries.get(file);
    if (cached !== undefined) {
      let now: FileStat | undefined;
      try {
        now = statSync(file);
      } catch {
        // Gone or unreadable: the read below says how.
      }
      if (now?.isFile() === true && now.size <= maxBytes && keyOf(now) === cached.key) {
        this.#entries.delete(file);
        this.#entries.set(file, cached);
        return cached.digest;
      }
      this.#entries.delete(file);
    }
    const began = this.#now();
    let stat: FileStat | undefined;
    const bytes = readRegularFileSync(file, maxBytes, (s) => {
      stat = s;
    });
    this.hashes++;
    const digest = this.#hash(bytes);
    if (stat !== undefined && stat.ctimeMs < began - (stat.ctimeMs % 1000 === 0 ? RACY_COARSE_MS : RACY_FINE_MS)) {
      this.#entries.set(file, { key: keyOf(stat), digest });
      while (this.#entries.size > this.#max) this.#entries.delete(this.#entries.keys().next().value as string);
    }
    return digest;
  }

  /** How many files it holds. */
  get size(): number {
    return this.#entries.size;
  }
}

/** The cache trust.ts fingerprints with (one per process: a file is the same file to every registry). */
export const pinnedFileHashes = new FileHashCache();
