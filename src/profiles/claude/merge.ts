// Merging the outcomes of one claude dispatch, in registration order whatever order they finished in.
// Precedence, in order:
// 1. an aborted dispatch carries no decision;
// 2. PreToolUse (and PreModelSwitch) permission decisions: deny > defer > ask > allow across hooks, the
//    legacy `decision: 'approve' | 'block'` read as allow / deny; the winning decision's first reason;
//    PermissionRequest's `decision.behavior` (allow / deny) the same way;
// 3. `blocked` is true for a deny, a `decision: 'block'` or an exit 2 on an event where exit 2 blocks (the
//    catalogue's `exit2`), and only on events with decision control (the catalogue's `blocks`: SessionStart
//    ignores them); `reason` is then the first blocker's explanation;
// 4. `continue: false` is not a block: it sets `continue: false` (and the first `stopReason`) on events
//    that honour it (the catalogue's `stops`); on PreToolUse the tool still runs (issue 10 rule 5);
// 5. `additionalContext` strings, plain-text context (UserPromptSubmit, UserPromptExpansion, SessionStart,
//    PostModelSwitch) and exit-2 feedback (PostToolUse, PostToolUseFailure) join with "\n" into `injectContext`;
//    `systemMessage`s join likewise; every other hookSpecificOutput field takes the last registered
//    writer's value (stricter than Claude Code's "last finished"); fields the event does not read (its
//    catalogue `outputFields`) are dropped; a winning `defer` drops `updatedInput` and `additionalContext`.
import { tryCopyJsonValue } from '../../json-value.js';
import { isPlainObject } from '../../plain-object.js';
import type { DispatchResult, HookRun } from '../../types.js';
import type { ClaudeEventSpec } from './events.js';
import { SAID_NOTHING, type ClaudeEntryOutcome } from './output.js';
import type { LimitText } from './large-output.js';
import { buildModelText, type Blocker, type ClaudeModelText } from './model-text.js';

export type PermissionDecision = 'allow' | 'deny' | 'ask' | 'defer';
const PERMISSION_RANK: Readonly<Record<PermissionDecision, number>> = { allow: 1, ask: 2, defer: 3, deny: 4 };

/** PermissionRequest's decision, as the winning hook gave it (`hookSpecificOutput.decision`). */
export interface PermissionRequestDecision {
  behavior: 'allow' | 'deny';
  /** allow: the tool input to use instead. */
  updatedInput?: Record<string, unknown>;
  /** allow: permission rule updates, as the hook gave them. */
  updatedPermissions?: unknown[];
  /** deny: why, for the model. */
  message?: string;
  /** deny: stop the agent too. */
  interrupt?: boolean;
}

export interface ClaudeDispatchResult extends DispatchResult {
  /** PreToolUse, PreModelSwitch, and PermissionRequest (`allow` / `deny`, from `decision.behavior`). */
  permissionDecision?: PermissionDecision;
  permissionDecisionReason?: string;
  /** PermissionRequest: the winning `decision` object, for a harness to act on. */
  permissionRequest?: PermissionRequestDecision;
  /** Set with `continue: false`: why the agent stops. */
  stopReason?: string;
  systemMessage?: string;
  /** The event's merged hookSpecificOutput, tagged with `hookEventName`. */
  hookSpecificOutput?: Record<string, unknown>;
  /** The text Claude Code would hand the model for this dispatch's hook output (model-text.ts). */
  modelText?: ClaudeModelText;
  /** SessionStart, Setup, CwdChanged, FileChanged: the `export NAME=value` lines hooks wrote to CLAUDE_ENV_FILE. */
  env?: Record<string, string>;
}

// What merging reads of an event's catalogue entry, worked out once per event rather than per dispatch.
const FIELD_SETS = new WeakMap<ClaudeEventSpec, ReadonlySet<string>>();
function fieldsOf(spec: ClaudeEventSpec): ReadonlySet<string> {
  let fields = FIELD_SETS.get(spec);
  if (fields === undefined) FIELD_SETS.set(spec, (fields = new Set(spec.outputFields)));
  return fields;
}

// Merges the outcomes (index-aligned with `runs`, registration order) into the dispatch result.
export function mergeClaudeOutcomes(
  spec: ClaudeEventSpec,
  outcomes: readonly (ClaudeEntryOutcome | undefined)[],
  runs: HookRun[],
  input?: unknown,
  limit: LimitText = (text) => text,
): ClaudeDispatchResult {
  // Fast path: when no hook said anything (most in-process handlers), nothing is decided; the shared
  // silent outcome is told by identity.
  let said = false;
  for (let i = 0; i < outcomes.length && !said; i++) {
    const o = outcomes[i];
    said = o !== SAID_NOTHING && o !== undefined && (o.output !== undefined || o.text !== undefined || o.exit2 !== undefined);
  }
  if (!said) return { blocked: false, aborted: false, runs };
  const fields = fieldsOf(spec);
  const permissions = fields.has('permissionDecision');
  const requests = fields.has('decision');
  // Decisions count only on events with decision control, and not where the input says they cannot.
  const when = spec.decisionsIgnoredWhen;
  const decides = spec.blocks && (when === undefined || (input as Record<string, unknown> | undefined)?.[when[0]] !== when[1]);
  // Text over 10,000 characters is saved to a file and handed on as a preview (large-output.ts).
  const toolUseId = (input as { tool_use_id?: unknown } | undefined)?.tool_use_id;
  const id = typeof toolUseId === 'string' ? `${toolUseId}-${spec.name}` : undefined;
  const contexts: string[] = [];
  const messages: string[] = [];
  // For the model's text: contexts by kind, and each hook's blocking error with its command.
  const plain: string[] = [];
  const json: string[] = [];
  const blockers: Blocker[] = [];
  let command = '';
  const specific: Record<string, unknown> = {};
  let blockReason: string | undefined;
  let blocked = false;
  let cont: boolean | undefined;
  let stopReason: string | undefined;
  let decision: 'approve' | 'block' | undefined;
  let reason: string | undefined;
  let updatedInput: Record<string, unknown> | undefined;
  let permission: PermissionDecision | undefined;
  let permissionReason: string | undefined;
  let request: PermissionRequestDecision | undefined;

  const block = (why: string | undefined): void => {
    if (!decides) return;
    blocked = true;
    blockReason ??= why;
  };
  const permit = (p: unknown, why: unknown): boolean => {
    if (!decides || typeof p !== 'string' || !(p in PERMISSION_RANK)) return false;
    const candidate = p as PermissionDecision;
    let won = false;
    if (permission === undefined || PERMISSION_RANK[candidate] > PERMISSION_RANK[permission]) {
      permission = candidate;
      permissionReason = typeof why === 'string' ? why : undefined;
      won = true;
    } else if (candidate === permission && permissionReason === undefined && typeof why === 'string') {
      permissionReason = why;
    }
    // A deny blocks here, in registration order, so its reason is not taken over by a later blocker.
    if (candidate === 'deny') block(typeof why === 'string' ? why : `denied by a ${spec.name} hook`);
    return won;
  };
  for (let i = 0; i < outcomes.length; i++) {
    const o = outcomes[i];
    // Fast path: an entry that said nothing (most in-process handlers) costs nothing here.
    if (o === undefined || (o.output === undefined && o.text === undefined && o.exit2 === undefined)) continue;
    command = runs[i]?.name ?? '';
    const out = o.output;
    if (out !== undefined) {
      if (decides && (out.decision === 'block' || (permissions && (out.hookSpecificOutput as { permissionDecision?: unknown } | undefined)?.permissionDecision === 'deny'))) {
        const hs = out.hookSpecificOutput as { permissionDecisionReason?: unknown } | undefined;
        const why = out.decision === 'block' ? out.reason : typeof hs?.permissionDecisionReason === 'string' ? hs.permissionDecisionReason : undefined;
        blockers.push({ command, text: why ?? `blocked by a ${spec.name} hook`, json: true });
      }
      if (out.continue === false && spec.stops) {
        cont = false;
        stopReason ??= out.stopReason;
      }
      if (out.decision !== undefined && decides) {
        if (permissions) permit(out.decision === 'approve' ? 'allow' : 'deny', out.reason);
        else if (out.decision === 'block') block(out.reason ?? 'blocked by a hook');
        else decision ??= 'approve';
      }
      if (out.reason !== undefined) reason = out.reason;
      if (out.systemMessage !== undefined) messages.push(limit(out.systemMessage, 'systemMessage', id));
      const hs = out.hookSpecificOutput as Record<string, unknown> | undefined;
      if (hs !== undefined) {
        for (const [key, value] of Object.entries(hs)) {
          // Only the fields this event reads (a PostToolUse `updatedInput` rewrites nothing).
          if (!fields.has(key)) continue;
          if (key === 'additionalContext') {
            if (typeof value === 'string' && value !== '') {
              const text = limit(value, 'additionalContext', id);
              contexts.push(text);
              json.push(text);
            }
          } else if (key === 'permissionDecision' && permissions) {
            permit(value, hs.permissionDecisionReason);
          } else if (key === 'permissionDecisionReason' && permissions) {
            // taken with its decision
          } else if (key === 'decision' && requests) {
            const d = permissionRequestDecision(value);
            if (d !== undefined && permit(d.behavior, d.message)) request = d;
          } else {
            // A rewrite is a plain object or nothing; every kept value is a safe copy (src/json-value.ts):
            // one too deep or cyclic is dropped, as the hook's output would be unusable.
            if (key === 'updatedInput' && !isPlainObject(value)) continue;
            const run = runs[i];
            const copy = safeCopy(value, (why) => {
              if (run !== undefined) run.message = `${run.message === undefined ? '' : `${run.message}; `}hookSpecificOutput.${key} refused: ${why}`;
            });
            if (copy === undefined) continue;
            if (key === 'updatedInput') updatedInput = copy as Record<string, unknown>;
            specific[key] = copy;
          }
        }
      }
    }
    if (o.text !== undefined && spec.plainTextContext) {
      const text = limit(o.text, 'stdout', id);
      contexts.push(text);
      // (PostModelSwitch: the model gets it as additional context, in one reminder with the JSON's.)
      (spec.plainTextAsAdditionalContext === true ? json : plain).push(text);
    }
    if (o.exit2 !== undefined) {
      if (decides && spec.exit2 !== 'decline') blockers.push({ command, text: `[${command}]: ${o.exit2}`, json: false });
      if (spec.exit2 === 'feedback') {
        if (o.exit2 !== '') contexts.push(o.exit2);
      } else if (spec.exit2 === 'decline') {
        if (decides) specific.action = 'decline';
        block(o.exit2 || 'the hook declined (exit 2)');
      } else if (spec.exit2 === 'block') {
        if (permissions) permit('deny', o.exit2 || 'denied by a hook (exit 2)');
        else block(o.exit2 || 'blocked by a hook (exit 2)');
        if (fields.has('action') && decides) specific.action = 'decline';
      }
    }
  }

  if (permission === 'deny') block(permissionReason ?? `denied by a ${spec.name} hook`);
  // PermissionRequest: any block (a legacy `decision: "block"`, a guard failing closed) is a deny, whatever
  // another hook allowed — the harness acts on `permissionRequest`.
  if (requests && blocked && permission !== 'deny') {
    permission = 'deny';
    permissionReason = blockReason;
    request = blockReason === undefined ? { behavior: 'deny' } : { behavior: 'deny', message: blockReason };
  }
  // A deferred call goes back to the harness as it was: no rewrite, no context (issue 10 rule 7).
  if (permission === 'defer') {
    updatedInput = undefined;
    delete specific.updatedInput;
    contexts.length = 0;
  }
  if (request !== undefined) {
    specific.decision = request;
    if (request.behavior === 'allow' && request.updatedInput !== undefined) updatedInput = request.updatedInput;
    if (request.behavior === 'deny' && request.interrupt === true && spec.stops) cont = false;
  }
  const result: ClaudeDispatchResult = { blocked, aborted: false, runs };
  if (cont !== undefined) result.continue = cont;
  if (blocked) {
    result.decision = 'block';
    if (blockReason !== undefined) result.reason = blockReason;
  } else {
    if (decision !== undefined) result.decision = decision;
    if (reason !== undefined) result.reason = reason;
    if (updatedInput !== undefined) result.updatedInput = updatedInput;
  }
  if (permission !== undefined) {
    result.permissionDecision = permission;
    if (request !== undefined) result.permissionRequest = request;
    else specific.permissionDecision = permission;
    if (permissionReason !== undefined) {
      result.permissionDecisionReason = permissionReason;
      if (request === undefined) specific.permissionDecisionReason = permissionReason;
    }
  }
  if (stopReason !== undefined) result.stopReason = stopReason;
  if (contexts.length > 0) {
    result.injectContext = contexts.join('\n');
    specific.additionalContext = result.injectContext;
  }
  if (messages.length > 0) result.systemMessage = messages.join('\n');
  if (blocked) delete specific.updatedInput;
  if (hasKeys(specific)) result.hookSpecificOutput = { hookEventName: spec.name, ...specific };
  const modelText = buildModelText({
    event: spec.name,
    toolEvent: spec.matchField === 'tool_name',
    input: input as Record<string, unknown> | undefined,
    plain,
    json: permission === 'defer' ? [] : json,
    blockers,
    blocked,
    permission,
    permissionReason,
    requestDenyMessage: request?.behavior === 'deny' ? request.message : undefined,
  });
  if (modelText !== undefined) result.modelText = modelText;
  return result;
}

// PermissionRequest's `decision`, kept when it is well formed: `behavior` allow or deny and, per behavior,
// `updatedInput` (a plain object, copied), `updatedPermissions` (an array, copied), `message`, `interrupt`.
function permissionRequestDecision(value: unknown): PermissionRequestDecision | undefined {
  if (!isPlainObject(value) || (value.behavior !== 'allow' && value.behavior !== 'deny')) return undefined;
  const d: PermissionRequestDecision = { behavior: value.behavior };
  if (d.behavior === 'allow') {
    if (isPlainObject(value.updatedInput)) {
      const copy = safeCopy(value.updatedInput);
      if (copy !== undefined) d.updatedInput = copy as Record<string, unknown>;
    }
    if (Array.isArray(value.updatedPermissions)) {
      const copy = safeCopy(value.updatedPermissions);
      if (copy !== undefined) d.updatedPermissions = copy as unknown[];
    }
  } else {
    if (typeof value.message === 'string') d.message = value.message;
    if (typeof value.interrupt === 'boolean') d.interrupt = value.interrupt;
  }
  return d;
}

function hasKeys(o: object): boolean {
  for (const _ in o) return true;
  return false;
}

// A safe copy, or undefined (and `refused` told why) for a value too deep or cyclic to be one.
function safeCopy(value: unknown, refused?: (why: string) => void): unknown {
  const c = tryCopyJsonValue(value);
  if ('copy' in c) return c.copy;
  refused?.(c.why);
  return undefined;
}
