// The cap on how many times in a row hooks may keep the agent from stopping: each profile's rule as data
// (its default, the variable that changes it, what counts as one run of blocks), one counter for all.
// Past the cap a blocked Stop is overridden: the result is not blocked and says so (`stopCapped`).
import { describeValue, HookTypeError } from './errors.js';
import type { DispatchResult, HookLogger, StopCapped } from './types.js';

/** A profile's stop-cap rule. */
export interface StopCapRule {
  /** Blocks allowed in a row (a block past them is overridden); 0: none is obeyed. */
  readonly defaultCap: number;
  /** The environment variable that changes the cap, read when the registry is made. */
  readonly envVar: string;
  /** The text that says the cap overrode a block (`blocks` counts the overridden one). */
  message(blocks: number, cap: number): string;
}

/** Counts blocked stop dispatches in a row, per key (a session, an agent). */
export class StopCap {
  readonly cap: number;
  readonly #rule: StopCapRule;
  readonly #counts = new Map<string, number>();

  constructor(rule: StopCapRule, option: unknown, env: Readonly<Record<string, string | undefined>> = process.env) {
    this.#rule = rule;
    if (option !== undefined && !(typeof option === 'number' && Number.isInteger(option) && option >= 0)) {
      throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected the \`stopBlockCap\` option to be a whole number ≥ 0, got ${describeValue(option)}`);
    }
    const fromEnv = env[rule.envVar];
    const parsed = fromEnv === undefined || !/^\d+$/.test(fromEnv.trim()) ? undefined : Number(fromEnv.trim());
    this.cap = (option as number | undefined) ?? parsed ?? rule.defaultCap;
  }

  /** A stop dispatch for `key` finished with `result`: past the cap, a block is overridden (a new result, and a warning). */
  settle<R extends DispatchResult>(key: string, result: R, logger: HookLogger): R {
    if (!result.blocked) {
      this.#counts.delete(key);
      return result;
    }
    const blocks = (this.#counts.get(key) ?? 0) + 1;
    if (blocks <= this.cap) {
      this.#counts.set(key, blocks);
      return result;
    }
    this.#counts.delete(key);
    const stopCapped: StopCapped = { blocks, cap: this.cap, message: this.#rule.message(blocks, this.cap) };
    logger.warn(`harness-hooks: ${stopCapped.message}`);
    const { decision: _decision, ...rest } = result;
    return { ...rest, blocked: false, stopCapped } as R;
  }

  /** A new turn (a prompt was submitted): the counts of `prefix` keys start again (all without one). */
  reset(prefix?: string): void {
    if (prefix === undefined) return this.#counts.clear();
    for (const key of this.#counts.keys()) if (key.startsWith(prefix)) this.#counts.delete(key);
  }
}
