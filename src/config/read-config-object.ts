// A harness's config file as an object, the way the profiles' loaders read their files: missing is
// nothing (undefined, silently); unreadable, or not a JSON object (TOML for `.toml` files), is nothing
// with a warning that names the file and why — a loader drops that file and loads the others.
import { loadToml } from '../lazy.js';
import { isPlainObject } from '../plain-object.js';
import { DEFAULT_MAX_CONFIG_BYTES, readRegularFile } from './read-file.js';

/** Parses a file's text; the default reads JSON (a leading BOM allowed), or TOML for a `.toml` file. */
export function parseConfigText(file: string, text: string): unknown {
  return /\.toml$/i.test(file) ? loadToml().parse(text) : JSON.parse(text.replace(/^\uFEFF/, ''));
}

// `dropped` says what the harness does with a file it cannot parse, e.g. "as Codex drops a hooks config it cannot parse".
export async function readConfigObject(file: string, warn: (message: string) => void, dropped: string): Promise<Record<string, unknown> | undefined> {
  let text: string;
  try {
    text = await readRegularFile(file, DEFAULT_MAX_CONFIG_BYTES);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') warn(`${file} was not read: ${(error as Error).message}`);
    return undefined;
  }
  return parseConfigObject(file, text, warn, dropped);
}

// The parse half, for a loader that read the text itself (a policy file read through one descriptor).
export function parseConfigObject(file: string, text: string, warn: (message: string) => void, dropped: string): Record<string, unknown> | undefined {
  try {
    const value = parseConfigText(file, text);
    if (!isPlainObject(value)) throw new Error('expected an object at the top');
    return value;
  } catch (error) {
    warn(`${file} was dropped, ${dropped}: ${(error as Error).message.split('\n')[0]}`);
    return undefined;
  }
}
