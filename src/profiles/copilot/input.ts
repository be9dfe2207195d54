// What a copilot hook reads on stdin, in the form its config key chose (REF; CL 1.0.21, spec §3.2–§3.3):
// - camelCase key: `{ sessionId, timestamp (epoch ms), cwd, ...event fields }`, `toolArgs` an *object* (the
//   binary, fixtures/copilot/oracle/01: `"toolArgs":{"command":"echo tool-ran",…}`; the docs' example shows a
//   JSON string, which 1.0.102 does not send);
// - PascalCase key ("VS Code compatible"): `{ hook_event_name, session_id, timestamp (ISO), cwd, ... }` with
//   snake_case names, `tool_input` an object, and on tool events `tool_name` the Claude name.
// Only the fields Copilot sends: nothing else of the payload passes.
import type { HookSession } from '../../types.js';
import { claudeToolName, type CopilotEventSpec } from './events.js';
import { isoTime } from '../../iso-time.js';

/** The camelCase hook input with `toolArgs` as a value: what in-process handlers get, and both forms' source. */
export function makeHookInput(spec: CopilotEventSpec, session: Readonly<HookSession>, projectDir: string, p: Record<string, unknown>): Record<string, unknown> {
  const permission = spec.name === 'permissionRequest';
  const input: Record<string, unknown> = {
    // permissionRequest's stdin starts with its hook's name (the binary, oracle 01).
    ...(permission ? { hookName: 'permissionRequest' } : {}),
    sessionId: p.sessionId ?? session.sessionId ?? '',
    // A timestamp that is not a finite epoch a Date can hold (NaN, 1e20) is replaced by now: NaN would be
    // sent as `null`, and the PascalCase form's toISOString() would throw.
    timestamp: validTimestamp(p.timestamp) ? p.timestamp : Date.now(),
    cwd: p.cwd ?? session.cwd ?? projectDir,
  };
  for (const key of spec.keys) {
    const value = key === 'hook_event_name' ? 'Notification' : p[key];
    if (value !== undefined) input[key] = value;
  }
  if (spec.name === 'agentStop' && input.stop_hook_active === undefined) input.stop_hook_active = false;
  if (permission && input.permissionSuggestions === undefined) input.permissionSuggestions = [];
  if (typeof p.traceparent === 'string') input.traceparent = p.traceparent;
  if (typeof p.tracestate === 'string') input.tracestate = p.tracestate;
  return input;
}

// ECMAScript's Date range: ±8.64e15 ms.
const validTimestamp = (t: unknown): t is number => typeof t === 'number' && Number.isFinite(t) && Math.abs(t) <= 8.64e15;

/**
 * A camelCase hook's stdin: the input as it is, `toolArgs` the value the payload gave (an object, as the
 * binary sends it; a string stays a string — apply_patch's, unobserved offline, see the oracle's FINDINGS.md).
 */
export function camelStdin(input: Record<string, unknown>): Record<string, unknown> {
  return input;
}

const SNAKE: ReadonlyMap<string, string> = new Map([
  ['toolName', 'tool_name'],
  ['toolArgs', 'tool_input'],
  ['toolInput', 'tool_input'],
  ['toolResult', 'tool_result'],
  ['initialPrompt', 'initial_prompt'],
  ['transcriptPath', 'transcript_path'],
  ['stopReason', 'stop_reason'],
  ['agentId', 'agent_id'],
  ['agentType', 'agent_type'],
  ['agentName', 'agent_name'],
  ['agentDisplayName', 'agent_display_name'],
  ['agentDescription', 'agent_description'],
  ['response', 'last_assistant_message'],
  ['errorContext', 'error_context'],
  ['customInstructions', 'custom_instructions'],
  ['transformedPrompt', 'transformed_prompt'],
]);
const COMMON: ReadonlySet<string> = new Set(['sessionId', 'timestamp', 'cwd', 'hook_event_name', 'hookName']);

/** A PascalCase hook's stdin (permissionRequest's is the camelCase one: the binary, oracle 01 pascal-all-events). */
export function pascalStdin(spec: CopilotEventSpec, input: Record<string, unknown>): Record<string, unknown> {
  if (spec.name === 'permissionRequest') return input;
  const out: Record<string, unknown> = {
    hook_event_name: spec.pascal,
    session_id: input.sessionId,
    timestamp: isoTime(input.timestamp as number),
    cwd: input.cwd,
  };
  for (const [key, value] of Object.entries(input)) {
    if (COMMON.has(key)) continue;
    const name = SNAKE.get(key) ?? key;
    if (key === 'toolName') out.tool_name = spec.tool && typeof value === 'string' ? claudeToolName(value) : value;
    // "parsed from JSON string when possible" (REF): an object, or the string when it is not JSON.
    else if (key === 'toolArgs' && typeof value === 'string') out.tool_input = parseOr(value);
    else if (key === 'toolResult' && value !== null && typeof value === 'object') {
      const r = value as { resultType?: unknown; textResultForLlm?: unknown };
      out.tool_result = { result_type: r.resultType, text_result_for_llm: r.textResultForLlm };
    } else out[name] = value;
  }
  return out;
}

function parseOr(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
