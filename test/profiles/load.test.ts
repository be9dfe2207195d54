// PROFILE_LOADERS: each built-in profile by a dynamic import of its own, the same objects as PROFILES.
import { describe, expect, it } from 'vitest';
import { PROFILES } from '../../src/profiles/index.js';
import { PROFILE_LOADERS, PROFILE_NAMES } from '../../src/profiles/load.js';

describe('PROFILE_LOADERS', () => {
  it('lists the built-in profiles as PROFILES does, in its order', () => {
    expect(PROFILE_NAMES).toEqual(Object.keys(PROFILES));
    expect(Object.keys(PROFILE_LOADERS)).toEqual(Object.keys(PROFILES));
  });

  it('loads each as the very object PROFILES holds', async () => {
    for (const name of PROFILE_NAMES) expect(await PROFILE_LOADERS[name](), name).toBe(PROFILES[name]);
  });
});
