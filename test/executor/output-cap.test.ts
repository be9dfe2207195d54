import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CommandExecutor } from '../../src/executor/index.js';
import { HookRegistry } from '../../src/index.js';
import { OutputCollector, completeUtf8Length } from '../../src/executor/output-cap.js';
import { fixture } from '../helpers/fixtures.js';
import { listProcesses } from '../helpers/processes.js';
import { makeLogger } from '../helpers/logger.js';

describe('OutputCollector', () => {
  it('keeps the first maxBytes bytes and flags what it dropped', () => {
    const c = new OutputCollector(5);
    c.push(Buffer.from('abc'));
    c.push(Buffer.from('defg'));
    c.push(Buffer.from('hij'));
    expect(c.text()).toBe('abcde');
    expect(c.bytes).toBe(5);
    expect(c.truncated).toBe(true);
  });

  it('is not truncated when the output fits exactly', () => {
    const c = new OutputCollector(6);
    c.push(Buffer.from('abc'));
    c.push(Buffer.from('def'));
    c.push(Buffer.alloc(0));
    expect(c.text()).toBe('abcdef');
    expect(c.truncated).toBe(false);
  });

  it('drops a multi-byte character that the cap cut in two', () => {
    const c = new OutputCollector(5);
    c.push(Buffer.from('abcd€')); // € is 3 bytes: the cap keeps 1 of them
    expect(c.text()).toBe('abcd');
  });

  it('keeps a multi-byte character that ends exactly at the cap', () => {
    const c = new OutputCollector(7);
    c.push(Buffer.from('abcd€!'));
    expect(c.text()).toBe('abcd€');
  });

  it('finds the length of complete UTF-8 sequences', () => {
    const euro = Buffer.from('€');
    const emoji = Buffer.from('😀');
    expect(completeUtf8Length(Buffer.from('abc'))).toBe(3);
    expect(completeUtf8Length(euro)).toBe(3);
    expect(completeUtf8Length(euro.subarray(0, 2))).toBe(0);
    expect(completeUtf8Length(Buffer.concat([Buffer.from('a'), emoji.subarray(0, 3)]))).toBe(1);
    expect(completeUtf8Length(Buffer.concat([Buffer.from('a'), emoji]))).toBe(5);
  });
});

describe('output caps on real hooks', () => {
  it('50 MB of stdout keeps exactly 64,000 bytes, drains to the end, and memory stays flat', async () => {
    const script = fileURLToPath(new URL('./measure-flood.child.ts', import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script, '50'], { cwd: fileURLToPath(new URL('../..', import.meta.url)) });
    const m = JSON.parse(stdout) as { exitCode: number; timedOut: boolean; stdoutBytes: number; stdoutTruncated: boolean; decision: object; peakRssGrowthBytes: number };
    // The hook wrote all 50 MB and exited 0: it never stalled on a full pipe.
    expect(m.exitCode).toBe(0);
    expect(m.timedOut).toBe(false);
    expect(m.stdoutBytes).toBe(64_000);
    expect(m.stdoutTruncated).toBe(true);
    // Truncated stdout is not valid JSON.
    expect(m.decision).toEqual({});
    expect(m.peakRssGrowthBytes).toBeLessThan(8 * 1024 * 1024);
  });

  it('a flood cut off at its timeout leaves no drainer running', async () => {
    const r = await new CommandExecutor({ logger: makeLogger(), killGraceMs: 200 }).run(
      // (1.5 s: a node hook's first output can take longer than 300 ms on a loaded 2-core machine.)
      { type: 'command', command: `${fixture('flood-stdout.mjs')} 100000`, timeout_ms: 1500 },
      {},
    );
    expect(r.timedOut).toBe(true);
    expect(r.stdout).toHaveLength(64_000);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(listProcesses().filter((p) => p.ppid === process.pid && p.comm === 'cat')).toEqual([]);
  });

  it('a stderr flood is capped on its own and stdout is untouched', async () => {
    const r = await new CommandExecutor({ logger: makeLogger() }).run({ type: 'command', command: `${fixture('flood-stderr.mjs')} 5` }, {});
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toHaveLength(64_000);
    expect(r.stderrTruncated).toBe(true);
    expect(r.stdout).toBe('');
    expect(r.stdoutTruncated).toBe(false);
  });

  it('maxOutputBytes caps what is kept for display; the decision is still read from the whole JSON', async () => {
    const executor = new CommandExecutor({ logger: makeLogger(), maxOutputBytes: 10 });
    const r = await executor.run({ type: 'command', command: `${fixture('emit-json.mjs')} '{"decision":"block","reason":"long enough"}'` }, {});
    expect(r.stdout).toBe('{"decision');
    expect(r.stdoutTruncated).toBe(true);
    expect(r.decision).toEqual({ decision: 'block', reason: 'long enough' });
  });

  it('output under the cap is kept whole, multi-byte text included', async () => {
    const r = await new CommandExecutor({ logger: makeLogger() }).run({ type: 'command', command: `printf 'h\\303\\251llo \\342\\202\\254'` }, {});
    expect(r.stdout).toBe('héllo €');
    expect(r.stdoutTruncated).toBe(false);
  });
});

describe('a decision is never lost to the output cap', () => {
  const guard = (n: number) => `node -e "process.stdout.write(JSON.stringify({ decision: 'block', reason: 'refused: ' + 'x'.repeat(${n}) }))"`;

  it('reads a JSON block longer than the 64,000-byte display cap whole (the parser sees up to maxParseBytes)', async () => {
    const executor = new CommandExecutor({ logger: makeLogger() });
    const r = await executor.run({ type: 'command', command: guard(70_000) }, {});
    expect(r.decision.decision).toBe('block');
    expect(r.decision.reason).toHaveLength('refused: '.length + 70_000);
    expect(r.stdout.length).toBe(64_000);
    expect(r.stdoutTruncated).toBe(true);
    expect(r.stdoutOverParseLimit).toBe(false);
  });

  it('blocks, saying why, when JSON output is longer than maxParseBytes and cannot be read whole', async () => {
    const executor = new CommandExecutor({ logger: makeLogger(), maxParseBytes: 100_000 });
    const r = await executor.run({ type: 'command', command: guard(150_000) }, {});
    expect(r.stdoutOverParseLimit).toBe(true);
    expect(r.decision).toEqual({ decision: 'block', reason: expect.stringMatching(/longer than 100000 bytes and could not be read whole/) });
  });

  it('the claude profile: a deny quoting a 70,000-character command denies; one past the parse bound blocks too', async () => {
    const deny = (n: number) => `node -e "process.stdout.write(JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no: ' + 'x'.repeat(${n}) } }))"`;
    for (const [n, maxParseBytes] of [[70_000, undefined], [150_000, 100_000]] as const) {
      const registry = new HookRegistry({ profile: 'claude', settings: { enableShellHooks: true }, logger: makeLogger(), executor: new CommandExecutor({ logger: makeLogger(), ...(maxParseBytes ? { maxParseBytes } : {}) }) });
      registry.addConfig({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: deny(n) }] }] } }, { source: 'user' });
      const result = await registry.dispatch('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'x'.repeat(n) }, tool_use_id: 't' });
      expect(result.blocked).toBe(true);
      expect(result.permissionDecision).toBe('deny');
    }
  });
});
