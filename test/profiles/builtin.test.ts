// The built-in profiles by name: the method table a registry of another profile reads matches each
// profile's own methods, and a harness profile that cannot be loaded is a clear error.
import { describe, expect, it } from 'vitest';
import { BUILTIN_METHODS, BUILTIN_NAMES } from '../../src/profiles/builtin.js';
import { PROFILES } from '../../src/profiles/index.js';

describe('built-in profiles', () => {
  it('lists every profile with exactly its registry methods', () => {
    expect([...BUILTIN_NAMES].sort()).toEqual(Object.keys(PROFILES).sort());
    for (const name of BUILTIN_NAMES) expect([...BUILTIN_METHODS[name]].sort(), name).toEqual(Object.keys(PROFILES[name].methods ?? {}).sort());
  });
});
