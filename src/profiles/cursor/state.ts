// The cursor profile's options and per-registry state: the stdin defaults, the default timeout, the
// strict-gate switch, each conversation's follow-up counters (loop_count, loop_limit) and the variables
// its sessionStart hooks exported for later hooks.
//
// Follow-ups (D-new, spec §4.5): `loop_count` on stop's stdin is "how many times the stop hook has already
// triggered an automatic follow-up for this conversation (starts at 0)" (per subagent on subagentStop);
// `loop_limit` caps each script's own follow-ups, default 5, null for none. Counted here per
// (conversation, hook) and per conversation. They start again when a stop ends without a follow-up (the
// agent really stops, so the next stop follows a user's prompt) and when the session ends — UNCERTAIN:
// the docs say only "for this conversation". (Not the shared StopCap, src/stop-cap.ts: it counts one
// event's blocks in a row under one cap and starts again past it; a loop_limit is per hook, and a hook
// that spent it stays capped while other hooks keep the loop going.)
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

/** One conversation's (or subagent's) follow-ups. */
export interface LoopRecord {
  /** Follow-ups submitted so far: the next stop's loop_count. */
  count: number;
  /** Per hook: its own follow-ups, against its loop_limit. */
  readonly perHook: Map<Entry, number>;
}

export class CursorState {
  readonly cursorVersion: string;
  readonly userEmail: string | null;
  readonly defaultTimeoutSec: number;
  readonly strictGates: boolean;
  readonly #loops = new Map<string, LoopRecord>();
  readonly #env = new Map<string, Record<string, string>>();

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

  /** The follow-up record of a stop (key: the conversation) or a subagentStop (the conversation and the subagent). */
  loops(key: string): LoopRecord {
    let record = this.#loops.get(key);
    if (record === undefined) this.#loops.set(key, (record = { count: 0, perHook: new Map() }));
    return record;
  }

  /** The follow-ups so far under `key` (the next loop_count). */
  loopCount(key: string): number {
    return this.#loops.get(key)?.count ?? 0;
  }

  /** A stop (subagentStop) ended without a follow-up: the loop is over, its counts start again. */
  loopEnded(key: string): void {
    this.#loops.delete(key);
  }

  /** The session ended: its counters and exported variables go. */
  sessionEnded(conversation: string): void {
    this.#env.delete(conversation);
    this.#forget(conversation);
  }

  #forget(conversation: string): void {
    for (const key of this.#loops.keys()) if (key === conversation || key.startsWith(`${conversation}\0`)) this.#loops.delete(key);
  }

  /** Variables sessionStart hooks exported for this conversation's later hook processes. */
  sessionEnv(conversation: string): Readonly<Record<string, string>> | undefined {
    return this.#env.get(conversation);
  }

  exportEnv(conversation: string, env: Readonly<Record<string, string>>): void {
    this.#env.set(conversation, { ...this.#env.get(conversation), ...env });
  }
}
