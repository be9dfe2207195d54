import { describe, expect, it } from 'vitest';
import { opAsTool, parsePatch, toolAsPatch } from '../../src/dialects/apply-patch.js';

const PATCH = ['*** Begin Patch', '*** Add File: a.txt', '+one', '+two', '*** Update File: b.txt', '@@ def f():', ' keep', '-old', '+new', '*** Delete File: c.txt', '*** End Patch', ''].join('\n');

describe('apply_patch text', () => {
  it('reads each operation of a patch', () => {
    expect(parsePatch(PATCH)).toEqual([
      { type: 'add', path: 'a.txt', content: 'one\ntwo\n' },
      { type: 'update', path: 'b.txt', hunks: [{ old: 'keep\nold', new: 'keep\nnew' }] },
      { type: 'delete', path: 'c.txt' },
    ]);
  });

  it('refuses what is not a patch', () => {
    expect(parsePatch('rm -rf /')).toBeUndefined();
    expect(parsePatch('*** Begin Patch\n*** Frobnicate: x\n*** End Patch')).toBeUndefined();
    expect(parsePatch('*** Begin Patch\n*** Add File: x\nno plus\n*** End Patch')).toBeUndefined();
  });

  it("reads an operation as Claude's tool call, and writes it back as the same patch", () => {
    const ops = parsePatch(PATCH)!;
    expect(ops.map(opAsTool)).toEqual([
      { kind: 'write', input: { file_path: 'a.txt', content: 'one\ntwo\n' } },
      { kind: 'edit', input: { file_path: 'b.txt', old_string: 'keep\nold', new_string: 'keep\nnew' } },
      { kind: 'delete', input: { file_path: 'c.txt' } },
    ]);
    for (const op of ops) expect(parsePatch(toolAsPatch(opAsTool(op)!)!)).toEqual([{ ...op, ...(op.type === 'update' ? { hunks: op.hunks } : {}) }]);
  });

  it('a move is no tool call of Claude', () => {
    const [op] = parsePatch('*** Begin Patch\n*** Update File: a\n*** Move to: b\n@@\n-x\n+y\n*** End Patch')!;
    expect(op).toMatchObject({ type: 'update', moveTo: 'b' });
    expect(opAsTool(op!)).toBeUndefined();
  });

  it('MultiEdit is one update of several hunks', () => {
    const text = toolAsPatch({ kind: 'multi_edit', input: { file_path: 'f', edits: [{ old_string: 'a', new_string: 'b' }, { old_string: 'c', new_string: 'd' }] } })!;
    expect(parsePatch(text)).toEqual([{ type: 'update', path: 'f', hunks: [{ old: 'a', new: 'b' }, { old: 'c', new: 'd' }] }]);
  });

  it('a path that would break the patch is not written', () => {
    expect(toolAsPatch({ kind: 'write', input: { file_path: 'a\n*** Delete File: /etc/passwd', content: '' } })).toBeUndefined();
    expect(toolAsPatch({ kind: 'edit', input: { file_path: 'a', old_string: 1, new_string: 'x' } })).toBeUndefined();
  });
});
