// The bounded engine answers as the native RegExp does on ordinary patterns (flags, anchors, classes,
// alternation, counted and lazy repeats, lookarounds, Annex B syntax), does linear work on patterns that
// backtrack natively, stops at its budget, and refuses what it does not run.
import { describe, expect, it } from 'vitest';
import { compileBoundedRegex, MATCH_BUDGET, MAX_PROGRAM_SIZE, UnsupportedRegexError } from '../../src/regex/bounded-regex.js';

// [source, flags, values]: each value is tested by both engines.
const TABLE: [string, string, string[]][] = [
  ['mcp__.*__write.*', '', ['mcp__github__write_file', 'mcp__github__read', 'xmcp__a__write', 'mcp____write', '']],
  ['^(?:Edit|Write|MultiEdit)$', '', ['Edit', 'Write', 'MultiEdit', 'NotebookEdit', 'Edits', '']],
  ['Edit|Write', '', ['NotebookEdit', 'Writer', 'Read']],
  ['^Bash$', '', ['Bash', 'bash', 'Bash ', 'xBash']],
  ['bash', 'i', ['BASH', 'Bash', 'bAsH', 'bas']],
  ['^[a-z_]+$', 'i', ['read_file', 'READ_FILE', 'read-file', '']],
  ['[^a-z]', '', ['abc', 'abC', '']],
  ['[\\w.-]+@x', '', ['a.b-c@x', '@x', 'a b@x']],
  ['\\d{2,3}-\\d{4}', '', ['12-3456', '1-3456', '1234-5678', '12-345']],
  ['^a{3}$', '', ['aa', 'aaa', 'aaaa']],
  ['^a{2,}$', '', ['a', 'aa', 'aaaaaa']],
  ['^(ab){1,2}c', '', ['abc', 'ababc', 'abababc', 'ac']],
  ['^a+?b*?c??$', '', ['a', 'ab', 'aabbc', 'c']],
  ['x{0}y', '', ['y', 'xy', 'x']],
  ['^(a|ab)(c|bcd)(d*)$', '', ['abcd', 'acd', 'abcdd', 'ab']],
  ['(a*)*b', '', ['aaab', 'aaa', 'b', '']],
  ['^(?:a|)+$', '', ['', 'aaa', 'ab']],
  ['a|', '', ['', 'b']],
  ['^$', '', ['', 'a', '\n']],
  ['^b', 'm', ['a\nb', 'ab', 'a\rb', 'a\u2028b']],
  ['a$', 'm', ['a\nb', 'ab', 'ba']],
  ['a.b', '', ['a\nb', 'axb', 'a\u2029b']],
  ['a.b', 's', ['a\nb', 'axb']],
  ['\\bfoo\\b', '', ['a foo b', 'afoo', 'foo_', 'foo.', 'foo']],
  ['\\Boo\\B', '', ['foo', 'fooo', 'oo']],
  ['rm\\s+-rf', '', ['sudo rm  -rf /', 'rm -r', 'rm\t-rf']],
  ['(?=ab)a', '', ['ab', 'ac']],
  ['^(?!mcp__).*write', '', ['write_file', 'mcp__x__write']],
  ['(?<=mcp__)write', '', ['mcp__write', 'write']],
  ['(?<!x)y', '', ['xy', 'ay', 'y']],
  ['(?<name>ab)+c', '', ['ababc', 'ac']],
  ['\\x41\\u0042\\n\\t', '', ['AB\n\t', 'AB\n ']],
  ['\\u{1F600}', 'u', ['\u{1F600}', 'x']],
  ['^.$', 'u', ['\u{1F600}', 'ab', 'a']],
  ['^.$', '', ['\u{1F600}', 'a']],
  ['^..$', '', ['\u{1F600}']],
  ['\\p{Lu}+', 'u', ['abc', 'aBc', 'ÉCOLE']],
  ['^\\p{L}+$', 'u', ['Bash', 'bash2', 'élan']],
  ['[é]', 'i', ['É', 'e', 'é']],
  ['É', 'i', ['é', 'e']],
  ['s', 'i', ['\u017f', 'S']],
  ['s', 'iu', ['\u017f', 'S']],
  ['k', 'iu', ['\u212a', 'K']],
  ['k', 'i', ['\u212a', 'K']],
  ['\\w', 'iu', ['\u017f', '\u212a', '-']],
  ['\\bx', 'iu', ['\u017fx', ' x']],
  ['σ', 'i', ['Σ', 'ς']],
  ['[^]', '', ['\n', '']],
  ['[]', '', ['a', '']],
  ['a{,3}', '', ['a{,3}', 'aaa']],
  ['a{', '', ['a{', 'a']],
  ['x]', '', ['x]', 'x']],
  ['\\8\\9', '', ['89', '\b\t']],
  ['\\101', '', ['A', '101']],
  ['\\0', '', ['\0', '0']],
  ['\\cJ', '', ['\n', 'cJ']],
  ['\\c1', '', ['\\c1', 'c1']],
  ['\\k', '', ['k', '\\k']],
  ['\\/', '', ['/', '\\/']],
  ['(?=a)*b', '', ['b', 'ab']],
  ['[\\]a]+', '', [']a]', 'b']],
  ['[a-c-e]', '', ['-', 'd', 'e']],
  ['\\ud83d', '', ['\u{1F600}', 'x']],
  ['\\ud83d\\ude00', 'u', ['\u{1F600}', '\ud83d']],
];

describe('compileBoundedRegex agrees with the native RegExp', () => {
  it.each(TABLE)('/%s/%s', (source, flags, values) => {
    const bounded = compileBoundedRegex(source, flags);
    const native = new RegExp(source, flags);
    for (const value of values) expect(bounded.test(value), JSON.stringify(value)).toBe(native.test(value));
  });

  it('on random patterns over a small alphabet and random values', () => {
    // A seeded generator (mulberry32): a failure is reproducible.
    let seed = 23;
    const random = (): number => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const atoms = ['a', 'b', '.', '[ab]', '[^a]', '\\w', '\\W', 'A'];
    const quantifiers = ['', '', '*', '+', '?', '{2}', '{1,3}', '*?', '{0,}'];
    const pattern = (depth: number): string => {
      let out = '';
      const terms = 1 + Math.floor(random() * 3);
      for (let t = 0; t < terms; t++) {
        const r = random();
        if (r < 0.15 && depth > 0) out += `(${pattern(depth - 1)}|${pattern(depth - 1)})${pick(quantifiers)}`;
        else if (r < 0.2) out += pick(['^', '$', '\\b', '\\B']);
        else if (r < 0.25 && depth > 0) out += `(?${pick(['=', '!', '<=', '<!'])}${pattern(depth - 1)})`;
        else out += pick(atoms) + pick(quantifiers);
      }
      return out;
    };
    for (let n = 0; n < 1500; n++) {
      const source = pattern(2);
      const flags = pick(['', 'i', 'm', 's', 'u', 'is']);
      const bounded = compileBoundedRegex(source, flags);
      const native = new RegExp(source, flags);
      for (let k = 0; k < 4; k++) {
        const value = Array.from({ length: Math.floor(random() * 7) }, () => pick(['a', 'b', 'A', ' ', '\n', '_'])).join('');
        expect(bounded.test(value), `/${source}/${flags} on ${JSON.stringify(value)}`).toBe(native.test(value));
      }
    }
  });
});

describe('compileBoundedRegex bounds its work', () => {
  it('answers patterns that backtrack natively (20 s, 1 s) as written, within its budget', () => {
    const counted = compileBoundedRegex(`${'.{0,16}'.repeat(8)}Z`, '');
    expect(counted.test('a'.repeat(60))).toBe(false);
    expect(counted.test(`${'a'.repeat(60)}Z`)).toBe(true);
    expect(compileBoundedRegex('.*.*.*Z', '').test('a'.repeat(256))).toBe(false);
    expect(compileBoundedRegex('^(a+)+$', '').test(`${'a'.repeat(5000)}!`)).toBe(false);
    expect(compileBoundedRegex('^(\\w+\\s?)*$', '').test(`${'word '.repeat(2000)}!`)).toBe(false);
  });

  it('says it could not decide (undefined) when a test needs more steps than its budget', () => {
    const re = compileBoundedRegex('.*.*.*Z', '');
    expect(re.test('a'.repeat(1000), 100)).toBeUndefined();
    expect(re.test('aaZ', 100)).toBe(true);
    // The default budget: about 300 threads alive at each of 20,000 characters is past it.
    expect(compileBoundedRegex(`.*${'.{0,16}'.repeat(8)}Z`, '').test('a'.repeat(20_000))).toBeUndefined();
    expect(MATCH_BUDGET).toBeGreaterThan(0);
  });

  it('a lookaround counts against the same budget', () => {
    expect(compileBoundedRegex('(?<=a*)b', '').test(`${'a'.repeat(3000)}c`.repeat(3), 10_000)).toBeUndefined();
    expect(compileBoundedRegex('(?<=a*)b', '').test('aab')).toBe(true);
  });

  it('skips to where a match can start: a long value without the literal is cheap', () => {
    const long = 'echo hello; '.repeat(50_000);
    expect(compileBoundedRegex('curl|wget|rm\\s+-rf', '').test(long)).toBe(false);
    expect(compileBoundedRegex('curl|wget|rm\\s+-rf', '').test(`${long}rm -rf /`)).toBe(true);
  });
});

describe('compileBoundedRegex refuses what it does not run', () => {
  it.each([
    ['(a)\\1', ''],
    ['(?<x>a)\\k<x>', ''],
    ['a', 'v'],
    ['a{20000}', ''],
    [`(?:${'a{0,100}'.repeat(10)}){10}`, ''],
  ])('/%s/%s', (source, flags) => {
    expect(() => compileBoundedRegex(source, flags)).toThrow(UnsupportedRegexError);
  });

  it('a repeated part that compiles to nothing repeats nothing', () => {
    expect(compileBoundedRegex('(?:){1000000000}a', '').test('a')).toBe(true);
    expect(MAX_PROGRAM_SIZE).toBeGreaterThan(1000);
  });
});
