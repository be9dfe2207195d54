// Compatibility suite: hook scripts written the way popular public Claude Code hooks are (fixtures/claude/),
// wired through addConfig exactly as a settings.json or a plugin's hooks/hooks.json wires them, and run
// unchanged by the claude profile.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HookRegistry, type HookSettings } from '../../../src/index.js';
import { fixture } from '../../helpers/fixtures.js';
import { makeLogger, type RecordingLogger } from '../../helpers/logger.js';
import { hasTool } from '../../helpers/tools.js';

const HAS_JQ = hasTool('jq');
const HAS_PYTHON3 = hasTool('python3');

const ALL_ON: HookSettings = { enableShellHooks: true, allowProjectHooks: true, enablePluginHooks: true };
const cmd = (command: string, extra: Record<string, unknown> = {}) => ({ type: 'command', command, ...extra });
// Settings files quote script paths, so a path with spaces still works.
const quoted = (path: string) => `"${path}"`;

describe('claude profile: compatibility with Claude Code hook scripts', () => {
  let projectDir: string;
  let pluginDataDir: string;
  let logger: RecordingLogger;

  beforeEach(() => {
    projectDir = mkdtempSync(join(tmpdir(), 'claude-compat-project-'));
    pluginDataDir = mkdtempSync(join(tmpdir(), 'claude-compat-data-'));
    logger = makeLogger();
  });

  afterEach(() => {
    rmSync(projectDir, { recursive: true, force: true });
    rmSync(pluginDataDir, { recursive: true, force: true });
  });

  // Hooks run with the session cwd (the temp project dir), never the repository, so every fixture path is absolute.
  const makeRegistry = () =>
    new HookRegistry({
      profile: 'claude',
      settings: ALL_ON,
      session: { sessionId: 's1', cwd: projectDir, transcriptPath: '/tmp/t.jsonl' },
      projectDir,
      pluginDataDir,
      logger,
    });

  it('a node guard that answers permissionDecision "deny" for `rm -rf ~` blocks the call with its reason', async () => {
    const registry = makeRegistry();
    const report = registry.addConfig(
      { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [cmd(`node ${fixture('claude/block-rm-rf.mjs')}`, { timeout: 10 })] }] } },
      { source: 'user' },
    );
    expect(report.added).toHaveLength(1);
    const result = await registry.dispatch('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'rm -rf ~' }, tool_use_id: 't1' });
    const why = 'Refusing to run "rm -rf ~": it deletes the home or root directory.';
    expect(result).toMatchObject({ blocked: true, aborted: false, permissionDecision: 'deny', permissionDecisionReason: why, reason: why });
    expect(result.hookSpecificOutput).toMatchObject({ hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: why });
    expect(result.runs).toHaveLength(1);
    expect(result.runs[0]).toMatchObject({ kind: 'command', outcome: 'block' });
    expect(logger.warnings).toEqual([]);
  });

  it('the same guard answering `{}` for a harmless command reads as no decision', async () => {
    const registry = makeRegistry();
    registry.addConfig(
      { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [cmd(`node ${fixture('claude/block-rm-rf.mjs')}`, { timeout: 10 })] }] } },
      { source: 'user' },
    );
    const result = await registry.dispatch('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls -la' }, tool_use_id: 't2' });
    expect(result.blocked).toBe(false);
    expect(result.permissionDecision).toBeUndefined();
    expect(result.decision).toBeUndefined();
    expect(result.reason).toBeUndefined();
    expect(result.injectContext).toBeUndefined();
    expect(result.runs).toHaveLength(1);
    expect(result.runs[0]).toMatchObject({ kind: 'command', outcome: 'ok' });
    expect(logger.warnings).toEqual([]);
  });

  it('a bash script that exits 2 with a reason on stderr denies the PreToolUse call, the trimmed stderr as its reason', async () => {
    const registry = makeRegistry();
    registry.addConfig({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [cmd(quoted(fixture('claude/exit2-guard.sh')))] }] } }, { source: 'project' });
    const result = await registry.dispatch('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'git push --force' }, tool_use_id: 't3' });
    const why = 'exit2-guard: this tool call is blocked by policy';
    expect(result).toMatchObject({ blocked: true, permissionDecision: 'deny', reason: why, permissionDecisionReason: why });
    expect(result.runs).toHaveLength(1);
    expect(result.runs[0]).toMatchObject({ kind: 'command', outcome: 'block' });
  });

  it('a node script that echoes its whole input JSON back reads as no decision (and not as text context)', async () => {
    const registry = makeRegistry();
    const echo = cmd(`node ${fixture('claude/echo-input.mjs')}`);
    registry.addConfig({ hooks: { PreToolUse: [{ matcher: '*', hooks: [echo] }], UserPromptSubmit: [{ hooks: [echo] }] } }, { source: 'local' });

    const pre = await registry.dispatch('PreToolUse', { tool_name: 'Read', tool_input: { file_path: 'README.md' }, tool_use_id: 't4' });
    expect(pre.blocked).toBe(false);
    expect(pre.permissionDecision).toBeUndefined();
    expect(pre.decision).toBeUndefined();
    expect(pre.reason).toBeUndefined();
    expect(pre.updatedInput).toBeUndefined();
    expect(pre.injectContext).toBeUndefined();
    expect(pre.hookSpecificOutput).toBeUndefined();
    expect(pre.runs[0]).toMatchObject({ kind: 'command', outcome: 'ok' });

    // On UserPromptSubmit plain stdout would become context: the echoed JSON must be parsed, not injected.
    const prompt = await registry.dispatch('UserPromptSubmit', { prompt: 'hello' });
    expect(prompt.blocked).toBe(false);
    expect(prompt.decision).toBeUndefined();
    expect(prompt.injectContext).toBeUndefined();
    expect(prompt.runs[0]).toMatchObject({ kind: 'command', outcome: 'ok' });
    expect(logger.warnings).toEqual([]);
  });

  it.skipIf(!HAS_JQ)('a jq Stop hook blocks the stop with its reason while stop_hook_active is false', async () => {
    const registry = makeRegistry();
    registry.addConfig({ hooks: { Stop: [{ hooks: [cmd(quoted(fixture('claude/stop-until-active.sh')), { timeout: 10 })] }] } }, { source: 'project' });
    const result = await registry.dispatch('Stop', { stop_hook_active: false });
    expect(result).toMatchObject({ blocked: true, decision: 'block', reason: 'Run the tests before stopping.' });
    expect(result.runs).toHaveLength(1);
    expect(result.runs[0]).toMatchObject({ kind: 'command', outcome: 'block' });
    expect(logger.warnings).toEqual([]);
  });

  it.skipIf(!HAS_JQ)('the same Stop hook lets the stop through once stop_hook_active is true', async () => {
    const registry = makeRegistry();
    registry.addConfig({ hooks: { Stop: [{ hooks: [cmd(quoted(fixture('claude/stop-until-active.sh')), { timeout: 10 })] }] } }, { source: 'project' });
    const result = await registry.dispatch('Stop', { stop_hook_active: true });
    expect(result.blocked).toBe(false);
    expect(result.decision).toBeUndefined();
    expect(result.reason).toBeUndefined();
    expect(result.runs[0]).toMatchObject({ kind: 'command', outcome: 'ok' });
    expect(logger.warnings).toEqual([]);
  });

  it('a plugin SessionStart command "${CLAUDE_PLUGIN_ROOT}/hooks/run-hook.cmd" (no shebang, pretty-printed JSON) injects its context', async () => {
    const pluginRoot = fixture('claude/plugin');
    const script = `${pluginRoot}/hooks/run-hook.cmd`;
    // The point of this fixture: no shebang, so /bin/sh runs it after exec fails with ENOEXEC.
    expect(readFileSync(script, 'utf8').startsWith('#!')).toBe(false);

    const registry = makeRegistry();
    const hooksJson: unknown = JSON.parse(readFileSync(`${pluginRoot}/hooks/hooks.json`, 'utf8'));
    const report = registry.addConfig(hooksJson, { source: 'plugin', pluginRoot });
    expect(report.added).toHaveLength(1);
    expect(report.skipped).toEqual([]);

    const result = await registry.dispatch('SessionStart', { source: 'startup' });
    // The context names the exported CLAUDE_PLUGIN_ROOT; the command ran at all only because it was substituted.
    const context = `fixture-plugin is active (plugin root: ${pluginRoot})`;
    expect(result.blocked).toBe(false);
    expect(result.injectContext).toBe(context);
    expect(result.hookSpecificOutput).toMatchObject({ hookEventName: 'SessionStart', additionalContext: context });
    expect(result.runs).toHaveLength(1);
    expect(result.runs[0]).toMatchObject({ kind: 'command', outcome: 'ok' });
    expect(result.runs[0]!.name).toContain(script);
    expect(logger.warnings).toEqual([]);
  });

  it.skipIf(!HAS_PYTHON3)('a python3 observer on PostToolUseFailure writes to a file named by an environment variable the harness inherited', async () => {
    const log = join(projectDir, 'observer.log');
    const registry = makeRegistry();
    registry.addConfig(
      { hooks: { PostToolUseFailure: [{ matcher: 'Bash', hooks: [cmd(`python3 ${fixture('claude/observe-failure.py')}`, { timeout: 10 })] }] } },
      { source: 'user' },
    );
    const previous = process.env.HOOK_OBSERVER_LOG;
    process.env.HOOK_OBSERVER_LOG = log;
    try {
      const result = await registry.dispatch('PostToolUseFailure', {
        tool_name: 'Bash',
        tool_input: { command: 'npm test' },
        tool_use_id: 't5',
        error: 'Command failed with exit code 1',
      });
      expect(result.blocked).toBe(false);
      expect(result.decision).toBeUndefined();
      expect(result.injectContext).toBeUndefined();
      expect(result.runs).toHaveLength(1);
      expect(result.runs[0]).toMatchObject({ kind: 'command', outcome: 'ok' });
    } finally {
      if (previous === undefined) delete process.env.HOOK_OBSERVER_LOG;
      else process.env.HOOK_OBSERVER_LOG = previous;
    }
    expect(readFileSync(log, 'utf8')).toBe('Bash\tCommand failed with exit code 1\n');
    expect(logger.warnings).toEqual([]);
  });

  it('one script registered under three events answers each by branching on hook_event_name', async () => {
    const registry = makeRegistry();
    const multi = cmd(`node ${fixture('claude/multi-event.mjs')}`, { timeout: 10 });
    const report = registry.addConfig(
      {
        hooks: {
          SessionStart: [{ matcher: 'startup', hooks: [multi] }],
          UserPromptSubmit: [{ hooks: [multi] }],
          PreToolUse: [{ matcher: 'Read|Grep|Glob', hooks: [multi] }],
        },
      },
      { source: 'user' },
    );
    expect(report.added).toHaveLength(3);

    // SessionStart: JSON additionalContext, built from the common session_id and the payload's source.
    const start = await registry.dispatch('SessionStart', { source: 'startup' });
    expect(start.blocked).toBe(false);
    expect(start.injectContext).toBe('Session s1 started (startup).');
    expect(start.runs).toHaveLength(1);

    // UserPromptSubmit: plain-text stdout becomes context (it names the common cwd).
    const prompt = await registry.dispatch('UserPromptSubmit', { prompt: 'fix the build' });
    expect(prompt.blocked).toBe(false);
    expect(prompt.injectContext).toBe(`Working directory: ${projectDir}`);
    expect(prompt.runs).toHaveLength(1);

    // PreToolUse: JSON permissionDecision "allow" with its reason; allow does not block and adds no context.
    const pre = await registry.dispatch('PreToolUse', { tool_name: 'Read', tool_input: { file_path: 'src/index.ts' }, tool_use_id: 't6' });
    expect(pre).toMatchObject({ blocked: false, permissionDecision: 'allow', permissionDecisionReason: 'Read is allowed by multi-event.mjs' });
    expect(pre.injectContext).toBeUndefined();
    expect(pre.runs).toHaveLength(1);

    expect([...start.runs, ...prompt.runs, ...pre.runs].map((r) => r.outcome)).toEqual(['ok', 'ok', 'ok']);
    expect(logger.warnings).toEqual([]);
  });
});
