// Runs a compiled program over a value as a Pike VM (a Thompson simulation): every thread steps one
// character at a time, and an instruction holds at most one thread per position, so a run visits at most
// (value length + 1) × (program size) instructions whatever the pattern, with no backtracking. Each visit
// is counted against a budget shared with the run's lookarounds; past it the run stops and says so.
import { isLineTerminator } from './char-test.js';
import * as ops from './program.js';
import type { Program } from './program.js';

// Read once into module constants: an imported binding can be a getter once transpiled (tsx, vitest),
// and the switch below reads one per visited instruction.
const { OP_BOL, OP_CHAR, OP_DOT, OP_EOL, OP_JMP, OP_LOOK, OP_MATCH, OP_NWORDB, OP_SET, OP_SPLIT, OP_WORDB } = ops;

/** The work one test may do, and what it has done; lookarounds' answers per position are kept. */
interface Run {
  steps: number;
  readonly budget: number;
  readonly input: string;
  memo: Map<Program, Int8Array> | undefined;
}

const EXCEEDED = Symbol('budget exceeded');

// Whether `program` matches somewhere in `input`; undefined when that could not be decided within
// `budget` instruction visits.
export function runProgram(program: Program, input: string, budget: number): boolean | undefined {
  const run: Run = { steps: 0, budget, input, memo: undefined };
  try {
    return search(program, run, 0, false, -1);
  } catch (error) {
    if (error === EXCEEDED) return undefined;
    throw error;
  }
}

// Runs from `start` (only there when `anchored`, else at every position from it); with `end` ≥ 0 a match
// must end exactly there (a lookbehind), else anywhere.
function search(p: Program, run: Run, start: number, anchored: boolean, end: number): boolean {
  const input = run.input;
  const len = input.length;
  const limit = end < 0 ? len : end;
  const { op, a, tests, unicode, first, firstNonAscii } = p;
  let clist = p.clist;
  let nlist = p.nlist;
  let ccount = 0;
  let pos = start;
  nextGeneration(p);
  for (;;) {
    if (!anchored || pos === start) {
      // Fast path: no thread in flight, skip to where a match can start (`mcp__…` skips to an `m`).
      if (ccount === 0 && first !== undefined && end < 0) {
        while (pos < len) {
          const c = input.charCodeAt(pos);
          if (c < 128 ? first[c] === 1 : firstNonAscii) break;
          pos++;
        }
        if (pos >= len) return false;
      }
      ccount = addThread(p, run, clist, ccount, 0, pos, end);
      if (ccount < 0) return true;
    }
    if (ccount === 0 && anchored) return false;
    if (pos >= limit) return false;
    let c = input.charCodeAt(pos);
    let width = 1;
    if (unicode && c >= 0xd800 && c <= 0xdbff && pos + 1 < len) {
      const d = input.charCodeAt(pos + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        c = ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000;
        width = 2;
      }
    }
    nextGeneration(p);
    let ncount = 0;
    run.steps += ccount;
    for (let k = 0; k < ccount; k++) {
      const pc = clist[k]!;
      let ok: boolean;
      switch (op[pc]) {
        case OP_CHAR:
          ok = c === a[pc];
          break;
        case OP_SET:
          ok = tests[pc]!(c);
          break;
        case OP_DOT:
          ok = !isLineTerminator(c);
          break;
        default:
          ok = true; // OP_ANY
      }
      if (ok) {
        ncount = addThread(p, run, nlist, ncount, pc + 1, pos + width, end);
        if (ncount < 0) return true;
      }
    }
    if (run.steps > run.budget) throw EXCEEDED;
    pos += width;
    const swap = clist;
    clist = nlist;
    nlist = swap;
    ccount = ncount;
  }
}

function nextGeneration(p: Program): void {
  if (++p.generation === 0x7fffffff) {
    p.mark.fill(0);
    p.generation = 1;
  }
}

// Adds the thread at `pc` to `list` at position `pos`, following jumps, forks and assertions (each
// instruction once per position); returns the list's new length, or -1 when a match was reached.
function addThread(p: Program, run: Run, list: Int32Array, count: number, pc0: number, pos: number, end: number): number {
  const op = p.op;
  const a = p.a;
  const mark = p.mark;
  const stack = p.stack;
  const generation = p.generation;
  const input = run.input;
  let visits = 0;
  let top = 0;
  stack[top++] = pc0;
  while (top > 0) {
    const pc = stack[--top]!;
    if (mark[pc] === generation) continue;
    mark[pc] = generation;
    visits++;
    switch (op[pc]) {
      case OP_JMP:
        stack[top++] = a[pc]!;
        break;
      case OP_SPLIT:
        stack[top++] = p.b[pc]!;
        stack[top++] = a[pc]!;
        break;
      case OP_BOL:
        if (pos === 0 || (p.multiline && isLineTerminator(input.charCodeAt(pos - 1)))) stack[top++] = pc + 1;
        break;
      case OP_EOL:
        if (pos === input.length || (p.multiline && isLineTerminator(input.charCodeAt(pos)))) stack[top++] = pc + 1;
        break;
      case OP_WORDB:
      case OP_NWORDB: {
        const before = pos > 0 && p.word(input.charCodeAt(pos - 1));
        const after = pos < input.length && p.word(input.charCodeAt(pos));
        if ((before !== after) === (op[pc] === OP_WORDB)) stack[top++] = pc + 1;
        break;
      }
      case OP_LOOK:
        if (lookaround(p, pc, run, pos)) stack[top++] = pc + 1;
        break;
      case OP_MATCH:
        if (end < 0 || pos === end) return -1;
        break;
      default:
        list[count++] = pc;
    }
  }
  run.steps += visits;
  return count;
}

// A lookaround's answer at `pos`, worked out once per position (so a run stays within n² × its size).
function lookaround(p: Program, pc: number, run: Run, pos: number): boolean {
  const look = p.looks[pc]!;
  run.memo ??= new Map();
  let memo = run.memo.get(look.program);
  if (memo === undefined) run.memo.set(look.program, (memo = new Int8Array(run.input.length + 1)));
  if (memo[pos] === 0) {
    // (The sub-run reuses its own program's scratch space: a program never contains itself.)
    const found = look.behind ? search(look.program, run, 0, false, pos) : search(look.program, run, pos, true, -1);
    memo[pos] = found ? 1 : 2;
  }
  return (memo[pos] === 1) !== look.negate;
}
