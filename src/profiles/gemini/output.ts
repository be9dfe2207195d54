// How the gemini profile reads what a hook produced, as Gemini's HookRunner does: the text to read is the
// trimmed stdout, else the trimmed stderr; JSON (a JSON string holding JSON too) is the output whatever
// the exit code; other text becomes an output by the exit code — 0 allows with the text as systemMessage,
// 1 allows with "Warning: <text>", any other code denies with the text as reason. A hook with no text
// decides nothing (exit 2 with no output does not block). A timeout or a spawn error decides nothing.
// `success` is Gemini's `exitCode === 0`: a hook a signal ended (exit code null) reads its text as exit 0
// but did not succeed, nor did one that could not start — and only a success passes its output on in a
// sequential run.
import type { EntryOutcome } from '../../parallel-run.js';
import { tryCopyJsonValue } from '../../json-value.js';
import type { CommandResult } from '../../executor/index.js';
import type { GeminiEventSpec } from './events.js';

/** What one entry contributed: its output object as Gemini holds it, and whether it "succeeded". */
export interface GeminiEntryOutcome extends EntryOutcome {
  output?: Record<string, unknown>;
  /** Gemini's `success` (exit 0, or a handler that returned): only then does a sequential run pass its output on. */
  success: boolean;
}

// Plain text as Gemini's convertPlainTextToHookOutput makes it.
function fromText(text: string, exitCode: number): Record<string, unknown> {
  if (exitCode === 0) return { decision: 'allow', systemMessage: text };
  if (exitCode === 1) return { decision: 'allow', systemMessage: `Warning: ${text}` };
  return { decision: 'deny', reason: text };
}

/** Whether an output refuses (Gemini's isBlockingDecision) or stops (shouldStopExecution). */
export const blocks = (o: Record<string, unknown> | undefined): boolean => o !== undefined && (o.decision === 'block' || o.decision === 'deny' || o.continue === false);

// Text as Gemini parses it: JSON (twice, when it is a JSON string), else plain text by exit code.
export function parseHookText(text: string, exitCode: number): Record<string, unknown> | undefined {
  if (text === '') return undefined;
  try {
    let parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'string') parsed = JSON.parse(parsed);
    return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return fromText(text, exitCode);
  }
}

// Whether output cut at a limit could be JSON Gemini would read whole: an object, or a JSON string (Gemini
// parses a string twice). Blank output is not JSON: Gemini reads stderr then.
const looksLikeJson = (text: string): boolean => /^\s*["{]/.test(text);

// Events where a hook can refuse: there, JSON too long to read whole refuses (a decision is never lost to a
// cap); Gemini reads stdout whole, with no cap at all.
const REFUSES: ReadonlySet<string> = new Set(['BeforeTool', 'AfterTool', 'BeforeAgent', 'AfterAgent', 'BeforeModel', 'AfterModel']);

export function fromCommandResult(r: CommandResult, spec: GeminiEventSpec): GeminiEntryOutcome {
  if (r.aborted) return { outcome: 'aborted', success: false, ...(r.warning === undefined ? {} : { message: r.warning }) };
  if (r.timedOut) return { outcome: 'timeout', success: false, message: r.warning ?? 'hook timed out' };
  // It never ran (Gemini's 'error' event on the child): no output, not a success.
  if (r.exitCode === null && r.signal === null) return { outcome: 'error', success: false, message: r.warning ?? 'the hook could not be started' };
  const success = r.exitCode === 0;
  // A process a signal ended reads its text as exit 0 (`exitCode || 0`).
  const exitCode = r.exitCode ?? 0;
  const stdout = r.stdoutForParse ?? r.stdout;
  // Gemini reads stdout and stderr whole; what is cut here and could be a decision refuses.
  const cut = r.stdoutOverParseLimit === true && looksLikeJson(stdout) ? 'stdout' : stdout.trim() === '' && r.stderrTruncated && looksLikeJson(r.stderr) ? 'stderr' : undefined;
  if (cut !== undefined) return refusal(spec, `hook printed ${spec.name} JSON output on ${cut} too long to read whole (over the executor's ${cut === 'stdout' ? 'parse limit' : 'output limit'})`);
  const { output, refused } = usableOutput(parseHookText(stdout.trim() || r.stderr.trim(), exitCode));
  const outcome = blocks(output) ? 'block' : success && refused === undefined ? 'ok' : 'error';
  const message = refused ?? r.warning;
  return { outcome, success, ...(output === undefined ? {} : { output }), ...(message === undefined ? {} : { message }) };
}

// What the profile itself decides for a hook whose answer it cannot have (JSON too long to read whole, an
// input it could not send): where the event can refuse, it denies (stricter than Gemini, which would go on);
// elsewhere the hook failed.
export function refusal(spec: GeminiEventSpec, reason: string): GeminiEntryOutcome {
  if (REFUSES.has(spec.name)) return { outcome: 'block', success: false, output: { decision: 'deny', reason }, message: reason };
  return { outcome: 'error', success: false, message: reason };
}

// An output whose hookSpecificOutput (what the result hands on: tool_input, llm_request, …) is a safe copy
// (src/json-value.ts); one too deep or cyclic to copy is dropped, and `refused` says why — its decision
// stands. Gemini takes any JSON here; a rewrite nested 100,000 deep would make the result unwritable.
function usableOutput(output: Record<string, unknown> | undefined): { output: Record<string, unknown> | undefined; refused?: string } {
  if (output === undefined || output.hookSpecificOutput === undefined || output.hookSpecificOutput === null) return { output };
  const copy = tryCopyJsonValue(output.hookSpecificOutput);
  if ('copy' in copy) return { output: { ...output, hookSpecificOutput: copy.copy } };
  const { hookSpecificOutput: _dropped, ...rest } = output;
  return { output: rest, refused: `hookSpecificOutput refused: ${copy.why}` };
}

// An in-process handler (Gemini's runtime hook): its return value is the output.
const SAID_NOTHING: GeminiEntryOutcome = Object.freeze({ outcome: 'ok', success: true });
export function fromHandlerValue(value: unknown): GeminiEntryOutcome {
  if (value === undefined || value === null) return SAID_NOTHING;
  if (typeof value !== 'object') return { outcome: 'error', success: true, message: `returned ${typeof value}, not an output object` };
  const { output, refused } = usableOutput(value as Record<string, unknown>);
  return { outcome: blocks(output) ? 'block' : refused === undefined ? 'ok' : 'error', success: true, output, ...(refused === undefined ? {} : { message: refused }) };
}
