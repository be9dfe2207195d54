// The folders to listen on for a set of watched paths. Folders, not files: an editor that saves by writing
// a new file and renaming it over the old one leaves a file watch on the old inode, deaf; the folder hears
// the rename. A path whose folder does not exist yet (a `.claude/` not made yet) is heard through its
// nearest existing ancestor, and watched itself once a reload sees it; a link is heard at its target's
// folder too (an edit of the target changes nothing in the link's folder).
import { dirname } from 'node:path';

// The folders to watch for `files` (watched files) and `folders` (listed folders, whose own changes count).
export async function watchedFolders(files: Iterable<string>, folders: Iterable<string>): Promise<Set<string>> {
  const { realpath } = await import('node:fs/promises');
  const out = new Set<string>();
  const add = async (dir: string): Promise<void> => void out.add(await nearestFolder(dir));
  const jobs: Promise<void>[] = [];
  for (const file of files) {
    jobs.push(add(dirname(file)));
    jobs.push(
      realpath(file).then(
        (real) => (real === file ? undefined : add(dirname(real))),
        () => undefined,
      ),
    );
  }
  for (const dir of folders) jobs.push(add(dir), add(dirname(dir)));
  await Promise.all(jobs);
  return out;
}

// `dir`, or its nearest ancestor that exists as a folder.
async function nearestFolder(dir: string): Promise<string> {
  const { stat } = await import('node:fs/promises');
  for (let at = dir; ; at = dirname(at)) {
    const isDir = await stat(at).then(
      (s) => s.isDirectory(),
      () => false,
    );
    if (isDir || dirname(at) === at) return at;
  }
}
