// The inverse of this profile's reading of a hook's output (output.ts): a decision as the JSON Claude Code
// reads as that decision on an event (what a bridge answers a Claude Code host with). Exit 0 always: JSON
// is read on exit 0, and a JSON deny is a deny on every event that can block.
import type { EncodedOutput, StatedDecision } from '../../dialects/stated.js';
import { CLAUDE_EVENT_SPECS, type ClaudeHookEvent } from './events.js';

export function encodeClaudeOutput(event: string, decision: StatedDecision): EncodedOutput {
  const notes: string[] = [];
  const spec = CLAUDE_EVENT_SPECS[event as ClaudeHookEvent];
  const out: Record<string, unknown> = {};
  const specific: Record<string, unknown> = { hookEventName: event };
  let block = decision.block;
  if (decision.stop !== undefined) {
    out.continue = false;
    out.stopReason = decision.stop;
  }
  if (event === 'PreToolUse') {
    if (block !== undefined) Object.assign(specific, { permissionDecision: 'deny', permissionDecisionReason: block });
    else if (decision.ask !== undefined) Object.assign(specific, { permissionDecision: 'ask', permissionDecisionReason: decision.ask });
    else if (decision.allow === true || decision.updatedInput !== undefined) specific.permissionDecision = 'allow';
    if (block === undefined && decision.updatedInput !== undefined) specific.updatedInput = decision.updatedInput;
  } else if (event === 'PermissionRequest') {
    if (block === undefined && decision.ask !== undefined) {
      notes.push('PermissionRequest cannot ask again: denied');
      block = decision.ask;
    }
    if (block !== undefined) specific.decision = { behavior: 'deny', message: block };
    else if (decision.allow === true || decision.updatedInput !== undefined) specific.decision = { behavior: 'allow', ...(decision.updatedInput === undefined ? {} : { updatedInput: decision.updatedInput }) };
  } else if (spec === undefined || !spec.blocks) {
    // An event that cannot block (SessionStart, SessionEnd, Notification, …): nothing holds it back.
    for (const [what, given] of [['block', block ?? decision.ask], ["replace a tool's input", decision.updatedInput]] as const) if (given !== undefined) notes.push(`${event} cannot ${what}: not said`);
    if (decision.stop !== undefined && spec?.stops !== true) {
      notes.push(`${event} cannot stop the agent: not said`);
      delete out.continue;
      delete out.stopReason;
    }
  } else {
    if (block !== undefined) Object.assign(out, { decision: 'block', reason: block });
    if (decision.ask !== undefined) notes.push(`${event} cannot ask: ${block === undefined ? 'blocked instead' : 'blocked'}`);
    if (decision.ask !== undefined && block === undefined) Object.assign(out, { decision: 'block', reason: decision.ask });
    if (decision.updatedInput !== undefined) {
      notes.push(`${event} cannot replace a tool's input: blocked instead`);
      if (out.decision === undefined) Object.assign(out, { decision: 'block', reason: 'a hook rewrote the input, which this event cannot apply' });
    }
  }
  if (decision.allow === true && event !== 'PreToolUse' && event !== 'PermissionRequest') notes.push(`${event} has no allow: nothing said`);
  if (decision.context !== undefined) {
    if (spec?.outputFields.includes('additionalContext')) specific.additionalContext = decision.context;
    else notes.push(`${event} takes no additionalContext: the context is not passed on`);
  }
  if (Object.keys(specific).length > 1) out.hookSpecificOutput = specific;
  return { stdout: Object.keys(out).length === 0 ? '' : JSON.stringify(out), stderr: '', exitCode: 0, notes };
}
