// The profiles a registry knows by name: what its `profile` option and its `dialects` option's keys name,
// and the methods of the ones it is not (a registry calling another profile's method gets an error that
// names the profiles having it). `HookRegistry` knows the built-in six (src/hook-registry.ts); the bridge
// makes its registry with the two profiles one bridged call needs, so that no other profile's code runs
// (src/profiles/load.ts).
import { describeValue, HookTypeError } from './errors.js';
import type { Profile, ProfileMethod } from './profiles/profile.js';

/** Profiles by name. */
export type ProfileCatalogue = Readonly<Record<string, Profile<any, any>>>;

/** The profile of a registry whose options name none. */
export const DEFAULT_PROFILE = 'default';

// The `profile` option as a profile object: one of the catalogue's by name, or one written outside the package.
export function resolveProfile(ref: unknown, catalogue: ProfileCatalogue): Profile<any, any> {
  if (ref === undefined && Object.hasOwn(catalogue, DEFAULT_PROFILE)) return catalogue[DEFAULT_PROFILE]!;
  if (typeof ref === 'string') {
    if (Object.hasOwn(catalogue, ref)) return catalogue[ref]!;
  } else if (ref !== null && typeof ref === 'object') {
    const p = ref as Partial<Profile>;
    const missing = (['view', 'compileMatcher', 'checkPayload', 'run', 'gate', 'configEntry'] as const).filter((k) => typeof p[k] !== 'function');
    if (typeof p.name !== 'string') missing.unshift('name' as never);
    if (!Array.isArray(p.events)) missing.push('events' as never);
    if (!Array.isArray(p.sources)) missing.push('sources' as never);
    if (missing.length === 0) return ref as Profile<any, any>;
    throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected the \`profile\` option's object to be a profile; it lacks ${missing.join(', ')}`);
  }
  const names = Object.keys(catalogue).map((n) => `'${n}'`).join(', ');
  throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected the \`profile\` option to be ${names} or a profile object, got ${describeValue(ref)}`);
}

// The methods a registry of `profile` gets: its own, and for a method only another profile of the catalogue
// has, one that says which profile it needs (a JavaScript caller gets a clear error, not "not a function").
export function methodsFor(profile: Profile<any, any>, catalogue: ProfileCatalogue): Readonly<Record<string, ProfileMethod<any>>> {
  const owners = new Map<string, string[]>();
  for (const [name, other] of Object.entries(catalogue)) {
    if (other === profile) continue;
    for (const method of Object.keys(other.methods ?? {})) owners.set(method, [...(owners.get(method) ?? []), name]);
  }
  const methods: Record<string, ProfileMethod<any>> = {};
  for (const [method, names] of owners) methods[method] = needs(method, names);
  return Object.assign(methods, profile.methods);
}

// The error of a method this registry's profile lacks, naming every profile that has it.
function needs(method: string, profiles: readonly string[]): ProfileMethod {
  const which = profiles.map((name) => `'${name}'`);
  const one = which.length === 1 ? which[0] : `${which.slice(0, -1).join(', ')} or ${which[which.length - 1]}`;
  return (registry) => {
    throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `${method}() needs \`profile: ${one}\`; this registry's profile is ${registry.profile}`);
  };
}
