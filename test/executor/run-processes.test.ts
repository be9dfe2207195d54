// A run's processes are found by marks a process must drop every one of to hide, and only a process
// provably the run's (pid and start time) is ever signalled.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync as readNow } from 'node:fs';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CommandExecutor } from '../../src/executor/index.js';
import { findRunProcesses, parseStat, readAllStats, readStat, RunProcesses, statNow } from '../../src/executor/run-processes.js';
import { endProcesses } from '../../src/executor/timeout.js';
import { fixture } from '../helpers/fixtures.js';
import { makeLogger } from '../helpers/logger.js';
import { isAlive, waitForDeath } from '../helpers/processes.js';

const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sleeper = (env: Record<string, string> = {}, detached = false): ChildProcess => {
  const child = spawn('sleep', ['30'], { stdio: 'ignore', env: { ...process.env, ...env }, detached });
  started.push(child.pid!);
  return child;
};
const pidFile = () => join(mkdtempSync(join(tmpdir(), 'hh-run-')), 'pid');
async function escapee(file: string): Promise<number> {
  for (let i = 0; i < 250; i++) {
    const pid = Number((() => {
      try {
        return readFileSync(file, 'utf8').trim();
      } catch {
        return '';
      }
    })());
    if (pid > 0) {
      started.push(pid);
      return pid;
    }
    await pause(20);
  }
  throw new Error(`nothing wrote its pid to ${file}`);
}

describe('parseStat', () => {
  it('counts the fields from the last parenthesis, whatever the command name holds', () => {
    const fields = ['S', '1', '40', '41', ...Array.from({ length: 15 }, () => '0'), '98765', '7'];
    expect(parseStat(`42 (a) b (c)) ${fields.join(' ')}`)).toEqual({ pid: 42, state: 'S', ppid: 1, pgrp: 40, sid: 41, start: 98765 });
    expect(parseStat('42 (cut short) S 1')).toBeUndefined();
  });
});

describe('marks a process must drop every one of to hide', () => {
  it('one that keeps only the run\'s descriptor (no marker, its own session, stdio let go, its parent gone at once) is ended by endAll()', async () => {
    const file = pidFile();
    const executor = new CommandExecutor({ logger: makeLogger(), killGraceMs: 200 });
    const r = await executor.run({ type: 'command', command: `${fixture('unmarked-escape-keeps-run-fd.sh')} ${file}` }, {});
    expect(r.exitCode).toBe(0);
    const pid = await escapee(file);
    expect(isAlive(pid)).toBe(true);
    await executor.endAll();
    expect(await waitForDeath(pid, 2_000)).toBe(true);
  });

  it('one still in the hook\'s session (a double fork into a group of its own, no marker, no descriptor) is ended at the timeout', async () => {
    const file = pidFile();
    const executor = new CommandExecutor({ logger: makeLogger(), killGraceMs: 200 });
    const running = executor.run({ type: 'command', command: `${fixture('unmarked-escape-keeps-session.sh')} ${file}`, timeout_ms: 1_000 }, {});
    const pid = await escapee(file);
    const r = await running;
    expect(r.timedOut).toBe(true);
    await executor.processesEnded();
    expect(await waitForDeath(pid, 2_000)).toBe(true);
  });
});

describe('only what is provably the run\'s', () => {
  it('a process that carries the run\'s marker but started before the run is not the run\'s; one started after it is', async () => {
    const older = sleeper({ HARNESS_HOOKS_RUN: 'test.1' });
    await pause(50); // start times count in clock ticks (10 ms)
    const leader = sleeper({}, true);
    const run = new RunProcesses(leader.pid!, 'test.1', undefined);
    run.watch();
    run.stop();
    await pause(50);
    const newer = sleeper({ HARNESS_HOOKS_RUN: 'outer.7,test.1' });
    const found = (await findRunProcesses([run])).map((s) => s.pid);
    expect(found).toContain(newer.pid);
    expect(found).toContain(leader.pid);
    expect(found).not.toContain(older.pid);
  });

  it('a process marked by the scan\'s `marked` is read only when it started at `markedSince` or later', async () => {
    const older = sleeper({ HARNESS_HOOKS_RUN: 'pfx.3' });
    await pause(50); // start times count in clock ticks (10 ms)
    const since = statNow('self')!.start;
    const boundary = (await readStat(older.pid!))!.start + 1;
    await pause(30);
    const newer = sleeper({ HARNESS_HOOKS_RUN: 'pfx.4' });
    await pause(30);
    const marked = (chain: readonly string[]) => chain.some((r) => r.startsWith('pfx.'));
    const all = (await findRunProcesses([], { marked, markedSince: since })).map((s) => s.pid);
    expect(all).toEqual(expect.arrayContaining([older.pid, newer.pid]));
    const later = (await findRunProcesses([], { marked, markedSince: boundary })).map((s) => s.pid);
    expect(later).toContain(newer.pid);
    expect(later).not.toContain(older.pid);
  });

  it('a leader that exited before it was read (a zombie, not yet reaped) still bounds the scan by its start time', async () => {
    const leader = spawn('true', [], { stdio: 'ignore', detached: true });
    // Node reaps a child only from the event loop: until this tick ends the leader stays a zombie.
    let state = '';
    for (let i = 0; i < 200_000 && state !== 'Z'; i++) state = parseStat(readNow(`/proc/${leader.pid}/stat`, 'latin1'))?.state ?? '';
    expect(state).toBe('Z');
    const run = new RunProcesses(leader.pid!, 'test.5', undefined);
    run.watch();
    run.stop();
    expect(run.leaderStart).toBe(statNow(leader.pid!, true)!.start);
    expect(run.known.size).toBe(0);
    await new Promise((resolve) => leader.on('exit', resolve));
  });

  it('readAllStats lists this process and its running children, with their parents', async () => {
    const child = sleeper();
    await pause(20);
    const stats = (await readAllStats())!;
    expect(stats.get(process.pid)?.pid).toBe(process.pid);
    expect(stats.get(child.pid!)?.ppid).toBe(process.pid);
  });

  it('a remembered pid whose start time differs (a reused pid) is neither found nor kept', async () => {
    const other = sleeper();
    await pause(30);
    const stat = (await readStat(other.pid!))!;
    const run = new RunProcesses(process.pid, 'test.2', undefined);
    run.known.set(other.pid!, stat.start - 1);
    expect((await findRunProcesses([run])).map((s) => s.pid)).not.toContain(other.pid);
    expect(run.known.has(other.pid!)).toBe(false);
  });

  it('endProcesses() leaves alone a pid that now names a process with another start time', async () => {
    const other = sleeper();
    await pause(30);
    const stat = (await readStat(other.pid!))!;
    await endProcesses([{ ...stat, start: stat.start - 1 }], 0);
    await pause(100);
    expect(isAlive(other.pid!)).toBe(true);
    await endProcesses([stat], 0);
    expect(await waitForDeath(other.pid!, 1_000)).toBe(true);
  });
});
