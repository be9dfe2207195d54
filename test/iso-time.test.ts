// isoTime: what Date#toISOString writes, without its cold first call.
import { describe, expect, it } from 'vitest';
import { isoTime } from '../src/iso-time.js';

describe('isoTime', () => {
  it('writes what toISOString writes, across years, months, leap days and milliseconds', () => {
    const times = [0, 1, -1, 951_782_400_000, 1_764_756_894_123, Date.UTC(9999, 11, 31, 23, 59, 59, 999), Date.UTC(0, 0, 1), -62_198_755_200_000];
    for (let i = 0; i < 2000; i++) times.push(Math.floor((Math.random() - 0.3) * 1e14));
    for (const t of times) expect(isoTime(t), String(t)).toBe(new Date(t).toISOString());
  });

  it('writes years outside 0–9999 as Date does (signed, six digits)', () => {
    for (const t of [Date.UTC(10_000, 0, 1), Date.UTC(-1, 5, 1), 8.64e15, -8.64e15]) expect(isoTime(t)).toBe(new Date(t).toISOString());
    expect(isoTime(Date.UTC(10_000, 0, 1))).toBe('+010000-01-01T00:00:00.000Z');
  });

  it('throws as toISOString does for a time that is no date', () => {
    expect(() => isoTime(Number.NaN)).toThrow(RangeError);
    expect(() => isoTime(8.64e15 + 1)).toThrow(RangeError);
  });
});
