// The one result shape of a command run, whatever happened: success, block, failure, timeout or abort.
import type { HookDecision } from '../types.js';

/** What `CommandExecutor.run` resolves to. It never rejects for a failing hook. */
export interface CommandResult {
  /** The hook's decision; `{}` decides nothing. Only exit 0 (stdout JSON) and exit 2 (block) decide. */
  decision: HookDecision;
  /** The exit code; `null` when a signal ended the process, or the run ended before it exited. */
  exitCode: number | null;
  /** The signal that ended the process, e.g. `'SIGTERM'`; `null` otherwise. */
  signal: string | null;
  /** The command passed its timeout and its process group was killed. */
  timedOut: boolean;
  /** Up to `maxOutputBytes` bytes of stdout, decoded as UTF-8. */
  stdout: string;
  /** Up to `maxOutputBytes` bytes of stderr, decoded as UTF-8. */
  stderr: string;
  stdoutTruncated: boolean;
  stderrTruncated: boolean;
  /** Up to `maxParseBytes` of stdout: what decisions are read from (a profile that reads output itself uses it). */
  stdoutForParse: string;
  /** Stdout went past `maxParseBytes`: JSON in it cannot be read whole. */
  stdoutOverParseLimit: boolean;
  /** From `run()` being called to the result. */
  durationMs: number;
  /** What went wrong, as logged through `logger.warn`. Absent when nothing did. */
  warning?: string;
  /** The caller's signal aborted the run (its process group was killed, if it had started). */
  aborted: boolean;
}

export interface ResultFields {
  decision: HookDecision;
  exitCode?: number | null;
  signal?: string | null;
  timedOut?: boolean;
  stdout?: string;
  stderr?: string;
  stdoutTruncated?: boolean;
  stderrTruncated?: boolean;
  stdoutForParse?: string;
  stdoutOverParseLimit?: boolean;
  durationMs: number;
  warning?: string | undefined;
  aborted?: boolean;
}

// Fills a CommandResult with defaults, so every path returns the same shape.
export function makeResult(f: ResultFields): CommandResult {
  const r: CommandResult = {
    decision: f.decision,
    exitCode: f.exitCode ?? null,
    signal: f.signal ?? null,
    timedOut: f.timedOut ?? false,
    stdout: f.stdout ?? '',
    stderr: f.stderr ?? '',
    stdoutTruncated: f.stdoutTruncated ?? false,
    stderrTruncated: f.stderrTruncated ?? false,
    stdoutForParse: f.stdoutForParse ?? f.stdout ?? '',
    stdoutOverParseLimit: f.stdoutOverParseLimit ?? false,
    durationMs: f.durationMs,
    aborted: f.aborted ?? false,
  };
  if (f.warning !== undefined) r.warning = f.warning;
  return r;
}
