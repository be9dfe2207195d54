// Merging the outcomes of one gemini dispatch as Gemini's HookAggregator does (in plan order: registration
// order, whatever order the hooks finished in), then reading the merged output as the event's caller in
// Gemini CLI reads it, into the shared result contract:
// - BeforeTool (scheduler/hook-utils): `continue: false` stops the agent and the tool; a block/deny blocks
//   it (`Tool execution blocked: <reason>`); `ask` asks; `hookSpecificOutput.tool_input` is the input the
//   tool then runs with (alone: the scheduler builds the tool from it); additionalContext is not read.
// - AfterTool (core/coreToolHookTriggers): stop; a block replaces the result (`Tool result blocked: …`);
//   additionalContext (with < and > escaped) is appended to the result as `<hook_context>…</hook_context>`;
//   `tailToolCallRequest`.
// - BeforeAgent / AfterAgent (core/client): stop; a block (AfterAgent: the reason is the next prompt);
//   BeforeAgent's additionalContext; AfterAgent's clearContext.
// - BeforeModel / AfterModel / BeforeToolSelection (hooks/hookSystem): llm_request / llm_response /
//   toolConfig in hookSpecificOutput for the harness to apply.
// - SessionStart: additionalContext and systemMessage (advisory); SessionEnd, PreCompress, Notification:
//   observed only.
// The reason Gemini uses is its getEffectiveReason(): the stopReason, else the reason, else "No reason provided".
// Hook output is JSON of any shape, so nothing here assumes a type: where Gemini's aggregation itself
// throws (HookAggregator, inside executeHooks' try) — a reason, stopReason or systemMessage that cannot be
// made a string (`{"toString":1}`) in the joining merge, a hookSpecificOutput that is a string, number or
// true there (`'additionalContext' in "x"`), a toolConfig.allowedFunctionNames that cannot be iterated —
// Gemini has no output at all and goes on as if no hook had spoken (the tool runs). This merge mirrors
// it (AggregationThrew): failing open is what Gemini does with such output, and the profile's promise is
// Gemini's answer. Where Gemini keeps going with a value that is not a string (the replacing merges), the
// reason here is its text (String(), else JSON).
import type { DispatchResult, HookRun } from '../../types.js';
import type { GeminiEventSpec } from './events.js';
import type { GeminiEntryOutcome } from './output.js';

type Output = Record<string, unknown>;

export interface GeminiDispatchResult extends DispatchResult {
  /** BeforeTool: `'deny'` when the call is blocked, `'ask'` when a hook asks. */
  permissionDecision?: 'deny' | 'ask';
  /** With `continue: false`: why the agent stops. */
  stopReason?: string;
  systemMessage?: string;
  /** The event's merged hookSpecificOutput (BeforeModel/AfterModel `llm_request`, `llm_response`; BeforeToolSelection `toolConfig`; AfterAgent `clearContext`; AfterTool `tailToolCallRequest`). */
  hookSpecificOutput?: Record<string, unknown>;
  /** What Gemini hands the model in the tool's place (BeforeTool / AfterTool), or appends to the tool result (AfterTool context). */
  modelText?: string;
}

/** Thrown where Gemini's HookAggregator throws: the dispatch then has no output, as Gemini's executeHooks. */
class AggregationThrew extends Error {}

// ToString as Array.prototype.join applies it to each part; where it throws, so does Gemini's merge.
function joined(parts: readonly unknown[]): string {
  try {
    return parts.join('\n');
  } catch {
    throw new AggregationThrew();
  }
}

// A value as text for the result (never throws): a string as is, else String(), else JSON.
function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return String(value);
  } catch {
    try {
      return JSON.stringify(value) ?? 'No reason provided';
    } catch {
      return 'No reason provided';
    }
  }
}

const specificOf = (o: Output): Output | undefined => (o.hookSpecificOutput !== null && typeof o.hookSpecificOutput === 'object' ? (o.hookSpecificOutput as Output) : undefined);

// hookAggregator.mergeWithOrDecision.
function mergeOr(outputs: readonly Output[]): Output {
  const merged: Output = { continue: true, suppressOutput: false };
  const stops: unknown[] = [];
  const reasons: unknown[] = [];
  const messages: unknown[] = [];
  const contexts: string[] = [];
  let block = false;
  let ask = false;
  let stop = false;
  for (const o of outputs) {
    if (o.continue === false) {
      stop = true;
      merged.continue = false;
      if (o.stopReason) stops.push(o.stopReason);
    }
    if (o.decision === 'block' || o.decision === 'deny') {
      block = true;
      merged.decision = o.decision;
    } else if (o.decision === 'ask') {
      ask = true;
      if (!block) merged.decision = o.decision;
    }
    if (o.reason) reasons.push(o.reason);
    if (o.systemMessage) messages.push(o.systemMessage);
    if (o.suppressOutput) merged.suppressOutput = true;
    const raw = o.hookSpecificOutput;
    if (raw) {
      // (extractAdditionalContext: `'additionalContext' in specific` throws on a primitive.)
      if (typeof raw !== 'object') throw new AggregationThrew();
      const specific = raw as Output;
      if (specific.clearContext === true) merged.hookSpecificOutput = { ...(merged.hookSpecificOutput as Output | undefined), clearContext: true };
      const { clearContext: _clear, ...rest } = specific;
      merged.hookSpecificOutput = { ...(merged.hookSpecificOutput as Output | undefined), ...rest };
      if (typeof specific.additionalContext === 'string') contexts.push(specific.additionalContext);
    }
  }
  if (!block && !ask && !stop) merged.decision = 'allow';
  if (stops.length > 0) merged.stopReason = joined(stops);
  if (reasons.length > 0) merged.reason = joined(reasons);
  if (messages.length > 0) merged.systemMessage = joined(messages);
  if (contexts.length > 0) merged.hookSpecificOutput = { ...(merged.hookSpecificOutput as Output | undefined), additionalContext: contexts.join('\n') };
  return merged;
}

// hookAggregator.mergeWithFieldReplacement / mergeSimple.
function mergeReplace(outputs: readonly Output[], specific: boolean): Output {
  let merged: Output = {};
  for (const o of outputs) merged = specific ? { ...merged, ...o, hookSpecificOutput: { ...specificOf(merged), ...specificOf(o) } } : { ...merged, ...o };
  return merged;
}

// hookAggregator.mergeToolSelectionOutputs: NONE wins, else ANY, else AUTO; names united and sorted —
// with JavaScript's own iteration and sort, as Gemini's (a string of names is iterated per character; a
// value that cannot be iterated, or names that cannot be compared as strings, throw there as here).
function mergeTools(outputs: readonly Output[]): Output {
  const names = new Set<unknown>();
  let none = false;
  let any = false;
  let sorted: unknown[];
  try {
    for (const o of outputs) {
      const config = (o.hookSpecificOutput as { toolConfig?: { mode?: unknown; allowedFunctionNames?: Iterable<unknown> } } | null | undefined)?.toolConfig;
      if (!config) continue;
      if (config.mode === 'NONE') none = true;
      else if (config.mode === 'ANY') any = true;
      if (config.allowedFunctionNames) for (const n of config.allowedFunctionNames) names.add(n);
    }
    sorted = none ? [] : Array.from(names).sort();
  } catch {
    throw new AggregationThrew();
  }
  const mode = none ? 'NONE' : any ? 'ANY' : 'AUTO';
  return { hookSpecificOutput: { hookEventName: 'BeforeToolSelection', toolConfig: { mode, allowedFunctionNames: sorted } } };
}

const escapeContext = (text: string): string => text.replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function mergeGeminiOutcomes(spec: GeminiEventSpec, outcomes: readonly (GeminiEntryOutcome | undefined)[], runs: HookRun[]): GeminiDispatchResult {
  const outputs: Output[] = [];
  for (const o of outcomes) if (o?.output !== undefined) outputs.push(o.output);
  const result: GeminiDispatchResult = { blocked: false, aborted: false, runs };
  if (outputs.length === 0) return result;
  let merged: Output;
  try {
    merged = spec.merge === 'or' ? mergeOr(outputs) : spec.merge === 'tools' ? mergeTools(outputs) : mergeReplace(outputs, spec.merge === 'replace');
  } catch (error) {
    if (error instanceof AggregationThrew) return result;
    throw error;
  }
  const specific = specificOf(merged);
  const stop = merged.continue === false;
  const refuses = merged.decision === 'block' || merged.decision === 'deny';
  const reason = asText(merged.stopReason || merged.reason || 'No reason provided');
  // The scheduler hands an ask's systemMessage to the confirmation whatever suppressOutput says.
  if (typeof merged.systemMessage === 'string' && merged.systemMessage !== '' && (merged.suppressOutput !== true || (spec.name === 'BeforeTool' && merged.decision === 'ask' && !stop && !refuses))) result.systemMessage = merged.systemMessage;
  const context = typeof specific?.additionalContext === 'string' ? escapeContext(specific.additionalContext) : undefined;
  const stopAgent = (): void => {
    result.continue = false;
    result.stopReason = reason;
  };
  switch (spec.name) {
    case 'BeforeTool':
      if (stop || refuses) {
        if (stop) stopAgent();
        result.blocked = true;
        result.reason = reason;
        result.permissionDecision = 'deny';
        result.modelText = stop ? `Agent execution stopped by hook: ${reason}` : `Tool execution blocked: ${reason}`;
        break;
      }
      if (merged.decision === 'ask') result.permissionDecision = 'ask';
      if (specific?.tool_input !== null && typeof specific?.tool_input === 'object' && !Array.isArray(specific.tool_input)) result.updatedInput = specific.tool_input as Record<string, unknown>;
      break;
    case 'AfterTool':
      if (stop || refuses) {
        if (stop) stopAgent();
        result.blocked = true;
        result.reason = reason;
        result.modelText = stop ? `Agent execution stopped by hook: ${reason}` : `Tool result blocked: ${reason}`;
        break;
      }
      if (context) {
        result.injectContext = context;
        result.modelText = `\n\n<hook_context>${context}</hook_context>`;
      }
      if (specific?.tailToolCallRequest !== null && typeof specific?.tailToolCallRequest === 'object' && !Array.isArray(specific.tailToolCallRequest)) result.hookSpecificOutput = { tailToolCallRequest: specific.tailToolCallRequest };
      break;
    case 'BeforeAgent':
    case 'AfterAgent':
      if (stop) stopAgent();
      else if (refuses) {
        result.blocked = true;
        result.reason = reason;
      } else if (spec.name === 'BeforeAgent' && context) result.injectContext = context;
      if (spec.name === 'AfterAgent' && specific?.clearContext === true) result.hookSpecificOutput = { clearContext: true };
      break;
    case 'BeforeModel':
    case 'AfterModel':
      if (stop) {
        stopAgent();
        if (spec.name === 'BeforeModel') result.blocked = true;
        result.reason = reason;
      } else if (refuses) {
        result.blocked = true;
        result.reason = spec.name === 'BeforeModel' ? reason || 'Model call blocked by hook' : reason;
      }
      if (specific !== undefined) {
        const { llm_request: request, llm_response: response } = specific as { llm_request?: unknown; llm_response?: unknown };
        const kept: Output = {};
        // BeforeModel: a synthetic response when it blocks, else its request changes; AfterModel: a
        // replacement response when it has a candidate with parts (AfterModelHookOutput.getModifiedResponse).
        if (spec.name === 'BeforeModel') {
          if (refuses && !stop && response) kept.llm_response = response;
          if (!refuses && !stop && request) kept.llm_request = request;
        } else if (!stop && !refuses && (response as { candidates?: { content?: { parts?: unknown[] } }[] } | undefined)?.candidates?.[0]?.content?.parts?.length) kept.llm_response = response;
        if (Object.keys(kept).length > 0) result.hookSpecificOutput = kept;
      }
      break;
    case 'BeforeToolSelection':
      result.hookSpecificOutput = { toolConfig: (specific as Output).toolConfig };
      break;
    case 'SessionStart':
      if (context) result.injectContext = context;
      break;
    default:
      break;
  }
  return result;
}
