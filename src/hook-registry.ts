// `HookRegistry`: the registry (src/registry.ts) of the built-in profiles, which its `profile` and `dialects`
// options name, typed so that `new HookRegistry({ profile })` has the profile's options and methods.
import { PROFILES, type DefaultProfileName, type ProfileName, type ProfileRef } from './profiles/index.js';
import { Registry, type HookRegistryConstructor, type HookRegistryOptions, type HookRegistry as RegistryOf } from './registry.js';

class BuiltinRegistry extends Registry<ProfileRef> {
  constructor(options?: HookRegistryOptions<ProfileRef>) {
    super(options, PROFILES);
  }

  protected override newDialectRegistry(options: HookRegistryOptions<ProfileName>): Registry<ProfileName> {
    return new BuiltinRegistry(options as HookRegistryOptions<ProfileRef>) as unknown as Registry<ProfileName>;
  }
}
Object.defineProperty(BuiltinRegistry, 'name', { value: 'HookRegistry' });

export const HookRegistry = BuiltinRegistry as unknown as HookRegistryConstructor;
/** A registry of profile `P`: the shared API, plus the profile's own methods (the claude profile's `registerSdkHooks`, …). */
export type HookRegistry<P extends ProfileRef = DefaultProfileName> = RegistryOf<P>;
