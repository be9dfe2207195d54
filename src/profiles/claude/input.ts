// The hook input of a claude dispatch, in Claude Code's key order: its common fields, `hook_event_name`,
// then the event's own. Claude Code 2.1.328 builds every input as `{ ...base, hook_event_name, ...fields }`
// where `base` is `{ session_id, transcript_path, cwd, scratchpad_dir, prompt_id, permission_mode,
// agent_id, agent_type, effort }` (read from the binary; the stdin recorded in
// fixtures/claude/oracle/conformance/16-stdin-*.json shows it). So a common field sits in its base place on
// every event, even where the event sets it (SessionStart's `agent_type`), and the payload's other fields
// follow `hook_event_name` in the payload's order. A common field comes from the payload, else
// (session_id, transcript_path, cwd) from the session; one that neither has, or that is undefined, is left
// out, as Claude Code's JSON leaves out its undefined ones. What is passed on is the payload's own
// enumerable string-keyed fields, as JSON can carry them: not symbol-keyed ones, not inherited ones. The
// payload's keys are taken first and its values read once each after (a getter that adds or deletes a key
// meanwhile changes nothing of which keys there are).
//
// Fast path [tapable]: each payload shape an event sees (its keys in order, and which of the session's
// fields are known) gets a function compiled once that builds the input as one object literal: every input
// of that shape shares one hidden class, with no spread and no store that adds a property. ≈25 ns, against
// ≈50 ns for a spread in the middle of a literal; ≈35 ns against ≈180 ns when the payload has common
// fields. A payload is told to be of a shape by walking its keys (`for…in`) against the shape's, which are
// own keys: for…in lists a prototype's enumerable keys (a polluted Object.prototype's too) after the own
// ones, so the last key being the payload's own says every one is. The shapes are the event's, shared by
// every registry in the process (the view is). Past `SHAPES_PER_EVENT` shapes, on a key `__proto__` (a
// literal would set the prototype), past `MAX_SHAPE_KEYS` keys or `MAX_SHAPE_KEY_CHARS` characters of
// them, or where code generation from strings is disallowed, `buildHookInput` builds the same input.
import type { HookSession } from '../../types.js';

/** Claude Code's common fields, in its order; each comes before `hook_event_name`. */
export const CLAUDE_COMMON_FIELDS = ['session_id', 'transcript_path', 'cwd', 'scratchpad_dir', 'prompt_id', 'permission_mode', 'agent_id', 'agent_type', 'effort'] as const;

type Payload = Record<string, unknown>;
type Build = (p: Payload, s: Readonly<HookSession>, sid: string | undefined, tp: string | undefined, event: string) => Record<string, unknown>;

// The session's fields a shape has (bit 1: session_id, bit 2: transcript_path).
const SESSION_ID = 1;
const TRANSCRIPT = 2;

/** How many payload shapes an event compiles a builder for (the rest are built by `buildHookInput`). */
export const SHAPES_PER_EVENT = 8;
/** A payload with more keys than this is built by `buildHookInput`. */
export const MAX_SHAPE_KEYS = 64;
/** ...and one whose keys have more characters than this in all (a shape keeps its keys and its source). */
export const MAX_SHAPE_KEY_CHARS = 2048;

const COMMON: ReadonlySet<string> = new Set([...CLAUDE_COMMON_FIELDS, 'hook_event_name']);

// The session's transcript path, when it has one (`null`: none).
const transcriptOf = (session: Readonly<HookSession>): string | undefined => (typeof session.transcriptPath === 'string' ? session.transcriptPath : undefined);
const cwdOf = (session: Readonly<HookSession>): string => session.cwd ?? process.cwd();

// A payload shape: its keys in order, the session bits, and the function that builds its inputs.
interface Shape {
  readonly keys: readonly string[];
  readonly mask: number;
  readonly build: Build;
}

/** Builds one event's hook inputs. Made once per event (it rides on the event's view). */
export class HookInputBuilder {
  readonly #event: string;
  readonly #shapes: Shape[] = [];
  // Set once code generation from strings turned out to be disallowed: no shape will compile.
  #noCodegen = false;

  constructor(event: string) {
    this.#event = event;
  }

  /** For tests: how many shapes have a compiled builder. */
  get compiledShapes(): number {
    return this.#shapes.length;
  }

  build(session: Readonly<HookSession>, payload: object): Record<string, unknown> {
    const p = payload as Payload;
    const sid = session.sessionId;
    const tp = transcriptOf(session);
    const mask = (sid === undefined ? 0 : SESSION_ID) | (tp === undefined ? 0 : TRANSCRIPT);
    const shapes = this.#shapes;
    for (let s = 0; s < shapes.length; s++) {
      const shape = shapes[s]!;
      if (shape.mask !== mask) continue;
      const keys = shape.keys;
      let i = 0;
      let same = true;
      for (const key in p) {
        if (keys[i++] !== key) {
          same = false;
          break;
        }
      }
      // for…in lists a prototype's enumerable keys after all the own ones: the last one own, all are.
      if (same && i === keys.length && (i === 0 || Object.hasOwn(p, keys[i - 1]!))) return shape.build(p, session, sid, tp, this.#event);
    }
    if (shapes.length < SHAPES_PER_EVENT && !this.#noCodegen) {
      const shape = this.#learn(p, mask);
      if (shape !== undefined) {
        shapes.push(shape);
        return shape.build(p, session, sid, tp, this.#event);
      }
    }
    return buildHookInput(session, p, this.#event);
  }

  // A builder for this payload's shape, or undefined when it must not have one.
  #learn(p: Payload, mask: number): Shape | undefined {
    const keys: string[] = [];
    let chars = 0;
    for (const key in p) {
      chars += key.length;
      // An inherited key is not the payload's own: no shape (buildHookInput leaves it out).
      if (!Object.hasOwn(p, key) || key === '__proto__' || keys.length === MAX_SHAPE_KEYS || chars > MAX_SHAPE_KEY_CHARS) return undefined;
      keys.push(key);
    }
    try {
      const rest = keys.filter((k) => !COMMON.has(k));
      const make = new Function('assemble', 'cwdOf', 'rest', `return function (p, s, sid, tp, event) {\n${shapeSource(keys, mask)}\n};`) as (
        a: typeof assemble,
        c: typeof cwdOf,
        r: readonly string[],
      ) => Build;
      return { keys, mask, build: make(assemble, cwdOf, rest) };
    } catch (error) {
      // EvalError: code generation from strings is disallowed (a policy, CSP, a flag) for good.
      if (error instanceof EvalError) this.#noCodegen = true;
      return undefined;
    }
  }
}

// The body of a shape's builder. Its keys are JSON string literals, never code (`__proto__` is refused
// before). A common field the payload has is read once into a local; when one is undefined, `assemble`
// builds the input from those same readings, as buildHookInput does.
function shapeSource(keys: readonly string[], mask: number): string {
  const q = JSON.stringify;
  const has = new Set(keys);
  const locals = new Map<string, string>();
  for (const key of CLAUDE_COMMON_FIELDS) if (has.has(key)) locals.set(key, `c${locals.size}`);
  const literal: string[] = [];
  for (const key of CLAUDE_COMMON_FIELDS) {
    const value =
      locals.get(key) ??
      (key === 'session_id' && (mask & SESSION_ID) !== 0 ? 'sid' : key === 'transcript_path' && (mask & TRANSCRIPT) !== 0 ? 'tp' : key === 'cwd' ? 'cwdOf(s)' : undefined);
    if (value !== undefined) literal.push(`${q(key)}: ${value}`);
  }
  literal.push('"hook_event_name": event');
  for (const key of keys) if (!COMMON.has(key)) literal.push(`${q(key)}: p[${q(key)}]`);
  const reads = [...locals].map(([key, local]) => `const ${local} = p[${q(key)}];`);
  const anyUnset = [...locals.values()].map((local) => `${local} === undefined`).join(' || ');
  const readings = `[${CLAUDE_COMMON_FIELDS.map((key) => locals.get(key) ?? 'undefined').join(', ')}]`;
  return [...reads, anyUnset === '' ? '' : `if (${anyUnset}) return assemble(s, ${readings}, p, rest, event);`, `return { ${literal.join(', ')} };`].join('\n');
}

// Defines a field (never a setter's call, were one planted on Object.prototype; never the prototype).
function define(o: object, key: string, value: unknown): void {
  Object.defineProperty(o, key, { value, writable: true, enumerable: true, configurable: true });
}

/** The hook input, built field by field: what every compiled shape builds too. */
export function buildHookInput(session: Readonly<HookSession>, payload: object, event: string): Record<string, unknown> {
  const p = payload as Payload;
  // The payload's own enumerable string keys, taken before any value is read.
  const keys = Object.keys(p);
  const own = new Set(keys);
  const readings = CLAUDE_COMMON_FIELDS.map((key) => (own.has(key) ? p[key] : undefined));
  return assemble(session, readings, p, keys.filter((k) => !COMMON.has(k)), event);
}

// The input from the common fields' readings (in CLAUDE_COMMON_FIELDS order; undefined: the payload has
// none) and the payload's other keys, whose values are read here, after the common ones.
function assemble(session: Readonly<HookSession>, readings: readonly unknown[], p: Payload, rest: readonly string[], event: string): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  CLAUDE_COMMON_FIELDS.forEach((key, i) => {
    let value = readings[i];
    if (value === undefined) value = key === 'session_id' ? session.sessionId : key === 'transcript_path' ? transcriptOf(session) : key === 'cwd' ? cwdOf(session) : undefined;
    if (value !== undefined) define(input, key, value);
  });
  define(input, 'hook_event_name', event);
  for (const key of rest) define(input, key, p[key]);
  return input;
}
