// The codex profile's entry: importing it registers the profile by name (`profile: 'codex'`), which a
// registry otherwise loads on first use; `harness-hooks/profiles/codex` in the package.
import { provideProfile } from '../loaded.js';
import { codexProfile } from './profile.js';

provideProfile('codex', codexProfile);

export { codexProfile };
