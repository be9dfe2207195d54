// What a profile is: everything that makes one harness's hooks differ from another's, as one object the
// registry reads — the event catalogue, payload checks, matcher dialect, concurrency and merging, config
// sources and gates, and how a configured command becomes an entry and how its result is read.
// src/profiles/default.ts and src/profiles/claude/profile.ts are the two; each is one file to read.
import type { Entry } from '../entry.js';
import type { CommandExecutor } from '../executor/index.js';
import type { ToolAliases, ToolMatcher } from '../matcher.js';
import type { HookHandlerConfig } from '../schemas/config.js';
import type { DispatchResult, HookDeadlines, HookLogger, HookObservers, HookSession, HookSettings } from '../types.js';
import type { AsyncHookResult, HookAdapters } from './claude/adapters.js';

export type ProfileName = 'default' | 'claude';

/** What the registry itself needs to know about an event. */
export interface EventView {
  readonly name: string;
  /** The payload field a matcher tests, or null when matchers are ignored on this event. */
  readonly matchField: string | null;
  /** Match on the basename of that field (a path). */
  readonly matchBasename: boolean;
  /** `register(..., { background: true })` is legal. */
  readonly background: boolean;
}

/** The registry, as a profile sees it. */
export interface ProfileHost {
  readonly logger: HookLogger;
  readonly deadlines: Readonly<Required<HookDeadlines>>;
  readonly session: Readonly<HookSession>;
  readonly projectDir: string;
  readonly pluginDataDir: string | undefined;
  /** onHookStart / onHookEnd, or undefined when the harness set neither (then nothing is called). */
  readonly observers: HookObservers | undefined;
  executor(): Pick<CommandExecutor, 'run'>;
  /** claude profile: what the harness supplied for the handler types a library cannot run by itself. */
  readonly adapters: HookAdapters;
  readonly http: { readonly allowedUrls: readonly string[] | undefined; readonly allowPrivateNetwork: boolean };
  /** Aborts when the registry closes: background hooks run under it. */
  readonly closeSignal: AbortSignal;
  /** Hands a finished background hook's result to the harness. */
  asyncResult(result: AsyncHookResult): void;
  /** Keeps the registry's close() waiting for a background run. */
  track(run: Promise<unknown>): void;
}

/** Where a config came from, and the plugin it belongs to. */
export interface ConfigOrigin {
  source: string;
  pluginRoot?: string;
}

/** The parts of an entry a profile makes from a configured hook (the matcher is the group's). */
export type ConfigEntryFields = Omit<Entry, 'matcher' | 'once'> & { once?: boolean };

export interface Profile {
  readonly name: ProfileName;
  readonly events: readonly string[];
  view(event: string): EventView | undefined;
  /** The spec the profile's own functions read. */
  spec(event: string): unknown;
  compileMatcher(matcher: string | undefined, aliases: ToolAliases, logger: HookLogger): ToolMatcher;
  /** Throws a TypeError for a payload that is not an object or lacks a required field. Cheap. */
  checkPayload(event: string, payload: unknown): void;
  /** Drops matched entries that this dispatch must not run (`if` conditions, duplicates). Optional. */
  select?(event: string, payload: unknown, entries: readonly Entry[]): readonly Entry[];
  /** Why a matched entry would not run for this payload (before de-duplication), or undefined. */
  whyNot?(event: string, payload: unknown, entry: Entry): string | undefined;
  /** Runs the selected entries and merges their decisions. */
  run(host: ProfileHost, event: string, payload: unknown, entries: readonly Entry[], signal: AbortSignal | undefined): Promise<DispatchResult>;
  /** Config sources this profile accepts, and the setting that gates each off (undefined: allowed). */
  readonly sources: readonly string[];
  gate(source: string, settings: Readonly<Required<HookSettings>>): keyof HookSettings | undefined;
  /** A configured hook as an entry, or a reason to skip it (with a warning). */
  configEntry(host: ProfileHost, event: string, hook: HookHandlerConfig, origin: ConfigOrigin): ConfigEntryFields | { skip: string };
}
