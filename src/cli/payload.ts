// Reading a dispatch payload from a file or stdin (`-`): one JSON object.
import { readFile } from 'node:fs/promises';
import { findJsonErrorOffset, lineAndColumn } from '../config/json-position.js';
import { UsageError } from './args.js';

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
