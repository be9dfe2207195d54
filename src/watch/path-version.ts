// What a watched path is now, as one string to compare with what it was: a file's identity and version
// (re-stated through any link, so a save by rename, an edit of a link's target and a link moved to
// another file all show), a folder's sorted names, or `missing`.
import { fileSignature } from '../config/load-trace.js';

// A file's signature (as the loaders' trace records it), or `missing` when there is none to read.
export async function fileVersion(file: string): Promise<string> {
  const { stat } = await import('node:fs/promises');
  return stat(file).then(
    (s) => (s.isFile() ? fileSignature(s) : `not a file:${s.ino}`),
    () => 'missing',
  );
}

// A folder's file names (a file added to a hooks folder, or removed from it), or `missing`.
export async function folderVersion(dir: string): Promise<string> {
  const { readdir } = await import('node:fs/promises');
  return readdir(dir).then(
    (names) => `names:${names.sort().join('\0')}`,
    () => 'missing',
  );
}
