// Reading a dispatch payload from a file or stdin (`-`): one JSON object.
import { readFile } from 'node:fs/promises';
import { findJsonErrorOffset, lineAndColumn } from '../config/json-position.js';
import { UsageError } from './args.js';
import { getClaudeEventSpec } from '../profiles/claude/events.js';
import type { ProfileName } from '../profiles/index.js';

// The payload object named by `--payload FILE|-`; a UsageError for a missing option, an unreadable
// file, invalid JSON (with its line) or anything but an object.
export async function readPayload(spec: unknown, stdin: NodeJS.ReadableStream): Promise<Record<string, unknown>> {
  if (typeof spec !== 'string' || spec === '') throw new UsageError('missing --payload FILE (or - for stdin)');
  const where = spec === '-' ? 'stdin' : spec;
  let text: string;
  try {
    text = spec === '-' ? await readAll(stdin) : await readFile(spec, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`cannot read the payload ${where}: ${code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const offset = findJsonErrorOffset(text);
    const at = offset < 0 ? '' : (({ line, column }) => ` at line ${line}, column ${column}`)(lineAndColumn(text, offset));
    throw new UsageError(`the payload in ${where} is not valid JSON${at}: ${(error as Error).message}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new UsageError(`the payload in ${where} must be a JSON object`);
  return value as Record<string, unknown>;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

// Required fields a hook author cannot know when writing a payload by hand: ids the harness makes up.
const IDS = new Set(['tool_use_id', 'turn_id', 'message_id', 'task_id']);

// Fills the claude payload's missing required ids (e.g. `tool_use_id`) with a placeholder, and says so on
// stderr; returns the payload (a copy when it filled any).
export function fillIds(profile: ProfileName, event: string, payload: Record<string, unknown>, err: (text: string) => void, command: string): Record<string, unknown> {
  if (profile !== 'claude') return payload;
  const missing = (getClaudeEventSpec(event)?.required ?? []).filter((f) => IDS.has(f) && payload[f] === undefined);
  if (missing.length === 0) return payload;
  const filled = { ...payload };
  for (const field of missing) filled[field] = `harness-hooks-cli-${field.replace(/_id$/, '')}`;
  err(`harness-hooks ${command}: the payload has no ${missing.join(', ')}; filled in as ${missing.map((f) => JSON.stringify(filled[f])).join(', ')} (the harness makes these up)\n`);
  return filled;
}

// A registry's payload error, as the command that was run says it: no \`dispatch('E')\` in it.
export function payloadError(message: string, command: string, event: string): UsageError {
  return new UsageError(`invalid payload: ${message.replace(/^(?:dispatch|explain)\('[^']*'\): /, '')} (harness-hooks ${command} ${event})`);
}
