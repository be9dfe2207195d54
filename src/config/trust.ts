// Trust by content (issue 11 item 25, as Codex does it): with a trust store, a hook from a project's files
// (project, local, skill, agent) runs only once its fingerprint — a hash of its event, matcher, handler
// and source, and of the files its command runs (issue 23) — was approved; a new or changed one does not run until it is, and explain / list say why.
// Hooks from managed and user settings and from plugins are trusted as they are.
//
// The store is a JSON file the harness names: `{ "version": 1, "hooks": { "<file>#<path>": { fingerprint,
// event, name, approvedAt } } }`, read like a settings file (regular file, size cap) and written 0600.
import { renameSync, rmSync, writeFileSync } from '../node-builtins.js';
import { randomHex } from '../random-hex.js';
import { commandFiles } from './command-files.js';
import { readRegularFileSync } from './read-file.js';
import { pinnedFileHashes } from './file-hash-cache.js';
import { basename, dirname, join, resolve } from 'node:path';
import { isInside } from './paths.js';
import { HookConfigError } from '../errors.js';
import { isPlainObject } from '../plain-object.js';
import { isoTime } from '../iso-time.js';

/** Sources whose hooks need approval when a trust store is set. */
export const UNTRUSTED_SOURCES: ReadonlySet<string> = new Set(['project', 'local', 'skill', 'agent']);

const MAX_STORE_BYTES = 4 * 1024 * 1024;

/** An approved hook. */
export interface TrustRecord {
  fingerprint: string;
  event: string;
  /** What ran: the command, URL or prompt, to show what changed. */
  name: string;
  approvedAt: string;
}

/**
 * Where a hook stands: its file, resolved to an absolute path (the CLI and the harness name the same file
 * the same way), and its path in it. Undefined without a file: a config given inline has no place an
 * approval could be pinned to (two repositories' inline configs would share one), so it is never trusted.
 */
export const trustLocation = (file: string | undefined, path: string): string | undefined => (file === undefined ? undefined : `${resolve(file)}#${path}`);

/** The largest file a fingerprint pins (a script over it is not trusted: too large to hash). */
export const MAX_PINNED_FILE_BYTES = 1024 * 1024;

/** Where a hook runs, for the files its fingerprint pins. */
export interface HookPlace {
  projectDir: string;
  /** The folder the hook runs in, where its dialect names one (copilot's `cwd`). Default: projectDir. */
  runDir?: string | undefined;
  pluginRoot?: string | undefined;
}

/**
 * A hook's fingerprint: sha256 of its event, matcher, handler (keys sorted) and source, and of the contents
 * of every file its command runs in the project or the folder it runs in (command-files.ts: the program,
 * an interpreter's script — `sh ./x.sh`, `python3 x.py` —, resolved from where it runs; a missing one as
 * missing): an approved hook whose script changes, or appears, is a changed hook. Or why it cannot be
 * pinned — a script over 1 MiB, one that cannot be read, a name made at run time —: such a hook is never
 * trusted.
 */
export function fingerprintHook(event: string, matcher: string | undefined, hook: unknown, source: string, place?: HookPlace): { fingerprint: string; why?: undefined } | { fingerprint?: undefined; why: string } {
  // Loaded on first use, synchronously, so the package's import does not pay for node:crypto.
  const { createHash } = process.getBuiltinModule('node:crypto') as typeof import('node:crypto');
  const pinned = place === undefined ? { digests: [] } : pinFiles(hook, place);
  if ('why' in pinned) return { why: pinned.why };
  const files = pinned.digests.length === 0 ? null : pinned.digests;
  return { fingerprint: createHash('sha256').update(canonical([event, matcher ?? null, hook, source, files])).digest('hex') };
}

/**
 * fingerprintHook's fingerprint; for a hook that cannot be pinned, one made fresh each time, which no
 * approval matches. (`projectDir`: where its files are found.)
 */
export function hookFingerprint(event: string, matcher: string | undefined, hook: unknown, source: string, projectDir?: string | HookPlace): string {
  const place = typeof projectDir === 'string' ? { projectDir } : projectDir;
  return fingerprintHook(event, matcher, hook, source, place).fingerprint ?? `unpinnable:${randomHex(16)}`;
}

// `[path, sha256 | "missing"]` for each file a command hook runs that the repository can change (in the
// project or the folder it runs in: a program elsewhere is the machine's), or why one cannot be pinned.
function pinFiles(hook: unknown, place: HookPlace): { digests: [string, string][] } | { why: string } {
  if (!isPlainObject(hook) || hook.type !== 'command') return { digests: [] };
  const runDir = place.runDir ?? place.projectDir;
  const { files, dynamic } = commandFiles(hook, { runDir, projectDir: place.projectDir, pluginRoot: place.pluginRoot });
  if (dynamic.length > 0) return { why: `it runs ${JSON.stringify(dynamic[0])}, a name made when it runs, so what it runs cannot be pinned` };
  const digests: [string, string][] = [];
  for (const file of files) {
    if (!isInside(place.projectDir, file) && !isInside(runDir, file)) continue;
    // (Each run re-checks them: a file unchanged since it was last hashed is a stat, file-hash-cache.ts.)
    let digest: string;
    try {
      digest = pinnedFileHashes.digest(file, MAX_PINNED_FILE_BYTES);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') {
        digests.push([file, 'missing']);
        continue;
      }
      const message = (error as Error).message;
      return { why: /-byte limit/.test(message) ? `${file} is too large to pin (over ${MAX_PINNED_FILE_BYTES} bytes)` : `${file} cannot be pinned: ${message}` };
    }
    digests.push([file, digest]);
  }
  return { digests };
}

/** JSON with every object's keys sorted, compact (what a hash is taken of). */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isPlainObject(value)) {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** What a trust store says of a hook. */
export type TrustStatus = 'trusted' | 'new' | 'changed';

export class TrustStore {
  readonly file: string;
  readonly #hooks: Map<string, TrustRecord>;

  /** Reads `file` (a missing one is an empty store); an unreadable or malformed one throws HookConfigError. */
  constructor(file: string) {
    this.file = file;
    this.#hooks = new Map(Object.entries(readStore(file)));
  }

  status(location: string, fingerprint: string): TrustStatus {
    const record = this.#hooks.get(location);
    return record === undefined ? 'new' : record.fingerprint === fingerprint ? 'trusted' : 'changed';
  }

  /** What was approved at `location`, if anything. */
  approved(location: string): TrustRecord | undefined {
    return this.#hooks.get(location);
  }

  /**
   * Approves hooks (replacing what was approved at their locations) and writes the store: an addConfig
   * report's `skipped` entries that carry `trust`, or `{ location, fingerprint, event, name }`.
   */
  approve(hooks: readonly { location?: string; fingerprint?: string; event: string; name?: string; command?: string }[]): void {
    const approvedAt = isoTime(Date.now());
    // What is on disk now (another process may have approved since this store was read), then these.
    const next = new Map([...this.#hooks, ...Object.entries(readStore(this.file))]);
    for (const h of hooks) {
      if (h.location === undefined || h.fingerprint === undefined) continue;
      next.set(h.location, { fingerprint: h.fingerprint, event: h.event, name: h.name ?? h.command ?? '', approvedAt });
    }
    const text = `${JSON.stringify({ version: 1, hooks: Object.fromEntries([...next].sort(([a], [b]) => a.localeCompare(b))) }, null, 2)}\n`;
    // Written beside it under a fresh name, then renamed over it: a reader never sees half a store, and a
    // temp file a crash left behind is no obstacle. Memory changes only once the file is written.
    const temp = join(dirname(this.file), `.${basename(this.file)}.${randomHex(8)}.tmp`);
    writeFileSync(temp, text, { mode: 0o600, flag: 'wx' });
    try {
      renameSync(temp, this.file);
    } catch (error) {
      rmSync(temp, { force: true });
      throw error;
    }
    this.#hooks.clear();
    for (const [k, v] of next) this.#hooks.set(k, v);
  }
}

function readStore(file: string): Record<string, TrustRecord> {
  const fail = (message: string): never => {
    throw new HookConfigError([{ path: '', message }], { file });
  };
  let text: string;
  try {
    text = readRegularFileSync(file, MAX_STORE_BYTES).toString('utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    return fail(`cannot read the trust store: ${(error as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return fail(`the trust store is not valid JSON: ${(error as Error).message}`);
  }
  if (!isPlainObject(value) || value.version !== 1 || !isPlainObject(value.hooks)) return fail('expected the trust store to be { "version": 1, "hooks": { … } }');
  const hooks: Record<string, TrustRecord> = {};
  for (const [location, record] of Object.entries(value.hooks)) {
    if (!isPlainObject(record) || typeof record.fingerprint !== 'string') return fail(`hooks[${JSON.stringify(location)}]: expected { fingerprint, event, name, approvedAt }`);
    hooks[location] = { fingerprint: record.fingerprint, event: String(record.event ?? ''), name: String(record.name ?? ''), approvedAt: String(record.approvedAt ?? '') };
  }
  return hooks;
}
