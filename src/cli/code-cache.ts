// Runs a CommonJS file of the build with a V8 code cache: the bytecode V8 compiled for it in an earlier
// process, kept in a cache folder of the user's, so that a later process deserializes it instead of parsing
// and compiling the file again. The bridge runs this way (bin.ts): a harness starts it on every tool call,
// and compiling its code was the largest part of its own cost (docs/performance.md). Node 22.1+ does this
// for every module (module.enableCompileCache()); Node 20 has only `vm.Script`'s `cachedData`, for scripts.
//
// A cache is bytecode this process runs, so it is read only where nobody else could have written it: a
// folder and a file owned by this user, writable by no one else, the file opened without following a link.
// V8 itself rejects a cache of another V8, other flags or a source of another length; the name of the file
// carries the build's hash and the file's size and time, so a changed file never meets an older cache;
// and a SHA-256 of the cache, checked before V8 reads it, keeps a damaged one out (V8's release builds do
// not check its checksum, and a crash would be an allow to most hosts). Anything amiss is a compile
// without the cache, never an error: the cache only ever saves time.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const fs = require('node:fs') as typeof import('node:fs');
const { dirname, join, isAbsolute } = require('node:path') as typeof import('node:path');

/** How the cache served a load. */
export type CacheStatus =
  /** Its bytecode was used. */
  | 'hit'
  /** There was none yet: compiled, and save() writes one. */
  | 'miss'
  /** V8 refused it (another V8 or other flags): compiled, and save() writes a new one. */
  | 'rejected'
  /** It failed its checksum or could not be read: compiled, and save() writes a new one. */
  | 'damaged'
  /** The folder or the file could have been written by another user: compiled, nothing read or written. */
  | 'unsafe'
  /** No cache folder (turned off, or none could be found or made): compiled. */
  | 'off';

export interface CachedModule<T> {
  exports: T;
  status: CacheStatus;
  /** Writes the cache where the load had none usable; call it once the module has done its work (the bytecode of every function that ran is kept). Never throws. */
  save(): void;
}

const MAGIC = Buffer.from('harness-hooks v8 code cache 1\n');
const SHA_LENGTH = 32;
/** A cache bigger than this is not read. */
const MAX_CACHE = 64 * 1024 * 1024;
/** A cache file not written for this long is removed when another is written (a used one is rewritten after it goes). */
const STALE_MS = 30 * 24 * 3600 * 1000;
/** A temporary file a writer left (killed between writing and renaming it) is removed after this long. */
const STALE_TEMP_MS = 3600 * 1000;
const PREFIX = 'code-';
const SUFFIX = '.v8cache';
// A writer's temporary file, and how one a killed writer left is known.
const tempName = (): string => `.${process.pid}-${Date.now()}.tmp`;
const TEMP = /^\.\d+-\d+\.tmp$/;

/**
 * The cache folder: `HARNESS_HOOKS_CODE_CACHE` (a folder, or `off`), else the user's cache folder's
 * `harness-hooks` (`$XDG_CACHE_HOME`, else `~/.cache`; `%LOCALAPPDATA%` on Windows; `~/Library/Caches` on macOS).
 */
export function codeCacheDir(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform, home: () => string = () => (require('node:os') as typeof import('node:os')).homedir()): string | undefined {
  const set = env.HARNESS_HOOKS_CODE_CACHE;
  if (set !== undefined && set !== '') return set === 'off' || !isAbsolute(set) ? undefined : set;
  let base: string | undefined;
  if (platform === 'win32') base = env.LOCALAPPDATA;
  else if (env.XDG_CACHE_HOME !== undefined && isAbsolute(env.XDG_CACHE_HOME)) base = env.XDG_CACHE_HOME;
  else {
    let h: string;
    try {
      h = home();
    } catch {
      return undefined;
    }
    if (h === '' || !isAbsolute(h)) return undefined;
    base = platform === 'darwin' ? join(h, 'Library', 'Caches') : join(h, '.cache');
  }
  return base === undefined || !isAbsolute(base) ? undefined : join(base, 'harness-hooks');
}

/**
 * Runs the CommonJS file `file` (as `require` would, once) with the code cache in `dir`; `build` names the
 * file's contents (the build's hash of it).
 */
export function loadCached<T>(file: string, dir: string | undefined, build: string): CachedModule<T> {
  const vm = require('node:vm') as typeof import('node:vm');
  const source = fs.readFileSync(file, 'utf8');
  let status: CacheStatus = 'off';
  let cacheFile: string | undefined;
  let cachedData: Buffer | undefined;
  if (dir !== undefined) {
    const stat = fs.statSync(file);
    cacheFile = join(dir, `${PREFIX}${safeName(build)}-${process.versions.v8}-${process.arch}-${stat.size}-${Math.trunc(stat.mtimeMs)}${SUFFIX}`);
    const read = readCache(dir, cacheFile);
    status = read.status;
    cachedData = read.data;
    if (status === 'unsafe') cacheFile = undefined;
  }
  // (The file has no `import()`: a script compiled from a code cache has no dynamic import callback.)
  // Wrapped as Node wraps a CommonJS module (a line of its own, so that a last line comment ends there).
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: file, cachedData });
  if (cachedData !== undefined && script.cachedDataRejected === true) status = 'rejected';
  const module = { exports: {} as T };
  const run = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: unknown, filename: string, dirname: string) => void;
  run.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  let saved = false;
  return {
    exports: module.exports,
    status,
    save() {
      if (saved || cacheFile === undefined || status === 'hit') return;
      saved = true;
      try {
        writeCache(dir!, cacheFile, script.createCachedData());
      } catch {
        // A cache that cannot be written costs the next process the compile, nothing more.
      }
    },
  };
}

const safeName = (text: string): string => text.replace(/[^A-Za-z0-9.]/g, '_');

// Whether `st` (a folder or file) can only have been written by this user (POSIX; Windows has neither uid nor mode bits).
function ownOnly(st: import('node:fs').Stats): boolean {
  if (typeof process.getuid !== 'function') return true;
  return st.uid === process.getuid() && (st.mode & 0o022) === 0;
}

function readCache(dir: string, file: string): { status: CacheStatus; data?: Buffer } {
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const st = fs.lstatSync(dir);
    if (!st.isDirectory() || !ownOnly(st)) return { status: 'unsafe' };
  } catch {
    return { status: 'off' };
  }
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A link where the file should be (O_NOFOLLOW: ELOOP) is not ours.
    return { status: code === 'ENOENT' ? 'miss' : code === 'ELOOP' ? 'unsafe' : 'damaged' };
  }
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile() || !ownOnly(st)) return { status: 'unsafe' };
    if (st.size > MAX_CACHE || st.size < MAGIC.length + SHA_LENGTH) return { status: 'damaged' };
    const all = Buffer.allocUnsafe(st.size);
    let at = 0;
    while (at < all.length) {
      const n = fs.readSync(fd, all, at, all.length - at, at);
      if (n === 0) return { status: 'damaged' };
      at += n;
    }
    if (!all.subarray(0, MAGIC.length).equals(MAGIC)) return { status: 'damaged' };
    const sum = all.subarray(MAGIC.length, MAGIC.length + SHA_LENGTH);
    const data = all.subarray(MAGIC.length + SHA_LENGTH);
    if (!sha256(data).equals(sum)) return { status: 'damaged' };
    return { status: 'hit', data };
  } catch {
    return { status: 'damaged' };
  } finally {
    fs.closeSync(fd);
  }
}

const sha256 = (data: Uint8Array): Buffer => (require('node:crypto') as typeof import('node:crypto')).createHash('sha256').update(data).digest();

// Written whole or not at all: a file of this process's own, renamed over the old one. Caches no process has
// written for STALE_MS go, and temporary files a killed writer left, after STALE_TEMP_MS.
function writeCache(dir: string, file: string, data: Buffer): void {
  const temp = join(dir, tempName());
  const fd = fs.openSync(temp, 'wx', 0o600);
  try {
    fs.writeSync(fd, Buffer.concat([MAGIC, sha256(data), data]));
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.renameSync(temp, file);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  }
  const now = Date.now();
  for (const name of fs.readdirSync(dir)) {
    const stale = name.startsWith(PREFIX) && name.endsWith(SUFFIX) ? STALE_MS : TEMP.test(name) ? STALE_TEMP_MS : undefined;
    if (stale === undefined) continue;
    const other = join(dir, name);
    try {
      if (other !== file && now - fs.lstatSync(other).mtimeMs > stale) fs.rmSync(other, { force: true });
    } catch {
      // another process's clean-up got there first
    }
  }
}
