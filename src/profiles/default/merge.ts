// The default profile's decision rules, pure functions over its event catalogue. The precedence, in order:
// 1. an aborted dispatch carries no decision at all;
// 2. the first blocking decision (`decision: 'block'` or `continue: false`) ends the chain and the result
//    is that decision's own fields, nothing accumulated before it, and never a rewrite;
// 3. otherwise `injectContext` strings join with "\n" in registration order (events that keep context),
//    and every other field takes the last writer's value (`updatedInput` on PreToolUse only).
// `makeSequentialRules(spec)` hands them to the sequential run (src/dispatch-run.ts) as one object per event.
import type { SequentialRules } from '../../dispatch-run.js';
import { copyJsonValue } from '../../json-value.js';
import { isPlainObject } from '../../plain-object.js';
import type { DispatchResult, HookDecision, HookLogger, HookRun } from '../../types.js';
import type { EventSpec } from './events.js';

/** The non-blocking decisions accumulated so far in one dispatch. */
export interface MergeState {
  continue?: boolean;
  decision?: 'approve' | 'block';
  reason?: string;
  updatedInput?: Record<string, unknown>;
  contexts?: string[];
}

export function isBlocking(d: HookDecision): boolean {
  return d.decision === 'block' || d.continue === false;
}

// Turns whatever an entry returned into a HookDecision with well-typed fields, or undefined for "nothing".
// Fields of the wrong type are dropped with a warning naming the hook; unknown keys are ignored.
export function normalizeDecision(value: unknown, spec: EventSpec, name: string, logger: HookLogger): HookDecision | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    logger.warn(`harness-hooks: hook "${name}" on ${spec.name} returned ${Array.isArray(value) ? 'an array' : typeof value}, not a decision object; ignored`);
    return undefined;
  }
  const v = value as Record<string, unknown>;
  const d: HookDecision = {};
  const bad: string[] = [];
  if (v.continue !== undefined) typeof v.continue === 'boolean' ? (d.continue = v.continue) : bad.push('continue');
  if (v.decision !== undefined) v.decision === 'approve' || v.decision === 'block' ? (d.decision = v.decision) : bad.push('decision');
  if (v.reason !== undefined) typeof v.reason === 'string' ? (d.reason = v.reason) : bad.push('reason');
  if (v.injectContext !== undefined) typeof v.injectContext === 'string' ? (d.injectContext = v.injectContext) : bad.push('injectContext');
  if (v.updatedInput !== undefined) {
    if (!isPlainObject(v.updatedInput)) {
      if (spec.updatedInput) bad.push('updatedInput (must be a plain object, not an array or a primitive)');
    } else {
      try {
        // A safe copy (src/json-value.ts): no `__proto__` keys, no cycles, not too deep.
        d.updatedInput = copyJsonValue(v.updatedInput) as Record<string, unknown>;
      } catch (error) {
        if (spec.updatedInput) bad.push(`updatedInput (${(error as Error).message})`);
      }
    }
  }
  if (bad.length > 0) logger.warn(`harness-hooks: hook "${name}" on ${spec.name} returned invalid ${bad.join(', ')}; ignored`);
  return d;
}

// Adds one non-blocking decision to the accumulated state.
export function accumulate(state: MergeState, d: HookDecision, spec: EventSpec): MergeState {
  if (d.continue !== undefined) state.continue = d.continue;
  if (d.decision !== undefined) state.decision = d.decision;
  if (d.reason !== undefined) state.reason = d.reason;
  if (spec.context && d.injectContext) (state.contexts ??= []).push(d.injectContext);
  if (spec.updatedInput && d.updatedInput !== undefined) state.updatedInput = d.updatedInput;
  return state;
}

// The result of a chain that a decision blocked: that decision's own fields, no rewrite.
export function makeBlockedResult(d: HookDecision, spec: EventSpec, runs: HookRun[]): DispatchResult {
  const r: DispatchResult = { blocked: true, aborted: false, runs };
  if (d.continue !== undefined) r.continue = d.continue;
  if (d.decision !== undefined) r.decision = d.decision;
  if (d.reason !== undefined) r.reason = d.reason;
  if (spec.context && d.injectContext) r.injectContext = d.injectContext;
  return r;
}

// The result of a chain that ran to its end without a block.
export function makeMergedResult(state: MergeState | undefined, runs: HookRun[]): DispatchResult {
  const r: DispatchResult = { blocked: false, aborted: false, runs };
  if (state === undefined) return r;
  if (state.continue !== undefined) r.continue = state.continue;
  if (state.decision !== undefined) r.decision = state.decision;
  if (state.reason !== undefined) r.reason = state.reason;
  if (state.contexts !== undefined) r.injectContext = state.contexts.join('\n');
  if (state.updatedInput !== undefined) r.updatedInput = state.updatedInput;
  return r;
}

// The rules of one event, as the sequential run reads them. Made once per event, at load.
export function makeSequentialRules(spec: EventSpec): SequentialRules<MergeState> {
  return {
    name: spec.name,
    decide: (value, name, logger) => normalizeDecision(value, spec, name, logger),
    blocks: isBlocking,
    accumulate: (state, d) => accumulate(state ?? {}, d, spec),
    blocked: (d, runs) => makeBlockedResult(d, spec, runs),
    merged: makeMergedResult,
  };
}
