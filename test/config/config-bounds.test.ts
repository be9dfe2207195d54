// The shared bounds of a hook config: depth and size walked without recursion, hooks counted per file,
// and warnings of one kind summarised.
import { describe, expect, it } from 'vitest';
import { CONFIG_BOUNDS, checkConfigBounds, configBoundsProblem, configShapeProblem, makeWarningSummary } from '../../src/config/config-bounds.js';
import { HookConfigError } from '../../src/errors.js';

const nested = (depth: number): unknown => {
  let v: unknown = [];
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { v };
  return v;
};

describe('config bounds', () => {
  it('a value nested 100,000 deep (or a cycle) is "too deep", found without recursion', () => {
    expect(configShapeProblem(nested(100_000))).toMatch(/nested more than 64 deep/);
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(configShapeProblem(cycle)).toMatch(/nested more than 64 deep/);
    expect(configShapeProblem(nested(CONFIG_BOUNDS.maxDepth - 1))).toBeUndefined();
  });

  it('counts event names, matcher groups and hooks in the grouped and the flat shape', () => {
    const grouped = { hooks: { PreToolUse: [{ hooks: Array.from({ length: CONFIG_BOUNDS.maxHooks }, () => ({ type: 'command', command: 'x' })) }] } };
    expect(configBoundsProblem(grouped)).toMatch(/more than the 2000 one config file may list/);
    const flat = { version: 1, hooks: Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`e${i}`, [{ bash: 'x' }]])) };
    expect(configBoundsProblem(flat)).toMatch(/2002 event names/);
    // addConfig's own value is held to depth and size only: adding is linear in hooks.
    expect(configShapeProblem(grouped)).toBeUndefined();
  });

  it('checkConfigBounds throws a coded HookConfigError naming the file', () => {
    expect(() => checkConfigBounds(nested(1000), '/repo/x.json', { countHooks: false })).toThrow(HookConfigError);
    try {
      checkConfigBounds(nested(1000), '/repo/x.json', { countHooks: true });
    } catch (error) {
      expect(error).toMatchObject({ code: 'HOOKS_ERR_CONFIG_INVALID', file: '/repo/x.json' });
    }
  });

  it('summarises warnings: the first few, then one line counting the rest', () => {
    const out: string[] = [];
    const summary = makeWarningSummary((m) => out.push(m), (n) => `and ${n} more`);
    for (let i = 0; i < 60_000; i++) summary.warn(`w${i}`);
    summary.flush();
    expect(out).toEqual(['w0', 'w1', 'w2', 'w3', 'w4', 'and 59995 more']);
  });
});
