// `harness-hooks list`: the effective hooks per event, in run order, with where each came from and
// whether the gates let it run.
import { resolve } from 'node:path';
import { resolveTimeoutMs } from '../executor/index.js';
import { CLAUDE_EVENT_SPECS, type ClaudeHookEvent } from '../profiles/claude/events.js';
import type { ProfileName } from '../profiles/index.js';
import { DEFAULT_DEADLINES, type HookListing } from '../registry.js';
import { EVENT_SPECS, type HookEvent } from '../profiles/default/events.js';
import { COMMON_OPTIONS, EXIT, GATE_HELP, PROFILE_OPTION, DIALECTS_OPTION, DIALECTS_HELP, parseDialects, SETTINGS_HELP, SETTINGS_OPTIONS, expectPositionals, parseGates, UsageError , TOOL_ALIAS_OPTION, TOOL_ALIAS_HELP, parseToolAliases } from './args.js';
import { configErrorsJson, exitHelp, formatConfigErrors, type CommandDef } from './command.js';
import type { ConfigFile } from './config-files.js';
import { formatMs, formatTable, plural } from './output.js';
import { resolveInputs, PROJECT_DIR_OPTION, DISCOVERY_HELP } from './discover.js';
import { checkEvent, eventsOf, misfiledReason, misspeltEvent, openSession } from './session.js';

/** A hook in the listing; `runs` is false for gated-off and skipped ones. */
export interface ListedHook extends Partial<HookListing> {
  event: string;
  name: string;
  runs: boolean;
  /** Why it never runs: the gate, or why the profile skipped it. */
  reason?: string;
  /** The timeout it runs with: its own, else the profile's default for the event. */
  effectiveTimeoutMs?: number;
  /** Whether `effectiveTimeoutMs` is the default (the hook sets none). */
  defaultTimeout?: boolean;
}

export const listCommand: CommandDef = {
  name: 'list',
  summary: 'the effective hooks per event, in run order, and whether the gates let each run',
  options: { ...COMMON_OPTIONS, ...PROFILE_OPTION, ...DIALECTS_OPTION, ...SETTINGS_OPTIONS, ...PROJECT_DIR_OPTION, ...TOOL_ALIAS_OPTION, 'trust-store': { type: 'string' } },
  help: `Usage: harness-hooks list [EVENT] --settings FILE… [--profile claude] [--json]

Loads the settings files in order, as the registry would, and prints each event's hooks in the order
they run: source, matcher, timeout, handler, whether the gates let it run, and the file and JSON path
it came from. Hooks the profile cannot run (an unknown event, a handler type it does not have) are
listed as skipped, with the reason.

Options:
  EVENT            only this event
  --profile NAME   default, claude, codex, gemini, copilot or cursor
  --json           { profile, gates, hooks: [{ event, name, kind, source, file, path, matcher,
                   timeoutMs, if, once, gatedBy, runs, reason }] }
  -h, --help       this help

${SETTINGS_HELP}

${DISCOVERY_HELP}
${TOOL_ALIAS_HELP}
${DIALECTS_HELP}
  --trust-store FILE   a trust store: project hooks it has not approved are shown as not trusted

${GATE_HELP}

${exitHelp()}`,

  async run(args, io) {
    const [event] = expectPositionals(args, [], { rest: true });
    if (args.positionals.length > 1) throw new UsageError(`unexpected argument ${JSON.stringify(args.positionals[1])}`);
    const { profile, settings, projectDir } = resolveInputs(args, io, 'list');
    if (event !== undefined) checkEvent(event, profile);
    if (settings.length === 0 && args.values.dialects === undefined) throw new UsageError('missing --settings FILE (and none of the files the profile reads exists)');
    const gates = parseGates(args.values);
    const opened = await openSession({ profile, gates, settings, cwd: io.cwd, projectDir, toolAliases: parseToolAliases(args.values), dialects: parseDialects(args.values.dialects, profile), home: io.env.HOME, trustStore: typeof args.values['trust-store'] === 'string' ? resolve(io.cwd, args.values['trust-store']) : undefined });
    if (!opened.ok) {
      io.out(args.values.json === true ? `${JSON.stringify(configErrorsJson(opened.files), null, 2)}\n` : formatConfigErrors(opened.files, io.style));
      return EXIT.config;
    }
    const { session } = opened;
    const hooks: ListedHook[] = session.registry.listHooks(event).map((h) => ({
      ...h,
      // As explain and run say it: a gated-off hook and a de-duplicated copy do not run.
      runs: h.gatedBy === undefined && h.duplicateOf === undefined && h.never === undefined,
      ...(h.never !== undefined
        ? { reason: h.never }
        : h.gatedBy !== undefined
        ? { reason: h.gatedBy === 'trustStore' ? 'not trusted by the trust store' : (h.gatedWhy ?? `gated off: ${h.source} hooks need the \`${h.gatedBy}\` setting`) }
        : h.duplicateOf !== undefined
          ? { reason: `deduplicated with ${h.duplicateOf}, which runs in its place` }
          : {}),
    }));
    // Hooks the profile skipped (not gated: those are in the listing) go under their event, at the end; a
    // misspelt event's say so, with the event it nearly spells (and are listed when that event is asked for).
    // Their matcher is not the registry's to show: the text prints `-`, not `*` (which would read as "all").
    const skipped = new Set<ListedHook>();
    session.reports.forEach((report, i) => {
      for (const s of report.skipped) {
        if (s.gate !== undefined) continue;
        const meant = misspeltEvent(profile, s.event);
        if (event !== undefined && s.event !== event && meant !== event) continue;
        const row: ListedHook = { event: s.event, name: s.command ?? s.path, source: report.source, file: session.files[i]!.file, path: s.path, runs: false, reason: meant === undefined ? s.reason : misfiledReason(profile, s.event, meant) };
        skipped.add(row);
        hooks.push(row);
      }
    });
    await session.registry.close();
    for (const h of hooks) Object.assign(h, effectiveTimeout(profile, h, session.files));
    const events = eventsOf(profile);
    const order = (e: string) => (events.includes(e) ? events.indexOf(e) : events.length);
    const sorted = hooks.map((h, i) => ({ h, i })).sort((a, b) => order(a.h.event) - order(b.h.event) || a.i - b.i).map(({ h }) => h);

    if (args.values.json === true) {
      io.out(`${JSON.stringify({ profile, gates, files: session.files.map((f) => ({ file: f.file, source: f.source, ...(f.pluginRoot === undefined ? {} : { pluginRoot: f.pluginRoot }) })), hooks: sorted }, null, 2)}\n`);
      return EXIT.ok;
    }

    const { style } = io;
    const lines: string[] = [];
    for (const name of [...new Set(sorted.map((h) => h.event))]) {
      lines.push(style.bold(name));
      const rows = sorted.filter((h) => h.event === name);
      const table = formatTable(
        rows.map((h, n) => [
          String(n + 1),
          h.runs ? style.green('runs') : h.reason?.startsWith('gated off') ? style.yellow('gated off') : style.red('skipped'),
          h.source ?? 'code',
          `matcher ${skipped.has(h) ? '-' : h.matcher === undefined || h.matcher === '' ? '*' : h.matcher}`,
          `timeout ${h.effectiveTimeoutMs === undefined ? '-' : `${formatMs(h.effectiveTimeoutMs)}${h.defaultTimeout ? ' (default)' : ''}`}`,
          `${h.kind ?? 'hook'}  ${h.dialect === undefined ? '' : `[${h.dialect}] `}${h.name}`,
        ]),
      );
      rows.forEach((h, n) => {
        lines.push(table[n]!);
        const details = [
          h.hostEvents !== undefined && h.hostEvents.length > 0 ? `answers to ${h.hostEvents.join(', ')}` : undefined,
          h.sameCommandAs === undefined ? undefined : `also configured for ${h.sameCommandAs.join('; ')}`,
          h.file === undefined ? undefined : `${h.file}${h.path === undefined ? '' : ` ${h.path}`}`, h.if === undefined ? undefined : `if ${h.if}`, h.once ? 'once' : undefined, h.background ? 'background' : undefined, h.runs ? undefined : h.reason];
        lines.push(style.dim(`     ${details.filter((d) => d !== undefined).join(' · ')}`));
      });
    }
    const running = sorted.filter((h) => h.runs).length;
    if (sorted.length === 0) lines.push('no hooks');
    lines.push(style.dim(`${plural(running, 'hook')} run${running === 1 ? 's' : ''}, ${plural(sorted.length - running, 'hook')} never run${sorted.length - running === 1 ? 's' : ''} (gated off or skipped)`));
    io.out(`${lines.join('\n')}\n`);
    return EXIT.ok;
  },
};

// The timeout a hook runs with: the registry's when it has one, else read from the hook's config as the
// profile reads it (default profile: timeout_ms, else timeout seconds, else 30 s, at most 30 s; claude:
// `timeout` seconds, else the event's default).
function effectiveTimeout(profile: ProfileName, h: ListedHook, files: readonly ConfigFile[]): Pick<ListedHook, 'effectiveTimeoutMs' | 'defaultTimeout'> {
  // The default profile's per-entry deadline bounds every hook: on Stop 5 s (deadlines.stopHandlerMs), whatever it asks.
  const deadline = profile === 'default' ? (EVENT_SPECS[h.event as HookEvent]?.deadline === 'stop' ? DEFAULT_DEADLINES.stopHandlerMs : DEFAULT_DEADLINES.handlerMs) : Infinity;
  if (h.timeoutMs !== undefined) return { effectiveTimeoutMs: Math.min(h.timeoutMs, deadline), defaultTimeout: false };
  if (!h.runs && h.gatedBy === undefined) return {};
  const config = files.find((f) => f.file === h.file)?.value;
  const handler = h.path === undefined ? undefined : (valueAt(config, h.path) as { timeout?: unknown; timeout_ms?: unknown } | undefined);
  const own = (v: unknown): v is number => typeof v === 'number' && v > 0;
  if (profile === 'default') {
    if (h.kind !== 'command') return {};
    const spec = { timeout: own(handler?.timeout) ? handler.timeout : undefined, timeout_ms: own(handler?.timeout_ms) ? handler.timeout_ms : undefined };
    const ms = Math.min(resolveTimeoutMs(spec), deadline);
    return { effectiveTimeoutMs: ms, defaultTimeout: spec.timeout === undefined && spec.timeout_ms === undefined };
  }
  if (own(handler?.timeout)) return { effectiveTimeoutMs: handler.timeout * 1000, defaultTimeout: false };
  const spec = CLAUDE_EVENT_SPECS[h.event as ClaudeHookEvent];
  return spec === undefined ? {} : { effectiveTimeoutMs: spec.defaultTimeoutSec * 1000, defaultTimeout: true };
}

// The value at a path like `hooks.PreToolUse[0].hooks[1]`.
function valueAt(value: unknown, path: string): unknown {
  let at = value;
  for (const m of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[m[1] ?? m[2]!];
  }
  return at;
}
