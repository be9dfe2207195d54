// The inverse of this profile's reading of a hook's output (output.ts): a decision as the JSON Codex reads
// as that decision. Codex's parser is strict (every event's output struct refuses unknown fields, and a
// field an event does not take fails the whole output, the deny in it too): only the fields each event
// takes are written, and what Codex cannot be told on an event is the stricter thing it can.
import type { EncodedOutput, StatedDecision } from '../../dialects/stated.js';
import { CODEX_EVENT_SPECS, type CodexHookEvent } from './events.js';

const nonEmpty = (s: string, fallback: string): string => (s.trim() === '' ? fallback : s);

export function encodeCodexOutput(event: string, decision: StatedDecision): EncodedOutput {
  const notes: string[] = [];
  const kind = CODEX_EVENT_SPECS[event as CodexHookEvent]?.output ?? 'none';
  const out: Record<string, unknown> = {};
  let block = decision.block;
  const refuse = (what: string, reason: string): void => {
    notes.push(`${event} cannot ${what}: blocked instead`);
    block ??= reason;
  };
  if (kind === 'pre-tool' || kind === 'permission') {
    if (decision.stop !== undefined) refuse('stop the agent', decision.stop);
    if (decision.ask !== undefined) refuse('ask', decision.ask);
  } else if (decision.stop !== undefined) {
    out.continue = false;
    out.stopReason = decision.stop;
  }
  const specific: Record<string, unknown> = { hookEventName: event };
  if (decision.allow === true && kind !== 'pre-tool' && kind !== 'permission') notes.push(`${event} has no allow: nothing said`);
  if (decision.updatedInput !== undefined && kind !== 'pre-tool' && kind !== 'permission' && kind !== 'post-tool' && kind !== 'prompt') refuse('replace the input', 'a hook rewrote the input, which this event cannot apply');
  if (decision.stop !== undefined && kind === 'post-tool') notes.push('PostToolUse cannot stop the agent (Codex replaces the tool output with the reason): blocked instead');
  switch (kind) {
    case 'pre-tool':
      if (block !== undefined) Object.assign(specific, { permissionDecision: 'deny', permissionDecisionReason: nonEmpty(block, 'Blocked by a hook') });
      else if (decision.updatedInput !== undefined) Object.assign(specific, { permissionDecision: 'allow', updatedInput: decision.updatedInput });
      else if (decision.allow === true) notes.push('PreToolUse cannot allow without a rewrite: nothing said (Codex asks as usual)');
      if (decision.context !== undefined) specific.additionalContext = decision.context;
      break;
    case 'permission':
      if (decision.updatedInput !== undefined && block === undefined) refuse('replace the input', 'a hook rewrote the input, which PermissionRequest cannot apply');
      if (block !== undefined) specific.decision = { behavior: 'deny', message: nonEmpty(block, 'Denied by a hook') };
      else if (decision.allow === true) specific.decision = { behavior: 'allow' };
      if (decision.context !== undefined) notes.push('PermissionRequest takes no context: not passed on');
      break;
    case 'post-tool':
    case 'prompt':
      if (decision.ask !== undefined) refuse('ask', decision.ask);
      if (decision.updatedInput !== undefined) refuse('replace the input', 'a hook rewrote the input, which this event cannot apply');
      if (block !== undefined) Object.assign(out, { decision: 'block', reason: nonEmpty(block, 'Blocked by a hook') });
      if (decision.context !== undefined) specific.additionalContext = decision.context;
      break;
    case 'stop':
      if (decision.ask !== undefined) notes.push(`${event} has no ask: not said`);
      if (block !== undefined) Object.assign(out, { decision: 'block', reason: nonEmpty(block, 'Continue') });
      if (decision.context !== undefined) notes.push(`${event} takes no context: not passed on`);
      break;
    case 'context':
      if (block !== undefined || decision.ask !== undefined) {
        notes.push(`${event} cannot block: the agent is stopped instead`);
        out.continue = false;
        out.stopReason ??= block ?? decision.ask;
      }
      if (decision.context !== undefined) specific.additionalContext = decision.context;
      break;
    default:
      if (block !== undefined) {
        notes.push(`${event} cannot block: ${kind === 'none' ? 'its output is not read' : 'the agent is stopped instead'}`);
        if (kind === 'universal') Object.assign(out, { continue: false, stopReason: out.stopReason ?? block });
      }
  }
  if (Object.keys(specific).length > 1) out.hookSpecificOutput = specific;
  return { stdout: Object.keys(out).length === 0 ? '' : JSON.stringify(out), stderr: '', exitCode: 0, notes };
}
