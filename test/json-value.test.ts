// Hook output that becomes part of a result is a safe copy: no prototype keys, no cycles, bounded depth.
import { describe, expect, it } from 'vitest';
import { HookRegistry } from '../src/index.js';
import { copyJsonValue, MAX_DEPTH } from '../src/json-value.js';
import { makeLogger } from './helpers/logger.js';

const deep = (n: number): Record<string, unknown> => {
  const root: Record<string, unknown> = {};
  let v = root;
  for (let i = 0; i < n; i++) v = (v.a = {}) as Record<string, unknown>;
  return root;
};

describe('copyJsonValue', () => {
  it('drops own __proto__ / constructor / prototype keys, and refuses cycles and deep values', () => {
    const parsed = JSON.parse('{"command":"ls","__proto__":{"polluted":true},"nested":{"constructor":1,"ok":2}}') as Record<string, unknown>;
    const copy = copyJsonValue(parsed) as Record<string, unknown>;
    expect(Object.keys(copy)).toEqual(['command', 'nested']);
    expect(copy.nested).toEqual({ ok: 2 });
    expect(Object.assign({}, copy)).not.toHaveProperty('polluted');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => copyJsonValue(cyclic)).toThrow(/contains itself/);
    expect(() => copyJsonValue(deep(MAX_DEPTH + 1))).toThrow(/deeper than 64/);
    expect(copyJsonValue(deep(10))).toEqual(deep(10));
  });
});

describe('rewrites reaching a result', () => {
  it('a command’s updatedInput with an own __proto__ key cannot set the prototype of what a harness merges it into', async () => {
    const registry = new HookRegistry({ settings: { enableShellHooks: true }, logger: makeLogger() });
    const out = JSON.stringify('{"hookSpecificOutput":{"updatedInput":{"command":"ls","__proto__":{"isAdmin":true}}}}');
    registry.addConfig({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: `printf %s ${out}` }] }] } }, { source: 'user' });
    const result = await registry.dispatch('PreToolUse', { toolName: 'bash' });
    const merged = Object.assign({}, result.updatedInput);
    expect(result.updatedInput).toEqual({ command: 'ls' });
    expect((merged as { isAdmin?: boolean }).isAdmin).toBeUndefined();
  });

  it('the claude profile keeps only a plain-object updatedInput, and drops one too deep to serialize', async () => {
    const registry = new HookRegistry({ profile: 'claude', logger: makeLogger() });
    let answer: unknown = 'not an object';
    registry.register('PreToolUse', () => ({ hookSpecificOutput: { hookEventName: 'PreToolUse' as const, updatedInput: answer as Record<string, unknown> } }));
    const payload = { tool_name: 'Bash', tool_input: {}, tool_use_id: 't' };
    const first = await registry.dispatch('PreToolUse', payload);
    expect(first.updatedInput).toBeUndefined();
    expect(first.hookSpecificOutput).toBeUndefined();
    answer = deep(25_000);
    const second = await registry.dispatch('PreToolUse', payload);
    expect(second.updatedInput).toBeUndefined();
    expect(() => JSON.stringify(second)).not.toThrow();
  });
});
