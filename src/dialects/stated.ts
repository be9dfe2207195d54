// A decision as a harness's output states it: what a bridge tells the harness that runs it (its host),
// and what each profile's `encodeOutput` writes (src/profiles/<name>/encode.ts): the inverse of the
// profile's reading of a hook's output. Read back from a dispatch result by `statedOf`.
import type { DispatchResult } from '../types.js';

export interface StatedDecision {
  /** Blocked, with this reason: a tool call denied, a prompt refused, a Stop kept going (the reason is the next prompt). */
  readonly block?: string;
  /** The user is asked (with this reason). */
  readonly ask?: string;
  /** Allowed explicitly (skips the harness's own permission prompt where it has one). */
  readonly allow?: true;
  /** The tool's input, replaced (the harness's own keys). */
  readonly updatedInput?: Record<string, unknown>;
  /** Context for the model. */
  readonly context?: string;
  /** The agent stops (`continue: false`), with this reason. */
  readonly stop?: string;
}

/** A hook's answer as its harness reads it: stdout, stderr and exit code, and what could not be said. */
export interface EncodedOutput {
  readonly stdout: string;
  readonly stderr: string;
  readonly exitCode: number;
  /** What the harness cannot be told on this event, and what was said instead (the stricter), in words. */
  readonly notes: readonly string[];
}

/** A dispatch result's decision, as a harness's output would state it. */
export function statedOf(result: DispatchResult & { permissionDecision?: string; stopReason?: string }): StatedDecision {
  const out: { -readonly [K in keyof StatedDecision]: StatedDecision[K] } = {};
  if (result.continue === false) out.stop = result.stopReason ?? result.reason ?? '';
  if (result.blocked) out.block = result.reason ?? '';
  else if (result.permissionDecision === 'ask') out.ask = (result as { permissionDecisionReason?: string }).permissionDecisionReason ?? result.reason ?? '';
  else if (result.permissionDecision === 'allow' && result.updatedInput === undefined) out.allow = true;
  if (!result.blocked && result.updatedInput !== undefined) out.updatedInput = result.updatedInput;
  if (result.injectContext !== undefined && result.injectContext !== '') out.context = result.injectContext;
  return out;
}
