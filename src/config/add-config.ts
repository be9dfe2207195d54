// Registers the command entries of a hook config into a registry, in file order, as entries of the same
// ordered chain as in-process handlers, applying the profile's source gates, and reports what was added or skipped.
import { describeValue, HookTypeError } from '../errors.js';
import type { ConfigEntryFields, ConfigOrigin, Profile, ProfileHost } from '../profiles/profile.js';
import type { EntryMeta } from '../entry.js';
import type { HooksConfig } from '../schemas/config.js';
import type { HookLogger, HookSettings } from '../types.js';
import { parseHooksConfig } from './load.js';
import { hookFingerprint, trustLocation, UNTRUSTED_SOURCES, type TrustStore } from './trust.js';

/**
 * `local` (settings.local.json), `managed` (policy settings), `skill` and `agent` (hooks from a skill's or
 * an agent's frontmatter) are the claude profile's; `system` (/etc/codex) and `session` (`-c` overrides)
 * the codex profile's; each profile lists the sources it takes.
 */
export type ConfigSource = 'user' | 'project' | 'local' | 'plugin' | 'managed' | 'skill' | 'agent' | 'system' | 'session';

export interface AddConfigOptions {
  /** Where the config came from; decides which settings gate it. */
  source: ConfigSource;
  /** A plugin's root folder: exported to its commands as `CLAUDE_PLUGIN_ROOT` (and substituted in the claude profile). */
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
  host.batch(() => addAll());
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
        host.logger.warn(`harness-hooks: unknown hook event "${event}" in ${source} config${where}; its hooks were skipped`);
        skipped.push({ event, path: `hooks.${event}`, reason: `unknown event "${event}"` });
        continue;
      }
      groups.forEach((group, g) => {
        group.hooks.forEach((hook, h) => {
          const path = `hooks.${listed}[${g}].hooks[${h}]`;
          const made = profile.configEntry(profileHost, event, hook, origin);
          if ('skip' in made) {
            host.logger.warn(`harness-hooks: ${path} in ${source} config${where} was skipped: ${made.skip}`);
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
          const fingerprint = checked ? hookFingerprint(listed, group.matcher, hook, source, profileHost.projectDir) : undefined;
          const trust = !checked ? 'trusted' : location === undefined ? 'new' : host.trustStore!.status(location, fingerprint!);
          if (trust !== 'trusted') {
            const why = location === undefined ? 'not trusted (a config without `file` cannot be approved: pass addConfig its file)' : trust === 'new' ? 'not trusted (never approved)' : 'not trusted (changed since approved)';
            skipped.push({ event, path, command, reason: why, gate: 'trustStore', trust, ...(location === undefined ? {} : { location }), fingerprint });
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
          removers.push(host.addEntry(event, { ...made, matcher: group.matcher, meta }));
          added.push({ event, path, matcher: group.matcher, command, source });
        });
      });
    }
  }
}
