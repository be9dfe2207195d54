// Merging one copilot dispatch. Hooks run one after another in config order (REF: "they execute in
// order"), through the sequential run (src/dispatch-run.ts), and combine as the 1.0.102 binary combines
// them (recorded: fixtures/copilot/oracle/, FINDINGS.md; where the binary was silent, the docs, §5.4):
// - preToolUse: any deny blocks, and ends the chain (the binary: the next hook does not run). Else ask beats
//   allow; the binary stops at an ask too (in -p a deny) — here the later hooks still run, so a later deny
//   still denies (a deliberate difference). Rewrites chain (profile.ts) and the last one wins; the contexts
//   are joined with "\n\n" (the binary).
// - permissionRequest: every hook runs; behavior / message / interrupt of later hooks override earlier ones.
// - agentStop / subagentStop: any `decision: "block"` keeps the agent going, the last blocking hook's reason
//   its next prompt (the binary); block beats modifiedResponse, which is last-wins.
// - postToolUse: `decision: "block"` with a reason blocks and ends the chain (the binary); additionalContext
//   joined with "\n\n", capped at 10 KB; modifiedResult chained, the last wins (the binary).
// - userPromptSubmitted: the last additionalContext, the last modifiedPrompt, a block ends the chain (the binary).
// - sessionStart / subagentStart and the other context events: every additionalContext, joined with "\n\n"
//   (the binary, sessionStart).
// - userPromptTransformed: the last modifiedTransformedPrompt.
// What the model is told of it, in the binary's words, is `modelText` (model-text.ts).
// An in-process handler that throws or passes its deadline fails closed on preToolUse (the sequential
// run's rule for handlers), open elsewhere; a command's failure is read in output.ts.
import type { SequentialRules } from '../../dispatch-run.js';
import type { DispatchResult, HookDecision, HookLogger, HookRun } from '../../types.js';
import type { CopilotEventSpec } from './events.js';
import { blocksEvent, decodeOutput, isCopilotDecision, type CopilotDecision } from './output.js';
import { COPILOT_TEXT, type CopilotModelText } from './model-text.js';
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
  /** userPromptSubmitted: the prompt the model gets instead (a hook's `modifiedPrompt`; the binary, oracle 07). */
  modifiedPrompt?: string;
  /** What Copilot tells the model of this dispatch's hook output, in its words (model-text.ts). */
  modelText?: CopilotModelText;
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
    // A preToolUse deny, a postToolUse block (oracle 06 post-block-then-context: the next hook did not run)
    // and a userPromptSubmitted block end the chain; a failed handler's block (not read here) counts on
    // preToolUse only.
    blocks: (d: HookDecision) => (isCopilotDecision(d) ? spec.output !== 'stop' && spec.output !== 'permission' && blocksEvent(d, spec) : preTool && d.decision === 'block'),
    accumulate(state, d) {
      const list = state ?? [];
      if (isCopilotDecision(d)) list.push(d);
      return list;
    },
    // Rewrites chain (the binary, fixtures/copilot/oracle/04, 09): each preToolUse hook gets the arguments the
    // ones before it rewrote (not with a deny), each postToolUse hook the result they modified. The input is
    // this dispatch's own (makeHookInput's), and the plain copy command hooks get.
    ...(spec.output === 'pre-tool' || spec.output === 'post-tool'
      ? {
          chain(d: HookDecision, input: unknown, sent: unknown) {
            if (!isCopilotDecision(d)) return;
            for (const target of [input, sent]) {
              if (!isPlainObject(target)) continue;
              if (d.updatedInput !== undefined && d.permissionDecision !== 'deny') target.toolArgs = d.updatedInput;
              if (d.modifiedResult !== undefined) target.toolResult = d.modifiedResult;
            }
          },
        }
      : {}),
    blocked(d: CopilotDecision, runs) {
      if (!preTool) {
        // postToolUse (its result replaced) or userPromptSubmitted (no model request: the CLI exits 1, oracle 07).
        const why = d.reason ?? '';
        const result: CopilotDispatchResult = { blocked: true, aborted: false, runs, reason: why, decision: 'block', hookSpecificOutput: { hookEventName: spec.name, decision: 'block', reason: why } };
        if (spec.output === 'post-tool') result.modelText = { toolResult: { isError: true, text: COPILOT_TEXT.postBlocked(why) }, blocks: [] };
        return result;
      }
      const reason = d.reason ?? 'hook errored';
      const toolText = d.modelText ?? COPILOT_TEXT.errored(undefined);
      const result: CopilotDispatchResult = { blocked: true, aborted: false, runs, reason, permissionDecision: 'deny', permissionDecisionReason: reason };
      // What the hooks before the deny said still counts (their systemMessage, additionalContext), and the
      // deny's own: the runs hold every decision read so far, the deny's last.
      const said = runs.flatMap((r) => (r.decision !== undefined && isCopilotDecision(r.decision) ? [r.decision] : []));
      if (!said.includes(d) && isCopilotDecision(d)) said.push(d);
      const contexts = said.flatMap((x) => (x.injectContext === undefined ? [] : [x.injectContext]));
      const messages = said.flatMap((x) => (x.systemMessage === undefined ? [] : [x.systemMessage]));
      if (contexts.length > 0) result.injectContext = contexts.join('\n\n');
      if (messages.length > 0) result.systemMessage = messages.join('\n');
      result.hookSpecificOutput = { hookEventName: spec.name, permissionDecision: 'deny', permissionDecisionReason: reason, ...(result.injectContext === undefined ? {} : { additionalContext: result.injectContext }) };
      // The context still reaches the model after the deny (oracle 02 camel-deny-and-context).
      result.modelText = { toolResult: { isError: true, text: toolText }, blocks: preToolBlocks(contexts) };
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
  const text: CopilotModelText = { blocks: [] };
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
      // An ask Copilot cannot put to a user (-p) is a deny, in these words (oracle 02 camel-ask); a harness
      // that can ask shows the reason instead.
      if (ask !== undefined) text.toolResult = { isError: true, text: COPILOT_TEXT.askUnavailable(ask.permissionDecisionReason?.trim() || 'No reason provided') };
      text.blocks.push(...preToolBlocks(contexts));
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
        result.reason = result.permissionDecisionReason = message ?? 'Permission denied by hook.';
        text.toolResult = { isError: true, text: COPILOT_TEXT.permissionDenied(result.reason) };
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
      if (modified !== undefined) {
        out.modifiedResult = modified;
        const llm = modified.textResultForLlm;
        if (typeof llm === 'string') text.toolResult = { isError: modified.resultType !== 'success', text: llm };
      }
      // (The context's words name the tool: profile.ts adds them, it has the input.)
      break;
    }
    case 'context': {
      if (spec.name === 'userPromptSubmitted') {
        const prompt = last('modifiedPrompt');
        if (prompt !== undefined) result.modifiedPrompt = out.modifiedPrompt = prompt;
        // Only the last hook's context reaches the model (oracle 09 prompt-two-contexts).
        const context = contexts.at(-1);
        if (context !== undefined) text.blocks.push(COPILOT_TEXT.promptContext((result.injectContext = context)));
      } else if (spec.name === 'sessionStart' && result.injectContext !== undefined) text.blocks.push(result.injectContext);
      // (postToolUseFailure's words name the tool: profile.ts adds them, it has the input.)
      break;
    }
    case 'stop': {
      const reasons = ds.filter((d) => d.decision === 'block').map((d) => d.reason ?? '');
      if (reasons.length > 0) {
        result.blocked = true;
        result.decision = out.decision = 'block';
        // The last block's reason is the next prompt (oracle 09 stop-two-blockers).
        result.reason = out.reason = reasons.at(-1)!;
        text.blocks.push(result.reason);
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
  if (text.toolResult !== undefined || text.blocks.length > 0) result.modelText = text;
  return result;
}

// preToolUse context as the model gets it: one user message after the tool result, the hooks' joined (oracle 04 two-contexts).
const preToolBlocks = (contexts: readonly string[]): string[] => (contexts.length === 0 ? [] : [COPILOT_TEXT.preToolContext(contexts.join('\n\n'))]);
