// Hook output that becomes part of a result (a rewritten tool input, event-specific output) is copied
// through here: plain JSON-like data only, no own `__proto__`, `constructor` or `prototype` keys (a harness
// that `Object.assign`s a rewrite into its tool input must not have its prototype set), no cycles, at
// most MAX_DEPTH levels (a 25,000-deep rewrite would make the result unserializable).

export const MAX_DEPTH = 64;
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

/** Why a value was refused. */
export class UnsafeValue extends Error {
  override readonly name = 'UnsafeValue';
}

// A safe copy of a JSON-like value; throws UnsafeValue (naming the problem) for one too deep or cyclic.
// Forbidden keys are dropped. Values that are not JSON (functions, symbols) are dropped as JSON.stringify would.
export function copyJsonValue(value: unknown, depth = 0, seen: Set<object> = new Set()): unknown {
  if (value === null || typeof value !== 'object') return typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint' ? undefined : value;
  if (depth >= MAX_DEPTH) throw new UnsafeValue(`nested deeper than ${MAX_DEPTH} levels`);
  if (seen.has(value)) throw new UnsafeValue('a value that contains itself');
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((v) => copyJsonValue(v, depth + 1, seen) ?? null);
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      if (FORBIDDEN.has(key)) continue;
      const v = copyJsonValue((value as Record<string, unknown>)[key], depth + 1, seen);
      if (v !== undefined) out[key] = v;
    }
    return out;
  } finally {
    seen.delete(value);
  }
}

// copyJsonValue, as an answer instead of a throw: the copy, or why there is none (too deep, cyclic).
export function tryCopyJsonValue(value: unknown): { copy: unknown } | { why: string } {
  try {
    return { copy: copyJsonValue(value) };
  } catch (error) {
    return { why: error instanceof Error ? error.message : String(error) };
  }
}
