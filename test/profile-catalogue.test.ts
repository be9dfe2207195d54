// A registry knows the profiles of its catalogue by name: HookRegistry the built-in six, the bridge's
// registry the two of its call.
import { describe, expect, it } from 'vitest';
import { HookRegistry } from '../src/hook-registry.js';
import { Registry } from '../src/registry.js';
import { PROFILES } from '../src/profiles/index.js';
import { methodsFor, resolveProfile } from '../src/profile-catalogue.js';

describe('a catalogue of profiles', () => {
  const two = { claude: PROFILES.claude, gemini: PROFILES.gemini };

  it('resolves a name of the catalogue, the default profile when none is named, and a profile object', () => {
    expect(resolveProfile('gemini', two)).toBe(PROFILES.gemini);
    expect(resolveProfile(undefined, PROFILES)).toBe(PROFILES.default);
    expect(resolveProfile(PROFILES.cursor, two)).toBe(PROFILES.cursor);
  });

  it('refuses a name outside it, listing the names it has', () => {
    expect(() => resolveProfile('codex', two)).toThrow(/Expected the `profile` option to be 'claude', 'gemini' or a profile object, got "codex"/);
    expect(() => resolveProfile(undefined, two)).toThrow(/'claude', 'gemini' or a profile object, got undefined/);
  });

  it('gives a registry the methods of its profile, and for another profile’s method, the error naming it', () => {
    const methods = methodsFor(PROFILES.gemini, two);
    expect(methods.loadSettings).toBe(PROFILES.gemini.methods!.loadSettings);
    expect(() => (methods.registerSdkHooks as (r: unknown) => void)({ profile: 'gemini' })).toThrow(/registerSdkHooks\(\) needs `profile: 'claude'`/);
    // A profile outside the catalogue is not named.
    expect(methodsFor(PROFILES.gemini, { gemini: PROFILES.gemini }).registerSdkHooks).toBeUndefined();
  });

  it('makes a registry whose dialects are the catalogue’s: a dialect outside it is an unknown one', () => {
    const options = { profile: 'claude', settings: { enableShellHooks: true } };
    const registry = new Registry({ ...options, dialects: { gemini: {} } } as never, two);
    expect(registry.profile).toBe('claude');
    expect(() => new Registry({ ...options, dialects: { codex: {} } } as never, two)).toThrow(/unknown dialect "codex" \(string\); the dialects are claude, gemini/);
  });

  it('is the built-in one for HookRegistry, which is a Registry named HookRegistry', () => {
    const registry = new HookRegistry({ profile: 'codex', dialects: { cursor: {} } });
    expect(registry).toBeInstanceOf(Registry);
    expect(registry).toBeInstanceOf(HookRegistry);
    expect(HookRegistry.name).toBe('HookRegistry');
    // Its dialects are of its kind too.
    expect(registry.dialect('cursor')).toBeInstanceOf(HookRegistry);
    const plain = new Registry({ profile: 'claude', settings: { enableShellHooks: true }, dialects: { gemini: {} } } as never, two);
    expect(plain.dialect('gemini')).toBeInstanceOf(Registry);
    expect(plain.dialect('gemini')).not.toBeInstanceOf(HookRegistry);
  });
});
