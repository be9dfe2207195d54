// The inverse of this profile's reading of a hook's output (output.ts, merge.ts): a decision as the JSON
// Cursor reads as that decision (exit 0, flat snake_case fields; each event reads its own, events.ts).
import type { EncodedOutput, StatedDecision } from '../../dialects/stated.js';
import { CURSOR_EVENT_SPECS, type CursorHookEvent } from './events.js';

export function encodeCursorOutput(event: string, decision: StatedDecision): EncodedOutput {
  const notes: string[] = [];
  const spec = CURSOR_EVENT_SPECS[event as CursorHookEvent];
  const kind = spec?.output ?? 'none';
  const out: Record<string, unknown> = {};
  let block = decision.block ?? decision.stop;
  if (decision.stop !== undefined && kind !== 'prompt') notes.push(`${event} cannot stop the agent: ${kind === 'permission' ? 'denied' : 'not said'} instead`);
  if (kind === 'permission') {
    if (block === undefined && decision.ask !== undefined && spec?.ask !== true) {
      notes.push(`${event} cannot ask: denied instead`);
      block = decision.ask;
    }
    if (block === undefined && decision.updatedInput !== undefined && event !== 'preToolUse') {
      notes.push(`${event} cannot replace the input: denied instead`);
      block = 'a hook rewrote the input, which this event cannot apply';
    }
    if (block !== undefined) Object.assign(out, { permission: 'deny', user_message: block, agent_message: block });
    else if (decision.ask !== undefined) Object.assign(out, { permission: 'ask', user_message: decision.ask, agent_message: decision.ask });
    else if (decision.allow === true || decision.updatedInput !== undefined) out.permission = 'allow';
    if (block === undefined && decision.updatedInput !== undefined) out.updated_input = decision.updatedInput;
  } else if (kind === 'prompt') {
    block ??= decision.ask;
    if (decision.ask !== undefined) notes.push(`${event} cannot ask: blocked instead`);
    if (decision.updatedInput !== undefined) {
      notes.push(`${event} cannot replace a tool's input: blocked instead`);
      block ??= 'a hook rewrote the input, which this event cannot apply';
    }
    if (block !== undefined) Object.assign(out, { continue: false, user_message: block });
  } else if (kind === 'followup') {
    if (decision.block !== undefined) out.followup_message = decision.block;
    for (const [what, given] of [['ask', decision.ask], ["replace a tool's input", decision.updatedInput]] as const) if (given !== undefined) notes.push(`${event} cannot ${what}: not said`);
  } else {
    for (const [what, given] of [['block', block ?? decision.ask], ["replace a tool's input", decision.updatedInput]] as const) if (given !== undefined) notes.push(`${event} cannot ${what}: not said`);
  }
  if (decision.allow === true && kind !== 'permission') notes.push(`${event} has no allow: nothing said`);
  if (decision.context !== undefined) {
    if (kind === 'post-tool' || kind === 'session') out.additional_context = decision.context;
    else notes.push(`${event} does not read additional_context: not passed on`);
  }
  return { stdout: Object.keys(out).length === 0 ? '' : JSON.stringify(out), stderr: '', exitCode: 0, notes };
}
