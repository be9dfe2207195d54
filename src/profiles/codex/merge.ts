// Merging the outcomes of one codex dispatch. Every hook started at once and the dispatch waited for all
// (as Codex does); the outcomes are read in configured (registration) order:
// - PreToolUse: any block blocks; the first configured block's reason; `updatedInput` from the last
//   configured hook that gave one, none when anything blocked. (Codex takes the one that *finished* last:
//   the one place this profile differs on purpose — a result must not depend on which process was faster.)
//   A rewrite of a shell tool without a string `command` fails the call closed, as Codex does.
// - PermissionRequest: the first configured deny wins; else an allow; else nothing (the normal prompt).
// - PostToolUse: feedback texts (block reasons, exit-2 stderr) joined with a blank line replace the tool output.
// - Stop / SubagentStop: `continue: false` from any hook wins over blocks; else the block reasons are the
//   continuation, one prompt per blocking hook.
// - UserPromptSubmit: any block drops the prompt; `continue: false` stops the turn.
// - additionalContext in configured order, joined with "\n"; systemMessages likewise.
import type { DispatchResult, HookRun } from '../../types.js';
import type { CodexEventSpec } from './events.js';
import { SAID_NOTHING, type CodexEntryOutcome } from './output.js';

export interface CodexDispatchResult extends DispatchResult {
  /** PreToolUse: `'deny'` when the call is blocked, `'allow'` with an `updatedInput`; PermissionRequest: the decision. */
  permissionDecision?: 'allow' | 'deny';
  permissionDecisionReason?: string;
  /** Set with `continue: false`: why the agent (or the compaction) stops. */
  stopReason?: string;
  systemMessage?: string;
  /** PostToolUse: the last configured `updatedMCPToolOutput` (MCP tools only), as `{ hookEventName, updatedMCPToolOutput }`. */
  hookSpecificOutput?: Record<string, unknown>;
  /** Stop / SubagentStop: the continuation prompts, one per blocking hook in configured order. */
  continuation?: string[];
  /**
   * What Codex hands the model for this dispatch: PreToolUse's block text (`Command blocked by PreToolUse
   * hook: <reason>. Command: <command>`), PostToolUse's replaced tool output, Stop's `<hook_prompt>` user
   * message content.
   */
  modelText?: string;
}

// Codex's shell tools: a rewrite must keep a string `command`, and a block names the command.
const SHELL_TOOLS: ReadonlySet<string> = new Set(['Bash', 'apply_patch']);

export function mergeCodexOutcomes(spec: CodexEventSpec, outcomes: readonly (CodexEntryOutcome | undefined)[], runs: HookRun[], input: Record<string, unknown>): CodexDispatchResult {
  // Fast path: when no hook said anything, nothing is decided; the shared silent outcome is told by identity.
  let said = false;
  for (let i = 0; i < outcomes.length && !said; i++) {
    const o = outcomes[i];
    said = o !== SAID_NOTHING && o !== undefined && (o.block !== undefined || o.stop !== undefined || o.updatedInput !== undefined || o.allow !== undefined || o.contexts !== undefined || o.systemMessage !== undefined || o.mcpToolOutput !== undefined);
  }
  if (!said) return { blocked: false, aborted: false, runs };
  const blocks: string[] = [];
  const contexts: string[] = [];
  const messages: string[] = [];
  let stop: { reason?: string } | undefined;
  let updatedInput: unknown;
  let allow = false;
  let mcp: { value: unknown } | undefined;
  for (const o of outcomes) {
    if (o === undefined) continue;
    if (o.block !== undefined) blocks.push(o.block);
    if (o.stop !== undefined) stop = stop === undefined || stop.reason === undefined ? { ...stop, ...o.stop } : stop;
    if (o.updatedInput !== undefined) updatedInput = o.updatedInput;
    if (o.allow === true) allow = true;
    if (o.mcpToolOutput !== undefined) mcp = { value: o.mcpToolOutput };
    if (o.contexts !== undefined) for (const c of o.contexts) contexts.push(c);
    if (o.systemMessage !== undefined) messages.push(o.systemMessage);
  }
  const result: CodexDispatchResult = { blocked: false, aborted: false, runs };
  if (contexts.length > 0) result.injectContext = contexts.join('\n');
  if (messages.length > 0) result.systemMessage = messages.join('\n');
  switch (spec.output) {
    case 'pre-tool': {
      const toolName = String(input.tool_name ?? '');
      let reason = blocks[0];
      if (reason === undefined && updatedInput !== undefined && SHELL_TOOLS.has(toolName) && typeof (updatedInput as { command?: unknown } | null)?.command !== 'string') {
        reason = 'hook returned updatedInput without string field `command`';
      }
      if (reason !== undefined) {
        result.blocked = true;
        result.reason = reason;
        result.permissionDecision = 'deny';
        result.permissionDecisionReason = reason;
        const command = (input.tool_input as { command?: unknown } | null | undefined)?.command;
        result.modelText =
          blocks[0] === undefined
            ? reason
            : SHELL_TOOLS.has(toolName) && typeof command === 'string'
              ? `Command blocked by PreToolUse hook: ${reason}. Command: ${command}`
              : `Tool call blocked by PreToolUse hook: ${reason}. Tool: ${toolName}`;
      } else if (updatedInput !== undefined) {
        result.updatedInput = updatedInput as Record<string, unknown>;
        result.permissionDecision = 'allow';
      }
      break;
    }
    case 'permission':
      if (blocks.length > 0) {
        result.blocked = true;
        result.reason = blocks[0]!;
        result.permissionDecision = 'deny';
        result.permissionDecisionReason = blocks[0]!;
      } else if (allow) result.permissionDecision = 'allow';
      break;
    case 'post-tool':
      if (blocks.length > 0) {
        result.blocked = true;
        result.reason = blocks.join('\n\n');
        result.modelText = result.reason;
      }
      // (Codex applies it to MCP tools only: for the shell it was ignored, observed.)
      if (mcp !== undefined && String(input.tool_name ?? '').startsWith('mcp__')) result.hookSpecificOutput = { hookEventName: spec.name, updatedMCPToolOutput: mcp.value };
      break;
    case 'stop':
      if (stop !== undefined) break;
      if (blocks.length > 0) {
        result.blocked = true;
        result.reason = blocks.join('\n\n');
        result.continuation = blocks;
      }
      break;
    case 'prompt':
      if (blocks.length > 0) {
        result.blocked = true;
        result.reason = blocks[0]!;
      }
      break;
    default:
      break;
  }
  if (stop !== undefined && spec.output !== 'pre-tool' && spec.output !== 'post-tool') {
    result.continue = false;
    if (stop.reason !== undefined) result.stopReason = stop.reason;
  }
  return result;
}
