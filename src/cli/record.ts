// Reading a record file (the registry's `record` option: one JSON line per dispatch).
import { readFile } from 'node:fs/promises';
import { UsageError } from './args.js';

export interface RecordedDispatch {
  /** 1-based line in the file. */
  line: number;
  time?: string;
  event: string;
  payload: Record<string, unknown>;
  /** The merged result as recorded (without runs), when the line has one. */
  result?: Record<string, unknown>;
  /** The runs as recorded, each with its start when the record has it. */
  runs?: { name: string; kind?: string; outcome?: string; durationMs?: number; startMs?: number; message?: string; dialect?: string; decision?: Record<string, unknown> }[];
  durationMs?: number;
}

// Every dispatch of a record file, in order; blank lines are skipped. A line that is not a recorded
// dispatch is a UsageError naming the line.
export async function readRecord(file: string, { payload = 'required' }: { payload?: 'required' | 'optional' } = {}): Promise<RecordedDispatch[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`cannot read the record file ${file}: ${code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
  }
  const out: RecordedDispatch[] = [];
  text.split('\n').forEach((raw, i) => {
    if (raw.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      throw new UsageError(`${file}:${i + 1}: not a JSON line: ${(error as Error).message}`);
    }
    const v = value as Record<string, unknown> | null;
    const hasPayload = v !== null && typeof v === 'object' && v.payload !== null && typeof v.payload === 'object' && !Array.isArray(v.payload);
    if (v === null || typeof v !== 'object' || typeof v.event !== 'string' || (!hasPayload && payload === 'required')) {
      throw new UsageError(`${file}:${i + 1}: not a recorded dispatch (expected { "event": string, "payload": object, "result"?: object })`);
    }
    const d: RecordedDispatch = { line: i + 1, event: v.event, payload: hasPayload ? (v.payload as Record<string, unknown>) : {} };
    if (typeof v.time === 'string') d.time = v.time;
    if (v.result !== null && typeof v.result === 'object') d.result = v.result as Record<string, unknown>;
    if (Array.isArray(v.runs)) d.runs = v.runs.filter((r): r is NonNullable<RecordedDispatch['runs']>[number] => r !== null && typeof r === 'object' && typeof (r as { name?: unknown }).name === 'string');
    if (typeof v.durationMs === 'number') d.durationMs = v.durationMs;
    out.push(d);
  });
  return out;
}
