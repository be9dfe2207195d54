// A parsed pattern compiled into a Thompson NFA program (Russ Cox, "Regular Expression Matching: the
// Virtual Machine Approach"): instructions that consume one character, fork, jump or assert. Counted
// repeats are written out (`a{3,5}` is `aaa` then two optional `a`s), so the program's size is capped:
// the work of a run is at most (value length) × (program size), and the cap keeps that product in reach.
import { makeCharTest, type CharTest } from './char-test.js';
import { UnsupportedRegexError, type RegexNode } from './parse.js';

// Instructions (numbers, not an enum: the VM's switch reads them from a typed array).
export const OP_CHAR = 0; // consume the character a
export const OP_SET = 1; // consume a character tests[pc] accepts
export const OP_DOT = 2; // consume any character but a line terminator
export const OP_ANY = 3; // consume any character
export const OP_SPLIT = 4; // continue at a and at b
export const OP_JMP = 5; // continue at a
export const OP_BOL = 6;
export const OP_EOL = 7;
export const OP_WORDB = 8;
export const OP_NWORDB = 9;
export const OP_LOOK = 10; // a lookaround: looks[pc]
export const OP_MATCH = 11;

/** The most instructions one pattern compiles to, its lookarounds' included. */
export const MAX_PROGRAM_SIZE = 10_000;

/** A lookaround: its own program, run at the position it asserts on. */
export interface Lookaround {
  readonly program: Program;
  readonly behind: boolean;
  readonly negate: boolean;
}

/** A compiled pattern, with the scratch space a run reuses (a run is synchronous and never re-enters its own program). */
export interface Program {
  readonly size: number;
  readonly op: Uint8Array;
  readonly a: Int32Array;
  readonly b: Int32Array;
  readonly tests: readonly (CharTest | undefined)[];
  readonly looks: readonly (Lookaround | undefined)[];
  /** Code points (u flag) or code units. */
  readonly unicode: boolean;
  readonly multiline: boolean;
  /** `\w` as `\b` reads it (with `iu`, also ſ and the Kelvin sign). */
  readonly word: CharTest;
  /** The ASCII characters a match can start with, when every match consumes one first; else undefined. */
  readonly first: Uint8Array | undefined;
  /** Whether a match can also start with a non-ASCII character (read with `first`). */
  readonly firstNonAscii: boolean;
  // Scratch: two thread lists, a visit mark per instruction, and the closure stack.
  readonly clist: Int32Array;
  readonly nlist: Int32Array;
  readonly mark: Int32Array;
  readonly stack: Int32Array;
  generation: number;
}

// Compiles a parsed pattern read with `flags`. Throws UnsupportedRegexError when it would exceed MAX_PROGRAM_SIZE.
export function compileProgram(node: RegexNode, flags: string): Program {
  const budget = { left: MAX_PROGRAM_SIZE };
  return build(node, flags, budget, makeCharTest('\\w', flags));
}

function build(node: RegexNode, flags: string, budget: { left: number }, word: CharTest): Program {
  const op: number[] = [];
  const a: number[] = [];
  const b: number[] = [];
  const tests: (CharTest | undefined)[] = [];
  const looks: (Lookaround | undefined)[] = [];
  const push = (code: number, arg = 0, test?: CharTest, look?: Lookaround): number => {
    if (--budget.left < 0) throw new UnsupportedRegexError(`more than ${MAX_PROGRAM_SIZE} instructions once its counted repeats are written out`);
    op.push(code);
    a.push(arg);
    b.push(0);
    tests.push(test);
    looks.push(look);
    return op.length - 1;
  };

  const emit = (n: RegexNode): void => {
    switch (n.kind) {
      case 'char':
        push(OP_CHAR, n.code);
        return;
      case 'set':
        push(OP_SET, 0, n.test);
        return;
      case 'dot':
        push(n.all ? OP_ANY : OP_DOT);
        return;
      case 'assert':
        push(n.what === 'bol' ? OP_BOL : n.what === 'eol' ? OP_EOL : n.what === 'wordb' ? OP_WORDB : OP_NWORDB);
        return;
      case 'look':
        push(OP_LOOK, 0, undefined, { program: build(n.node, flags, budget, word), behind: n.behind, negate: n.negate });
        return;
      case 'seq':
        for (const item of n.items) emit(item);
        return;
      case 'alt': {
        const jumps: number[] = [];
        for (let k = 0; k < n.alts.length - 1; k++) {
          const split = push(OP_SPLIT, op.length + 1);
          emit(n.alts[k]!);
          jumps.push(push(OP_JMP));
          b[split] = op.length;
        }
        emit(n.alts[n.alts.length - 1]!);
        for (const j of jumps) a[j] = op.length;
        return;
      }
      case 'repeat': {
        const size = sizeOf(n.node);
        // (A part that compiles to nothing, `(){1000000}`, repeats nothing; a count past the budget fails at once.)
        if (size === 0) return;
        const total = n.min * size + (n.max === Infinity ? size + 2 : (n.max - n.min) * (size + 1));
        if (total > budget.left) throw new UnsupportedRegexError(`more than ${MAX_PROGRAM_SIZE} instructions once its counted repeats are written out`);
        for (let k = 0; k < n.min; k++) emit(n.node);
        if (n.max === Infinity) {
          const loop = push(OP_SPLIT, op.length + 1);
          emit(n.node);
          push(OP_JMP, loop);
          b[loop] = op.length;
        } else {
          // x{0,3} as (x(x(x)?)?)?: each optional copy skips to the end.
          const splits: number[] = [];
          for (let k = n.min; k < n.max; k++) {
            splits.push(push(OP_SPLIT, op.length + 1));
            emit(n.node);
          }
          for (const s of splits) b[s] = op.length;
        }
        return;
      }
    }
  };

  emit(node);
  push(OP_MATCH);
  const size = op.length;
  const ops = Uint8Array.from(op);
  const starts = firstSet(ops, Int32Array.from(a), Int32Array.from(b), tests);
  return {
    size,
    op: ops,
    a: Int32Array.from(a),
    b: Int32Array.from(b),
    tests,
    looks,
    unicode: flags.includes('u'),
    multiline: flags.includes('m'),
    word,
    first: starts?.ascii,
    firstNonAscii: starts?.nonAscii ?? true,
    clist: new Int32Array(size),
    nlist: new Int32Array(size),
    mark: new Int32Array(size),
    stack: new Int32Array(2 * size + 2),
    generation: 0,
  };
}

// How many instructions a node compiles to (its lookarounds' own programs not counted: one instruction each).
function sizeOf(n: RegexNode): number {
  switch (n.kind) {
    case 'seq':
      return n.items.reduce((sum, item) => sum + sizeOf(item), 0);
    case 'alt':
      return n.alts.reduce((sum, alt) => sum + sizeOf(alt), 0) + 2 * (n.alts.length - 1);
    case 'repeat': {
      const size = sizeOf(n.node);
      if (size === 0) return 0;
      return n.min * size + (n.max === Infinity ? size + 2 : (n.max - n.min) * (size + 1));
    }
    default:
      return 1;
  }
}

// The characters a match can start with, read from the instructions reachable from the start without
// consuming: undefined when an assertion, a lookaround or an empty match is among them (then every
// position is tried), or when `.` is (any character can start one).
function firstSet(op: Uint8Array, a: Int32Array, b: Int32Array, tests: readonly (CharTest | undefined)[]): { ascii: Uint8Array; nonAscii: boolean } | undefined {
  const ascii = new Uint8Array(128);
  let nonAscii = false;
  const seen = new Set<number>();
  const todo = [0];
  while (todo.length > 0) {
    const pc = todo.pop()!;
    if (seen.has(pc)) continue;
    seen.add(pc);
    switch (op[pc]) {
      case OP_SPLIT:
        todo.push(a[pc]!, b[pc]!);
        break;
      case OP_JMP:
        todo.push(a[pc]!);
        break;
      case OP_CHAR:
        if (a[pc]! < 128) ascii[a[pc]!] = 1;
        else nonAscii = true;
        break;
      case OP_SET:
        for (let c = 0; c < 128; c++) if (tests[pc]!(c)) ascii[c] = 1;
        nonAscii = true;
        break;
      default:
        return undefined;
    }
  }
  return { ascii, nonAscii };
}
