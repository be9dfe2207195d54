// What tells a watcher to look again: `fs.watch` on each watched folder, or, with `pollMs`, a timer (for
// network file systems, where no events arrive). Neither keeps the process alive (`persistent: false`,
// `unref()`): a harness that is done exits with its watcher still open.
import { requireBuiltin } from '../node-builtins.js';

export interface Listeners {
  /** Listens on exactly these folders from now on (closing the listeners of the others). */
  update(folders: ReadonlySet<string>): void;
  close(): void;
}

// Listeners calling `onEvent` (with no argument: the watcher looks at everything again).
export function makeListeners(onEvent: () => void, pollMs: number | undefined): Listeners {
  if (pollMs !== undefined) {
    const timer = setInterval(onEvent, pollMs);
    timer.unref();
    return { update: () => undefined, close: () => clearInterval(timer) };
  }
  const fs = requireBuiltin('node:fs') as typeof import('node:fs');
  const open = new Map<string, import('node:fs').FSWatcher>();
  let closed = false;
  const drop = (dir: string): void => {
    open.get(dir)?.close();
    open.delete(dir);
  };
  return {
    update(folders) {
      if (closed) return;
      for (const dir of [...open.keys()]) if (!folders.has(dir)) drop(dir);
      for (const dir of folders) {
        if (open.has(dir)) continue;
        try {
          const watcher = fs.watch(dir, { persistent: false }, () => onEvent());
          // A folder removed or unreadable: dropped, and found again (or its ancestor) by the next look.
          watcher.on('error', () => {
            drop(dir);
            onEvent();
          });
          open.set(dir, watcher);
        } catch {
          // Gone since it was found: the next look finds its ancestor.
        }
      }
    },
    close() {
      closed = true;
      for (const dir of [...open.keys()]) drop(dir);
    },
  };
}
