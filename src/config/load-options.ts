// What every profile's settings loader needs before it reads a file: an options object with a
// `projectDir` path (a JavaScript caller that passes nothing gets a coded error, not a crash).
import { describeValue, HookTypeError } from '../errors.js';

// Throws HOOKS_ERR_OPTION_INVALID unless `options` is an object whose `projectDir` is a string.
export function checkLoadOptions(options: unknown, method: string): asserts options is { projectDir: string } {
  const projectDir = options !== null && typeof options === 'object' ? (options as { projectDir?: unknown }).projectDir : undefined;
  if (typeof projectDir !== 'string') {
    const got = options === null || typeof options !== 'object' ? `options ${describeValue(options)}` : describeValue(projectDir);
    throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `${method}(): expected \`projectDir\` to be a path, got ${got}`);
  }
}
