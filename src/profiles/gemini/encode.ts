// The inverse of this profile's reading of a hook's output (output.ts, merge.ts): a decision as the JSON
// Gemini CLI reads as that decision (exit 0; `decision: "deny"` blocks where Gemini blocks, and on AfterAgent
// asks the agent to go on with the reason as its next prompt).
import type { EncodedOutput, StatedDecision } from '../../dialects/stated.js';

/** Gemini's events that read a block, context and a rewrite (merge.ts). */
const BLOCKS = new Set(['BeforeTool', 'AfterTool', 'BeforeAgent', 'AfterAgent']);
const CONTEXT = new Set(['AfterTool', 'BeforeAgent', 'SessionStart']);
const MODEL = new Set(['BeforeModel', 'AfterModel', 'BeforeToolSelection']);

export function encodeGeminiOutput(event: string, decision: StatedDecision): EncodedOutput {
  const notes: string[] = [];
  const out: Record<string, unknown> = {};
  const specific: Record<string, unknown> = {};
  let block = decision.block;
  // The event is not known (the bridge could not read its stdin): Gemini blocks only on a JSON decision, not
  // on exit 2 alone (fixtures/gemini/engine/FINDINGS.md 2), and `decision: "deny"` names no event, so it is
  // read as a block on every event that can block.
  if (event === '' && (block ?? decision.ask ?? decision.stop) !== undefined) {
    return { stdout: JSON.stringify({ decision: 'deny', reason: block ?? decision.ask ?? decision.stop }), stderr: '', exitCode: 2, notes };
  }
  // SessionStart, SessionEnd, PreCompress, Notification: observed only, nothing holds them back.
  if (!BLOCKS.has(event) && !MODEL.has(event)) {
    for (const [what, given] of [['block', decision.block ?? decision.ask], ['stop the agent', decision.stop], ["replace a tool's input", decision.updatedInput]] as const) if (given !== undefined) notes.push(`${event} cannot ${what}: not said`);
    if (decision.allow === true) notes.push(`${event} has no allow: nothing said`);
    if (decision.context !== undefined && !CONTEXT.has(event)) notes.push(`${event} does not read additionalContext: not passed on`);
    const context = decision.context !== undefined && CONTEXT.has(event) ? { hookSpecificOutput: { additionalContext: decision.context } } : undefined;
    return { stdout: context === undefined ? '' : JSON.stringify(context), stderr: '', exitCode: 0, notes };
  }
  if (decision.stop !== undefined) Object.assign(out, { continue: false, stopReason: decision.stop });
  if (decision.ask !== undefined && block === undefined) {
    if (event === 'BeforeTool') {
      Object.assign(out, { decision: 'ask', reason: decision.ask });
      notes.push("BeforeTool's ask carries no reason in Gemini: Gemini asks in its own words");
    }
    else {
      notes.push(`${event} cannot ask: blocked instead`);
      block = decision.ask;
    }
  }
  if (decision.updatedInput !== undefined && block === undefined) {
    if (event === 'BeforeTool') specific.tool_input = decision.updatedInput;
    else {
      notes.push(`${event} cannot replace a tool's input: blocked instead`);
      block = 'a hook rewrote the input, which this event cannot apply';
    }
  }
  if (block !== undefined) {
    if (BLOCKS.has(event)) Object.assign(out, { decision: 'deny', reason: block });
    else if (decision.stop === undefined) {
      notes.push(`${event} cannot block: the agent is stopped instead`);
      Object.assign(out, { continue: false, stopReason: block });
    }
  } else if (decision.allow === true) notes.push(`${event} has no allow that the result keeps: nothing said`);
  if (decision.context !== undefined) {
    if (CONTEXT.has(event)) specific.additionalContext = decision.context;
    else notes.push(`${event} does not read additionalContext: not passed on`);
  }
  if (Object.keys(specific).length > 0) out.hookSpecificOutput = specific;
  return { stdout: Object.keys(out).length === 0 ? '' : JSON.stringify(out), stderr: '', exitCode: 0, notes };
}
