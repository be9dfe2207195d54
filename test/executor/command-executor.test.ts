import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HookTypeError } from '../../src/errors.js';
import { CommandExecutor } from '../../src/executor/index.js';
import { FIXTURES_DIR, fixture } from '../helpers/fixtures.js';
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

  it('an env value of undefined removes the inherited variable: the hook does not see it at all', async () => {
    process.env.HARNESS_HOOKS_TEST_WITHHELD = 'secret';
    try {
      const r = await executor.run({ type: 'command', command: 'echo "${HARNESS_HOOKS_TEST_WITHHELD-unset}"; env | grep -c HARNESS_HOOKS_TEST_WITHHELD' }, {}, { env: { HARNESS_HOOKS_TEST_WITHHELD: undefined } });
      expect(r.stdout).toBe('unset\n0\n');
    } finally {
      delete process.env.HARNESS_HOOKS_TEST_WITHHELD;
    }
  });
});

// Every way a spawn can fail resolves to a result with a warning, never a rejection: spawn throws for some
// (bad values, ENOTDIR) and emits 'error' for others (ENOENT, EACCES).
describe('spawn failures', () => {
  const failed = async (spec: Parameters<CommandExecutor['run']>[0], options?: Parameters<CommandExecutor['run']>[2]) => {
    const logger = makeLogger();
    const r = await new CommandExecutor({ logger }).run(spec, {}, options);
    expect(r).toMatchObject({ exitCode: null, decision: {}, timedOut: false, aborted: false });
    expect(logger.warnings).toEqual([r.warning]);
    return r.warning;
  };

  it('a cwd that is a file: the warning names the cwd', async () => {
    const cwd = fixture('allow-silently.mjs');
    expect(await failed({ type: 'command', command: 'true' }, { cwd })).toBe(`harness-hooks: command hook "true" failed to start: spawn ENOTDIR (cwd is not a directory: ${cwd}, or a folder on the path of /bin/sh is a file)`);
  });

  it('an exec-form path through a file: the warning names the path', async () => {
    const command = `${fixture('allow-silently.mjs')}/hook`;
    expect(await failed({ type: 'command', command, args: [] })).toBe(`harness-hooks: command hook "${command}" failed to start: spawn ENOTDIR (a folder on the path of ${command} is a file)`);
  });

  it('an exec-form command that is not executable, or is a directory', async () => {
    const file = fixture('not-executable.sh');
    expect(await failed({ type: 'command', command: file, args: [] })).toBe(`harness-hooks: command hook "${file}" failed to start: spawn ${file} EACCES`);
    expect(await failed({ type: 'command', command: FIXTURES_DIR, args: [] })).toBe(`harness-hooks: command hook "${FIXTURES_DIR}" failed to start: spawn ${FIXTURES_DIR} EACCES`);
  });

  it('a NUL byte in an env value, an argument or the cwd', async () => {
    expect(await failed({ type: 'command', command: 'true' }, { env: { HARNESS_HOOKS_TEST_NUL: 'a\0b' } })).toMatch(/failed to start: .*options\.env\['HARNESS_HOOKS_TEST_NUL'\]' must be a string without null bytes/);
    expect(await failed({ type: 'command', command: '/bin/echo', args: ['a\0b'] })).toMatch(/failed to start: .*args\[0\]' must be a string without null bytes/);
    expect(await failed({ type: 'command', command: 'true' }, { cwd: '/tmp\0x' })).toMatch(/failed to start: .*options\.cwd' must be .* without null bytes/);
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
  it('spawns with Node’s own child_process: no source file imports execa, and the package does not depend on it', () => {
    // (execa cost 135-150 ms to import in a fresh process, billed to the first hook; docs/performance.md.)
    const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(`${dir}${e.name}/`) : [`${dir}${e.name}`]));
    const files = walk(fileURLToPath(new URL('../../src/', import.meta.url)));
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) expect(readFileSync(file, 'utf8'), file).not.toMatch(/from\s+['"]execa['"]|import\(\s*['"]execa['"]/);
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> };
    expect(Object.keys(pkg.dependencies)).not.toContain('execa');
  });
});
