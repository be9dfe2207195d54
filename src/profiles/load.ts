// Each built-in profile on its own, by a dynamic import: a process that needs one or two of them (the
// bridge: its host's and its hook's) loads those, and not the other profiles' code. The same objects as
// PROFILES (./index.ts), which lists them; test/profiles/load.test.ts checks the two agree.
import type { PROFILES, ProfileName } from './index.js';

export const PROFILE_LOADERS: { readonly [K in ProfileName]: () => Promise<(typeof PROFILES)[K]> } = Object.freeze({
  default: async () => (await import('./default/profile.js')).defaultProfile,
  claude: async () => (await import('./claude/profile.js')).claudeProfile,
  codex: async () => (await import('./codex/profile.js')).codexProfile,
  gemini: async () => (await import('./gemini/profile.js')).geminiProfile,
  copilot: async () => (await import('./copilot/profile.js')).copilotProfile,
  cursor: async () => (await import('./cursor/profile.js')).cursorProfile,
});

/** The built-in profiles' names, without loading any. */
export const PROFILE_NAMES = Object.keys(PROFILE_LOADERS) as ProfileName[];
