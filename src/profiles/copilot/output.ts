// How the copilot profile reads what a hook produced, as Copilot CLI 1.0.102 reads it (REF @05da5bc3; CL
// 1.0.57, 1.0.67, 1.0.70; spec §4–§5):
// - stdout: lines that are one `{"type":"progress",…}` object are display-only and dropped; the rest is
//   joined, trimmed and parsed once; empty or invalid JSON is "no output" (the default flow);
// - exit 2: preToolUse denies (its JSON merged, deny wins), permissionRequest denies, postToolUseFailure's
//   stdout (else stderr) is recovery context, elsewhere a warning;
// - any other failure (non-zero exit, signal, spawn error, an input that would not serialize): preToolUse
//   fails closed ("Denied by preToolUse hook (hook errored)"), every other event — permissionRequest
//   included: "logged, skipped" (§5.1) — fails open; a timeout fails open everywhere;
// - `onFailure` on the handler overrides that on the events that can deny: 'block' denies, 'continue' lets through;
// - JSON stdout past the executor's parse limit (1 MiB; Copilot reads up to 10 MiB) cannot be read whole:
//   on preToolUse / permissionRequest it denies rather than lose a decision (a deliberate difference).
import { looksLikeJson } from '../../executor/exit-code.js';
import { copyJsonValue } from '../../json-value.js';
import { isPlainObject } from '../../plain-object.js';
import type { EntryReport } from '../../entry.js';
import type { CommandResult } from '../../executor/index.js';
import type { HookDecision, HookLogger } from '../../types.js';
import type { CopilotEventSpec } from './events.js';
import { COPILOT_TEXT } from './model-text.js';

/** What one hook decided, in Copilot's terms. */
export interface CopilotDecision extends HookDecision {
  permissionDecision?: 'allow' | 'deny' | 'ask';
  permissionDecisionReason?: string;
  behavior?: 'allow' | 'deny';
  message?: string;
  interrupt?: boolean;
  modifiedResult?: Record<string, unknown>;
  modifiedResponse?: string;
  modifiedTransformedPrompt?: string;
  /** userPromptSubmitted: the prompt in the submitted one's place. */
  modifiedPrompt?: string;
  systemMessage?: string;
  /** What the model is told of a deny (§4: "Denied by preToolUse hook: <reason>"). */
  modelText?: string;
}

// Decisions this profile read; anything else a run holds is the sequential run's own (a handler failed).
const READ = new WeakSet<object>();
export const isCopilotDecision = (d: HookDecision): d is CopilotDecision => READ.has(d);
const mark = (d: CopilotDecision): CopilotDecision => (READ.add(d), d);

/** Stdout as Copilot reads it: progress lines out, one JSON object, else undefined. */
export function parseStdout(stdout: string): Record<string, unknown> | undefined {
  const text = withoutProgress(stdout).trim();
  if (text === '') return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return isPlainObject(value) ? value : undefined;
  } catch {
    return undefined; // two objects, or prose: "no output" (REF)
  }
}

// Stdout without its `{"type":"progress",…}` lines (display-only, CL 1.0.57).
function withoutProgress(stdout: string): string {
  let text = stdout;
  if (stdout.includes('progress')) {
    text = stdout
      .split('\n')
      .filter((line) => {
        const t = line.trim();
        if (!t.startsWith('{') || !t.includes('progress')) return true;
        try {
          const v: unknown = JSON.parse(t);
          return !(isPlainObject(v) && v.type === 'progress');
        } catch {
          return true;
        }
      })
      .join('\n');
  }
  return text;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const DECISIONS = ['allow', 'deny', 'ask'] as const;

/**
 * Who wrote an output: a hook of a camelCase file, of a PascalCase ("VS Code compatible") file, or an
 * in-process handler. The binary reads `hookSpecificOutput` by the form (fixtures/copilot/oracle/02, 06, 07, 09).
 */
export type CopilotOutputForm = 'camel' | 'pascal' | 'handler';

const NO_HSO: Readonly<Record<string, unknown>> = Object.freeze({});

// Which `hookSpecificOutput` an output's form and event read (the binary): a camelCase file's never (its
// deny aside, below); a PascalCase file's on preToolUse only — 1.0.102 ignores it on postToolUse,
// userPromptSubmitted, sessionStart and permissionRequest (oracle 06, 09), where the top-level fields work in
// both forms; a handler's everywhere (not the binary's to say: Copilot's top-level fields come first).
function readsHso(spec: CopilotEventSpec, form: CopilotOutputForm): boolean {
  return form === 'handler' || (form === 'pascal' && spec.output === 'pre-tool');
}

/** An output object as this event reads it; undefined when it says nothing the event reads. */
export function decodeOutput(v: Record<string, unknown>, spec: CopilotEventSpec, logger?: HookLogger, name?: string, form: CopilotOutputForm = 'handler'): CopilotDecision | undefined {
  if (spec.output === 'none') return undefined;
  const given = isPlainObject(v.hookSpecificOutput) ? v.hookSpecificOutput : undefined;
  const hso = given !== undefined && readsHso(spec, form) ? given : NO_HSO;
  const pick = (key: string): unknown => v[key] ?? hso[key];
  const d: CopilotDecision = {};
  const context = str(pick('additionalContext')); // null = absent (REF)
  if (context !== undefined && context !== '' && spec.output !== 'transformed' && spec.output !== 'permission' && spec.output !== 'stop') d.injectContext = context;
  if (str(v.systemMessage) !== undefined) d.systemMessage = v.systemMessage as string;
  switch (spec.output) {
    case 'pre-tool': {
      let pd = pick('permissionDecision');
      let reason = str(pick('permissionDecisionReason'));
      // A deliberate difference: a camelCase file's hookSpecificOutput deny, which the binary ignores (the
      // tool runs), still denies here — what cannot be decided safely decides the stricter way, and the
      // hook's author meant a deny. Its rewrite, context and ask are ignored, as the binary ignores them.
      if (form === 'camel' && given !== undefined && given.permissionDecision === 'deny' && !DECISIONS.includes(pd as never)) {
        pd = 'deny';
        reason = str(given.permissionDecisionReason);
        logger?.warn(`harness-hooks: hook "${name}" on preToolUse denied in hookSpecificOutput, which Copilot ignores in a camelCase hooks file (it would run the tool); denied here, the stricter reading — put permissionDecision at the top level`);
      }
      if (DECISIONS.includes(pd as never)) d.permissionDecision = pd as CopilotDecision['permissionDecision'];
      if (reason !== undefined) d.permissionDecisionReason = reason;
      const args = v.modifiedArgs ?? hso.updatedInput;
      if (isPlainObject(args)) {
        try {
          d.updatedInput = copyJsonValue(args) as Record<string, unknown>;
        } catch (error) {
          logger?.warn(`harness-hooks: hook "${name}" on preToolUse returned unusable modifiedArgs (${(error as Error).message}); ignored`);
        }
      }
      if (d.permissionDecision === 'deny') deny(d, d.permissionDecisionReason?.trim() || 'No reason provided');
      break;
    }
    case 'permission': {
      const inner = isPlainObject(hso.decision) ? hso.decision : {};
      const behavior = v.behavior ?? inner.behavior;
      if (behavior === 'allow' || behavior === 'deny') d.behavior = behavior;
      const message = str(v.message ?? inner.message);
      if (message !== undefined) d.message = message;
      const interrupt = v.interrupt ?? inner.interrupt;
      if (typeof interrupt === 'boolean') d.interrupt = interrupt;
      break;
    }
    case 'post-tool':
      // `decision: "block"` with a reason replaces the result the model sees ("Tool result blocked: <reason>")
      // and ends the chain; without a `reason` string it is ignored, an empty one blocks (the binary, oracle 06,
      // 09 post-block-no-reason, post-block-empty-reason; the docs are silent).
      if (spec.name === 'postToolUse' && pick('decision') === 'block') {
        const reason = str(pick('reason'));
        if (reason !== undefined) {
          d.decision = 'block';
          d.reason = reason;
          d.modelText = `Tool result blocked: ${reason}`;
        }
      }
      if (isPlainObject(v.modifiedResult)) {
        try {
          d.modifiedResult = copyJsonValue(v.modifiedResult) as Record<string, unknown>;
        } catch (error) {
          logger?.warn(`harness-hooks: hook "${name}" on ${spec.name} returned an unusable modifiedResult (${(error as Error).message}); ignored`);
        }
      }
      break;
    case 'context':
      // userPromptSubmitted (the binary, oracle 07; the docs: "output ignored"): `modifiedPrompt` replaces the
      // prompt; `decision: "block"` blocks it — no model request, and `copilot -p` exits 1.
      if (spec.name === 'userPromptSubmitted') {
        const prompt = str(v.modifiedPrompt);
        if (prompt !== undefined && prompt !== '') d.modifiedPrompt = prompt;
        if (pick('decision') === 'block') {
          d.decision = 'block';
          d.reason = str(pick('reason')) ?? '';
        }
      }
      break;
    case 'stop': {
      if (pick('decision') === 'block') {
        d.decision = 'block';
        const reason = str(pick('reason'));
        if (reason !== undefined) d.reason = reason;
      }
      if (spec.name === 'subagentStop' && str(v.modifiedResponse) !== undefined) d.modifiedResponse = v.modifiedResponse as string;
      break;
    }
    case 'transformed': {
      const p = v.modifiedTransformedPrompt;
      // A non-string is ignored with a warning, an empty override rejected (REF; CL 1.0.76).
      if (typeof p === 'string' && p !== '') d.modifiedTransformedPrompt = p;
      else if (p !== undefined && p !== null) logger?.warn(`harness-hooks: hook "${name}" on userPromptTransformed returned ${p === '' ? 'an empty' : 'a non-string'} modifiedTransformedPrompt; ignored`);
      break;
    }
    default:
      break;
  }
  return Object.keys(d).length === 0 ? undefined : mark(d);
}

function deny(d: CopilotDecision, reason: string, modelText = COPILOT_TEXT.deny(reason)): CopilotDecision {
  d.permissionDecision = 'deny';
  d.permissionDecisionReason = reason;
  d.reason = reason;
  d.modelText = modelText;
  return d;
}

/** Whether a decision is a block of its event (ends a preToolUse chain; the run's outcome is `block`). */
export function blocksEvent(d: CopilotDecision, spec: CopilotEventSpec): boolean {
  if (spec.output === 'pre-tool') return d.permissionDecision === 'deny';
  if (spec.output === 'permission') return d.behavior === 'deny';
  return (spec.output === 'stop' || spec.output === 'post-tool' || spec.name === 'userPromptSubmitted') && d.decision === 'block';
}

// A hook that failed: preToolUse denies unless `onFailure: 'continue'` (a timeout only with 'block');
// permissionRequest only with 'block' (§5.1: "logged, skipped"); other events never.
function failure(spec: CopilotEventSpec, onFailure: 'block' | 'continue' | undefined, outcome: 'error' | 'timeout', message: string, failClosed: boolean, from?: string): EntryReport {
  if (onFailure === 'block' || (failClosed && spec.output === 'pre-tool' && onFailure !== 'continue')) {
    if (spec.output === 'pre-tool') return { outcome, message, decision: mark(deny({}, `hook errored: ${message}`, COPILOT_TEXT.errored(from))) };
    if (spec.output === 'permission') return { outcome, message, decision: mark({ behavior: 'deny', message: `hook errored: ${message}` }) };
  }
  return { outcome, message };
}

/** A command hook's line as messages show it: its first 100 characters. */
export const hookLabel = (line: string): string => (line.length > 100 ? `${line.slice(0, 100)}…` : line);

// The executor's warning about the program it spawned (`bash`, for a bash line) as a message about the
// hook's own line, without the logger prefix (a reason is no log line).
function problemOf(r: CommandResult, spawned: string, name: string): string | undefined {
  if (r.warning === undefined) return undefined;
  const prefix = `harness-hooks: command hook "${hookLabel(spawned)}" `;
  const rest = r.warning.startsWith(prefix) ? r.warning.slice(prefix.length) : r.warning.replace(/^harness-hooks: /, '');
  return `command hook "${hookLabel(name)}" ${rest}`;
}

/**
 * A finished command as a run report with its decision. `name` is the hook's line (what messages show),
 * `spawned` the program the executor ran for it (`bash` for a bash line), `form` its file's (camelCase or
 * PascalCase: which output fields are read).
 */
export function fromCommandResult(r: CommandResult, spec: CopilotEventSpec, onFailure: 'block' | 'continue' | undefined, logger: HookLogger, name: string, spawned: string = name, form: CopilotOutputForm = 'camel', from?: string): EntryReport {
  const problem = problemOf(r, spawned, name);
  if (r.aborted) return { outcome: 'aborted', message: problem ?? 'the dispatch was aborted' };
  // Fail open, policy hooks too (REF): "Hook command timed out after N seconds".
  if (r.timedOut) return failure(spec, onFailure, 'timeout', problem ?? `command hook "${hookLabel(name)}" timed out`, false, from);
  if (r.stdoutOverParseLimit && looksLikeJson(r.stdoutForParse) && (r.exitCode === 0 || r.exitCode === 2) && (spec.output === 'pre-tool' || spec.output === 'permission')) {
    // Copilot reads up to 10 MiB; past the executor's parse bound a deny could be anywhere in it.
    const reason = `command hook "${hookLabel(name)}" printed ${spec.name} JSON output too long to read whole (over the executor's parse limit); denied rather than lose its decision`;
    if (spec.output === 'pre-tool') return { outcome: 'block', message: reason, decision: mark(deny({}, reason)) };
    return { outcome: 'block', message: reason, decision: mark({ behavior: 'deny', message: reason }) };
  }
  const json = r.stdoutOverParseLimit ? undefined : parseStdout(r.stdoutForParse);
  const said = json === undefined ? undefined : decodeOutput(json, spec, logger, name, form);
  if (r.exitCode === 0) return said === undefined ? { outcome: 'ok' } : { outcome: blocksEvent(said, spec) ? 'block' : 'ok', decision: said };
  if (r.exitCode === 2) {
    const d: CopilotDecision = { ...said };
    // Deny wins over what the JSON said (REF; CL 1.0.70).
    if (spec.output === 'pre-tool') return { outcome: 'block', decision: mark(deny(d, d.permissionDecisionReason?.trim() || 'hook exited with code 2')) };
    // Without a message, the binary's own (oracle 09 perm-camel-exit2).
    if (spec.output === 'permission') return { outcome: 'block', decision: mark({ ...d, behavior: 'deny', message: d.message ?? 'Permission denied by hook.' }) };
    if (spec.name === 'postToolUseFailure') {
      // REF: stdout is appended to the failure; CLIREF: stderr. UNCERTAIN: stdout, else stderr. Progress
      // lines are display-only here too; JSON stdout is read as on exit 0 (its additionalContext).
      if (said !== undefined) return { outcome: 'ok', decision: said };
      if (json !== undefined) return { outcome: 'ok' };
      const text = withoutProgress(r.stdout).trim() || r.stderr.trim();
      return text === '' ? { outcome: 'ok' } : { outcome: 'ok', decision: mark({ injectContext: text }) };
    }
    return { outcome: 'error', message: `Hook command exited with code 2 (warning)${r.stderr.trim() === '' ? '' : `: ${r.stderr.trim().slice(0, 200)}`}` };
  }
  const message = problem ?? (r.exitCode === null ? `command hook "${hookLabel(name)}" exited without a status code` : `command hook "${hookLabel(name)}" exited with code ${r.exitCode}`);
  return failure(spec, onFailure, 'error', message, true, from);
}

/** A command that could not be run at all (a spawn error, an input that would not serialize). */
export const fromRunError = (spec: CopilotEventSpec, onFailure: 'block' | 'continue' | undefined, message: string, from?: string): EntryReport => failure(spec, onFailure, 'error', message, true, from);
