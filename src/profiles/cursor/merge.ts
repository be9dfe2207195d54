// Merging one cursor dispatch. Every matching hook started at once (Cursor runs them in parallel: two
// beforeShellExecution handlers "both fired independently in parallel", E-rosetta run 4 on 3.9.16 — the
// older "higher-priority hooks run first" of T-old is not what current builds do, spec §3.3). All of them
// are waited for, then read in priority order: in-process handlers first, then enterprise (`managed`) >
// project > user > plugin (D-new: "higher-priority sources take precedence during merge"; where plugins
// stand is UNCERTAIN), and within a source in configured order (UNCERTAIN tie-break: earlier wins).
// - permission events: any deny blocks (T-old "any hook can block"); else any ask asks; else allow. The
//   messages come from the highest-priority hook with the winning decision; `updated_input` from the
//   highest-priority allowing hook that gave one (never chained, never with a deny).
// - beforeSubmitPrompt: any `continue: false` keeps the prompt from being sent.
// - additional_context: every one, in priority order, joined with a blank line (UNCERTAIN separator).
// - sessionStart env: merged, the higher priority winning a name, into `result.env` (not into
//   hookSpecificOutput: the record masks result.env's values, and the values can be credentials). Each
//   hook's variables are kept under its source's priority: later hooks get only what hooks of their own or
//   a higher priority exported (state.ts, profile.ts), and of another source's exports only the names the
//   shared allow-list lets cross sources (src/exported-env.ts: a project's sessionStart cannot set HOME,
//   PYTHONUSERBASE or NODE_OPTIONS for the user's own guards); a name that will not reach every source's
//   hooks is warned about here, once.
// - stop / subagentStop: the followup_message of the highest-priority hook still under its own loop_limit
//   (subagentStop only when `status` is "completed", D-new; stop not when it is "aborted": UNCERTAIN, spec
//   §4.5 documents the rule for subagentStop only, and following up would undo the user's abort); the
//   others are dropped.
// - preCompact: the first user_message, shown to the user (systemMessage).
import type { DispatchResult, HookRun } from '../../types.js';
import { exportsEverywhere, exportWarning } from '../../exported-env.js';
import { CURSOR_DEFAULT_LOOP_LIMIT, type CursorEventSpec } from './events.js';
import { says, type CursorEntryOutcome } from './output.js';
import type { CursorState, LoopRecord } from './state.js';

export interface CursorDispatchResult extends DispatchResult {
  /** Permission events: `'deny'` whenever the action is blocked (JSON, exit 2, unreadable output, failClosed), `'ask'` when a hook asks, `'allow'` when one allowed. */
  permissionDecision?: 'allow' | 'deny' | 'ask';
  permissionDecisionReason?: string;
  /** The winning hook's user_message: shown in the client. */
  userMessage?: string;
  /** What the model is told: the winning hook's agent_message, else its user_message (§3.1: observed 3.9.16 delivering user_message). */
  agentMessage?: string;
  /** beforeSubmitPrompt `continue: false`: why the prompt was not sent. */
  stopReason?: string;
  /** preCompact's user_message. */
  systemMessage?: string;
  /** stop / subagentStop: submitted as the next user message (also `reason`, with `blocked: true`). */
  followupMessage?: string;
  /** sessionStart: the variables exported to the session's later hook processes (the record masks their values). */
  env?: Record<string, string>;
  /** workspaceOpen: extra plugin folders to load. */
  pluginPaths?: string[];
  /** The merged event-specific output, in Cursor's field names, with `hookEventName`. */
  hookSpecificOutput?: Record<string, unknown>;
}

/** What a dispatch hands its merge besides the outcomes. */
export interface MergeExtras {
  readonly state: CursorState;
  /** stop / subagentStop: the follow-up record's key within the conversation. */
  readonly loopKey: string | undefined;
  readonly conversation: string;
  readonly logger: { warn(message: string): void };
}

/** An entry's loop_limit, by its invoker: undefined for the default, null for none. */
export const LOOP_LIMITS = new WeakMap<object, number | null>();

/** Merge priority by source: in-process handlers, enterprise, project, user, plugin (a lower number wins). */
export const RANK: Readonly<Record<string, number>> = Object.freeze({ code: 0, managed: 1, project: 2, user: 3, plugin: 4 });
/** The source of a rank (RANK's inverse). */
export const SOURCE_OF_RANK: readonly string[] = Object.keys(RANK).sort((a, b) => RANK[a]! - RANK[b]!);

export function mergeCursorOutcomes(spec: CursorEventSpec, outcomes: readonly (CursorEntryOutcome | undefined)[], runs: HookRun[], input: Record<string, unknown>, extras: MergeExtras): CursorDispatchResult {
  const result: CursorDispatchResult = { blocked: false, aborted: false, runs };
  // Fast path: nothing said, nothing to merge (but a stop's silence ends its follow-up loop: below).
  if (spec.output !== 'followup' && !outcomes.some((o) => o !== undefined && says(o))) return result;
  const order = outcomes
    .map((o, i) => ({ o, i }))
    .filter((x): x is { o: CursorEntryOutcome; i: number } => x.o !== undefined)
    .sort((a, b) => (a.o.rank ?? 0) - (b.o.rank ?? 0) || a.i - b.i);
  const ordered = order.map((x) => x.o);
  const out: Record<string, unknown> = {};
  const contexts = ordered.flatMap((o) => (o.context === undefined ? [] : [o.context]));
  if (contexts.length > 0) result.injectContext = out.additional_context = contexts.join('\n\n');
  switch (spec.output) {
    case 'permission': {
      const winner = ordered.find((o) => o.permission === 'deny') ?? ordered.find((o) => o.permission === 'ask') ?? ordered.find((o) => o.permission === 'allow' || o.updatedInput !== undefined);
      if (winner === undefined) break;
      const decision = winner.permission ?? 'allow';
      result.permissionDecision = decision;
      out.permission = decision;
      if (winner.userMessage !== undefined) result.userMessage = out.user_message = winner.userMessage;
      if (winner.agentMessage !== undefined) out.agent_message = winner.agentMessage;
      const agent = winner.agentMessage ?? winner.userMessage;
      if (agent !== undefined) result.agentMessage = agent;
      const why = winner.userMessage ?? winner.agentMessage;
      if (why !== undefined) result.permissionDecisionReason = why;
      if (decision === 'deny') {
        result.blocked = true;
        result.reason = why ?? `Blocked by a ${spec.name} hook`;
      } else if (decision === 'allow') {
        const updated = ordered.find((o) => o.permission !== 'ask' && o.updatedInput !== undefined)?.updatedInput;
        if (updated !== undefined) result.updatedInput = out.updated_input = updated;
      }
      break;
    }
    case 'prompt': {
      const stopper = ordered.find((o) => o.stopPrompt === true);
      if (stopper === undefined) break;
      const why = stopper.userMessage ?? 'The prompt was blocked by a beforeSubmitPrompt hook';
      result.blocked = true;
      result.continue = out.continue = false;
      result.reason = result.stopReason = why;
      if (stopper.userMessage !== undefined) result.userMessage = out.user_message = stopper.userMessage;
      break;
    }
    case 'post-tool': {
      const mcp = ordered.find((o) => o.mcpOutput !== undefined)?.mcpOutput;
      // MCP tools only (D-new): `MCP:<name>` on the generic event.
      if (mcp !== undefined && String(input.tool_name ?? '').startsWith('MCP:')) out.updated_mcp_tool_output = mcp;
      break;
    }
    case 'session': {
      // Lowest priority first, so that a higher priority wins a name.
      const env: Record<string, string> = {};
      for (const o of [...ordered].reverse()) {
        if (o.env === undefined) continue;
        const rank = o.rank ?? RANK.plugin!;
        const source = SOURCE_OF_RANK[rank]!;
        const kept: Record<string, string> = {};
        for (const [name, value] of Object.entries(o.env)) kept[name] = value;
        const local = Object.keys(kept).filter((name) => !exportsEverywhere(source, name));
        if (local.length > 0) extras.logger.warn(exportWarning(source, local, o.entry?.name));
        if (Object.keys(kept).length === 0) continue;
        Object.assign(env, kept);
        extras.state.exportEnv(extras.conversation, rank, kept);
      }
      if (Object.keys(env).length > 0) result.env = env;
      break;
    }
    case 'followup':
      followup(spec, order, runs, input, extras, result, out);
      break;
    case 'notice': {
      const notice = ordered.find((o) => o.userMessage !== undefined)?.userMessage;
      if (notice !== undefined) result.systemMessage = result.userMessage = out.user_message = notice;
      break;
    }
    case 'workspace': {
      const paths = [...new Set(ordered.flatMap((o) => o.pluginPaths ?? []))];
      if (paths.length > 0) result.pluginPaths = out.pluginPaths = paths;
      break;
    }
    default:
      break;
  }
  if (Object.keys(out).length > 0) result.hookSpecificOutput = { hookEventName: spec.name, ...out };
  return result;
}

function followup(spec: CursorEventSpec, order: readonly { o: CursorEntryOutcome; i: number }[], runs: HookRun[], input: Record<string, unknown>, extras: MergeExtras, result: CursorDispatchResult, out: Record<string, unknown>): void {
  const key = extras.loopKey;
  if (key === undefined) return;
  const { state, conversation } = extras;
  const offered = order.filter((x) => x.o.followup !== undefined);
  if (offered.length === 0) return state.loopEnded(conversation, key);
  // subagentStop's follow-up is consumed only when the subagent completed (D-new); stop's unless the user
  // aborted it (UNCERTAIN, §4.5).
  const refused = spec.name === 'subagentStop' ? input.status !== 'completed' : input.status === 'aborted';
  if (refused) {
    for (const { i } of offered) runs[i]!.message = `followup_message ignored: ${spec.name} status is ${JSON.stringify(input.status)}${spec.name === 'subagentStop' ? ', not "completed"' : ''}`;
    return state.loopEnded(conversation, key);
  }
  const record: LoopRecord = state.loops(conversation, key);
  let chosen: { o: CursorEntryOutcome; i: number } | undefined;
  for (const x of offered) {
    // (An outcome that says something always has its entry: the view's settle sets it.)
    const entry = x.o.entry!;
    const limit = LOOP_LIMITS.has(entry.invoke) ? LOOP_LIMITS.get(entry.invoke)! : CURSOR_DEFAULT_LOOP_LIMIT;
    const used = record.perHook.get(entry) ?? 0;
    if (limit !== null && used >= limit) {
      runs[x.i]!.message = `followup_message dropped: loop_limit ${limit} reached`;
      continue;
    }
    if (chosen === undefined) chosen = x;
    else runs[x.i]!.message = 'followup_message not used: a higher-priority hook gave one';
  }
  if (chosen === undefined) return state.loopEnded(conversation, key);
  const message = chosen.o.followup!;
  record.perHook.set(chosen.o.entry!, (record.perHook.get(chosen.o.entry!) ?? 0) + 1);
  record.count++;
  runs[chosen.i]!.outcome = 'block';
  result.blocked = true;
  result.decision = 'block';
  result.reason = result.followupMessage = out.followup_message = message;
}
