// How the cursor profile reads what a hook produced (spec §3, §4):
// - exit 0: stdout is one JSON object, flat snake_case (a UTF-8 BOM and white space are tolerated); the
//   Claude shape (`hookSpecificOutput.permissionDecision`, `decision: "block"` + `reason`) is read too,
//   Cursor's own flat fields first (T-new §3.2; mixed output resolves to one decision, tokensave #188);
// - exit 2: on a gate, a deny (beforeSubmitPrompt: `continue: false`) whose reason is the trimmed stdout,
//   else stderr — a JSON body is not parsed (observed, E-rosetta run 4); elsewhere a failure (UNCERTAIN);
// - any other exit, a signal, a timeout: the hook failed, and the action proceeds — unless `failClosed`,
//   which on a gate blocks ("hook failed closed: <why>");
// - gates only: stdout that is not empty and not a JSON object blocks whatever `failClosed` says (3.9.16:
//   "returned stdout that is not valid JSON. The action was blocked for safety", pmb #67 — the field
//   reports beat the docs' fail-open here, §4.2, and the issue pins it); empty stdout allows, unless
//   `failClosed` (IDE behaviour; the CLI's is UNCERTAIN); JSON without a decision allows, unless
//   `failClosed` or the `strictGates` option; a `permission` (or `hookSpecificOutput.permissionDecision`)
//   that is present but not allow / deny / ask ("DENY", "block") is unreadable output too, so it blocks;
//   when the flat and the nested decision disagree, the stricter wins (deny > ask > allow); Claude's
//   `decision: "block"` is a deny there too (its `reason` the message when no other is given);
// - gates only: an exception while reading the output (a throwing getter of an in-process handler's
//   value, a bug) blocks like unreadable output; a part of it that cannot be used (an `updated_input`
//   nested deeper than 64 levels or cyclic) is dropped with a warning, and the decision kept;
// - sessionStart `env`: only names `^[A-Za-z_][A-Za-z0-9_]*$` with string values free of NUL bytes are
//   kept (another would make every later hook's spawn fail, so every guard fail open); the rest are
//   dropped with a warning;
// - other events: unreadable output is an `error` run that decides nothing.
import { errorMessage } from '../../dispatch-run.js';
import { tryCopyJsonValue as safeCopy } from '../../json-value.js';
import { isPlainObject } from '../../plain-object.js';
import { looksLikeJson } from '../../executor/exit-code.js';
import type { CommandResult } from '../../executor/index.js';
import type { Entry } from '../../entry.js';
import type { EntryOutcome } from '../../parallel-run.js';
import type { CursorEventSpec } from './events.js';

/** What one entry contributed to a cursor dispatch. */
export interface CursorEntryOutcome extends EntryOutcome {
  permission?: 'allow' | 'deny' | 'ask';
  userMessage?: string;
  agentMessage?: string;
  updatedInput?: Record<string, unknown>;
  /** beforeSubmitPrompt `continue: false`. */
  stopPrompt?: true;
  context?: string;
  mcpOutput?: Record<string, unknown>;
  env?: Record<string, string>;
  followup?: string;
  pluginPaths?: string[];
  /** Set as it settles: the entry (for its loop_limit counter) and its source's priority. */
  entry?: Entry;
  rank?: number;
}

/** An entry that said nothing (shared: outcomes are never changed; a handler that returns nothing allocates nothing). */
export const SILENT: CursorEntryOutcome = Object.freeze({ outcome: 'ok' });

/** Whether an outcome says anything a merge reads. */
export const says = (o: CursorEntryOutcome): boolean =>
  o.permission !== undefined || o.userMessage !== undefined || o.agentMessage !== undefined || o.updatedInput !== undefined || o.stopPrompt !== undefined || o.context !== undefined || o.mcpOutput !== undefined || o.env !== undefined || o.followup !== undefined || o.pluginPaths !== undefined;

/** How a configured hook's failures and silences are read. */
export interface ReadRules {
  readonly failClosed: boolean;
  readonly strictGates: boolean;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
const PERMISSIONS = ['allow', 'deny', 'ask'] as const;
type Permission = (typeof PERMISSIONS)[number];
const STRICTNESS: Readonly<Record<Permission, number>> = { allow: 0, ask: 1, deny: 2 };
/** A variable name a spawn takes (and a shell can read). */
export const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Where a reading of a hook's output reports what it dropped. */
export type Warn = { warn(message: string): void };
const QUIET: Warn = { warn: () => {} };

/**
 * A JSON output object as this event reads it. `said` is whether it decided what the gate asks;
 * `unreadable`, why a gate cannot read it (a decision that is there but is none Cursor knows).
 */
export function decodeOutput(v: Record<string, unknown>, spec: CursorEventSpec, warn: Warn = QUIET): { outcome: CursorEntryOutcome; said: boolean; unreadable?: string } {
  const out: CursorEntryOutcome = { outcome: 'ok' };
  const hso = isPlainObject(v.hookSpecificOutput) ? v.hookSpecificOutput : {};
  const context = text(v.additional_context) ?? text(hso.additionalContext);
  const dropped = (what: string, why: string): void => {
    const message = `${what} dropped: ${why}`;
    out.message = out.message === undefined ? message : `${out.message}; ${message}`;
    warn.warn(`harness-hooks: a ${spec.name} hook's ${message}`);
  };
  let said = false;
  switch (spec.output) {
    case 'permission': {
      // Flat (Cursor's) and nested (Claude's) decisions; null reads as none. One that is there but is not
      // allow / deny / ask is unreadable: on a gate, a typo must not allow. Claude's older `decision:
      // "block"` (top level, or nested as the other events read it) is a deny: Cursor documents Claude's
      // output as accepted, not this field on a gate, and the stricter reading is the safe one. Its
      // `decision: "approve"` is not read (an allow would loosen a failClosed or strictGates gate).
      const claudeBlock = v.decision === 'block' || hso.decision === 'block';
      let p: Permission | undefined;
      for (const [field, given] of [['permission', v.permission], ['hookSpecificOutput.permissionDecision', hso.permissionDecision], ['decision', claudeBlock ? 'deny' : undefined]] as const) {
        if (given === undefined || given === null) continue;
        if (!PERMISSIONS.includes(given as never)) return { outcome: out, said: false, unreadable: `\`${field}\` is ${JSON.stringify(given)}, not "allow", "deny" or "ask"` };
        // When the two disagree, the stricter wins (deny > ask > allow).
        if (p === undefined || STRICTNESS[given as Permission] > STRICTNESS[p]) p = given as Permission;
      }
      // subagentStart treats ask as deny (D-new); so, UNCERTAIN, do the read gates that document no ask.
      if (p === 'ask' && !spec.ask) p = 'deny';
      if (p !== undefined) out.permission = p;
      const user = str(v.user_message) ?? str(hso.permissionDecisionReason) ?? (claudeBlock ? (str(v.reason) ?? str(hso.reason)) : undefined);
      const agent = str(v.agent_message);
      if (user !== undefined) out.userMessage = user;
      if (agent !== undefined) out.agentMessage = agent;
      if (spec.name === 'preToolUse') {
        const updated = v.updated_input ?? hso.updatedInput;
        if (isPlainObject(updated)) {
          const c = safeCopy(updated);
          if ('copy' in c) out.updatedInput = c.copy as Record<string, unknown>;
          else dropped('updated_input', c.why);
        }
      }
      said = out.permission !== undefined || out.updatedInput !== undefined;
      if (out.permission === 'deny') out.outcome = 'block';
      break;
    }
    case 'prompt': {
      const user = str(v.user_message) ?? str(v.reason);
      if (user !== undefined) out.userMessage = user;
      if (v.continue === false || v.decision === 'block' || hso.decision === 'block') {
        out.stopPrompt = true;
        out.outcome = 'block';
      }
      said = typeof v.continue === 'boolean' || out.stopPrompt === true;
      break;
    }
    case 'post-tool':
      if (context !== undefined) out.context = context;
      if (isPlainObject(v.updated_mcp_tool_output)) {
        const c = safeCopy(v.updated_mcp_tool_output);
        if ('copy' in c) out.mcpOutput = c.copy as Record<string, unknown>;
        else dropped('updated_mcp_tool_output', c.why);
      }
      break;
    case 'session':
      if (context !== undefined) out.context = context;
      if (isPlainObject(v.env)) {
        const env: Record<string, string> = Object.create(null) as Record<string, string>;
        const refused: string[] = [];
        for (const [name, value] of Object.entries(v.env)) {
          if (typeof value === 'string' && ENV_NAME.test(name) && !value.includes('\0')) env[name] = value;
          else refused.push(JSON.stringify(name));
        }
        if (refused.length > 0) dropped(`env ${refused.join(', ')}`, 'a variable needs a name of letters, digits and _ (not starting with a digit) and a string value without NUL bytes');
        if (Object.keys(env).length > 0) out.env = env;
      }
      break;
    case 'followup': {
      // Claude's Stop block (flat or nested) is the same as a followup_message (T-new).
      const claude = v.decision === 'block' ? text(v.reason) : hso.decision === 'block' ? text(hso.reason) : undefined;
      const followup = text(v.followup_message) ?? claude;
      if (followup !== undefined) out.followup = followup;
      break;
    }
    case 'notice': {
      const notice = str(v.user_message);
      if (notice !== undefined) out.userMessage = notice;
      break;
    }
    case 'workspace':
      if (Array.isArray(v.pluginPaths)) out.pluginPaths = v.pluginPaths.filter((x): x is string => typeof x === 'string');
      break;
    default:
      break;
  }
  return { outcome: out, said };
}

/** A block: a deny on a permission gate, `continue: false` on beforeSubmitPrompt. */
function blockOutcome(spec: CursorEventSpec, outcome: CursorEntryOutcome['outcome'], userMessage: string): CursorEntryOutcome {
  const o: CursorEntryOutcome = { outcome, userMessage };
  if (spec.output === 'prompt') o.stopPrompt = true;
  else o.permission = 'deny';
  return o;
}

/** A gate's block by the profile itself (a failure under failClosed, unreadable output): outcome `error`. */
export function gateBlock(spec: CursorEventSpec, outcome: CursorEntryOutcome['outcome'], reason: string, agent?: string): CursorEntryOutcome {
  const o = blockOutcome(spec, outcome, reason);
  o.message = reason;
  if (agent !== undefined) o.agentMessage = agent;
  return o;
}

/** A hook that failed: a gate with failClosed blocks, anything else lets the action proceed. */
export function failure(spec: CursorEventSpec, rules: ReadRules, outcome: 'error' | 'timeout', message: string, detail?: string): CursorEntryOutcome {
  if (spec.gate && rules.failClosed) return gateBlock(spec, outcome, `hook failed closed: ${message}`, detail);
  return { outcome, message };
}

/** Reading a hook's output threw: a gate blocks, as for unreadable output; elsewhere the run failed. */
export function unreadable(spec: CursorEventSpec, error: unknown): CursorEntryOutcome {
  const why = errorMessage(error);
  if (spec.gate) return gateBlock(spec, 'error', `Hook ${spec.name} returned output that could not be read (${why}). The action was blocked for safety.`);
  return { outcome: 'error', message: `hook output could not be read (${why}); ignored` };
}

/** Stdout (exit 0) as an outcome. */
export function fromStdout(stdout: string, spec: CursorEventSpec, rules: ReadRules, warn: Warn = QUIET): CursorEntryOutcome {
  const trimmed = stdout.replace(/^\uFEFF/, '').trim();
  if (trimmed === '') {
    if (spec.gate && rules.failClosed) return gateBlock(spec, 'error', 'hook failed closed: it returned no output');
    return { outcome: 'ok' };
  }
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    if (spec.gate) return gateBlock(spec, 'error', `Hook ${spec.name} returned stdout that is not valid JSON. The action was blocked for safety.`);
    return { outcome: 'error', message: 'hook returned stdout that is not valid JSON; ignored' };
  }
  // Valid JSON that is no object (null, a number, an array) says nothing Cursor reads.
  if (!isPlainObject(value)) {
    const what = describeJson(value);
    if (spec.gate) return gateBlock(spec, 'error', `Hook ${spec.name} returned ${what}, not a JSON object. The action was blocked for safety.`);
    return { outcome: 'error', message: `hook returned ${what}, not a JSON object; ignored` };
  }
  return fromValue(value, spec, rules, warn);
}

const describeJson = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value);

/** An output object (a command's parsed stdout, or an in-process handler's return value). */
export function fromValue(value: unknown, spec: CursorEventSpec, rules: ReadRules, warn: Warn = QUIET): CursorEntryOutcome {
  if (value === undefined || value === null) return spec.gate && rules.failClosed ? gateBlock(spec, 'error', 'hook failed closed: it returned no output') : SILENT;
  if (!isPlainObject(value)) {
    if (spec.gate) return gateBlock(spec, 'error', `Hook ${spec.name} returned ${describeJson(value)}, not a JSON object. The action was blocked for safety.`);
    return { outcome: 'error', message: `returned ${describeJson(value)}, not a JSON output object; ignored` };
  }
  const { outcome, said, unreadable: why } = decodeOutput(value, spec, warn);
  if (why !== undefined && spec.gate) return gateBlock(spec, 'error', `Hook ${spec.name} returned an invalid decision: ${why}. The action was blocked for safety.`);
  if (spec.gate && !said && (rules.failClosed || rules.strictGates)) {
    return gateBlock(spec, 'error', `hook ${rules.failClosed ? 'failed closed' : 'gave no decision (strictGates)'}: it returned no ${spec.output === 'prompt' ? '`continue`' : '`permission`'}`);
  }
  return outcome;
}

const EXIT2_NO_REASON = 'hook blocked this action (exit code 2) but provided no reason';

/** A finished command as an outcome. */
export function fromCommandResult(r: CommandResult, spec: CursorEventSpec, rules: ReadRules, timeoutSec: number, warn: Warn = QUIET): CursorEntryOutcome {
  if (r.aborted) return { outcome: 'aborted', message: r.warning ?? 'the dispatch was aborted' };
  if (r.timedOut) return failure(spec, rules, 'timeout', `hook timed out after ${timeoutSec} s`);
  if (r.exitCode === 0) {
    if (r.stdoutOverParseLimit) {
      // JSON too long to read whole: a gate refuses rather than lose the decision; anything else failed.
      const why = looksLikeJson(r.stdoutForParse) ? 'printed JSON too long to read whole' : 'printed stdout that is not valid JSON';
      return spec.gate ? gateBlock(spec, 'error', `Hook ${spec.name} ${why}. The action was blocked for safety.`) : { outcome: 'error', message: `hook ${why}; ignored` };
    }
    return fromStdout(r.stdoutForParse, spec, rules, warn);
  }
  if (r.exitCode === 2) {
    if (!spec.gate) return { outcome: 'error', message: `hook exited with code 2 (${spec.name} cannot be blocked)` };
    return blockOutcome(spec, 'block', r.stdout.trim() || r.stderr.trim() || EXIT2_NO_REASON);
  }
  const stderr = r.stderr.trim();
  const message = r.exitCode === null ? (r.warning ?? 'hook exited without a status code') : `hook exited with code ${r.exitCode}${stderr === '' ? '' : `: ${stderr.slice(0, 200)}`}`;
  // With failClosed, the agent is shown the whole error (the stack trace: A/B-verified on 3.9.16).
  return failure(spec, rules, 'error', message, stderr === '' ? undefined : stderr.slice(0, 4000));
}
