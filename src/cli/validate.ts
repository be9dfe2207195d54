// `harness-hooks validate FILE…`: every schema problem and every warning, each with its JSON path and line.
import { COMMON_OPTIONS, EXIT, GATE_HELP, GATE_OPTIONS, PROFILE_OPTION, parseGates, parseProfile, parseSource, UsageError } from './args.js';
import { exitHelp, fileHeading, formatFileProblems, type CommandDef } from './command.js';
import { readConfigFiles } from './config-files.js';
import { inferProfile } from './discover.js';
import { resolve } from 'node:path';
import { plural } from './output.js';

export const validateCommand: CommandDef = {
  name: 'validate',
  summary: 'check settings or hooks.json files: errors and warnings with their paths and lines',
  options: { ...COMMON_OPTIONS, ...PROFILE_OPTION, ...GATE_OPTIONS, source: { type: 'string', multiple: true }, strict: { type: 'boolean' } },
  help: `Usage: harness-hooks validate FILE… [--profile NAME] [--source SOURCE] [--strict] [--json]

Checks each settings file (or plugin hooks/hooks.json) against the config schema and prints every
problem with its line and JSON path, e.g.
  12:9  error    hooks.PreToolUse[0].hooks[1].timeout  must not be negative (seconds)

Warnings (the file is valid, but a hook will not run, or not as meant):
  unknown-event          an event the profile does not have (with a "did you mean")
  unknown-field          a key no handler or group has (a typo is ignored silently otherwise)
  matcher-invalid        a matcher that is not a valid regular expression
  matcher-never-matches  a matcher that can never match, e.g. "Edit | Write" (spaces around |)
  matcher-ignored        a matcher on an event that has none
  handler-type           a handler type the profile cannot run (default profile: only "command")
  field-ignored          a field the profile does not read (timeout_ms in the claude profile)
  timeout-units          a seconds timeout that looks like milliseconds (>= 1000), or the reverse
  timeout-capped         a timeout past the default profile's 30 s cap
  gated-off              a hook the gates would switch off (see the --no-* flags)
  if-never-runs, if-invalid, http-not-run   claude-profile rules that keep a hook from running
  command-not-found      an absolute program path that does not exist or is not executable

Options:
  --profile NAME       default (afk events), claude, codex, gemini, copilot or cursor; without it, a
                       path or an event that names a harness says which (as run, list and explain)
  --source SOURCE      user, project, local or plugin for every file (default: from each path)
  --strict             exit 1 on warnings too
  --json               { ok, errors, warnings, files: [{ file, source, errors, warnings }] }
  -h, --help           this help

${GATE_HELP}

${exitHelp()}`,

  async run(args, io) {
    const files = args.positionals;
    if (files.length === 0) throw new UsageError('missing FILE: name one or more settings files');
    // Without --profile, a path or an event that names a harness says which (as run, list and explain do).
    const inferred = args.values.profile === undefined ? inferProfile(files.map((f) => resolve(io.cwd, f))) : undefined;
    const profile = inferred?.profile ?? parseProfile(args.values.profile);
    if (inferred !== undefined) io.err(`harness-hooks validate: --profile ${inferred.profile} (inferred: ${inferred.why})\n`);
    const sources = (args.values.source as string[] | undefined) ?? [];
    if (sources.length > 1) throw new UsageError('validate takes one --source for all its files');
    const source = sources[0] === undefined ? undefined : parseSource(sources[0]);
    const checked = await readConfigFiles(
      files.map((file) => ({ file, source })),
      { profile, gates: parseGates(args.values), cwd: io.cwd },
    );
    const errors = checked.reduce((n, f) => n + f.errors.length, 0);
    const warnings = checked.reduce((n, f) => n + f.warnings.length, 0);
    const failed = errors > 0 || (args.values.strict === true && warnings > 0);

    if (args.values.json === true) {
      const json = {
        ok: !failed,
        profile,
        errors,
        warnings,
        files: checked.map((f) => ({
          file: f.file,
          source: f.source,
          ...(f.pluginRoot === undefined ? {} : { pluginRoot: f.pluginRoot }),
          valid: f.errors.length === 0,
          errors: f.errors,
          warnings: f.warnings,
        })),
      };
      io.out(`${JSON.stringify(json, null, 2)}\n`);
      return failed ? EXIT.config : EXIT.ok;
    }

    const { style } = io;
    const lines: string[] = [];
    for (const f of checked) {
      lines.push(fileHeading(f, style));
      if (f.sourceNote !== undefined) lines.push(style.dim(`  note: ${f.sourceNote}`));
      if (f.errors.length === 0 && f.warnings.length === 0) lines.push(`  ${style.green('ok')}`);
      else lines.push(...formatFileProblems(f, style));
    }
    const summary = `${plural(errors, 'error')}, ${plural(warnings, 'warning')} in ${plural(checked.length, 'file')}`;
    lines.push(errors > 0 ? style.red(summary) : warnings > 0 ? style.yellow(summary) : style.green(summary));
    io.out(`${lines.join('\n')}\n`);
    return failed ? EXIT.config : EXIT.ok;
  },
};
