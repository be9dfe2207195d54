// A JavaScript regular expression whose test does bounded work: parsed (parse.ts), compiled into an NFA
// program (program.ts) and run as a Pike VM (pike-vm.ts), in time linear in the value for a given
// pattern, and counted: a test that would take more than MATCH_BUDGET steps stops and answers "could not
// decide". Matchers test values the model controls in the harness's own thread, where no deadline can
// interrupt a native RegExp that backtracks (`.{0,16}` eight times then `Z` took 20 s on 60 characters).
import { parseRegex } from './parse.js';
import { compileProgram, type Program } from './program.js';
import { runProgram } from './pike-vm.js';

export { UnsupportedRegexError } from './parse.js';
export { MAX_PROGRAM_SIZE } from './program.js';

/**
 * The instruction visits one test may make: about 10–30 ms of work. An ordinary matcher on a tool name
 * takes a few hundred; a 100 kB shell command against `rm\s+-rf|curl|wget` about a million at most.
 */
export const MATCH_BUDGET = 2_000_000;

/** A compiled pattern. */
export interface BoundedRegex {
  /** Whether the pattern matches somewhere in `value`; undefined when that took more than `budget` steps. */
  test(value: string, budget?: number): boolean | undefined;
}

// Compiles `source` read with `flags` (which the native RegExp must accept first: this reads valid
// patterns only). Throws UnsupportedRegexError for what it does not run: backreferences, the `v` flag,
// a pattern of more than MAX_PROGRAM_SIZE instructions once its counted repeats are written out.
export function compileBoundedRegex(source: string, flags: string): BoundedRegex {
  const program: Program = compileProgram(parseRegex(source, flags), flags);
  return { test: (value, budget = MATCH_BUDGET) => runProgram(program, value, budget) };
}
