// Which processes belong to one command hook's run, by marks a process must drop every one of to hide
// (issue 23). A process is the run's when:
// - it was seen in the run's process tree (pid and start time, remembered): the tree is looked at every
//   WALK_MS while the hook runs, and once more when it is cut short;
// - its environment names the run (`HARNESS_HOOKS_RUN`);
// - it holds the run mark (an open file the hook gets as fd 3, see openRunMark) or the hook's own
//   stdin/stdout/stderr;
// - it is in the hook's session while a process of the run is too (a double fork without `setsid`);
// - its parent is the run's.
// The process group, which `kill(-pid)` reaches, is timeout.ts's; these find what left it.
//
// Linux only: everything is read from /proc a slice at a time, so a scan never holds the event loop for
// long: the stat files synchronously (the kernel answers them without the process's memory lock, in µs),
// everything else asynchronously (an environ read waits on the process's memory lock, which a hostile one
// can hold). Where there is no /proc (macOS), nothing is found and only the process group is ended.
// What still escapes: a process that has left the session (`setsid`), cleared the variable, closed every
// descriptor it inherited (fd 3 included), and whose parent chain to the hook was already cut (a double
// fork) before the tree was next looked at. Not reachable from Node without native code: a subreaper
// (PR_SET_CHILD_SUBREAPER) or a cgroup per run; a PID namespace (`unshare -pf`) needs user namespaces,
// often disabled, and changes what the hook sees, so it is not used.
// Never trusted: a pid alone. A process is named by pid and start time (field 22 of /proc/<pid>/stat), and
// the start time is read again right before any signal, so a pid reused since the scan is not hit (what is
// left is the microseconds between that read and the signal: Node has no pidfd).

import { join } from 'node:path';
import { requireBuiltin, tmpdir } from '../node-builtins.js';
import { randomHex } from '../random-hex.js';

/** The variable every hook process inherits, naming its run (`HARNESS_HOOKS_RUN`). */
export const RUN_MARKER = 'HARNESS_HOOKS_RUN';

/** One process, as /proc/<pid>/stat describes it. */
export interface ProcStat {
  pid: number;
  /** 'R', 'S', … ; 'Z' (zombie) and 'X' (dead) are not running. */
  state: string;
  ppid: number;
  pgrp: number;
  /** The session id: the pid of the session's leader. */
  sid: number;
  /** Clock ticks from boot to its start: with the pid, names one process for good (a reused pid starts later). */
  start: number;
}

/** How often the process tree of a running hook is looked at, and first after the spawn. */
const WALK_MS = 100;
const WALK_FIRST_MS = 100;
/** Processes remembered per run: past it, a fork bomb is left to the other marks and the group kill. */
const MAX_KNOWN = 1024;
/** Files read at once in a scan; descriptors of one process read at most. */
const SLICE = 64;
const MAX_FDS = 65_536;

type Fs = typeof import('node:fs/promises');
// (Taken when first used, and without a dynamic import(), which goes through the ES module loader.)
const fs = (): Fs => requireBuiltin('node:fs/promises') as Fs;

/** A descriptor every process of one run inherits (the hook gets it as fd 3), and how /proc names it. */
export interface RunMark {
  fd: number;
  /** The /proc/<pid>/fd/<n> link of every holder: `<tmpdir>/.harness-hooks-run-<hex> (deleted)`. */
  link: string;
}

// Opens a new empty file read-only and deletes its name: that open file is the run's alone, and nothing
// can open it again. Why a file and not the stdio pipes alone: Node's stdio pipes are socketpairs, and the
// inode of the hook's end is not the inode of ours (/proc shows no peer), so it can only be read from the
// hook, which may already have exited; this one we hold before the spawn. undefined where it cannot be made.
export function openRunMark(): RunMark | undefined {
  if (process.platform !== 'linux') return undefined;
  const fs = requireBuiltin('node:fs') as typeof import('node:fs');
  const path = join(tmpdir(), `.harness-hooks-run-${randomHex(8)}`);
  let fd: number;
  try {
    // libuv adds O_CLOEXEC: only the spawn that is handed it explicitly inherits it.
    fd = fs.openSync(path, fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_RDONLY, 0o400);
  } catch {
    return undefined;
  }
  try {
    fs.unlinkSync(path);
    return { fd, link: fs.readlinkSync(`/proc/self/fd/${fd}`) };
  } catch {
    fs.closeSync(fd);
    return undefined;
  }
}

// Parses /proc/<pid>/stat: "pid (comm) state ppid pgrp session … starttime …". The command name may hold
// spaces and parentheses, so the fields are counted from the last ')'.
export function parseStat(text: string): ProcStat | undefined {
  const close = text.lastIndexOf(')');
  if (close < 0) return undefined;
  const f = text.slice(close + 2).split(' ', 20);
  const stat = { pid: Number(text.slice(0, text.indexOf(' '))), state: f[0] ?? '', ppid: Number(f[1]), pgrp: Number(f[2]), sid: Number(f[3]), start: Number(f[19]) };
  return Number.isInteger(stat.pid) && Number.isFinite(stat.start) && f.length === 20 ? stat : undefined;
}

// A /proc stat file's text, synchronously; undefined when it cannot be read (gone, or no /proc). One read
// into a buffer kept for it: readFileSync reads a /proc file (size 0) in growing chunks, about five times
// slower (1.3 ms against 6 ms for 65 files, measured).
const STAT_BUFFER = 4096;
let statBuffer: Buffer | undefined;
function readStatText(pid: number | string): string | undefined {
  const fs = requireBuiltin('node:fs') as typeof import('node:fs');
  const buffer = (statBuffer ??= Buffer.allocUnsafe(STAT_BUFFER));
  let fd: number;
  try {
    fd = fs.openSync(`/proc/${pid}/stat`, 'r');
  } catch {
    return undefined;
  }
  try {
    const length = fs.readSync(fd, buffer, 0, STAT_BUFFER, null);
    // A stat line is a few hundred bytes; one that fills the buffer is read whole the slow way.
    return length < STAT_BUFFER ? buffer.toString('latin1', 0, length) : fs.readFileSync(`/proc/${pid}/stat`, 'latin1');
  } catch {
    return undefined;
  } finally {
    fs.closeSync(fd);
  }
}

const running = (s: ProcStat | undefined): s is ProcStat => s !== undefined && s.state !== 'Z' && s.state !== 'X';

// The process `pid` as it is now; undefined when it is gone, a zombie (unless `zombies`), or there is no /proc.
// A stat file is read synchronously: see readAllStats.
export async function readStat(pid: number, zombies = false): Promise<ProcStat | undefined> {
  return statNow(pid, zombies);
}

/** readStat, synchronously. */
export function statNow(pid: number | 'self', zombies = false): ProcStat | undefined {
  const stat = parseStat(readStatText(pid) ?? '');
  return stat !== undefined && (stat.state !== 'Z' || zombies) && stat.state !== 'X' ? stat : undefined;
}

// Whether `stat`'s process is still there, the same one (a zombie counts: its pid is not free yet).
const stillThere = async (stat: ProcStat): Promise<boolean> => (await readStat(stat.pid, true))?.start === stat.start;

// Every running process, from one /proc scan; undefined without /proc. A slice of stat files is read
// synchronously (readStatText), with a turn of the event loop between slices: with the promise API, four
// thread-pool round trips a file, a scan of 65 processes took 6-20 ms; this way 1.2-1.6 ms (measured).
export async function readAllStats(): Promise<Map<number, ProcStat> | undefined> {
  const { readdirSync } = requireBuiltin('node:fs') as typeof import('node:fs');
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return undefined;
  }
  const stats = new Map<number, ProcStat>();
  let read = 0;
  for (const name of names) {
    const c = name.charCodeAt(0);
    if (c < 48 || c > 57) continue;
    if (++read % SLICE === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    const stat = parseStat(readStatText(name) ?? ''); // '': gone since the listing
    if (running(stat)) stats.set(stat.pid, stat);
  }
  return stats;
}

// What marks one run's processes, and the processes seen as its so far.
export class RunProcesses {
  /** This run's value of `HARNESS_HOOKS_RUN`. */
  readonly marker: string;
  /** The hook's pid: it leads its own session and process group (spawned detached). */
  readonly leader: number;
  /** The leader's start time, once read. */
  leaderStart: number | undefined;
  /** The run mark's link, and the hook's stdin, stdout and stderr as /proc/<pid>/fd links name them (`socket:[inode]`). */
  readonly pipes = new Set<string>();
  /** Processes seen as the run's: pid -> start time. */
  readonly known = new Map<number, number>();
  #timer: NodeJS.Timeout | undefined;
  #walking = false;
  #stopped = false;

  constructor(leader: number, marker: string, mark: RunMark | undefined) {
    this.leader = leader;
    this.marker = marker;
    if (mark !== undefined) this.pipes.add(mark.link);
  }

  // Reads the leader's pipes and start time now, then looks at its process tree every WALK_MS until stop().
  // Call it right after the spawn, in the same tick: see #readLeader.
  watch(): void {
    this.#readLeader();
    // No /proc (macOS), or the leader already gone: there is no tree to look at.
    if (this.known.size > 0) this.#timer = setTimeout(this.#tick, WALK_FIRST_MS).unref();
  }

  /** Whether the tree is still looked at (the run has not ended). */
  get watching(): boolean {
    return !this.#stopped;
  }

  // Stops looking at the tree (the hook exited, or is being ended).
  stop(): void {
    this.#stopped = true;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
  }

  // The leader exited: its pid is no longer the run's.
  leaderExited(): void {
    this.known.delete(this.leader);
  }

  /** Remembers `stat` as the run's (bounded). */
  remember(stat: ProcStat): void {
    if (this.known.size < MAX_KNOWN || this.known.has(stat.pid)) this.known.set(stat.pid, stat.start);
  }

  // Synchronous, four small /proc reads (tens of µs), in the tick that spawned the hook: Node reaps a
  // child only from the event loop, so until this returns the leader's pid cannot have been reused, and a
  // leader that already exited is a zombie with no descriptors (then this mark stays unused). Why not the
  // pipes' inodes from our own ends: Node's stdio pipes are socketpairs, and a socket's peer has another
  // inode, which /proc does not show. A hook that replaced its stdio before this read hid only this mark.
  #readLeader(): void {
    const { readlinkSync } = requireBuiltin('node:fs') as typeof import('node:fs');
    const links = [0, 1, 2].map((fd) => {
      try {
        return readlinkSync(`/proc/${this.leader}/fd/${fd}`);
      } catch {
        return '';
      }
    });
    const stat = parseStat(readStatText(this.leader) ?? ''); // '': no /proc
    if (stat === undefined || stat.ppid !== process.pid || stat.state === 'X') return;
    // A leader that already exited is a zombie until we reap it: its start time still bounds what it
    // started (a scan reads only processes started since), but it holds nothing and has no tree.
    this.leaderStart = stat.start;
    if (!running(stat)) return;
    this.remember(stat);
    for (const link of links) if (link.startsWith('socket:[') || link.startsWith('pipe:[')) this.pipes.add(link);
  }

  readonly #tick = (): void => {
    if (this.#stopped || this.#walking) return;
    this.#walking = true;
    void this.#walk()
      .catch(() => undefined)
      .then(() => {
        this.#walking = false;
        if (!this.#stopped) this.#timer = setTimeout(this.#tick, WALK_MS).unref();
      });
  };

  // Adds the children of every known process (each thread's /proc/<pid>/task/<tid>/children); a child
  // counts only if its stat names that parent and it started after it. Drops known processes that are gone.
  async #walk(): Promise<void> {
    const { readdir, readFile } = fs();
    // A Map iterates entries added while it runs: children found are walked in the same pass.
    for (const [pid, start] of this.known) {
      if (this.#stopped) return;
      const stat = await readStat(pid);
      if (stat?.start !== start) {
        this.known.delete(pid);
        continue;
      }
      const tasks = await readdir(`/proc/${pid}/task`).catch(() => [] as string[]);
      const lists = await Promise.all(tasks.slice(0, SLICE).map((t) => readFile(`/proc/${pid}/task/${t}/children`, 'latin1').catch(() => '')));
      for (const child of lists.join(' ').split(' ')) {
        if (child === '' || this.known.has(Number(child))) continue;
        const c = await readStat(Number(child));
        if (c !== undefined && c.ppid === pid && c.start >= start) this.remember(c);
      }
    }
  }
}

/** What a scan looks for beyond each run's own marks. */
export interface ScanOptions {
  /** Also the run's: a process whose `HARNESS_HOOKS_RUN` chain this accepts, started at `markedSince` or later. */
  marked?: (runs: readonly string[]) => boolean;
  /**
   * The earliest start time (clock ticks since boot, as /proc/<pid>/stat's field 22) of a process `marked`
   * can accept: one started before is not read. 0 reads every process.
   */
  markedSince?: number;
}

// The processes of `runs` running now, from one /proc scan; each found is remembered by its run, so a
// later scan still knows it when its marks are gone. Empty without /proc.
export async function findRunProcesses(runs: readonly RunProcesses[], options: ScanOptions = {}): Promise<ProcStat[]> {
  const stats = await readAllStats();
  if (stats === undefined) return [];
  stats.delete(process.pid);
  const { readFile, readdir, readlink } = fs();
  const found = new Map<number, ProcStat>();
  const owned = runs.map(() => new Set<number>());
  const add = (i: number, s: ProcStat): void => {
    owned[i]!.add(s.pid);
    found.set(s.pid, s);
  };

  // 1. Remembered, by pid and start time.
  runs.forEach((run, i) => {
    for (const [pid, start] of run.known) {
      const s = stats.get(pid);
      if (s?.start === start) add(i, s);
      else run.known.delete(pid);
    }
  });

  // 2. The run marker and the hook's pipes. Only a process that started after a run's leader can carry
  // that run's marks, so older ones are not read at all (unless `marked` asks for any process).
  const since = (run: RunProcesses): number => run.leaderStart ?? 0;
  const oldest = runs.length === 0 ? Infinity : Math.min(...runs.map(since));
  const withPipes = runs.some((r) => r.pipes.size > 0);
  const first = options.marked === undefined ? oldest : Math.min(oldest, options.markedSince ?? 0);
  const candidates = [...stats.values()].filter((s) => !found.has(s.pid) && s.start >= first);
  const key = `${RUN_MARKER}=`;
  for (let i = 0; i < candidates.length; i += SLICE) {
    await Promise.all(
      candidates.slice(i, i + SLICE).map(async (s) => {
        const environ = await readFile(`/proc/${s.pid}/environ`, 'latin1').catch(() => '');
        const at = environ.startsWith(key) ? 0 : environ.indexOf(`\0${key}`) + 1;
        if (at > 0 || environ.startsWith(key)) {
          const end = environ.indexOf('\0', at + key.length);
          const chain = environ.slice(at + key.length, end === -1 ? environ.length : end).split(',');
          if (options.marked?.(chain) === true && s.start >= (options.markedSince ?? 0)) found.set(s.pid, s);
          runs.forEach((run, r) => {
            if (s.start >= since(run) && chain.includes(run.marker)) add(r, s);
          });
        }
        if (!withPipes || s.start < oldest) return;
        const links = await fdLinks(s.pid, readdir, readlink);
        runs.forEach((run, r) => {
          if (s.start >= since(run) && links.some((l) => run.pipes.has(l))) add(r, s);
        });
      }),
    );
  }

  // Steps 3 and 4 follow a relation (a session id, a parent pid) read at one moment to a process read at
  // another. Each holds only if the process it points to was the run's all along: that witness is read
  // again after the whole scan and is still there, the same process. Then its pid was never free while
  // the scan ran, so the session id or parent pid could name no other process.

  // 3. The hook's session (its leader's pid): every member is the run's while a process of the run is in it.
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i]!;
    const provers = [...owned[i]!].map((pid) => stats.get(pid)!).filter((p) => p.sid === run.leader);
    let proven = false;
    for (const p of provers.slice(0, 4)) if (!proven) proven = (await stillThere(p)) && (await readStat(p.pid, true))?.sid === run.leader;
    if (proven) for (const s of stats.values()) if (s.sid === run.leader) add(i, s);
  }

  // 4. Descendants: a process whose parent is the run's and that started after it (a child starts after
  // its parent, so a parent pid that was reused before the child was born cannot be confused for it).
  const children = new Map<number, ProcStat[]>();
  for (const s of stats.values()) {
    const list = children.get(s.ppid);
    if (list === undefined) children.set(s.ppid, [s]);
    else list.push(s);
  }
  for (let i = 0; i < runs.length; i++) {
    const queue = [...owned[i]!];
    const grown: ProcStat[] = [];
    const parents = new Map<number, ProcStat>();
    while (queue.length > 0) {
      const parent = stats.get(queue.pop()!)!;
      for (const c of children.get(parent.pid) ?? []) {
        if (owned[i]!.has(c.pid) || c.start < parent.start) continue;
        owned[i]!.add(c.pid);
        grown.push(c);
        parents.set(parent.pid, parent);
        queue.push(c.pid);
      }
    }
    const witnessed = (await Promise.all([...parents.values()].map(stillThere))).every(Boolean);
    // A parent that went away meanwhile: what hangs below it is not claimed this time (never a guess).
    for (const c of grown) {
      if (witnessed) found.set(c.pid, c);
      else owned[i]!.delete(c.pid);
    }
    for (const pid of owned[i]!) runs[i]!.remember(stats.get(pid)!);
  }
  return [...found.values()];
}

// The targets of `pid`'s open descriptors (`socket:[…]`, `pipe:[…]`, paths), at most MAX_FDS of them;
// none when they cannot be read (another user's process, or it is gone).
async function fdLinks(pid: number, readdir: Fs['readdir'], readlink: Fs['readlink']): Promise<string[]> {
  const fds = await readdir(`/proc/${pid}/fd`).catch(() => [] as string[]);
  const links: string[] = [];
  for (let i = 0; i < Math.min(fds.length, MAX_FDS); i += SLICE * 4) {
    links.push(...(await Promise.all(fds.slice(i, i + SLICE * 4).map((fd) => readlink(`/proc/${pid}/fd/${fd}`).catch(() => '')))));
  }
  return links;
}
