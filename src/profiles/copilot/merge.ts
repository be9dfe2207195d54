// Merging one copilot dispatch. Hooks run one after another in config order (REF: "they execute in
// order"), through the sequential run (src/dispatch-run.ts), and combine as Copilot combines them (§5.4):
// - preToolUse: any deny blocks, and ends the chain (UNCERTAIN whether later hooks still run: the docs are
//   silent; reimplementations stop at the first deny). Else ask beats allow (UNCERTAIN: deny > ask > allow,
//   as VS Code); the last non-null modifiedArgs wins (UNCERTAIN, like modifiedResponse).
// - permissionRequest: every hook runs; behavior / message / interrupt of later hooks override earlier ones.
// - agentStop / subagentStop: any `decision: "block"` keeps the agent going, the reasons (joined with a
//   blank line: UNCERTAIN) its next prompt; block beats modifiedResponse, which is last-wins.
// - postToolUse: additionalContext joined with "\n\n", capped at 10 KB; modifiedResult last wins.
// - sessionStart / subagentStart and the other context events: every additionalContext, joined with "\n\n"
//   (combined since CL 1.0.88; the separator is UNCERTAIN).
// - userPromptTransformed: the last modifiedTransformedPrompt.
// An in-process handler that throws or passes its deadline fails closed on preToolUse (the sequential
// run's rule for handlers), open elsewhere; a command's failure is read in output.ts.
import type { SequentialRules } from '../../dispatch-run.js';
import type { DispatchResult, HookDecision, HookLogger, HookRun } from '../../types.js';
import type { CopilotEventSpec } from './events.js';
import { decodeOutput, isCopilotDecision, type CopilotDecision } from './output.js';
import { isPlainObject } from '../../plain-object.js';

export interface CopilotDispatchResult extends DispatchResult {
  /** preToolUse: `'deny'` whenever the call is blocked (JSON, exit 2, a crash), `'ask'` when a hook asks,
   *  `'allow'` when one allowed; permissionRequest: the merged behavior. */
  permissionDecision?: 'allow' | 'deny' | 'ask';
  permissionDecisionReason?: string;
  /** With `continue: false` (permissionRequest `interrupt: true` with a deny): why the agent stops. */
  stopReason?: string;
  systemMessage?: string;
  /** The merged event-specific output, in Copilot's field names, with `hookEventName`. */
  hookSpecificOutput?: Record<string, unknown>;
  /** What the model is told in the tool's place: "Denied by preToolUse hook: <reason>" and the like. */
  modelText?: string;
}

/** postToolUse additionalContext cap (REF; CL 1.0.49/1.0.51). */
const POST_TOOL_CONTEXT_CAP = 10 * 1024;

export function makeCopilotRules(spec: CopilotEventSpec): SequentialRules<CopilotDecision[]> {
  const preTool = spec.output === 'pre-tool';
  return {
    name: spec.name,
    decide(value: unknown, name: string, logger: HookLogger) {
      if (value === undefined || value === null) return undefined;
      if (!isPlainObject(value)) {
        logger.warn(`harness-hooks: hook "${name}" on ${spec.name} returned ${Array.isArray(value) ? 'an array' : typeof value}, not an output object; ignored`);
        return undefined;
      }
      return decodeOutput(value, spec, logger, name);
    },
    // Only a preToolUse deny ends the chain; a failed handler's block (not read here) counts on preToolUse only.
    blocks: (d: HookDecision) => preTool && (isCopilotDecision(d) ? d.permissionDecision === 'deny' : d.decision === 'block'),
    accumulate(state, d) {
      const list = state ?? [];
      if (isCopilotDecision(d)) list.push(d);
      return list;
    },
    blocked(d: CopilotDecision, runs) {
      const reason = d.reason ?? 'hook errored';
      const modelText = d.modelText ?? 'Denied by preToolUse hook (hook errored)';
      const result: CopilotDispatchResult = { blocked: true, aborted: false, runs, reason, permissionDecision: 'deny', permissionDecisionReason: reason, modelText };
      // What the hooks before the deny said still counts (their systemMessage, additionalContext), and the
      // deny's own: the runs hold every decision read so far, the deny's last.
      const said = runs.flatMap((r) => (r.decision !== undefined && isCopilotDecision(r.decision) ? [r.decision] : []));
      if (!said.includes(d) && isCopilotDecision(d)) said.push(d);
      const contexts = said.flatMap((x) => (x.injectContext === undefined ? [] : [x.injectContext]));
      const messages = said.flatMap((x) => (x.systemMessage === undefined ? [] : [x.systemMessage]));
      if (contexts.length > 0) result.injectContext = contexts.join('\n\n');
      if (messages.length > 0) result.systemMessage = messages.join('\n');
      result.hookSpecificOutput = { hookEventName: spec.name, permissionDecision: 'deny', permissionDecisionReason: reason, ...(result.injectContext === undefined ? {} : { additionalContext: result.injectContext }) };
      return result;
    },
    merged: (state, runs) => merge(spec, state ?? [], runs),
  };
}

function merge(spec: CopilotEventSpec, ds: readonly CopilotDecision[], runs: HookRun[]): CopilotDispatchResult {
  const result: CopilotDispatchResult = { blocked: false, aborted: false, runs };
  if (ds.length === 0) return result;
  const last = <K extends keyof CopilotDecision>(key: K): CopilotDecision[K] | undefined => ds.reduce<CopilotDecision[K] | undefined>((v, d) => d[key] ?? v, undefined);
  const contexts = ds.flatMap((d) => (d.injectContext === undefined ? [] : [d.injectContext]));
  const messages = ds.flatMap((d) => (d.systemMessage === undefined ? [] : [d.systemMessage]));
  if (contexts.length > 0) result.injectContext = spec.output === 'post-tool' ? contexts.join('\n\n').slice(0, POST_TOOL_CONTEXT_CAP) : contexts.join('\n\n');
  if (messages.length > 0) result.systemMessage = messages.join('\n');
  const out: Record<string, unknown> = {};
  switch (spec.output) {
    case 'pre-tool': {
      const ask = ds.find((d) => d.permissionDecision === 'ask');
      const said = ask ?? ds.find((d) => d.permissionDecision === 'allow');
      if (said !== undefined) {
        result.permissionDecision = out.permissionDecision = said.permissionDecision!;
        if (said.permissionDecisionReason !== undefined) result.permissionDecisionReason = out.permissionDecisionReason = said.permissionDecisionReason;
      }
      const updated = last('updatedInput');
      if (updated !== undefined) result.updatedInput = out.updatedInput = updated;
      break;
    }
    case 'permission': {
      const behavior = last('behavior');
      const message = last('message');
      const interrupt = last('interrupt');
      if (behavior !== undefined) result.permissionDecision = out.behavior = behavior;
      if (message !== undefined) out.message = message;
      if (interrupt !== undefined) out.interrupt = interrupt;
      if (behavior === 'deny') {
        result.blocked = true;
        result.reason = result.permissionDecisionReason = message ?? 'Denied by permission request hook';
        result.modelText = `Denied by permission request hook: ${result.reason}`;
        // interrupt: true with a deny stops the agent (REF).
        if (interrupt === true) {
          result.continue = false;
          result.stopReason = result.reason;
        }
      }
      break;
    }
    case 'post-tool': {
      const modified = last('modifiedResult');
      if (modified !== undefined) out.modifiedResult = modified;
      break;
    }
    case 'stop': {
      const reasons = ds.filter((d) => d.decision === 'block').map((d) => d.reason ?? '');
      if (reasons.length > 0) {
        result.blocked = true;
        result.decision = out.decision = 'block';
        result.reason = out.reason = reasons.filter((r) => r !== '').join('\n\n');
      } else {
        const response = last('modifiedResponse');
        if (response !== undefined) out.modifiedResponse = response;
      }
      break;
    }
    case 'transformed': {
      const prompt = last('modifiedTransformedPrompt');
      if (prompt !== undefined) out.modifiedTransformedPrompt = prompt;
      break;
    }
    default:
      break;
  }
  if (result.injectContext !== undefined && spec.output !== 'stop') out.additionalContext = result.injectContext;
  if (Object.keys(out).length > 0) result.hookSpecificOutput = { hookEventName: spec.name, ...out };
  return result;
}
