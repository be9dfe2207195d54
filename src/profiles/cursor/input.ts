// What a cursor hook reads on stdin (spec §2): one flat snake_case object, the common fields then the
// event's own, and nothing else of the payload. The registry fills the common fields from the session
// when the payload has none: conversation_id (and session_id, which 3.9.16 sends on every event, E-rosetta)
// from the sessionId, workspace_roots from projectDir, hook_event_name from the event.
// Shapes as Cursor sends them: tool_input is an object on the generic tool events and a JSON string on
// the MCP ones (§2.2; a string given for an object is parsed, an object given for a string serialized),
// as are result_json and tool_output.
import type { HookSession } from '../../types.js';
import type { CursorEventSpec } from './events.js';

export interface InputDefaults {
  readonly session: Readonly<HookSession>;
  readonly projectDir: string;
  readonly cursorVersion: string;
  readonly userEmail: string | null;
}

/** A payload's conversation: its `conversation_id`, else the session's id, else "". */
export const conversationOf = (session: Readonly<HookSession>, p: Record<string, unknown>): string => (typeof p.conversation_id === 'string' ? p.conversation_id : (session.sessionId ?? ''));

/** The stdin of `spec`'s hooks for payload `p`; `loopCount` fills stop / subagentStop's loop_count. */
export function makeHookInput(spec: CursorEventSpec, d: InputDefaults, p: Record<string, unknown>, loopCount: number | undefined): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  const conversation = conversationOf(d.session, p);
  if (!spec.appLevel) {
    input.conversation_id = conversation;
    input.generation_id = p.generation_id ?? '';
    input.model = p.model ?? '';
    if (p.model_id !== undefined) input.model_id = p.model_id;
    if (p.model_params !== undefined) input.model_params = p.model_params;
  }
  input.hook_event_name = spec.name;
  input.cursor_version = p.cursor_version ?? d.cursorVersion;
  input.workspace_roots = Array.isArray(p.workspace_roots) ? p.workspace_roots : [d.projectDir];
  input.user_email = p.user_email ?? d.userEmail;
  if (!spec.appLevel) {
    input.transcript_path = p.transcript_path ?? d.session.transcriptPath ?? null;
    input.session_id = p.session_id ?? conversation;
  }
  for (const key of spec.keys) {
    let value = p[key];
    if (key === 'loop_count' && value === undefined) value = loopCount ?? 0;
    if (key === 'status' && value === undefined) value = 'completed';
    if (value === undefined) continue;
    if (spec.stringFields.includes(key)) value = typeof value === 'string' ? value : jsonText(value);
    else if (key === 'tool_input' && typeof value === 'string') value = parseOr(value);
    input[key] = value;
  }
  return input;
}

/** The variables Cursor gives every hook process (§5), from its stdin; plugin roots are added by the entry. */
export function hookEnv(input: Record<string, unknown>): Record<string, string> {
  const roots = input.workspace_roots as unknown[];
  const env: Record<string, string> = {};
  if (typeof roots[0] === 'string') env.CURSOR_PROJECT_DIR = env.CLAUDE_PROJECT_DIR = roots[0];
  if (typeof input.cursor_version === 'string') env.CURSOR_VERSION = input.cursor_version;
  if (typeof input.user_email === 'string') env.CURSOR_USER_EMAIL = input.user_email;
  if (typeof input.transcript_path === 'string') env.CURSOR_TRANSCRIPT_PATH = input.transcript_path;
  return env;
}

// A value as JSON text; one JSON cannot write (nested too deep, cyclic) is left as it is, so that the
// dispatch refuses it to every hook (src/unsendable.ts) instead of the run throwing here.
function jsonText(value: unknown): unknown {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch {
    return value;
  }
}

function parseOr(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

// The variables a cursor hook process is given (hookEnv, and a plugin's roots).
const HOOK_VARIABLES = 'CURSOR_PLUGIN_ROOT|CLAUDE_PLUGIN_ROOT|CURSOR_PROJECT_DIR|CLAUDE_PROJECT_DIR|CURSOR_VERSION|CURSOR_USER_EMAIL|CURSOR_TRANSCRIPT_PATH';
const SH_REFERENCE = new RegExp(`\\$(?:\\{(${HOOK_VARIABLES})\\}|(${HOOK_VARIABLES})(?![A-Za-z0-9_]))`, 'g');

/**
 * A command line for PowerShell (Windows, §1.4): `${CURSOR_PLUGIN_ROOT}` and `$CURSOR_PROJECT_DIR`, written
 * for a POSIX shell, are PowerShell variables there (unset: empty), so the hook's own variables are
 * rewritten as `$env:NAME` (as the copilot profile's shellLine does for its plugin variables).
 */
export function powershellLine(command: string): string {
  return command.replace(SH_REFERENCE, (_m, braced: string | undefined, bare: string | undefined) => `$env:${braced ?? bare}`);
}
