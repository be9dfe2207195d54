// The copilot profile's own rules (spec §3–§6), each checked with real hook processes.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HookRegistry } from '../../../src/index.js';
import { parseCopilotConfig } from '../../../src/profiles/copilot/config.js';
import { fixture } from '../../helpers/fixtures.js';
import { readJson, registry, repo, script, sh, type Warnings } from './helpers.js';

const emit = (output: unknown): string => `${fixture('print-arg.sh')} ${sh(JSON.stringify(output))}`;
const bash = (command: string) => ({ type: 'command', bash: command });

describe('copilot profile: stdin', () => {
  it('camelCase: exactly sessionId, timestamp (ms), cwd and the event fields, toolArgs an object (as the binary sends it)', async () => {
    const dir = repo();
    const capture = join(dir, 'in.json');
    const r = registry(dir);
    r.addConfig({ hooks: { preToolUse: [{ bash: script('capture-stdin.mjs'), env: { CAPTURE_FILE: capture } }] } }, { source: 'user' });
    const before = Date.now();
    await r.dispatch('preToolUse', { toolName: 'bash', toolArgs: { command: 'ls' }, extra: 'not sent' } as never);
    const stdin = readJson(capture);
    expect(Object.keys(stdin)).toEqual(['sessionId', 'timestamp', 'cwd', 'toolName', 'toolArgs']);
    expect(stdin).toMatchObject({ sessionId: 'sess-1', cwd: dir, toolName: 'bash', toolArgs: { command: 'ls' } });
    expect(stdin.timestamp).toBeGreaterThanOrEqual(before);
  });

  it('PascalCase PostToolUse: snake_case tool_result, and the Claude tool name', async () => {
    const dir = repo();
    const capture = join(dir, 'in.json');
    const r = registry(dir);
    r.addConfig({ hooks: { PostToolUse: [{ command: script('capture-stdin.mjs'), env: { CAPTURE_FILE: capture } }] } }, { source: 'user' });
    await r.dispatch('postToolUse', { toolName: 'view', toolArgs: { path: 'a.ts' }, toolResult: { resultType: 'success', textResultForLlm: 'text' } });
    expect(readJson(capture)).toMatchObject({ hook_event_name: 'PostToolUse', tool_name: 'Read', tool_input: { path: 'a.ts' }, tool_result: { result_type: 'success', text_result_for_llm: 'text' } });
  });
});

describe('copilot profile: matchers', () => {
  const ran = async (hooks: Record<string, unknown>, toolName: string): Promise<number> => {
    const r = registry(repo());
    r.addConfig({ hooks }, { source: 'user' });
    return (await r.dispatch('preToolUse', { toolName, toolArgs: {} })).runs.length;
  };
  it('camelCase: a regex full match on the runtime name', async () => {
    const hook = { bash: 'true', matcher: 'e.*t' };
    expect(await ran({ preToolUse: [hook] }, 'edit')).toBe(1);
    expect(await ran({ preToolUse: [hook] }, 'edit_notes')).toBe(0);
    expect(await ran({ preToolUse: [{ bash: 'true', matcher: 'Bash' }] }, 'bash')).toBe(0);
  });
  it('PascalCase: Claude semantics — a name list matches the runtime or Claude name, a regex the Claude name', async () => {
    expect(await ran({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] }] }, 'bash')).toBe(1);
    expect(await ran({ PreToolUse: [{ matcher: 'Ed.*', hooks: [{ type: 'command', command: 'true' }] }] }, 'apply_patch')).toBe(1);
    expect(await ran({ PreToolUse: [{ matcher: 'Ed.*', hooks: [{ type: 'command', command: 'true' }] }] }, 'view')).toBe(0);
  });
  it('explain says why a PascalCase matcher did not match', () => {
    const r = registry(repo());
    r.addConfig({ hooks: { PreToolUse: [{ matcher: 'Write', hooks: [{ command: 'true' }] }] } }, { source: 'user' });
    expect(r.explain('preToolUse', { toolName: 'view' })[0]).toMatchObject({ runs: false, reason: expect.stringContaining('Claude name "Read"') });
  });
});

describe('copilot profile: preToolUse decisions and failures', () => {
  const dispatch = async (entries: unknown[], warnings?: Warnings) => {
    const r = registry(repo(), warnings);
    r.addConfig({ hooks: { preToolUse: entries } }, { source: 'user' });
    return r.dispatch('preToolUse', { toolName: 'bash', toolArgs: { command: 'make' } });
  };

  it('exit 2 denies, even when its stdout JSON says allow', async () => {
    const r = await dispatch([bash(script('exit2-allow.mjs'))]);
    expect(r).toMatchObject({ blocked: true, permissionDecision: 'deny', reason: 'json says allow' });
  });

  it('a hook past its timeoutSec is killed and the tool goes through (fail open)', async () => {
    const r = await dispatch([{ ...bash(`${script('sleep-then-deny.mjs')} 3`), timeoutSec: 1 }]);
    expect(r.blocked).toBe(false);
    expect(r.permissionDecision).toBeUndefined();
    expect(r.runs[0]!.outcome).toBe('timeout');
    expect(r.runs[0]!.durationMs).toBeLessThan(2900);
  });

  it('onFailure: "continue" lets a crashing hook through', async () => {
    expect((await dispatch([bash('exit 1')])).blocked).toBe(true);
    expect((await dispatch([{ ...bash('exit 1'), onFailure: 'continue' }])).blocked).toBe(false);
  });

  it('modifiedArgs becomes updatedInput; a camelCase file\'s hookSpecificOutput.updatedInput is ignored, as the binary ignores it', async () => {
    const r = await dispatch([bash(script('rewrite-args.mjs'))]);
    expect(r).toMatchObject({ blocked: false, permissionDecision: 'allow', updatedInput: { command: 'make --dry-run' } });
    const claude = await dispatch([bash(emit({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput: { command: 'make -n' } } }))]);
    expect(claude.updatedInput).toBeUndefined();
    expect(claude.permissionDecision).toBeUndefined();
  });

  it('a deny ends the chain: later hooks do not run', async () => {
    const r = await dispatch([bash(emit({ permissionDecision: 'deny', permissionDecisionReason: 'first' })), bash(emit({ permissionDecision: 'allow' }))]);
    expect(r).toMatchObject({ blocked: true, reason: 'first' });
    expect(r.runs).toHaveLength(1);
  });

  it('{"type":"progress"} lines are stripped before the JSON is read', async () => {
    const r = await dispatch([bash(script('progress-then-deny.mjs'))]);
    expect(r).toMatchObject({ blocked: true, permissionDecision: 'deny', reason: 'found a secret' });
  });

  it('an in-process handler gets toolArgs as an object and its output is read like a command\'s', async () => {
    const r = registry(repo());
    r.register('preToolUse', (input) => (input.toolArgs as { command: string }).command === 'make' ? { permissionDecision: 'deny', permissionDecisionReason: 'no make' } : undefined);
    expect(await r.dispatch('preToolUse', { toolName: 'bash', toolArgs: { command: 'make' } })).toMatchObject({ blocked: true, reason: 'no make' });
  });

  it('rewrites chain across handlers and command hooks: each gets the arguments the ones before it rewrote (as the binary chains them)', async () => {
    const dir = repo();
    const capture = join(dir, 'in.json');
    const r = registry(dir);
    const seen: unknown[] = [];
    r.register('preToolUse', (input) => ({ modifiedArgs: { command: `${(input.toolArgs as { command: string }).command} --by-handler` } }));
    r.addConfig({ hooks: { preToolUse: [{ bash: script('capture-stdin.mjs'), env: { CAPTURE_FILE: capture } }, { bash: script('rewrite-args.mjs') }] } }, { source: 'user' });
    r.register('preToolUse', (input) => void seen.push(input.toolArgs));
    const res = await r.dispatch('preToolUse', { toolName: 'bash', toolArgs: { command: 'make' } });
    expect(readJson(capture).toolArgs).toEqual({ command: 'make --by-handler' });
    expect(seen).toEqual([{ command: 'make --by-handler --dry-run' }]);
    expect(res.updatedInput).toEqual({ command: 'make --by-handler --dry-run' });
  });
});

describe('copilot profile: other events', () => {
  it('permissionRequest: later hooks override earlier keys; interrupt with deny stops the agent', async () => {
    const run = async (...outputs: unknown[]) => {
      const r = registry(repo());
      r.addConfig({ hooks: { permissionRequest: outputs.map((o) => bash(emit(o))) } }, { source: 'user' });
      return r.dispatch('permissionRequest', { toolName: 'bash', toolInput: { command: 'rm x' } });
    };
    const allowed = await run({ behavior: 'deny', message: 'no' }, { behavior: 'allow' });
    expect(allowed).toMatchObject({ blocked: false, permissionDecision: 'allow', hookSpecificOutput: { behavior: 'allow', message: 'no' } });
    const denied = await run({ behavior: 'allow' }, { behavior: 'deny', message: 'not here', interrupt: true });
    expect(denied).toMatchObject({ blocked: true, permissionDecision: 'deny', reason: 'not here', continue: false, stopReason: 'not here' });
  });

  it('postToolUseFailure: exit 2 stdout is recovery context', async () => {
    const r = registry(repo());
    r.addConfig({ hooks: { postToolUseFailure: [bash('echo "retry with --force"; exit 2')] } }, { source: 'user' });
    expect((await r.dispatch('postToolUseFailure', { toolName: 'bash', toolArgs: {}, error: 'boom' })).injectContext).toBe('retry with --force');
  });

  it('plugin hooks get PLUGIN_ROOT, COPILOT_PLUGIN_ROOT and CLAUDE_PLUGIN_ROOT', async () => {
    const dir = repo();
    const r = registry(dir);
    r.addConfig({ hooks: { sessionStart: [bash(`${script('print-env.mjs')} PLUGIN_ROOT COPILOT_PLUGIN_ROOT CLAUDE_PLUGIN_ROOT COPILOT_CLI`)] } }, { source: 'plugin', pluginRoot: dir });
    const env = JSON.parse((await r.dispatch('sessionStart', { source: 'new' })).injectContext!);
    expect(env).toEqual({ PLUGIN_ROOT: dir, COPILOT_PLUGIN_ROOT: dir, CLAUDE_PLUGIN_ROOT: dir, COPILOT_CLI: '1' });
  });

  it('exec runs a program with args, no shell', async () => {
    const r = registry(repo());
    r.addConfig({ hooks: { sessionStart: [{ exec: script('session-context.mjs'), args: ['$NOT_EXPANDED'] }] } }, { source: 'user' });
    expect((await r.dispatch('sessionStart', {})).injectContext).toBe('$NOT_EXPANDED');
  });
});

describe('copilot profile: config', () => {
  it('disableAllHooks: true skips that file\'s hooks, except in a policy file', async () => {
    const dir = repo();
    const config = { version: 1, disableAllHooks: true, hooks: { sessionStart: [bash(emit({ additionalContext: 'policy' }))] } };
    const user = registry(dir);
    const report = user.addConfig(config, { source: 'user' });
    expect(report.added).toHaveLength(0);
    expect(report.skipped[0]!.reason).toContain('disableAllHooks');
    expect((await user.dispatch('sessionStart', {})).injectContext).toBeUndefined();
    const policy = registry(dir);
    policy.addConfig(config, { source: 'managed' });
    expect((await policy.dispatch('sessionStart', {})).injectContext).toBe('policy');
  });

  it('a hooks file drops a malformed item and keeps its siblings; a settings file rejects its hooks whole', () => {
    const hooks = { sessionStart: [{ bash: 'true', exec: 'true' }, { bash: 'true' }] };
    const warnings: Warnings = [];
    const report = registry(repo(), warnings).addConfig({ hooks }, { source: 'user', file: '/x/.github/hooks/a.json' });
    expect(report.added.map((a) => a.path)).toEqual(['hooks.sessionStart[1].hooks[0]']);
    expect(warnings.join('\n')).toContain("Specify either 'exec'");
    // Strictness is the loader's to say (settings.ts), never the file name's.
    expect(registry(repo()).addConfig({ hooks }, { source: 'user', file: '/x/.copilot/settings.json' }).added).toHaveLength(1);
    expect(() => parseCopilotConfig({ hooks }, '/x/.copilot/settings.json', { strict: true })).toThrow(/exec/);
    expect(() => registry(repo()).addConfig({ version: 2, hooks: {} }, { source: 'user' })).toThrow(/expected 1/);
  });

  it('repo hooks need allowProjectHooks (folder trust); policy and user hooks do not', () => {
    const r = new HookRegistry({ profile: 'copilot', settings: { enableShellHooks: true }, logger: { warn: () => {} } });
    const hooks = { hooks: { sessionStart: [bash('true')] } };
    expect(r.addConfig(hooks, { source: 'project' }).skipped[0]!.gate).toBe('allowProjectHooks');
    expect(r.addConfig(hooks, { source: 'local' }).skipped[0]!.gate).toBe('allowProjectHooks');
    expect(r.addConfig(hooks, { source: 'managed' }).added).toHaveLength(1);
    expect(r.addConfig(hooks, { source: 'plugin' }).skipped[0]!.gate).toBe('enablePluginHooks');
  });
});
