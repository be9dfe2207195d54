// The inverse of this profile's reading of a hook's output (output.ts): a decision as the JSON Copilot CLI
// reads as that decision from a camelCase hooks file (exit 0; flat fields, each event its own).
import type { EncodedOutput, StatedDecision } from '../../dialects/stated.js';
import { COPILOT_EVENT_SPECS, type CopilotHookEvent } from './events.js';

export function encodeCopilotOutput(event: string, decision: StatedDecision): EncodedOutput {
  const notes: string[] = [];
  const spec = COPILOT_EVENT_SPECS[event as CopilotHookEvent];
  const kind = spec?.output ?? 'none';
  const out: Record<string, unknown> = {};
  let block = decision.block;
  const instead = (what: string, reason: string): void => {
    notes.push(`${event} cannot ${what}: blocked instead`);
    block ??= reason;
  };
  if (decision.stop !== undefined && kind !== 'permission') instead('stop the agent', decision.stop);
  if (kind === 'pre-tool') {
    if (block !== undefined) Object.assign(out, { permissionDecision: 'deny', permissionDecisionReason: block });
    else if (decision.ask !== undefined) Object.assign(out, { permissionDecision: 'ask', permissionDecisionReason: decision.ask });
    else if (decision.allow === true || decision.updatedInput !== undefined) out.permissionDecision = 'allow';
    if (block === undefined && decision.updatedInput !== undefined) out.modifiedArgs = decision.updatedInput;
  } else if (kind === 'permission') {
    if (decision.ask !== undefined) instead('ask', decision.ask);
    if (decision.updatedInput !== undefined) instead('replace the input', 'a hook rewrote the input, which this event cannot apply');
    if (block !== undefined || decision.stop !== undefined) Object.assign(out, { behavior: 'deny', message: block ?? decision.stop, ...(decision.stop === undefined ? {} : { interrupt: true }) });
    else if (decision.allow === true) out.behavior = 'allow';
  } else {
    if (decision.ask !== undefined) instead('ask', decision.ask);
    if (decision.updatedInput !== undefined) instead('replace the input', 'a hook rewrote the input, which this event cannot apply');
    const blocks = kind === 'stop' || kind === 'post-tool' || event === 'userPromptSubmitted';
    if (block !== undefined) {
      if (blocks) Object.assign(out, { decision: 'block', reason: block });
      else notes.push(`${event} cannot block: not said`);
    }
  }
  if (decision.allow === true && kind !== 'pre-tool' && kind !== 'permission') notes.push(`${event} has no allow: nothing said`);
  if (decision.context !== undefined) {
    if (kind === 'pre-tool' || kind === 'post-tool' || kind === 'context') out.additionalContext = decision.context;
    else notes.push(`${event} does not read additionalContext: not passed on`);
  }
  return { stdout: Object.keys(out).length === 0 ? '' : JSON.stringify(out), stderr: '', exitCode: 0, notes };
}
