// A profile written outside the package, from its public exports only: two events, its own payloads,
// verdicts and options, a method on its registries, command hooks from its own config. The registry runs
// it like a built-in one.
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  DispatchRun,
  HookRegistry,
  HookTypeError,
  type DispatchResult,
  type Entry,
  type EventView,
  type HookContext,
  type HookDecision,
  type HookRun,
  type Profile,
  type ProfileTypes,
  type RunLimits,
  type SequentialRules,
} from '../../src/index.js';
import { fixture } from '../helpers/fixtures.js';
import { makeLogger } from '../helpers/logger.js';

type ToyEvent = 'BeforeTool' | 'AfterTool';
interface ToyPayloads {
  BeforeTool: { tool: string; args?: Record<string, unknown> };
  AfterTool: { tool: string; ok: boolean };
}
/** What a toy handler returns. */
interface ToyVerdict {
  deny?: string;
  note?: string;
}
type ToyHandler<E extends ToyEvent> = (input: ToyPayloads[E] & { event: E }, context: HookContext) => ToyVerdict | void | Promise<ToyVerdict | void>;
interface ToyResult extends DispatchResult {
  verdict: 'allow' | 'deny';
}
interface ToyTypes extends ProfileTypes {
  events: ToyEvent;
  payloads: ToyPayloads;
  handlers: { [E in ToyEvent]: ToyHandler<E> };
  result: ToyResult;
  options: { notePrefix?: string };
  methods: { denials(): number };
}
interface ToyState {
  readonly prefix: string;
  denials: number;
  readonly limits: RunLimits;
}

const EVENTS: readonly ToyEvent[] = ['BeforeTool', 'AfterTool'];
const VIEWS = new Map<string, EventView>(EVENTS.map((name) => [name, { name, matchField: 'tool', matchBasename: false, background: false }]));

function rulesFor(event: string, state: ToyState): SequentialRules<string[]> {
  return {
    name: event,
    decide: (value) => {
      const v = value as ToyVerdict;
      if (v.deny !== undefined) return { decision: 'block', reason: v.deny };
      return v.note === undefined ? undefined : { injectContext: `${state.prefix}${v.note}` };
    },
    blocks: (d) => d.decision === 'block',
    accumulate: (notes, d) => [...(notes ?? []), ...(d.injectContext === undefined ? [] : [d.injectContext])],
    blocked: (d: HookDecision, runs: HookRun[]) => {
      state.denials++;
      return { blocked: true, aborted: false, runs, reason: d.reason, verdict: 'deny' } as ToyResult;
    },
    merged: (notes, runs) => ({ blocked: false, aborted: false, runs, verdict: 'allow', ...(notes?.length ? { injectContext: notes.join('\n') } : {}) }) as ToyResult,
  };
}

const toyProfile: Profile<ToyTypes, ToyState> = {
  name: 'toy',
  events: EVENTS,
  view: (event) => VIEWS.get(event),
  optionKeys: ['notePrefix'],
  init(options, host) {
    const prefix = options.notePrefix ?? '';
    if (typeof prefix !== 'string') throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected the \`notePrefix\` option to be a string, got ${JSON.stringify(prefix)} (${typeof prefix})`);
    return { prefix, denials: 0, limits: { entryMs: host.deadlines.handlerMs, ceilingMs: Infinity, observers: host.observers } };
  },
  compileMatcher: (matcher) => (matcher === undefined ? null : (tool) => tool === matcher),
  checkPayload(event, payload) {
    if (typeof (payload as { tool?: unknown } | null)?.tool !== 'string') throw new HookTypeError('HOOKS_ERR_PAYLOAD_INVALID', `dispatch('${event}'): the payload needs a \`tool\` string`);
  },
  run: (host, event, payload, entries, signal) => new DispatchRun(rulesFor(event, host.state), { ...(payload as object), event }, entries, signal, host.state.limits, host.logger).start(),
  sources: ['user'],
  gate: (_source, settings) => (settings.enableShellHooks ? undefined : 'enableShellHooks'),
  configEntry(host, _event, hook) {
    if (hook.type !== 'command' || hook.command === undefined) return { skip: 'only command hooks' };
    const command = hook.command;
    return {
      kind: 'command',
      name: command,
      plugin: undefined,
      longRunning: false,
      background: false,
      invoke: async (input, _context, signal) => {
        const r = await host.executor().run({ type: 'command', command }, input, { signal });
        return r.exitCode === 2 ? { outcome: 'block', decision: { decision: 'block', reason: r.stderr.trim() } } : { outcome: 'ok' };
      },
    };
  },
  emptyResult: () => ({ blocked: false, aborted: false, runs: [], verdict: 'allow' }) as ToyResult,
  methods: {
    denials: (_registry, host) => host.state.denials,
  },
};

describe('a profile written outside the package', () => {
  it('runs its handlers, merges by its rules and types everything by its own types', async () => {
    const registry = new HookRegistry({ profile: toyProfile, notePrefix: 'note: ', logger: makeLogger() });
    expect(registry.profile).toBe('toy');
    registry.register('BeforeTool', (input) => {
      expectTypeOf(input.tool).toEqualTypeOf<string>();
      return { note: `saw ${input.tool}` };
    });
    registry.register('BeforeTool', (input) => (input.tool === 'rm' ? { deny: 'no rm' } : undefined), { matcher: 'rm' });
    const allowed = await registry.dispatch('BeforeTool', { tool: 'ls' });
    expectTypeOf(allowed).toEqualTypeOf<ToyResult>();
    expect(allowed).toMatchObject({ blocked: false, verdict: 'allow', injectContext: 'note: saw ls' });
    expect(allowed.runs).toHaveLength(1);
    const denied = await registry.dispatch('BeforeTool', { tool: 'rm' });
    expect(denied).toMatchObject({ blocked: true, verdict: 'deny', reason: 'no rm' });
    expect(registry.denials()).toBe(1);
    // @ts-expect-error not one of the toy profile's events
    expect(() => registry.register('PreToolUse', () => undefined)).toThrow(/the toy profile's events are BeforeTool, AfterTool/);
    await expect(registry.dispatch('AfterTool', {} as never)).rejects.toThrow(/needs a `tool` string/);
  });

  it('validates its own options, and gets none of another profile’s methods', () => {
    expect(() => new HookRegistry({ profile: toyProfile, notePrefix: 3 as never })).toThrow(/`notePrefix` option to be a string, got 3/);
    const registry = new HookRegistry({ profile: toyProfile }) as unknown as { registerSdkHooks(h: object): void };
    expect(() => registry.registerSdkHooks({})).toThrow(/needs `profile: 'claude'`; this registry's profile is toy/);
  });

  it('loads command hooks from its own config, gated by its own rules, and runs them as real processes', async () => {
    const registry = new HookRegistry({ profile: toyProfile, settings: { enableShellHooks: true }, logger: makeLogger() });
    const report = registry.addConfig({ hooks: { BeforeTool: [{ matcher: 'deploy', hooks: [{ type: 'command', command: `node ${fixture('exit-2.mjs')}` }] }] } }, { source: 'user' });
    expect(report.added).toHaveLength(1);
    const result = await registry.dispatch('BeforeTool', { tool: 'deploy' });
    expect(result).toMatchObject({ blocked: true, verdict: 'deny', reason: 'blocked by exit-2 fixture' });
    expect(result.runs[0]).toMatchObject({ kind: 'command', outcome: 'block' });
    expect(registry.listHooks()).toEqual([expect.objectContaining({ event: 'BeforeTool', kind: 'command', source: 'user', matcher: 'deploy' })]);
    const gated = new HookRegistry({ profile: toyProfile, logger: makeLogger() });
    expect(gated.addConfig({ hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: 'true' }] }] } }, { source: 'user' }).skipped[0]!.gate).toBe('enableShellHooks');
  });

  it('gives a dispatch that runs nothing the profile’s own empty result, frozen and shared', async () => {
    const registry = new HookRegistry({ profile: toyProfile });
    const a = await registry.dispatch('AfterTool', { tool: 'ls', ok: true });
    expect(a).toEqual({ blocked: false, aborted: false, runs: [], verdict: 'allow' });
    expect(await registry.dispatch('AfterTool', { tool: 'cat', ok: true })).toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
  });

  it('hands run() entries of one layout, whatever their kind: every Entry field, in one order, frozen, its configEntry’s `data` kept; refuses a field an entry lacks', async () => {
    const seen: Entry[] = [];
    const recording: Profile<ToyTypes, ToyState> = {
      ...toyProfile,
      run: (host, event, payload, entries, signal) => (seen.push(...entries), toyProfile.run(host, event, payload, entries, signal)),
      configEntry: (host, event, hook, origin) => {
        const made = toyProfile.configEntry(host, event, hook, origin);
        return 'skip' in made ? made : ({ ...made, timeoutMs: 5000, data: { mine: 1 } } as never);
      },
    };
    const registry = new HookRegistry({ profile: recording, settings: { enableShellHooks: true }, logger: makeLogger() });
    registry.register('BeforeTool', () => undefined, { name: 'plain' });
    registry.register('BeforeTool', () => undefined, { name: 'matched', matcher: 'ls' });
    registry.addConfig({ hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: 'true' }] }] } }, { source: 'user' });
    await registry.dispatch('BeforeTool', { tool: 'ls' });
    expect(seen.map((e) => e.kind)).toEqual(['handler', 'handler', 'command']);
    const layouts = new Set(seen.map((e) => Object.keys(e).join()));
    expect(layouts.size).toBe(1);
    expect(Object.keys(seen[0]!)).toEqual(expect.arrayContaining(['kind', 'name', 'matcher', 'invoke', 'timeoutMs', 'once', 'meta', 'data']));
    expect(seen.every((e) => Object.isFrozen(e))).toBe(true);
    expect(seen[2]).toMatchObject({ timeoutMs: 5000, data: { mine: 1 } });
    // A field an entry does not have would be lost: refused, naming it and where the data belongs.
    const stray: Profile<ToyTypes, ToyState> = { ...toyProfile, configEntry: (...args) => ({ ...toyProfile.configEntry(...args), tier: 'gold' }) as never };
    const refusing = new HookRegistry({ profile: stray, settings: { enableShellHooks: true }, logger: makeLogger() });
    expect(() => refusing.addConfig({ hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: 'true' }] }] } }, { source: 'user' })).toThrow(
      /addEntry\('BeforeTool'\).*own data goes in `data`.*unknown option `tier`/,
    );
  });

  it('refuses a method that would replace one of the registry’s own', () => {
    const hostile: Profile<ToyTypes, ToyState> = { ...toyProfile, methods: { dispatch: () => 'mine' } };
    expect(() => new HookRegistry({ profile: hostile })).toThrow(/method `dispatch` would replace the registry's own/);
  });

  it('refuses an object that is not a profile, naming what it lacks', () => {
    expect(() => new HookRegistry({ profile: { name: 'half', events: [] } as never })).toThrow(/lacks view, compileMatcher, checkPayload, run, gate, configEntry, sources/);
  });
});
