// Reads a JavaScript regular expression (one the native RegExp has already accepted) into a tree the
// bounded engine compiles: literals, `.`, classes and class escapes, `^ $ \b \B`, groups (capturing,
// `(?:`, named), lookahead and lookbehind, alternation and every quantifier (greedy or lazy: a yes/no
// test does not care which). Flags i, m, s, u (and the harmless d, g, y). What it does not read —
// backreferences, the `v` flag's set syntax — throws UnsupportedRegexError, and the caller decides.
import { literalAtom, makeCharTest, type CharTest } from './char-test.js';

export type RegexNode =
  | { readonly kind: 'char'; readonly code: number }
  | { readonly kind: 'set'; readonly test: CharTest }
  | { readonly kind: 'dot'; readonly all: boolean }
  | { readonly kind: 'seq'; readonly items: readonly RegexNode[] }
  | { readonly kind: 'alt'; readonly alts: readonly RegexNode[] }
  | { readonly kind: 'repeat'; readonly node: RegexNode; readonly min: number; readonly max: number }
  | { readonly kind: 'assert'; readonly what: 'bol' | 'eol' | 'wordb' | 'nwordb' }
  | { readonly kind: 'look'; readonly behind: boolean; readonly negate: boolean; readonly node: RegexNode };

/** A pattern the bounded engine cannot run (the native engine can, but without a bound). */
export class UnsupportedRegexError extends Error {
  override name = 'UnsupportedRegexError';
}

const QUANTIFIER = /\{(\d+)(?:(,)(\d*))?\}/y;

// Parses `source` read with `flags` into a tree. Throws UnsupportedRegexError for what the engine does not run.
export function parseRegex(source: string, flags: string): RegexNode {
  if (flags.includes('v')) throw new UnsupportedRegexError('the `v` flag');
  const unicode = flags.includes('u');
  const ignoreCase = flags.includes('i');
  const { groups, named } = countGroups(source);
  let i = 0;

  const charNode = (code: number): RegexNode => (ignoreCase ? { kind: 'set', test: makeCharTest(literalAtom(code, unicode), flags) } : { kind: 'char', code });
  const setNode = (atom: string): RegexNode => ({ kind: 'set', test: makeCharTest(atom, flags) });

  const node = parseAlternation();
  if (i < source.length) throw new UnsupportedRegexError(`an unexpected ${JSON.stringify(source[i])} at character ${i + 1}`);
  return node;

  function parseAlternation(): RegexNode {
    const alts = [parseSequence()];
    while (source[i] === '|') {
      i++;
      alts.push(parseSequence());
    }
    return alts.length === 1 ? alts[0]! : { kind: 'alt', alts };
  }

  function parseSequence(): RegexNode {
    const items: RegexNode[] = [];
    while (i < source.length && source[i] !== '|' && source[i] !== ')') {
      const term = parseTerm();
      items.push(term.quantifiable ? parseQuantifier(term.node) : term.node);
    }
    return items.length === 1 ? items[0]! : { kind: 'seq', items };
  }

  function parseQuantifier(node: RegexNode): RegexNode {
    const ch = source[i];
    let min: number;
    let max: number;
    if (ch === '*') [min, max, i] = [0, Infinity, i + 1];
    else if (ch === '+') [min, max, i] = [1, Infinity, i + 1];
    else if (ch === '?') [min, max, i] = [0, 1, i + 1];
    else if (ch === '{') {
      QUANTIFIER.lastIndex = i;
      const m = QUANTIFIER.exec(source);
      // (Without `u`, a `{` that is not a quantifier is a literal: read by the next term.)
      if (m === null) return node;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
      i = QUANTIFIER.lastIndex;
    } else return node;
    // (Lazy or greedy: whether a match exists does not depend on which is tried first.)
    if (source[i] === '?') i++;
    return { kind: 'repeat', node, min, max };
  }

  function parseTerm(): { node: RegexNode; quantifiable: boolean } {
    const ch = source[i]!;
    if (ch === '^' || ch === '$') {
      i++;
      return { node: { kind: 'assert', what: ch === '^' ? 'bol' : 'eol' }, quantifiable: false };
    }
    if (ch === '(') return parseGroup();
    if (ch === '.') {
      i++;
      return { node: { kind: 'dot', all: flags.includes('s') }, quantifiable: true };
    }
    if (ch === '[') {
      const start = i;
      for (i++; i < source.length && source[i] !== ']'; i++) if (source[i] === '\\') i++;
      i++;
      return { node: setNode(source.slice(start, i)), quantifiable: true };
    }
    if (ch === '\\') return parseEscape();
    const code = unicode ? source.codePointAt(i)! : source.charCodeAt(i);
    i += code > 0xffff ? 2 : 1;
    return { node: charNode(code), quantifiable: true };
  }

  function parseGroup(): { node: RegexNode; quantifiable: boolean } {
    let look: { behind: boolean; negate: boolean } | undefined;
    if (source.startsWith('(?:', i)) i += 3;
    else if (source.startsWith('(?=', i) || source.startsWith('(?!', i)) {
      look = { behind: false, negate: source[i + 2] === '!' };
      i += 3;
    } else if (source.startsWith('(?<=', i) || source.startsWith('(?<!', i)) {
      look = { behind: true, negate: source[i + 3] === '!' };
      i += 4;
    } else if (source.startsWith('(?<', i)) i = source.indexOf('>', i) + 1;
    else if (source[i + 1] === '?') throw new UnsupportedRegexError(`the group syntax at character ${i + 1}`);
    else i++;
    const body = parseAlternation();
    if (source[i] !== ')') throw new UnsupportedRegexError(`an unclosed group before character ${i + 1}`);
    i++;
    // (Annex B lets a lookahead be quantified without `u`; a lookbehind never.)
    if (look !== undefined) return { node: { kind: 'look', ...look, node: body }, quantifiable: !look.behind };
    return { node: body, quantifiable: true };
  }

  function parseEscape(): { node: RegexNode; quantifiable: boolean } {
    const start = i;
    const ch = source[i + 1] ?? '';
    i += 2;
    const literal = (code: number) => ({ node: charNode(code), quantifiable: true });
    if (ch === 'b' || ch === 'B') return { node: { kind: 'assert', what: ch === 'b' ? 'wordb' : 'nwordb' }, quantifiable: false };
    if ('dDwWsS'.includes(ch)) return { node: setNode(`\\${ch}`), quantifiable: true };
    if (ch >= '1' && ch <= '9') {
      const digits = /\d+/y;
      digits.lastIndex = start + 1;
      const n = Number(digits.exec(source)![0]);
      if (unicode || n <= groups) throw new UnsupportedRegexError(`the backreference \\${n}`);
      // Annex B, a number past the groups: `\8` and `\9` are the digits, `\1`…`\7` an octal escape.
      if (ch >= '8') return literal(ch.charCodeAt(0));
      return literal(readOctal(start + 1));
    }
    if (ch === '0') return literal(unicode ? 0 : readOctal(start + 1));
    if (ch === 'k' && (unicode || named)) throw new UnsupportedRegexError('a named backreference');
    if (ch === 'c') {
      const letter = source[i];
      if (letter !== undefined && /[A-Za-z]/.test(letter)) {
        i++;
        return literal(letter.charCodeAt(0) % 32);
      }
      // Annex B: `\c` before a non-letter is a literal backslash, and the `c` is read next.
      i = start + 1;
      return literal(0x5c);
    }
    if (ch === 'x' && /^[0-9A-Fa-f]{2}$/.test(source.slice(i, i + 2))) {
      i += 2;
      return literal(parseInt(source.slice(i - 2, i), 16));
    }
    if (ch === 'u') {
      if (unicode && source[i] === '{') {
        const end = source.indexOf('}', i);
        const code = parseInt(source.slice(i + 1, end), 16);
        i = end + 1;
        return literal(code);
      }
      if (/^[0-9A-Fa-f]{4}$/.test(source.slice(i, i + 4))) {
        let code = parseInt(source.slice(i, i + 4), 16);
        i += 4;
        // With `u`, an escaped surrogate pair is one code point.
        const trail = /^\\u([Dd][C-Fc-f][0-9A-Fa-f]{2})/.exec(source.slice(i));
        if (unicode && code >= 0xd800 && code <= 0xdbff && trail !== null) {
          code = 0x10000 + ((code - 0xd800) << 10) + (parseInt(trail[1]!, 16) - 0xdc00);
          i += 6;
        }
        return literal(code);
      }
    }
    if ((ch === 'p' || ch === 'P') && unicode) {
      i = source.indexOf('}', i) + 1;
      return { node: setNode(source.slice(start, i)), quantifiable: true };
    }
    const controls: Record<string, number> = { n: 10, r: 13, t: 9, v: 11, f: 12 };
    if (Object.hasOwn(controls, ch)) return literal(controls[ch]!);
    // An identity escape: the character itself (with `u`, a code point).
    const code = unicode ? source.codePointAt(start + 1)! : source.charCodeAt(start + 1);
    i = start + 1 + (code > 0xffff ? 2 : 1);
    return literal(code);
  }

  // Annex B's legacy octal escape starting at `at` (just past the backslash): `\0`–`\377`.
  function readOctal(at: number): number {
    const first = source.charCodeAt(at) - 48;
    let value = first;
    let j = at + 1;
    const most = first <= 3 ? 3 : 2;
    while (j - at < most && /[0-7]/.test(source[j] ?? '')) value = value * 8 + source.charCodeAt(j++) - 48;
    i = j;
    return value;
  }
}

// How many capturing groups a pattern has, and whether any is named (which makes `\k` a backreference).
function countGroups(source: string): { groups: number; named: boolean } {
  let groups = 0;
  let named = false;
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (ch === '\\') i++;
    else if (inClass) inClass = ch !== ']';
    else if (ch === '[') inClass = true;
    else if (ch === '(') {
      if (source[i + 1] !== '?') groups++;
      else if (source[i + 2] === '<' && source[i + 3] !== '=' && source[i + 3] !== '!') {
        groups++;
        named = true;
      }
    }
  }
  return { groups, named };
}
