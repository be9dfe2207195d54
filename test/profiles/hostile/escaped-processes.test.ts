// Issue 23 class 10: a hook's processes do not outlive it by dropping the run marker. A process that
// unsets HARNESS_HOOKS_RUN and leaves the hook's session (`setsid`) is still found — by the hook's pipes it
// holds, or by the process tree seen while the hook ran — and ended at close(), at the timeout and on
// abort, in every profile, through the one executor all of them use.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loopBlockedDuring } from '../../helpers/loop-delay.js';
import { HookRegistry, PROFILE_NAMES_FOR_TESTS } from '../contract-dialects.js';
import { fixture } from '../../helpers/fixtures.js';
import { isAlive, waitForDeath } from '../../helpers/processes.js';

interface Registry {
  addConfig(config: unknown, options: { source: string }): unknown;
  dispatch(event: string, payload: unknown, options?: { signal?: AbortSignal }): Promise<Record<string, any>>;
  close(): Promise<void>;
}

// The pid the escapee wrote to `file`, once it is there.
async function escapee(file: string): Promise<number> {
  for (let i = 0; i < 250; i++) {
    try {
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (pid > 0) return pid;
    } catch {
      // not written yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the escapee never wrote its pid to ${file}`);
}

describe.each(PROFILE_NAMES_FOR_TESTS)('processes that dropped the run marker: %s profile', (_name, d) => {
  const open = () =>
    new HookRegistry({ profile: d.name, settings: { enableShellHooks: true, allowProjectHooks: true }, session: { sessionId: 's1', cwd: tmpdir() }, logger: { warn: () => {} }, ...d.options } as never) as unknown as Registry;
  const pidFile = () => join(mkdtempSync(join(tmpdir(), 'hh-escape-')), 'pid');
  const started: number[] = [];
  const registries: Registry[] = [];
  const withHook = (command: string, timeoutSec: number): Registry => {
    const r = open();
    registries.push(r);
    r.addConfig(d.config(d.tool.event, [d.commandHook(command, timeoutSec)]), { source: d.userSource });
    return r;
  };

  // Nothing is left running when a test failed: the escapee it recorded is killed by its pid.
  afterEach(async () => {
    for (const r of registries.splice(0)) await r.close();
    for (const pid of started.splice(0)) {
      if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    }
  });

  it('one that keeps the hook\'s pipes is ended (the dispatch ends at the timeout), and close() leaves nothing', async () => {
    const file = pidFile();
    const r = withHook(`${fixture('unmarked-escape-keeps-pipes.sh')} ${file}`, 2);
    const result = await r.dispatch(d.tool.event, d.tool.payload);
    const pid = await escapee(file);
    started.push(pid);
    expect(result.runs).toHaveLength(1);
    await r.close();
    expect(await waitForDeath(pid, 3_000)).toBe(true);
  });

  it('one that let go of every pipe, seen as the hook\'s child while the hook ran, is ended by close(), which never holds the loop for long', async () => {
    const file = pidFile();
    const r = withHook(`${fixture('unmarked-escape-closes-fds.sh')} ${file} 1`, 10);
    const result = await r.dispatch(d.tool.event, d.tool.payload);
    const pid = await escapee(file);
    started.push(pid);
    expect(result.runs.map((x: { outcome: string }) => x.outcome)).not.toContain('timeout');
    expect(isAlive(pid)).toBe(true); // a finished hook's daemon lives until close()
    // close() reads /proc a slice at a time: the loop is never held for long.
    const { blockedMs } = await loopBlockedDuring(() => r.close());
    expect(blockedMs).toBeLessThan(500);
    expect(await waitForDeath(pid, 3_000)).toBe(true);
  });

  it('one that let go of every pipe is ended at the hook\'s timeout, without close()', async () => {
    const file = pidFile();
    const r = withHook(`${fixture('unmarked-escape-closes-fds.sh')} ${file} 30`, 1);
    const result = await r.dispatch(d.tool.event, d.tool.payload);
    const pid = await escapee(file);
    started.push(pid);
    expect(result.runs[0].outcome).toBe('timeout');
    expect(await waitForDeath(pid, 4_000)).toBe(true);
  });

  it('one that let go of every pipe is ended when the dispatch is aborted, without close()', async () => {
    const file = pidFile();
    const r = withHook(`${fixture('unmarked-escape-closes-fds.sh')} ${file} 30`, 30);
    const controller = new AbortController();
    const running = r.dispatch(d.tool.event, d.tool.payload, { signal: controller.signal });
    const pid = await escapee(file);
    started.push(pid);
    // Long enough for the process tree to have been looked at while the hook ran.
    await new Promise((resolve) => setTimeout(resolve, 500));
    controller.abort();
    const result = await running;
    expect(result.aborted).toBe(true);
    expect(await waitForDeath(pid, 4_000)).toBe(true);
  });
});
