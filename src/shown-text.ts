// A dispatch's result is what a harness shows a person (a block's `reason`, `systemMessage`, `stopReason`,
// Cursor's `userMessage` / `agentMessage`, a permission's reason, the model text it prints in the
// transcript) and what it acts on (a rewritten tool input, exported variables). Every profile's result
// passes through here once, synchronously, as the dispatch run that made it settles it (dispatch-run.ts,
// parallel-run.ts; a profile's own steps after that add only text of ours): each text field has terminal control removed —
// escape sequences (an OSC 52 clipboard write, `\x1b[2K` erasing a line), carriage returns (a CRLF
// becomes a newline; a lone CR, which would let the text after it overwrite the text before, is
// removed), other C0 and C1 controls — keeping tabs and newlines. The fields that are data stay exact.
// The result's `runs` are the raw record of each hook (its stdout and stderr as written) and stay too.
import { isPlainObject } from './plain-object.js';
import { stripTerminalControls } from './terminal-text.js';

// Data a harness acts on, at any depth: kept byte for byte (a rewritten command may legitimately hold a CR).
// (Rewrites of a tool's input or output, a model request or response, a prompt; permissions, variables, paths.)
const DATA_KEYS: ReadonlySet<string> = new Set([
  'runs',
  'updatedInput',
  'updated_input',
  'tool_input',
  'toolArgs',
  'modifiedArgs',
  'modifiedResult',
  'modifiedResponse',
  'modifiedTransformedPrompt',
  'updatedMCPToolOutput',
  'updated_mcp_tool_output',
  'llm_request',
  'llm_response',
  'toolConfig',
  'updatedPermissions',
  'env',
  'pluginPaths',
]);
// Shown text sits a few levels down at most (`hookSpecificOutput.permissionDecisionReason`,
// `modelText.toolResult.text`); deeper values are a hook's own data and are left as they are.
const MAX_DEPTH = 4;
// (What stripTerminalControls removes: C0 but tab and newline, DEL, C1, bidirectional overrides and isolates.)
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;

// The result with its shown text cleaned: the same object when nothing needed it (the usual case, no
// copy), else a copy with the cleaned fields — never a change to an object a hook or handler returned.
export function cleanShownText<T>(result: T): T {
  return clean(result, 0) as T;
}

function clean(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return cleanString(value);
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      // Fast path: numbers, booleans and the like are left as they are without a call.
      if (item === null || (typeof item !== 'string' && typeof item !== 'object')) continue;
      const cleaned = clean(item, depth + 1);
      if (cleaned !== item) (out ??= value.slice())[i] = cleaned;
    }
    return out ?? value;
  }
  if (!isPlainObject(value)) return value;
  let out: Record<string, unknown> | undefined;
  // Fast path: `for…in` allocates no key list (a plain object: its own keys, and none inherited but from a
  // null or Object prototype, which has no enumerable ones); most fields are booleans or data, skipped at once.
  for (const key in value) {
    const item = value[key];
    if (item === null || (typeof item !== 'string' && typeof item !== 'object') || DATA_KEYS.has(key)) continue;
    const cleaned = clean(item, depth + 1);
    // (defineProperty: a key named `__proto__` from a hook's JSON stays a key.)
    if (cleaned !== item) Object.defineProperty((out ??= { ...value }), key, { value: cleaned, enumerable: true, writable: true, configurable: true });
  }
  return out ?? value;
}

function cleanString(value: string): string {
  return CONTROL.test(value) ? stripTerminalControls(value.replace(/\r\n/g, '\n')) : value;
}
