// Reading a dispatch result back to its hooks: what each hook said (from its run, else from its command's
// exit code and output), and why each part of the merged decision came out as it did. This is for people
// reading a trace; the registry's own merge (src/profiles/default/merge.ts, src/profiles/claude/merge.ts) decides.
import type { CommandResult } from '../executor/index.js';
import type { ClaudeDispatchResult } from '../profiles/claude/merge.js';
import type { ProfileName } from '../profiles/index.js';
import type { HookRun } from '../types.js';

/** What one hook said, as far as can be read. */
export interface HookSaid {
  permissionDecision?: string;
  permissionDecisionReason?: string;
  decision?: string;
  continue?: boolean;
  stopReason?: string;
  reason?: string;
  context?: boolean;
  updatedInput?: boolean;
  systemMessage?: boolean;
  /** Exit 2 (with its stderr). */
  exit2?: string;
}

/** A finished hook with what it said. */
export interface HookReading {
  run: HookRun;
  command?: CommandResult;
  said: HookSaid;
}

/** One line of "why": a part of the decision and the hooks it came from. */
export interface Why {
  field: string;
  text: string;
  hooks: string[];
}

const RANK: Readonly<Record<string, number>> = { allow: 1, ask: 2, defer: 3, deny: 4 };

// What a hook said: its run's own decision when the profile keeps one, else read from its command's
// exit code and stdout (JSON output) or stderr (exit 2).
export function readHook(run: HookRun, command: CommandResult | undefined): HookReading {
  const said: HookSaid = {};
  const decision = run.decision as Record<string, unknown> | undefined;
  if (decision !== undefined) {
    readOutput(decision, said);
    if (command?.exitCode === 2) said.exit2 = command.stderr.trim();
  } else if (command !== undefined) {
    if (command.exitCode === 0) {
      const text = command.stdout.trim();
      if (text.startsWith('{')) {
        try {
          const output = JSON.parse(text) as unknown;
          if (output !== null && typeof output === 'object') readOutput(output as Record<string, unknown>, said);
        } catch {
          // not JSON: the profile reads it as text (or ignores it)
        }
      } else if (text !== '') said.context = true;
    } else if (command.exitCode === 2) said.exit2 = command.stderr.trim();
  }
  return { run, ...(command === undefined ? {} : { command }), said };
}

function readOutput(o: Record<string, unknown>, said: HookSaid): void {
  if (o.continue === false) said.continue = false;
  if (typeof o.decision === 'string') said.decision = o.decision;
  if (typeof o.reason === 'string') said.reason = o.reason;
  if (typeof o.stopReason === 'string') said.stopReason = o.stopReason;
  if (typeof o.systemMessage === 'string') said.systemMessage = true;
  if (typeof o.injectContext === 'string' && o.injectContext !== '') said.context = true;
  if (o.updatedInput !== undefined) said.updatedInput = true;
  const hs = o.hookSpecificOutput;
  if (hs !== null && typeof hs === 'object') {
    const h = hs as Record<string, unknown>;
    if (typeof h.permissionDecision === 'string') said.permissionDecision = h.permissionDecision;
    if (typeof h.permissionDecisionReason === 'string') said.permissionDecisionReason = h.permissionDecisionReason;
    if (typeof h.additionalContext === 'string' && h.additionalContext !== '') said.context = true;
    if (h.updatedInput !== undefined) said.updatedInput = true;
  }
}

// The permission a hook's answer amounts to on an event with permission decisions (legacy decisions and
// exit 2 read as Claude Code reads them).
function permissionOf(r: HookReading): string | undefined {
  if (r.said.permissionDecision !== undefined && r.said.permissionDecision in RANK) return r.said.permissionDecision;
  if (r.said.decision === 'approve') return 'allow';
  if (r.said.decision === 'block' || r.said.exit2 !== undefined) return 'deny';
  return undefined;
}

function blockHow(r: HookReading): string {
  if (r.said.continue === false) return 'continue: false';
  if (r.said.exit2 !== undefined) return 'exited 2';
  if (r.said.decision === 'block') return 'decision "block"';
  if (r.said.permissionDecision === 'deny') return 'permissionDecision "deny"';
  if (r.run.message?.includes('onFailure: block')) return 'failed with onFailure: block';
  return 'blocked';
}

const names = (rs: readonly HookReading[]): string[] => rs.map((r) => r.run.name);

/** How a hook is named in the text: its name, quoted and cut to 40 characters. */
export function shortName(name: string): string {
  // The distinctive part: from the script a command runs (its file name and arguments), not the folder
  // three hooks share; in ‹›, since commands hold quotes of their own.
  const words = name.trim().split(/\s+/);
  const script = words.findIndex((w) => /[\w-]\/[^/]/.test(w) || /\.(?:sh|py|mjs|cjs|js|ts|rb|pl)['"]?$/.test(w));
  const shown = script === -1 ? name : [basenameOf(words[script]!), ...words.slice(script + 1)].join(' ');
  return `‹${shown.length > 40 ? `${shown.slice(0, 39)}…` : shown}›`;
}

// A path's last part (quotes kept off): `"$CLAUDE_PROJECT_DIR"/.claude/hooks/check.sh` → `check.sh`.
function basenameOf(word: string): string {
  const clean = word.replace(/["']/g, '');
  return clean.slice(clean.lastIndexOf('/') + 1) || clean;
}

// Why each part of the merged result came out as it did, in the order a reader needs it. `label` names a
// hook in the text (the trace numbers them).
export function explainResult(
  profile: ProfileName,
  result: ClaudeDispatchResult,
  readings: readonly HookReading[],
  notRun: readonly string[],
  label: (r: HookReading) => string = (r) => shortName(r.run.name),
): Why[] {
  const list = (rs: readonly HookReading[]): string => rs.map(label).join(', ');
  const out: Why[] = [];
  const add = (field: string, text: string, hooks: readonly HookReading[] = []): void => void out.push({ field, text, hooks: names(hooks) });
  if (result.aborted) {
    add('aborted', 'the dispatch was aborted: no decision');
    return out;
  }
  const permissions = readings.filter((r) => permissionOf(r) !== undefined);
  const usesPermissions = result.permissionDecision !== undefined;

  if (result.blocked) {
    if (usesPermissions && result.permissionDecision === 'deny') {
      const deniers = permissions.filter((r) => permissionOf(r) === 'deny');
      const others = permissions.filter((r) => permissionOf(r) !== 'deny');
      let text = `blocked: permissionDecision "deny" from ${list(deniers)}`;
      if (others.length > 0) text += `; deny outranks ${others.map((r) => `"${permissionOf(r)}" from ${label(r)}`).join(', ')} (deny > defer > ask > allow)`;
      add('blocked', text, deniers);
    } else {
      const blockers = readings.filter((r) => r.run.outcome === 'block' || r.said.continue === false || r.said.decision === 'block');
      add('blocked', blockers.length > 0 ? `blocked by ${blockers.map((r) => `${label(r)} (${blockHow(r)})`).join(', ')}` : 'blocked', blockers);
    }
    if (profile === 'default' && notRun.length > 0) add('chain', `the chain stopped at the block: ${notRun.map(shortName).join(', ')} did not run`);
    if (result.reason !== undefined) {
      const from = readings.find((r) => [r.said.reason, r.said.permissionDecisionReason, r.said.stopReason, r.said.exit2].includes(result.reason) || r.run.message === result.reason);
      add('reason', `reason ${JSON.stringify(result.reason)}: the first blocker's${from ? ` (${label(from)})` : ''}`, from ? [from] : []);
    }
  } else {
    if (usesPermissions) {
      const winners = permissions.filter((r) => permissionOf(r) === result.permissionDecision);
      const others = permissions.filter((r) => permissionOf(r) !== result.permissionDecision);
      let text = `permissionDecision "${result.permissionDecision}" from ${list(winners)}`;
      if (others.length > 0) text += `; it outranks ${others.map((r) => `"${permissionOf(r)}" from ${label(r)}`).join(', ')} (deny > defer > ask > allow)`;
      add('permissionDecision', text, winners);
    } else if (result.decision === 'approve') {
      const approvers = readings.filter((r) => r.said.decision === 'approve');
      add('decision', `decision "approve" from ${list(approvers)} (an approval does not skip later hooks)`, approvers);
    }
    if (result.reason !== undefined) {
      const writers = readings.filter((r) => r.said.reason === result.reason);
      add('reason', `reason ${JSON.stringify(result.reason)}: the last hook that gave one${writers.length ? ` (${label(writers.at(-1)!)})` : ''}`, writers.slice(-1));
    }
    if (!usesPermissions && result.decision === undefined) {
      add('decision', readings.length === 0 ? 'no hook ran: the action goes ahead as if there were no hooks' : 'no hook blocked or decided: the action goes ahead');
    }
  }
  if (result.continue === false && !out.some((w) => w.field === 'blocked' && w.text.includes('continue'))) {
    const stoppers = readings.filter((r) => r.said.continue === false);
    add('continue', `continue: false from ${list(stoppers)}: the turn ends`, stoppers);
  }
  if (result.stopReason !== undefined) {
    const from = readings.filter((r) => r.said.stopReason === result.stopReason);
    add('stopReason', `stopReason ${JSON.stringify(result.stopReason)} from ${list(from)}`, from);
  }
  if (result.injectContext !== undefined) {
    const from = readings.filter((r) => r.said.context === true || (r.said.exit2 !== undefined && r.said.exit2 !== '' && result.injectContext!.includes(r.said.exit2)));
    add('injectContext', from.length > 0 ? `context joined in registration order from ${list(from)}` : 'context from the hooks\' output', from);
  }
  const rewriters = readings.filter((r) => r.said.updatedInput === true);
  if (result.updatedInput !== undefined) {
    add('updatedInput', `input rewritten by ${(rewriters.length > 0 ? label(rewriters.at(-1)!) : 'a hook')}${rewriters.length > 1 ? ` (the last registered of ${list(rewriters)})` : ''}`, rewriters.slice(-1));
  } else if (rewriters.length > 0) {
    add('updatedInput', `the rewrite from ${list(rewriters)} was dropped: ${result.blocked ? 'a blocked result carries no rewrite' : 'this event does not take rewrites'}`, rewriters);
  }
  if (result.systemMessage !== undefined) {
    const from = readings.filter((r) => r.said.systemMessage === true);
    add('systemMessage', `systemMessage from ${list(from)}`, from);
  }
  if (result.env !== undefined && Object.keys(result.env).length > 0) add('env', `env ${Object.keys(result.env).join(', ')} written to CLAUDE_ENV_FILE`);
  for (const r of readings) {
    if (r.run.outcome !== 'error' && r.run.outcome !== 'timeout') continue;
    const how = r.run.outcome === 'timeout' ? 'timed out' : 'failed';
    add('failure', `${label(r)} ${how}${r.run.message ? ` (${r.run.message.replace(/^harness-hooks: /, '')})` : ''}: it decided nothing, so it counts neither as an approval nor as a block`, [r]);
  }
  return out;
}

/** A decision in one word, for comparing two dispatches. */
export type DecisionLabel = 'aborted' | 'deny' | 'stop' | 'block' | 'ask' | 'defer' | 'allow' | 'approve' | 'none';

// The decision a result amounts to: deny/stop/block when blocked, else the permission decision or
// approval, else none (the action goes ahead with no decision).
export function decisionLabel(result: Partial<ClaudeDispatchResult>): DecisionLabel {
  if (result.aborted === true) return 'aborted';
  if (result.blocked === true) return result.permissionDecision === 'deny' ? 'deny' : result.continue === false ? 'stop' : 'block';
  if (result.permissionDecision !== undefined) return result.permissionDecision;
  return result.decision === 'approve' ? 'approve' : 'none';
}

export function describeLabel(label: DecisionLabel): string {
  return label === 'none' ? 'no decision' : label === 'stop' ? 'stop (continue: false)' : label;
}
