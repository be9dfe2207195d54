import { describe, expect, it } from 'vitest';
import { CommandExecutor, parseCommandOutput } from '../../src/executor/index.js';
import { fixture } from '../helpers/fixtures.js';
import { makeLogger } from '../helpers/logger.js';

const run = async (command: string) => {
  const logger = makeLogger();
  const r = await new CommandExecutor({ logger }).run({ type: 'command', command }, { hook_event_name: 'PreToolUse' });
  return { r, logger };
};
const emit = (json: string) => `${fixture('emit-json.mjs')} '${json}'`;

describe('parseCommandOutput', () => {
  it('maps the known fields of a JSON object', () => {
    const out = JSON.stringify({
      continue: false,
      decision: 'block',
      reason: 'no',
      hookSpecificOutput: { additionalContext: 'ctx', updatedInput: { command: 'ls' } },
    });
    expect(parseCommandOutput(out)).toEqual({ continue: false, decision: 'block', reason: 'no', injectContext: 'ctx', updatedInput: { command: 'ls' } });
  });

  it('keeps continue only when it is false', () => {
    expect(parseCommandOutput('{"continue":true}')).toEqual({});
    expect(parseCommandOutput('{"continue":"false"}')).toEqual({});
  });

  it('keeps only approve and block as a decision', () => {
    expect(parseCommandOutput('{"decision":"approve"}')).toEqual({ decision: 'approve' });
    expect(parseCommandOutput('{"decision":"deny"}')).toEqual({});
  });

  it('drops fields of the wrong type and unknown keys', () => {
    expect(parseCommandOutput('{"reason":5,"extra":1,"hookSpecificOutput":{"additionalContext":1,"updatedInput":[1]}}')).toEqual({});
    expect(parseCommandOutput('{"hookSpecificOutput":{"updatedInput":"ls"}}')).toEqual({});
    expect(parseCommandOutput('{"hookSpecificOutput":[]}')).toEqual({});
  });

  it('returns an empty decision for empty, invalid or non-object output', () => {
    for (const text of ['', '   \n', 'hello', '{"decision":', '[1,2]', '"block"', '42', 'null', 'true']) {
      expect(parseCommandOutput(text)).toEqual({});
    }
  });
});

describe('exit codes', () => {
  it('exit 0 parses stdout JSON into the decision', async () => {
    const { r, logger } = await run(emit('{"decision":"approve","reason":"fine","hookSpecificOutput":{"additionalContext":"use tabs"}}'));
    expect(r.exitCode).toBe(0);
    expect(r.decision).toEqual({ decision: 'approve', reason: 'fine', injectContext: 'use tabs' });
    expect(r.warning).toBeUndefined();
    expect(logger.warnings).toEqual([]);
  });

  it('exit 0 with output that starts with { but is not JSON (cut short, or with a NUL) decides nothing, with a warning that says so', async () => {
    for (const command of [emit('{"decision":"block","reason":'), `printf '{"decision":"block"}\\000'`]) {
      const { r, logger } = await run(command);
      expect(r.decision).toEqual({});
      expect(r.warning).toMatch(/starts with "\{" but is not valid JSON/);
      expect(logger.warnings.join('\n')).toMatch(/not valid JSON/);
    }
    const plain = await run(emit('all good'));
    expect(plain.r.warning).toBeUndefined();
  });

  it('exit 0 with a block decision on stdout blocks', async () => {
    const { r } = await run(emit('{"decision":"block","reason":"policy"}'));
    expect(r.decision).toEqual({ decision: 'block', reason: 'policy' });
  });

  it('exit 0 with updatedInput rewrites the input', async () => {
    const { r } = await run(fixture('updated-input.mjs'));
    expect(r.decision).toEqual({ updatedInput: { command: 'ls -la' } });
  });

  it('exit 0 with text before the JSON decides nothing', async () => {
    const { r, logger } = await run(fixture('junk-before-json.mjs'));
    expect(r.exitCode).toBe(0);
    expect(r.decision).toEqual({});
    expect(logger.warnings).toEqual([]);
  });

  it('exit 0 with a JSON array decides nothing', async () => {
    const { r } = await run(fixture('json-array.mjs'));
    expect(r.stdout).toBe('[1,2]\n');
    expect(r.decision).toEqual({});
  });

  it('exit 0 with empty stdout decides nothing', async () => {
    const { r } = await run(fixture('never-read-stdin.mjs'));
    expect(r.exitCode).toBe(0);
    expect(r.decision).toEqual({});
  });

  it('exit 2 blocks with the trimmed stderr as the reason', async () => {
    const { r, logger } = await run(fixture('exit-2.mjs'));
    expect(r.exitCode).toBe(2);
    expect(r.decision).toEqual({ decision: 'block', reason: 'blocked by exit-2 fixture' });
    expect(r.warning).toBeUndefined();
    expect(logger.warnings).toEqual([]);
  });

  it('exit 2 with 2,000 characters of stderr gives a 500-character reason', async () => {
    const { r } = await run(`${fixture('exit-2.mjs')} 2000`);
    expect(r.stderr.trim()).toHaveLength(2000);
    expect(r.decision.decision).toBe('block');
    expect(r.decision.reason).toBe('x'.repeat(500));
  });

  it('exit 2 with empty stderr blocks with a fallback reason', async () => {
    const { r } = await run('exit 2');
    expect(r.decision).toEqual({ decision: 'block', reason: 'command exited with code 2' });
  });

  it('exit 2 ignores stdout, even an approve', async () => {
    const { r } = await run(`echo '{"decision":"approve"}'; echo nope >&2; exit 2`);
    expect(r.decision).toEqual({ decision: 'block', reason: 'nope' });
  });

  it.each([1, 3, 127, 255])('exit %i warns naming the command and decides nothing', async (code) => {
    const { r, logger } = await run(`${fixture('exit-code.mjs')} ${code}`);
    expect(r.exitCode).toBe(code);
    expect(r.decision).toEqual({});
    expect(r.warning).toBe(`harness-hooks: command hook "${fixture('exit-code.mjs')} ${code}" exited with code ${code}: exiting with ${code}`);
    expect(logger.warnings).toEqual([r.warning]);
  });

  it('a non-zero exit never blocks, even with a block decision on stdout', async () => {
    const { r } = await run(`echo '{"decision":"block","continue":false}'; exit 1`);
    expect(r.exitCode).toBe(1);
    expect(r.decision).toEqual({});
  });

  it('death by a signal warns and decides nothing', async () => {
    const { r, logger } = await run('kill -KILL $$');
    expect(r.exitCode).toBeNull();
    expect(r.signal).toBe('SIGKILL');
    expect(r.decision).toEqual({});
    expect(r.warning).toBe('harness-hooks: command hook "kill -KILL $$" was killed by SIGKILL');
    expect(logger.warnings).toEqual([r.warning]);
  });

  it('a spawn error warns and decides nothing', async () => {
    const logger = makeLogger();
    const r = await new CommandExecutor({ logger }).run({ type: 'command', command: 'true' }, {}, { cwd: '/nonexistent/harness-hooks' });
    expect(r.exitCode).toBeNull();
    expect(r.decision).toEqual({});
    expect(r.warning).toMatch(/^harness-hooks: command hook "true" failed to start: .*ENOENT.*\/nonexistent\/harness-hooks/);
    expect(logger.warnings).toEqual([r.warning]);
  });
});
