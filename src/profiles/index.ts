// The built-in profiles, all imported (the CLI, and the types; a registry gets one by name through
// ./builtin.ts, which loads the harness profiles on first use). Adding a profile is its folder, one line
// here (and its import), one in BUILTIN_METHODS (./builtin.ts), and the README; a harness profile also an
// entry.ts, a line in load-harness.ts and in tsup.config.ts's HARNESS_PROFILES.
import { claudeProfile } from './claude/profile.js';
import { codexProfile } from './codex/entry.js';
import { geminiProfile } from './gemini/entry.js';
import { copilotProfile } from './copilot/entry.js';
import { cursorProfile } from './cursor/entry.js';
import { defaultProfile } from './default/profile.js';
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

/** A built-in profile's name. */
export type ProfileName = keyof BuiltinProfiles;
/** What the `profile` option takes: a built-in profile's name, or a profile object. */
export type ProfileRef = ProfileName | Profile<any, any>;
/** The types of a profile, by name or object. */
export type TypesOf<P> = P extends ProfileName ? BuiltinProfiles[P] : P extends Profile<infer T, any> ? T : ProfileTypes;

