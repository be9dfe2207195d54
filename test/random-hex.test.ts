// Random hex for file names that must not be guessed: from /dev/urandom where there is one.
import { describe, expect, it } from 'vitest';
import { randomHex } from '../src/random-hex.js';

describe('randomHex', () => {
  it('gives 2 hex digits per byte, different each time', () => {
    const a = randomHex(16);
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(randomHex(8)).toMatch(/^[0-9a-f]{16}$/);
    expect(new Set(Array.from({ length: 50 }, () => randomHex(8))).size).toBe(50);
    expect(randomHex(16)).not.toBe(a);
  });
});
