// apply_patch's text (Codex's and Copilot's file tool) read into the file operations it holds, and written
// from one: what lets a Claude `Edit|Write` guard see a Codex patch, and a Codex guard see a Claude edit.
// The format: openai/codex codex-rs/apply-patch (`*** Begin Patch`, `*** Add File:`, `*** Update File:`
// with an optional `*** Move to:`, `@@` hunks of ` `/`-`/`+` lines, `*** Delete File:`, `*** End Patch`).
import type { CanonicalTool } from './canonical.js';

export type PatchOp =
  | { readonly type: 'add'; readonly path: string; readonly content: string }
  | { readonly type: 'delete'; readonly path: string }
  | { readonly type: 'update'; readonly path: string; readonly moveTo?: string; readonly hunks: readonly { readonly old: string; readonly new: string }[] };

const BEGIN = '*** Begin Patch';
const END = '*** End Patch';

/** The operations of a patch, or undefined when the text is not one. */
export function parsePatch(text: string): PatchOp[] | undefined {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
  if (lines[0]?.trim() !== BEGIN || lines[lines.length - 1]?.trim() !== END) return undefined;
  const ops: PatchOp[] = [];
  let i = 1;
  const last = lines.length - 1;
  while (i < last) {
    // Codex trims a hunk's header line ("tolerant of … extra padding around marker strings",
    // codex-rs/apply-patch parser.rs parse_one_hunk): a padded header is a file of the patch there too.
    const line = lines[i]!.trim();
    if (line.startsWith('*** Add File: ')) {
      const body: string[] = [];
      for (i++; i < last && !lines[i]!.trimStart().startsWith('***'); i++) {
        if (!lines[i]!.startsWith('+')) return undefined;
        body.push(lines[i]!.slice(1));
      }
      ops.push({ type: 'add', path: line.slice(14).trim(), content: body.length === 0 ? '' : `${body.join('\n')}\n` });
    } else if (line.startsWith('*** Delete File: ')) {
      ops.push({ type: 'delete', path: line.slice(17).trim() });
      i++;
    } else if (line.startsWith('*** Update File: ')) {
      const path = line.slice(17).trim();
      let moveTo: string | undefined;
      i++;
      if (lines[i]?.startsWith('*** Move to: ')) moveTo = lines[i++]!.slice(13).trim();
      const hunks: { old: string; new: string }[] = [];
      let old: string[] | undefined;
      let now: string[] = [];
      const flush = (): void => {
        if (old !== undefined && (old.length > 0 || now.length > 0)) hunks.push({ old: old.join('\n'), new: now.join('\n') });
      };
      for (; i < last && !(lines[i]!.startsWith('*** ') && lines[i] !== '*** End of File'); i++) {
        const l = lines[i]!;
        if (l.startsWith('@@')) {
          flush();
          old = [];
          now = [];
        } else if (l === '*** End of File') {
          continue;
        } else {
          old ??= [];
          const mark = l[0];
          const rest = l.slice(1);
          if (mark === ' ' || l === '') {
            old.push(rest);
            now.push(rest);
          } else if (mark === '-') old.push(rest);
          else if (mark === '+') now.push(rest);
          else return undefined;
        }
      }
      flush();
      ops.push(moveTo === undefined ? { type: 'update', path, hunks } : { type: 'update', path, moveTo, hunks });
    } else {
      return undefined;
    }
  }
  return ops;
}

/** One operation as the hub's tool call (Claude's Write, Edit, MultiEdit; a delete), or undefined for a move. */
export function opAsTool(op: PatchOp): CanonicalTool | undefined {
  if (op.type === 'add') return { kind: 'write', input: { file_path: op.path, content: op.content } };
  if (op.type === 'delete') return { kind: 'delete', input: { file_path: op.path } };
  if (op.moveTo !== undefined) return undefined;
  if (op.hunks.length === 1) return { kind: 'edit', input: { file_path: op.path, old_string: op.hunks[0]!.old, new_string: op.hunks[0]!.new } };
  return { kind: 'multi_edit', input: { file_path: op.path, edits: op.hunks.map((h) => ({ old_string: h.old, new_string: h.new })) } };
}

/** A hub tool call (Write, Edit, MultiEdit, delete) as a one-operation patch, or undefined for any other. */
export function toolAsPatch(tool: CanonicalTool): string | undefined {
  const input = tool.input;
  const path = input.file_path;
  if (typeof path !== 'string' || path === '' || /[\n\r]/.test(path)) return undefined;
  const lines = (text: string, mark: string): string[] => text.split('\n').map((l) => `${mark}${l}`);
  const hunk = (old: unknown, now: unknown): string[] | undefined =>
    typeof old === 'string' && typeof now === 'string' ? ['@@', ...lines(old, '-'), ...lines(now, '+')] : undefined;
  let body: string[] | undefined;
  if (tool.kind === 'write') {
    if (typeof input.content !== 'string') return undefined;
    const content = input.content.endsWith('\n') ? input.content.slice(0, -1) : input.content;
    body = [`*** Add File: ${path}`, ...(input.content === '' ? [] : lines(content, '+'))];
  } else if (tool.kind === 'delete') {
    body = [`*** Delete File: ${path}`];
  } else if (tool.kind === 'edit') {
    const h = hunk(input.old_string, input.new_string);
    body = h && [`*** Update File: ${path}`, ...h];
  } else if (tool.kind === 'multi_edit' && Array.isArray(input.edits)) {
    const hunks = input.edits.map((e: { old_string?: unknown; new_string?: unknown } | null) => hunk(e?.old_string, e?.new_string));
    body = hunks.every((h) => h !== undefined) ? [`*** Update File: ${path}`, ...hunks.flat()] : undefined;
  }
  return body && [BEGIN, ...body, END, ''].join('\n');
}
