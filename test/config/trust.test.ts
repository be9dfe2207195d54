// Trust by content (src/config/trust.ts; issue 11 item 25).
import { mkdtempSync, readFileSync, renameSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HookConfigError, HookRegistry, hookFingerprint } from '../../src/index.js';
import { pinnedFileHashes } from '../../src/config/file-hash-cache.js';
import { makeLogger, sleep } from '../helpers/logger.js';

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

  it('never trusts a config given without its file (no place to pin an approval to), and keys on the absolute path', async () => {
    const file = store();
    const registry = new HookRegistry({ profile: 'claude', settings: SETTINGS, trustStore: file, logger: makeLogger() });
    const inline = registry.addConfig(config('inline'), { source: 'project' });
    expect(inline.skipped[0]).toMatchObject({ trust: 'new', reason: expect.stringMatching(/without `file` cannot be approved/) });
    registry.trustStore!.approve(inline.skipped); // nothing to approve it by
    expect(JSON.parse(readFileSync(file, 'utf8')).hooks).toEqual({});
    const relative = registry.addConfig(config('rel'), { source: 'project', file: 'repo/.claude/settings.json' });
    expect(relative.skipped[0]!.location).toBe(`${join(process.cwd(), 'repo/.claude/settings.json')}#hooks.Stop[0].hooks[0]`);
  });

  it('an approved hook whose script in the project changes is a changed hook', async () => {
    const { mkdirSync } = await import('node:fs');
    const repo = mkdtempSync(join(tmpdir(), 'hh-trust-repo-'));
    mkdirSync(join(repo, '.claude'), { recursive: true });
    writeFileSync(join(repo, 'check.sh'), '#!/bin/sh\necho \'{"systemMessage":"v1"}\'\n', { mode: 0o755 });
    const settings = join(repo, '.claude', 'settings.json');
    const hooks = { hooks: { Stop: [{ hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/check.sh' }] }] } };
    const file = store();
    const make = () => new HookRegistry({ profile: 'claude', settings: SETTINGS, trustStore: file, projectDir: repo, logger: makeLogger() });
    const first = make();
    first.trustStore!.approve(first.addConfig(hooks, { source: 'project', file: settings }).skipped);
    const approved = make();
    approved.addConfig(hooks, { source: 'project', file: settings });
    expect((await approved.dispatch('Stop', STOP)).systemMessage).toBe('v1');
    writeFileSync(join(repo, 'check.sh'), '#!/bin/sh\necho \'{"systemMessage":"v2, evil"}\'\n', { mode: 0o755 });
    const changed = make();
    expect(changed.addConfig(hooks, { source: 'project', file: settings }).skipped[0]).toMatchObject({ trust: 'changed' });
    expect((await changed.dispatch('Stop', STOP)).runs).toEqual([]);
  });

  // The per-run re-check of an approved hook's files answers from a cache of their hashes
  // (src/config/file-hash-cache.ts) while they are unchanged, and sees any change.
  describe('the re-check before each run', () => {
    const repoWith = async (body: string) => {
      const { mkdirSync } = await import('node:fs');
      const repo = mkdtempSync(join(tmpdir(), 'hh-trust-rerun-'));
      mkdirSync(join(repo, '.claude'), { recursive: true });
      const script = join(repo, 'check.sh');
      writeFileSync(script, body, { mode: 0o755 });
      utimesSync(script, T, T);
      // Until the script's ctime is older than the cache's granularity, each check hashes it again.
      const { ctimeMs } = statSync(script);
      while (Date.now() - ctimeMs <= (ctimeMs % 1000 === 0 ? 2100 : 60)) await sleep(20);
      const settings = join(repo, '.claude', 'settings.json');
      const hooks = { hooks: { Stop: [{ hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/check.sh' }] }] } };
      const file = store();
      const make = () => new HookRegistry({ profile: 'claude', settings: SETTINGS, trustStore: file, projectDir: repo, logger: makeLogger() });
      const hashesBefore = pinnedFileHashes.hashes;
      const first = make();
      first.trustStore!.approve(first.addConfig(hooks, { source: 'project', file: settings }).skipped);
      const registry = make();
      expect(registry.addConfig(hooks, { source: 'project', file: settings }).added).toHaveLength(1);
      return { repo, script, registry, hashesBefore };
    };
    // A whole-second mtime to set the script to and back to (utimes from a Stats' Date would round it).
    const T = Math.floor(Date.now() / 1000) - 60;
    const V1 = '#!/bin/sh\necho \'{"systemMessage":"v1"}\'\n';
    const V2 = '#!/bin/sh\necho \'{"systemMessage":"v2"}\'\n';

    it('hashes an unchanged script once across every dispatch', async () => {
      const { registry, hashesBefore } = await repoWith(V1);
      for (let i = 0; i < 5; i++) expect((await registry.dispatch('Stop', STOP)).systemMessage).toBe('v1');
      expect(pinnedFileHashes.hashes - hashesBefore).toBe(1);
    });

    it('stops the hook after a rewrite of the same size set back to its old mtime', async () => {
      const { script, registry } = await repoWith(V1);
      expect((await registry.dispatch('Stop', STOP)).systemMessage).toBe('v1');
      const before = statSync(script);
      writeFileSync(script, V2);
      utimesSync(script, T, T);
      expect(statSync(script)).toMatchObject({ size: before.size, mtimeMs: before.mtimeMs, ino: before.ino });
      const after = await registry.dispatch('Stop', STOP);
      expect(after.systemMessage).toBeUndefined();
      expect(after.runs).toEqual([expect.objectContaining({ outcome: 'error', message: expect.stringMatching(/changed since it was approved/) })]);
    });

    it('stops the hook after a script of the same size and mtime is renamed over it', async () => {
      const { repo, script, registry } = await repoWith(V1);
      expect((await registry.dispatch('Stop', STOP)).systemMessage).toBe('v1');
      expect(statSync(script).mtimeMs).toBe(T * 1000);
      writeFileSync(join(repo, 'next.sh'), V2, { mode: 0o755 });
      utimesSync(join(repo, 'next.sh'), T, T);
      renameSync(join(repo, 'next.sh'), script);
      const after = await registry.dispatch('Stop', STOP);
      expect(after.systemMessage).toBeUndefined();
      expect(after.runs).toEqual([expect.objectContaining({ outcome: 'error', message: expect.stringMatching(/changed since it was approved/) })]);
    });
  });

  it('approve() keeps what another process approved meanwhile, and a stale temp file is no obstacle', () => {
    const file = store();
    const a = new HookRegistry({ profile: 'claude', settings: SETTINGS, trustStore: file, logger: makeLogger() });
    const b = new HookRegistry({ profile: 'claude', settings: SETTINGS, trustStore: file, logger: makeLogger() });
    writeFileSync(join(file, '..', `.trust.json.${process.pid}.tmp`), 'left by a crash');
    a.trustStore!.approve(a.addConfig(config('a'), { source: 'project', file: '/a/.claude/settings.json' }).skipped);
    b.trustStore!.approve(b.addConfig(config('b'), { source: 'project', file: '/b/.claude/settings.json' }).skipped);
    expect(Object.keys(JSON.parse(readFileSync(file, 'utf8')).hooks).sort()).toEqual(['/a/.claude/settings.json#hooks.Stop[0].hooks[0]', '/b/.claude/settings.json#hooks.Stop[0].hooks[0]']);
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
