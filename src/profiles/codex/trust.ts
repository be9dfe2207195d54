// Codex's own hook trust, computed as Codex 0.169.0 computes it, so a user's existing approvals carry
// over: a hook from a non-managed source runs only when the user's config.toml holds its `trusted_hash`
// under `[hooks.state."<file>:<event label>:<group>:<handler>"]` (and not `enabled = false`). Codex skips
// the others silently (openai/codex#21615); here they are listed and explained with why.
//
// The hash: sha256 over the canonical JSON (keys sorted, compact) of `{ event_name: <label>, matcher?,
// hooks: [{ type: "command", command, timeout: max(1, timeout ?? 600), async, statusMessage?,
// additionalContextLimit? }] }`, as `sha256:<hex>`; the matcher only on events that use matchers
// (codex-rs/hooks discovery `command_hook_hash`, config `version_for_toml`). Checked against the 0.169.0
// binary: test/profiles/codex/trust.test.ts holds hashes that real Codex accepted.
//
// A trusted_hash covers the hook's config (its command text, timeout, …), not the script the command runs:
// Codex runs an approved `sh ./x.sh` whatever x.sh now says. A hash Codex wrote is still accepted as it is
// (the format is Codex's); the pinning of what the command runs is ours, on top, and deliberately stricter:
// with the registry's `trustStore`, a project hook must also be approved there, by a fingerprint that
// covers the contents of the files it runs (src/config/trust.ts) and is checked again before each run.
// The key's file is this repository's (profile.ts keySource): a `.codex/hooks.json` linked to another
// repository's approved file does not inherit that approval.
import { canonical } from '../../config/trust.js';
import { isPlainObject } from '../../plain-object.js';
import type { HookHandlerConfig } from '../../schemas/config.js';
import { CODEX_DEFAULT_TIMEOUT_SEC, CODEX_EVENT_SPECS, type CodexHookEvent } from './events.js';

/** One `[hooks.state."<key>"]` table of config.toml. */
export interface CodexHookState {
  trusted_hash?: string;
  enabled?: boolean;
}


/** The `trusted_hash` Codex writes for a command hook. */
export function codexTrustedHash(event: CodexHookEvent, matcher: string | undefined, hook: Pick<HookHandlerConfig, 'command' | 'timeout' | 'async' | 'statusMessage'> & { additionalContextLimit?: number; timeoutSec?: number }): string {
  const spec = CODEX_EVENT_SPECS[event];
  const handler: Record<string, unknown> = { type: 'command', command: hook.command ?? '', timeout: Math.max(1, hook.timeout ?? hook.timeoutSec ?? CODEX_DEFAULT_TIMEOUT_SEC), async: hook.async === true };
  if (hook.statusMessage !== undefined) handler.statusMessage = hook.statusMessage;
  if (hook.additionalContextLimit !== undefined) handler.additionalContextLimit = hook.additionalContextLimit;
  const identity: Record<string, unknown> = { event_name: spec.label, hooks: [handler] };
  if (matcher !== undefined && spec.matchField !== null) identity.matcher = matcher;
  // Loaded on first use, synchronously, so the package's import does not pay for node:crypto.
  const { createHash } = process.getBuiltinModule('node:crypto') as typeof import('node:crypto');
  return `sha256:${createHash('sha256').update(canonical(identity), 'utf8').digest('hex')}`;
}

/** The `[hooks.state]` key of a hook: the absolute file it came from, the event label, its group and handler index. */
export function codexHookKey(file: string, event: CodexHookEvent, group: number, index: number): string {
  return `${file}:${CODEX_EVENT_SPECS[event].label}:${group}:${index}`;
}

/** The header of a hook's `[hooks.state]` table in config.toml, its key a TOML basic string (JSON's escapes are TOML's). */
export function codexStateTable(key: string): string {
  return `[hooks.state.${JSON.stringify(key)}]`;
}

// `[hooks.state]` of a config object (a parsed config.toml), keys trimmed; unreadable entries are left out.
export function readHookStates(config: Readonly<Record<string, unknown>>): Map<string, CodexHookState> {
  const states = new Map<string, CodexHookState>();
  const table = isPlainObject(config.hooks) ? config.hooks.state : undefined;
  if (!isPlainObject(table)) return states;
  for (const [key, value] of Object.entries(table)) {
    if (!isPlainObject(value)) continue;
    const state: CodexHookState = {};
    if (typeof value.trusted_hash === 'string') state.trusted_hash = value.trusted_hash;
    if (typeof value.enabled === 'boolean') state.enabled = value.enabled;
    states.set(key.trim(), state);
  }
  return states;
}
