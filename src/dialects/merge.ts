// The host's result of a dispatch with its dialects' results stated in it, in the host's words. Order: the
// host's own hooks, then each dialect in the `dialects` option's order (each already merged by its own
// rules, and each of its events in its table's order). Any block blocks, and the first blocker's reason is
// the reason; deny is stronger than ask, ask than allow; contexts are joined in that order; a
// `continue: false` from anyone stops. What the host cannot state is decided the stricter way: an ask where
// the host cannot ask, a rewrite it cannot state, two rewrites that differ — each blocks, saying why.
import type { DispatchResult, HookRun } from '../types.js';
import type { EventStates } from './table.js';
import { isDeepStrictEqual } from '../node-builtins.js';

/** What one dialect dispatch decided, for the host. */
export interface ForeignResult {
  readonly dialect: string;
  /** Its event, for messages. */
  readonly event: string;
  readonly result: DispatchResult & { permissionDecision?: string; permissionDecisionReason?: string; stopReason?: string };
  /** Its rewrite as the host's input, or why it cannot be stated there. */
  readonly rewrite?: Record<string, unknown> | { readonly refused: string };
}

type HostResult = DispatchResult & Record<string, unknown> & { permissionDecision?: string; permissionDecisionReason?: string; stopReason?: string };

export function mergeForeign(hostName: string, hostEvent: string, states: EventStates, host: DispatchResult, foreign: readonly ForeignResult[]): DispatchResult {
  // The host's own runs are as they are (no `dialect`: the fast path, where no dialect hook runs, returns
  // the host's result untouched); each dialect's say whose they are.
  const runs = [...host.runs];
  // (A dialect's runs are its dispatch's own, made for this call: tagged in place.)
  for (const f of foreign) {
    for (const r of f.result.runs as HookRun[]) {
      r.dialect = f.dialect;
      runs.push(r);
    }
  }
  let says = false;
  for (const f of foreign) {
    const r = f.result;
    if (r.aborted) return { blocked: false, aborted: true, runs };
    if (r.blocked || r.continue === false || r.permissionDecision !== undefined || r.injectContext !== undefined || f.rewrite !== undefined) says = true;
  }
  if (host.aborted) return { blocked: false, aborted: true, runs };
  const out: HostResult = { ...(host as HostResult), runs };
  // (Nothing said by any dialect: the host's result with their runs.)
  if (!says) return out;
  let blocked = host.blocked;
  let reason = host.blocked ? host.reason : undefined;
  const block = (why: string): void => {
    if (blocked) return;
    blocked = true;
    reason = why;
  };
  let asked = out.permissionDecision === 'ask';
  const contexts: string[] = host.injectContext === undefined ? [] : [host.injectContext];
  let rewrite = host.updatedInput;
  for (const f of foreign) {
    const r = f.result;
    const said = `a ${f.dialect} hook on ${f.event}`;
    if (r.continue === false) {
      out.continue = false;
      out.stopReason ??= r.stopReason ?? r.reason ?? `${said} stopped the agent`;
    }
    if (r.blocked) block(r.reason ?? `${said} blocked`);
    else if (r.permissionDecision === 'ask') {
      if (states.ask === true) {
        // (A dialect may state an ask's reason only as permissionDecisionReason: Copilot's, Claude's.)
        if (!asked) out.permissionDecisionReason = r.reason ?? r.permissionDecisionReason ?? out.permissionDecisionReason;
        asked = true;
      } else {
        const why = r.reason ?? r.permissionDecisionReason;
        block(`${why === undefined ? '' : `${why} — `}${said} asked for the user's approval, which ${hostName} cannot ask on ${hostEvent}: denied`);
      }
    } else if (r.permissionDecision === 'allow' && out.permissionDecision === undefined && states.permission === true) {
      out.permissionDecision = 'allow';
      const why = r.permissionDecisionReason ?? r.reason;
      if (why !== undefined) out.permissionDecisionReason ??= why;
    }
    if (r.injectContext !== undefined && r.injectContext !== '') contexts.push(r.injectContext);
    const re = f.rewrite;
    if (re === undefined || r.blocked) continue;
    if ('refused' in re && typeof re.refused === 'string') block(`${said} rewrote the tool's input, and the rewrite cannot be stated in ${hostName}'s: ${re.refused}`);
    else if (states.rewrite !== true) block(`${said} rewrote the tool's input, which ${hostName} cannot do on ${hostEvent}`);
    else if (rewrite !== undefined && !isDeepStrictEqual(rewrite, re)) block(`${said} rewrote the tool's input differently from an earlier hook; neither rewrite is applied`);
    else rewrite = re as Record<string, unknown>;
  }
  if (contexts.length > 0) out.injectContext = contexts.join('\n');
  if (blocked) {
    out.blocked = true;
    out.reason = reason;
    delete out.updatedInput;
    if (states.permission === true) {
      out.permissionDecision = 'deny';
      out.permissionDecisionReason = reason;
    }
    if (!host.blocked) restate(out, 'deny', reason);
    const field = states.continuationField;
    if (field !== undefined && states.continuation === true && reason !== undefined && !host.blocked) {
      if (field.list) out[field.name] = [...((out[field.name] as string[] | undefined) ?? []), reason];
      else out[field.name] ??= reason;
    }
    return out;
  }
  if (asked && states.ask === true) {
    out.permissionDecision = 'ask';
    restate(out, 'ask', out.permissionDecisionReason);
  }
  if (rewrite !== undefined) out.updatedInput = rewrite;
  return out;
}

// The host's own copies of its decision (Claude's `permissionRequest`, the merged `hookSpecificOutput` a
// harness may read instead of `blocked`) say what the dialects decided too: a host hook's allow or rewrite
// left there beside a foreign deny would be read as the decision (copied: the host's result is shared).
function restate(out: HostResult, decision: 'deny' | 'ask', reason: string | undefined): void {
  if (decision === 'deny' && out.decision === 'approve') out.decision = 'block';
  if (decision === 'deny' && out.permissionRequest !== null && typeof out.permissionRequest === 'object') out.permissionRequest = { behavior: 'deny', ...(reason === undefined ? {} : { message: reason }) };
  const hs = out.hookSpecificOutput;
  if (hs === null || typeof hs !== 'object') return;
  const copy: Record<string, unknown> = { ...(hs as Record<string, unknown>) };
  if (decision === 'deny') delete copy.updatedInput;
  if (copy.permissionDecision !== undefined) {
    copy.permissionDecision = decision;
    if (reason === undefined) delete copy.permissionDecisionReason;
    else copy.permissionDecisionReason = reason;
  }
  const d = copy.decision as { behavior?: unknown } | null | undefined;
  if (decision === 'deny' && d !== null && typeof d === 'object' && d.behavior !== undefined) copy.decision = { behavior: 'deny', ...(reason === undefined ? {} : { message: reason }) };
  out.hookSpecificOutput = copy;
}
