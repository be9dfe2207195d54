// `harness-hooks explain EVENT --payload FILE|-`: for every configured hook of the event, whether it would
// run for this payload, and if not exactly why. Nothing runs (unless --after replays a record first).
import { resolve } from 'node:path';
import { HookTypeError } from '../errors.js';
import { PROFILES, type ProfileName } from '../profiles/index.js';
import { COMMON_OPTIONS, EXIT, GATE_HELP, PROFILE_OPTION, DIALECTS_OPTION, DIALECTS_HELP, parseDialects, SETTINGS_HELP, SETTINGS_OPTIONS, expectPositionals, parseGates , TOOL_ALIAS_OPTION, TOOL_ALIAS_HELP, parseToolAliases } from './args.js';
import { configErrorsJson, exitHelp, formatConfigErrors, type CommandDef } from './command.js';
import { formatTable, plural } from './output.js';
import { fillIds, payloadError, readPayload } from './payload.js';
import { readRecord } from './record.js';
import { resolveInputs, PROJECT_DIR_OPTION, DISCOVERY_HELP } from './discover.js';
import { checkEvent, misfiledHooks, openSession } from './session.js';

export const explainCommand: CommandDef = {
  name: 'explain',
  summary: 'for every hook of an event: would it run for this payload, and if not, exactly why',
  options: { ...COMMON_OPTIONS, ...PROFILE_OPTION, ...DIALECTS_OPTION, ...SETTINGS_OPTIONS, ...PROJECT_DIR_OPTION, ...TOOL_ALIAS_OPTION, 'trust-store': { type: 'string' }, payload: { type: 'string' }, after: { type: 'string' } },
  help: `Usage: harness-hooks explain EVENT --payload FILE|- --settings FILE… [--profile claude] [--json]

Says, for every hook configured for EVENT, whether it would run for the payload, without running it.
A hook that would not run gets the exact reason:
  gated off: project hooks need the \`allowProjectHooks\` setting
  matcher "Edit" did not match value "Bash" (PreToolUse matches on tool_name)
  \`if\` rule "Bash(git push*)" did not match
  deduplicated with hooks.Stop[0].hooks[0] in .claude/settings.local.json (local), which runs in its place
  \`once\` already spent: it ran and was removed
  HTTP hooks do not run on SessionStart
and hooks the profile cannot run at all (unknown handler type, no adapter) are listed as skipped.

Options:
  --payload FILE|-   the payload JSON file, or - for stdin
  --profile NAME     default, claude, codex, gemini, copilot or cursor
  --after RECORD     first re-dispatch (for real) every dispatch of a record file, so the hooks'
                     state is that of the recorded session at its end (\`once\` hooks it spent)
  --json             { event, matchValue, hooks: [{ name, kind, source, file, path, runs, reason }] }
  -h, --help         this help

${SETTINGS_HELP}

${DISCOVERY_HELP}
${TOOL_ALIAS_HELP}
${DIALECTS_HELP}
  --trust-store FILE   a trust store: project hooks it has not approved are shown as not trusted

${GATE_HELP}

${exitHelp()}`,

  async run(args, io) {
    const [event] = expectPositionals(args, ['EVENT']);
    const { profile, settings, projectDir } = resolveInputs(args, io, 'explain');
    checkEvent(event!, profile);
    const payload = fillIds(profile, event!, await readPayload(args.values.payload, io.stdin), io.err, 'explain');
    const after = args.values.after === undefined ? [] : await readRecord(args.values.after as string);
    const opened = await openSession({ profile, gates: parseGates(args.values), settings, cwd: io.cwd, projectDir, toolAliases: parseToolAliases(args.values), dialects: parseDialects(args.values.dialects, profile), home: io.env.HOME, trustStore: typeof args.values['trust-store'] === 'string' ? resolve(io.cwd, args.values['trust-store']) : undefined });
    if (!opened.ok) {
      io.out(args.values.json === true ? `${JSON.stringify(configErrorsJson(opened.files), null, 2)}\n` : formatConfigErrors(opened.files, io.style));
      return EXIT.config;
    }
    const { session } = opened;
    const { registry } = session;
    let hooks;
    try {
      for (const d of after) {
        checkEvent(d.event, profile);
        await registry.dispatch(d.event, d.payload);
      }
      hooks = registry.explain(event!, payload);
    } catch (error) {
      if (error instanceof HookTypeError) throw payloadError(error.message, 'explain', event!);
      throw error;
    } finally {
      await registry.close();
    }
    const match = matchValue(profile, event!, payload);
    // Hooks the profile skipped at registration (not gated: explain lists those) never run either.
    const skipped = session.reports.flatMap((report, i) =>
      report.skipped
        .filter((s) => s.gate === undefined && s.event === event)
        .map((s) => ({ name: s.command ?? s.path, kind: 'config', source: report.source, file: session.files[i]!.file, path: s.path, runs: false, reason: `skipped at registration: ${s.reason}` })),
    );
    // Hooks filed under a misspelt name of this event never run either: shown here, where the user looks.
    skipped.push(...misfiledHooks(session, event!));
    // The default profile compares names exactly: a matcher that names the tool in another spelling needs an alias.
    if (profile === 'default') {
      for (const h of hooks) {
        const m = h.reason === undefined ? null : /^matcher "([^"]+)" did not match value "([^"]+)"/.exec(h.reason);
        if (m && m[1]!.toLowerCase().split('|').includes(m[2]!.toLowerCase())) h.reason += ` — to let "${m[1]}" name ${m[2]}, pass --tool-alias ${m[2]}=${m[1]} (the registry's toolAliases)`;
      }
    }
    const all = [...hooks, ...skipped];

    if (args.values.json === true) {
      io.out(`${JSON.stringify({ event, profile, ...(match === undefined ? {} : { matchField: match.field, matchValue: match.value }), after: after.length, hooks: all }, null, 2)}\n`);
      return EXIT.ok;
    }
    const { style } = io;
    const lines = [`${style.bold(event!)}${match === undefined ? style.dim(' (no matcher)') : style.dim(` (matchers test ${match.field} = ${JSON.stringify(match.value)})`)}`];
    if (after.length > 0) lines.push(style.dim(`  after re-dispatching ${plural(after.length, 'recorded dispatch', 'recorded dispatches')}`));
    const table = formatTable(all.map((h) => [h.runs ? style.green('runs') : style.yellow('no'), h.kind, 'dialect' in h && h.dialect !== undefined ? `[${h.dialect} ${h.event}] ${h.name}` : h.name]));
    all.forEach((h, i) => {
      lines.push(table[i]!);
      if (h.reason !== undefined) lines.push(`        ${h.runs ? style.dim(`└ ${h.reason}`) : `${style.yellow('└')} ${h.reason}`}`);
      const where = h.file === undefined ? h.source : `${h.file}${h.path ? ` ${h.path}` : ''}${h.source ? ` (${h.source})` : ''}`;
      if (where !== undefined) lines.push(style.dim(`          ${where}`));
    });
    if (all.length === 0) lines.push(style.dim(`  no hooks for ${event}`));
    const runs = all.filter((h) => h.runs).length;
    lines.push(style.dim(`${runs} of ${plural(all.length, 'hook')} would run`));
    io.out(`${lines.join('\n')}\n`);
    return EXIT.ok;
  },
};

// The payload field matchers test on this event, and its value.
function matchValue(profile: ProfileName, event: string, payload: Record<string, unknown>): { field: string; value: string } | undefined {
  // (The profile's own view says what its matchers test.)
  const view = PROFILES[profile].view(event) as { matchField: string | null; matchBasename: boolean } | undefined;
  const field = view?.matchField ?? null;
  const basename = view?.matchBasename === true;
  if (field === null) return undefined;
  const raw = payload[field];
  let value = typeof raw === 'string' ? raw : '';
  if (basename) value = value.slice(value.lastIndexOf('/') + 1);
  return { field, value };
}
