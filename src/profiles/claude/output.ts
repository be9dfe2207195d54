// How the claude profile reads what a hook produced: Claude Code's JSON output on stdout, plain-text
// context, and the per-event meaning of exit code 2 (a table in the catalogue, not code here).
import { isAbsolute, resolve } from 'node:path';
import { isPlainObject } from '../../plain-object.js';
import { allowedTerminalSequence, stripTerminalControls } from '../../terminal-text.js';
import type { Entry } from '../../entry.js';
import type { CommandResult } from '../../executor/index.js';
import { looksLikeJson } from '../../executor/exit-code.js';
import type { HookLogger, HookRunOutcome } from '../../types.js';
import type { ClaudeEventSpec } from './events.js';
import type { ClaudeHookOutput } from './payloads.js';

/** What one entry contributed to a claude dispatch. */
export interface ClaudeEntryOutcome {
  outcome: HookRunOutcome;
  /** The hook's JSON output (well-typed fields only). */
  output?: ClaudeHookOutput;
  /** Plain (non-JSON) stdout of an exit-0 command. */
  text?: string;
  /** An exit 2, with the trimmed stderr (or stdout when stderr is empty). */
  exit2?: string;
  message?: string;
  /** The hook answered something unreadable (a failure for `onFailure: 'block'`). */
  garbage?: boolean;
  /** The hook went on in the background; its result comes through the async-result channel. */
  background?: boolean;
  /** An exit 2 on an event that ignores exit codes: the hook's choice, not a failure for `onFailure: 'block'`. */
  deliberate?: boolean;
}

const ACTIONS = new Set(['accept', 'decline', 'cancel']);

/**
 * How a `hookSpecificOutput` without `hookEventName` is read. Claude Code ignores it (`'required'`, for what a
 * hook process printed: command, HTTP, mcp_tool); an in-process handler is typed to its event, so a missing
 * tag is its event (`'implied'`). A tag naming another event is ignored, with a warning, either way.
 */
export type EventTag = 'required' | 'implied';

// Keeps the documented top-level fields with the right types; unknown keys are ignored.
export function normalizeClaudeOutput(value: Record<string, unknown>, event: string, tag: EventTag, name: string, logger: HookLogger): ClaudeHookOutput {
  const out: ClaudeHookOutput = {};
  if (typeof value.continue === 'boolean') out.continue = value.continue;
  if (typeof value.suppressOutput === 'boolean') out.suppressOutput = value.suppressOutput;
  if (typeof value.stopReason === 'string') out.stopReason = value.stopReason;
  if (value.decision === 'approve' || value.decision === 'block') out.decision = value.decision;
  if (typeof value.reason === 'string') out.reason = value.reason;
  // Shown in the harness's terminal: text only (src/terminal-text.ts).
  if (typeof value.systemMessage === 'string') out.systemMessage = stripTerminalControls(value.systemMessage);
  if (typeof value.terminalSequence === 'string') {
    const sequence = allowedTerminalSequence(value.terminalSequence);
    if (sequence !== undefined) out.terminalSequence = sequence;
  }
  // A copy: its getters run here, where a throw is the hook failing, not later in the merge.
  if (isPlainObject(value.hookSpecificOutput)) {
    const specific = { ...value.hookSpecificOutput } as ClaudeHookOutput['hookSpecificOutput'] & { hookEventName?: unknown };
    // Claude Code reads hookSpecificOutput only when its hookEventName names this event (issue 10 rule 4;
    // fixtures/claude/oracle/conformance/04-*).
    const named = specific.hookEventName;
    if (named === event || (named === undefined && tag === 'implied')) out.hookSpecificOutput = specific;
    else {
      logger.warn(
        `harness-hooks: hook "${name}" on ${event} printed a hookSpecificOutput ${named === undefined ? 'without hookEventName' : `for ${JSON.stringify(named)}`}; ignored (it counts only with "hookEventName": "${event}")`,
      );
    }
  }
  return out;
}

// Exit-0 stdout: JSON when its first non-blank character is `{`, else plain text. Stdout that starts with
// `{` but does not parse is plain text, with a warning.
export function parseClaudeStdout(stdout: string, name: string, event: string, logger: HookLogger): Pick<ClaudeEntryOutcome, 'output' | 'text' | 'garbage'> {
  const trimmed = stdout.trim();
  if (trimmed === '') return {};
  if (trimmed.startsWith('{')) {
    try {
      const value: unknown = JSON.parse(trimmed);
      if (isPlainObject(value)) return { output: normalizeClaudeOutput(value, event, 'required', name, logger) };
    } catch (error) {
      logger.warn(`harness-hooks: hook "${name}" on ${event} printed output that starts with "{" but is not valid JSON (${(error as Error).message}); read as plain text`);
      return { text: trimmed, garbage: true };
    }
  }
  return { text: trimmed };
}

// Whether an output refuses the event's action by itself (Claude Code's own test: `decision: "block"`, a
// `permissionDecision: "deny"`, PermissionRequest's `decision.behavior: "deny"`), on an event whose
// decisions count. `continue: false` stops the agent; it refuses nothing (issue 10 rule 5).
export function outputBlocks(output: ClaudeHookOutput | undefined, spec: ClaudeEventSpec): boolean {
  if (output === undefined || !spec.blocks) return false;
  const specific = output.hookSpecificOutput as Record<string, unknown> | undefined;
  if (output.decision === 'block' || specific?.permissionDecision === 'deny') return true;
  const decision = specific?.decision as { behavior?: unknown } | undefined;
  // (PermissionRequest: the event whose output is a `decision` object.)
  return spec.outputFields.includes('decision') && isPlainObject(decision) && decision.behavior === 'deny';
}

/** Claude Code's reason for an exit 2 that wrote nothing to stderr. */
export const NO_STDERR = 'No stderr output';

// A finished command as a claude outcome. `cwd`: the folder the hook ran in (a relative path it names is
// read from there).
export function fromCommandResult(r: CommandResult, spec: ClaudeEventSpec, name: string, logger: HookLogger, cwd?: string): ClaudeEntryOutcome {
  const base: ClaudeEntryOutcome = { outcome: 'ok' };
  if (r.warning !== undefined) base.message = r.warning;
  if (r.aborted) return { ...base, outcome: 'aborted' };
  if (r.timedOut) return { ...base, outcome: 'timeout' };
  if (spec.exit2 === 'ignore' && spec.name === 'StopFailure') return base; // fire-and-forget: output ignored
  // (A custom executor may return results without the parse fields: then stdout is all there is.)
  const stdout = r.stdoutForParse ?? r.stdout;
  const exit2Blocks = r.exitCode === 2 && spec.exit2 !== 'ignore' && spec.exit2 !== 'user';
  // JSON that cannot be read whole decides on every exit code: where decisions count it blocks rather than
  // lose a decision it may hold (exit 1 with a deny denies), with the executor's reason when it gave one.
  // (An exit 2 that blocks anyway keeps its stderr as the reason.)
  const overLimit = r.stdoutOverParseLimit === true && looksLikeJson(stdout);
  if (overLimit && !exit2Blocks) return tooLongToRead(base, spec, r.decision.reason ?? `Hook "${name}" printed JSON output too long to read whole (over the executor's parse limit)`);
  // Stdout is read once, on every exit but an exit 2 the event ignores.
  const parsed = overLimit || (r.exitCode === 2 && !exit2Blocks) ? {} : parseClaudeStdout(stdout, name, spec.name, logger);
  if (r.exitCode === 0) {
    const ok: ClaudeEntryOutcome = { ...base, ...parsed, outcome: outputBlocks(parsed.output, spec) ? 'block' : 'ok' };
    return spec.stdoutField === undefined ? ok : withStdoutField(ok, spec, spec.stdoutField, stdout, cwd);
  }
  const { output } = parsed;
  if (exit2Blocks) {
    // A JSON object on stdout decides on exit 2 too, and its reason wins over stderr; without one (or when it
    // does not block), the exit 2 blocks with stderr, or Claude Code's "No stderr output" (observed in
    // 2.1.328: fixtures/claude/oracle/conformance/03-*; the issue's "exit 2 ignores stdout" is not what it does).
    if (output !== undefined && outputBlocks(output, spec)) return { ...base, output, outcome: 'block' };
    const text = r.stderr.trim().slice(0, 10_000) || NO_STDERR;
    // Claude Code calls exit 2 a blocking error everywhere; what it blocks is the event's to say (merge.ts).
    return { ...base, ...(output === undefined ? {} : { output }), exit2: text, outcome: 'block' };
  }
  const failed: ClaudeEntryOutcome = { ...base, outcome: 'error', message: r.warning ?? `exited with code ${r.exitCode}: ${r.stderr.trim().slice(0, 200) || NO_STDERR}` };
  // Any other exit: a JSON object on stdout still decides when it blocks (exit 1 with a deny denies) or
  // stops the agent; where the catalogue says jsonOnAnyExit (Stop, SubagentStop, TaskCompleted,
  // TeammateIdle: Claude Code's own list) it counts whole.
  if (output !== undefined) {
    if (spec.jsonOnAnyExit === true || outputBlocks(output, spec)) return { ...failed, output, outcome: outputBlocks(output, spec) ? 'block' : 'error' };
    if (output.continue === false) return { ...failed, output: output.stopReason === undefined ? { continue: false } : { continue: false, stopReason: output.stopReason } };
  }
  // Where exit 2 is "like any other non-zero exit code" (`user`), it can be a crash too (sh's syntax
  // error, a missing script): a failure for onFailure: 'block'. Only where the event ignores it, it is not.
  if (r.exitCode === 2 && spec.exit2 === 'ignore') failed.deliberate = true;
  return failed;
}

// WorktreeCreate: a command's stdout names the worktree as Claude Code 2.1.328 reads it: the last non-empty
// line, trimmed (banner lines before it ignored), relative to the hook's cwd. Its JSON does not name it:
// Claude Code took a JSON line as the path too (observed: fixtures/claude/oracle/docs-rules/worktreecreate-*).
function withStdoutField(o: ClaudeEntryOutcome, spec: ClaudeEventSpec, field: string, stdout: string, cwd: string | undefined): ClaudeEntryOutcome {
  const lines = stdout.split('\n').map((line) => line.trim()).filter((line) => line !== '');
  const last = lines[lines.length - 1];
  const specific: Record<string, unknown> = { ...(o.output?.hookSpecificOutput as Record<string, unknown> | undefined), hookEventName: spec.name };
  delete specific[field];
  if (last !== undefined) specific[field] = isAbsolute(last) || cwd === undefined ? last : resolve(cwd, last);
  // (Stdout that is a path is neither context nor unreadable JSON.)
  const { text: _text, garbage: _garbage, ...rest } = o;
  return { ...rest, output: { ...o.output, hookSpecificOutput: specific as ClaudeHookOutput['hookSpecificOutput'] } };
}

// JSON output that cannot be read whole: a block where the event's decisions count, else an unreadable
// answer (a failure for onFailure: 'block').
function tooLongToRead(base: ClaudeEntryOutcome, spec: ClaudeEventSpec, reason: string): ClaudeEntryOutcome {
  if (spec.blocks) return { ...base, outcome: 'block', output: { decision: 'block', reason }, message: reason };
  return { ...base, outcome: 'error', garbage: true, message: reason };
}

// An in-process handler's return value as a claude outcome.
// Fast path: a handler that returned nothing shares one outcome object (outcomes are never changed).
export const SAID_NOTHING: ClaudeEntryOutcome = Object.freeze({ outcome: 'ok' });

export function fromHandlerValue(value: unknown, name: string, spec: ClaudeEventSpec, logger: HookLogger): ClaudeEntryOutcome {
  if (value === undefined || value === null) return SAID_NOTHING;
  if (!isPlainObject(value)) {
    logger.warn(`harness-hooks: hook "${name}" on ${spec.name} returned ${Array.isArray(value) ? 'an array' : typeof value}, not a JSON output object; ignored`);
    return { outcome: 'ok', garbage: true, message: `returned ${Array.isArray(value) ? 'an array' : typeof value}, not a JSON output object` };
  }
  const output = normalizeClaudeOutput(value, spec.name, 'implied', name, logger);
  return { outcome: outputBlocks(output, spec) ? 'block' : 'ok', output };
}

export function isElicitationAction(value: unknown): boolean {
  return typeof value === 'string' && ACTIONS.has(value);
}

// A hook the dispatch could not hand its input to (src/unsendable.ts): it blocks where the event can
// block, whatever its onFailure — an input no guard could read must not pass as approved (here the engine
// is stricter than Claude Code, whose hook would fail open). Elsewhere there is nothing to refuse.
export function refusedOutcome(spec: ClaudeEventSpec, reason: string): ClaudeEntryOutcome {
  return spec.blocks ? { outcome: 'block', output: { decision: 'block', reason }, message: reason } : { outcome: 'error', message: reason };
}

// `onFailure: 'block'`: a hook that crashed, timed out, could not start or answered garbage blocks, with a
// reason that says which hook failed and how. A guard that failed must not look like an approval.
// On an event without decision control (Notification, SessionStart, …) there is nothing to refuse.
export function failClosed(entry: Entry, spec: ClaudeEventSpec, o: ClaudeEntryOutcome): ClaudeEntryOutcome {
  if ((o.outcome !== 'error' && o.outcome !== 'timeout' && o.garbage !== true) || o.deliberate === true || !spec.blocks) return o;
  const event = spec.name;
  const how = o.outcome === 'timeout' ? 'timed out' : o.garbage === true ? 'returned output that could not be read' : 'failed';
  const reason = `Hook "${entry.name}" on ${event} ${how}${o.message ? `: ${o.message}` : ''} (onFailure: block)`;
  return { outcome: 'block', output: { decision: 'block', reason }, message: o.message ?? reason };
}
