// The claude hook input (src/profiles/claude/input.ts): Claude Code's key order, as the real binary sent it
// (fixtures/claude/oracle/conformance/16-stdin-env-all-events.json), where each field comes from, and the
// compiled shapes building exactly what the field-by-field builder builds.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HookRegistry, type ClaudeDispatchResult } from '../../../src/index.js';
import { buildHookInput, CLAUDE_COMMON_FIELDS, HookInputBuilder, MAX_SHAPE_KEY_CHARS, MAX_SHAPE_KEYS, SHAPES_PER_EVENT } from '../../../src/profiles/claude/input.js';
import type { HookSession } from '../../../src/types.js';
import { FIXTURES_DIR } from '../../helpers/fixtures.js';
import { makeLogger } from '../../helpers/logger.js';

const CONFORMANCE = `${FIXTURES_DIR}/claude/oracle/conformance`;
// Two recorded sessions' stdin, per event: plain, and with a main-thread agent (`--agent`: agent_type).
const RECORDINGS = ['16-stdin-env-all-events', '16-stdin-agent-type'].map(
  (name) => JSON.parse(readFileSync(`${CONFORMANCE}/${name}.json`, 'utf8')) as { observed: { stdin: Record<string, Record<string, unknown>> } },
);
const SESSION = { sessionId: 's1', cwd: mkdtempSync(join(tmpdir(), 'hh-claude-input-')), transcriptPath: '/t/s1.jsonl' };
// What the session gives; the rest of a recorded input is what a harness passes as the payload.
const FROM_SESSION = new Set(['session_id', 'transcript_path', 'cwd']);

const registryWithSession = (session: HookSession = SESSION) =>
  new HookRegistry({ profile: 'claude', session, settings: { enableShellHooks: true }, logger: makeLogger() });

// Each recorded event's input, and the payload a harness would dispatch for it: its fields the session does
// not give, the event's own first and the common ones after them (the input puts each in Claude Code's place).
const COMMON = new Set<string>(CLAUDE_COMMON_FIELDS);
const recorded = RECORDINGS.flatMap((r) =>
  Object.entries(r.observed.stdin).map(([key, stdin]) => {
    const event = key.replace(/#\d+$/, '') as 'PreToolUse';
    const fields = Object.entries(stdin).filter(([k]) => !FROM_SESSION.has(k) && k !== 'hook_event_name');
    const payload = Object.fromEntries([...fields.filter(([k]) => !COMMON.has(k)), ...fields.filter(([k]) => COMMON.has(k))]);
    return { key, event, keys: Object.keys(stdin), payload };
  }),
);

describe('the claude hook input', () => {
  it('has Claude Code’s key order on every recorded event: common fields, hook_event_name, the event’s own', async () => {
    expect(recorded.length).toBeGreaterThanOrEqual(11);
    expect(recorded.some((r) => r.key === 'SessionStart' && 'agent_type' in r.payload)).toBe(true);
    const registry = registryWithSession();
    let seen: string[] = [];
    for (const event of new Set(recorded.map((r) => r.event))) registry.register(event, (input: object) => void (seen = Object.keys(input)));
    // Twice: the first input of a shape and the ones after it (its compiled builder) alike.
    for (const { event, payload, keys } of [...recorded, ...recorded]) {
      seen = [];
      await registry.dispatch(event, payload as never);
      expect(seen).toEqual(keys);
    }
  });

  it('is what a command hook reads on stdin, in the same order', async () => {
    const registry = registryWithSession();
    const hook = { type: 'command', command: `node ${FIXTURES_DIR}/claude/stdin-as-context.mjs` };
    registry.addConfig({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [hook] }], UserPromptSubmit: [{ hooks: [hook] }] } }, { source: 'user' });
    for (const key of ['PreToolUse', 'UserPromptSubmit']) {
      const { event, payload, keys } = recorded.find((r) => r.key === key)!;
      const result = (await registry.dispatch(event, payload as never)) as ClaudeDispatchResult;
      expect(Object.keys(JSON.parse(result.injectContext!))).toEqual(keys);
    }
  });

  it('takes a common field from the payload, else session_id, transcript_path and cwd from the session; one neither has is left out', () => {
    const builder = new HookInputBuilder('PreToolUse');
    const call = { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't1' };
    for (let round = 0; round < 3; round++) {
      expect(builder.build(SESSION, call)).toEqual({ session_id: 's1', transcript_path: '/t/s1.jsonl', cwd: SESSION.cwd, hook_event_name: 'PreToolUse', ...call });
      const own = builder.build(SESSION, { session_id: 'p1', cwd: '/elsewhere', permission_mode: 'plan', ...call });
      expect(own).toEqual({ session_id: 'p1', transcript_path: '/t/s1.jsonl', cwd: '/elsewhere', permission_mode: 'plan', hook_event_name: 'PreToolUse', ...call });
      expect(Object.keys(own).slice(0, 5)).toEqual(['session_id', 'transcript_path', 'cwd', 'permission_mode', 'hook_event_name']);
      // Set to undefined is as absent: the session's value, or no key at all.
      const unset = builder.build(SESSION, { session_id: undefined, prompt_id: undefined, ...call });
      expect(Object.keys(unset)).toEqual(['session_id', 'transcript_path', 'cwd', 'hook_event_name', 'tool_name', 'tool_input', 'tool_use_id']);
      expect(unset.session_id).toBe('s1');
      // No session id, a `null` transcript path (none), no cwd: omitted, omitted, process.cwd().
      expect(builder.build({ transcriptPath: null }, call)).toEqual({ cwd: process.cwd(), hook_event_name: 'PreToolUse', ...call });
    }
  });

  it('keeps a common field in its place on events that set it themselves (SessionStart’s agent_type), and its own hook_event_name', () => {
    const builder = new HookInputBuilder('SessionStart');
    for (let round = 0; round < 2; round++) {
      const input = builder.build(SESSION, { source: 'startup', agent_type: 'reviewer', model: 'm', hook_event_name: 'Forged' });
      expect(Object.keys(input)).toEqual(['session_id', 'transcript_path', 'cwd', 'agent_type', 'hook_event_name', 'source', 'model']);
      expect(input.hook_event_name).toBe('SessionStart');
    }
  });

  it('reads each dispatch’s values: the same payload object changed between dispatches, a key added or removed', () => {
    const builder = new HookInputBuilder('PreToolUse');
    const p: Record<string, unknown> = { tool_name: 'Bash', tool_input: { command: 'ls' } };
    expect(builder.build(SESSION, p).tool_name).toBe('Bash');
    p.tool_name = 'Read';
    expect(builder.build(SESSION, p).tool_name).toBe('Read');
    p.tool_use_id = 't9';
    expect(builder.build(SESSION, p)).toMatchObject({ tool_name: 'Read', tool_use_id: 't9' });
    delete p.tool_input;
    expect(Object.keys(builder.build(SESSION, p))).toEqual(['session_id', 'transcript_path', 'cwd', 'hook_event_name', 'tool_name', 'tool_use_id']);
  });

  it('keeps an own `__proto__` field (JSON.parse makes one) a field, never the prototype', () => {
    const builder = new HookInputBuilder('PreToolUse');
    for (let round = 0; round < 2; round++) {
      const input = builder.build(SESSION, JSON.parse('{"tool_name":"Bash","__proto__":{"polluted":true},"tool_use_id":"t1"}'));
      expect(Object.getPrototypeOf(input)).toBe(Object.prototype);
      expect(Object.hasOwn(input, '__proto__')).toBe(true);
      expect((input as { polluted?: unknown }).polluted).toBeUndefined();
      expect(Object.keys(input).slice(-3)).toEqual(['tool_name', '__proto__', 'tool_use_id']);
    }
  });

  it('passes on the payload’s own enumerable string-keyed fields only: not inherited ones, not symbol-keyed ones', () => {
    const builder = new HookInputBuilder('PreToolUse');
    const plain = { tool_name: 'Bash', tool_use_id: 't1' };
    builder.build(SESSION, plain); // a shape with these keys, compiled
    const inheriting = Object.assign(Object.create({ permission_mode: 'bypassPermissions', extra: 1 }), plain) as object;
    const symbol = Symbol('s');
    for (const p of [inheriting, { ...plain, [symbol]: 1 }]) {
      const input = builder.build(SESSION, p);
      expect(Object.keys(input)).toEqual(['session_id', 'transcript_path', 'cwd', 'hook_event_name', 'tool_name', 'tool_use_id']);
      expect(Object.getOwnPropertySymbols(input)).toEqual([]);
    }
  });

  it(`builds the same past ${SHAPES_PER_EVENT} shapes and past ${MAX_SHAPE_KEYS} keys`, () => {
    const builder = new HookInputBuilder('Notification');
    for (let n = 0; n < SHAPES_PER_EVENT * 2; n++) {
      const p = Object.fromEntries(Array.from({ length: n + 1 }, (_, i) => [`f${i}`, i]));
      expect(builder.build(SESSION, p)).toEqual(buildHookInput(SESSION, p, 'Notification'));
      expect(Object.keys(builder.build(SESSION, p))).toEqual(['session_id', 'transcript_path', 'cwd', 'hook_event_name', ...Object.keys(p)]);
    }
    const wide = Object.fromEntries(Array.from({ length: MAX_SHAPE_KEYS + 5 }, (_, i) => [`k${i}`, i]));
    expect(Object.keys(new HookInputBuilder('Notification').build(SESSION, wide))).toEqual(['session_id', 'transcript_path', 'cwd', 'hook_event_name', ...Object.keys(wide)]);
  });

  it('compiled shapes build exactly what the field-by-field builder builds (randomized payloads and sessions)', () => {
    // A small deterministic generator (no flaky seeds).
    let seed = 12345;
    const rand = (n: number): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % n);
    const POOL = [...CLAUDE_COMMON_FIELDS, 'hook_event_name', 'tool_name', 'tool_input', 'tool_use_id', '__proto__', '1', 'constructor', 'toString', 'x y', '"quoted"', '\u2028'];
    const VALUES = [undefined, null, 0, 'v', { nested: true }, ['a']];
    const SESSIONS: HookSession[] = [SESSION, {}, { sessionId: 's2' }, { transcriptPath: null, cwd: '/c' }, { transcriptPath: '/t' }];
    const builder = new HookInputBuilder('PostToolUse');
    for (let n = 0; n < 600; n++) {
      const p: Record<string, unknown> = {};
      // A few recurring shapes (so compiled builders are hit), and fresh ones.
      const width = rand(6);
      const offset = n % 3 === 0 ? rand(POOL.length) : 0;
      for (let i = 0; i < width; i++) Object.defineProperty(p, POOL[(offset + i * 3) % POOL.length]!, { value: VALUES[rand(VALUES.length)], enumerable: true, writable: true, configurable: true });
      const session = SESSIONS[rand(SESSIONS.length)]!;
      const fast = builder.build(session, p);
      const slow = buildHookInput(session, p, 'PostToolUse');
      expect(Reflect.ownKeys(fast)).toEqual(Reflect.ownKeys(slow));
      expect(Object.getPrototypeOf(fast)).toBe(Object.prototype);
      for (const key of Reflect.ownKeys(slow)) expect((fast as Record<PropertyKey, unknown>)[key]).toBe((slow as Record<PropertyKey, unknown>)[key]);
    }
  });

  it('builds the same where code generation from strings is disallowed (a real process run with the flag)', () => {
    const script = `
      import { HookRegistry } from ${JSON.stringify(new URL('../../../dist/index.js', import.meta.url).href)};
      const registry = new HookRegistry({ profile: 'claude', session: { sessionId: 's1', cwd: '/proj' }, logger: { warn() {} } });
      const keys = [];
      registry.register('PreToolUse', (input) => void keys.push(Object.keys(input)), { matcher: 'Bash' });
      const payload = { permission_mode: 'plan', tool_name: 'Bash', tool_input: {}, tool_use_id: 't1' };
      await registry.dispatch('PreToolUse', payload);
      await registry.dispatch('PreToolUse', payload);
      console.log(JSON.stringify(keys));`;
    const out = execFileSync(process.execPath, ['--disallow-code-generation-from-strings', '--input-type=module', '-e', script], { encoding: 'utf8' });
    const expected = ['session_id', 'cwd', 'permission_mode', 'hook_event_name', 'tool_name', 'tool_input', 'tool_use_id'];
    expect(JSON.parse(out)).toEqual([expected, expected]);
  });
});

const EV = 'PreToolUse';
type Outcome = { ok: true; keys: PropertyKey[]; values: unknown[]; proto: unknown; descs: string } | { ok: false; error: string };
const outcome = (f: () => Record<string, unknown>): Outcome => {
  try {
    const o = f();
    const keys = Reflect.ownKeys(o);
    const descs = JSON.stringify(keys.map((k) => { const d = Object.getOwnPropertyDescriptor(o, k)!; return [d.writable, d.enumerable, d.configurable, 'get' in d]; }));
    return { ok: true, keys, values: keys.map((k) => (o as Record<PropertyKey, unknown>)[k]), proto: Object.getPrototypeOf(o), descs };
  } catch (e) {
    return { ok: false, error: String(e) };
  }
};
// The fast path on a fresh payload each round (compiled on round 0, hit after), against the slow path.
const agree = (make: () => object, session: HookSession = SESSION, rounds = 3, builder = new HookInputBuilder(EV), event = EV) => {
  for (let r = 0; r < rounds; r++) {
    const fast = outcome(() => builder.build(session, make()));
    const slow = outcome(() => buildHookInput(session, make(), event));
    expect(fast).toEqual(slow);
  }
};

afterEach(() => vi.restoreAllMocks());

describe('the claude hook input, against hostile and odd payloads: the compiled shapes build what buildHookInput builds', () => {
  it('leaves out an inherited enumerable key, even where the for…in keys match a compiled shape of own keys', () => {
    const builder = new HookInputBuilder(EV);
    builder.build(SESSION, { tool_name: 'Bash', permission_mode: 'default' }); // shape [tool_name, permission_mode]
    const p = Object.create({ permission_mode: 'bypassPermissions' }) as Record<string, unknown>;
    p.tool_name = 'Bash';
    const fast = builder.build(SESSION, p);
    const slow = buildHookInput(SESSION, p, EV);
    expect(slow.permission_mode).toBeUndefined();
    expect(fast.permission_mode).toBeUndefined();
    expect(Reflect.ownKeys(fast)).toEqual(Reflect.ownKeys(slow));
  });

  it('leaves out the key of a polluted Object.prototype, polluted after the shape was compiled', () => {
    const builder = new HookInputBuilder(EV);
    builder.build(SESSION, { tool_name: 'Bash', extra: 'own' });
    (Object.prototype as Record<string, unknown>).extra = 'polluted';
    try {
      const fast = builder.build(SESSION, { tool_name: 'Bash' });
      expect(Object.hasOwn(fast, 'extra')).toBe(false);
    } finally {
      delete (Object.prototype as Record<string, unknown>).extra;
    }
  });

  it('leaves out an own non-enumerable common field (own enumerable fields only), on both paths', () => {
    const p = { tool_name: 'Bash' };
    Object.defineProperty(p, 'session_id', { value: 'hidden', enumerable: false });
    Object.defineProperty(p, 'permission_mode', { value: 'bypassPermissions', enumerable: false });
    const fast = new HookInputBuilder(EV).build(SESSION, p);
    const slow = buildHookInput(SESSION, p, EV);
    expect(fast).toMatchObject({ session_id: 's1' });
    expect(Object.hasOwn(fast, 'permission_mode')).toBe(false);
    expect(slow.session_id).toBe('s1');
    expect(Object.hasOwn(slow, 'permission_mode')).toBe(false);
  });

  it('takes the keys before any value: a getter that deletes a later key changes no key, on both paths', () => {
    const make = () => {
      const p: Record<string, unknown> = { tool_name: 'Bash', tool_input: {}, tool_use_id: 't1' };
      Object.defineProperty(p, 'permission_mode', { get() { delete p.tool_use_id; return 'plan'; }, enumerable: true, configurable: true });
      return p;
    };
    agree(make);
  });

  it('takes the keys before any value: a common field’s getter that adds a key changes no key, on both paths', () => {
    const make = () => {
      const p: Record<string, unknown> = { tool_name: 'Bash' };
      Object.defineProperty(p, 'cwd', { get() { p.added = 1; return '/x'; }, enumerable: true, configurable: true });
      return p;
    };
    agree(make);
  });

  it('reads each getter once, a common field that reads undefined included', () => {
    let reads = 0;
    const p = { tool_name: 'Bash' } as Record<string, unknown>;
    Object.defineProperty(p, 'agent_id', { get: () => (reads++ === 0 ? undefined : 'a-second-read'), enumerable: true });
    const fast = new HookInputBuilder(EV).build(SESSION, p);
    expect(reads).toBe(1);
    expect(Object.hasOwn(fast, 'agent_id')).toBe(false);
  });

  it('does not call process.cwd() when the payload has its own cwd (it throws once the folder is gone)', () => {
    vi.spyOn(process, 'cwd').mockImplementation(() => {
      throw Object.assign(new Error('ENOENT: process.cwd failed'), { code: 'ENOENT' });
    });
    const session: HookSession = { sessionId: 's1' };
    const make = () => ({ cwd: '/from/payload', tool_name: 'Bash' });
    expect(buildHookInput(session, make(), EV).cwd).toBe('/from/payload');
    expect(new HookInputBuilder(EV).build(session, make()).cwd).toBe('/from/payload');
  });

  it(`compiles no shape for keys of more than ${MAX_SHAPE_KEY_CHARS} characters in all, and builds the same`, () => {
    const builder = new HookInputBuilder(EV);
    agree(() => ({ tool_name: 'Bash', ['k'.repeat(MAX_SHAPE_KEY_CHARS)]: 1 }), SESSION, 2, builder);
    expect(builder.compiledShapes).toBe(0);
    agree(() => ({ tool_name: 'Bash', ['k'.repeat(MAX_SHAPE_KEY_CHARS - 'tool_name'.length)]: 1 }), SESSION, 2, builder);
    expect(builder.compiledShapes).toBe(1);
  });
});

describe('the claude hook input, odd keys, values and payload kinds', () => {
  const NASTY = [
    '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '0', '1', '01', '-0', '4294967294', '4294967295', '9007199254740993', '1e3', 'NaN',
    '"', "'", '\\', '\\"', '\n', '\r', '\u2028', '\u2029', '\ud800', '\udc00', '\ud83d\ude00', '}', '*/', '/*', '//', '${', '`', '</script>', '\0',
    '"]; globalThis.__pwned = 1; //', "'] }); globalThis.__pwned = 1; ({ ['", '}; globalThis.__pwned = 1; return {', 'p', 'sid', 'tp', 'cwd', 'event', 'c0', 'c1', 'undefined', 'this', 'arguments',
    'hook_event_name', ...CLAUDE_COMMON_FIELDS, 'x'.repeat(100_000),
  ];

  it('JS-significant / injection-shaped keys: equal on both paths, one key at a time and all together, no code run', () => {
    const g = globalThis as { __pwned?: unknown };
    for (const k of NASTY) agree(() => ({ tool_name: 'Bash', [k]: 'v' }));
    agree(() => Object.fromEntries(NASTY.filter((k) => k !== '__proto__').map((k, i) => [k, i])));
    const withProto = () => JSON.parse(`{${NASTY.map((k, i) => `${JSON.stringify(k)}:${i}`).join(',')}}`) as object;
    agree(withProto, SESSION, 3);
    expect(g.__pwned).toBeUndefined();
    const input = new HookInputBuilder(EV).build(SESSION, withProto());
    expect(Object.getPrototypeOf(input)).toBe(Object.prototype);
  });

  it('values undefined / null / falsy for common fields and others, with every session shape', () => {
    const SESSIONS: HookSession[] = [SESSION, {}, { sessionId: 's2' }, { transcriptPath: null, cwd: '/c' }, { transcriptPath: '/t' }, { cwd: '' }, { sessionId: '' }];
    for (const v of [undefined, null, 0, '', false, NaN]) for (const s of SESSIONS) {
      agree(() => ({ session_id: v, transcript_path: v, cwd: v, effort: v, tool_name: v }), s);
      agree(() => ({ tool_name: v, agent_type: v }), s);
    }
  });

  it('one builder, the session changing between calls (sessionId / transcriptPath appear and vanish)', () => {
    const builder = new HookInputBuilder(EV);
    const SESSIONS: HookSession[] = [SESSION, {}, { transcriptPath: null }, { sessionId: 's3', transcriptPath: '/t3' }, SESSION, {}];
    for (let r = 0; r < 4; r++) for (const s of SESSIONS) agree(() => ({ tool_name: 'Bash', cwd: '/pc' }), s, 1, builder);
  });

  it('payload kinds: null prototype, class instance, array, String object, frozen, consistent Proxy, getters (incl. throwing)', () => {
    class Call { tool_name = 'Bash'; session_id = 'p'; get computed() { return 1; } }
    const makers: (() => object)[] = [
      () => Object.assign(Object.create(null), { tool_name: 'Bash', permission_mode: 'plan' }),
      () => new Call(),
      () => ['a', 'b'],
      () => Object.assign(['a'], { session_id: 'arr' }),
      () => new String('ab'),
      () => Object.freeze({ tool_name: 'Bash', cwd: '/f' }),
      () => new Proxy({ tool_name: 'Bash', effort: 'high' }, {}),
      () => new Proxy({ a: 1 }, { get: (t, k) => (k === 'a' ? 'trapped' : Reflect.get(t, k)) }),
      () => Object.defineProperty({ tool_name: 'Bash' }, 'prompt_id', { get: () => 'g', enumerable: true }),
      () => Object.defineProperty({ tool_name: 'Bash' }, 'boom', { get: () => { throw new Error('boom'); }, enumerable: true }),
      () => Object.defineProperty({ tool_name: 'Bash' }, 'session_id', { get: () => { throw new Error('sid boom'); }, enumerable: true }),
      () => Object.assign(Object.create({ tool_name: 'inherited' }), { tool_name: 'own' }), // shadowed
      () => ({ tool_name: 'Bash', [Symbol('s')]: 1 }),
    ];
    for (const make of makers) agree(make);
  });

  it('payload shape changes between calls on one builder; many shapes past SHAPES_PER_EVENT; exactly/over MAX_SHAPE_KEYS', () => {
    const builder = new HookInputBuilder('Notification');
    for (let r = 0; r < 3; r++) {
      for (let n = 0; n < SHAPES_PER_EVENT * 3; n++) agree(() => Object.fromEntries(Array.from({ length: (n % 7) + 1 }, (_, i) => [`f${(n + i) % 9}`, i])), SESSION, 1, builder, 'Notification');
      for (const w of [MAX_SHAPE_KEYS - 1, MAX_SHAPE_KEYS, MAX_SHAPE_KEYS + 1]) agree(() => Object.fromEntries(Array.from({ length: w }, (_, i) => [`w${i}`, i])), SESSION, 1, builder, 'Notification');
    }
    // A payload whose keys are a prefix / extension of a compiled shape.
    const b2 = new HookInputBuilder(EV);
    agree(() => ({ a: 1, b: 2 }), SESSION, 2, b2);
    agree(() => ({ a: 1 }), SESSION, 2, b2);
    agree(() => ({ a: 1, b: 2, c: 3 }), SESSION, 2, b2);
  });

  it('a wide payload (200k keys) past near-miss shapes is built (linear: no hang)', () => {
    const builder = new HookInputBuilder(EV);
    for (let s = 0; s < SHAPES_PER_EVENT; s++) builder.build(SESSION, Object.fromEntries(Array.from({ length: MAX_SHAPE_KEYS }, (_, i) => [`k${i}`, s])));
    const wide = Object.fromEntries(Array.from({ length: 200_000 }, (_, i) => [`k${i}`, i]));
    const input = builder.build(SESSION, wide);
    expect(Object.keys(input).length).toBe(200_004);
  });
});
