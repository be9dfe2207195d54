// Whether a hook input can be handed to a hook that is not an in-process handler (a command's stdin, an
// HTTP hook's body, a prompt): those get it as JSON, and JSON.stringify recurses, so an input the model
// controls nested a few thousand levels deep makes it throw (RangeError) — and a guard that cannot be
// given its input must not read as a guard that allowed. The dispatch runs (dispatch-run.ts,
// parallel-run.ts) ask this once per dispatch, before the first such hook runs, and refuse the hooks it
// cannot be handed to (they block); in-process handlers get the object itself and still run, the others a
// plain copy (sendableCopy).
// The walk is iterative, so the check cannot overflow the stack itself, and bounded in the values it visits.

/** How deep a hook input may nest: far past any real tool input, far below where JSON.stringify overflows (≈4,000). */
export const MAX_INPUT_DEPTH = 512;
/** How many values a hook input may hold (a value shared many times over is counted each time, as JSON writes it). */
export const MAX_INPUT_VALUES = 1_000_000;

// Why `input` cannot be written as JSON for a hook (nested too deep, containing itself, a BigInt, too many
// values, a getter that throws), or undefined when it can. Reads what JSON.stringify reads: own enumerable
// string keys, array items, and for an object with a `toJSON` method what that returns (a Date's string; an
// object's toJSON may return anything, however deep, and JSON.stringify walks that).
export function whyUnsendable(input: unknown): string | undefined {
  try {
    return walk(input);
  } catch (error) {
    return `reading the hook input threw: ${error instanceof Error ? error.message : typeof error}`;
  }
}

interface Frame {
  readonly value: object;
  readonly keys: readonly string[] | undefined;
  readonly length: number;
  next: number;
}

function walk(input: unknown): string | undefined {
  const frames: Frame[] = [];
  // The objects on the path from the root to the value visited: meeting one again is a cycle.
  const onPath = new Set<object>();
  let visited = 0;
  let value = input;
  // The key `value` was read at (an array index as a number: made a string only for a toJSON call).
  let key: string | number = '';
  for (;;) {
    if (++visited > MAX_INPUT_VALUES) return `the hook input holds more than ${MAX_INPUT_VALUES} values`;
    // As JSON.stringify: toJSON(key) first, and its answer is what is written (one level, not repeated).
    const toJSON = value !== null && (typeof value === 'object' || typeof value === 'bigint') ? (value as { toJSON?: unknown }).toJSON : undefined;
    if (typeof toJSON === 'function') value = (toJSON as (key: string) => unknown).call(value, String(key));
    if (typeof value === 'bigint') return 'the hook input holds a BigInt, which JSON cannot carry';
    if (value !== null && typeof value === 'object') {
      if (onPath.has(value)) return 'the hook input contains itself';
      if (frames.length >= MAX_INPUT_DEPTH) return `the hook input is nested deeper than ${MAX_INPUT_DEPTH} levels`;
      const keys = Array.isArray(value) ? undefined : Object.keys(value);
      frames.push({ value, keys, length: keys === undefined ? (value as unknown[]).length : keys.length, next: 0 });
      onPath.add(value);
    }
    // The next value to visit: the next child of the innermost container that has one left.
    let frame = frames[frames.length - 1];
    while (frame !== undefined && frame.next === frame.length) {
      onPath.delete(frame.value);
      frames.pop();
      frame = frames[frames.length - 1];
    }
    if (frame === undefined) return undefined;
    const at = frame.next++;
    key = frame.keys === undefined ? at : frame.keys[at]!;
    value = (frame.value as Record<string | number, unknown>)[key];
  }
}

/** What the dispatch runs hand every hook that is not an in-process handler: a plain JSON copy of the input, or why there is none. */
export type Sendable = { readonly copy: unknown; readonly why?: undefined } | { readonly copy?: undefined; readonly why: string };

// The input as those hooks get it, made once per dispatch: checked (whyUnsendable), then written and read
// back. Such a hook then gets plain data, so nothing the input's own code does afterwards (a getter that
// answers otherwise the second time, a proxy) changes what a hook is given or makes writing its stdin throw
// where no guard would see it; a write that throws here is a refusal too (it blocks).
export function sendableCopy(input: unknown): Sendable {
  const why = whyUnsendable(input);
  if (why !== undefined) return { why };
  try {
    const text = JSON.stringify(input);
    return { copy: text === undefined ? undefined : JSON.parse(text) };
  } catch (error) {
    return { why: `writing the hook input threw: ${error instanceof Error ? error.message : typeof error}` };
  }
}

// Why a hook was refused its input, as its run and the block it makes say it (both dispatch runs).
export function refusalReason(hook: string, event: string, why: string): string {
  return `Hook "${hook}" on ${event} was not run, since its input cannot be sent to it: ${why}`;
}
