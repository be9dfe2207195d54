import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli, CLI, F, makeHome, ROOT } from './cli.js';

const home = makeHome();
afterAll(() => home.remove());

const COMMANDS = ['validate', 'list', 'run', 'explain', 'schema', 'replay'];

// util-linux `script` gives the CLI a terminal for stdout.
function hasScript(): boolean {
  try {
    execFileSync('script', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('harness-hooks', () => {
  it('--help lists every command and the exit codes', async () => {
    const r = await cli(['--help'], { home: home.path });
    expect(r.code).toBe(0);
    for (const name of COMMANDS) expect(r.stdout).toMatch(new RegExp(`^  ${name} +\\S`, 'm'));
    // One table, the same for every command, each code meaning one thing.
    expect(r.stdout).toContain('Exit codes (every command):\n  0  ok');
    for (const line of ['  1  the answer is no', '  2  usage error', '  3  internal error', '  4  config invalid']) expect(r.stdout).toContain(line);
  });

  it.each(COMMANDS)('%s --help prints its usage, options and exit codes', async (name) => {
    const r = await cli([name, '--help'], { home: home.path });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^Usage: harness-hooks ${name}`));
    expect(r.stdout).toContain('--json');
    expect(r.stdout).toContain('Exit codes (every command):\n  0  ok');
    expect(r.stdout).toContain('  4  config invalid');
  });

  it('--json gives JSON on stdout for every command', async () => {
    const runs = [
      ['validate', F.defaultSettings],
      ['list', '--settings', F.defaultSettings],
      ['run', 'Stop', '--payload', F.payload('afk-stop'), '--settings', F.defaultSettings],
      ['explain', 'Stop', '--payload', F.payload('afk-stop'), '--settings', F.defaultSettings],
      ['schema'],
      ['replay', F.session, '--profile', 'claude', '--settings', F.lenient],
    ];
    const results = await Promise.all(runs.map((args) => cli([...args, '--json'], { home: home.path })));
    results.forEach((r, i) => {
      expect({ command: runs[i]![0], code: r.code }).toEqual({ command: runs[i]![0], code: 0 });
      expect(() => JSON.parse(r.stdout) as unknown).not.toThrow();
    });
  });

  it('usage errors exit 2 with a pointer to --help, and as JSON with --json', async () => {
    const unknown = await cli(['lint'], { home: home.path });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('harness-hooks: unknown command "lint"; the commands are validate, list, run, explain, schema, replay');
    const option = await cli(['list', '--settings', F.defaultSettings, '--verbose'], { home: home.path });
    expect(option.code).toBe(2);
    expect(option.stderr).toContain("harness-hooks list: Unknown option '--verbose'");
    const json = await cli(['run', '--json'], { home: home.path });
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout)).toEqual({ ok: false, error: { kind: 'usage', message: 'missing EVENT' } });
    const none = await cli([], { home: home.path });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Usage: harness-hooks COMMAND');
  });

  it('--version prints the package version', async () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string; bin: Record<string, string> };
    expect(pkg.bin['harness-hooks']).toBe('dist/cli.cjs');
    expect(await cli(['--version'], { home: home.path })).toMatchObject({ code: 0, stdout: `${pkg.version}\n` });
  });

  it('colours nothing when stdout is not a terminal, or with NO_COLOR', async () => {
    const piped = await cli(['validate', F.threeMistakes], { home: home.path });
    expect(piped.stdout).not.toContain('\x1b[');
    const forced = await cli(['validate', F.threeMistakes], { home: home.path, env: { FORCE_COLOR: '1' } });
    expect(forced.stdout).toContain('\x1b[31merror\x1b[39m');
    const no = await cli(['validate', F.threeMistakes], { home: home.path, env: { FORCE_COLOR: '1', NO_COLOR: '1' } });
    expect(no.stdout).not.toContain('\x1b[');
  });

  it.skipIf(!hasScript())('colours on a terminal unless NO_COLOR is set', () => {
    const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} validate ${F.threeMistakes}`;
    const run = (env: NodeJS.ProcessEnv): string => execFileSync('script', ['-qec', command, '/dev/null'], { cwd: ROOT, env: { ...env, HOME: home.path }, encoding: 'utf8' });
    const { NO_COLOR: _n, FORCE_COLOR: _f, ...env } = process.env;
    let tty = '';
    try {
      tty = run(env);
    } catch (error) {
      tty = (error as { stdout: string }).stdout; // exit 1: the file has errors
    }
    expect(tty).toContain('\x1b[31merror\x1b[39m');
    let plain = '';
    try {
      plain = run({ ...env, NO_COLOR: '1' });
    } catch (error) {
      plain = (error as { stdout: string }).stdout;
    }
    expect(plain).toContain('error');
    expect(plain).not.toContain('\x1b[');
  });
});

describe('one exit-code table', () => {
  const home2 = makeHome();
  afterAll(() => home2.remove());
  it('a blocked run is 1, an invalid or missing settings file 4 (for run and validate alike), a usage error 2', async () => {
    const blocked = await cli(['run', 'PreToolUse', '--payload', F.payload('afk-bash-rm'), '--settings', F.defaultSettings], { home: home2.path });
    expect(blocked.code).toBe(1);
    for (const args of [
      ['run', 'Stop', '--payload', F.payload('afk-stop'), '--settings', 'fixtures/cli/does-not-exist.json'],
      ['validate', 'fixtures/cli/does-not-exist.json'],
      ['run', 'PreToolUse', '--payload', F.payload('bash-rm'), '--settings', 'fixtures/cli/three-mistakes.json'],
    ]) expect([args[0], (await cli(args, { home: home2.path })).code]).toEqual([args[0], 4]);
    expect((await cli(['run', 'Stop', '--settings', F.defaultSettings, '--payload', 'fixtures/cli/no-such-payload.json'], { home: home2.path })).code).toBe(2);
  });
});
