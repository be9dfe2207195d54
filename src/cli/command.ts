// What a command is, what it is given, and the output every command shares: a config file's problems,
// each with its line and JSON path.
import type { OptionSpecs, ParsedArgs } from './args.js';
import type { ConfigFile } from './config-files.js';
import { formatTable, plural, type Style } from './output.js';

export interface CliIO {
  /** Writes to stdout (the command's answer). */
  out(text: string): void;
  /** Writes to stderr (usage errors, progress). */
  err(text: string): void;
  stdin: NodeJS.ReadableStream;
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Colours for stdout: off with --json, NO_COLOR, or when stdout is not a TTY. */
  style: Style;
}

export interface CommandDef {
  name: string;
  /** One line for the top-level help. */
  summary: string;
  /** The command's whole --help text. */
  help: string;
  options: OptionSpecs;
  /** Resolves to the exit code. */
  run(args: ParsedArgs, io: CliIO): Promise<number>;
}

/** One exit-code table for every command: each code means one thing. */
export const EXIT_TABLE = `Exit codes (every command):
  0  ok: allowed, valid, nothing changed, every hook approved
  1  the answer is no: blocked (run), a decision changed (replay), hooks not approved (trust)
  2  usage error: unknown command, option or event, a missing argument, an unreadable payload or record
  3  internal error (a bug in harness-hooks)
  4  config invalid: a settings file is missing, unreadable or has errors (validate --strict: or warnings)`;

// The exit-code table, as a command's --help ends with it (`one`: what exit 1 means for that command).
export function exitHelp(one?: string): string {
  return one === undefined ? EXIT_TABLE : `${EXIT_TABLE}\n\nExit 1 here: ${one}.`;
}

// `file (source)` and then one line per problem: `line:col  severity  path  message`.
export function formatFileProblems(file: ConfigFile, style: Style, { warnings = true } = {}): string[] {
  const problems = warnings ? [...file.errors, ...file.warnings].sort((a, b) => (a.line ?? 0) - (b.line ?? 0)) : file.errors;
  const rows = problems.map((p) => [
    style.dim(p.line === undefined ? '-' : `${p.line}:${p.column ?? 1}`),
    p.severity === 'error' ? style.red('error') : style.yellow('warning'),
    style.cyan(p.path || '(file)'),
    p.message,
  ]);
  return formatTable(rows);
}

export function fileHeading(file: ConfigFile, style: Style): string {
  const source = `${file.source}${file.sourceFrom === 'flag' ? ', from --source' : ''}${file.pluginRoot === undefined ? '' : `, plugin root ${file.pluginRoot}`}`;
  return `${style.bold(file.file)} ${style.dim(`(${source})`)}`;
}

// The errors of every file that has any (the other commands stop on them), as text.
export function formatConfigErrors(files: readonly ConfigFile[], style: Style): string {
  const lines: string[] = [];
  for (const file of files.filter((f) => f.errors.length > 0)) {
    lines.push(fileHeading(file, style), ...formatFileProblems(file, style, { warnings: false }));
  }
  const n = files.reduce((sum, f) => sum + f.errors.length, 0);
  lines.push(style.red(`${plural(n, 'error')}: nothing was run (harness-hooks validate FILE shows warnings too)`));
  return `${lines.join('\n')}\n`;
}

// The --json answer of a command that stopped on invalid settings files.
export function configErrorsJson(files: readonly ConfigFile[]): unknown {
  return { ok: false, files: files.filter((f) => f.errors.length > 0).map((f) => ({ file: f.file, source: f.source, errors: f.errors })) };
}
