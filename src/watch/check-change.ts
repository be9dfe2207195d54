// A changed file, read and judged before anything is replaced: its new text, or why it cannot be used
// (it cannot be read, it is not JSON or TOML, it is over the shared bounds, or the profile's reader
// refuses it) — then its hooks stay as they were.
import { CONFIG_BOUNDS, checkConfigBounds, configBoundsProblem } from '../config/config-bounds.js';
import { parseHooksConfig } from '../config/load.js';
import { fileSignature } from '../config/load-trace.js';
import { parseConfigText } from '../config/read-config-object.js';
import { readRegularFileChecked } from '../config/read-file.js';
import { isPlainObject } from '../plain-object.js';
import type { Profile } from '../profiles/profile.js';

export type CheckedChange = { text: string | null; signature: string } | { problem: string };

// The file as it is now (`text: null`: deleted), or the problem with it. `asConfig`: the file is a hooks
// config of the profile (a loader added it), so the profile's reader must take it too.
export async function checkChange(file: string, profile: Profile, asConfig: boolean): Promise<CheckedChange> {
  let text: string;
  let signature: string;
  try {
    const read = await readRegularFileChecked(file, CONFIG_BOUNDS.maxBytes);
    text = read.text;
    signature = fileSignature(read.stat);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { text: null, signature: 'missing' };
    return { problem: `cannot be read (HOOKS_ERR_CONFIG_READ): ${(error as Error).message}` };
  }
  try {
    const value = parseConfigText(file, text);
    if (!isPlainObject(value)) throw new Error('expected an object at the top');
    const bounds = configBoundsProblem(value);
    if (bounds !== undefined) throw new Error(bounds);
    if (asConfig) {
      // As addConfig checks a config before it registers anything of it.
      checkConfigBounds(value, file, { countHooks: true });
      (profile.parseConfig ?? parseHooksConfig)(value, file);
    }
  } catch (error) {
    const message = (error as Error).message;
    return { problem: `is not a valid config (HOOKS_ERR_CONFIG_INVALID): ${message.startsWith('Invalid hook config') ? message.slice(message.indexOf('\n') + 1).trim() : message.split('\n')[0]}` };
  }
  return { text, signature };
}
