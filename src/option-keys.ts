// Misspelt options are refused, not ignored: `settings.enableShellHook` silently meant "no shell hooks".
import { closest } from './closest-name.js';
import { HookTypeError } from './errors.js';

// Throws HOOKS_ERR_OPTION_INVALID naming the first key of `value` that is not in `known`, with the nearest
// known key as a suggestion.
export function rejectUnknownKeys(value: object, known: ReadonlySet<string> | readonly string[], where: string): void {
  const set = known instanceof Set ? known : new Set(known as readonly string[]);
  for (const key of Object.keys(value)) {
    if (set.has(key)) continue;
    const near = closest(key, [...set]);
    throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `${where}: unknown option \`${key}\`${near === undefined ? '' : ` (did you mean \`${near}\`?)`}; the options are ${[...set].join(', ')}`);
  }
}
