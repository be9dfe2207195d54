// The `harness-hooks` CLI: picks the command, parses its arguments, runs it, and turns a usage error into
// exit 2 with a pointer to --help. Each command is one file beside this one.
import { readFileSync } from '../node-builtins.js';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXIT, parseCommandArgs, UsageError } from './args.js';
import { EXIT_TABLE, type CliIO, type CommandDef } from './command.js';
import { explainCommand } from './explain.js';
import { listCommand } from './list.js';
import { makeStyle, STYLE_SEQUENCE, wantsColor } from './output.js';
import { escapeJsonText, escapeTerminalControls } from '../terminal-text.js';
import { replayCommand } from './replay.js';
import { runCommand } from './run.js';
import { schemaCommand } from './schema.js';
import { timelineCommand } from './timeline.js';
import { trustCommand } from './trust.js';
import { validateCommand } from './validate.js';
import { installCommand } from './install.js';

export const COMMANDS: readonly CommandDef[] = [validateCommand, listCommand, runCommand, explainCommand, schemaCommand, replayCommand, trustCommand, timelineCommand, installCommand];


function topHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return `Usage: harness-hooks COMMAND [options]

The hook author's tool: check, list, run and explain the hooks in settings files, and replay a
recorded session against new settings.

Commands:
${COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join('\n')}
  ${'bridge'.padEnd(width)}  run a hook written for one harness inside another, as a command hook of it
  ${''.padEnd(width)}  (harness-hooks bridge --help)

Run harness-hooks COMMAND --help for a command's options. Every command takes --json (machine output
on stdout; a usage error is then also { "ok": false, "error": { "kind": "usage", "message" } } there)
and --help. Colour only when stdout is a terminal and NO_COLOR is unset (FORCE_COLOR forces it).

The hooks in the files you give run with every gate open (enableShellHooks, allowProjectHooks,
enablePluginHooks) unless --no-shell-hooks, --no-project-hooks or --no-plugin-hooks closes one.

${EXIT_TABLE}

  --version   print the version`;
}

export interface MainIO {
  stdout: { write(text: string): unknown; isTTY?: boolean };
  stderr: { write(text: string): unknown; isTTY?: boolean };
  stdin: NodeJS.ReadableStream;
  cwd: string;
  env: NodeJS.ProcessEnv;
}

// Runs the CLI with `argv` (without node and the script) and resolves to the exit code.
export async function main(argv: readonly string[], io: MainIO): Promise<number> {
  const [name, ...rest] = argv;
  const json = rest.includes('--json');
  if (name === undefined) {
    io.stderr.write(`${topHelp()}\n`);
    return EXIT.usage;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    const command = name === 'help' && rest[0] !== undefined ? COMMANDS.find((c) => c.name === rest[0]) : undefined;
    io.stdout.write(`${command?.help ?? topHelp()}\n`);
    return EXIT.ok;
  }
  if (name === '--version' || name === '-v') {
    io.stdout.write(`${version()}\n`);
    return EXIT.ok;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (command === undefined) {
    io.stderr.write(`harness-hooks: unknown command ${JSON.stringify(name)}; the commands are ${COMMANDS.map((c) => c.name).join(', ')}. Run harness-hooks --help.\n`);
    return EXIT.usage;
  }
  const style = makeStyle(!json && wantsColor(io.stdout, io.env));
  // One terminal-safe rendering for everything a command prints: text from settings files, payloads and
  // hooks (a command, a reason, a path) shows its controls escaped (`\r`, `\x1b[2K`), never obeyed; only
  // the colours this CLI writes itself pass (a hook's own colour codes pass too while colour is on: they
  // cannot move the cursor, erase or hide text). --json output is JSON.stringify's, which escapes C0
  // controls already; DEL, C1 and bidirectional controls are escaped there too, the value unchanged.
  const shown = (text: string): string => escapeTerminalControls(text, style.enabled ? STYLE_SEQUENCE : undefined);
  const cli: CliIO = {
    out: (text) => void io.stdout.write(json ? escapeJsonText(text) : shown(text)),
    err: (text) => void io.stderr.write(shown(text)),
    stdin: io.stdin,
    cwd: io.cwd,
    env: io.env,
    style,
  };
  try {
    const args = parseCommandArgs(rest, command.options);
    if (args.values.help === true) {
      io.stdout.write(`${command.help}\n`);
      return EXIT.ok;
    }
    return await command.run(args, cli);
  } catch (error) {
    if (error instanceof UsageError) {
      if (json) cli.out(`${JSON.stringify({ ok: false, error: { kind: 'usage', message: error.message } }, null, 2)}\n`);
      cli.err(`harness-hooks ${name}: ${error.message}\nRun harness-hooks ${name} --help for usage.\n`);
      return EXIT.usage;
    }
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    if (json) cli.out(`${JSON.stringify({ ok: false, error: { kind: 'internal', message: String((error as Error)?.message ?? error) } }, null, 2)}\n`);
    cli.err(`harness-hooks ${name}: internal error: ${message}\n`);
    return EXIT.internal;
  }
}

// The package's version, from the package.json above this file (dist/ or src/cli/).
function version(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'harness-hooks') return pkg.version ?? 'unknown';
    } catch {
      // not here
    }
    dir = dirname(dir);
  }
  return 'unknown';
}
