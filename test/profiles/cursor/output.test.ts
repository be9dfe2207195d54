// Issue 23, class 11: on a permission gate the cursor profile reads Claude's top-level `decision: "block"`
// (Claude Code's PreToolUse shape, which Cursor says it accepts) as a deny, and when it stands next to a
// flat `permission: "allow"` or a nested `permissionDecision: "allow"` the stricter wins — as the flat and
// the nested decision already resolve.
import { describe, expect, it } from 'vitest';
import { CURSOR_EVENT_SPECS } from '../../../src/profiles/cursor/events.js';
import { fromValue } from '../../../src/profiles/cursor/output.js';
import { emit, registry, tempDir } from './helpers.js';

const PRE_TOOL = CURSOR_EVENT_SPECS.preToolUse;
const RULES = { failClosed: false, strictGates: false };

describe('cursor output: Claude\'s decision "block" on a permission gate', () => {
  it.each([
    ['alone', { decision: 'block', reason: 'no rm -rf' }],
    ['next to a flat permission "allow"', { permission: 'allow', decision: 'block', reason: 'no rm -rf' }],
    ['next to a nested permissionDecision "allow"', { decision: 'block', reason: 'no rm -rf', hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } }],
  ])('%s, it denies, with its reason', (_what, output) => {
    expect(fromValue(output, PRE_TOOL, RULES)).toMatchObject({ outcome: 'block', permission: 'deny', userMessage: 'no rm -rf' });
  });

  it('a user_message given with it is the message (Cursor\'s own field first)', () => {
    expect(fromValue({ decision: 'block', reason: 'claude words', user_message: 'cursor words' }, PRE_TOOL, RULES)).toMatchObject({ permission: 'deny', userMessage: 'cursor words' });
  });

  it('a dispatch whose command hook prints it is blocked, alone or next to permission "allow"', async () => {
    const dir = tempDir();
    for (const output of [{ decision: 'block', reason: 'no rm -rf' }, { permission: 'allow', decision: 'block', reason: 'no rm -rf' }]) {
      const r = registry(dir);
      r.addConfig({ version: 1, hooks: { preToolUse: [{ command: emit(output) }] } }, { source: 'user' });
      const result = await r.dispatch('preToolUse', { tool_name: 'Shell', tool_input: { command: 'rm -rf /' }, tool_use_id: 'c1' });
      expect(result).toMatchObject({ blocked: true, permissionDecision: 'deny', reason: 'no rm -rf' });
      expect(result.updatedInput).toBeUndefined();
      await r.close();
    }
  });

  it('an in-process handler that returns it blocks too', async () => {
    const r = registry(tempDir());
    r.register('preToolUse', () => ({ permission: 'allow', decision: 'block', reason: 'no' }) as never);
    expect(await r.dispatch('preToolUse', { tool_name: 'Shell', tool_input: { command: 'ls' }, tool_use_id: 'c1' })).toMatchObject({ blocked: true, permissionDecision: 'deny' });
  });

  it('decision "approve" is not read as an allow (it would loosen a failClosed gate), and a plain allow still allows', () => {
    expect(fromValue({ decision: 'approve' }, PRE_TOOL, { failClosed: true, strictGates: false })).toMatchObject({ permission: 'deny' });
    expect(fromValue({ permission: 'allow' }, PRE_TOOL, RULES)).toMatchObject({ outcome: 'ok', permission: 'allow' });
  });
});
