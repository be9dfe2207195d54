// `harness-hooks bridge --host <harness> --dialect <harness> -- <command…>`: the multi-dialect registry as
// a command hook. The host harness runs it; it reads the host's stdin, runs the wrapped command as a hook
// of the dialect's harness (its event, stdin, tool names and keys, exit codes, output rules, timeout),
// and answers the host in the host's own output protocol (each profile's `encodeOutput`), so the host
// decides what the hook's own harness would have. What cannot be said to the host is the stricter outcome,
// on stderr with why. A program of its own (dist/bridge.cjs, which bin.ts runs with a code cache), without
// the other commands; of the profiles, the code of the two it runs (its host's and its hook's) runs.
import { Registry } from '../registry.js';
import { PROFILE_LOADERS, PROFILE_NAMES } from '../profiles/load.js';
import type { ProfileName } from '../profiles/index.js';
import type { Profile } from '../profiles/profile.js';
import { statedOf } from '../dialects/stated.js';
import { compile, readHost } from '../dialects/translate.js';
import type { DialectTable } from '../dialects/table.js';
import { errorMessage } from '../dispatch-run.js';
import { shellWord } from './shell-word.js';

export interface BridgeIO {
  stdin: NodeJS.ReadableStream;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

const USAGE = `Usage: harness-hooks bridge --host HARNESS --dialect HARNESS [--event EVENT] [--matcher M] [--timeout N] [--entry JSON] -- COMMAND…

Runs COMMAND as a hook written for --dialect's harness, inside --host's harness (which runs this as an
ordinary command hook): the host's stdin is translated into the dialect's, COMMAND's answer is read by
the dialect's rules, and the decision is written back in the host's output protocol.
  --host, --dialect   default, claude, codex, gemini, copilot or cursor
  --event EVENT       the host's event (default: the stdin's hook_event_name; Copilot's camelCase
                      stdin has none, so a Copilot host needs it)
  --matcher M         COMMAND's matcher, in the dialect's matcher rules on its own tool names
  --timeout N         COMMAND's timeout, in the dialect's unit (its config's \`timeout\`)
  --entry JSON        the hook entry's keys that decide how it is read, as its config writes them
                      (Cursor's failClosed, Claude's if and onFailure, Copilot's onFailure)`;

/** The largest stdin read: a host's payload beyond it is refused, the stricter way. */
const MAX_STDIN = 16 * 1024 * 1024;

export async function bridge(argv: readonly string[], io: BridgeIO): Promise<number> {
  const dash = argv.indexOf('--');
  const flags = dash === -1 ? argv : argv.slice(0, dash);
  const command = dash === -1 ? [] : argv.slice(dash + 1);
  const opts: Record<string, string> = {};
  // (Every flag is read before a problem is said, so that the host named after it gets its own block.)
  let problem: string | undefined;
  for (let i = 0; i < flags.length; i++) {
    const f = flags[i]!;
    if (f === '-h' || f === '--help') {
      io.stdout(`${USAGE}\n`);
      return 0;
    }
    const m = /^--(host|dialect|event|matcher|timeout|entry)(?:=(.*))?$/.exec(f);
    if (m === null) {
      problem ??= `unknown option ${JSON.stringify(f)}`;
      continue;
    }
    const value = m[2] ?? flags[++i];
    if (value === undefined) {
      problem ??= `--${m[1]} needs a value`;
      break;
    }
    opts[m[1]!] = value;
  }
  // A command line the bridge cannot read is a block too: a host reads any exit but 0 and 2 as a failing hook
  // and goes ahead, so a typo, or a flag of a newer `install` this bridge lacks, must not let the call through.
  const usage = async (message: string): Promise<number> => {
    const code = await block(io, opts.host, opts.event, message);
    io.stderr(`${USAGE}\n`);
    return code;
  };
  if (problem !== undefined) return usage(problem);
  for (const key of ['host', 'dialect'] as const) {
    if (opts[key] === undefined) return usage(`missing --${key}`);
    if (!(PROFILE_NAMES as string[]).includes(opts[key]!)) return usage(`--${key} must be one of ${PROFILE_NAMES.join(', ')}, got ${JSON.stringify(opts[key])}`);
  }
  if (command.length === 0) return usage('missing the hook command after --');
  if (opts.host === opts.dialect) return usage(`--host and --dialect are both ${opts.host}: its hooks need no bridge`);
  const host = opts.host as ProfileName;
  const dialect = opts.dialect as ProfileName;
  const timeout = opts.timeout === undefined ? undefined : Number(opts.timeout);
  if (timeout !== undefined && !(timeout > 0)) return usage(`--timeout must be a positive number, got ${JSON.stringify(opts.timeout)}`);
  // The two profiles, each loaded on its own (src/profiles/load.ts).
  let hostProfile: Profile<any, any>;
  let dialectProfile: Profile<any, any>;
  try {
    [hostProfile, dialectProfile] = await Promise.all([PROFILE_LOADERS[host](), PROFILE_LOADERS[dialect]()]);
  } catch (error) {
    // (A damaged install: a failure the host would read as an allow, were it not said as a block.)
    return block(io, host, opts.event, `could not load the ${host} and ${dialect} profiles: ${errorMessage(error)}`);
  }
  const entry = opts.entry === undefined ? {} : entryOf(opts.entry, dialectProfile.dialect!.hookConfig.carried ?? []);
  if (typeof entry === 'string') return usage(entry);

  // From here on, anything that goes wrong is said to the host as a block, the stricter way.
  const refuse = (why: string): Promise<number> => block(io, host, opts.event, why);
  let text: string;
  try {
    text = await readAll(io.stdin, MAX_STDIN);
  } catch (error) {
    return refuse(`could not read the host's stdin: ${errorMessage(error)}`);
  }
  let payload: Record<string, unknown>;
  try {
    const value = JSON.parse(text.replace(/^\uFEFF/, '')) as unknown;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error('not a JSON object');
    payload = value as Record<string, unknown>;
  } catch (error) {
    return refuse(`the host's stdin is not a JSON object (${errorMessage(error)})`);
  }
  const event = opts.event ?? (typeof payload.hook_event_name === 'string' ? payload.hook_event_name : undefined);
  if (event === undefined) return refuse('no event: the stdin has no hook_event_name; pass --event');
  if (!hostProfile.events.includes(event)) return refuse(`${JSON.stringify(event)} is not a ${host} event`);
  opts.event = event;
  const { hook_event_name: _name, ...stdin } = payload;
  const rest = hostProfile.stdinPayload?.(event, stdin) ?? stdin;
  const cwd = typeof payload.cwd === 'string' && payload.cwd !== '' ? payload.cwd : io.cwd;
  const sessionId = [payload.session_id, payload.sessionId, payload.conversation_id].find((v) => typeof v === 'string') as string | undefined;
  const projectDir = [io.env.CLAUDE_PROJECT_DIR, io.env.GEMINI_PROJECT_DIR, io.env.CURSOR_PROJECT_DIR].find((v) => typeof v === 'string' && v.startsWith('/')) ?? cwd;
  // The host ran this command: its gates and trust were the host's to apply, and they let it run.
  let registry: { dispatch(e: string, p: unknown): Promise<never>; addConfig(c: unknown, o: object): { skipped: { reason: string }[] }; close(): Promise<void> } | undefined;
  try {
    const options = {
      profile: host,
      settings: { enableShellHooks: true, allowProjectHooks: true, enablePluginHooks: true },
      session: { cwd, ...(sessionId === undefined ? {} : { sessionId }) },
      projectDir,
      logger: { warn: (message: string) => io.stderr(`${message}\n`) },
      dialects: { [dialect]: dialect === 'codex' ? { bypassHookTrust: true } : {} },
    };
    registry = new Registry(options as never, { [host]: hostProfile, [dialect]: dialectProfile }) as unknown as NonNullable<typeof registry>;
    const table = dialectProfile.dialect!;
    const events = dialectEvents(hostProfile.dialect!, table, event, rest);
    if (events.length === 0) {
      io.stderr(`harness-hooks bridge: ${host}'s ${event} has no equivalent in ${dialect}: the hook does not run\n`);
      return 0;
    }
    const report = registry.addConfig(configOf(table, events, command, opts.matcher, timeout, entry), { source: 'user', dialect });
    for (const s of report.skipped) io.stderr(`harness-hooks bridge: the hook was not added: ${s.reason}\n`);
    if (report.skipped.length > 0) return refuse('the hook could not be added as a hook of its harness');
    const result = await registry.dispatch(event, rest);
    const encoded = hostProfile.encodeOutput!(event, statedOf(result));
    for (const note of encoded.notes) io.stderr(`harness-hooks bridge: ${note}\n`);
    if (encoded.stderr !== '') io.stderr(encoded.stderr);
    io.stdout(encoded.stdout);
    return encoded.exitCode;
  } catch (error) {
    return refuse(errorMessage(error));
  } finally {
    await registry?.close();
  }
}

// The dialect's events a host's dispatch of `event` fires.
function dialectEvents(hostTable: DialectTable, table: DialectTable, event: string, payload: Record<string, unknown>): string[] {
  const read = readHost(compile(hostTable), event, payload);
  if (read === undefined) return [];
  return [...new Set(table.events.filter((r) => r.action === read.action).map((r) => r.event))];
}

// One command hook on each of `events`, as the dialect's own config file writes it.
function configOf(table: DialectTable, events: readonly string[], command: readonly string[], matcher: string | undefined, timeout: number | undefined, entry: Record<string, unknown>): unknown {
  const { shape, command: key, timeout: timeoutKey } = table.hookConfig;
  const line = command.length === 1 ? command[0]! : command.map(shellWord).join(' ');
  const hook = { ...entry, ...(shape === 'grouped' ? { type: 'command' } : {}), [key]: line, ...(timeout === undefined ? {} : { [timeoutKey]: timeout }) };
  const hooks: Record<string, unknown[]> = {};
  for (const e of events) hooks[e] = shape === 'grouped' ? [{ ...(matcher === undefined ? {} : { matcher }), hooks: [hook] }] : [{ ...hook, ...(matcher === undefined ? {} : { matcher }) }];
  return shape === 'grouped' ? { hooks } : { version: 1, hooks };
}

// `--entry`: a JSON object of the keys the dialect's table carries (hookConfig.carried), or what is wrong with it.
function entryOf(text: string, carried: readonly string[]): Record<string, unknown> | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return `--entry must be a JSON object, got ${JSON.stringify(text)} (${errorMessage(error)})`;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return `--entry must be a JSON object, got ${JSON.stringify(text)}`;
  const other = Object.keys(value).filter((k) => !carried.includes(k));
  if (other.length > 0) return `--entry: ${other.map((k) => JSON.stringify(k)).join(', ')} ${other.length === 1 ? 'is' : 'are'} not a key the bridge carries for this dialect (${carried.length === 0 ? 'none' : carried.join(', ')})`;
  return value as Record<string, unknown>;
}

// Says `why` to the host as a block: the reason on stderr and exit 2, which every harness reads as a block
// where it can block (Gemini CLI too: exit 2 with text, stdout's or else stderr's, is a deny), and where the
// host is known, its own block on stdout (an unknown event is `''`: a block that holds on any event).
async function block(io: BridgeIO, host: string | undefined, event: string | undefined, why: string): Promise<number> {
  io.stderr(`harness-hooks bridge: ${why}\n`);
  if (host !== undefined && Object.hasOwn(PROFILE_LOADERS, host)) {
    // A host profile that cannot be loaded leaves exit 2 and the reason on stderr to say it.
    const profile: Profile<any, any> | undefined = await PROFILE_LOADERS[host as ProfileName]().catch(() => undefined);
    if (profile !== undefined) io.stdout(profile.encodeOutput!(event ?? '', { block: `harness-hooks bridge: ${why}` }).stdout);
  }
  return 2;
}

async function readAll(stream: NodeJS.ReadableStream, max: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const b = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += b.length;
    if (size > max) throw new Error(`more than ${max} bytes`);
    chunks.push(b);
  }
  return Buffer.concat(chunks).toString('utf8');
}
