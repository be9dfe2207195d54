// whyUnsendable: what a dispatch cannot hand a command hook as JSON, found without recursion; and the two
// dispatch runs refusing such an input to their command entries (a block), rules without `refused` too.
import { describe, expect, it } from 'vitest';
import { DispatchRun, runParallel, type Entry, type ParallelRules, type SequentialRules } from '../src/index.js';
import { MAX_INPUT_DEPTH, MAX_INPUT_VALUES, whyUnsendable } from '../src/unsendable.js';

function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? { a: value } : [value];
  return value;
}

describe('whyUnsendable', () => {
  it('passes what JSON can write, up to the depth bound', () => {
    expect(whyUnsendable(undefined)).toBeUndefined();
    expect(whyUnsendable('text')).toBeUndefined();
    expect(whyUnsendable({ a: [1, { b: null }], d: new Date(0), f: () => 1 })).toBeUndefined();
    expect(whyUnsendable(nested(MAX_INPUT_DEPTH))).toBeUndefined();
    // The same object twice is no cycle.
    const shared = { x: 1 };
    expect(whyUnsendable({ a: shared, b: [shared, shared] })).toBeUndefined();
    expect(() => JSON.stringify(nested(MAX_INPUT_DEPTH))).not.toThrow();
  });

  it('names an input nested past the bound, however deep, without overflowing itself', () => {
    expect(whyUnsendable(nested(MAX_INPUT_DEPTH + 1))).toBe(`the hook input is nested deeper than ${MAX_INPUT_DEPTH} levels`);
    expect(whyUnsendable(nested(100_000))).toMatch(/nested deeper than/);
  });

  it('names a cycle, a BigInt, too many values, and a getter that throws', () => {
    const cyclic: Record<string, unknown> = { a: { b: {} } };
    (cyclic.a as { b: Record<string, unknown> }).b.c = cyclic;
    expect(whyUnsendable(cyclic)).toBe('the hook input contains itself');
    expect(whyUnsendable({ n: [10n] })).toMatch(/BigInt/);
    expect(whyUnsendable({ big: new Array(MAX_INPUT_VALUES).fill(0) })).toMatch(/more than/);
    const hostile = Object.defineProperty({}, 'x', { enumerable: true, get: () => { throw new Error('gotcha'); } });
    expect(whyUnsendable(hostile)).toBe('reading the hook input threw: gotcha');
  });

  it('reads what a toJSON method gives, as JSON.stringify does: a deep or throwing one is named', () => {
    const deep = nested(6_000);
    expect(() => JSON.stringify({ x: { toJSON: () => deep } })).toThrow(RangeError);
    expect(whyUnsendable({ x: { toJSON: () => deep } })).toMatch(/nested deeper than/);
    expect(whyUnsendable({ toJSON: () => 10n })).toMatch(/BigInt/);
    expect(whyUnsendable({ d: { toJSON: () => { throw new Error('no'); } } })).toBe('reading the hook input threw: no');
    // toJSON gets the key JSON.stringify gives it, and what it returns is what is walked.
    const keys: string[] = [];
    const tell = { toJSON: (key: string) => (keys.push(key), { ok: 1 }) };
    expect(whyUnsendable({ a: tell, b: [tell] })).toBeUndefined();
    expect(keys).toEqual(['a', '0']);
  });
});

describe('the dispatch runs refuse an input they cannot send to a command entry', () => {
  const command = (ran: string[]): Entry => ({ kind: 'command', name: 'guard', matcher: null, plugin: 'some-plugin', longRunning: false, background: false, invoke: () => ran.push('command') && { outcome: 'ok' } }) as unknown as Entry;
  const handler = (ran: string[]): Entry => ({ kind: 'handler', name: 'h', matcher: null, plugin: undefined, longRunning: false, background: false, invoke: () => void ran.push('handler') }) as unknown as Entry;
  const deep = { tool_input: nested(6_000) };
  const logger = { warn: () => {} };

  it('sequential: handlers before it run; the command is not run and blocks, even from a plugin', async () => {
    const ran: string[] = [];
    const rules: SequentialRules = {
      name: 'E',
      decide: () => undefined,
      blocks: (d) => d.decision === 'block',
      accumulate: () => undefined,
      blocked: (d, runs) => ({ blocked: true, aborted: false, reason: d.reason, runs }),
      merged: (_s, runs) => ({ blocked: false, aborted: false, runs }),
    };
    const result = await new DispatchRun(rules, deep, [handler(ran), command(ran)], undefined, { entryMs: 1000, ceilingMs: Infinity }, logger).start();
    expect(ran).toEqual(['handler']);
    expect(result.blocked).toBe(true);
    expect(result.reason).toMatch(/Hook "guard" on E was not run.*nested deeper than/);
    expect(result.runs.map((r) => r.outcome)).toEqual(['ok', 'error']);
  });

  it('parallel, rules with `refused`: the profile\'s outcome; without: the merged result is made blocked', async () => {
    const base: ParallelRules = { name: 'E', fromValue: () => ({ outcome: 'ok' }), failure: (_e, kind, message) => ({ outcome: kind, message }), merge: (_o, runs) => ({ blocked: false, aborted: false, runs }) };
    const options = { input: deep, signal: undefined, logger, defaultTimeoutMs: 1000, ceilingMs: Infinity, observers: undefined };
    const ran: string[] = [];
    const own = await runParallel({ ...options, entries: [handler(ran), command(ran)], rules: { ...base, refused: (_e, message) => ({ outcome: 'block', message }), merge: (o, runs) => ({ blocked: o.some((x) => x?.outcome === 'block'), aborted: false, runs }) } });
    expect(ran).toEqual(['handler']);
    expect(own.blocked).toBe(true);
    expect(own.runs[1]).toMatchObject({ outcome: 'block', message: expect.stringMatching(/nested deeper than/) });
    const fallback = await runParallel({ ...options, entries: [command(ran)], rules: base });
    expect(fallback).toMatchObject({ blocked: true, reason: expect.stringMatching(/was not run.*nested deeper than/) });
    expect(ran).toEqual(['handler']);
  });

  it('a dispatch of handlers alone never walks its input (they get the object itself)', async () => {
    const ran: string[] = [];
    const rules: SequentialRules = { name: 'E', decide: () => undefined, blocks: () => false, accumulate: () => undefined, blocked: (_d, runs) => ({ blocked: true, aborted: false, runs }), merged: (_s, runs) => ({ blocked: false, aborted: false, runs }) };
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const result = await new DispatchRun(rules, cyclic, [handler(ran)], undefined, { entryMs: 1000, ceilingMs: Infinity }, logger).start();
    expect(result.blocked).toBe(false);
    expect(ran).toEqual(['handler']);
  });
});
