// The bounds every hook config is held to, whoever wrote it and whichever profile reads it: its bytes
// (read-file.ts refuses a larger file before parsing it), how deep its values nest, how many values it
// holds, how many event names and hooks one source lists, and how many files one folder may add. A config
// over a bound is refused whole with a coded HookConfigError naming the file and the bound, never parsed
// further — so no recursive walk after it (a schema, an env substitution, a fingerprint) can overflow the
// stack or stall the event loop, and a loader drops that file and loads the next.
import { HookConfigError } from '../errors.js';
import { DEFAULT_MAX_CONFIG_BYTES } from './read-file.js';

export const CONFIG_BOUNDS = Object.freeze({
  /** Bytes of one config file (read-file.ts reads no more). */
  maxBytes: DEFAULT_MAX_CONFIG_BYTES,
  /** Objects and arrays nested in one another: real settings files nest under 10. */
  maxDepth: 64,
  /** Values (objects, arrays, strings, numbers, …) in one config: a 4 MiB file of short values holds about 1M. */
  maxValues: 500_000,
  /** Event names plus matcher groups plus hooks listed by one config file, and by all of one source's files in one load: a real one lists tens. */
  maxHooks: 2_000,
  /** Config files one folder (Copilot's `.github/hooks/`, a policy.d) adds, in name order. */
  maxFilesPerFolder: 64,
  /** Warnings of one kind printed per config before the rest are counted in one line. */
  maxWarnings: 5,
});

// Throws a HookConfigError (HOOKS_ERR_CONFIG_INVALID) when `value` is over a bound. `file`: a config
// read from a file, held to every bound; without it (addConfig's own value, which the embedder built) only
// to the bounds that keep the walks after it safe — depth and size — since adding is linear in hooks.
export function checkConfigBounds(value: unknown, file: string | undefined, options: { countHooks: boolean }): void {
  const problem = options.countHooks ? configBoundsProblem(value) : configShapeProblem(value);
  if (problem !== undefined) throw new HookConfigError([{ path: '', message: problem }], file === undefined ? {} : { file });
}

// The bound a config read from a file breaks, as a sentence, or undefined.
export function configBoundsProblem(value: unknown): string | undefined {
  // The count first: it reads three levels only, so a file of 60,000 hooks is refused without a full walk.
  const hooks = countHooks(value);
  if (hooks > CONFIG_BOUNDS.maxHooks) return `${hooks} event names, matcher groups and hooks, more than the ${CONFIG_BOUNDS.maxHooks} one config file may list; refused`;
  return configShapeProblem(value);
}

// Too deep or too many values, or undefined. Iterative, with an explicit stack: a value nested 100,000
// deep (or a cycle, which is "too deep") costs at most maxDepth frames of nothing.
export function configShapeProblem(value: unknown): string | undefined {
  const { maxDepth, maxValues } = CONFIG_BOUNDS;
  // Each frame: a container still being walked, and the depth of its children.
  const stack: { items: unknown[]; at: number }[] = [];
  let values = 1;
  const open = (v: unknown): string | undefined => {
    if (v === null || typeof v !== 'object') return undefined;
    if (stack.length >= maxDepth) return `values nested more than ${maxDepth} deep; refused without reading further`;
    stack.push({ items: Array.isArray(v) ? v : Object.values(v as object), at: 0 });
    return undefined;
  };
  let problem = open(value);
  while (problem === undefined && stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top.at === top.items.length) {
      stack.pop();
      continue;
    }
    if (++values > maxValues) return `more than ${maxValues} values; refused without reading further`;
    problem = open(top.items[top.at++]);
  }
  return problem;
}

// Event names + matcher groups + handlers under `hooks`, in either shape the profiles read: grouped
// (`{ Event: [{ matcher, hooks: [h] }] }`) or flat (`{ event: [h] }`, Copilot and Cursor).
export function countHooks(config: unknown): number {
  const hooks = config !== null && typeof config === 'object' ? (config as { hooks?: unknown }).hooks : undefined;
  if (hooks === null || typeof hooks !== 'object') return 0;
  let n = 0;
  for (const list of Object.values(hooks)) {
    n++;
    if (!Array.isArray(list)) continue;
    for (const item of list) {
      n++;
      const inner = item !== null && typeof item === 'object' ? (item as { hooks?: unknown }).hooks : undefined;
      if (Array.isArray(inner)) n += inner.length;
    }
  }
  return n;
}

// A logger's warn that prints the first `maxWarnings` messages of one kind as they come and counts the
// rest; `flush()` prints one line for them ("and 59,995 more …"). 60,000 unknown events are six lines.
export function makeWarningSummary(warn: (message: string) => void, more: (count: number) => string): { warn(message: string): void; flush(): void } {
  let count = 0;
  return {
    warn(message) {
      if (++count <= CONFIG_BOUNDS.maxWarnings) warn(message);
    },
    flush() {
      if (count > CONFIG_BOUNDS.maxWarnings) warn(more(count - CONFIG_BOUNDS.maxWarnings));
      count = 0;
    },
  };
}
