// The built-in profiles by name, without loading them: their names, the registry methods each one adds
// (so a registry of another profile can say which profile a method needs), and a profile's object for its
// name. default and claude load with the package; codex, gemini, copilot and cursor on first use
// (./load-harness.ts), or when their entry is imported (`harness-hooks/profiles/<name>`).
import { HookTypeError } from '../errors.js';
import { claudeProfile } from './claude/profile.js';
import { defaultProfile } from './default/profile.js';
import type { ProfileName } from './index.js';
import { loadHarnessProfile } from './load-harness.js';
import { LOADED, provideProfile } from './loaded.js';
import type { Profile, ProfileMethod } from './profile.js';

provideProfile('default', defaultProfile);
provideProfile('claude', claudeProfile);

/** Each built-in profile's registry methods (test/profiles/builtin.test.ts checks them against the profiles). */
export const BUILTIN_METHODS: Readonly<Record<ProfileName, readonly string[]>> = Object.freeze({
  default: [],
  claude: ['registerSdkHooks', 'loadClaudeSettings', 'takeAsyncResults'],
  codex: ['loadSettings', 'notifyTurnComplete'],
  gemini: ['loadSettings'],
  copilot: ['loadSettings'],
  cursor: ['loadSettings'],
});

export const BUILTIN_NAMES = Object.freeze(Object.keys(BUILTIN_METHODS)) as readonly ProfileName[];

/** The profile of a registry whose options name none. */
export const DEFAULT_PROFILE = 'default' satisfies ProfileName;
export type DefaultProfileName = typeof DEFAULT_PROFILE;

export function isBuiltinName(name: string): name is ProfileName {
  return Object.hasOwn(BUILTIN_METHODS, name);
}

/** A built-in profile by name, loaded now if it was not yet. */
export function builtinProfile(name: ProfileName): Profile<any, any> {
  const profile = LOADED[name];
  if (profile !== undefined) return profile;
  let why: string;
  try {
    loadHarnessProfile(name);
    const now = LOADED[name];
    if (now !== undefined) return now;
    why = 'its entry did not register it';
  } catch (error) {
    why = error instanceof Error ? (error.message.split('\n')[0] ?? error.name) : String(error);
  }
  throw new HookTypeError(
    'HOOKS_ERR_PROFILE_LOAD',
    `the ${name} profile could not be loaded (${why}). It loads on first use, with require() of an ES module (Node ≥ 20.19 or ≥ 22.12); an app bundled without dist/profiles/${name}.js, or an older Node, imports it once instead: import 'harness-hooks/profiles/${name}'`,
  );
}

// The methods a registry of `profile` gets: its own, and for a method only another built-in profile has,
// one that says which profile it needs (a JavaScript caller gets a clear error, not "not a function").
export function methodsFor(profile: Profile<any, any>): Readonly<Record<string, ProfileMethod<any>>> {
  const methods: Record<string, ProfileMethod<any>> = {};
  for (const name of BUILTIN_NAMES) {
    if (LOADED[name] === profile) continue;
    for (const method of BUILTIN_METHODS[name]) methods[method] = needs(method, name);
  }
  return Object.assign(methods, profile.methods);
}

function needs(method: string, profile: string): ProfileMethod {
  return (registry) => {
    throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `${method}() needs \`profile: '${profile}'\`; this registry's profile is ${registry.profile}`);
  };
}
