// `harness-hooks replay FILE --settings NEW…`: re-dispatches a recorded session, in order, against new
// settings and prints each dispatch whose decision changed, with the old and the new decision and the new
// reason. A policy change can be tried on yesterday's real session before it ships.
import { HookTypeError } from '../errors.js';
import { COMMON_OPTIONS, EXIT, GATE_HELP, PROFILE_OPTION, SETTINGS_HELP, SETTINGS_OPTIONS, expectPositionals, parseGates, UsageError } from './args.js';
import { configErrorsJson, exitHelp, formatConfigErrors, type CommandDef } from './command.js';
import { decisionLabel, describeLabel, explainResult, readHook, shortName, type DecisionLabel } from './decision.js';
import { plural } from './output.js';
import { readRecord, type RecordedDispatch } from './record.js';
import { resolveInputs, PROJECT_DIR_OPTION, DISCOVERY_HELP } from './discover.js';
import { checkEvent, openSession } from './session.js';

/** A dispatch whose decision changed. */
export interface ChangedDispatch {
  /** Its line in the record file. */
  line: number;
  time?: string;
  event: string;
  /** What it was about, e.g. `Bash: rm -rf build`. */
  summary: string;
  before: { decision: DecisionLabel; reason?: string };
  after: { decision: DecisionLabel; reason?: string; hooks: string[] };
}

export const replayCommand: CommandDef = {
  name: 'replay',
  summary: 're-dispatch a recorded session against new settings; show every decision that changed',
  options: { ...COMMON_OPTIONS, ...PROFILE_OPTION, ...SETTINGS_OPTIONS, ...PROJECT_DIR_OPTION },
  help: `Usage: harness-hooks replay RECORD --settings NEW… [--profile NAME] [--json]

RECORD is a file the registry's \`record\` option wrote (one JSON line per dispatch: time, event,
payload, result, runs), or \`harness-hooks run --record\`. Each recorded (event, payload) is dispatched
again, in order and for real, to the hooks of the NEW settings files. For every dispatch whose decision
changed it prints the old and the new decision, and the new reason and the hooks that gave it.

A decision is one of: deny, stop (continue: false), block, ask, defer, allow, approve, or no decision.

Options:
  --profile NAME   the profile the session was recorded with: default, claude, codex, gemini, copilot or cursor
  --json           { dispatches, changed: [{ line, time, event, summary, before, after }] }
  -h, --help       this help

${SETTINGS_HELP}

${DISCOVERY_HELP}

${GATE_HELP}

${exitHelp('a decision changed')}`,

  async run(args, io) {
    const [file] = expectPositionals(args, ['RECORD']);
    const { profile, settings, projectDir } = resolveInputs(args, io, 'replay', { discover: false });
    if (settings.length === 0) throw new UsageError('missing --settings NEW…: the settings to replay the session against');
    const recorded = await readRecord(file!);
    for (const d of recorded) {
      try {
        checkEvent(d.event, profile);
      } catch (error) {
        throw new UsageError(`${file}:${d.line}: ${(error as Error).message}`);
      }
    }
    const opened = await openSession({ profile, gates: parseGates(args.values), settings, cwd: io.cwd, projectDir });
    if (!opened.ok) {
      io.out(args.values.json === true ? `${JSON.stringify(configErrorsJson(opened.files), null, 2)}\n` : formatConfigErrors(opened.files, io.style));
      return EXIT.config;
    }
    const { session } = opened;
    const changed: ChangedDispatch[] = [];
    let unrecorded = 0;
    try {
      // Every payload is checked before anything runs: a record of the other profile fails at once.
      for (const d of recorded) {
        try {
          session.registry.explain(d.event, d.payload);
        } catch (error) {
          if (!(error instanceof HookTypeError)) throw error;
          const other = profile === 'claude' ? 'default' : 'claude';
          throw new UsageError(`${file}:${d.line}: invalid payload for the ${profile} profile: ${error.message} (recorded with the ${other} profile? --profile ${other})`);
        }
      }
      for (const d of recorded) {
        const result = await session.registry.dispatch(d.event, d.payload);
        const readings = result.runs.map((run) => readHook(run, run.kind === 'command' ? session.commands.get(run.name)?.shift() : undefined));
        if (d.result === undefined) {
          unrecorded++;
          continue;
        }
        const before = decisionLabel(d.result);
        const after = decisionLabel(result);
        if (before === after) continue;
        const why = explainResult(profile, result, readings, []);
        const deciders = why.find((w) => ['blocked', 'permissionDecision', 'decision', 'continue'].includes(w.field))?.hooks ?? [];
        const oldReason = reasonOf(d.result);
        const newReason = reasonOf(result as unknown as Record<string, unknown>);
        changed.push({
          line: d.line,
          ...(d.time === undefined ? {} : { time: d.time }),
          event: d.event,
          summary: summarize(d),
          before: { decision: before, ...(oldReason === undefined ? {} : { reason: oldReason }) },
          after: { decision: after, ...(newReason === undefined ? {} : { reason: newReason }), hooks: deciders },
        });
      }
    } finally {
      await session.registry.close();
    }
    const code = changed.length > 0 ? EXIT.failed : EXIT.ok;

    if (args.values.json === true) {
      io.out(`${JSON.stringify({ record: file, profile, dispatches: recorded.length, unchanged: recorded.length - changed.length - unrecorded, unrecorded, changed }, null, 2)}\n`);
      return code;
    }
    const { style } = io;
    const lines: string[] = [];
    for (const c of changed) {
      lines.push(`${style.bold(`line ${c.line}`)}  ${c.event}${c.summary ? `  ${c.summary}` : ''}${c.time ? style.dim(`  (${c.time})`) : ''}`);
      lines.push(`  ${style.dim('before')}  ${describeLabel(c.before.decision)}${c.before.reason === undefined ? '' : style.dim(` — ${c.before.reason}`)}`);
      const by = c.after.hooks.length > 0 ? style.dim(` (${c.after.hooks.map(shortName).join(', ')})`) : '';
      lines.push(`  ${style.dim('after ')}  ${style.bold(describeLabel(c.after.decision))}${c.after.reason === undefined ? '' : ` — ${c.after.reason}`}${by}`);
    }
    const summary = `${plural(changed.length, 'decision')} changed in ${plural(recorded.length, 'dispatch', 'dispatches')}${unrecorded > 0 ? ` (${unrecorded} without a recorded result, not compared)` : ''}`;
    lines.push(changed.length > 0 ? style.yellow(summary) : style.green(summary));
    io.out(`${lines.join('\n')}\n`);
    return code;
  },
};

function reasonOf(result: Record<string, unknown>): string | undefined {
  for (const key of ['reason', 'permissionDecisionReason', 'stopReason']) if (typeof result[key] === 'string') return result[key] as string;
  return undefined;
}

// A few words on what a dispatch was about: the tool and its command or file, or the prompt.
function summarize(d: RecordedDispatch): string {
  const p = d.payload;
  const tool = p.tool_name ?? p.toolName;
  const input = (p.tool_input ?? p.input) as Record<string, unknown> | undefined;
  const cut = (s: string) => (s.length > 70 ? `${s.slice(0, 70)}…` : s);
  if (typeof tool === 'string') {
    const detail = input === undefined || input === null || typeof input !== 'object' ? undefined : (['command', 'file_path', 'url', 'path', 'pattern'].map((k) => input[k]).find((v) => typeof v === 'string') as string | undefined);
    return detail === undefined ? tool : `${tool}: ${cut(detail)}`;
  }
  if (typeof p.prompt === 'string') return JSON.stringify(cut(p.prompt));
  for (const key of ['source', 'reason', 'trigger', 'subagentId', 'agent_type']) if (typeof p[key] === 'string') return `${key} ${p[key] as string}`;
  return '';
}
