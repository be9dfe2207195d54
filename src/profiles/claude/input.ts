// The hook input of a claude dispatch, in Claude Code's key order: its common fields, `hook_event_name`,
// then the event's own. Claude Code 2.1.328 builds every input as `{ ...base, hook_event_name, ...fields }`
// where `base` is `{ session_id, transcript_path, cwd, scratchpad_dir, prompt_id, permission_mode,
// agent_id, agent_type, effort }` (read from the binary; the stdin of
// fixtures/claude/oracle/conformance/16-stdin-env-all-events.json shows it). So a common field sits in its
// base place on every event, even where the event sets it (SessionStart's and SubagentStop's `agent_type`),
// and the payload's other fields follow `hook_event_name` in the payload's order. A common field comes from
// the payload, else (session_id, transcript_path, cwd) from the session; one that neither has is left out,
// as Claude Code's JSON leaves out its undefined ones. The input carries the payload's own enumerable
// string-keyed fields, as JSON can (a symbol-keyed one is not passed on).
//
// Fast path [tapable]: each payload shape an event sees (its keys in order, and which of the session's
// fields are known) gets a function compiled once that builds the input as one object literal: every input
// of that shape shares one hidden class, with no spread and no store that adds a property (≈15 ns, against
// ≈45 ns for a spread in the middle of a literal, and ≈160 ns when the payload carries common fields). A
// payload is told to be of a shape by walking its keys (`for…in`) against the shape's. Past
// `SHAPES_PER_EVENT` shapes, on a key `__proto__` (a literal would set the prototype), on more than
// `MAX_SHAPE_KEYS` keys, on inherited enumerable keys, or where code generation from strings is
// disallowed, the same input is built by `buildHookInput`.
import type { HookSession } from '../../types.js';

/** Claude Code's common fields, in its order; each comes before `hook_event_name`. */
export const CLAUDE_COMMON_FIELDS = ['session_id', 'transcript_path', 'cwd', 'scratchpad_dir', 'prompt_id', 'permission_mode', 'agent_id', 'agent_type', 'effort'] as const;

type Payload = Record<string, unknown>;
type Build = (p: Payload, sid: unknown, tp: unknown, cwd: unknown, event: string) => Record<string, unknown> | undefined;

// The session's fields a shape has (bit 1: session_id, bit 2: transcript_path).
const SESSION_ID = 1;
const TRANSCRIPT = 2;

/** How many payload shapes an event compiles a builder for (then the rest are built by `buildHookInput`). */
export const SHAPES_PER_EVENT = 8;
/** A payload with more keys than this is built by `buildHookInput`. */
export const MAX_SHAPE_KEYS = 64;

const isCommon = (key: string): boolean => (CLAUDE_COMMON_FIELDS as readonly string[]).includes(key) || key === 'hook_event_name';

// The session's transcript path, when it has one (`null`: none).
const transcriptOf = (session: Readonly<HookSession>): string | undefined => (typeof session.transcriptPath === 'string' ? session.transcriptPath : undefined);

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
  // Set once a shape could not be compiled: code generation is disallowed, so none will be.
  #noCodegen = false;

  constructor(event: string) {
    this.#event = event;
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
      if (same && i === keys.length) return shape.build(p, sid, tp, session.cwd ?? process.cwd(), this.#event) ?? buildHookInput(session, p, this.#event);
    }
    if (shapes.length < SHAPES_PER_EVENT && !this.#noCodegen) {
      const shape = this.#learn(p, mask);
      if (shape !== undefined) {
        shapes.push(shape);
        return shape.build(p, sid, tp, session.cwd ?? process.cwd(), this.#event) ?? buildHookInput(session, p, this.#event);
      }
    }
    return buildHookInput(session, p, this.#event);
  }

  // A builder for this payload's shape, or undefined when it must not have one.
  #learn(p: Payload, mask: number): Shape | undefined {
    const keys: string[] = [];
    for (const key in p) {
      // An inherited key (a prototype with enumerable fields) is not the payload's own: no shape.
      if (!Object.hasOwn(p, key) || key === '__proto__' || keys.length === MAX_SHAPE_KEYS) return undefined;
      keys.push(key);
    }
    const has = new Set(keys);
    const q = JSON.stringify;
    // A common field the payload has is read once into a local; one set to undefined falls back as if
    // absent, which the literal cannot say: the builder answers undefined and buildHookInput builds it.
    const reads: string[] = [];
    const fields: string[] = [];
    for (const key of CLAUDE_COMMON_FIELDS) {
      if (has.has(key)) {
        const local = `c${reads.length}`;
        reads.push(`const ${local} = p[${q(key)}]; if (${local} === undefined) return undefined;`);
        fields.push(`${q(key)}: ${local}`);
      } else if (key === 'session_id' && (mask & SESSION_ID) !== 0) fields.push(`${q(key)}: sid`);
      else if (key === 'transcript_path' && (mask & TRANSCRIPT) !== 0) fields.push(`${q(key)}: tp`);
      else if (key === 'cwd') fields.push(`${q(key)}: cwd`);
    }
    fields.push('"hook_event_name": event');
    for (const key of keys) if (!isCommon(key)) fields.push(`${q(key)}: p[${q(key)}]`);
    try {
      // The keys are JSON string literals (never code), and `__proto__` is refused above.
      const build = new Function('p', 'sid', 'tp', 'cwd', 'event', `${reads.join(' ')} return { ${fields.join(', ')} };`) as Build;
      return { keys, mask, build };
    } catch {
      this.#noCodegen = true;
      return undefined;
    }
  }
}

/** The hook input, built field by field: what every compiled shape builds too. */
export function buildHookInput(session: Readonly<HookSession>, payload: object, event: string): Record<string, unknown> {
  const p = payload as Payload;
  const input: Record<string, unknown> = {};
  for (const key of CLAUDE_COMMON_FIELDS) {
    let value = Object.hasOwn(p, key) ? p[key] : undefined;
    if (value === undefined) value = key === 'session_id' ? session.sessionId : key === 'transcript_path' ? transcriptOf(session) : key === 'cwd' ? (session.cwd ?? process.cwd()) : undefined;
    if (value !== undefined) input[key] = value;
  }
  input.hook_event_name = event;
  for (const key in p) {
    if (!Object.hasOwn(p, key) || isCommon(key)) continue;
    // `__proto__` as an own field (JSON.parse makes one) stays a field, never the input's prototype.
    if (key === '__proto__') Object.defineProperty(input, key, { value: p[key], writable: true, enumerable: true, configurable: true });
    else input[key] = p[key];
  }
  return input;
}
