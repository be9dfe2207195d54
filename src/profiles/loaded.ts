// The built-in profiles loaded so far, by name: default and claude with the package, each harness profile
// when its entry (src/profiles/<name>/entry.ts) is imported or first named (./load-harness.ts). A leaf
// module, so an entry can register itself without an import cycle.
import type { Profile } from './profile.js';

export const LOADED: Record<string, Profile<any, any> | undefined> = Object.create(null) as Record<string, Profile<any, any> | undefined>;

export function provideProfile(name: string, profile: Profile<any, any>): void {
  LOADED[name] = profile;
}
