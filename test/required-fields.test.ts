// compileRequiredCheck: the test of an event's required fields, compiled on its first call.
import { afterEach, describe, expect, it } from 'vitest';
import { compileRequiredCheck } from '../src/required-fields.js';

const realFunction = globalThis.Function;
afterEach(() => {
  globalThis.Function = realFunction;
});

// Counts `new Function(...)`, or refuses it as a runtime that disallows code generation does.
function watchFunction(refuse = false): { compiled: number } {
  const seen = { compiled: 0 };
  globalThis.Function = new Proxy(realFunction, {
    construct(target, args) {
      seen.compiled++;
      if (refuse) throw new EvalError('Code generation from strings disallowed for this context');
      return Reflect.construct(target, args);
    },
  });
  return seen;
}

describe('compileRequiredCheck', () => {
  it('tests that every field is present (undefined counts as missing)', () => {
    const check = compileRequiredCheck(['tool_name', 'tool_input']);
    expect(check({ tool_name: 'Bash', tool_input: {} })).toBe(true);
    expect(check({ tool_name: 'Bash' })).toBe(false);
    expect(check({ tool_name: 'Bash', tool_input: undefined })).toBe(false);
    expect(check({ tool_name: null, tool_input: 0 })).toBe(true);
    expect(compileRequiredCheck([])({})).toBe(true);
  });

  it('compiles on the first call, once: making one per event compiles none', () => {
    const seen = watchFunction();
    const checks = Array.from({ length: 30 }, (_, i) => compileRequiredCheck([`f${i}`, 'g']));
    expect(seen.compiled).toBe(0);
    expect(checks[3]!({ f3: 1, g: 2 })).toBe(true);
    expect(checks[3]!({ f3: 1 })).toBe(false);
    expect(seen.compiled).toBe(1);
  });

  it('is the same test as a loop where code generation from strings is disallowed', () => {
    const seen = watchFunction(true);
    const check = compileRequiredCheck(['a', 'b']);
    expect(check({ a: 1, b: 2 })).toBe(true);
    expect(check({ a: 1 })).toBe(false);
    expect(seen.compiled).toBe(1);
  });
});
