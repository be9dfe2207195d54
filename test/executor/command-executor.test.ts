import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HookTypeError } from '../../src/errors.js';
import { CommandExecutor } from '../../src/executor/index.js';
import { fixture } from '../helpers/fixtures.js';
import { makeLogger } from '../helpers/logger.js';

const executor = new CommandExecutor({ logger: makeLogger() });

describe('stdin', () => {
  it('stdin gets the input as one JSON document and is then closed', async () => {
    const input = { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'echo "hi" ✓' }, transcript_path: null };
    const r = await executor.run({ type: 'command', command: fixture('echo-stdin.mjs') }, input);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe(JSON.stringify(input));
  });

  it('a 1 MB payload to a hook that never reads stdin neither crashes nor hangs', async () => {
    const logger = makeLogger();
    const payload = { blob: 'x'.repeat(1024 * 1024) };
    const r = await new CommandExecutor({ logger }).run({ type: 'command', command: fixture('never-read-stdin.mjs'), timeout_ms: 10_000 }, payload);
    expect(r.exitCode).toBe(0);
    expect(r.timedOut).toBe(false);
    expect(r.durationMs).toBeLessThan(5000);
    expect(r.decision).toEqual({});
    expect(logger.warnings).toEqual([]);
  });

  it('a 1 MB payload to a hook that closes stdin early and keeps running neither crashes nor hangs', async () => {
    const logger = makeLogger();
    const payload = { blob: 'x'.repeat(1024 * 1024) };
    const r = await new CommandExecutor({ logger }).run({ type: 'command', command: `exec 0<&-; sleep 0.2; echo '{"decision":"approve"}'`, timeout_ms: 10_000 }, payload);
    expect(r.exitCode).toBe(0);
    expect(r.decision).toEqual({ decision: 'approve' });
    expect(logger.warnings).toEqual([]);
  });
});

describe('spawn options', () => {
  it('runs in the given cwd, else in process.cwd()', async () => {
    expect((await executor.run({ type: 'command', command: 'pwd' }, {}, { cwd: '/tmp' })).stdout).toBe('/tmp\n');
    expect((await executor.run({ type: 'command', command: 'pwd' }, {})).stdout).toBe(`${process.cwd()}\n`);
  });

  it('env adds to and overrides process.env', async () => {
    process.env.HARNESS_HOOKS_TEST_PARENT = 'parent';
    process.env.HARNESS_HOOKS_TEST_OVERRIDDEN = 'old';
    try {
      const command = 'printf "%s,%s,%s" "$HARNESS_HOOKS_TEST_PARENT" "$HARNESS_HOOKS_TEST_OVERRIDDEN" "$HARNESS_HOOKS_TEST_ADDED"';
      const r = await executor.run({ type: 'command', command }, {}, { env: { HARNESS_HOOKS_TEST_OVERRIDDEN: 'new', HARNESS_HOOKS_TEST_ADDED: 'added' } });
      expect(r.stdout).toBe('parent,new,added');
      const plain = await executor.run({ type: 'command', command }, {});
      expect(plain.stdout).toBe('parent,old,');
    } finally {
      delete process.env.HARNESS_HOOKS_TEST_PARENT;
      delete process.env.HARNESS_HOOKS_TEST_OVERRIDDEN;
    }
  });

  it('the hook leads its own process group', async () => {
    // Field 5 of /proc/<pid>/stat is the process group id.
    const r = await executor.run({ type: 'command', command: 'echo "$$ $(cut -d" " -f5 /proc/$$/stat)"' }, {});
    const [pid, pgid] = r.stdout.trim().split(' ');
    expect(pgid).toBe(pid);
    expect(Number(pgid)).not.toBe(Number(readFileSync('/proc/self/stat', 'utf8').split(' ')[4]));
  });

  it('the command runs through /bin/sh -c', async () => {
    const r = await executor.run({ type: 'command', command: 'echo a | tr a b && echo "$0"' }, {});
    expect(r.stdout).toBe('b\n/bin/sh\n');
  });
});

describe('results', () => {
  it('a result has every field, with durationMs', async () => {
    const r = await executor.run({ type: 'command', command: `echo '{"decision":"approve"}'` }, {});
    expect(r).toEqual({
      decision: { decision: 'approve' },
      exitCode: 0,
      signal: null,
      timedOut: false,
      stdout: '{"decision":"approve"}\n',
      stderr: '',
      stdoutTruncated: false,
      stderrTruncated: false,
      stdoutForParse: '{"decision":"approve"}\n',
      stdoutOverParseLimit: false,
      durationMs: expect.any(Number),
      aborted: false,
    });
    expect(r.durationMs).toBeGreaterThan(0);
  });

  it('the logger defaults to console', async () => {
    const warn = console.warn;
    const seen: unknown[] = [];
    console.warn = (message: unknown) => void seen.push(message);
    try {
      const r = await new CommandExecutor().run({ type: 'command', command: 'exit 7' }, {});
      expect(seen).toEqual([r.warning]);
    } finally {
      console.warn = warn;
    }
  });

  it('a logger that throws does not break the run', async () => {
    const r = await new CommandExecutor({ logger: { warn: () => { throw new Error('logger down'); } } }).run({ type: 'command', command: 'exit 7' }, {});
    expect(r.exitCode).toBe(7);
    expect(r.warning).toMatch(/exited with code 7/);
  });

  it('runs in parallel without mixing results', async () => {
    const runs = await Promise.all(
      Array.from({ length: 8 }, (_, i) => executor.run({ type: 'command', command: `cat; echo ${i} >&2` }, { i })),
    );
    runs.forEach((r, i) => {
      expect(r.stdout).toBe(JSON.stringify({ i }));
      expect(r.stderr).toBe(`${i}\n`);
    });
  });
});

describe('arguments', () => {
  it('rejects invalid constructor options with a HookTypeError', () => {
    expect(() => new CommandExecutor({ maxOutputBytes: -1 })).toThrow(HookTypeError);
    expect(() => new CommandExecutor({ maxOutputBytes: 1.5 })).toThrow('Expected the `maxOutputBytes` option to be a non-negative integer, got 1.5 (number)');
    expect(() => new CommandExecutor({ killGraceMs: Number.NaN })).toThrow(HookTypeError);
    expect(() => new CommandExecutor({ logger: {} as never })).toThrow(HookTypeError);
  });

  it('rejects a spec without a command', async () => {
    await expect(executor.run({ type: 'command', command: '' }, {})).rejects.toMatchObject({ code: 'HOOKS_ERR_OPTION_INVALID' });
    await expect(executor.run({ type: 'command' } as never, {})).rejects.toThrow(HookTypeError);
  });
});

describe('module loading', () => {
  it('no executor module imports execa at load time (only `import type` and a lazy `import()`)', () => {
    const dir = fileURLToPath(new URL('../../src/executor/', import.meta.url));
    expect(existsSync(dir)).toBe(true);
    for (const file of readdirSync(dir)) {
      const source = readFileSync(`${dir}${file}`, 'utf8');
      const staticImports = source.match(/^\s*import\s+(?!type\b)[^;]*from\s+['"]execa['"]/gm) ?? [];
      expect(staticImports, file).toEqual([]);
      expect(source, file).not.toMatch(/^\s*export\s+(?!type\b)[^;]*from\s+['"]execa['"]/m);
    }
  });
});
