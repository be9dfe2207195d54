// The codex profile under hostile or odd input, each case one a review found (fixed since): prototype
// names, reloads that revoke trust, symlinked homes, plugin trust keys, unknown events, JSON null, long
// output, secrets and notify, Rust regex syntax.
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HookConfigError, HookRegistry } from '../../../src/index.js';
import { codexHookKey, codexTrustedHash } from '../../../src/profiles/codex/trust.js';

const quiet = { warn: () => {} };
const on = { enableShellHooks: true, allowProjectHooks: true, enablePluginHooks: true };
const TOOL = { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 'call_1', turn_id: 't1', model: 'm', permission_mode: 'default' } as const;
const DENY = "echo '{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"permissionDecision\":\"deny\",\"permissionDecisionReason\":\"no\"}}'";
const make = (extra: Record<string, unknown> = {}) => new HookRegistry({ profile: 'codex', bypassHookTrust: true, settings: on, logger: quiet, ...extra });
const reply = (output: object) => () => output as never;

describe('codex profile, hostile input', () => {
  it('a tool named like an Object.prototype member matches nothing and throws nothing', async () => {
    const r = make();
    r.register('PreToolUse', () => undefined, { matcher: 'Bash' });
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) expect((await r.dispatch('PreToolUse', { ...TOOL, tool_name: name })).runs).toEqual([]);
  });

  it('JSON null is "absent", as in Codex\'s Option fields; continue: null is a type error', async () => {
    const r = make();
    r.register('PreToolUse', reply({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no', updatedInput: null } }));
    expect((await r.dispatch('PreToolUse', TOOL)).blocked).toBe(true);
    const allow = make();
    allow.register('PreToolUse', reply({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput: null } }));
    expect((await allow.dispatch('PreToolUse', TOOL)).blocked).toBe(false);
    const stops = make();
    stops.register('Stop', reply({ continue: null, decision: 'block', reason: 'x' }));
    expect((await stops.dispatch('Stop', { turn_id: 't' })).runs[0]!.outcome).toBe('error');
  });

  it('a deny past the executor\'s parse limit still blocks (a decision is never lost to a cap)', async () => {
    const r = make({ executor: undefined });
    const big = `node -e 'process.stdout.write(JSON.stringify({hookSpecificOutput:{hookEventName:"PreToolUse",permissionDecision:"deny",permissionDecisionReason:"x".repeat(1200000)}}))'`;
    r.addConfig({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: big }] }] } }, { source: 'user' });
    expect((await r.dispatch('PreToolUse', TOOL)).blocked).toBe(true);
    await r.close();
  });

  it('an unknown event\'s contents are not read, so they cannot drop the file\'s real hooks', async () => {
    const r = make();
    r.addConfig({ hooks: { StopFailure: [{ hooks: [{ type: 'command' }] }], Notification: { foo: 1 }, PreToolUse: [{ hooks: [{ type: 'command', command: DENY }] }] } }, { source: 'user' });
    expect((await r.dispatch('PreToolUse', TOOL)).blocked).toBe(true);
    await r.close();
  });

  it('an unknown handler type, even "constructor", drops the file with a config error, as Codex does', () => {
    for (const type of ['http', 'constructor']) expect(() => make().addConfig({ hooks: { Stop: [{ hooks: [{ type, command: 'x' }] }] } }, { source: 'user' })).toThrow(HookConfigError);
  });

  it('updatedMCPToolOutput is handed on for MCP tools only', async () => {
    const r = make();
    r.register('PostToolUse', reply({ hookSpecificOutput: { hookEventName: 'PostToolUse', updatedMCPToolOutput: { x: 1 } } }));
    expect((await r.dispatch('PostToolUse', { ...TOOL, tool_response: 'out' })).hookSpecificOutput).toBeUndefined();
    expect((await r.dispatch('PostToolUse', { ...TOOL, tool_name: 'mcp__db__query', tool_response: {} })).hookSpecificOutput).toEqual({ hookEventName: 'PostToolUse', updatedMCPToolOutput: { x: 1 } });
  });

  it('Rust regex syntax: (?i), (?P<…>), \\A…\\z and \\pL match as in Codex; a pattern the backtracking guard refuses runs its hook', async () => {
    const r = make();
    for (const matcher of ['(?i)bash', '(?P<t>Bash)', '\\ABash\\z', '^\\pL+$', '(Bash|Shell)+']) r.register('PreToolUse', () => undefined, { name: matcher, matcher });
    expect((await r.dispatch('PreToolUse', TOOL)).runs.map((x) => x.name)).toEqual(['(?i)bash', '(?P<t>Bash)', '\\ABash\\z', '^\\pL+$', '(Bash|Shell)+']);
  });

  it('SessionEnd carries reason "other" when the payload has none, as Codex 0.169.0 always sends', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'codex-se-'));
    const r = make({ session: { sessionId: 's', cwd: dir } });
    r.addConfig({ hooks: { SessionEnd: [{ hooks: [{ type: 'command', command: `cat > ${join(dir, 'in.json')}` }] }] } }, { source: 'user' });
    await r.dispatch('SessionEnd', {});
    await r.close();
    expect(JSON.parse(readFileSync(join(dir, 'in.json'), 'utf8'))).toMatchObject({ hook_event_name: 'SessionEnd', reason: 'other' });
  });
});

describe('codex trust and layers, hostile', () => {
  function layout() {
    const base = mkdtempSync(join(tmpdir(), 'codex-h-'));
    const home = join(base, 'real-home');
    const project = join(base, 'repo');
    mkdirSync(home);
    mkdirSync(join(project, '.codex'), { recursive: true });
    return { base, home, project };
  }
  const hooksFile = (dir: string) => {
    writeFileSync(join(dir, 'hooks.json'), JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: DENY }] }] } }));
    return join(dir, 'hooks.json');
  };
  const trustLine = (file: string) => `[hooks.state."${codexHookKey(file, 'PreToolUse', 0, 0)}"]\ntrusted_hash = "${codexTrustedHash('PreToolUse', undefined, { command: DENY })}"\n`;

  it('revoking trust in config.toml counts on reload (remove() undoes what loadSettings read)', async () => {
    const { home, project } = layout();
    const file = hooksFile(home);
    writeFileSync(join(home, 'config.toml'), trustLine(file));
    const r = new HookRegistry({ profile: 'codex', settings: on, logger: quiet });
    let reports = await r.loadSettings({ projectDir: project, codexHome: home, systemDir: false });
    expect((await r.dispatch('PreToolUse', TOOL)).blocked).toBe(true);
    for (const report of reports) report.remove();
    writeFileSync(join(home, 'config.toml'), '');
    reports = await r.loadSettings({ projectDir: project, codexHome: home, systemDir: false });
    expect((await r.dispatch('PreToolUse', TOOL)).blocked).toBe(false);
    await r.close();
  });

  it('a symlinked CODEX_HOME: keys name the real path, as Codex canonicalises it', async () => {
    const { base, home, project } = layout();
    const file = hooksFile(home);
    writeFileSync(join(home, 'config.toml'), trustLine(file));
    symlinkSync(home, join(base, 'link-home'));
    const r = new HookRegistry({ profile: 'codex', settings: on, logger: quiet });
    await r.loadSettings({ projectDir: project, codexHome: join(base, 'link-home'), systemDir: false });
    expect((await r.dispatch('PreToolUse', TOOL)).blocked).toBe(true);
    await r.close();
  });

  it('a plugin hook is trusted by `<plugin id>:<file in the plugin>`, and without an id says what is missing', async () => {
    const { base, home, project } = layout();
    const root = join(base, 'myplugin');
    mkdirSync(join(root, 'hooks'), { recursive: true });
    hooksFile(join(root, 'hooks'));
    writeFileSync(join(home, 'config.toml'), trustLine('my-plugin@market:hooks/hooks.json'));
    const r = new HookRegistry({ profile: 'codex', settings: on, logger: quiet });
    await r.loadSettings({ projectDir: project, codexHome: home, systemDir: false, plugins: [{ root, id: 'my-plugin@market' }] });
    expect((await r.dispatch('PreToolUse', TOOL)).blocked).toBe(true);
    await r.close();
    const bare = new HookRegistry({ profile: 'codex', settings: on, logger: quiet });
    const reports = await bare.loadSettings({ projectDir: project, codexHome: home, systemDir: false, plugins: [root] });
    expect(reports.flatMap((x) => x.skipped)[0]!.reason).toMatch(/keyed by the plugin's id/);
  });

  it('a config.toml whose [hooks] cannot be read still turns hooks off with [features] hooks = false', async () => {
    const { home, project } = layout();
    hooksFile(home);
    writeFileSync(join(home, 'config.toml'), '[features]\nhooks = false\n\n[[hooks.PreToolUse]]\nmatcher = "x"\n');
    const r = new HookRegistry({ profile: 'codex', settings: on, bypassHookTrust: true, logger: quiet });
    await r.loadSettings({ projectDir: project, codexHome: home, systemDir: false });
    expect((await r.dispatch('PreToolUse', TOOL)).blocked).toBe(false);
    expect(r.explain('PreToolUse', TOOL)[0]!.reason).toMatch(/\[features\] hooks = false/);
  });

  it('an untrusted project says so, not "needs the allowProjectHooks setting"', async () => {
    const { home, project } = layout();
    hooksFile(join(project, '.codex'));
    const r = new HookRegistry({ profile: 'codex', settings: on, bypassHookTrust: true, logger: quiet });
    const reports = await r.loadSettings({ projectDir: project, codexHome: home, systemDir: false });
    expect(reports.flatMap((x) => x.skipped)[0]!.reason).toMatch(/hooks\.json was not read: the project is not trusted by Codex/);
    // A gated-off source's file is not read at all (src/config/config-layer.ts): nothing of it is listed.
    expect(r.explain('PreToolUse', TOOL)).toEqual([]);
  });

  it('a project\'s notify program runs under the project\'s environment policy, as its hooks do', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'codex-notify-env-'));
    const script = join(dir, 'notify.sh');
    writeFileSync(script, `#!/bin/sh\nprintf '%s' "\${MY_API_TOKEN:-unset}" > '${join(dir, 'seen')}'\n`);
    chmodSync(script, 0o755);
    process.env.MY_API_TOKEN = 'secret';
    try {
      const r = make();
      r.addConfig({ notify: [script] }, { source: 'project', file: join(dir, 'config.toml') });
      r.notifyTurnComplete({ threadId: 'a', turnId: 'b', inputMessages: [], lastAssistantMessage: null, cwd: dir });
      await r.drainBackground();
      await r.close();
    } finally {
      delete process.env.MY_API_TOKEN;
    }
    expect(readFileSync(join(dir, 'seen'), 'utf8')).toBe('unset');
  });
});

describe('the compiled stdin builder', () => {
  it('writes the same input where code generation from strings is disallowed (its loop form)', async () => {
    const { execFileSync } = await import('node:child_process');
    const code = `const { HookRegistry } = await import('./dist/index.js');
const seen = [];
const r = new HookRegistry({ profile: 'codex', session: { sessionId: 's', cwd: '/x' }, logger: { warn() {} } });
r.register('PreToolUse', (input) => void seen.push(input));
r.register('SessionEnd', (input) => void seen.push(input));
await r.dispatch('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' }, turn_id: 't', extra: 1 });
await r.dispatch('SessionEnd', {});
console.log(JSON.stringify(seen));`;
    const run = (flags: string[]) => execFileSync(process.execPath, [...flags, '--input-type=module', '-e', code], { encoding: 'utf8', cwd: new URL('../../../', import.meta.url) });
    const text = run([]);
    const compiled = JSON.parse(text);
    expect(compiled).toEqual([
      { session_id: 's', turn_id: 't', transcript_path: null, cwd: '/x', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' } },
      { session_id: 's', transcript_path: null, cwd: '/x', hook_event_name: 'SessionEnd', reason: 'other' },
    ]);
    // The same keys in the same order.
    expect(run(['--disallow-code-generation-from-strings'])).toBe(text);
  });
});
