// Two path facts the loaders and the trust store need: a path's real form, and whether a file lies
// strictly below a folder.
import { realpathSync } from '../node-builtins.js';
import { isAbsolute, relative, sep } from 'node:path';

/** A path's real form (links resolved), or the path as given when it does not exist. */
export function realPath(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return path;
  }
}

/** Whether `file` lies below `root` (not `root` itself, never through `..`). */
export function isInside(root: string, file: string): boolean {
  const rel = relative(root, file);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}
