// Whether a value is a plain object (an object literal or a null-prototype object): what a hook's JSON
// output, a rewrite or a config value must be. Arrays, class instances and primitives are not.
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
