// A dispatch result's shown text loses terminal control; its data stays exact, and nothing is copied
// (nor a handler's own object changed) when there is nothing to clean.
import { describe, expect, it } from 'vitest';
import { cleanShownText } from '../src/shown-text.js';

describe('cleanShownText', () => {
  it('cleans text at any shown field, keeps data fields exact, and copies instead of changing', () => {
    const specific = Object.freeze({ permissionDecisionReason: 'a\r\x1b[2Kb', updatedInput: { command: 'x\ry' } });
    const result = { blocked: true, reason: 'no\x1b]52;c;eA==\x07pe\r\nnext', hookSpecificOutput: specific, continuation: ['\x9bok'], runs: [{ stderr: '\x1b[31m' }], env: { A: '\r' } };
    const cleaned = cleanShownText(result);
    expect(cleaned).toEqual({ blocked: true, reason: 'nope\nnext', hookSpecificOutput: { permissionDecisionReason: 'ab', updatedInput: { command: 'x\ry' } }, continuation: ['ok'], runs: [{ stderr: '\x1b[31m' }], env: { A: '\r' } });
    expect(result.reason).toContain('\x1b');
    expect(specific.permissionDecisionReason).toContain('\r');
  });

  it('removes bidirectional overrides and isolates from shown text (they reorder what a person reads), not from data', () => {
    const result = { blocked: true, reason: 'blocked: \u202egnp.exe\u202c rm\u2066 -rf\u2069', hookSpecificOutput: { updatedInput: { command: '\u202e' } } };
    expect(cleanShownText(result)).toEqual({ blocked: true, reason: 'blocked: gnp.exe rm -rf', hookSpecificOutput: { updatedInput: { command: '\u202e' } } });
  });

  it('returns the very same result when nothing needs cleaning', () => {
    const result = { blocked: false, reason: 'fine\tand\nok', hookSpecificOutput: { additionalContext: 'x' } };
    expect(cleanShownText(result)).toBe(result);
  });

  it('a key named __proto__ stays a key', () => {
    const result = JSON.parse('{"__proto__":"\\r","reason":"x"}') as object;
    const cleaned = cleanShownText(result);
    expect(Object.getPrototypeOf(cleaned)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(cleaned, '__proto__')?.value).toBe('');
  });
});
