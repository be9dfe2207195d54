// The dialects of a registry (the `dialects` option): for each harness listed, a registry of that harness's
// own profile holding the hooks written for it, so each runs exactly as its own harness runs it (its
// stdin, tool names and keys, matchers, exit codes, output rules, timeouts, trust, gates, loop caps). A
// host dispatch is read into the hub's words, written as each dialect's dispatches, run, and each
// dialect's merged decision is stated in the host's result (src/dialects/merge.ts).
import type { DispatchResult, HookRun, HookSession } from '../types.js';
import type { Action } from './canonical.js';
import { mergeForeign, type ForeignResult } from './merge.js';
import type { EventStates } from './table.js';
import { readHost, REFUSED, rewriteInHost, writeDialect, type Compiled, type HostRead, type Written } from './translate.js';
import type { StopCap } from '../stop-cap.js';
import type { HookLogger } from '../types.js';
import { randomHex } from '../random-hex.js';
import { errorMessage } from '../dispatch-run.js';

/** What a dialect's registry is to its host: the public registry, whatever its profile. */
export interface DialectRegistry {
  readonly profile: string;
  dispatch(event: string, payload: unknown, options?: { signal?: AbortSignal }): Promise<DispatchResult>;
  hasHooks(event: string): boolean;
  listHooks(): readonly Record<string, unknown>[];
  explain(event: string, payload: unknown): readonly Record<string, unknown>[];
  updateSession(patch: Partial<HookSession>): void;
  close(): Promise<void>;
}

export interface Dialect {
  readonly name: string;
  readonly registry: DialectRegistry;
  readonly table: Compiled;
}

/** What a session said earlier that a dialect's later event carries (Gemini's AfterAgent: the turn's prompt). */
interface Memory {
  fields: Record<string, unknown>;
  /** The host's Stop continuations in a row (a block that kept the agent going): Cursor's `loop_count`. */
  continuations: number;
}

const REMEMBERED = ['prompt', 'turn_id', 'model', 'permission_mode'] as const;
const MEMORY_LIMIT = 256;
const STOPS: ReadonlySet<Action> = new Set(['stop', 'subagent.stop']);
// A dialect's dispatch that could not be made: a block, with why.
function refusal(d: Dialect, event: string, why: string): ForeignResult {
  const message = `${d.name}'s hooks cannot be shown this ${event}: ${why}`;
  const run: HookRun = { name: `${d.name}:${event}`, kind: 'handler', outcome: 'block', durationMs: 0, message };
  return { dialect: d.name, event, result: { blocked: true, aborted: false, reason: message, runs: [run] } };
}

// An id for a field the host did not say (a tool call's, for a harness that sends one).
const mint = (field: string): string => (field === 'tool_use_id' ? `toolu_hh_${randomHex(12)}` : randomHex(8));

export class Dialects {
  readonly #host: Compiled;
  readonly #hostName: string;
  readonly dialects: readonly Dialect[];
  readonly #memory = new Map<string, Memory>();
  readonly #session: () => Readonly<HookSession>;
  readonly #aliases: Readonly<Record<string, readonly string[]>> | undefined;

  /** The host harness's cap on Stop blocks in a row, over the merged result (whichever harness's hook blocked). */
  readonly #stopCap: StopCap | undefined;
  readonly #logger: HookLogger;

  constructor(
    hostName: string,
    host: Compiled,
    dialects: readonly Dialect[],
    session: () => Readonly<HookSession>,
    aliases: Readonly<Record<string, readonly string[]>> | undefined,
    stopCap: StopCap | undefined,
    logger: HookLogger,
  ) {
    this.#stopCap = stopCap;
    this.#logger = logger;
    this.#aliases = aliases;
    this.#hostName = hostName;
    this.#host = host;
    this.dialects = dialects;
    this.#session = session;
  }

  /** The events of each dialect a host event can fire (for hasHooks and listings), worked out once per event. */
  readonly #reach = new Map<string, readonly (readonly [Dialect, readonly string[]])[]>();

  reach(event: string): readonly (readonly [Dialect, readonly string[]])[] {
    let r = this.#reach.get(event);
    if (r === undefined) {
      const row = this.#host.read.get(event);
      r = row === undefined ? [] : this.dialects.map((d) => [d, [...new Set((d.table.write.get(row.action) ?? []).map((w) => w.event))]] as const);
      this.#reach.set(event, r);
    }
    return r;
  }

  /** Host event -> whether a dialect hook could run for it; cleared when a dialect's hooks change. */
  #live = new Map<string, boolean>();

  /** A dialect's registry added or removed hooks. */
  changed(): void {
    if (this.#live.size > 0) this.#live = new Map();
  }

  /** Whether a dialect hook could run for a dispatch of the host's event. */
  hasHooks(event: string): boolean {
    let live = this.#live.get(event);
    if (live === undefined) {
      live = false;
      for (const [d, events] of this.reach(event)) for (const e of events) if (d.registry.hasHooks(e)) live = true;
      this.#live.set(event, live);
    }
    return live;
  }

  /** The host's event(s) that fire a dialect's event, or none. */
  hostEventsOf(dialect: Dialect, event: string): string[] {
    const out: string[] = [];
    for (const [hostEvent] of this.#host.read) for (const [d, events] of this.reach(hostEvent)) if (d === dialect && events.includes(event)) out.push(hostEvent);
    return out;
  }

  /** The host's dispatch, and the dialects' dispatches for it, merged in the host's words. */
  dispatch(event: string, payload: unknown, host: Promise<DispatchResult>, signal: AbortSignal | undefined): Promise<DispatchResult> {
    const row = this.#host.read.get(event);
    if (row === undefined) return host;
    const prompt = row.action === 'prompt';
    const stop = STOPS.has(row.action);
    const runs = this.hasHooks(event);
    // Fast path: nothing of a dialect's can run, and nothing need be remembered.
    if (!runs && !prompt && !stop) return host;
    const read = readHost(this.#host, event, payload as Record<string, unknown>, this.#aliases)!;
    const session = String(read.fields.session_id ?? this.#session().sessionId ?? '');
    const memory = this.#remember(session, read, prompt);
    const pending: Promise<ForeignResult>[] = [];
    if (runs) {
      // What the host's event does not say, the session said earlier (or the host's continuations count).
      const earlier = (field: string): unknown => (field === 'loop_count' ? memory.continuations : field === 'stop_hook_active' ? memory.continuations > 0 : memory.fields[field]);
      for (const d of this.dialects) {
        const written = writeDialect(d.table, read, mint, earlier);
        if (typeof written === 'string') {
          // A call the dialect's hooks would see in their harness and cannot be shown here: blocked.
          if (written.startsWith(REFUSED) && (d.table.write.get(read.action) ?? []).some((r) => d.registry.hasHooks(r.event))) pending.push(Promise.resolve(refusal(d, event, written.slice(REFUSED.length))));
          continue;
        }
        for (const w of written) if (d.registry.hasHooks(w.event)) pending.push(this.#run(d, read, w, signal));
      }
    }
    if (pending.length === 0 && !stop) return host;
    const states: EventStates = row.states ?? {};
    const merged = pending.length === 0 ? host : Promise.all([host, ...pending]).then((all) => mergeForeign(this.#hostName, event, states, all[0] as DispatchResult, all.slice(1) as ForeignResult[]));
    if (!stop) return merged;
    // The host's own cap counted its own hooks' blocks; a dialect's block keeps the agent going too, so the
    // host's cap is applied again to what was merged (the same count of blocks in a row, whoever blocked).
    const key = `${row.action}:${session}:${String(read.fields.agent_id ?? '')}`;
    return merged.then((result) => {
      const settled = this.#stopCap === undefined ? result : this.#stopCap.settle(key, result, this.#logger);
      memory.continuations = settled.blocked ? memory.continuations + 1 : 0;
      return settled;
    });
  }

  #run(d: Dialect, c: HostRead, w: Written, signal: AbortSignal | undefined): Promise<ForeignResult> {
    return d.registry.dispatch(w.event, w.payload, signal === undefined ? undefined : { signal }).then(
      (result): ForeignResult => {
        const updated = result.updatedInput;
        if (updated === undefined || w.call === undefined || c.call === undefined) return { dialect: d.name, event: w.event, result };
        const rewrite = rewriteInHost(c.call, d.table, w.call, updated);
        return { dialect: d.name, event: w.event, result, rewrite: typeof rewrite === 'string' ? { refused: rewrite } : rewrite };
      },
      (error: unknown): ForeignResult => {
        // A dispatch the dialect refused is a translation that went wrong: it decides the stricter way.
        const message = `the ${d.name} dispatch of ${w.event} could not be made from the host's ${c.action}: ${errorMessage(error)}`;
        const run: HookRun = { name: `${d.name}:${w.event}`, kind: 'handler', outcome: 'error', durationMs: 0, message };
        return { dialect: d.name, event: w.event, result: { blocked: true, aborted: false, reason: message, runs: [run] } };
      },
    );
  }

  #remember(key: string, read: HostRead, prompt: boolean): Memory {
    let m = this.#memory.get(key);
    if (m === undefined) {
      if (this.#memory.size >= MEMORY_LIMIT) this.#memory.delete(this.#memory.keys().next().value!);
      m = { fields: {}, continuations: 0 };
      this.#memory.set(key, m);
    } else if (prompt) {
      // Least recently prompted goes first (a move per prompt, not per dispatch).
      this.#memory.delete(key);
      this.#memory.set(key, m);
    }
    // A prompt starts a new turn: the host's continuations in a row start again (as each harness's own
    // Stop count does), so a foreign Stop hook's `stop_hook_active` / `loop_count` is not the last turn's.
    if (prompt) m.continuations = 0;
    // A host without turn ids gets one per prompt, for the dialects that send one (Codex, Cursor).
    if (prompt && read.fields.turn_id === undefined) m.fields.turn_id = randomHex(16);
    for (const f of REMEMBERED) if (read.fields[f] !== undefined) m.fields[f] = read.fields[f];
    return m;
  }

  /** The dialects' explanations for a host dispatch: each hook's row, with its dialect and event. */
  explain(event: string, payload: unknown): Record<string, unknown>[] {
    const rows: Record<string, unknown>[] = [];
    const read = readHost(this.#host, event, payload as Record<string, unknown>, this.#aliases);
    for (const d of this.dialects) {
      const written = read === undefined ? `${this.#hostName}'s ${event} has no equivalent in ${d.name}` : writeDialect(d.table, read, () => 'explain');
      if (typeof written === 'string') {
        for (const [, events] of this.reach(event).filter(([x]) => x === d)) {
          for (const e of events) for (const h of d.registry.listHooks().filter((l) => l.event === e)) rows.push({ ...h, dialect: d.name, runs: false, reason: `does not fire for this ${event}: ${written}` });
        }
        continue;
      }
      for (const w of written) for (const r of d.registry.explain(w.event, w.payload)) rows.push({ ...r, dialect: d.name, event: w.event });
    }
    return rows;
  }

  async close(): Promise<void> {
    await Promise.all(this.dialects.map((d) => d.registry.close()));
  }

  updateSession(patch: Partial<HookSession>): void {
    for (const d of this.dialects) d.registry.updateSession(patch);
  }
}
