// The built-in profiles, which HookRegistry knows by name (src/hook-registry.ts). Adding a profile is its
// folder, one line in PROFILES (and its import), one in PROFILE_LOADERS (./load.ts), and its docs page.
import { claudeProfile } from './claude/profile.js';
import { codexProfile } from './codex/profile.js';
import { geminiProfile } from './gemini/profile.js';
import { copilotProfile } from './copilot/profile.js';
import { cursorProfile } from './cursor/profile.js';
import { defaultProfile } from './default/profile.js';
import type { DEFAULT_PROFILE } from '../profile-catalogue.js';
import type { Profile, ProfileTypes } from './profile.js';

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
export type DefaultProfileName = Extract<keyof typeof PROFILES, typeof DEFAULT_PROFILE>;

/** A built-in profile's name. */
export type ProfileName = keyof BuiltinProfiles;
/** What the `profile` option takes: a built-in profile's name, or a profile object. */
export type ProfileRef = ProfileName | Profile<any, any>;
/** The types of a profile, by name or object. */
export type TypesOf<P> = P extends ProfileName ? BuiltinProfiles[P] : P extends Profile<infer T, any> ? T : ProfileTypes;
