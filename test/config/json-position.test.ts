import { describe, expect, it } from 'vitest';
import { findJsonErrorOffset, lineAndColumn } from '../../src/config/json-position.js';

describe('findJsonErrorOffset', () => {
  it.each([
    ['{"a": [1, 2, {"b": null}], "c": "x\\n\\u00e9"}', -1],
    ['{"a": [,]}', 7],
    ['{"a": 1,}', 8],
    ['{"a" 1}', 5],
    ['[1, 2', 5],
    ['{"a": tru}', 9],
    ['{"a": 01}', 7],
    ['{} x', 3],
    ['"\\q"', 2],
  ])('finds where %j goes wrong: %i', (text, offset) => {
    expect(findJsonErrorOffset(text)).toBe(offset);
    if (offset === -1) expect(() => JSON.parse(text)).not.toThrow();
    else expect(() => JSON.parse(text)).toThrow();
  });

  it('converts an offset to a 1-based line and column', () => {
    expect(lineAndColumn('{\n  "a": [,]\n}', 10)).toEqual({ line: 2, column: 9 });
  });
});
