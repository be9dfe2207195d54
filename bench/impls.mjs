// The implementations the in-process bench compares: the hand-written baseline, ours (one per profile) and
// four peer libraries, each used the way its README shows for "call these hooks in series".
//
// Every implementation has `build(spec)`, where spec is
//   { kind: 'async' | 'sync', handlers: fn[], keys?: string[], target?: string }
// - `handlers` are registered in order; `keys[i]` is handler i's tool (our matcher, a peer's hook name),
//   absent = the payload's tool (ours: 'bash' / 'Bash'; peers: the single 'PreToolUse' hook);
// - `target` is the tool dispatched, absent = the payload's tool / 'PreToolUse'.
// build() returns { loop(n): n dispatches awaited one by one, once(): one dispatch }. Each loop is its own
// function literal (ours share one builder: every implementation runs in a process of its own).
import Hook from 'before-after-hook';
import Emittery from 'emittery';
import { Hookable } from 'hookable';
import { AsyncSeriesBailHook, HookMap } from 'tapable';
import { HookRegistry } from '../dist/index.js';

const quiet = { warn() {} };
const PAYLOAD = { toolName: 'bash', input: { command: 'ls' } };

// The baseline: the simplest code a user would write by hand, no copies. Printed by the bench as is.
async function plainLoop(fns, payload) { for (const f of fns) { const r = await f(payload); if (r) return r; } }
export const PLAIN_LOOP_SOURCE = plainLoop.toString();

export const plain = {
  name: 'plain loop',
  // Only the handlers that would match are in the hand-written list.
  build({ handlers, keys, target }) {
    const fns = keys ? handlers.filter((_, i) => keys[i] === target) : handlers;
    if (fns.length === 0) {
      // No handlers: an empty async call.
      const empty = async () => undefined;
      return {
        once: () => empty(PAYLOAD),
        loop: async (n) => {
          for (let i = 0; i < n; i++) await empty(PAYLOAD);
        },
      };
    }
    return {
      once: () => plainLoop(fns, PAYLOAD),
      loop: async (n) => {
        for (let i = 0; i < n; i++) await plainLoop(fns, PAYLOAD);
      },
    };
  },
};

// Ours, one per profile: registry.register(event, fn, { matcher }) per handler + await
// registry.dispatch(event, payload), with that harness's own tool event, tool name and payload. (One
// builder for all: each implementation runs in a process of its own, so no call site is shared.)
function oursFor(name, { profile, event, tool, payload, matcher = (key) => key }) {
  return {
    name,
    ours: true,
    build({ handlers, keys, target }) {
      const registry = new HookRegistry({ ...(profile === undefined ? {} : { profile }), logger: quiet });
      handlers.forEach((fn, i) => registry.register(event, fn, { matcher: keys?.[i] === undefined ? tool : matcher(keys[i]) }));
      const input = payload(target ?? tool);
      return {
        once: () => registry.dispatch(event, input),
        loop: async (n) => {
          for (let i = 0; i < n; i++) await registry.dispatch(event, input);
        },
        runs: (result) => result.runs.length,
      };
    },
  };
}

// Each profile's required fields (src/profiles/<name>/events.ts), and the turn's common ones a harness passes.
export const ours = oursFor('default', { event: 'PreToolUse', tool: 'bash', payload: (t) => ({ toolName: t, input: { command: 'ls' } }) });
export const oursClaude = oursFor('claude', { profile: 'claude', event: 'PreToolUse', tool: 'Bash', payload: (t) => ({ tool_name: t, tool_input: { command: 'ls' }, tool_use_id: 't1' }) });
export const oursCodex = oursFor('codex', {
  profile: 'codex',
  event: 'PreToolUse',
  tool: 'Bash',
  payload: (t) => ({ tool_name: t, tool_input: { command: 'ls' }, tool_use_id: 't1', turn_id: 'turn1', model: 'gpt-5', permission_mode: 'default' }),
});
// Gemini's and Cursor's tool matchers are unanchored regexes (`tool5` would match `tool500`): the keys are anchored.
export const oursGemini = oursFor('gemini', { profile: 'gemini', event: 'BeforeTool', tool: 'run_shell_command', payload: (t) => ({ tool_name: t, tool_input: { command: 'ls' } }), matcher: (k) => `^${k}$` });
// Copilot's flat matchers are full-match regexes.
export const oursCopilot = oursFor('copilot', { profile: 'copilot', event: 'preToolUse', tool: 'bash', payload: (t) => ({ toolName: t, toolArgs: { command: 'ls' } }) });
export const oursCursor = oursFor('cursor', { profile: 'cursor', event: 'preToolUse', tool: 'Shell', payload: (t) => ({ tool_name: t, tool_input: { command: 'ls' } }), matcher: (k) => `^${k}$` });

// hookable: hooks.hook(name, fn) per handler + await hooks.callHook(name, payload). callHook runs the
// handlers in series; it has no way for one to stop the rest or return a value.
export const hookable = {
  name: 'hookable',
  build({ handlers, keys, target }) {
    const hooks = new Hookable();
    handlers.forEach((fn, i) => hooks.hook(keys?.[i] ?? 'PreToolUse', fn));
    const name = target ?? 'PreToolUse';
    return {
      once: () => hooks.callHook(name, PAYLOAD),
      loop: async (n) => {
        for (let i = 0; i < n; i++) await hooks.callHook(name, PAYLOAD);
      },
    };
  },
};

// before-after-hook: const hook = new Hook.Collection(); hook.before(name, fn) per handler; then
// await hook(name, method, payload), where `method` is the hooked operation (here a no-op). Its before
// hooks run in series (the last registered first); one can stop the rest only by throwing.
export const beforeAfterHook = {
  name: 'before-after-hook',
  build({ handlers, keys, target }) {
    const hook = new Hook.Collection();
    handlers.forEach((fn, i) => hook.before(keys?.[i] ?? 'PreToolUse', fn));
    const name = target ?? 'PreToolUse';
    const method = () => undefined;
    return {
      once: () => hook(name, method, PAYLOAD),
      loop: async (n) => {
        for (let i = 0; i < n; i++) await hook(name, method, PAYLOAD);
      },
    };
  },
};

// emittery: emitter.on(name, fn) per handler + await emitter.emitSerial(name, payload). Listeners run in
// series and receive the payload; none can stop the rest or return a value. emittery 1.2.1: the 2.x line
// declares engines node >= 22 (npm ci warns EBADENGINE on the Node 20 this package supports).
export const emittery = {
  name: 'emittery',
  build({ handlers, keys, target }) {
    const emitter = new Emittery();
    handlers.forEach((fn, i) => emitter.on(keys?.[i] ?? 'PreToolUse', fn));
    const name = target ?? 'PreToolUse';
    return {
      once: () => emitter.emitSerial(name, PAYLOAD),
      loop: async (n) => {
        for (let i = 0; i < n; i++) await emitter.emitSerial(name, PAYLOAD);
      },
    };
  },
};

// tapable: new AsyncSeriesBailHook(['payload']); hook.tapPromise(name, fn) for async handlers, hook.tap for
// sync ones; await hook.promise(payload) (the first non-undefined result stops the rest). With per-tool
// keys: new HookMap(() => new AsyncSeriesBailHook(['payload'])), map.for(key).tap…, and per dispatch
// map.get(target)?.promise(payload), as its README shows for keyed hooks.
export const tapable = {
  name: 'tapable',
  build({ kind, handlers, keys, target }) {
    const tap = (hook, fn, i) => (kind === 'async' ? hook.tapPromise(`h${i}`, fn) : hook.tap(`h${i}`, fn));
    if (keys) {
      const map = new HookMap(() => new AsyncSeriesBailHook(['payload']));
      handlers.forEach((fn, i) => tap(map.for(keys[i]), fn, i));
      const call = () => map.get(target)?.promise(PAYLOAD);
      return {
        once: call,
        loop: async (n) => {
          for (let i = 0; i < n; i++) await map.get(target)?.promise(PAYLOAD);
        },
      };
    }
    const hook = new AsyncSeriesBailHook(['payload']);
    handlers.forEach((fn, i) => tap(hook, fn, i));
    return {
      once: () => hook.promise(PAYLOAD),
      loop: async (n) => {
        for (let i = 0; i < n; i++) await hook.promise(PAYLOAD);
      },
    };
  },
};

export const PEERS = [hookable, beforeAfterHook, emittery, tapable];
export const IMPLS = [plain, ours, oursClaude, oursCodex, oursGemini, oursCopilot, oursCursor, ...PEERS];

// The scenarios with handlers (5 = no handlers; 7, allocation, uses 'async5').
export const SCENARIOS = {
  async5: { kind: 'async', count: 5 },
  sync5: { kind: 'sync', count: 5 },
  async1: { kind: 'async', count: 1 },
  async20: { kind: 'async', count: 20 },
  none: { kind: 'async', count: 0 },
  // 1,000 registered with keys tool_0…tool_999, tool_500 dispatched; `one` is the same with only tool_500.
  many: { kind: 'async', count: 1000, keys: (i) => `tool_${i}`, target: 'tool_500' },
  one: { kind: 'async', count: 1, keys: () => 'tool_500', target: 'tool_500' },
};

// The spec for a scenario, with `make(i)` creating handler i.
export function specOf(scenario, make) {
  const s = SCENARIOS[scenario];
  const handlers = Array.from({ length: s.count }, (_, i) => make(i));
  return { kind: s.kind, handlers, keys: s.keys ? handlers.map((_, i) => s.keys(i)) : undefined, target: s.target };
}

// The handlers that are timed.
export const timedSpec = (scenario) => specOf(scenario, () => (SCENARIOS[scenario].kind === 'async' ? async () => undefined : () => undefined));

// Sanity check before timing: builds the implementation with handlers that record their index, dispatches
// once and throws unless exactly the expected handlers ran (all of them, or only tool_500's); for ours it
// also checks the timed instance's result lists that many runs.
export async function checkImpl(impl, scenario, timed) {
  const hits = [];
  const kind = SCENARIOS[scenario].kind;
  const spec = specOf(scenario, (i) => (kind === 'async' ? async () => void hits.push(i) : () => void hits.push(i)));
  await impl.build(spec).once();
  const expected = spec.keys ? spec.keys.flatMap((k, i) => (k === spec.target ? [i] : [])) : spec.handlers.map((_, i) => i);
  const got = [...hits].sort((a, b) => a - b);
  if (got.join() !== expected.join()) {
    throw new Error(`${impl.name}, ${scenario}: expected handlers [${expected}] to run once each, ran [${got}]`);
  }
  if (timed.runs) {
    const n = timed.runs(await timed.once());
    if (n !== expected.length) throw new Error(`${impl.name}, ${scenario}: the timed dispatch reported ${n} runs, expected ${expected.length}`);
  }
}
