// What a profile's loader looked at, for `registry.watch()` (src/watch/): every file it tried, found or
// not (a `.claude/settings.local.json` that does not exist yet is watched for), the folders it listed, what
// it read, and each loader call with the reports it returned, so a watcher can run it again. A loader
// reports through the target it was given (the registry, or a watcher's stand-in): nothing is kept for a
// target nobody traces, and nothing here runs on a dispatch.
import type { AddConfigReport } from './add-config.js';

/** One file as a loader found it. */
export interface TracedFile {
  /** The config source it was read for, where the loader said (readConfigLayer). */
  source?: string;
  /** Its text as read, null when it was missing; absent when it was only looked at (a gated-off source's). */
  text?: string | null;
  /** The read file's identity and version (fileSignature), or `missing`. */
  signature?: string;
}

export interface LoadTrace {
  readonly files: Map<string, TracedFile>;
  /** Folders whose files a loader listed (a hooks folder: a file added to it is picked up). */
  readonly folders: Set<string>;
  /** A watcher's held version of a file: its text to use instead of reading it (null: as if missing). */
  serve?(file: string): string | null | undefined;
}

/** One loader call: runs it again against another target, and the reports its last run returned. */
export interface LoadRecord {
  readonly run: (target: object) => unknown;
  reports: AddConfigReport[];
  /** Set while a watcher swaps the reports (their remove() is then the watcher's, not the caller's). */
  swapping?: boolean;
}

const traces = new WeakMap<object, LoadTrace>();
const loads = new WeakMap<object, LoadRecord[]>();

// A new, empty trace.
export const makeLoadTrace = (serve?: LoadTrace['serve']): LoadTrace => ({ files: new Map(), folders: new Set(), ...(serve === undefined ? {} : { serve }) });

// Makes `trace` the one the loaders report to when they read through `target`.
export function setLoadTrace(target: object, trace: LoadTrace): void {
  traces.set(target, trace);
}

// The trace of `target`, if someone traces it.
export function loadTraceOf(target: object): LoadTrace | undefined {
  return traces.get(target);
}

// Notes a file a loader looked at (found or not), keeping what an earlier note said.
export function traceFile(trace: LoadTrace | undefined, file: string, seen: TracedFile = {}): void {
  if (trace === undefined) return;
  const before = trace.files.get(file);
  trace.files.set(file, before === undefined ? seen : { ...before, ...Object.fromEntries(Object.entries(seen).filter(([, v]) => v !== undefined)) });
}

// A file's identity and version: what changes when it is written, replaced by a rename, or a link moved.
export function fileSignature(stat: { dev: number; ino: number; size: number; mtimeMs: number; ctimeMs: number }): string {
  return `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}`;
}

// Runs a profile method with the registry as its target, tracing the files it reads; when it resolves to
// config reports (a loader: loadSettings), remembers the call for registry.watch().
export function recordLoad<T>(registry: object, run: (target: object) => T): T {
  if (!traces.has(registry)) traces.set(registry, makeLoadTrace());
  const out = run(registry);
  if (out !== null && typeof (out as { then?: unknown })?.then === 'function') {
    (out as PromiseLike<unknown>).then(
      (reports) => {
        if (isReportList(reports)) {
          let list = loads.get(registry);
          if (list === undefined) loads.set(registry, (list = []));
          const record: LoadRecord = { run, reports: [...reports] };
          list.push(record);
          forgetOnRemove(list, record, reports);
        }
      },
      () => undefined,
    );
  }
  return out;
}

// A caller that removes every report of a load (to load again by hand) is done with it: its hooks go,
// whichever reload they come from now, and a watcher no longer runs it.
function forgetOnRemove(list: LoadRecord[], record: LoadRecord, reports: readonly AddConfigReport[]): void {
  let left = reports.length;
  for (const report of reports) {
    const remove = report.remove;
    let removed = false;
    report.remove = () => {
      remove();
      if (removed || record.swapping === true) return;
      removed = true;
      if (--left > 0) return;
      const i = list.indexOf(record);
      if (i !== -1) list.splice(i, 1);
      for (const current of record.reports) current.remove();
    };
  }
}

// The loader calls made on `registry`, in order (live: a watcher updates each one's reports).
export const loadsOf = (registry: object): LoadRecord[] => loads.get(registry) ?? [];

function isReportList(value: unknown): value is AddConfigReport[] {
  return Array.isArray(value) && value.every((r) => r !== null && typeof r === 'object' && typeof (r as AddConfigReport).remove === 'function' && Array.isArray((r as AddConfigReport).added));
}
