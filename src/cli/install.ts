// `harness-hooks install --from <file> --into <harness> [--write]`: a hook config written for one harness,
// as the config of another in which each hook runs through `harness-hooks bridge` (src/cli/bridge.ts).
// Events and tool matchers are translated to the target's names with the translation tables, so the bridge
// is started only where the hook would fire; timeouts are in the target's unit with the bridge's start-up
// added; a hook whose event the target lacks is listed as not installable, with why. The entries it writes
// carry a marker (`# harness-hooks:bridge`): a second run replaces them, so it changes nothing.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { COMMON_OPTIONS, EXIT, expectPositionals, UsageError } from './args.js';
import { exitHelp, type CommandDef } from './command.js';
import { inferProfile } from './discover.js';
import { PROFILES, type ProfileName } from '../profiles/index.js';
import { parseHooksConfig } from '../config/load.js';
import type { DialectTable } from '../dialects/table.js';
import type { Profile } from '../profiles/profile.js';
import { compile, rowForKind, type Compiled } from '../dialects/translate.js';
import { errorMessage } from '../dispatch-run.js';
import { shellWord } from './shell-word.js';

/** Marks the entries `install` owns in a target file. */
export const BRIDGE_MARKER = '# harness-hooks:bridge';
/**
 * Added to a hook's timeout for the bridge's own time, in seconds: its start-up, and after a hook's timeout
 * the kill grace (1 s) before it can answer. Past it the host kills the bridge and reads a timeout, an allow
 * in every host: a guard whose own harness blocks on a timeout (Cursor's failClosed, onFailure: block) would
 * fail open. On a 2-core machine at load 10 a bridged 1 s hook took over 3 s in all; 5 s leaves room.
 */
const BRIDGE_MARGIN_SEC = 5;
/** The largest timeout written, in the target's unit (setTimeout's range). */
const MAX_TIMEOUT = 2_147_483_647;


export interface Installed {
  /** The target's config, with the bridged entries. */
  config: Record<string, unknown>;
  added: { from: string; event: string; matcher?: string; command: string }[];
  notInstallable: { from: string; why: string }[];
}

/** The target's config (merged into `existing`, entries this command owns replaced) for the source's hooks. */
export function installConfig(source: unknown, from: ProfileName, into: ProfileName, options: { file?: string; bridge?: string; existing?: unknown } = {}): Installed {
  const src = PROFILES[from];
  const dst = PROFILES[into];
  const srcTable = src.dialect!;
  const dstTable = dst.dialect!;
  const dstCompiled = compile(dstTable);
  const parsed = (src.parseConfig?.(source, options.file) ?? parseHooksConfig(source, options.file)) as { hooks: Record<string, { matcher?: string; hooks: Record<string, unknown>[] }[]> };
  const added: Installed['added'] = [];
  const notInstallable: Installed['notInstallable'] = [];
  const entries: Record<string, unknown[]> = {};
  const bridge = options.bridge ?? 'harness-hooks';
  const word = wordFor(dstTable);
  for (const [event, groups] of Object.entries(parsed.hooks ?? {})) {
    const row = srcTable.events.find((r) => r.event === event && r.writeOnly !== true) ?? srcTable.events.find((r) => r.event === event);
    groups.forEach((group, g) => {
      group.hooks.forEach((hook, h) => {
        const where = `hooks.${event}[${g}].hooks[${h}]`;
        const command = typeof hook.command === 'string' ? hook.command : undefined;
        if (hook.type !== undefined && hook.type !== 'command') return notInstallable.push({ from: where, why: `a ${String(hook.type)} hook: only command hooks run through the bridge` });
        if (command === undefined) return notInstallable.push({ from: where, why: 'no command' });
        if (row === undefined) return notInstallable.push({ from: where, why: `${from}'s ${event} has no equivalent in other harnesses` });
        const unbridged = notCarried(hook, command);
        if (unbridged !== undefined) return notInstallable.push({ from: where, why: unbridged });
        const target = dstTable.events.find((r) => r.action === row.action && r.writeOnly !== true);
        if (target === undefined) return notInstallable.push({ from: where, why: `${into} has no event for ${from}'s ${event} (${row.action}): it would never fire` });
        // A matcher the source's event ignores (Claude's UserPromptSubmit, Codex's Stop) is none: the hook runs
        // on every one, and it goes neither to the target nor to the bridge.
        const own = matchFieldOf(src, event) === null ? undefined : group.matcher;
        const translated = translateMatcher(own, srcTable, dstCompiled, row.fields.tool_name !== undefined);
        if (typeof translated === 'object') return notInstallable.push({ from: where, why: translated.why });
        // The target gets the translated matcher only where both events match tool names: elsewhere its event
        // tests another field (Cursor's stop and beforeSubmitPrompt test a constant; the default profile's
        // SessionStart has none), where the source's matcher would keep the bridge from ever starting; the
        // bridge applies the source's own (`--matcher`) in the source's rules.
        const onTools = row.fields.tool_name !== undefined && target.fields.tool_name !== undefined && typeof matchFieldOf(dst, target.event) === 'string';
        const matcher = onTools ? translated : undefined;
        // The hook's own timeout, in the source's unit: gemini's reader keeps it (milliseconds) as `rawTimeout`.
        const ownTimeout = [hook[srcTable.hookConfig.timeout], hook.rawTimeout, hook.timeout].find((v) => v !== undefined);
        const seconds = (typeof ownTimeout === 'number' && ownTimeout > 0 ? ownTimeout : srcTable.hookConfig.defaultTimeout) / (srcTable.hookConfig.unit === 'ms' ? 1000 : 1);
        // Whole units, rounded up: Codex drops its whole hooks.json (the user's own hooks too) for a fractional
        // `timeout` (a u64 of seconds), which a Gemini hook's milliseconds (5 ms: 5.005 s) gave.
        // (Rounded to 1e-6 first, so that float noise, 2.1 * 1000 = 2100.0000000000005, adds no unit; at most
        // MAX_TIMEOUT: a larger one, a "never" of 1e17, makes Codex refuse the whole merged file.)
        const timeout = Math.min(MAX_TIMEOUT, Math.ceil(Math.round((seconds + BRIDGE_MARGIN_SEC) * (dstTable.hookConfig.unit === 'ms' ? 1000 : 1) * 1e6) / 1e6));
        // The entry's keys that decide how its harness reads it (the table's `carried`), for the bridge.
        const carried = Object.fromEntries((srcTable.hookConfig.carried ?? []).filter((k) => hook[k] !== undefined).map((k) => [k, hook[k]]));
        const line = [
          bridge,
          'bridge',
          '--host',
          into,
          '--dialect',
          from,
          ...(into === 'copilot' ? ['--event', target.event] : []),
          ...(own === undefined || own === '' || own === '*' ? [] : ['--matcher', word(own)]),
          ...(typeof ownTimeout === 'number' && ownTimeout > 0 ? ['--timeout', String(ownTimeout)] : []),
          ...(Object.keys(carried).length === 0 ? [] : ['--entry', word(JSON.stringify(carried))]),
          '--',
          word(command),
          BRIDGE_MARKER,
        ].join(' ');
        const { shape, command: key, timeout: timeoutKey } = dstTable.hookConfig;
        const entry = { ...(shape === 'grouped' ? { type: 'command' } : {}), [key]: line, [timeoutKey]: timeout };
        (entries[target.event] ??= []).push(shape === 'grouped' ? { ...(matcher === undefined ? {} : { matcher }), hooks: [entry] } : { ...entry, ...(matcher === undefined ? {} : { matcher }) });
        added.push({ from: where, event: target.event, ...(matcher === undefined ? {} : { matcher }), command: line });
        return undefined;
      });
    });
  }
  return { config: merge(options.existing, entries, dstTable), added, notInstallable };
}

// What the bridge cannot carry, so that the hook would not run as its own harness runs it there: Copilot CLI's
// own `env` and `cwd` (the bridge runs the command in the host's folder and environment: a guard switched on by
// its env, `GUARD_MODE=block`, lets every call through, a script named from its `cwd` is not found) and its
// `$COPILOT_HOOK_DIR` (the folder of a hooks file the bridge does not have); an exec-form hook (`args`,
// Copilot's `exec`: the bridge runs one shell line) or another shell (PowerShell); and the stand-in for an entry
// its harness could not read (Cursor rejects such a file: installed, it would run as a command that is not found).
function notCarried(hook: Record<string, unknown>, command: string): string | undefined {
  if (command.startsWith('(malformed hook ')) return `its entry is malformed (${command.slice(16, -1)}), and its harness does not load it`;
  if (hook.args !== undefined || hook.exec !== undefined) return 'an exec-form hook (`args` / `exec`) cannot run through the bridge, which runs one shell command line';
  if (hook.shell !== undefined && hook.shell !== 'bash') return `its shell (${String(hook.shell)}) cannot run through the bridge, which runs the command with /bin/sh`;
  if (/\$\{?COPILOT_HOOK_DIR\b/.test(command)) return "it names $COPILOT_HOOK_DIR, the folder of its hooks file, which the bridge does not know";
  const env = hook.env !== null && typeof hook.env === 'object' ? Object.keys(hook.env) : [];
  if (env.length > 0) return `its env (${env.join(', ')}) cannot be passed through the bridge, which runs the command in the host's environment`;
  if (typeof hook.cwd === 'string' && hook.cwd !== '' && hook.cwd !== '.') return `its cwd (${hook.cwd}) cannot be passed through the bridge, which runs the command in the host's folder`;
  return undefined;
}

// A shell word of the target's command line. A harness that replaces variables in a command as text, with a
// shell-quoted value, inside quotes too (Gemini CLI: `hookConfig.replaced`) would split the single-quoted word
// on a folder with a space or a quote, and the hook would not run (a Claude guard's
// `"$CLAUDE_PROJECT_DIR"/hooks/guard.sh` failed open). The word keeps the text the bridge is to get: the `$` of
// such a name ends one single-quoted part and the next starts at the name (`'$''CLAUDE_PROJECT_DIR'` is
// `$CLAUDE_PROJECT_DIR` to the shell, and not the harness's to replace); the bridge's hook gets the variables.
function wordFor(table: DialectTable): (s: string) => string {
  const names = table.hookConfig.replaced ?? [];
  if (names.length === 0) return shellWord;
  const replaced = new RegExp(`\\$(?=${names.join('|')})`, 'g');
  return (s) => shellWord(s).replace(replaced, () => "$''");
}

// The field an event's matcher tests in a profile (null: the event ignores matchers).
function matchFieldOf(profile: Profile<any, any>, event: string): string | null | undefined {
  return (profile.view(event) as { matchField?: string | null } | undefined)?.matchField;
}

// A matcher of tool names in the target's names: a list of names maps name by name (names with no
// counterpart dropped; none left: not installable); a pattern cannot be translated, so the target starts
// the bridge on every call and the bridge applies the pattern (`--matcher`) in the source's own rules.
function translateMatcher(matcher: string | undefined, src: DialectTable, dst: Compiled, tools: boolean): string | undefined | { why: string } {
  if (matcher === undefined || matcher === '' || matcher === '*') return undefined;
  if (!/^[A-Za-z0-9_|, -]+$/.test(matcher)) return undefined;
  const names = matcher.split(/[|,]/).map((n) => n.trim()).filter((n) => n !== '');
  const out = new Set<string>();
  for (const name of names) {
    const rows = src.tools.filter((r) => r.name === name);
    if (rows.length === 0) {
      // On a tool event: a tool the tables do not know has no counterpart (an MCP tool keeps its name where
      // both harnesses name MCP tools alike). Elsewhere (a session source, a trigger): passed as it is.
      if (!tools || (src.mcp === dst.table.mcp && name.startsWith('mcp'))) out.add(name);
      continue;
    }
    for (const row of rows) {
      const to = rowForKind(dst, row.kind);
      if (to !== undefined) out.add(to.name);
    }
  }
  if (out.size === 0) return { why: `the tools "${matcher}" matches have no counterpart in ${dst.table.profile}: it would never fire` };
  return [...out].join('|');
}

// The target file's config with the entries this command owns replaced by `entries`; everything else kept.
function merge(existing: unknown, entries: Record<string, unknown[]>, dst: DialectTable): Record<string, unknown> {
  const base = existing !== null && typeof existing === 'object' && !Array.isArray(existing) ? { ...(existing as Record<string, unknown>) } : {};
  if (dst.hookConfig.shape === 'flat' && base.version === undefined) base.version = 1;
  const hooks: Record<string, unknown[]> = {};
  const old = base.hooks !== null && typeof base.hooks === 'object' ? (base.hooks as Record<string, unknown[]>) : {};
  const owned = (entry: unknown): boolean => JSON.stringify(entry).includes(BRIDGE_MARKER);
  for (const [event, list] of Object.entries(old)) {
    const kept = Array.isArray(list) ? list.filter((e) => !owned(e)) : list;
    if (!Array.isArray(kept) || kept.length > 0) hooks[event] = kept as unknown[];
  }
  for (const [event, list] of Object.entries(entries)) hooks[event] = [...(hooks[event] ?? []), ...list];
  base.hooks = hooks;
  return base;
}

export const installCommand: CommandDef = {
  name: 'install',
  summary: "another harness's hooks as this harness's config, each run through the bridge",
  options: { ...COMMON_OPTIONS, from: { type: 'string' }, into: { type: 'string' }, 'from-harness': { type: 'string' }, write: { type: 'boolean' }, 'target-file': { type: 'string' }, bridge: { type: 'string' } },
  help: `Usage: harness-hooks install --from FILE --into HARNESS [--write] [--target-file FILE] [--from-harness HARNESS]

Reads a hook config written for one harness (a .claude/settings.json, a .codex/hooks.json, …) and prints
the config of --into's harness in which each of its command hooks runs through \`harness-hooks bridge\`,
as its own harness would run it: events and tool matchers in the target's names (so the bridge starts
only where the hook would fire), timeouts in the target's unit with the bridge's start-up added. A hook
the target cannot fire is listed on stderr as not installable, with why.

Options:
  --from FILE            the source config (its harness from its path, or --from-harness)
  --into HARNESS         default, claude, codex, gemini, copilot or cursor
  --write                merge into the target file instead of printing: the entries this command wrote
                         before (marked ${BRIDGE_MARKER}) are replaced, everything else is kept
  --target-file FILE     the file to write (default: the target's project file under the current folder)
  --bridge COMMAND       how the target starts the bridge (default: harness-hooks)
  --json                 { config, added, notInstallable }
  -h, --help             this help

${exitHelp()}`,

  async run(args, io) {
    expectPositionals(args, []);
    const fromFile = args.values.from;
    if (typeof fromFile !== 'string') throw new UsageError('missing --from FILE');
    const names = Object.keys(PROFILES);
    const into = args.values.into;
    if (typeof into !== 'string' || !names.includes(into)) throw new UsageError(`--into must be one of ${names.join(', ')}`);
    const file = resolve(io.cwd, fromFile);
    const given = args.values['from-harness'];
    if (given !== undefined && (typeof given !== 'string' || !names.includes(given))) throw new UsageError(`--from-harness must be one of ${names.join(', ')}`);
    const from = (given as ProfileName | undefined) ?? inferProfile([file])?.profile;
    if (from === undefined) throw new UsageError(`cannot tell which harness ${fromFile} is for: pass --from-harness`);
    if (from === into) throw new UsageError(`${fromFile} is already ${into}'s`);
    let source: unknown;
    try {
      source = JSON.parse(readFileSync(file, 'utf8').replace(/^\uFEFF/, ''));
    } catch (error) {
      io.err(`harness-hooks install: cannot read ${fromFile}: ${errorMessage(error)}\n`);
      return EXIT.config;
    }
    const dst = PROFILES[into as ProfileName].dialect!;
    const targetFile = typeof args.values['target-file'] === 'string' ? resolve(io.cwd, args.values['target-file']) : dst.hookConfig.projectFile === undefined ? undefined : resolve(io.cwd, dst.hookConfig.projectFile);
    const write = args.values.write === true;
    if (write && targetFile === undefined) throw new UsageError(`--write into ${into} needs --target-file`);
    let existing: unknown;
    if (write && existsSync(targetFile!)) {
      try {
        existing = JSON.parse(readFileSync(targetFile!, 'utf8').replace(/^\uFEFF/, ''));
      } catch (error) {
        io.err(`harness-hooks install: cannot read ${targetFile}: ${errorMessage(error)}; nothing written\n`);
        return EXIT.config;
      }
    }
    let result: Installed;
    try {
      result = installConfig(source, from, into as ProfileName, { file, existing, ...(typeof args.values.bridge === 'string' ? { bridge: args.values.bridge } : {}) });
    } catch (error) {
      io.err(`harness-hooks install: ${fromFile}: ${errorMessage(error)}\n`);
      return EXIT.config;
    }
    for (const n of result.notInstallable) io.err(`harness-hooks install: not installable: ${n.from}: ${n.why}\n`);
    const text = `${JSON.stringify(result.config, null, 2)}\n`;
    if (write) {
      mkdirSync(dirname(targetFile!), { recursive: true });
      writeFileSync(targetFile!, text);
      io.err(`harness-hooks install: wrote ${result.added.length} bridged hook${result.added.length === 1 ? '' : 's'} into ${targetFile}\n`);
    }
    if (args.values.json === true) io.out(`${JSON.stringify(result, null, 2)}\n`);
    else if (!write) io.out(text);
    return EXIT.ok;
  },
};
