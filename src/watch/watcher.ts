// registry.watch(): reloads the files the registry's loaders read (registry.loadSettings) when they
// change. Each look (after a file system event and the debounce, or each poll) compares every path a
// loader looked at — files found or missing, folders listed — with what it was; each changed file is read
// and judged (check-change.ts: invalid keeps its old hooks), then offered to the harness's config-change
// event (config-change.ts: blocked keeps its old hooks); then every loader runs again against a stand-in
// (stage.ts), a held file served as it was, and the result is swapped in at once (swap.ts).
import { ALWAYS_READ } from '../config/config-layer.js';
import type { LoadTrace, TracedFile } from '../config/load-trace.js';
import { loadsOf, loadTraceOf } from '../config/load-trace.js';
import { errorMessage } from '../dispatch-run.js';
import type { Profile } from '../profiles/profile.js';
import { askConfigChange, type ChangeDispatcher } from './config-change.js';
import { checkChange } from './check-change.js';
import { makeListeners } from './listeners.js';
import { fileVersion, folderVersion } from './path-version.js';
import { discardStaged, stageLoad, type StagedLoad, type StagingHost } from './stage.js';
import { swapLoads, type SwapHost } from './swap.js';
import { watchedFolders } from './watched-folders.js';
import { resolveWatchOptions, type WatchChange, type WatchOptions } from './watch-options.js';

/** What registry.watch() returns. */
export interface HookWatcher {
  /** Stops watching (idempotent). A reload in progress is dropped: nothing changes after close(). */
  close(): void;
}

/** The registry, as its watcher uses it. */
export type WatchedRegistry = StagingHost & SwapHost & ChangeDispatcher;

// Starts watching; `onClose` runs once, when it is closed.
export function watchRegistry(registry: WatchedRegistry, profile: Profile, options: WatchOptions | undefined, onClose: () => void): HookWatcher {
  const { debounceMs, pollMs, onReload } = resolveWatchOptions(options);
  // Each path as the last look saw it, and what the loaders found at their last run.
  const seen = new Map<string, string>();
  let known: LoadTrace[] = [];
  let closed = false;
  let running = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  const schedule = (delay: number): void => {
    if (closed) return;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void look();
    }, delay);
    timer.unref();
  };
  const listeners = makeListeners(() => (pollMs === undefined ? schedule(debounceMs) : void look()), pollMs);

  // The files and folders the loaders looked at: the registry's own trace (its first loads), under what
  // the watcher's reloads found since (newer).
  const paths = (): { files: Map<string, TracedFile>; folders: Set<string> } => {
    const files = new Map<string, TracedFile>();
    const folders = new Set<string>();
    for (const trace of [loadTraceOf(registry), ...known]) {
      if (trace === undefined) continue;
      for (const [file, found] of trace.files) files.set(file, found);
      for (const dir of trace.folders) folders.add(dir);
    }
    return { files, folders };
  };

  const versions = async (files: Map<string, TracedFile>, folders: Set<string>): Promise<Map<string, string>> => {
    const out = new Map<string, string>();
    await Promise.all([...[...files.keys()].map(async (f) => out.set(f, await fileVersion(f))), ...[...folders].map(async (d) => out.set(`${d}/`, await folderVersion(d)))]);
    return out;
  };

  const arm = async (files: Map<string, TracedFile>, folders: Set<string>): Promise<void> => {
    if (pollMs !== undefined) return;
    const dirs = await watchedFolders(files.keys(), folders);
    if (!closed) listeners.update(dirs);
  };

  async function look(): Promise<void> {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      await reload();
    } catch (error) {
      if (!closed) registry.logger.warn(`harness-hooks: reloading the changed hook files failed, so the hooks stay as they were: ${errorMessage(error)}`);
    } finally {
      running = false;
      if (again && !closed) {
        again = false;
        schedule(0);
      }
    }
  }

  async function reload(): Promise<void> {
    const { files, folders } = paths();
    const now = await versions(files, folders);
    const changed: string[] = [];
    let folderChanged = false;
    for (const [path, version] of now) {
      const before = seen.get(path) ?? (path.endsWith('/') ? undefined : files.get(path)?.signature);
      seen.set(path, version);
      if (before === undefined || before === version) continue;
      if (path.endsWith('/')) folderChanged = true;
      else changed.push(path);
    }
    if (closed) return;
    if (changed.length === 0 && !folderChanged) return arm(files, folders);

    // Each changed file judged before anything is replaced: the version each loader run is to see.
    const judged = new Map<string, string | null>();
    const outcomes: WatchChange[] = [];
    for (const file of changed) {
      const found = files.get(file)!;
      const gated = found.source !== undefined && !ALWAYS_READ.has(found.source) && registry.gateOf(found.source) !== undefined;
      const old = found.text;
      const keep = (outcome: 'invalid' | 'blocked', reason: string): void => {
        registry.logger.warn(`harness-hooks: ${file} changed, but ${reason}; its hooks stay as they were`);
        outcomes.push({ file, outcome, reason });
        // (A version never read — a file that was only looked at — cannot be held: it is read again.)
        if (old !== undefined) judged.set(file, old);
      };
      const checked = await checkChange(file, profile, found.source !== undefined);
      if (closed) return;
      if ('problem' in checked) {
        keep('invalid', `it ${checked.problem}`);
        continue;
      }
      const refused = gated ? undefined : await askConfigChange(registry, profile, file, found.source);
      if (closed) return;
      if (refused !== undefined) {
        keep('blocked', refused);
        continue;
      }
      judged.set(file, checked.text);
      // (The version judged: one written since the look shows as a change next time.)
      seen.set(file, checked.signature);
      outcomes.push({ file, outcome: 'applied' });
    }

    const stage = outcomes.some((o) => o.outcome === 'applied') || folderChanged;
    if (stage) {
      // Every file a loader reads is the version judged, or the one in effect: nothing read now slips in unjudged.
      const serve = (file: string): string | null | undefined => (judged.has(file) ? judged.get(file) : files.get(file)?.text);
      const staged: StagedLoad[] = [];
      try {
        for (const load of loadsOf(registry)) staged.push(await stageLoad(registry, profile, load, serve));
      } catch (error) {
        discardStaged(staged);
        throw error;
      }
      if (closed) return discardStaged(staged);
      swapLoads(registry, staged);
      known = staged.map((s) => s.trace);
      // The loaders' warnings about what changed (a file new in a hooks folder it dropped), not again each
      // one about a file that did not change (a gated-off file).
      const fresh = paths().files;
      const about = [...changed, ...[...fresh.keys()].filter((f) => !files.has(f))];
      for (const s of staged) for (const warning of s.warnings) if (about.some((f) => warning.includes(f))) registry.logger.warn(warning);
      // A file new in a listed folder is the loader's to judge (it drops one it cannot use, with a warning).
      for (const f of about) if (!files.has(f) && fresh.get(f)?.text != null && !outcomes.some((o) => o.file === f)) outcomes.push({ file: f, outcome: 'applied' });
    }
    const after = paths();
    await arm(after.files, after.folders);
    // Paths new to this run (a folder's new file) get the version the loader read, else the one now.
    for (const [path, version] of await versions(after.files, after.folders)) if (!seen.has(path)) seen.set(path, (path.endsWith('/') ? undefined : after.files.get(path)?.signature) ?? version);
    if (!closed && onReload !== undefined && (outcomes.length > 0 || stage)) {
      try {
        onReload(outcomes);
      } catch (error) {
        registry.logger.warn(`harness-hooks: the watch onReload callback threw: ${errorMessage(error)}`);
      }
    }
  }

  // The paths' versions now, then listening; a change since the loaders read a file shows at once.
  void (async () => {
    const { files, folders } = paths();
    for (const [path, version] of await versions(files, folders)) {
      const read = path.endsWith('/') ? undefined : files.get(path)?.signature;
      seen.set(path, read ?? version);
    }
    await arm(files, folders);
    if (pollMs === undefined) schedule(0);
  })().catch((error: unknown) => registry.logger.warn(`harness-hooks: watch() could not start: ${errorMessage(error)}`));

  return {
    close() {
      if (closed) return;
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      listeners.close();
      onClose();
    },
  };
}
