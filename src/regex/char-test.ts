// One character position of a pattern (a literal under the `i` flag, a class, an escape such as `\d`,
// `\w` or `\p{L}`) as a test of one character. JavaScript's own RegExp decides what each character
// matches, so case folding (`i`, with or without `u`), Unicode properties and Annex B class syntax are
// exactly JavaScript's; the engine only strings these tests together. A one-character test on a
// one-character string cannot backtrack: the native engine is safe here.

/** A test of one character: a UTF-16 code unit, or a code point under the `u` flag. */
export type CharTest = (code: number) => boolean;

const ASCII = 128;

// Tests one character against a pattern atom written in JavaScript syntax (`[a-z]`, `\d`, `\p{L}`, an
// escaped literal under `i`), read with the pattern's `i` and `u` flags. The 128 ASCII answers are
// worked out here, once; other characters ask the native engine (rare in tool names and commands).
export function makeCharTest(atom: string, flags: string): CharTest {
  const re = new RegExp(`^(?:${atom})$`, flags.replace(/[^iu]/g, ''));
  const ascii = new Uint8Array(ASCII);
  for (let c = 0; c < ASCII; c++) ascii[c] = re.test(String.fromCharCode(c)) ? 1 : 0;
  return (code) => (code < ASCII ? ascii[code] === 1 : re.test(String.fromCodePoint(code)));
}

// A literal character as an atom the native engine reads alone (`\u{1F600}` with `u`, `\uXXXX` without).
export function literalAtom(code: number, unicode: boolean): string {
  if (unicode) return `\\u{${code.toString(16)}}`;
  return `\\u${code.toString(16).padStart(4, '0')}`;
}

/** Line terminators: what `.` does not match without `s`, and where `^`/`$` match with `m`. */
export function isLineTerminator(code: number): boolean {
  return code === 0x0a || code === 0x0d || code === 0x2028 || code === 0x2029;
}
