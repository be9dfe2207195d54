// `harness-hooks run EVENT --payload FILE|-`: dispatches for real and prints the merged decision, why
// each part of it came out as it did, and a trace of every hook (outcome, duration, exit code, the first
// lines of its stdout and stderr), with the hooks that did not run and why.
import { HookTypeError } from '../errors.js';
import type { AsyncHookResult } from '../profiles/claude/adapters.js';
import type { HookExplanation } from '../registry.js';
import { COMMON_OPTIONS, EXIT, GATE_HELP, PROFILE_OPTION, DIALECTS_OPTION, DIALECTS_HELP, parseDialects, SETTINGS_HELP, SETTINGS_OPTIONS, expectPositionals, parseGates, UsageError , TOOL_ALIAS_OPTION, TOOL_ALIAS_HELP, parseToolAliases } from './args.js';
import { configErrorsJson, exitHelp, formatConfigErrors, type CommandDef } from './command.js';
import { decisionLabel, describeLabel, explainResult, readHook, shortName, type HookReading, type HookSaid, type Why } from './decision.js';
import { firstLines, formatMs, formatTable, type Style } from './output.js';
import { fillIds, payloadError, readPayload } from './payload.js';
import { resolveInputs, PROJECT_DIR_OPTION, DISCOVERY_HELP } from './discover.js';
import { checkEvent, misfiledHooks, openSession, type CliRegistry } from './session.js';
import { MAX_TIMER_MS } from '../timer-range.js';
import { stripTerminalControls } from '../terminal-text.js';

/** One hook that ran, as the trace shows it. */
export interface TraceEntry {
  name: string;
  kind: string;
  outcome: string;
  durationMs: number;
  /** `--dialects`: the harness a foreign hook was written for. */
  dialect?: string;
  source?: string;
  file?: string;
  path?: string;
  statusMessage?: string;
  exitCode?: number | null;
  signal?: string | null;
  timedOut?: boolean;
  stdout?: string[];
  stderr?: string[];
  message?: string;
  /** It went on in the background (its result is under `background`). */
  background?: boolean;
  said: HookSaid;
}

export const runCommand: CommandDef = {
  name: 'run',
  summary: 'dispatch an event for real: the merged decision, why, and a per-hook trace',
  options: { ...COMMON_OPTIONS, ...PROFILE_OPTION, ...DIALECTS_OPTION, ...SETTINGS_OPTIONS, ...PROJECT_DIR_OPTION, ...TOOL_ALIAS_OPTION, payload: { type: 'string' }, record: { type: 'string' }, 'async-wait': { type: 'string' } },
  help: `Usage: harness-hooks run EVENT --payload FILE|- --settings FILE… [--profile claude] [--json]

Dispatches EVENT with the payload (a JSON object; - reads stdin) to the hooks of the settings files,
running them for real, and prints:
  - the merged decision (blocked, decision, reason, permissionDecision, context, rewrites, …);
  - why each part of it came out as it did: which hook blocked or decided, which decision outranked
    which, whose context was joined, and which hooks failed and so decided nothing;
  - each hook that ran: outcome, duration, exit code, the first lines of stdout and stderr;
  - each hook that did not run, and why (gated off, matcher, if rule, duplicate, once).
The payload is what the harness dispatches: camelCase afk fields ({"toolName": "bash", "input": {…}})
for the default profile, Claude Code's hook input ({"tool_name": "Bash", "tool_input": {…}}) for
--profile claude.

Options:
  --payload FILE|-   the payload JSON file, or - for stdin
  --profile NAME     default, claude, codex, gemini, copilot or cursor
  --record FILE      also append the dispatch to FILE as a record line (for replay)
  --async-wait SEC   how long to wait for background hooks (async, asyncRewake, self-declared async)
                     after the dispatch before killing them; their results are printed (default 10)
  --json             { event, decision, blocked, result, hooks, skipped, why, background, warnings }
  -h, --help         this help

${SETTINGS_HELP}

${DISCOVERY_HELP}
${TOOL_ALIAS_HELP}
${DIALECTS_HELP}

${GATE_HELP}

${exitHelp('the dispatch was blocked')}`,

  async run(args, io) {
    const [event] = expectPositionals(args, ['EVENT']);
    const { profile, settings, projectDir } = resolveInputs(args, io, 'run');
    checkEvent(event!, profile);
    const payload = fillIds(profile, event!, await readPayload(args.values.payload, io.stdin), io.err, 'run');
    const record = args.values.record as string | undefined;
    const asyncWaitMs = parseAsyncWait(args.values['async-wait']);
    const opened = await openSession({ profile, gates: parseGates(args.values), settings, cwd: io.cwd, record, projectDir, toolAliases: parseToolAliases(args.values), dialects: parseDialects(args.values.dialects, profile), home: io.env.HOME });
    if (!opened.ok) {
      io.out(args.values.json === true ? `${JSON.stringify(configErrorsJson(opened.files), null, 2)}\n` : formatConfigErrors(opened.files, io.style));
      return EXIT.config;
    }
    const { session } = opened;
    const { registry } = session;
    let before: HookExplanation[];
    try {
      before = registry.explain(event!, payload);
    } catch (error) {
      await registry.close();
      if (error instanceof HookTypeError) throw payloadError(error.message, 'run', event!);
      throw error;
    }
    let result: Awaited<ReturnType<typeof registry.dispatch>>;
    try {
      result = await registry.dispatch(event!, payload);
    } catch (error) {
      // (A profile may check a payload's fields only when a hook is to run: the same usage error as explain's.)
      await registry.close();
      if (error instanceof HookTypeError) throw payloadError(error.message, 'run', event!);
      throw error;
    }
    // Background hooks outlive the dispatch: give them --async-wait to finish, then kill the rest.
    const background = await waitForBackground(registry, asyncWaitMs);
    await registry.close();

    // A background run decided nothing; its process's result is in the Background section.
    const readings: HookReading[] = result.runs.map((run) => readHook(run, run.kind === 'command' && run.background !== true ? session.commands.get(run.name)?.shift() : undefined));
    const ran = new Set(result.runs.map((r) => r.name));
    const notRun = before.filter((e) => e.runs && !ran.has(e.name)).map((e) => e.name);
    const skipped: { name: string; kind: string; reason?: string; file?: string; path?: string; source?: string }[] = [...before.filter((e) => !e.runs), ...misfiledHooks(session, event!)];
    const numbers = new Map(readings.map((r, i) => [r, `#${i + 1}`]));
    const why = explainResult(profile, result, readings, notRun, (r) => `${numbers.get(r)} ${shortName(r.run.name)}`);
    const label = decisionLabel(result);
    const trace = readings.map((r) => traceEntry(r, before.find((e) => e.name === r.run.name && e.runs), session.statusMessages.get(r.run.name)));
    const code = result.blocked ? EXIT.failed : EXIT.ok;

    if (args.values.json === true) {
      const json = { event, profile, decision: label, blocked: result.blocked, result, hooks: trace, skipped, notRun, why, background, warnings: session.warnings };
      io.out(`${JSON.stringify(json, null, 2)}\n`);
      return code;
    }
    const { style } = io;
    const lines: string[] = [];
    const verdict = result.blocked ? style.red(style.bold(`BLOCKED${label === 'block' ? '' : ` (${describeLabel(label)})`}`)) : style.green(style.bold(describeLabel(label)));
    lines.push(`${style.bold(event!)}: ${verdict}`);
    lines.push(...formatTable(resultRows(result as unknown as Record<string, unknown>, style)));
    lines.push('', style.bold('Why'), ...formatWhy(why, style));
    lines.push('', style.bold(`Hooks (${result.runs.length} ran${skipped.length + notRun.length > 0 ? `, ${skipped.length + notRun.length} did not` : ''})`));
    lines.push(...formatTrace(trace, style));
    for (const name of notRun) lines.push(`  ${style.dim('-')}   ${style.yellow('not run')}  ${name}`, `        ${style.dim('why    │')} the chain stopped at a block before it`);
    for (const s of skipped) {
      lines.push(`  ${style.dim('-')}   ${style.yellow('skipped')}  ${s.kind}  ${s.name}`);
      if (s.reason !== undefined) lines.push(`        ${style.dim('why    │')} ${s.reason}`);
      if (s.file !== undefined) lines.push(`        ${style.dim(`from   │ ${s.file}${s.path ? ` ${s.path}` : ''} (${s.source})`)}`);
    }
    if (result.runs.length === 0 && skipped.length === 0) lines.push(style.dim(`  no hooks for ${event}`));
    lines.push(...formatBackground(background, asyncWaitMs, style));
    if (session.warnings.length > 0) lines.push('', style.bold('Warnings'), ...session.warnings.map((w) => `  ${style.yellow(w)}`));
    io.out(`${lines.join('\n')}\n`);
    return code;
  },
};

function traceEntry(r: HookReading, where: HookExplanation | undefined, statusMessage: string | undefined): TraceEntry {
  const t: TraceEntry = { name: r.run.name, kind: r.run.kind, outcome: r.run.outcome, durationMs: Math.round(r.run.durationMs * 10) / 10, said: r.said };
  if (r.run.dialect !== undefined) t.dialect = r.run.dialect;
  if (where?.source !== undefined) t.source = where.source;
  if (where?.file !== undefined) t.file = where.file;
  if (where?.path !== undefined) t.path = where.path;
  if (statusMessage !== undefined) t.statusMessage = statusMessage;
  const c = r.command;
  if (c !== undefined) {
    t.exitCode = c.exitCode;
    if (c.signal !== null) t.signal = c.signal;
    if (c.timedOut) t.timedOut = true;
    t.stdout = firstLines(c.stdout);
    t.stderr = firstLines(c.stderr);
  }
  if (r.run.message !== undefined) t.message = r.run.message;
  if (r.run.background === true) t.background = true;
  return t;
}

// The merged result's fields, one row each.
export function resultRows(result: Record<string, unknown>, style: Style): string[][] {
  const rows: string[][] = [];
  const show = (key: string, value: unknown): void => {
    if (value === undefined) return;
    // What hooks wrote is shown as text, without terminal control.
    rows.push([style.dim(key), stripTerminalControls(typeof value === 'string' ? value : JSON.stringify(value))]);
  };
  for (const key of ['continue', 'decision', 'reason', 'permissionDecision', 'permissionDecisionReason', 'stopReason', 'systemMessage', 'injectContext', 'updatedInput']) show(key, result[key]);
  if (result.env !== undefined && Object.keys(result.env as object).length > 0) show('env', result.env);
  const specific = result.hookSpecificOutput as Record<string, unknown> | undefined;
  if (specific !== undefined) {
    const { hookEventName: _name, permissionDecision: _p, permissionDecisionReason: _r, additionalContext: _c, updatedInput: _u, ...rest } = specific;
    if (Object.keys(rest).length > 0) show('hookSpecificOutput', rest);
  }
  return rows;
}

export function formatWhy(why: readonly Why[], style: Style): string[] {
  return why.map((w) => `  ${w.field === 'failure' ? style.yellow('!') : style.dim('·')} ${w.text}`);
}

function formatTrace(trace: readonly TraceEntry[], style: Style): string[] {
  const paint = (outcome: string): string => (outcome === 'ok' ? style.green(outcome) : outcome === 'block' ? style.red(outcome) : style.yellow(outcome));
  const rows = trace.map((t, i) => [
    `#${i + 1}`,
    paint(t.outcome),
    formatMs(t.durationMs),
    t.background === true ? 'background' : t.exitCode === undefined ? '' : t.timedOut ? style.yellow('timed out') : t.exitCode === null ? `signal ${t.signal ?? '?'}` : `exit ${t.exitCode}`,
    t.kind,
    `${t.dialect === undefined ? '' : `[${t.dialect}] `}${stripTerminalControls(t.name)}`,
  ]);
  const table = formatTable(rows);
  const lines: string[] = [];
  trace.forEach((t, i) => {
    lines.push(table[i]!);
    const pad = '        ';
    if (t.statusMessage !== undefined) lines.push(`${pad}${style.dim('status │')} ${t.statusMessage}`);
    if (t.file !== undefined) lines.push(`${pad}${style.dim(`from   │ ${t.file}${t.path ? ` ${t.path}` : ''} (${t.source})`)}`);
    for (const line of t.stdout ?? []) lines.push(`${pad}${style.dim('stdout │')} ${line}`);
    for (const line of t.stderr ?? []) lines.push(`${pad}${style.dim('stderr │')} ${line}`);
    if (t.message !== undefined && (t.outcome !== 'ok' || t.background === true) && !(t.stderr ?? []).some((l) => t.message!.includes(l.trim()))) lines.push(`${pad}${style.dim('note   │')} ${t.message}`);
  });
  return lines;
}

/** Background hooks after the dispatch: the results that came in, and whether some were still running. */
export interface BackgroundReport {
  results: AsyncHookResult[];
  killed: boolean;
}


function parseAsyncWait(value: unknown): number {
  if (value === undefined) return 10_000;
  const seconds = Number(value);
  if (typeof value !== 'string' || value.trim() === '' || !Number.isFinite(seconds) || seconds < 0) {
    throw new UsageError(`--async-wait: expected a number of seconds, got ${JSON.stringify(value)}`);
  }
  return seconds * 1000;
}

// Waits up to `ms` for the background hooks; what still runs then is killed by close() and reported.
export async function waitForBackground(registry: CliRegistry, ms: number): Promise<BackgroundReport> {
  let timer: NodeJS.Timeout | undefined;
  const finished = await Promise.race([
    registry.drainBackground().then(() => true),
    new Promise<boolean>((resolve) => {
      // Past setTimeout's range (about 24.8 days) there is no timer: wait for them all.
      if (ms <= MAX_TIMER_MS) timer = setTimeout(() => resolve(false), ms);
    }),
  ]);
  if (timer !== undefined) clearTimeout(timer);
  return { results: registry.profile === 'claude' ? registry.takeAsyncResults!() : [], killed: !finished };
}

function formatBackground(report: BackgroundReport, waitMs: number, style: Style): string[] {
  if (report.results.length === 0 && !report.killed) return [];
  const lines = ['', style.bold(`Background (${report.results.length} finished${report.killed ? ', others killed' : ''})`)];
  for (const r of report.results) {
    const status = r.timedOut ? style.yellow('timed out') : r.exitCode === null ? 'killed' : `exit ${r.exitCode}`;
    lines.push(`  ${status}  ${formatMs(r.durationMs)}  ${r.name}${r.rewake ? `  ${style.red('rewake')}` : ''}`);
    if (r.message !== undefined) lines.push(`        ${style.dim('wake   │')} ${r.message}`);
    if (r.output !== undefined) lines.push(`        ${style.dim('output │')} ${JSON.stringify(r.output)}`);
    for (const line of firstLines(r.stdout)) lines.push(`        ${style.dim('stdout │')} ${line}`);
    for (const line of firstLines(r.stderr)) lines.push(`        ${style.dim('stderr │')} ${line}`);
  }
  if (report.killed) lines.push(`  ${style.yellow(`still running after ${waitMs / 1000} s: killed (raise --async-wait to see their results)`)}`);
  return lines;
}
