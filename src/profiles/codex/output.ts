// How the codex profile reads what a hook produced, as strictly as Codex 0.169.0 reads it: each event's
// output is a wire struct that rejects unknown keys and wrong types, and a hook whose output breaks a rule
// "failed" — which in Codex means it has no effect at all (fail open). Exit 2 needs stderr; any other
// non-zero exit fails. (codex-rs/hooks/src/engine/output_parser.rs; fixtures/codex/oracle/03-*, 04-*, 05-*.)
import { isPlainObject } from '../../plain-object.js';
import { tryCopyJsonValue } from '../../json-value.js';
import { stripTerminalControls } from '../../terminal-text.js';
import type { EntryOutcome } from '../../parallel-run.js';
import type { CommandResult } from '../../executor/index.js';
import type { HookRunOutcome } from '../../types.js';
import { looksLikeJson } from '../../executor/exit-code.js';
import { CODEX_HOOK_EVENTS, type CodexEventSpec } from './events.js';

/** What one entry contributed to a codex dispatch. */
export interface CodexEntryOutcome extends EntryOutcome {
  outcome: HookRunOutcome;
  /**
   * The event's blocking action, with its text: PreToolUse / UserPromptSubmit a block reason,
   * PermissionRequest a deny's message, PostToolUse the feedback that replaces the tool output, Stop /
   * SubagentStop the continuation prompt.
   */
  block?: string;
  /** `continue: false`, with its stopReason. */
  stop?: { reason?: string };
  /** PreToolUse `allow` with `updatedInput`. */
  updatedInput?: unknown;
  /** PermissionRequest `decision.behavior: "allow"`. */
  allow?: true;
  /** PostToolUse `hookSpecificOutput.updatedMCPToolOutput`. */
  mcpToolOutput?: unknown;
  contexts?: string[];
  systemMessage?: string;
}

const UNIVERSAL = ['continue', 'stopReason', 'suppressOutput', 'systemMessage'];
const TOP_KEYS: Readonly<Record<CodexEventSpec['output'], readonly string[]>> = {
  'pre-tool': [...UNIVERSAL, 'decision', 'reason', 'hookSpecificOutput'],
  permission: [...UNIVERSAL, 'hookSpecificOutput'],
  'post-tool': [...UNIVERSAL, 'decision', 'reason', 'hookSpecificOutput'],
  prompt: [...UNIVERSAL, 'decision', 'reason', 'hookSpecificOutput'],
  stop: [...UNIVERSAL, 'decision', 'reason'],
  context: [...UNIVERSAL, 'hookSpecificOutput'],
  universal: UNIVERSAL,
  interrupt: ['systemMessage'],
  none: [],
};
const SPECIFIC_KEYS: Readonly<Partial<Record<CodexEventSpec['output'], readonly string[]>>> = {
  'pre-tool': ['hookEventName', 'permissionDecision', 'permissionDecisionReason', 'updatedInput', 'additionalContext'],
  permission: ['hookEventName', 'decision'],
  'post-tool': ['hookEventName', 'additionalContext', 'updatedMCPToolOutput'],
  prompt: ['hookEventName', 'additionalContext'],
  context: ['hookEventName', 'additionalContext'],
};
const EVENT_NAMES: ReadonlySet<string> = new Set(CODEX_HOOK_EVENTS);

/** Why an output is not what the event's wire struct takes (serde's error, in words), or undefined. */
function shapeError(value: Record<string, unknown>, spec: CodexEventSpec): string | undefined {
  const allowed = TOP_KEYS[spec.output];
  for (const key of Object.keys(value)) if (!allowed.includes(key)) return `unknown field \`${key}\``;
  // continue and suppressOutput are plain booleans in Codex (null is a type error); the others are Options.
  for (const key of ['continue', 'suppressOutput']) if (value[key] !== undefined && typeof value[key] !== 'boolean') return `\`${key}\` must be a boolean`;
  for (const key of ['stopReason', 'systemMessage', 'reason']) if (value[key] != null && typeof value[key] !== 'string') return `\`${key}\` must be a string`;
  const decision = value.decision;
  if (decision !== undefined && decision !== null && !(decision === 'block' || (decision === 'approve' && spec.output === 'pre-tool'))) return `\`decision\` must be "block"${spec.output === 'pre-tool' ? ' or "approve"' : ''}`;
  const specific = value.hookSpecificOutput;
  if (specific === undefined || specific === null) return undefined;
  if (!isPlainObject(specific)) return '`hookSpecificOutput` must be an object';
  for (const key of Object.keys(specific)) if (!SPECIFIC_KEYS[spec.output]!.includes(key)) return `unknown field \`hookSpecificOutput.${key}\``;
  // Codex parses hookEventName into its event enum: any of its events passes, another name does not.
  if (typeof specific.hookEventName !== 'string' || !EVENT_NAMES.has(specific.hookEventName)) return '`hookSpecificOutput.hookEventName` must name a Codex hook event';
  if (specific.additionalContext != null && typeof specific.additionalContext !== 'string') return '`hookSpecificOutput.additionalContext` must be a string';
  if (specific.permissionDecisionReason != null && typeof specific.permissionDecisionReason !== 'string') return '`permissionDecisionReason` must be a string';
  if (specific.permissionDecision != null && !['allow', 'deny', 'ask'].includes(specific.permissionDecision as string)) return '`permissionDecision` must be "allow", "deny" or "ask"';
  if (spec.output === 'permission' && specific.decision != null) {
    const d = specific.decision;
    if (!isPlainObject(d)) return '`hookSpecificOutput.decision` must be an object';
    for (const key of Object.keys(d)) if (!['behavior', 'message', 'updatedInput', 'updatedPermissions', 'interrupt'].includes(key)) return `unknown field \`hookSpecificOutput.decision.${key}\``;
    if (d.behavior !== 'allow' && d.behavior !== 'deny') return '`decision.behavior` must be "allow" or "deny"';
    if (d.message != null && typeof d.message !== 'string') return '`decision.message` must be a string';
    if (d.interrupt != null && typeof d.interrupt !== 'boolean') return '`decision.interrupt` must be a boolean';
  }
  return undefined;
}

const failed = (message: string): CodexEntryOutcome => ({ outcome: 'error', message });
const blank = (s: unknown): boolean => typeof s !== 'string' || s.trim() === '';

// A JSON output object as an outcome, under the event's rules (Codex's parse_<event>).
export function fromOutput(value: Record<string, unknown>, spec: CodexEventSpec): CodexEntryOutcome {
  const event = spec.name;
  if (spec.output === 'none') return { outcome: 'ok' };
  const shape = shapeError(value, spec);
  if (shape !== undefined) return failed(`hook returned invalid ${event} JSON output: ${shape}`);
  const out: CodexEntryOutcome = { outcome: 'ok' };
  if (typeof value.systemMessage === 'string') out.systemMessage = stripTerminalControls(value.systemMessage);
  const specific = (value.hookSpecificOutput ?? {}) as Record<string, unknown>;
  const context = typeof specific.additionalContext === 'string' && specific.additionalContext !== '' ? [specific.additionalContext] : undefined;
  const stopReason = typeof value.stopReason === 'string' ? value.stopReason : undefined;
  const stops = value.continue === false;
  switch (spec.output) {
    case 'pre-tool': {
      // PreToolUse cannot stop the agent or hide output: such an output fails whole (a deny in it too).
      if (stops) return failed('PreToolUse hook returned unsupported continue:false');
      if (stopReason !== undefined) return failed('PreToolUse hook returned unsupported stopReason');
      if (value.suppressOutput === true) return failed('PreToolUse hook returned unsupported suppressOutput');
      const decision = specific.permissionDecision;
      // (JSON null is None in Codex's Option fields.)
      const updated = specific.updatedInput ?? undefined;
      const hookSpecific = decision != null || specific.permissionDecisionReason != null || updated !== undefined;
      if (hookSpecific) {
        if (updated !== undefined && decision !== 'allow') return failed('PreToolUse hook returned updatedInput without permissionDecision:allow');
        if (decision === 'allow' && updated === undefined) return failed('PreToolUse hook returned unsupported permissionDecision:allow');
        if (decision === 'ask') return failed('PreToolUse hook returned unsupported permissionDecision:ask');
        if (decision === 'deny' && blank(specific.permissionDecisionReason)) return failed('PreToolUse hook returned permissionDecision:deny without a non-empty permissionDecisionReason');
        if (decision == null) return failed('PreToolUse hook returned permissionDecisionReason without permissionDecision');
        if (decision === 'deny') out.block = (specific.permissionDecisionReason as string).trim();
        else {
          // A safe copy (src/json-value.ts): Codex takes any JSON, but one too deep to copy (a rewrite nested
          // 100,000 deep) fails the hook here, as output Codex's parser refuses fails it there.
          const copy = tryCopyJsonValue(updated);
          if ('why' in copy) return failed(`PreToolUse hook returned unusable updatedInput: ${copy.why}`);
          out.updatedInput = copy.copy;
        }
      } else if (value.decision === 'approve') return failed('PreToolUse hook returned unsupported decision:approve');
      else if (value.decision === 'block') {
        if (blank(value.reason)) return failed('PreToolUse hook returned decision:block without a non-empty reason');
        out.block = (value.reason as string).trim();
      } else if (value.reason != null) return failed('PreToolUse hook returned reason without decision');
      break;
    }
    case 'permission': {
      if (stops) return failed('PermissionRequest hook returned unsupported continue:false');
      if (stopReason !== undefined) return failed('PermissionRequest hook returned unsupported stopReason');
      if (value.suppressOutput === true) return failed('PermissionRequest hook returned unsupported suppressOutput');
      const d = specific.decision as Record<string, unknown> | undefined | null;
      if (d == null) break;
      if (d.updatedInput != null) return failed('PermissionRequest hook returned unsupported updatedInput');
      if (d.updatedPermissions != null) return failed('PermissionRequest hook returned unsupported updatedPermissions');
      if (d.interrupt === true) return failed('PermissionRequest hook returned unsupported interrupt:true');
      if (d.behavior === 'allow') out.allow = true;
      else out.block = blank(d.message) ? 'PermissionRequest hook denied approval' : (d.message as string).trim();
      break;
    }
    case 'post-tool': {
      if (value.suppressOutput === true) return failed('PostToolUse hook returned unsupported suppressOutput');
      if (value.decision === 'block' && blank(value.reason)) return failed('PostToolUse hook returned decision:block without a non-empty reason');
      if (value.reason != null && value.decision == null && !stops) return failed('PostToolUse hook returned reason without decision');
      // continue:false: its text replaces the tool output (0.169.0 does not end the turn: observed).
      if (stops) out.block = [value.reason, stopReason].find((s) => !blank(s))?.toString().trim() ?? 'PostToolUse hook stopped execution';
      else if (value.decision === 'block') out.block = (value.reason as string).trim();
      if (specific.updatedMCPToolOutput != null) {
        const copy = tryCopyJsonValue(specific.updatedMCPToolOutput);
        if ('why' in copy) return failed(`PostToolUse hook returned unusable updatedMCPToolOutput: ${copy.why}`);
        out.mcpToolOutput = copy.copy;
      }
      break;
    }
    case 'prompt':
    case 'stop': {
      if (value.decision === 'block') {
        if (blank(value.reason)) return failed(`${event} hook returned decision:block without a non-empty reason`);
        out.block = (value.reason as string).trim();
      }
      if (stops) out.stop = stopReason === undefined ? {} : { reason: stopReason };
      break;
    }
    case 'context':
    case 'universal':
      if (stops) out.stop = stopReason === undefined ? {} : { reason: stopReason };
      break;
    case 'interrupt':
      break;
  }
  if (context !== undefined) out.contexts = context;
  if (out.block !== undefined || out.stop !== undefined) out.outcome = 'block';
  return out;
}

// Exit-0 stdout: empty says nothing; JSON (first non-blank character `{` or `[`) must be a valid output
// object or the hook failed; anything else is context where the event takes plain text, else ignored.
export function fromStdout(stdout: string, spec: CodexEventSpec): CodexEntryOutcome {
  const trimmed = stdout.trim();
  if (trimmed === '' || spec.output === 'none') return { outcome: 'ok' };
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch {
      return failed(`hook returned invalid ${spec.name} JSON output`);
    }
    if (!isPlainObject(value)) return failed(`hook returned invalid ${spec.name} JSON output: expected an object`);
    return fromOutput(value, spec);
  }
  if (spec.output === 'interrupt') return failed('Interrupt hook returned non-JSON stdout');
  return spec.plainTextContext ? { outcome: 'ok', contexts: [trimmed] } : { outcome: 'ok' };
}

const EXIT2_WANTS: Partial<Record<CodexEventSpec['output'], string>> = {
  'pre-tool': 'a blocking reason',
  permission: 'a denial reason',
  prompt: 'a blocking reason',
  stop: 'a continuation prompt',
  'post-tool': 'feedback',
};

// What the profile itself decides for a hook whose answer it cannot have (JSON too long to read whole, an
// input it could not send): where the event can refuse, it refuses (deliberately stricter than Codex, which
// would fail open); elsewhere the hook failed.
export function refusal(spec: CodexEventSpec, reason: string): CodexEntryOutcome {
  return EXIT2_WANTS[spec.output] === undefined || spec.output === 'post-tool' ? failed(reason) : { outcome: 'block', block: reason, message: reason };
}

// A finished command as a codex outcome. A timeout fails open (the command Codex guards runs).
export function fromCommandResult(r: CommandResult, spec: CodexEventSpec): CodexEntryOutcome {
  if (r.aborted) return { outcome: 'aborted', ...(r.warning === undefined ? {} : { message: r.warning }) };
  if (r.timedOut) return { outcome: 'timeout', message: r.warning ?? 'hook timed out' };
  if (r.exitCode === 0) {
    // Codex reads stdout to its end; here JSON past the executor's parse limit cannot be read whole. Where
    // the event can refuse, it refuses (a decision is never lost to a cap: one place this profile differs
    // on purpose); elsewhere the hook failed.
    if (r.stdoutOverParseLimit === true && looksLikeJson(r.stdoutForParse ?? r.stdout)) {
      return refusal(spec, `hook printed ${spec.name} JSON output too long to read whole (over the executor's parse limit)`);
    }
    return fromStdout(r.stdoutForParse ?? r.stdout, spec);
  }
  if (r.exitCode === 2) {
    const wants = EXIT2_WANTS[spec.output];
    const stderr = r.stderr.trim();
    if (wants === undefined) return failed(`hook exited with code 2 (${spec.name} has no blocking action)`);
    if (stderr === '') return failed(`${spec.name} hook exited with code 2 but did not write ${wants} to stderr`);
    // Stdout is not read on exit 2: the stderr is the reason, whatever JSON came with it (observed).
    return { outcome: 'block', block: stderr };
  }
  return failed(r.exitCode === null ? 'hook exited without a status code' : `hook exited with code ${r.exitCode}${r.stderr.trim() === '' ? '' : `: ${r.stderr.trim().slice(0, 200)}`}`);
}

// An in-process handler's return value: the same JSON output object a command prints.
export const SAID_NOTHING: CodexEntryOutcome = Object.freeze({ outcome: 'ok' });
export function fromHandlerValue(value: unknown, spec: CodexEventSpec): CodexEntryOutcome {
  if (value === undefined || value === null) return SAID_NOTHING;
  if (!isPlainObject(value)) return failed(`returned ${Array.isArray(value) ? 'an array' : typeof value}, not a JSON output object`);
  return fromOutput(value, spec);
}
