// The cursor profile's entry: importing it registers the profile by name (`profile: 'cursor'`), which a
// registry otherwise loads on first use; `harness-hooks/profiles/cursor` in the package.
import { provideProfile } from '../loaded.js';
import { cursorProfile } from './profile.js';

provideProfile('cursor', cursorProfile);

export { cursorProfile };
