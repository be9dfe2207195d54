// The gemini profile's entry: importing it registers the profile by name (`profile: 'gemini'`), which a
// registry otherwise loads on first use; `harness-hooks/profiles/gemini` in the package.
import { provideProfile } from '../loaded.js';
import { geminiProfile } from './profile.js';

provideProfile('gemini', geminiProfile);

export { geminiProfile };
