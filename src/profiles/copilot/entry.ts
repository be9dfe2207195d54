// The copilot profile's entry: importing it registers the profile by name (`profile: 'copilot'`), which a
// registry otherwise loads on first use; `harness-hooks/profiles/copilot` in the package.
import { provideProfile } from '../loaded.js';
import { copilotProfile } from './profile.js';

provideProfile('copilot', copilotProfile);

export { copilotProfile };
