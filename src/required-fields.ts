// A compiled test that a payload has each of an event's required fields. Fast path [tapable]: one
// function per event made once, with plain property reads (`p.tool_name`), instead of a loop of keyed
// reads (`p[field]`), which V8 cannot cache when the names vary (≈25 ns on a three-field event).
// The names are the catalogue's own constants, written as JSON string literals. Where code generation
// from strings is disallowed, it is a loop.

export type RequiredCheck = (payload: Record<string, unknown>) => boolean;

export function compileRequiredCheck(fields: readonly string[]): RequiredCheck {
  if (fields.length === 0) return () => true;
  const test = fields.map((f) => `p[${JSON.stringify(f)}] !== undefined`).join(' && ');
  try {
    return new Function('p', `return ${test};`) as RequiredCheck;
  } catch {
    // Code generation from strings is disallowed (--disallow-code-generation-from-strings, SES, a vm
    // context): the same test as a loop.
    return (p) => fields.every((f) => p[f] !== undefined);
  }
}
