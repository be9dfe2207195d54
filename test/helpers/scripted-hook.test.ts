// The replays of recorded cases trust fixtures/scripted-hook.sh to do what the .mjs hooks the cases were
// recorded with do: each behaviour here runs both ways (fixtures/gemini/hook.mjs, the one with every
// behaviour, and the shell script), through `sh -c` as a command hook is, and must print, exit and record alike.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, tempDir } from './fixtures.js';
import { readRecords, scriptedHook, shq, type HookBehaviour } from './scripted-hook.js';

const STDIN = JSON.stringify({ hook_event_name: 'BeforeTool', text: 'naïve ✓ "quoted"\nsecond line' });
const ENV = { ...process.env, MY_VAR: 'a value with spaces' };

function run(command: string) {
  const r = spawnSync('/bin/sh', ['-c', command], { input: STDIN, env: ENV, cwd: tempDir('scripted-cwd-'), encoding: 'utf8' });
  return { stdout: r.stdout, stderr: r.stderr, status: r.status, signal: r.signal };
}
const asNode = (b: HookBehaviour & { envKeys?: string[] }, extra = ''): string => `node ${shq(fixture('gemini/hook.mjs'))} ${shq(JSON.stringify(b))}${extra}`;
const asShell = (b: HookBehaviour, extra = ''): string => `${scriptedHook(tempDir('scripted-'), b)}${extra}`;

describe('fixtures/scripted-hook.sh does what the .mjs hooks do', () => {
  const cases: [string, HookBehaviour][] = [
    ['prints a string as it is', { stdout: 'plain text, no newline' }],
    ['prints another value as JSON, writes stderr, exits with the code', { stdout: { decision: 'deny', reason: 'no' }, stderr: 'why\n', exit: 2 }],
    ['prints a JSON value on stderr', { stderr: { decision: 'deny' }, exit: 3 }],
    ['keeps the low 8 bits of the exit code', { exit: 300 }],
    ['kills itself with a signal after printing', { stderr: 'dying', signal: 'SIGKILL' }],
    ['sleeps before printing, or after it with early', { early: true, sleepMs: 100, stdout: 'early' }],
  ];
  it.each(cases)('%s', (_title, behaviour) => {
    expect(run(asShell(behaviour))).toEqual(run(asNode(behaviour)));
  });

  it('ignores SIGTERM when told to: a SIGTERM once it has read its stdin leaves its sleep to finish', () => {
    // In the background with the stdin it was given (fd 3); SIGTERM once its record is written (the trap is
    // set by then, the 2 s sleep not over); its status is the wait's.
    const term = (b: HookBehaviour): ReturnType<typeof run> => {
      const record = tempDir('scripted-term-');
      return run(`exec 3<&0; ${asShell({ ...b, record, sleepMs: 2000, stdout: 'still here' })} <&3 & p=$!; while [ ! -s ${shq(record)}/order ]; do sleep 0.01; done; kill -TERM $p; wait $p`);
    };
    expect(term({ ignoreSigterm: true })).toMatchObject({ stdout: 'still here', status: 0 });
    expect(term({})).toMatchObject({ stdout: '', status: 128 + 15 });
  });

  it('records the stdin, the arguments, the environment and the folder the hook got', () => {
    const dir = tempDir('scripted-record-');
    const extra = ` 'one arg' two "$MY_VAR"`;
    run(asNode({ record: join(dir, 'node.jsonl'), envKeys: ['MY_VAR', 'ABSENT_VAR'] }, extra));
    run(asShell({ record: join(dir, 'shell') }, extra));
    const node = readFileSync(join(dir, 'node.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { stdin: string; argv: string[]; env: Record<string, string | null>; cwd: string });
    const shell = readRecords(join(dir, 'shell'));
    expect(shell).toHaveLength(1);
    expect(node).toHaveLength(1);
    expect(shell[0]!.stdin).toBe(node[0]!.stdin);
    expect(shell[0]!.stdin).toBe(STDIN);
    expect(shell[0]!.argv).toEqual(node[0]!.argv);
    expect(shell[0]!.argv).toEqual(['one arg', 'two', 'a value with spaces']);
    expect({ MY_VAR: shell[0]!.env.MY_VAR ?? null, ABSENT_VAR: shell[0]!.env.ABSENT_VAR ?? null }).toEqual(node[0]!.env);
    expect(shell[0]!.cwd).toMatch(/scripted-cwd-/);
    expect(node[0]!.cwd).toMatch(/scripted-cwd-/);
  });

  it('gives the same behaviour the same command, and another behaviour another', () => {
    const root = tempDir('scripted-same-');
    expect(scriptedHook(root, { stdout: 'a', exit: 1 })).toBe(scriptedHook(root, { stdout: 'a', exit: 1 }));
    expect(scriptedHook(root, { stdout: 'a', exit: 1 })).not.toBe(scriptedHook(root, { stdout: 'a', exit: 2 }));
  });
});
