// Registers the command entries of a hook config into a registry, in file order, as entries of the same
// ordered chain as in-process handlers, applying the profile's source gates, and reports what was added or skipped.
import { resolve } from 'node:path';
import { didYouMean } from '../closest-name.js';
import { describeValue, HookTypeError } from '../errors.js';
import type { ConfigEntryFields, ConfigOrigin, Profile, ProfileHost } from '../profiles/profile.js';
import type { EntryMeta } from '../entry.js';
import type { HooksConfig } from '../schemas/config.js';
import type { HookLogger, HookSettings } from '../types.js';
import { checkConfigBounds, makeWarningSummary } from './config-bounds.js';
import { parseHooksConfig } from './load.js';
import { fingerprintHook, trustLocation, UNTRUSTED_SOURCES, type TrustStore } from './trust.js';

/**
 * `local` (settings.local.json), `managed` (policy settings), `skill` and `agent` (hooks from a skill's or
 * an agent's frontmatter) are the claude profile's; `system` (/etc/codex) and `session` (`-c` overrides)
 * the codex profile's; each profile lists the sources it takes.
 */
export type ConfigSource = 'user' | 'project' | 'local' | 'plugin' | 'managed' | 'skill' | 'agent' | 'system' | 'session';

export interface AddConfigOptions {
  /** Where the config came from; decides which settings gate it. */
  source: ConfigSource;
  /** A plugin's root folder: exported to its commands as `CLAUDE_PLUGIN_ROOT` (its placeholders in a shell line become references to it: src/shell-placeholders.ts). */
  pluginRoot?: string;
  /** Shown in errors and reports, e.g. the file the config was read from. */
  file?: string;
}

export interface AddedHook {
  event: string;
  /** Where it stands in the config, e.g. `hooks.PreToolUse[0].hooks[1]`. */
  path: string;
  matcher: string | undefined;
  command: string;
  source: ConfigSource;
}

export interface SkippedHook {
  /** The event name as written (may be unknown). */
  event: string;
  path: string;
  command?: string;
  reason: string;
  /** The setting that switched it off, for gated-off entries; `trustStore` for a hook not (or no longer) approved. */
  gate?: keyof HookSettings | 'trustStore' | 'harnessTrust';
  /** With a trust store: `new` (never approved) or `changed` (changed since approved). */
  trust?: 'new' | 'changed';
  /** With `trust`: where the hook stands and its fingerprint, what `registry.trustStore.approve([skipped])` takes. */
  location?: string;
  fingerprint?: string;
}

export interface AddConfigReport {
  source: ConfigSource;
  added: AddedHook[];
  skipped: SkippedHook[];
  /** Unregisters everything this call added (for reloading a changed file). Idempotent. */
  remove(): void;
}

/** What addConfig needs from the registry. */
export interface ConfigHost {
  readonly settings: Readonly<Required<HookSettings>>;
  readonly logger: HookLogger;
  addEntry(event: string, entry: ConfigEntryFields & { matcher: string | undefined }): () => void;
  /** Adds or removes many entries at once, in linear time. */
  batch<T>(fn: () => T): T;
  /** Remembers a hook the gates keep off, for listHooks() and explain(); returns a function that forgets it. */
  noteGated(event: string, hook: GatedHook): () => void;
  /** The registry's trust store (the `trustStore` option), if any. */
  readonly trustStore?: TrustStore | undefined;
}

/** A configured hook the source's gate keeps off (not registered). */
export interface GatedHook {
  name: string;
  kind: ConfigEntryFields['kind'];
  meta: EntryMeta;
  gate: keyof HookSettings | 'trustStore' | 'harnessTrust';
  /** Why it does not run, when it is not a setting (a hook the trust store, or the harness's own trust, has not approved). */
  why?: string;
  timeoutMs?: number;
  once?: boolean;
}

// Validates `config` as a whole (nothing is registered if it is invalid), then registers its command
// entries, as the profile makes them, applying the profile's gate for the source.
export function addConfig(host: ConfigHost, profile: Profile, profileHost: ProfileHost, config: unknown, options: AddConfigOptions): AddConfigReport {
  const sources = profile.sources;
  if (options === null || typeof options !== 'object' || !sources.includes(options.source)) {
    throw new HookTypeError(
      'HOOKS_ERR_OPTION_INVALID',
      `addConfig(): expected \`source\` to be one of ${sources.map((s) => `'${s}'`).join(', ')}, got ${describeValue(options?.source)}`,
    );
  }
  // Bounded before anything walks it (a schema, a profile's reader, a fingerprint): too deep or too large is a
  // coded error, not a RangeError. A config that names its file is a file's, held to the hook count too
  // (config-bounds.ts), as the loaders hold it: 60,000 event names in one file took the loop 1.4 s to add.
  checkConfigBounds(config, options.file, { countHooks: options.file !== undefined });
  // A profile may read its harness's own file format (stricter, or another shape) into the common one.
  const parsed: HooksConfig = (profile.parseConfig ?? parseHooksConfig)(config, options.file);
  const { source } = options;
  const gate = profile.gate(source, host.settings, profileHost);
  const origin: ConfigOrigin = options.pluginRoot === undefined ? { source } : { source, pluginRoot: options.pluginRoot };
  const added: AddedHook[] = [];
  const skipped: SkippedHook[] = [];
  const removers: (() => void)[] = [];
  const where = options.file ? ` (${options.file})` : '';

  // A config's own settings keys count only where its hooks may run: a gated-off file changes nothing.
  const undoSettings = gate === undefined ? profile.configSettings?.(profileHost, parsed, origin, where) : undefined;
  if (undoSettings !== undefined) removers.push(undoSettings);
  // A config's warnings of one kind: the first few, then one line counting the rest.
  const unknownEvents = makeWarningSummary((m) => host.logger.warn(m), (n) => `harness-hooks: and ${n} more unknown hook events in ${source} config${where}; their hooks were skipped`);
  const skippedHooks = makeWarningSummary((m) => host.logger.warn(m), (n) => `harness-hooks: and ${n} more hooks in ${source} config${where} were skipped`);
  // What the profile warns while it makes this config's entries (an invalid matcher, a timeout in the wrong
  // unit; one per hook, 2,000 in one file): the first few, then one line counting the rest. Only while
  // adding: an entry that keeps its host's logger warns at dispatch (a matcher past its budget) as it is.
  const logger = profileHost.logger;
  const entryWarnings = makeWarningSummary((m) => logger.warn(m), (n) => `harness-hooks: and ${n} more warnings about hooks in ${source} config${where}`);
  let adding = true;
  const entryLogger: HookLogger = { warn: (m, detail) => (adding ? entryWarnings.warn(m) : logger.warn(m, detail)) };
  // The host's own logger is swapped for the add (synchronous, so nothing else runs meanwhile): the
  // profile's entries and the matchers the registry compiles for them (with this same host) warn through it.
  const swap = (to: HookLogger): void => void ((profileHost as { logger: HookLogger }).logger = to);
  swap(entryLogger);
  try {
    host.batch(() => addAll());
  } finally {
    adding = false;
    swap(logger);
  }
  unknownEvents.flush();
  skippedHooks.flush();
  entryWarnings.flush();
  // One warning for the config, not a silent report: a guard a closed gate keeps off lets calls through.
  if (gate !== undefined) {
    const off = skipped.filter((s) => s.gate === gate).length;
    if (off > 0) host.logger.warn(gatedOffWarning(`${source} config${where}`, `${off} hook${off === 1 ? ' is' : 's are'} off`, sourceGate(profile, host.settings, profileHost, source)!));
  }
  return {
    source,
    added,
    skipped,
    remove: () => host.batch(() => {
      for (const remove of removers.splice(0)) remove();
    }),
  };

  // Every entry of the config, in file order, in one batch.
  function addAll(): void {
    for (const [listed, groups] of Object.entries(parsed.hooks ?? {})) {
      // (An agent's Stop hooks are SubagentStop hooks in the claude profile.)
      const event = profile.view(listed) === undefined ? listed : (profile.configEvent?.(listed, origin) ?? listed);
      if (profile.view(event) === undefined) {
        unknownEvents.warn(`harness-hooks: unknown hook event ${JSON.stringify(event)}${didYouMean(event, profile.events)} in ${source} config${where}; its hooks were skipped`);
        skipped.push({ event, path: `hooks.${event}`, reason: `unknown event "${event}"` });
        continue;
      }
      groups.forEach((group, g) => {
        group.hooks.forEach((hook, h) => {
          const path = `hooks.${listed}[${g}].hooks[${h}]`;
          const made = profile.configEntry(profileHost, event, hook, origin);
          if ('skip' in made) {
            skippedHooks.warn(`harness-hooks: ${path} in ${source} config${where} was skipped: ${made.skip}`);
            skipped.push({ event, path, reason: made.skip });
            return;
          }
          const command = made.name;
          const meta: EntryMeta = { source, path };
          if (options.file !== undefined) meta.file = options.file;
          if (group.matcher !== undefined) meta.matcher = group.matcher;
          if (hook.if !== undefined) meta.if = hook.if;
          // The harness's own trust (Codex's trusted_hash): a hook it would skip is listed, with why.
          const harness = gate === undefined ? profile.trust?.(profileHost, { event: listed, matcher: group.matcher, hook, origin, path, group: g, index: h, file: options.file }) : undefined;
          if (harness !== undefined) {
            skipped.push({ event, path, command, reason: harness.why, gate: 'harnessTrust', trust: harness.trust });
            removers.push(host.noteGated(event, { name: command, kind: made.kind, meta, gate: 'harnessTrust', why: harness.why }));
            return;
          }
          // With a trust store, a project's hook runs only as approved (trust.ts).
          const location = trustLocation(options.file, path);
          const checked = gate === undefined && host.trustStore !== undefined && UNTRUSTED_SOURCES.has(source);
          // (The files its command runs, from the folder it runs in: the hook's own `cwd` where the dialect has one.)
          const place = checked ? { projectDir: profileHost.projectDir, runDir: profile.hookDir?.(profileHost, hook, origin), pluginRoot: origin.pluginRoot } : undefined;
          const pinned = place === undefined ? undefined : fingerprintHook(listed, group.matcher, hook, source, place);
          const fingerprint = pinned?.fingerprint;
          const approved = location === undefined ? undefined : host.trustStore?.approved(location);
          const trust = !checked ? 'trusted' : location === undefined ? 'new' : fingerprint === undefined ? (approved === undefined ? 'new' : 'changed') : host.trustStore!.status(location, fingerprint);
          if (trust !== 'trusted') {
            const why =
              location === undefined
                ? 'not trusted (a config without `file` cannot be approved: pass addConfig its file)'
                : pinned?.why !== undefined
                  ? `not trusted (it cannot be approved: ${pinned.why})`
                  : trust === 'new'
                    ? 'not trusted (never approved)'
                    : 'not trusted (changed since approved)';
            skipped.push({ event, path, command, reason: why, gate: 'trustStore', trust, ...(location === undefined ? {} : { location }), ...(fingerprint === undefined ? {} : { fingerprint }) });
            const gated: GatedHook = { name: command, kind: made.kind, meta, gate: 'trustStore', why };
            removers.push(host.noteGated(event, gated));
            return;
          }
          if (gate !== undefined) {
            const why = profile.gateWhy?.(source, gate, profileHost);
            skipped.push({ event, path, command, reason: why ?? `${source} command hooks need the \`${gate}\` setting`, gate });
            const gated: GatedHook = { name: command, kind: made.kind, meta, gate, ...(why === undefined ? {} : { why }) };
            if (made.timeoutMs !== undefined && Number.isFinite(made.timeoutMs)) gated.timeoutMs = made.timeoutMs;
            if (made.once === true) gated.once = true;
            removers.push(host.noteGated(event, gated));
            return;
          }
          // An approved hook's files are checked again each time it is about to run: one changed while the
          // registry runs (a hook, or the model, rewriting the script) is not run — a recorded failure. And
          // from the folder it runs in this time: a profile without hookDir runs it in its input's `cwd`,
          // the session's folder, which need not be the project's (`./hooks/x.sh` is then another file).
          const pinnedAt = pinned?.fingerprint;
          // (An input without `cwd` — the default profile's payload — runs in the session's, as it is then.)
          const placeNow = (input: unknown): typeof place => {
            const given = (input as { cwd?: unknown } | null)?.cwd;
            const cwd = typeof given === 'string' ? given : (profileHost.session.cwd ?? process.cwd());
            return profile.hookDir !== undefined || place === undefined ? place : { ...place, runDir: resolve(place.projectDir, cwd) };
          };
          const entry =
            place === undefined || pinnedAt === undefined
              ? made
              : {
                  ...made,
                  invoke: (...args: Parameters<typeof made.invoke>) =>
                    fingerprintHook(listed, group.matcher, hook, source, placeNow(args[0])).fingerprint === pinnedAt
                      ? made.invoke(...args)
                      : Promise.reject(new Error('not run: not trusted (a file it runs changed since it was approved, or it runs in another folder than the one it was approved in)')),
                };
          removers.push(host.addEntry(event, { ...entry, matcher: group.matcher, meta }));
          added.push({ event, path, matcher: group.matcher, command, source });
        });
      });
    }
  }
}

// The one warning for a config file a closed gate keeps off: which file, what is off, why, and the setting
// that opens it.
export function gatedOffWarning(what: string, off: string, gate: SourceGate): string {
  const setting = gate.why.includes(`\`${gate.gate}\``) ? '' : `; they need the \`${gate.gate}\` setting too`;
  return `harness-hooks: ${what}: ${off}: ${gate.why}${setting}`;
}

/** A source's gate when it is closed: the setting, and why in words. */
export interface SourceGate {
  gate: keyof HookSettings;
  why: string;
}

// Whether the profile's gate keeps `source` off, and why: what a loader asks before it reads a file, so a
// gated-off source is not read at all (src/config/config-layer.ts).
export function sourceGate(profile: Profile, settings: Readonly<Required<HookSettings>>, profileHost: ProfileHost, source: string): SourceGate | undefined {
  const gate = profile.gate(source, settings, profileHost);
  if (gate === undefined) return undefined;
  return { gate, why: profile.gateWhy?.(source, gate, profileHost) ?? `${source} command hooks need the \`${gate}\` setting` };
}
