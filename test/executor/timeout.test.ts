import { describe, expect, it } from 'vitest';
import { CommandExecutor, resolveTimeoutMs } from '../../src/executor/index.js';
import { fixture } from '../helpers/fixtures.js';
import { makeLogger } from '../helpers/logger.js';
import { isAlive, pidsAfter, waitForDeath } from '../helpers/processes.js';

describe('resolveTimeoutMs', () => {
  it('uses a positive timeout_ms as milliseconds', () => {
    expect(resolveTimeoutMs({ timeout_ms: 5000 })).toBe(5000);
  });

  it('prefers timeout_ms over timeout when both are positive', () => {
    expect(resolveTimeoutMs({ timeout_ms: 250, timeout: 10 })).toBe(250);
  });

  it('reads timeout as seconds when timeout_ms is absent or not positive', () => {
    expect(resolveTimeoutMs({ timeout: 2 })).toBe(2000);
    expect(resolveTimeoutMs({ timeout_ms: 0, timeout: 3 })).toBe(3000);
    expect(resolveTimeoutMs({ timeout_ms: -5, timeout: 0.5 })).toBe(500);
  });

  it('defaults to 30000 ms when neither is positive', () => {
    expect(resolveTimeoutMs({})).toBe(30_000);
    expect(resolveTimeoutMs({ timeout_ms: 0, timeout: -1 })).toBe(30_000);
    expect(resolveTimeoutMs({ timeout_ms: Number.NaN })).toBe(30_000);
  });

  it('never goes above 30000 ms', () => {
    expect(resolveTimeoutMs({ timeout_ms: 60_000 })).toBe(30_000);
    expect(resolveTimeoutMs({ timeout: 120 })).toBe(30_000);
  });
});

describe('command timeouts', () => {
  it('timeout in seconds kills the hook at about one second and warns', async () => {
    const logger = makeLogger();
    const executor = new CommandExecutor({ logger });
    const started = performance.now();
    const r = await executor.run({ type: 'command', command: fixture('sleep-forever.mjs'), timeout: 1 }, {});
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(990);
    expect(elapsed).toBeLessThan(1900);
    expect(r.timedOut).toBe(true);
    expect(r.decision).toEqual({});
    expect(r.warning).toMatch(/sleep-forever\.mjs" timed out after 1000 ms/);
    expect(logger.warnings).toEqual([r.warning]);
    const [pid] = pidsAfter('pid', r.stderr);
    expect(pid).toBeTypeOf('number');
    expect(await waitForDeath(pid!, 1500)).toBe(true);
  });

  it('a hook that ignores SIGTERM returns at its timeout and is SIGKILLed after the grace period', async () => {
    const executor = new CommandExecutor({ logger: makeLogger(), killGraceMs: 1000 });
    const started = performance.now();
    const r = await executor.run({ type: 'command', command: fixture('ignore-sigterm.mjs'), timeout_ms: 600 }, {});
    expect(performance.now() - started).toBeLessThan(600 + 1000);
    expect(r.timedOut).toBe(true);
    expect(r.decision).toEqual({});
    const [pid] = pidsAfter('ready', r.stderr);
    expect(pid).toBeTypeOf('number');
    // SIGTERM was sent and ignored: the result did not wait for the process.
    expect(isAlive(pid!)).toBe(true);
    expect(await waitForDeath(pid!, 1000 + 1500)).toBe(true);
  });

  it('a grandchild that holds stdout open after the hook exits is killed at the timeout; the hook’s exit status and output still decide', async () => {
    const logger = makeLogger();
    const executor = new CommandExecutor({ logger, killGraceMs: 300 });
    const started = performance.now();
    const r = await executor.run({ type: 'command', command: fixture('grandchild-holds-stdout.sh'), timeout_ms: 700 }, {});
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(690);
    expect(elapsed).toBeLessThan(700 + 1000);
    expect(r.exitCode).toBe(0);
    expect(r.timedOut).toBe(false);
    expect(r.stdout).toContain('approve');
    expect(r.decision).toEqual({ decision: 'approve' });
    expect(r.warning).toMatch(/exited with code 0; a background process kept its stdout\/stderr open past the 700 ms timeout/);
    expect(logger.warnings).toEqual([r.warning]);
    const [grandchild] = pidsAfter('grandchild', r.stderr);
    expect(grandchild).toBeTypeOf('number');
    expect(await waitForDeath(grandchild!, 300 + 1500)).toBe(true);
  });

  it('a block stands when a background child holds the pipes: exit 2 with its stderr, and a JSON block, decide at the timeout', async () => {
    const executor = new CommandExecutor({ logger: makeLogger(), killGraceMs: 300 });
    const exit2 = await executor.run({ type: 'command', command: `${fixture('sleep-forever.mjs')} & echo 'rm is not allowed' >&2; exit 2`, timeout_ms: 500 }, {});
    expect(exit2).toMatchObject({ exitCode: 2, timedOut: false, decision: { decision: 'block', reason: expect.stringMatching(/^rm is not allowed/) } });
    const json = await executor.run({ type: 'command', command: `${fixture('sleep-forever.mjs')} & echo '{"decision":"block","reason":"held"}'`, timeout_ms: 500 }, {});
    expect(json).toMatchObject({ exitCode: 0, timedOut: false, decision: { decision: 'block', reason: 'held' } });
  });

  it('a hook still running while its grandchild holds the pipes times out and its whole group is killed', async () => {
    const executor = new CommandExecutor({ logger: makeLogger(), killGraceMs: 300 });
    const started = performance.now();
    const r = await executor.run({ type: 'command', command: `${fixture('grandchild-holds-stdout.sh')} sleep`, timeout_ms: 700 }, {});
    expect(performance.now() - started).toBeLessThan(700 + 1000);
    expect(r.timedOut).toBe(true);
    expect(r.exitCode).toBeNull();
    expect(r.decision).toEqual({});
    const [grandchild] = pidsAfter('grandchild', r.stderr);
    expect(grandchild).toBeTypeOf('number');
    expect(await waitForDeath(grandchild!, 300 + 1500)).toBe(true);
  });
});

describe('abort', () => {
  it('aborting the signal kills the process group and returns at once without a warning', async () => {
    const logger = makeLogger();
    const executor = new CommandExecutor({ logger, killGraceMs: 300 });
    const controller = new AbortController();
    const running = executor.run({ type: 'command', command: `${fixture('grandchild-holds-stdout.sh')} sleep` }, {}, { signal: controller.signal });
    // Abort once the grandchild is up (its pid is on stderr by then).
    await new Promise((resolve) => setTimeout(resolve, 600));
    const abortedAt = performance.now();
    controller.abort();
    const r = await running;
    expect(performance.now() - abortedAt).toBeLessThan(100);
    expect(r.aborted).toBe(true);
    expect(r.timedOut).toBe(false);
    expect(r.decision).toEqual({});
    expect(r.warning).toBeUndefined();
    expect(logger.warnings).toEqual([]);
    const [grandchild] = pidsAfter('grandchild', r.stderr);
    expect(grandchild).toBeTypeOf('number');
    expect(await waitForDeath(grandchild!, 300 + 1500)).toBe(true);
  });

  it('an already aborted signal returns at once and spawns nothing', async () => {
    const executor = new CommandExecutor({ logger: makeLogger() });
    const marker = `/tmp/harness-hooks-never-spawned-${process.pid}-${Date.now()}`;
    const r = await executor.run({ type: 'command', command: `touch ${marker}` }, {}, { signal: AbortSignal.abort() });
    expect(r.aborted).toBe(true);
    expect(r.durationMs).toBeLessThan(50);
    expect(r.exitCode).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const { existsSync } = await import('node:fs');
    expect(existsSync(marker)).toBe(false);
  });
});

describe('timeouts past setTimeout’s range', () => {
  it('does not kill a hook at once when its timeout is longer than 2^31 ms: a guard’s block still counts', async () => {
    const executor = new CommandExecutor({ logger: makeLogger() });
    const r = await executor.run({ type: 'command', command: `sleep 0.2; node ${fixture('exit-2.mjs')}` }, {}, { timeoutMs: 3_000_000_000 });
    expect(r.timedOut).toBe(false);
    expect(r.exitCode).toBe(2);
  });
});

describe('processes that left the hook’s process group', () => {
  const escapee = async (file: string): Promise<number> => {
    for (let i = 0; i < 100; i++) {
      try {
        const pid = Number((await import('node:fs')).readFileSync(file, 'utf8').trim());
        if (pid > 0) return pid;
      } catch {
        // not written yet
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the escapee never wrote its pid');
  };

  it('a `setsid` daemon the hook started is ended at the timeout too (found by its run marker), and on abort', async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    for (const how of ['timeout', 'abort'] as const) {
      const file = join(mkdtempSync(join(tmpdir(), 'hh-setsid-')), 'pid');
      const executor = new CommandExecutor({ logger: makeLogger(), killGraceMs: 200 });
      const controller = new AbortController();
      const running = executor.run({ type: 'command', command: `${fixture('setsid-escape.sh')} ${file}`, timeout_ms: how === 'timeout' ? 600 : 10_000 }, {}, { signal: controller.signal });
      const pid = await escapee(file);
      expect(isAlive(pid)).toBe(true);
      if (how === 'abort') controller.abort();
      const r = await running;
      expect(how === 'timeout' ? r.timedOut : r.aborted).toBe(true);
      await executor.processesEnded();
      expect([how, await waitForDeath(pid, 1_000)]).toEqual([how, true]);
    }
  }, 15_000);
});

describe('what finished hooks left running', () => {
  it('a daemon a hook started before exiting normally is ended by the registry’s close()', async () => {
    const { HookRegistry } = await import('../../src/index.js');
    const { mkdtempSync, readFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const file = join(mkdtempSync(join(tmpdir(), 'hh-daemon-')), 'pid');
    const registry = new HookRegistry({ profile: 'claude', settings: { enableShellHooks: true }, logger: makeLogger() });
    const daemon = `setsid sh -c 'echo $$ > "$0"; exec sleep 30' ${file} </dev/null >/dev/null 2>&1 & exit 0`;
    registry.addConfig({ hooks: { Stop: [{ hooks: [{ type: 'command', command: daemon }] }] } }, { source: 'user' });
    expect((await registry.dispatch('Stop', { stop_hook_active: false })).runs[0]!.outcome).toBe('ok');
    let pid = 0;
    for (let i = 0; i < 100 && pid === 0; i++) {
      try {
        pid = Number(readFileSync(file, 'utf8').trim());
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    expect(isAlive(pid)).toBe(true);
    await registry.close();
    expect(await waitForDeath(pid, 1_000)).toBe(true);
  });

  it('a hook’s marker extends the one its process inherited (a harness run by a hook), so the outer run finds it', async () => {
    const executor = new CommandExecutor({ logger: makeLogger() });
    const r = await executor.run({ type: 'command', command: 'printf %s "$HARNESS_HOOKS_RUN"' }, {}, { env: { HARNESS_HOOKS_RUN: 'outer.1' } });
    expect(r.stdout).toMatch(/^outer\.1,[0-9a-z]+\.[0-9a-z]+\.\d+$/);
  });
});
