// Trust by content (src/config/trust.ts; issue 11 item 25).
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HookConfigError, HookRegistry, hookFingerprint } from '../../src/index.js';
import { makeLogger } from '../helpers/logger.js';

const SETTINGS = { enableShellHooks: true, allowProjectHooks: true };
const say = (m: string) => ({ type: 'command', command: `echo '{"systemMessage":"${m}"}'` });
const config = (m: string) => ({ hooks: { Stop: [{ hooks: [say(m)] }] } });
const STOP = { stop_hook_active: false };

describe('trust store', () => {
  const store = () => join(mkdtempSync(join(tmpdir(), 'hh-trust-')), 'trust.json');

  it('keeps a project hook off until approved, runs it once approved, and off again once changed', async () => {
    const file = store();
    const make = () => new HookRegistry({ profile: 'claude', settings: SETTINGS, trustStore: file, logger: makeLogger() });
    let registry = make();
    registry.addConfig(config('user'), { source: 'user', file: '/home/me/.claude/settings.json' });
    const report = registry.addConfig(config('project'), { source: 'project', file: '/repo/.claude/settings.json' });
    expect((await registry.dispatch('Stop', STOP)).systemMessage).toBe('user'); // user hooks are trusted as they are
    expect(report.skipped).toEqual([expect.objectContaining({ trust: 'new', gate: 'trustStore', location: '/repo/.claude/settings.json#hooks.Stop[0].hooks[0]' })]);
    expect(registry.explain('Stop', STOP).find((r: { source?: string }) => r.source === 'project')).toMatchObject({ runs: false, reason: 'not trusted (never approved)' });
    expect(registry.listHooks('Stop').find((h: { source?: string }) => h.source === 'project')).toMatchObject({ gatedBy: 'trustStore' });

    registry.trustStore!.approve(report.skipped);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    registry = make();
    registry.addConfig(config('user'), { source: 'user', file: '/home/me/.claude/settings.json' });
    registry.addConfig(config('project'), { source: 'project', file: '/repo/.claude/settings.json' });
    expect((await registry.dispatch('Stop', STOP)).systemMessage).toBe('user\nproject');

    // The repository changes the hook: it is off again, and says why.
    registry = make();
    const changed = registry.addConfig(config('project, changed'), { source: 'project', file: '/repo/.claude/settings.json' });
    expect(changed.skipped[0]).toMatchObject({ trust: 'changed', reason: 'not trusted (changed since approved)' });
    expect((await registry.dispatch('Stop', STOP)).runs).toEqual([]);
  });

  it('fingerprints the event, matcher, handler (whatever its key order) and source', () => {
    const a = hookFingerprint('PreToolUse', 'Bash', { type: 'command', command: 'x', timeout: 5 }, 'project');
    expect(hookFingerprint('PreToolUse', 'Bash', { timeout: 5, command: 'x', type: 'command' }, 'project')).toBe(a);
    for (const other of [
      hookFingerprint('PostToolUse', 'Bash', { type: 'command', command: 'x', timeout: 5 }, 'project'),
      hookFingerprint('PreToolUse', 'Edit', { type: 'command', command: 'x', timeout: 5 }, 'project'),
      hookFingerprint('PreToolUse', 'Bash', { type: 'command', command: 'x', timeout: 50 }, 'project'),
      hookFingerprint('PreToolUse', 'Bash', { type: 'command', command: 'x', timeout: 5 }, 'local'),
    ]) expect(other).not.toBe(a);
  });

  it('refuses a malformed store, or one that is not a regular file, with a config error naming it', () => {
    const file = store();
    writeFileSync(file, '{"version":2}');
    expect(() => new HookRegistry({ trustStore: file })).toThrow(HookConfigError);
    expect(() => new HookRegistry({ trustStore: '/dev/null' })).toThrow(/not a regular file/);
    expect(() => new HookRegistry({ trustStore: 'relative.json' })).toThrow(/absolute path/);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ version: 2 });
  });
});
