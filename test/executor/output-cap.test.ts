import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CommandExecutor } from '../../src/executor/index.js';
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
      { type: 'command', command: `${fixture('flood-stdout.mjs')} 100000`, timeout_ms: 300 },
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

  it('maxOutputBytes sets the cap, and a capped JSON object decides nothing', async () => {
    const executor = new CommandExecutor({ logger: makeLogger(), maxOutputBytes: 10 });
    const r = await executor.run({ type: 'command', command: `${fixture('emit-json.mjs')} '{"decision":"block","reason":"long enough"}'` }, {});
    expect(r.stdout).toBe('{"decision');
    expect(r.stdoutTruncated).toBe(true);
    expect(r.decision).toEqual({});
  });

  it('output under the cap is kept whole, multi-byte text included', async () => {
    const r = await new CommandExecutor({ logger: makeLogger() }).run({ type: 'command', command: `printf 'h\\303\\251llo \\342\\202\\254'` }, {});
    expect(r.stdout).toBe('héllo €');
    expect(r.stdoutTruncated).toBe(false);
  });
});
