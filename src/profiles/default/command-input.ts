// What a command hook reads on stdin: the common fields plus the event's own command fields, and
// nothing else (no parent or subagent IDs, grant managers, traces, assistant texts or output flags).
import { getEventSpec, type HookEvent } from './events.js';
import type { HookSession } from '../../types.js';
import type { HookPayloads } from './payloads.js';

export interface CommandInput {
  hook_event_name: HookEvent;
  session_id?: string;
  cwd: string;
  transcript_path: string | null;
  tool_name?: string;
  tool_input?: Record<string, unknown>;
  tool_output?: string;
  error?: string;
  trigger?: 'manual' | 'auto' | null;
  stop_hook_active?: boolean;
  continuation?: number;
  prompt?: string;
}

// Builds the stdin document of a command hook for `event` from an in-process payload and the
// registration's session.
export function toCommandInput<E extends HookEvent>(event: E, payload: HookPayloads[E], session: HookSession = {}): CommandInput {
  const p = payload as Partial<Record<string, unknown>>;
  const sessionId = typeof p.sessionId === 'string' ? p.sessionId : session.sessionId;
  const cwd = session.cwd ?? process.cwd();
  const transcript_path = session.transcriptPath ?? null;
  // The documented key order: hook_event_name, session_id (only when known), cwd, transcript_path.
  const input: CommandInput =
    sessionId === undefined
      ? { hook_event_name: event, cwd, transcript_path }
      : { hook_event_name: event, session_id: sessionId, cwd, transcript_path };
  if (getEventSpec(event)?.toolEvent) {
    input.tool_name = String(p.toolName);
    input.tool_input = (p.input as Record<string, unknown> | undefined) ?? {};
  }
  switch (event) {
    case 'PostToolUse':
      if (p.output !== undefined) input.tool_output = typeof p.output === 'string' ? p.output : serialize(p.output);
      break;
    case 'PostToolUseFailure':
      input.error = String(p.error);
      break;
    case 'PreCompact':
      input.trigger = (p.trigger as 'manual' | 'auto' | undefined) ?? null;
      break;
    case 'Stop':
      input.stop_hook_active = p.stopHookActive === true;
      input.continuation = typeof p.continuation === 'number' ? p.continuation : 0;
      break;
    case 'UserPromptSubmit':
      input.prompt = String(p.prompt);
      break;
  }
  return input;
}

function serialize(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value); // circular or BigInt: still give the hook something readable
  }
}

// The inverse of toCommandInput, as far as the stdin says it: the in-process payload a command hook's
// stdin stands for (what `harness-hooks bridge` dispatches when afk runs it).
const FROM_STDIN: Readonly<Record<string, string>> = { session_id: 'sessionId', cwd: 'cwd', tool_name: 'toolName', tool_input: 'input', tool_output: 'output', error: 'error', trigger: 'trigger', stop_hook_active: 'stopHookActive', continuation: 'continuation', prompt: 'prompt' };

export function fromCommandInput(_event: string, stdin: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const key in FROM_STDIN) if (stdin[key] !== undefined && stdin[key] !== null) payload[FROM_STDIN[key]!] = stdin[key];
  return payload;
}
