// The cursor profile's options and per-registry state: the stdin defaults, the default timeout, the
// strict-gate switch, each conversation's follow-up counters (loop_count, loop_limit) and the variables
// its sessionStart hooks exported for later hooks.
//
// Follow-ups (D-new, spec §4.5): `loop_count` on stop's stdin is "how many times the stop hook has already
// triggered an automatic follow-up for this conversation (starts at 0)" (per subagent on subagentStop);
// `loop_limit` caps each script's own follow-ups, default 5, null for none. Counted here per
// (conversation, hook) and per conversation. They start again when a stop ends without a follow-up (the
// agent really stops, so the next stop follows a user's prompt) — UNCERTAIN: the docs say only "for this
// conversation". (Not the shared StopCap, src/stop-cap.ts: it counts one event's blocks in a row under one
// cap and starts again past it; a loop_limit is per hook, and a hook that spent it stays capped while
// other hooks keep the loop going.)
//
// How long a conversation's state lives: a sessionEnd dispatch that reaches the profile drops it — but the
// registry answers a dispatch with no matching hook itself (its no-hooks fast path never calls the
// profile), so with no sessionEnd hook registered that never happens. So the state is also bounded: at
// most MAX_CONVERSATIONS conversations (and as many subagent loops per conversation) are kept, the least
// recently used dropped first. A dropped conversation's hooks lose its exported variables and its loop
// counts start again at 0.
//
// Exported variables are kept per exporting source's priority (merge.ts RANK: 0 in-process, 1 managed,
// 2 project, 3 user, 4 plugin): a hook gets only what hooks of its own or a higher priority exported
// (profile.ts), so a project's sessionStart cannot rewrite an enterprise guard's environment.
import type { Entry } from '../../entry.js';
import { describeValue, HookTypeError } from '../../errors.js';
import { CURSOR_DEFAULT_TIMEOUT_SEC, CURSOR_VERSION } from './events.js';

/** The cursor profile's registry options. */
export interface CursorProfileOptions {
  /** stdin's `cursor_version` (and CURSOR_VERSION) when the payload has none. Default the version this profile was read for. */
  cursorVersion?: string;
  /** stdin's `user_email` (and CURSOR_USER_EMAIL) when the payload has none. Default null. */
  userEmail?: string | null;
  /** A hook's timeout when its entry sets none, seconds. Default 60 (Cursor's "platform default" is undocumented). */
  defaultTimeoutSec?: number;
  /** A gate hook whose JSON says no `permission` (beforeSubmitPrompt: no `continue`) blocks. Default false (it allows). */
  strictGates?: boolean;
}

export const CURSOR_OPTION_KEYS = ['cursorVersion', 'userEmail', 'defaultTimeoutSec', 'strictGates'] as const;

/** Conversations whose state is kept (least recently used dropped first); also the subagent loops kept per conversation. */
export const MAX_CONVERSATIONS = 1000;

/** One conversation's (or subagent's) follow-ups. */
export interface LoopRecord {
  /** Follow-ups submitted so far: the next stop's loop_count. */
  count: number;
  /** Per hook: its own follow-ups, against its loop_limit. */
  readonly perHook: Map<Entry, number>;
}

/** What one conversation holds. */
interface Conversation {
  /** Per loop key (`stop`, or a subagent's key): its follow-ups. */
  readonly loops: Map<string, LoopRecord>;
  /** Per exporter rank: the variables its sessionStart hooks exported. */
  readonly env: Map<number, Record<string, string>>;
}

// A Map used as an LRU: a read moves the key to the end, an insert past `max` drops the first.
function touch<V>(map: Map<string, V>, key: string, make: (() => V) | undefined, max: number): V | undefined {
  let value = map.get(key);
  if (value !== undefined) {
    map.delete(key);
    map.set(key, value);
    return value;
  }
  if (make === undefined) return undefined;
  map.set(key, (value = make()));
  if (map.size > max) map.delete(map.keys().next().value!);
  return value;
}

export class CursorState {
  readonly cursorVersion: string;
  readonly userEmail: string | null;
  readonly defaultTimeoutSec: number;
  readonly strictGates: boolean;
  readonly #conversations = new Map<string, Conversation>();

  constructor(options: CursorProfileOptions) {
    const bad = (name: string, want: string, got: unknown): never => {
      throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected the \`${name}\` option to be ${want}, got ${describeValue(got)}`);
    };
    const { cursorVersion, userEmail, defaultTimeoutSec, strictGates } = options;
    if (cursorVersion !== undefined && (typeof cursorVersion !== 'string' || cursorVersion === '')) bad('cursorVersion', 'a version string', cursorVersion);
    if (userEmail !== undefined && userEmail !== null && typeof userEmail !== 'string') bad('userEmail', 'a string or null', userEmail);
    if (defaultTimeoutSec !== undefined && !(typeof defaultTimeoutSec === 'number' && Number.isFinite(defaultTimeoutSec) && defaultTimeoutSec > 0)) bad('defaultTimeoutSec', 'a positive number of seconds', defaultTimeoutSec);
    if (strictGates !== undefined && typeof strictGates !== 'boolean') bad('strictGates', 'a boolean', strictGates);
    this.cursorVersion = cursorVersion ?? CURSOR_VERSION;
    this.userEmail = userEmail ?? null;
    this.defaultTimeoutSec = defaultTimeoutSec ?? CURSOR_DEFAULT_TIMEOUT_SEC;
    this.strictGates = strictGates ?? false;
  }

  #conversation(id: string, create: boolean): Conversation | undefined {
    return touch(this.#conversations, id, create ? () => ({ loops: new Map(), env: new Map() }) : undefined, MAX_CONVERSATIONS);
  }

  /** How many conversations have state (for tests). */
  get size(): number {
    return this.#conversations.size;
  }

  /** The follow-up record of a conversation's stop (`key` "stop") or one of its subagents' subagentStop. */
  loops(conversation: string, key: string): LoopRecord {
    const c = this.#conversation(conversation, true)!;
    return touch(c.loops, key, () => ({ count: 0, perHook: new Map() }), MAX_CONVERSATIONS)!;
  }

  /** The follow-ups so far under `key` (the next loop_count). */
  loopCount(conversation: string, key: string): number {
    return this.#conversations.get(conversation)?.loops.get(key)?.count ?? 0;
  }

  /** A stop (subagentStop) ended without a follow-up: the loop is over, its counts start again. */
  loopEnded(conversation: string, key: string): void {
    this.#conversations.get(conversation)?.loops.delete(key);
  }

  /** The session ended: its counters and exported variables go. */
  sessionEnded(conversation: string): void {
    this.#conversations.delete(conversation);
  }

  /**
   * What hooks of priority `rank` or higher (a lower number) exported for this conversation, the higher
   * priority winning a name; with the rank each name came from. `reaches`: whether a value exported at a
   * rank may reach the asking hook at all — one that may not never hides a lower rank's value of that name.
   */
  sessionEnv(conversation: string, rank: number, reaches: (from: number, name: string, value: string) => boolean = () => true): { env: Record<string, string>; from: Record<string, number> } | undefined {
    const c = this.#conversation(conversation, false);
    if (c === undefined || c.env.size === 0) return undefined;
    const env: Record<string, string> = Object.create(null) as Record<string, string>;
    const from: Record<string, number> = Object.create(null) as Record<string, number>;
    for (let r = rank; r >= 0; r--) {
      const exported = c.env.get(r);
      if (exported === undefined) continue;
      for (const name of Object.keys(exported)) {
        if (!reaches(r, name, exported[name]!)) continue;
        env[name] = exported[name]!;
        from[name] = r;
      }
    }
    return { env, from };
  }

  /** Variables a sessionStart hook of priority `rank` exported (already checked: merge.ts). */
  exportEnv(conversation: string, rank: number, env: Readonly<Record<string, string>>): void {
    const c = this.#conversation(conversation, true)!;
    c.env.set(rank, Object.assign(Object.create(null) as Record<string, string>, c.env.get(rank), env));
  }
}
