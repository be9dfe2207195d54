// The inverse of this profile's reading of a command hook's output (the afk reference's "Decision fields"):
// a decision as the JSON afk reads (exit 0): `decision: "block"` with a reason, `continue: false`,
// `hookSpecificOutput.additionalContext` and `.updatedInput`.
import type { EncodedOutput, StatedDecision } from '../../dialects/stated.js';
import { EVENT_SPECS, type HookEvent } from './events.js';

export function encodeDefaultOutput(event: string, decision: StatedDecision): EncodedOutput {
  const notes: string[] = [];
  const spec = EVENT_SPECS[event as HookEvent];
  const out: Record<string, unknown> = {};
  const specific: Record<string, unknown> = {};
  let block = decision.block;
  if (decision.ask !== undefined) {
    notes.push(`${event} cannot ask: blocked instead`);
    block ??= decision.ask;
  }
  if (decision.updatedInput !== undefined && block === undefined) {
    if (spec?.updatedInput === true) specific.updatedInput = decision.updatedInput;
    else {
      notes.push(`${event} cannot replace a tool's input: blocked instead`);
      block = 'a hook rewrote the input, which this event cannot apply';
    }
  }
  if (decision.stop !== undefined) Object.assign(out, { continue: false, reason: decision.stop });
  if (block !== undefined) Object.assign(out, { decision: 'block', reason: block });
  else if (decision.allow === true) notes.push(`${event}: an approve is this hook's only (the result keeps no allow): nothing said`);
  if (decision.context !== undefined) {
    if (spec?.context === true) specific.additionalContext = decision.context;
    else notes.push(`${event} ignores context: not passed on`);
  }
  if (Object.keys(specific).length > 0) out.hookSpecificOutput = specific;
  return { stdout: Object.keys(out).length === 0 ? '' : JSON.stringify(out), stderr: '', exitCode: 0, notes };
}
