// Scripted hooks run by /bin/sh instead of node (fixtures/scripted-hook.sh): a replay of recorded cases
// spawns hundreds of hooks, and a node start costs about 100 ms of CPU where a shell's costs about 1 ms.
// The behaviour a case gives its .mjs hook as JSON is written to a folder the shell script reads; what the
// hook got (stdin, environment, folder, arguments) is read back from its records.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixture } from './fixtures.js';

const SCRIPT = fixture('scripted-hook.sh');

/** What a scripted hook does, in the words of the fixtures' .mjs hooks. */
export interface HookBehaviour {
  /** Printed as is; another JSON value printed JSON.stringify'd. */
  stdout?: unknown;
  stderr?: unknown;
  /** The exit code (default 0). */
  exit?: number | string;
  /** Wait after reading stdin, before printing (with `early`, after printing). */
  sleepMs?: number;
  early?: boolean;
  /** Instead of exiting, kill itself with this signal after printing (e.g. `SIGKILL`). */
  signal?: string;
  ignoreSigterm?: boolean;
  /** A folder each run adds its record to (readRecords). */
  record?: string;
}

/** What one run of a scripted hook got. */
export interface HookRecord {
  stdin: string;
  env: Record<string, string>;
  cwd: string;
  argv: string[];
}

/** A string as one shell word. */
export const shq = (s: string): string => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

const text = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

// The command line (`sh <script> <behaviour folder>`, arguments to be appended) of a hook that behaves as
// told. Its folder under `root` is named by the behaviour's hash: the same behaviour gives the same command
// (a harness that de-duplicates hooks by command sees what it saw with the .mjs hook), another gives another.
export function scriptedHook(root: string, behaviour: HookBehaviour): string {
  const json = JSON.stringify(behaviour);
  const dir = join(root, `hook-${createHash('sha256').update(json).digest('hex').slice(0, 16)}`);
  if (!existsSync(dir)) {
    mkdirSync(dir, { recursive: true });
    const files: Record<string, string | undefined> = {
      stdout: behaviour.stdout === undefined ? undefined : text(behaviour.stdout),
      stderr: behaviour.stderr === undefined ? undefined : text(behaviour.stderr),
      // As process.exit gives it: the low 8 bits.
      exit: behaviour.exit === undefined ? undefined : String(((Number(behaviour.exit) % 256) + 256) % 256),
      sleep: behaviour.sleepMs ? String(behaviour.sleepMs / 1000) : undefined,
      early: behaviour.early ? '' : undefined,
      signal: behaviour.signal?.replace(/^SIG/, ''),
      'ignore-sigterm': behaviour.ignoreSigterm ? '' : undefined,
      record: behaviour.record === undefined ? undefined : `${behaviour.record}\n`,
    };
    if (behaviour.record !== undefined) mkdirSync(behaviour.record, { recursive: true });
    for (const [name, content] of Object.entries(files)) if (content !== undefined) writeFileSync(join(dir, name), content);
  }
  return `sh ${shq(SCRIPT)} ${shq(dir)}`;
}

// The records of the runs that recorded to `folder`, in the order they finished recording.
export function readRecords(folder: string): HookRecord[] {
  const order = join(folder, 'order');
  if (!existsSync(order)) return [];
  const nul = (file: string): string[] => readFileSync(file, 'utf8').split('\0').slice(0, -1);
  return readFileSync(order, 'utf8').split('\n').filter((l) => l !== '').map((name) => {
    const run = join(folder, name);
    const env: Record<string, string> = {};
    for (const pair of nul(join(run, 'env'))) {
      const eq = pair.indexOf('=');
      if (eq > 0) env[pair.slice(0, eq)] = pair.slice(eq + 1);
    }
    return { stdin: readFileSync(join(run, 'stdin'), 'utf8'), env, cwd: readFileSync(join(run, 'cwd'), 'utf8').replace(/\n$/, ''), argv: nul(join(run, 'argv')) };
  });
}
