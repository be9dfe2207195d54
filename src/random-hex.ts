// Random hex for file names that must not be guessed. Read from /dev/urandom where there is one (tens of
// µs); Web Crypto's getRandomValues elsewhere, whose first call loads Node's Web Crypto modules (≈4 ms of a
// fresh process's first command hook, measured).
import { requireBuiltin } from './node-builtins.js';

export function randomHex(bytes: number): string {
  return (urandom(bytes) ?? Buffer.from(globalThis.crypto.getRandomValues(new Uint8Array(bytes)))).toString('hex');
}

let noUrandom = process.platform === 'win32';
function urandom(bytes: number): Buffer | undefined {
  if (noUrandom) return undefined;
  const fs = requireBuiltin('node:fs') as typeof import('node:fs');
  const buffer = Buffer.allocUnsafe(bytes);
  let fd: number;
  try {
    fd = fs.openSync('/dev/urandom', 'r');
  } catch {
    noUrandom = true;
    return undefined;
  }
  try {
    return fs.readSync(fd, buffer, 0, bytes, null) === bytes ? buffer : undefined;
  } catch {
    return undefined;
  } finally {
    fs.closeSync(fd);
  }
}
