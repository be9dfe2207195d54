import { describe, expect, it } from 'vitest';
import { HookRegistry } from '../src/index.js';
import { StopCap } from '../src/stop-cap.js';
import { CLAUDE_STOP_CAP } from '../src/profiles/claude/options.js';
import { DEFAULT_STOP_CAP } from '../src/profiles/default/profile.js';
import { makeLogger } from './helpers/logger.js';

describe('StopCap', () => {
  it('takes the option, else the profile’s variable, else its default; refuses a bad option', () => {
    expect(new StopCap(CLAUDE_STOP_CAP, undefined, {}).cap).toBe(8);
    expect(new StopCap(CLAUDE_STOP_CAP, undefined, { CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: '3' }).cap).toBe(3);
    expect(new StopCap(CLAUDE_STOP_CAP, 5, { CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: '3' }).cap).toBe(5);
    expect(new StopCap(CLAUDE_STOP_CAP, undefined, { CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: 'lots' }).cap).toBe(8);
    expect(new StopCap(DEFAULT_STOP_CAP, undefined, { AFK_STOP_HOOK_MAX_CONTINUATIONS: '0' }).cap).toBe(0);
    expect(() => new StopCap(CLAUDE_STOP_CAP, -1, {})).toThrow(/stopBlockCap.*whole number/);
  });
});

describe('the claude profile: Claude Code’s Stop cap (8 blocks in a row, then the block is overridden)', () => {
  const make = (stopBlockCap?: number) => {
    const logger = makeLogger();
    const registry = new HookRegistry({ profile: 'claude', session: { sessionId: 's1' }, logger, ...(stopBlockCap === undefined ? {} : { stopBlockCap }) });
    registry.register('Stop', () => ({ decision: 'block', reason: 'keep going' }));
    registry.register('SubagentStop', () => ({ decision: 'block', reason: 'more' }));
    return { registry, logger };
  };
  const stop = { stop_hook_active: true };

  it('obeys 8 blocks in a row and overrides the 9th with Claude Code’s message; the count then starts again', async () => {
    const { registry, logger } = make();
    for (let i = 1; i <= 8; i++) expect((await registry.dispatch('Stop', stop)).blocked).toBe(true);
    const ninth = await registry.dispatch('Stop', stop);
    expect(ninth).toMatchObject({ blocked: false, reason: 'keep going', stopCapped: { blocks: 9, cap: 8 } });
    expect(ninth.decision).toBeUndefined();
    expect(ninth.stopCapped!.message).toBe(
      'A hook blocked the turn from ending 9 consecutive times\u2014overriding and ending turn. For Stop/SubagentStop hooks, check stop_hook_active in the input and return success while it\'s true. Set CLAUDE_CODE_STOP_HOOK_BLOCK_CAP to raise this limit.',
    );
    expect(logger.warnings.join('\n')).toMatch(/9 consecutive times/);
    expect((await registry.dispatch('Stop', stop)).blocked).toBe(true);
  });

  it('counts SubagentStop per agent, apart from Stop; a Stop that is not blocked resets the count', async () => {
    const { registry } = make(1);
    expect((await registry.dispatch('SubagentStop', { ...stop, agent_transcript_path: '/t', agent_id: 'a' })).blocked).toBe(true);
    expect((await registry.dispatch('SubagentStop', { ...stop, agent_transcript_path: '/t', agent_id: 'b' })).blocked).toBe(true);
    expect((await registry.dispatch('SubagentStop', { ...stop, agent_transcript_path: '/t', agent_id: 'a' })).stopCapped).toMatchObject({ blocks: 2 });
    expect((await registry.dispatch('Stop', stop)).blocked).toBe(true);
    const other = new HookRegistry({ profile: 'claude', stopBlockCap: 1, logger: makeLogger() });
    let block = true;
    other.register('Stop', () => (block ? { decision: 'block' as const } : undefined));
    expect((await other.dispatch('Stop', stop)).blocked).toBe(true);
    block = false;
    expect((await other.dispatch('Stop', stop)).blocked).toBe(false);
    block = true;
    expect((await other.dispatch('Stop', stop)).blocked).toBe(true);
  });
});

describe('the default profile: AFK_STOP_HOOK_MAX_CONTINUATIONS (2 per turn, shared by all hooks; 0 disables continuation)', () => {
  it('obeys 2 blocks, then logs the third instead of obeying it', async () => {
    const logger = makeLogger();
    const registry = new HookRegistry({ logger });
    registry.register('Stop', () => ({ decision: 'block', reason: 'not done' }));
    expect((await registry.dispatch('Stop', {})).blocked).toBe(true);
    expect((await registry.dispatch('Stop', {})).blocked).toBe(true);
    expect(await registry.dispatch('Stop', {})).toMatchObject({ blocked: false, stopCapped: { blocks: 3, cap: 2 } });
    expect(logger.warnings.join('\n')).toMatch(/past the cap of 2 continuations/);
  });

  it('counts per turn: a submitted prompt starts the count again', async () => {
    const registry = new HookRegistry({ logger: makeLogger() });
    registry.register('Stop', () => ({ decision: 'block', reason: 'not done' }));
    registry.register('UserPromptSubmit', () => undefined);
    expect((await registry.dispatch('Stop', {})).blocked).toBe(true);
    await registry.dispatch('UserPromptSubmit', { prompt: 'next' });
    expect((await registry.dispatch('Stop', {})).blocked).toBe(true);
    expect((await registry.dispatch('Stop', {})).blocked).toBe(true);
    expect((await registry.dispatch('Stop', {})).stopCapped).toBeDefined();
  });

  it('with 0, no block is obeyed', async () => {
    const registry = new HookRegistry({ stopBlockCap: 0, logger: makeLogger() });
    registry.register('Stop', () => ({ continue: false, reason: 'stop' }));
    expect(await registry.dispatch('Stop', {})).toMatchObject({ blocked: false, stopCapped: { blocks: 1, cap: 0 } });
  });
});
