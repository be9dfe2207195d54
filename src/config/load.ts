// Reading and validating hook config: read -> JSON.parse -> safeParse -> HookConfigError carrying issues.
import { fileURLToPath } from 'node:url';
import { describeValue, HookConfigError, HookTypeError, type HookConfigIssue } from '../errors.js';
import { DEFAULT_MAX_CONFIG_BYTES, readRegularFile } from './read-file.js';
import { findJsonErrorOffset, lineAndColumn } from './json-position.js';
import { checkConfigBounds } from './config-bounds.js';
import { getConfigSchemas, type HooksConfig } from '../schemas/config.js';

// Validates a config object; throws HookConfigError listing every problem with its path.
export function parseHooksConfig(value: unknown, file?: string): HooksConfig {
  const parsed = getConfigSchemas().HooksConfigSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues: HookConfigIssue[] = parsed.error.issues.map((issue) => ({ path: formatPath(issue.path), message: issue.message }));
  throw new HookConfigError(issues, file === undefined ? {} : { file });
}

export interface LoadHooksFileOptions {
  /** Larger files are refused before they are parsed. Default 4 MiB. */
  maxBytes?: number;
}

// Reads and validates a JSON file: a settings file with a `hooks` key, or a plugin's hooks/hooks.json.
// Only a regular file of at most `maxBytes` is read, without a read that can block (src/config/read-file.ts).
export async function loadHooksFile(path: string | URL, options: LoadHooksFileOptions = {}): Promise<HooksConfig> {
  const file = typeof path === 'string' ? path : fileURLToPath(path);
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_CONFIG_BYTES;
  if (!(typeof maxBytes === 'number' && maxBytes > 0)) {
    throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `loadHooksFile(): expected \`maxBytes\` to be a positive number, got ${describeValue(maxBytes)}`);
  }
  let text: string;
  try {
    text = await readRegularFile(file, maxBytes);
  } catch (error) {
    throw new HookConfigError([{ path: '', message: `cannot read the file: ${(error as Error).message}` }], {
      file,
      cause: error,
      code: 'HOOKS_ERR_CONFIG_READ',
    });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const where = jsonErrorPosition(text);
    throw new HookConfigError([{ path: '', message: `invalid JSON${where}: ${(error as Error).message}` }], { file, cause: error });
  }
  // Too deep or too many hooks: refused before the schema walks it (config-bounds.ts).
  checkConfigBounds(value, file, { countHooks: true });
  return parseHooksConfig(value, file);
}

// `hooks.PreToolUse[0].hooks[1].timeout` from a zod issue path.
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key)) out += out ? `.${key}` : key;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out;
}

function jsonErrorPosition(text: string): string {
  const offset = findJsonErrorOffset(text);
  if (offset < 0) return '';
  const { line, column } = lineAndColumn(text, offset);
  return ` at line ${line}, column ${column}`;
}
