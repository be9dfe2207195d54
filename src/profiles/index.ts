// The built-in profiles: the only place that lists them. Adding a profile is its folder, one line in
// PROFILES (and its import), and the README.
import { claudeProfile } from './claude/profile.js';
import { codexProfile } from './codex/profile.js';
import { geminiProfile } from './gemini/profile.js';
import { copilotProfile } from './copilot/profile.js';
import { cursorProfile } from './cursor/profile.js';
import { defaultProfile } from './default/profile.js';
import { HookTypeError } from '../errors.js';
import type { Profile, ProfileMethod, ProfileTypes } from './profile.js';

export const PROFILES = Object.freeze({
  default: defaultProfile,
  claude: claudeProfile,
  codex: codexProfile,
  gemini: geminiProfile,
  copilot: copilotProfile,
  cursor: cursorProfile,
} satisfies Record<string, Profile<any, any>>);

/** The built-in profiles' types, by name (read from PROFILES). */
export type BuiltinProfiles = { [K in keyof typeof PROFILES]: (typeof PROFILES)[K] extends Profile<infer T, any> ? T : never };

/** The profile of a registry whose options name none. */
export const DEFAULT_PROFILE = 'default' satisfies keyof typeof PROFILES;
export type DefaultProfileName = typeof DEFAULT_PROFILE;

/** A built-in profile's name. */
export type ProfileName = keyof BuiltinProfiles;
/** What the `profile` option takes: a built-in profile's name, or a profile object. */
export type ProfileRef = ProfileName | Profile<any, any>;
/** The types of a profile, by name or object. */
export type TypesOf<P> = P extends ProfileName ? BuiltinProfiles[P] : P extends Profile<infer T, any> ? T : ProfileTypes;

// The methods a registry of `profile` gets: its own, and for a method only another built-in profile has,
// one that says which profile it needs (a JavaScript caller gets a clear error, not "not a function").
export function methodsFor(profile: Profile<any, any>): Readonly<Record<string, ProfileMethod<any>>> {
  const owners = new Map<string, string[]>();
  for (const [name, other] of Object.entries(PROFILES) as [string, Profile<any, any>][]) {
    if (other === profile) continue;
    for (const method of Object.keys(other.methods ?? {})) owners.set(method, [...(owners.get(method) ?? []), name]);
  }
  const methods: Record<string, ProfileMethod<any>> = {};
  for (const [method, names] of owners) methods[method] = needs(method, names);
  return Object.assign(methods, profile.methods);
}

// The error of a method this registry's profile lacks, naming every built-in profile that has it.
function needs(method: string, profiles: readonly string[]): ProfileMethod {
  const which = profiles.map((name) => `'${name}'`);
  const one = which.length === 1 ? which[0] : `${which.slice(0, -1).join(', ')} or ${which[which.length - 1]}`;
  return (registry) => {
    throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `${method}() needs \`profile: ${one}\`; this registry's profile is ${registry.profile}`);
  };
}
