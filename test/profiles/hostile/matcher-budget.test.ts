// Issue 23, class 4: a matcher's work is bounded, not its shape. Patterns that pass any shape test still
// backtracked for seconds on the native RegExp (`.{0,16}` eight times then `Z` on 60 characters: 20 s;
// `.*.*.*Z` on 256: 1 s). Every profile now runs its matchers on the shared bounded engine: such a pattern
// answers as written at once, a test that cannot finish within its budget runs the hooks (fail safe) with
// one warning naming the pattern, and the value is tested whole (no cap that a long value slips past).
import { describe, expect, it } from 'vitest';
import { loopBlockedDuring as watchLoop } from '../../helpers/loop-delay.js';
import { HookRegistry, PROFILE_NAMES_FOR_TESTS, type Dialect } from '../contract-dialects.js';

// Per profile: the event whose matcher tests a value the model controls, the payload carrying that value,
// and whether its config groups hooks under a matcher (else the matcher is a field of the hook).
interface Target {
  event: string;
  payload(value: string): Record<string, unknown>;
  grouped: boolean;
}
const TARGETS: Record<string, Target> = {
  default: { event: 'PreToolUse', payload: (v) => ({ toolName: v, input: { command: 'ls' } }), grouped: true },
  claude: { event: 'PreToolUse', payload: (v) => ({ tool_name: v, tool_input: { command: 'ls' }, tool_use_id: 'call_1' }), grouped: true },
  codex: { event: 'PreToolUse', payload: (v) => ({ tool_name: v, tool_input: { command: 'ls' }, tool_use_id: 'call_1', turn_id: 't1', model: 'm', permission_mode: 'default' }), grouped: true },
  gemini: { event: 'BeforeTool', payload: (v) => ({ tool_name: v, tool_input: { command: 'ls' } }), grouped: true },
  copilot: { event: 'preToolUse', payload: (v) => ({ toolName: v, toolArgs: { command: 'ls' } }), grouped: false },
  // Cursor's shell matcher tests the whole command, which is long as a matter of course.
  cursor: { event: 'beforeShellExecution', payload: (v) => ({ command: v }), grouped: false },
};

/** `.{0,16}` eight times then `Z`: no nested quantifier, no unbounded repeat, and 20 s on 60 characters natively. */
const COUNTED = `${'.{0,16}'.repeat(8)}Z`;
/** Three unbounded repeats in a row: 1 s on 256 characters natively. */
const STARS = '.*.*.*Z';
/** Keeps about 300 threads alive at every character, anchored or not: 20,000 characters are past the budget. */
const PAST_BUDGET = `.*${COUNTED}`;

interface Registry {
  addConfig(config: unknown, options: { source: string }): unknown;
  dispatch(event: string, payload: unknown): Promise<Record<string, any>>;
  close(): Promise<void>;
}


// Runs `body` and returns the longest the event loop was blocked meanwhile, in milliseconds (the shared
// helper lets the histogram's timer fire before and after: a dispatch whose matcher rejects resolves
// without a macrotask).
const loopBlockedDuring = async (body: () => Promise<void>): Promise<number> => (await watchLoop(body)).blockedMs;

describe.each(PROFILE_NAMES_FOR_TESTS)('matcher budget: %s profile', (name, d: Dialect) => {
  const target = TARGETS[name];
  if (target === undefined) throw new Error(`matcher-budget.test.ts has no matcher target for the ${name} profile: add one`);
  const open = (matcher: string, warnings: string[] = []): Registry => {
    const r = new HookRegistry({
      profile: d.name,
      settings: { enableShellHooks: true, allowProjectHooks: true, enablePluginHooks: true },
      session: { sessionId: 's1', cwd: process.cwd() },
      logger: { warn: (m: string) => void warnings.push(m) },
      ...d.options,
    } as never) as unknown as Registry;
    const hook = d.commandHook('true');
    const config = target.grouped ? { hooks: { [target.event]: [{ matcher, hooks: [hook] }] } } : d.config(target.event, [{ ...hook, matcher }]);
    r.addConfig(config, { source: d.userSource });
    return r;
  };

  it.each([
    [COUNTED, 60],
    [STARS, 256],
  ])('%s on %i characters answers as written, without blocking the event loop', async (matcher, length) => {
    const r = open(matcher);
    let runs: unknown[] = ['not dispatched'];
    const blocked = await loopBlockedDuring(async () => {
      runs = (await r.dispatch(target.event, target.payload('a'.repeat(length)))).runs;
    });
    expect(blocked).toBeLessThan(500);
    // (No `Z` in the value: the pattern does not match, and its hook does not run.)
    expect(runs).toEqual([]);
    expect((await r.dispatch(target.event, target.payload(`${'a'.repeat(length)}Z`))).runs).toHaveLength(1);
    await r.close();
  });

  it('a test that cannot finish within its budget runs the hook (fail safe), with one warning naming the pattern', async () => {
    const warnings: string[] = [];
    const r = open(PAST_BUDGET, warnings);
    const results: Record<string, any>[] = [];
    const blocked = await loopBlockedDuring(async () => {
      for (let i = 0; i < 2; i++) results.push(await r.dispatch(target.event, target.payload('a'.repeat(20_000))));
    });
    expect(blocked).toBeLessThan(500);
    for (const result of results) {
      expect(result.runs).toHaveLength(1);
      expect(result.runs[0]).toMatchObject({ kind: 'command', outcome: 'ok' });
    }
    const named = warnings.filter((w) => w.includes(JSON.stringify(PAST_BUDGET)));
    // Once per pattern, not per dispatch.
    expect(named).toHaveLength(1);
    expect(named[0]).toMatch(/budget[\s\S]*hooks run/);
    await r.close();
  });

  it('a matcher sees the whole value: a `Z` past character 256 still matches', async () => {
    const r = open('.*Z');
    expect((await r.dispatch(target.event, target.payload(`${'a'.repeat(300)}Z`))).runs).toHaveLength(1);
    expect((await r.dispatch(target.event, target.payload(`${'a'.repeat(300)}Y`))).runs).toEqual([]);
    await r.close();
  });
});

describe('claude profile: an `if` file rule is a matcher too', () => {
  it('its glob runs on the bounded engine: `Edit(**/a*a*a*a*a*a*a*b)` on a 60-character path answers at once', async () => {
    const r = new HookRegistry({ profile: 'claude', settings: { enableShellHooks: true }, session: { sessionId: 's1', cwd: process.cwd() }, logger: { warn: () => {} } } as never) as unknown as Registry;
    r.addConfig({ hooks: { PreToolUse: [{ matcher: 'Edit', hooks: [{ type: 'command', command: 'true', if: 'Edit(**/a*a*a*a*a*a*a*b)' }] }] } }, { source: 'user' });
    const edit = (file_path: string) => r.dispatch('PreToolUse', { tool_name: 'Edit', tool_input: { file_path }, tool_use_id: 'call_1' });
    let runs: unknown[] = ['not dispatched'];
    const blocked = await loopBlockedDuring(async () => {
      runs = (await edit(`x/${'a'.repeat(60)}`)).runs;
    });
    expect(blocked).toBeLessThan(500);
    expect(runs).toEqual([]);
    expect((await edit('x/aaaaaaab')).runs).toHaveLength(1);
    expect((await edit('aaaaaaab')).runs).toHaveLength(1);
    await r.close();
  });
});
