// A harness's config file as an object, the way the profiles' loaders read their files: missing is
// nothing (undefined, silently); unreadable, or not a JSON object (TOML for `.toml` files), is nothing
// with a warning that names the file and why — a loader drops that file and loads the others.
import { loadToml } from '../lazy.js';
import { isPlainObject } from '../plain-object.js';
import { CONFIG_BOUNDS, configBoundsProblem } from './config-bounds.js';
import { fileSignature, traceFile, type LoadTrace } from './load-trace.js';
import { readRegularFileChecked } from './read-file.js';

/** Parses a file's text; the default reads JSON (a leading BOM allowed), or TOML for a `.toml` file. */
export function parseConfigText(file: string, text: string): unknown {
  // (JSON.parse is iterative; smol-toml recurses, so it is held to the same depth as the bounds.)
  return /\.toml$/i.test(file) ? loadToml().parse(text, { maxDepth: CONFIG_BOUNDS.maxDepth }) : JSON.parse(text.replace(/^\uFEFF/, ''));
}

// `dropped` says what the harness does with a file it cannot parse, e.g. "as Codex drops a hooks config it cannot parse".
// With a `trace` (registry.watch: src/config/load-trace.ts), the file is noted, found or not, with what was
// read, and a version the watcher holds is used in place of the file's.
export async function readConfigObject(file: string, warn: (message: string) => void, dropped: string, trace?: LoadTrace, source?: string): Promise<Record<string, unknown> | undefined> {
  const held = trace?.serve?.(file);
  let text: string;
  if (held !== undefined) {
    traceFile(trace, file, { source, text: held });
    if (held === null) return undefined;
    text = held;
  } else {
    try {
      const read = await readRegularFileChecked(file, CONFIG_BOUNDS.maxBytes);
      text = read.text;
      traceFile(trace, file, { source, text, signature: fileSignature(read.stat) });
    } catch (error) {
      const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
      traceFile(trace, file, missing ? { source, text: null, signature: 'missing' } : { source });
      if (!missing) warn(`${file} was not read (HOOKS_ERR_CONFIG_READ): ${(error as Error).message}`);
      return undefined;
    }
  }
  return parseConfigObject(file, text, warn, dropped);
}

// The parse half, for a loader that read the text itself (a policy file read through one descriptor).
// A value over the shared bounds (config-bounds.ts: too deep, too many hooks) is dropped here, before a
// loader's own walks (Gemini's env substitution) or the profile's reader can overflow the stack on it.
export function parseConfigObject(file: string, text: string, warn: (message: string) => void, dropped: string): Record<string, unknown> | undefined {
  try {
    const value = parseConfigText(file, text);
    if (!isPlainObject(value)) throw new Error('expected an object at the top');
    const problem = configBoundsProblem(value);
    if (problem !== undefined) throw new Error(problem);
    return value;
  } catch (error) {
    warn(`${file} was dropped, ${dropped} (HOOKS_ERR_CONFIG_INVALID): ${(error as Error).message.split('\n')[0]}`);
    return undefined;
  }
}
