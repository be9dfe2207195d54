// CommandExecutor: runs one command hook through `/bin/sh -c` (Node's spawn). normalize options -> spawn ->
// wait (exit and pipes closed, or timeout, or abort) -> make result. A failing hook never throws: it
// resolves to a result with an empty decision and a warning.
import type { ChildProcessByStdio, SpawnOptions } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { HookTypeError, describeValue } from '../errors.js';
import type { HookLogger } from '../types.js';
import { type CommandOutcome, getExitOutcome, mapOutcome } from './exit-code.js';
import { drainElsewhere, type Drainer } from './drain.js';
import { OutputCollector } from './output-cap.js';
import { type CommandResult, makeResult } from './result.js';
import { paced } from './pace.js';
import { findRunProcesses, openRunMark, RUN_MARKER, type RunMark, RunProcesses, statNow } from './run-processes.js';
import { closeSync, requireBuiltin } from '../node-builtins.js';
import { endProcesses, resolveTimeoutMs, terminateProcessGroup, trackProcessGroup, untrackProcessGroup } from './timeout.js';
import { timerDelay } from '../timer-range.js';
import { now } from '../clock.js';

/** A command hook as written in a config file. */
export interface CommandHookSpec {
  type: 'command';
  /** Run as `/bin/sh -c <command>`. */
  command: string;
  /** Timeout in milliseconds; used when positive. Capped at 30000. */
  timeout_ms?: number;
  /** Timeout in seconds (Claude Code's unit); used when `timeout_ms` is not positive. Capped at 30 s. */
  timeout?: number;
  /** Exec form: `command` is spawned directly with these arguments, no shell. */
  args?: readonly string[];
  /** `'bash'` (default) runs `/bin/sh -c command`; `'powershell'` runs `pwsh -NoProfile -NonInteractive -Command`. */
  shell?: 'bash' | 'powershell';
}

export interface CommandExecutorOptions {
  /**
   * Receives one warning per failed run (non-zero exit other than 2, signal, spawn error, timeout).
   * @default console
   */
  logger?: HookLogger;
  /**
   * Bytes kept of stdout and of stderr, each. Past it the stream is drained and dropped.
   * @default 64000
   */
  maxOutputBytes?: number;
  /**
   * Bytes of stdout a decision is read from (at least `maxOutputBytes`): a guard's JSON that quotes a long
   * command is read whole even past the display cap. JSON past this bound, which cannot be read whole,
   * blocks (a decision must never be lost to a cap).
   * @default 1048576
   */
  maxParseBytes?: number;
  /**
   * Milliseconds between SIGTERM and SIGKILL to the hook's process group on timeout or abort.
   * @default 1000
   */
  killGraceMs?: number;
}

export interface CommandRunOptions {
  /**
   * Working directory of the command.
   * @default process.cwd()
   */
  cwd?: string;
  /** Aborting kills the command's process group and resolves at once with `aborted: true`. */
  signal?: AbortSignal;
  /**
   * Added to (and overriding) `process.env`.
   * @example { CLAUDE_PROJECT_DIR: '/repo' }
   */
  env?: Record<string, string | undefined>;
  /** The timeout in ms, as the caller's profile computed it (no 30 s cap). Default: from the spec. */
  timeoutMs?: number;
  /**
   * Called once with stdout's first line, as soon as it is complete (or at EOF). Returning a number gives
   * the run that new timeout from now: the claude profile's self-declared async hooks (`{"async":true}`).
   */
  onFirstLine?: (line: string) => number | undefined;
}

export const DEFAULT_MAX_OUTPUT_BYTES = 64_000;
export const DEFAULT_MAX_PARSE_BYTES = 1_048_576;
export const DEFAULT_KILL_GRACE_MS = 1000;
const SHELL = '/bin/sh';
/** Runs endAll() keeps looking for by more than their marker (see #watch). */
const MAX_WATCHED = 1024;

// Node's own spawn, not execa: a hook's run needs a detached process with three pipes (and the run mark
// as fd 3), which spawn gives directly. Importing execa cost 135-150 ms in a fresh process, all of it billed
// to the first hook (docs/performance.md, "first command hook in a fresh process"). child_process is a
// builtin, loaded on the first run (it is the costliest builtin to load, so not at package import).
let spawnFn: (typeof import('node:child_process'))['spawn'] | undefined;
const nodeSpawn = (): (typeof import('node:child_process'))['spawn'] =>
  (spawnFn ??= (requireBuiltin('node:child_process') as typeof import('node:child_process')).spawn);

// The spawn options every run shares:
// - `detached: true`: the hook leads its own process group, so one `kill(-pid)` reaches grandchildren;
//   timeout.ts does SIGTERM -> SIGKILL on the group, and kills live groups on parent exit.
// - stdout/stderr are read as buffers (capped, see output-cap.ts) and decoded once.
// - `/bin/sh -c` spawned directly rather than the `shell` option: explicit, and no shell lookup.
// - per run, fd 3 is the run mark (run-processes.ts) when it could be made: what holds it is the run's.
// - `env` is the whole environment: process.env with the run's values over it (an undefined value removes
//   an inherited variable: spawn skips it).
const BASE_OPTIONS = {
  stdio: ['pipe', 'pipe', 'pipe'],
  detached: true,
  windowsHide: true,
} as const satisfies SpawnOptions;
type Subprocess = ChildProcessByStdio<Writable, Readable, Readable>;

type RunEnd =
  /** The process exited and its stdout/stderr closed. */
  | { kind: 'closed'; exitCode: number | null; signal: string | null }
  /** The process exited, but something it started kept stdout/stderr open until the timeout. */
  | { kind: 'pipes-held'; exitCode: number | null; signal: string | null }
  | { kind: 'timeout' }
  | { kind: 'aborted' }
  | { kind: 'spawn-error'; message: string };

interface RunContext {
  command: string;
  /** What is spawned: /bin/sh, pwsh, or the command itself in exec form. */
  file: string;
  args: string[];
  timeoutMs: number;
  killGraceMs: number;
  cwd: string | undefined;
  env: Record<string, string | undefined> | undefined;
  signal: AbortSignal | undefined;
  /** `now()` when `run()` was called. */
  start: number;
  stdout: OutputCollector;
  stderr: OutputCollector;
  onFirstLine: ((line: string) => number | undefined) | undefined;
  /** The executor's groups being ended (see processesEnded). */
  ending: Set<Promise<void>>;
  /** This run's value of `HARNESS_HOOKS_RUN`, which every process the hook starts inherits (run-processes.ts). */
  marker: string;
  /** The descriptor the hook inherits as fd 3, which marks the run's processes (run-processes.ts). */
  mark?: RunMark | undefined;
  /** Called with the run's processes once it is spawned: the executor keeps them for endAll(). */
  watched: (run: RunProcesses) => void;
}

// Marks every run's processes, so ones that left the hook's process group (`setsid`, a daemon) are found
// and ended with it: a per-executor prefix and a counter.
const newPrefix = (): string => `${process.pid.toString(36)}.${Math.floor(Math.random() * 2 ** 32).toString(36)}.`;

function ignore(): void {}

// Validates an option that must be a non-negative integer, e.g. `maxOutputBytes`.
function validateCount(name: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected the \`${name}\` option to be a non-negative integer, got ${describeValue(value)}`);
  }
  return value;
}

// Runs command hooks: stdin gets the input as one JSON document, exit 0 stdout becomes the decision,
// exit 2 blocks with stderr as the reason, anything else warns and decides nothing.
export class CommandExecutor {
  readonly #logger: HookLogger;
  readonly #maxOutputBytes: number;
  readonly #maxParseBytes: number;
  readonly #killGraceMs: number;
  readonly #ending = new Set<Promise<void>>();
  /** The runs whose processes endAll() looks for (the oldest finished ones with nothing known are let go). */
  readonly #watched = new Set<RunProcesses>();
  /** This executor's runs are marked `<prefix><n>` (HARNESS_HOOKS_RUN). */
  readonly #prefix = newPrefix();
  #runs = 0;
  /** The start time (clock ticks since boot) of the first run's hook: no process of a run started before. */
  #since: number | undefined;

  constructor(options: CommandExecutorOptions = {}) {
    const logger = options.logger ?? console;
    if (typeof logger?.warn !== 'function') {
      throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected the \`logger\` option to have a \`warn\` method, got ${describeValue(logger)}`);
    }
    this.#logger = logger;
    this.#maxOutputBytes = validateCount('maxOutputBytes', options.maxOutputBytes, DEFAULT_MAX_OUTPUT_BYTES);
    this.#maxParseBytes = Math.max(this.#maxOutputBytes, validateCount('maxParseBytes', options.maxParseBytes, DEFAULT_MAX_PARSE_BYTES));
    this.#killGraceMs = validateCount('killGraceMs', options.killGraceMs, DEFAULT_KILL_GRACE_MS);
  }

  /**
   * Ends whatever a run of this executor started and left running — a daemon a hook started before it
   * exited normally included (found by the run marker, the hook's pipes, its session or the process tree
   * seen while it ran: run-processes.ts): SIGTERM, then SIGKILL after the grace period.
   * The registry's close() calls it on the executor it made.
   */
  async endAll(): Promise<void> {
    await this.processesEnded();
    if (this.#runs === 0) return;
    const prefix = this.#prefix;
    // A process marked with this executor's prefix descends from one of its runs, so it started no earlier
    // than the first run's hook (or this process, where that was not read): older ones are not read.
    const found = await findRunProcesses([...this.#watched], { marked: (runs) => runs.some((r) => r.startsWith(prefix)), markedSince: this.#since ?? 0 });
    await endProcesses(found, this.#killGraceMs);
  }

  // Keeps `run` for endAll(). Past MAX_WATCHED runs, the oldest finished one with no process known is let
  // go: what it started is then found only by the run marker (a bound on memory over a long session).
  readonly #watch = (run: RunProcesses): void => {
    this.#since ??= run.leaderStart ?? statNow('self')?.start ?? 0;
    this.#watched.add(run);
    if (this.#watched.size <= MAX_WATCHED) return;
    for (const old of this.#watched) {
      if (!old.watching && old.known.size === 0) {
        this.#watched.delete(old);
        return;
      }
    }
  };

  // Resolves when every process group this executor has been ending (after a timeout or an abort) is
  // gone: SIGKILL sent after the grace period and the group empty. The registry's close() waits for it.
  async processesEnded(): Promise<void> {
    await Promise.all([...this.#ending]);
  }

  // Runs `spec.command` with `input` on stdin and resolves to its result; rejects only on bad arguments.
  // Not `async`: the result promise is the one resolved when the run ends, with no extra hops between
  // the process closing and the caller resuming.
  run(spec: CommandHookSpec, input: unknown, options: CommandRunOptions = {}): Promise<CommandResult> {
    const start = now();
    if (typeof spec?.command !== 'string' || spec.command.trim() === '') {
      return Promise.reject(new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected the \`command\` of a command hook to be a non-empty string, got ${describeValue(spec?.command)}`));
    }
    const ctx: RunContext = {
      command: spec.command,
      timeoutMs: options.timeoutMs ?? resolveTimeoutMs(spec),
      file: spec.args !== undefined ? spec.command : spec.shell === 'powershell' ? 'pwsh' : SHELL,
      args: spec.args !== undefined ? [...spec.args] : spec.shell === 'powershell' ? ['-NoProfile', '-NonInteractive', '-Command', spec.command] : ['-c', spec.command],
      killGraceMs: this.#killGraceMs,
      cwd: options.cwd,
      env: undefined,
      signal: options.signal,
      start,
      // Stdout is kept up to the parse bound (decisions are read from it); results show maxOutputBytes of it.
      stdout: new OutputCollector(this.#maxParseBytes),
      stderr: new OutputCollector(this.#maxOutputBytes),
      onFirstLine: options.onFirstLine,
      ending: this.#ending,
      marker: `${this.#prefix}${++this.#runs}`,
      watched: this.#watch,
    };
    // Appended to a marker this process inherited (a harness run by a hook): the outer run finds ours too.
    const inherited = options.env?.[RUN_MARKER] ?? process.env[RUN_MARKER];
    ctx.env = { ...options.env, [RUN_MARKER]: inherited ? `${inherited},${ctx.marker}` : ctx.marker };
    // Already aborted: nothing is spawned.
    if (ctx.signal?.aborted) return Promise.resolve(this.#makeResult({ kind: 'aborted' }, ctx));
    let payload: string;
    try {
      payload = JSON.stringify(input) ?? '';
    } catch (error) {
      return Promise.reject(error); // e.g. a circular input: the caller's bug, not the hook's failure
    }
    // Spawns are paced so many hooks at once do not hold the event loop (pace.ts).
    return paced(() => this.#spawn(ctx, payload));
  }

  #spawn(ctx: RunContext, payload: string): Promise<CommandResult> {
    if (ctx.signal?.aborted) return Promise.resolve(this.#makeResult({ kind: 'aborted' }, ctx));
    let subprocess: Subprocess;
    try {
      ctx.mark = openRunMark();
      const options: SpawnOptions = { ...BASE_OPTIONS, cwd: ctx.cwd, env: { ...process.env, ...ctx.env } };
      if (ctx.mark !== undefined) options.stdio = ['pipe', 'pipe', 'pipe', ctx.mark.fd];
      subprocess = nodeSpawn()(ctx.file, ctx.args, options) as Subprocess;
    } catch (error) {
      return Promise.resolve(this.#makeResult({ kind: 'spawn-error', message: error instanceof Error ? spawnErrorMessage(error, ctx) : errorMessage(error) }, ctx));
    } finally {
      // The child has its copy (spawn is synchronous); ours is not needed to find it.
      if (ctx.mark !== undefined) closeSync(ctx.mark.fd);
    }
    return new Promise((resolve) => {
      waitForEnd(subprocess, ctx, payload, (end) => resolve(this.#makeResult(end, ctx)));
    });
  }

  // Never throws: it runs inside child-process event listeners.
  #makeResult(end: RunEnd, ctx: RunContext): CommandResult {
    const { stdout: out, stderr: err } = ctx;
    const stdoutForParse = out.text();
    const stdout = out.bytes > this.#maxOutputBytes ? out.text(this.#maxOutputBytes) : stdoutForParse;
    const stderr = err.text();
    const exited = end.kind === 'closed' || end.kind === 'pipes-held';
    const exitCode = exited ? end.exitCode : null;
    const signal = exited ? end.signal : null;
    const outcome: CommandOutcome = exited ? getExitOutcome(exitCode) : end.kind;
    const mapped = mapOutcome(outcome, {
      exitCode,
      signal,
      stdout: stdoutForParse,
      stdoutOverParseLimit: out.truncated,
      maxParseBytes: this.#maxParseBytes,
      stderr,
      timeoutMs: ctx.timeoutMs,
      ...(end.kind === 'spawn-error' ? { error: end.message } : {}),
    });
    let problem = mapped.problem;
    if (end.kind === 'pipes-held') {
      problem = `${problem ?? `exited with code ${exitCode}`}; a background process kept its stdout/stderr open past the ${ctx.timeoutMs} ms timeout, so its process group was killed`;
    }
    const warning = problem === undefined ? undefined : `harness-hooks: command hook "${labelOf(ctx.command)}" ${problem}`;
    if (warning !== undefined) {
      try {
        this.#logger.warn(warning);
      } catch {
        // A throwing logger must not turn into an uncaught exception in an event listener.
      }
    }
    // Pipes held past the timeout: the hook itself exited, so its exit status and the output that arrived
    // decide (a guard's `exit 2` or block stands); the held pipe only limited how long we waited for more.
    const timedOut = end.kind === 'timeout';
    return makeResult({
      decision: mapped.decision,
      exitCode,
      signal,
      timedOut,
      stdout,
      stderr,
      stdoutTruncated: out.truncated || out.bytes > this.#maxOutputBytes,
      stdoutForParse,
      stdoutOverParseLimit: out.truncated,
      stderrTruncated: err.truncated,
      durationMs: now() - ctx.start,
      warning,
      aborted: end.kind === 'aborted',
    });
  }
}

// Writes stdin, collects output, and calls `onEnd` once when the run ends: on 'close' (exit + pipes
// closed), at the timeout, on abort, or on a spawn error. Timeout and abort end the run at once, without
// waiting for the process or for pipes that a grandchild may hold open; the group is killed in the background.
function waitForEnd(subprocess: Subprocess, ctx: RunContext, payload: string, onEnd: (end: RunEnd) => void): void {
  const pid = subprocess.pid;
  // The run's processes, looked for while it runs and when it is ended (run-processes.ts).
  const run = pid === undefined ? undefined : new RunProcesses(pid, ctx.marker, ctx.mark);
  let exit: { exitCode: number | null; signal: string | null } | undefined;
  let settled = false;
  let timer: NodeJS.Timeout | undefined;
  const drainers: Drainer[] = [];

  const finish = (end: RunEnd): void => {
    if (settled) return;
    settled = true;
    run?.stop();
    if (timer !== undefined) clearTimeout(timer);
    ctx.signal?.removeEventListener('abort', onAbort);
    onEnd(end);
  };
  // Ends the run now: SIGTERM (then SIGKILL) to the group, stop reading, report.
  const cut = (end: RunEnd): void => {
    if (settled) return;
    if (pid !== undefined) {
      const gone = terminateProcessGroup(pid, ctx.killGraceMs, run);
      ctx.ending.add(gone);
      void gone.then(() => ctx.ending.delete(gone));
    }
    subprocess.stdin.destroy();
    for (const d of drainers) d.kill();
    subprocess.stdout.destroy();
    subprocess.stderr.destroy();
    finish(end);
  };
  const onAbort = (): void => cut({ kind: 'aborted' });

  // Done when the process exited and both pipes reached EOF: the last of 'exit'/'end'/'end'. Not on the
  // 'close' event, which waits for the streams' own 'close' a few ticks later.
  let pending = 3;
  const onPart = (): void => {
    if (--pending > 0 || settled) return;
    if (pid !== undefined) untrackProcessGroup(pid);
    finish({ kind: 'closed', exitCode: exit!.exitCode, signal: exit!.signal });
  };
  subprocess.on('exit', (exitCode, signal) => {
    exit = { exitCode, signal };
    run?.leaderExited();
    onPart();
  });
  // A fallback for a pipe that closed without 'end' (a read error).
  subprocess.on('close', (exitCode, signal) => {
    if (settled) return;
    if (pid !== undefined) untrackProcessGroup(pid);
    finish({ kind: 'closed', exitCode, signal });
  });
  // A spawn that failed (no such file, no such cwd) reports here, before 'close'. After a successful spawn,
  // 'error' only reports a failed kill or send, which we never use.
  subprocess.on('error', (error) => {
    if (subprocess.pid === undefined) finish({ kind: 'spawn-error', message: spawnErrorMessage(error, ctx) });
  });
  if (pid === undefined) return; // a spawn error is on its way
  trackProcessGroup(pid);
  run!.watch();
  ctx.watched(run!);
  subprocess.stdout.on('data', ctx.stdout.push).on('end', onPart).on('error', ignore);
  subprocess.stderr.on('data', ctx.stderr.push).on('end', onPart).on('error', ignore);
  // Past the cap, a `cat` child drains the rest so this process's memory stays flat (drain.ts).
  ctx.stdout.onOverflow = () => void drainers.push(drainElsewhere(subprocess.stdout, ctx.stdout.push, onPart));
  ctx.stderr.onOverflow = () => void drainers.push(drainElsewhere(subprocess.stderr, ctx.stderr.push, onPart));
  // EPIPE/ECONNRESET when the hook exits or closes stdin before reading it all: not a failure.
  subprocess.stdin.on('error', ignore);
  subprocess.stdin.end(payload);

  // One timer covers both waits: for the process to exit, and then for its pipes to close.
  const onTimeout = (): void => cut(exit === undefined ? { kind: 'timeout' } : { kind: 'pipes-held', ...exit });
  timer = setTimeout(onTimeout, timerDelay(ctx.timeoutMs));
  if (ctx.onFirstLine !== undefined) watchFirstLine(subprocess.stdout, ctx.onFirstLine, (ms) => {
    if (settled) return;
    clearTimeout(timer);
    ctx.timeoutMs = ms;
    timer = setTimeout(onTimeout, timerDelay(ms));
  });
  if (ctx.signal !== undefined) ctx.signal.addEventListener('abort', onAbort, { once: true });
}

// Calls `onLine` with the first line of `stream` (at most 4 KiB of it), once; a number it returns is passed
// to `retime`.
function watchFirstLine(stream: NodeJS.ReadableStream, onLine: (line: string) => number | undefined, retime: (ms: number) => void): void {
  let head = '';
  let done = false;
  const finish = (): void => {
    if (done) return;
    done = true;
    stream.off('data', onData);
    stream.off('end', finish);
    let ms: number | undefined;
    try {
      ms = onLine(head.split('\n', 1)[0]!);
    } catch {
      ms = undefined;
    }
    if (ms !== undefined && ms > 0) retime(ms);
  };
  const onData = (chunk: Buffer): void => {
    head += chunk.toString('utf8', 0, Math.min(chunk.length, 4096));
    if (head.includes('\n') || head.length >= 4096) finish();
  };
  stream.on('data', onData).on('end', finish);
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function spawnErrorMessage(error: Error, ctx: RunContext): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' && ctx.file === 'pwsh') return `${error.message}: PowerShell (pwsh) is not installed, and this hook asks for shell: "powershell"`;
  // A missing cwd surfaces as "spawn /bin/sh ENOENT": say which directory.
  if (code === 'ENOENT' && ctx.cwd !== undefined) return `${error.message} (cwd: ${ctx.cwd}, or no such executable: ${ctx.file})`;
  // A cwd that is a file, or a file along the executable's path, is thrown as a bare "spawn ENOTDIR": say which.
  if (code === 'ENOTDIR') return `${error.message} (${ctx.cwd !== undefined ? `cwd is not a directory: ${ctx.cwd}, or ` : ''}a folder on the path of ${ctx.file} is a file)`;
  return error.message;
}

// The command as shown in a warning: its first 100 characters.
function labelOf(command: string): string {
  return command.length > 100 ? `${command.slice(0, 100)}…` : command;
}
