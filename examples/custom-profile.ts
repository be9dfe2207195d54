// A profile written outside the package, from its public exports only: a harness with two events whose
// handlers return `{ deny?: string }`, run one at a time by the shared sequential run. The README's
// "Writing a profile" shows this file. Run it with `npm run example:profile`.
import { DispatchRun, HookRegistry, type DispatchResult, type EventView, type HookContext, type Profile, type ProfileTypes, type SequentialRules } from '../src/index.js';

type Event = 'BeforeTool' | 'AfterTool';
interface Payloads {
  BeforeTool: { tool: string };
  AfterTool: { tool: string; ok: boolean };
}
type Handler<E extends Event> = (input: Payloads[E] & { event: E }, context: HookContext) => { deny?: string } | void | Promise<{ deny?: string } | void>;

interface MiniTypes extends ProfileTypes {
  events: Event;
  payloads: Payloads;
  handlers: { [E in Event]: Handler<E> };
  result: DispatchResult;
  options: {};
  methods: { denials(): number };
}

// Made once per event: how a handler's value becomes a decision, and how decisions merge.
const rules = (event: string, state: { denials: number }): SequentialRules<undefined> => ({
  name: event,
  decide: (value) => {
    const deny = (value as { deny?: unknown }).deny;
    return typeof deny === 'string' ? { decision: 'block', reason: deny } : undefined;
  },
  blocks: (d) => d.decision === 'block',
  accumulate: () => undefined,
  blocked: (d, runs) => (state.denials++, { blocked: true, aborted: false, runs, reason: d.reason }),
  merged: (_state, runs) => ({ blocked: false, aborted: false, runs }),
});

const views = new Map<string, EventView>(
  (['BeforeTool', 'AfterTool'] as const).map((name) => [name, { name, matchField: 'tool', matchBasename: false, background: false }]),
);

export const miniProfile: Profile<MiniTypes, { denials: number }> = {
  name: 'mini',
  events: ['BeforeTool', 'AfterTool'],
  view: (event) => views.get(event),
  init: () => ({ denials: 0 }),
  compileMatcher: (matcher) => (matcher === undefined ? null : (tool) => tool === matcher),
  checkPayload: (view, payload) => {
    if (typeof (payload as { tool?: unknown } | null)?.tool !== 'string') throw new TypeError(`dispatch('${view.name}'): the payload needs a \`tool\` string`);
  },
  run: (host, view, payload, entries, signal) =>
    new DispatchRun(rules(view.name, host.state), { ...(payload as object), event: view.name }, entries, signal, { entryMs: host.deadlines.handlerMs, ceilingMs: Infinity, observers: host.observers, exactTiming: host.exactTiming }, host.logger).start(),
  sources: ['user'],
  gate: (_source, settings) => (settings.enableShellHooks ? undefined : 'enableShellHooks'),
  configEntry: () => ({ skip: 'this harness has no command hooks' }),
  methods: { denials: (_registry, host) => host.state.denials },
};

const registry = new HookRegistry({ profile: miniProfile });
registry.register('BeforeTool', ({ tool }) => (tool === 'rm' ? { deny: 'no rm here' } : undefined));
const result = await registry.dispatch('BeforeTool', { tool: 'rm' });
console.log(result.blocked, result.reason, registry.denials()); // true 'no rm here' 1
