// Reading a file a stranger may have planted (a cloned repository's settings, a file a hook was told to
// write): only a regular file, at most `maxBytes`, and never a read that can block. A FIFO, a character
// device (`/dev/urandom`, `/dev/stdin`), a socket or a directory is refused before a byte is read — opened
// with O_NONBLOCK, so even opening a FIFO nobody writes to returns at once — and a file larger than the
// cap is refused by its size, then by what was read (it may grow in between). A UTF-8 BOM is dropped.
import { closeSync, constants, fstatSync, openSync, readSync } from '../node-builtins.js';

/** The default cap of a settings file: 4 MiB. */
export const DEFAULT_MAX_CONFIG_BYTES = 4 * 1024 * 1024;

export class FileReadRefused extends Error {
  override readonly name = 'FileReadRefused';
}

// The file's text, or a FileReadRefused (or the file system's own error) saying why not.
export async function readRegularFile(file: string, maxBytes: number): Promise<string> {
  return (await readRegularFileChecked(file, maxBytes)).text;
}

export interface ReadCheckedOptions {
  /** Open with O_NOFOLLOW: a symbolic link as the last part of the path is refused (ELOOP), not followed. */
  noFollow?: boolean;
  /** Called with the fstat of the very descriptor that is then read (throw to refuse the file). */
  check?(stat: import('node:fs').Stats): void;
}

// The same, with the fstat of the descriptor it read: what a caller checks (owner, mode) is the file
// whose bytes it gets — no stat-then-open window for a path swapped in between (a policy file).
export async function readRegularFileChecked(file: string, maxBytes: number, options: ReadCheckedOptions = {}): Promise<{ text: string; stat: import('node:fs').Stats }> {
  const { open } = await import('node:fs/promises');
  const handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK | (options.noFollow === true ? constants.O_NOFOLLOW : 0));
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new FileReadRefused(`not a regular file (${kindOf(stat)}); refused without reading it`);
    options.check?.(stat);
    if (stat.size > maxBytes) throw new FileReadRefused(`${stat.size} bytes, more than the ${maxBytes}-byte limit`);
    let buffer = Buffer.allocUnsafe(Math.min(stat.size, maxBytes) + 1);
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        // It grew since the stat: read on, up to one byte past the cap.
        const grown = Buffer.allocUnsafe(Math.min(buffer.length * 2, maxBytes + 1));
        buffer.copy(grown, 0, 0, length);
        buffer = grown;
      }
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > maxBytes) throw new FileReadRefused(`more than the ${maxBytes}-byte limit (it grew while it was read)`);
    }
    const text = buffer.toString('utf8', 0, length);
    return { text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, stat };
  } finally {
    await handle.close();
  }
}

// The same, synchronously and as bytes (what must be known before a call returns: a trust store read by
// the registry's constructor, the script a fingerprint covers). Reads at most `maxBytes`. `onStat` gets the
// fstat of the descriptor that is then read (what a cache of its hash is keyed by: file-hash-cache.ts).
export function readRegularFileSync(file: string, maxBytes: number, onStat?: (stat: import('node:fs').Stats) => void): Buffer {
  const fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new FileReadRefused(`not a regular file (${kindOf(stat)}); refused without reading it`);
    onStat?.(stat);
    if (stat.size > maxBytes) throw new FileReadRefused(`${stat.size} bytes, more than the ${maxBytes}-byte limit`);
    const buffer = Buffer.alloc(stat.size);
    let length = 0;
    while (length < buffer.length) {
      const n = readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) break;
      length += n;
    }
    return buffer.subarray(0, length);
  } finally {
    closeSync(fd);
  }
}

function kindOf(stat: import('node:fs').Stats): string {
  if (stat.isDirectory()) return 'a directory';
  if (stat.isFIFO()) return 'a FIFO';
  if (stat.isCharacterDevice()) return 'a character device';
  if (stat.isBlockDevice()) return 'a block device';
  if (stat.isSocket()) return 'a socket';
  return 'not a file';
}
