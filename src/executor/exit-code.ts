// How a command run ends, as data: the exit status picks an outcome from a table, and each outcome makes
// the decision (and, for failures, the warning). A command failure never blocks except by exit 2.
import { tryCopyJsonValue } from '../json-value.js';
import { isPlainObject } from '../plain-object.js';
import type { HookDecision } from '../types.js';

/** How a command run ended. */
export type CommandOutcome = 'ok' | 'block' | 'error' | 'signal' | 'spawn-error' | 'timeout' | 'aborted';

/** What is known when a run ends. */
export interface CommandFacts {
  exitCode: number | null;
  signal: string | null;
  /** Stdout up to the parse bound. */
  stdout: string;
  /** Stdout went past the parse bound. */
  stdoutOverParseLimit?: boolean;
  maxParseBytes?: number;
  stderr: string;
  timeoutMs: number;
  /** The spawn error's message, for `spawn-error`. */
  error?: string;
}

export interface OutcomeResult {
  decision: HookDecision;
  /** What went wrong, without the "command hook ..." prefix; absent when nothing did. */
  problem?: string;
}

/** The longest block reason taken from stderr, in characters. */
export const MAX_REASON_CHARS = 500;

// Exit codes with a meaning of their own; any other code is an error.
const EXIT_CODE_OUTCOMES: Readonly<Record<number, CommandOutcome>> = { 0: 'ok', 2: 'block' };

// The outcome of a process that exited: by its code, or `signal` when a signal ended it.
export function getExitOutcome(exitCode: number | null): CommandOutcome {
  return exitCode === null ? 'signal' : (EXIT_CODE_OUTCOMES[exitCode] ?? 'error');
}

const OUTCOMES: Readonly<Record<CommandOutcome, (facts: CommandFacts) => OutcomeResult>> = {
  ok: (f) => (f.stdoutOverParseLimit && looksLikeJson(f.stdout) ? tooLongToRead(f.maxParseBytes) : readOutput(f.stdout)),
  block: (f) => ({ decision: { decision: 'block', reason: getBlockReason(f.stderr, f.exitCode) } }),
  error: (f) => ({ decision: {}, problem: `exited with code ${f.exitCode}${describeStderr(f.stderr)}` }),
  signal: (f) => ({ decision: {}, problem: `was killed by ${f.signal}${describeStderr(f.stderr)}` }),
  'spawn-error': (f) => ({ decision: {}, problem: `failed to start: ${f.error ?? 'unknown error'}` }),
  timeout: (f) => ({ decision: {}, problem: `timed out after ${f.timeoutMs} ms; its process group was killed` }),
  aborted: () => ({ decision: {} }),
};

// JSON output past the parse bound cannot be read whole: rather than lose a decision it may hold (a guard's
// block quoting a 70,000-character command), it blocks, saying why.
function tooLongToRead(maxParseBytes: number | undefined): OutcomeResult {
  const reason = `the hook's JSON output is longer than ${maxParseBytes ?? 'the'} bytes and could not be read whole; blocked rather than lose its decision`;
  return { decision: { decision: 'block', reason }, problem: reason };
}

// Whether output past the parse bound may hold a decision: it starts with `{` after white space (the same
// white space `trim()` removes: a BOM, NBSP, VT, …), or it is nothing but white space so far.
export function looksLikeJson(stdout: string): boolean {
  return /^\s*(?:\{|$)/.test(stdout);
}

// Exit-0 stdout as a decision; output that was meant as JSON (it starts with `{`) but cannot be read is a
// problem, so the hook author hears of it (a warning and an `error` run) instead of a silent no-decision.
function readOutput(stdout: string): OutcomeResult {
  const refused: string[] = [];
  const decision = parseCommandOutput(stdout, refused);
  const text = stdout.trim();
  if (refused.length > 0) return { decision, problem: refused.join('; ') };
  if (!text.startsWith('{')) return { decision };
  try {
    JSON.parse(text);
  } catch (error) {
    const nul = text.includes('\0') ? ' (it holds a NUL byte)' : '';
    return { decision, problem: `printed output that starts with "{" but is not valid JSON${nul}: ${(error as Error).message}; it decided nothing` };
  }
  return { decision };
}

// The decision (and the problem, if any) for an outcome.
export function mapOutcome(outcome: CommandOutcome, facts: CommandFacts): OutcomeResult {
  return OUTCOMES[outcome](facts);
}

// Maps a successful command's stdout to a decision. Only a JSON object counts; empty, invalid or
// non-object JSON decides nothing. Unknown keys and fields of the wrong type are ignored; a rewrite too deep
// or cyclic to copy is dropped, and why is added to `refused` when given.
export function parseCommandOutput(stdout: string, refused?: string[]): HookDecision {
  if (stdout.length === 0) return {};
  let value: unknown;
  try {
    value = JSON.parse(stdout);
  } catch {
    return {};
  }
  if (!isPlainObject(value)) return {};
  const d: HookDecision = {};
  // Only `false` is kept: an absent or `true` continue is the default.
  if (value.continue === false) d.continue = false;
  if (value.decision === 'approve' || value.decision === 'block') d.decision = value.decision;
  if (typeof value.reason === 'string') d.reason = value.reason;
  const specific = value.hookSpecificOutput;
  if (isPlainObject(specific)) {
    if (typeof specific.additionalContext === 'string') d.injectContext = specific.additionalContext;
    if (isPlainObject(specific.updatedInput)) {
      // A safe copy (no `__proto__` keys, not too deep): a rewrite the harness can merge and serialize.
      const c = tryCopyJsonValue(specific.updatedInput);
      if ('copy' in c) d.updatedInput = c.copy as Record<string, unknown>;
      else refused?.push(`printed an updatedInput that was refused (${c.why}); it rewrites nothing`);
    }
  }
  return d;
}

// The reason of an exit-2 block: the first 500 characters of the trimmed stderr, or a fallback.
export function getBlockReason(stderr: string, exitCode: number | null): string {
  const text = stderr.trim();
  if (text.length === 0) return `command exited with code ${exitCode ?? 2}`;
  if (text.length <= MAX_REASON_CHARS) return text;
  // Do not end on the first half of a surrogate pair.
  const cut = isHighSurrogate(text.charCodeAt(MAX_REASON_CHARS - 1)) ? MAX_REASON_CHARS - 1 : MAX_REASON_CHARS;
  return text.slice(0, cut);
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

// ": <stderr's first line, up to 200 characters>" to help a warning, or nothing.
function describeStderr(stderr: string): string {
  const text = stderr.trim();
  if (text.length === 0) return '';
  const line = text.split('\n', 1)[0]!;
  return `: ${line.length > 200 ? `${line.slice(0, 200)}…` : line}`;
}
