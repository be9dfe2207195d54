// An entry of an event's chain. In-process handlers and command hooks are two kinds of the same entry,
// so they interleave in registration order.
import type { EntryContext } from './context.js';
import { describeValue } from './errors.js';
import type { HookDecision, HookRunKind, HookRunOutcome } from './types.js';

/** Tests an event's match value (a tool name, …), compiled once at registration. `null` matches everything. */
export type ToolMatcher = ((value: string) => boolean) | null;

/**
 * Calls the entry. Handlers are called as `(payload, context)`; command invokers also get the
 * dispatch's signal (to kill the process on abort) and resolve to an `EntryReport`.
 */
export type EntryInvoker = (input: unknown, context: EntryContext, signal?: AbortSignal, extras?: unknown) => unknown;

export interface Entry {
  readonly kind: HookRunKind;
  readonly name: string;
  /** `null`: matches every tool (and every entry of an event without tool matchers). */
  readonly matcher: ToolMatcher;
  /** Failures are isolated: logged, empty decision. */
  readonly plugin: string | undefined;
  readonly longRunning: boolean;
  readonly background: boolean;
  readonly invoke: EntryInvoker;
  // Fields used by the claude profile:
  /** Own timeout in ms (else the event's default). */
  readonly timeoutMs?: number;
  /** A compiled `if` condition; `false`: the entry carries an `if` that can never be evaluated here. */
  readonly condition?: ((toolName: string, toolInput: unknown) => boolean) | false;
  /** Removes the entry after its first run. */
  readonly once?: { remove(): void };
  readonly statusMessage?: string;
  /** Identical hooks (same key) from user, project and local settings run once. */
  readonly dedupKey?: string;
  /** Among identical hooks the strongest runs: the highest rank, and among equals the last registered (src/dedup.ts). */
  readonly dedupRank?: number;
  /** Among identical hooks of equal rank, the higher runs (default: the last registered). */
  readonly dedupOrder?: number;
  /** `'block'`: a failure (crash, timeout, cannot start, garbage output) blocks instead of being ignored. */
  readonly onFailure?: 'continue' | 'block';
  /** Not run on events whose catalogue entry forbids its type (HTTP hooks on SessionStart and Setup). */
  readonly httpType?: boolean;
  /** Where it came from, for listHooks() and explain(). */
  readonly meta?: EntryMeta;
  /** The profile's own data about the entry (its configEntry sets it; the registry never reads it). */
  readonly data?: unknown;
}

export interface EntryMeta {
  /** `'code'` for register(); a config source otherwise. */
  source?: string;
  file?: string;
  /** e.g. `hooks.PreToolUse[0].hooks[1]`. */
  path?: string;
  matcher?: string;
  if?: string;
  /** Registration order across the registry. */
  seq?: number;
}

/** What `makeEntry` builds an entry from (the registry's `addEntry` fields, less the ones it works out). */
export type EntryFields = Omit<Entry, 'matcher' | 'once' | 'meta'>;

// An entry, frozen. Fast path: every entry has every field, in this order, whatever its kind and whatever
// profile made it, so all entries share one hidden class with every field in the object, and the runs'
// reads of `entry.kind`, `entry.invoke`, … stay monomorphic. (Spread from its fields, half of an entry's
// fields lived outside the object: ≈13 ns per entry per dispatch, measured at 20 handlers.) `addEntry`
// refuses a field that is not one of these (a profile's own data goes in `data`).
export function makeEntry(f: EntryFields, matcher: ToolMatcher, meta: EntryMeta, once: Entry['once']): Entry {
  return Object.freeze({
    kind: f.kind,
    name: f.name,
    matcher,
    plugin: f.plugin,
    longRunning: f.longRunning,
    background: f.background,
    invoke: f.invoke,
    timeoutMs: f.timeoutMs,
    condition: f.condition,
    once,
    statusMessage: f.statusMessage,
    dedupKey: f.dedupKey,
    dedupRank: f.dedupRank,
    dedupOrder: f.dedupOrder,
    onFailure: f.onFailure,
    httpType: f.httpType,
    meta,
    data: f.data,
  });
}

/** Every field of an entry, in the one order `makeEntry` gives them (what `addEntry` accepts): read off one. */
export const ENTRY_FIELDS: ReadonlySet<string> = new Set(Object.keys(makeEntry({} as EntryFields, null, {}, undefined)));

// A runner's (command, HTTP, prompt…) resolved value that is not a report with an outcome: a bug of its
// profile, which fails that entry (both runs). The error names what it resolved to instead.
export function notAReport(value: unknown): TypeError | undefined {
  if (typeof (value as { outcome?: unknown } | null | undefined)?.outcome === 'string') return undefined;
  return new TypeError(`its runner resolved to ${describeValue(value)}, not an outcome`);
}

/** What a command entry's invoker resolves to. */
export interface EntryReport {
  outcome: HookRunOutcome;
  decision?: HookDecision;
  message?: string;
}
