// The codex profile against the rest of what Codex 0.169.0 did (fixtures/codex/oracle/01, 02, 07, 08, 09)
// and what its source says where no run could show it: stdin keys and order, matchers, timeouts in
// seconds, the trust hash and gate, the config forms and the layers loader.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HookConfigError, HookRegistry } from '../../../src/index.js';
import { codexHookKey, codexTrustedHash } from '../../../src/profiles/codex/trust.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const ORACLE = (file: string) => JSON.parse(readFileSync(join(ROOT, 'fixtures', 'codex', 'oracle', file), 'utf8'));
const HOOK = join(ROOT, 'fixtures', 'claude', 'oracle-hook.mjs');
const sh = (s: string): string => `'${s.replaceAll("'", "'\\''")}'`;
const replay = (behave: object): string => `node ${sh(HOOK)} h ${sh(JSON.stringify(behave))}`;
const quiet = { warn: () => {} };
const on = { enableShellHooks: true, allowProjectHooks: true, enablePluginHooks: true };
const TOOL = { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 'call_1', turn_id: 't1', model: 'gpt-test', permission_mode: 'bypassPermissions' } as const;

function registry(extra: Record<string, unknown> = {}): HookRegistry<'codex'> {
  return new HookRegistry({ profile: 'codex', bypassHookTrust: true, settings: on, session: { sessionId: 's1', cwd: tmpdir(), transcriptPath: null }, logger: quiet, ...extra });
}

describe('stdin: the keys Codex sends, in its order, and no others', () => {
  const recorded = ORACLE('01-events-and-stdin.json').observed.stdin as Record<string, Record<string, unknown>[]>;
  const payloads: Record<string, Record<string, unknown>> = {
    PreToolUse: { ...TOOL, extra_field: 'not sent' },
    PostToolUse: { ...TOOL, tool_response: 'out\n' },
    SessionStart: { source: 'startup', model: 'gpt-test', permission_mode: 'bypassPermissions' },
    UserPromptSubmit: { prompt: 'p', turn_id: 't1', model: 'gpt-test', permission_mode: 'bypassPermissions' },
    Stop: { stop_hook_active: false, last_assistant_message: 'done', turn_id: 't1', model: 'gpt-test', permission_mode: 'bypassPermissions' },
    SessionEnd: { reason: 'other' },
    PreModelRequest: { turn_id: 't1', model: 'gpt-test' },
    PostModelRequest: { turn_id: 't1', model: 'gpt-test', status: 'completed', token_usage: { total_tokens: 2 } },
  };
  it('matches the recorded key order of every fired event', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'codex-stdin-'));
    const r = registry();
    const hooks = Object.fromEntries(Object.keys(payloads).map((event) => [event, [{ hooks: [{ type: 'command', command: `cat > ${sh(join(dir, event))}` }] }]]));
    r.addConfig({ hooks }, { source: 'user' });
    for (const [event, payload] of Object.entries(payloads)) await r.dispatch(event as 'Stop', payload as never);
    await r.close();
    for (const event of Object.keys(payloads)) {
      const got = JSON.parse(readFileSync(join(dir, event), 'utf8')) as Record<string, unknown>;
      expect(Object.keys(got), event).toEqual(Object.keys(recorded[event]![0]!));
      expect(got.hook_event_name).toBe(event);
    }
  });
});

describe('matchers, as the binary fired them on tool `Bash`', () => {
  const table = ORACLE('02-matchers.json').observed.preToolUseMatcherOnToolBash as Record<string, string>;
  it('fires exactly where Codex fired', async () => {
    const r = registry();
    const names: string[] = [];
    for (const [label, verdict] of Object.entries(table)) {
      const matcher = label === '(matcher absent)' ? undefined : (JSON.parse(label) as string);
      names.push(label);
      r.register('PreToolUse', () => undefined, { name: label, ...(matcher === undefined ? {} : { matcher }) });
      void verdict;
    }
    const result = await r.dispatch('PreToolUse', TOOL);
    const fired = new Set(result.runs.map((run) => run.name));
    for (const [label, verdict] of Object.entries(table)) expect(fired.has(label), label).toBe(verdict === 'fired');
  });
  it('apply_patch fires Edit and Write matchers (Codex\'s aliases) and still reports its own name', async () => {
    const r = registry();
    r.register('PreToolUse', () => undefined, { name: 'edit', matcher: 'Edit|Write' });
    r.register('PreToolUse', () => undefined, { name: 'bash', matcher: 'Bash' });
    const result = await r.dispatch('PreToolUse', { ...TOOL, tool_name: 'apply_patch' });
    expect(result.runs.map((x) => x.name)).toEqual(['edit']);
  });
  it('an invalid regex skips its group (Codex warns at discovery), and Stop ignores matchers', async () => {
    const warnings: string[] = [];
    const r = registry({ logger: { warn: (m: string) => warnings.push(m) } });
    r.register('PreToolUse', () => undefined, { name: 'bad', matcher: 'Bash(' });
    r.register('Stop', () => undefined, { name: 'stop', matcher: 'NoSuchThing' });
    expect((await r.dispatch('PreToolUse', { ...TOOL, tool_name: 'Bash(' })).runs).toEqual([]);
    expect((await r.dispatch('Stop', { turn_id: 't' })).runs.map((x) => x.name)).toEqual(['stop']);
    expect(warnings.join('\n')).toMatch(/its hooks never run/);
  });
});

describe('timeouts: whole seconds, at least 1, and a timeout fails open (07-timeouts)', () => {
  it('a hook past its `timeout` is killed and the tool call goes on, though it would have denied', async () => {
    const r = registry();
    const deny = JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'late' } });
    r.addConfig({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: replay({ stdout: deny, sleep: 2 }), timeout: 0 }] }] } }, { source: 'user' });
    const started = Date.now();
    const result = await r.dispatch('PreToolUse', TOOL);
    expect(result.blocked).toBe(false);
    expect(result.runs[0]!.outcome).toBe('timeout');
    // timeout 0 runs as 1 s (observed: killed after about 1.0 s).
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(Date.now() - started).toBeLessThan(1900);
    await r.close();
  });
  it('a fractional timeout drops the whole file, as Codex does', () => {
    const r = registry();
    expect(() => r.addConfig({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'true', timeout: 1.5 }] }] } }, { source: 'user' })).toThrow(/whole number of seconds/);
    expect(r.listHooks()).toEqual([]);
  });
});

describe('config forms (09-config-format)', () => {
  it('hooks.json takes only `description` and `hooks`, and a handler needs `type`', () => {
    const r = registry();
    expect(() => r.addConfig({ PreToolUse: [] }, { source: 'user', file: '/x/hooks.json' })).toThrow(/unknown field `PreToolUse`, expected `description` or `hooks`/);
    expect(() => r.addConfig({ hooks: { PreToolUse: [{ hooks: [{ command: 'true' }] }] } }, { source: 'user' })).toThrow(HookConfigError);
    expect(() => r.addConfig({ description: 'mine', hooks: {} }, { source: 'user', file: '/x/hooks.json' })).not.toThrow();
  });
  it('prompt hooks are skipped and the others still register; unknown events are skipped', () => {
    const r = registry();
    const report = r.addConfig({ hooks: { Stop: [{ hooks: [{ type: 'prompt', prompt: 'x' }, { type: 'command', command: 'true' }] }], NoSuchEvent: [{ hooks: [{ type: 'command', command: 'true' }] }] } }, { source: 'user' });
    expect(report.added.map((a) => a.path)).toEqual(['hooks.Stop[0].hooks[1]']);
    expect(report.skipped.map((s) => s.reason)).toEqual(['prompt hooks are not supported yet (as in Codex 0.169.0)', 'unknown event "NoSuchEvent"']);
  });
  it('a parsed config.toml: [hooks] events run, [hooks.state] is trust, [features] hooks = false turns hooks off', async () => {
    const r = registry({ bypassHookTrust: false });
    const command = 'true';
    const hash = codexTrustedHash('Stop', undefined, { command });
    const file = '/home/u/.codex/config.toml';
    const toml = { model: 'gpt', hooks: { Stop: [{ hooks: [{ type: 'command', command }] }], state: { [codexHookKey(file, 'Stop', 0, 0)]: { trusted_hash: hash } } } };
    const report = r.addConfig(toml, { source: 'user', file });
    expect(report.added).toHaveLength(1);
    expect((await r.dispatch('Stop', { turn_id: 't' })).runs).toHaveLength(1);
    const off = r.addConfig({ features: { hooks: false } }, { source: 'user', file: '/etc/codex/config.toml' });
    expect((await r.dispatch('Stop', { turn_id: 't' })).runs).toHaveLength(0);
    expect(r.explain('Stop', { turn_id: 't' })[0]!.reason).toMatch(/\[features\] hooks = false/);
    off.remove();
    expect((await r.dispatch('Stop', { turn_id: 't' })).runs).toHaveLength(1);
    await r.close();
  });
});

describe('trust: Codex\'s trusted_hash', () => {
  // Hashes the real Codex 0.169.0 accepted (the hook ran with exactly this trusted_hash and no bypass; a
  // one-character change skipped it), and one a third party reports Codex wrote.
  const VECTORS: [Parameters<typeof codexTrustedHash>, string][] = [
    [['PermissionRequest', '*', { command: '/usr/local/bin/captain-miao hook --agent codex permission-request' }], 'sha256:ede30d21fa951d0bb9bc60a12e12755ee1a789566aab412f398596e0f2d6302b'],
    [['PreToolUse', 'Bash', { command: 'touch "$PWD/marker"' }], 'sha256:59c5ff9b9805fd6f9192dd8dfd5de7f42125cb22de71be47ebde46bdebfb51fa'],
    [['PreToolUse', '*', { command: 'touch "$PWD/marker"', timeout: 30, statusMessage: 'checking…' }], 'sha256:99a94a51f3c23b0cdcc451ad3bff8001525169c691bede44a176cd8ba4d24348'],
    [['PreToolUse', undefined, { command: 'touch "$PWD/marker"', timeout: 0 }], 'sha256:99100ba9524fbd427e8f02432e9ca514f53f582429fb63f15f18675a18bc82da'],
    [['Stop', 'whatever', { command: 'touch "$PWD/marker"' }], 'sha256:48433eb15c8b0e1243d7b9964b04db5b7fcb7b1b6800b2ff3f7f78ea4141fefd'],
    [['SessionStart', 'startup', { command: 'touch "$PWD/marker"' }], 'sha256:8fb02fd7b45c77d09fb039df0c4cc515ca1601d6be7464e254d76c455cbca8bc'],
    [['UserPromptSubmit', undefined, { command: 'touch "$PWD/marker"', additionalContextLimit: 100 }], 'sha256:aaafef65e3fd8dd8e5ce626130f3fe59735595a28dced1b4d44cb12678b2e02b'],
  ];
  it.each(VECTORS)('%j', (args, want) => expect(codexTrustedHash(...args)).toBe(want));

  it('an untrusted or changed hook does not run, and listHooks / explain say why, with the line that would trust it', async () => {
    const file = '/home/u/.codex/hooks.json';
    const hook = { type: 'command', command: 'echo hi' };
    const key = codexHookKey(file, 'PreToolUse', 0, 0);
    const trusted = codexTrustedHash('PreToolUse', 'Bash', hook);
    const run = async (state: Record<string, unknown> | undefined) => {
      const r = new HookRegistry({ profile: 'codex', settings: on, logger: quiet, ...(state === undefined ? {} : { hookState: state }) });
      const report = r.addConfig({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [hook] }] } }, { source: 'user', file });
      const result = await r.dispatch('PreToolUse', TOOL);
      const listed = r.listHooks('PreToolUse');
      const explained = r.explain('PreToolUse', TOOL);
      await r.close();
      return { report, result, listed, explained };
    };
    const none = await run(undefined);
    expect(none.result.runs).toEqual([]);
    expect(none.report.skipped[0]).toMatchObject({ gate: 'harnessTrust', trust: 'new' });
    expect(none.listed[0]).toMatchObject({ gatedBy: 'harnessTrust' });
    expect(none.explained[0]!.reason).toContain(`[hooks.state."${key}"]\ntrusted_hash = "${trusted}"`);
    const changed = await run({ [key]: { trusted_hash: codexTrustedHash('PreToolUse', 'Bash', { command: 'echo old' }) } });
    expect(changed.report.skipped[0]).toMatchObject({ trust: 'changed' });
    expect(changed.explained[0]!.reason).toMatch(/changed since it was approved/);
    const ok = await run({ [key]: { trusted_hash: trusted } });
    expect(ok.result.runs.map((x: { outcome: string }) => x.outcome)).toEqual(['ok']);
    // enabled = false keeps it off even with the bypass.
    const r = new HookRegistry({ profile: 'codex', settings: on, logger: quiet, bypassHookTrust: true, hookState: { [key]: { enabled: false } } });
    expect(r.addConfig({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [hook] }] } }, { source: 'user', file }).skipped[0]!.reason).toMatch(/enabled = false/);
  });

  it('every fix-it line parses as pasted into a real config.toml, and then trusts the hook', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hh-codex-fixit-'));
    // A path with a quote and a backslash: the key must be a TOML string that says exactly this.
    const file = join(dir, 'we"ird\\dir', 'hooks.json');
    const hook = { type: 'command', command: 'echo hi' };
    const key = codexHookKey(file, 'PreToolUse', 0, 0);
    const toml = join(dir, 'config.toml');
    // What a user's config.toml looks like: tables before the end, so a pasted key lands after one of them.
    const before = `model = "gpt"\n\n[projects."${dir}"]\ntrust_level = "trusted"\n`;
    const { parse } = await import('smol-toml');
    const reasonFor = (state: Record<string, unknown> | undefined): string => {
      const r = new HookRegistry({ profile: 'codex', settings: on, logger: quiet, ...(state === undefined ? {} : { hookState: state }) });
      return r.addConfig({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [hook] }] } }, { source: 'user', file }).skipped[0]!.reason;
    };
    const runsWith = async (text: string): Promise<string[]> => {
      writeFileSync(toml, text);
      const state = ((parse(readFileSync(toml, 'utf8')) as { hooks?: { state?: Record<string, unknown> } }).hooks?.state) ?? {};
      const r = new HookRegistry({ profile: 'codex', settings: on, logger: quiet, hookState: state });
      r.addConfig({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [hook] }] } }, { source: 'user', file });
      const result = await r.dispatch('PreToolUse', TOOL);
      await r.close();
      return result.runs.map((x: { outcome: string }) => x.outcome);
    };
    // Never approved: the lines after the colon are appended to the file as printed.
    const fresh = reasonFor(undefined).split(':\n');
    expect(fresh).toHaveLength(2);
    expect(await runsWith(`${before}\n${fresh[1]}\n`)).toEqual(['ok']);
    // Changed, and a table without a hash: the printed line replaces the table's trusted_hash (or joins it).
    for (const old of [{ trusted_hash: codexTrustedHash('PreToolUse', 'Bash', { command: 'echo old' }) }, { enabled: true }]) {
      const [, line] = reasonFor({ [key]: old }).split(':\n');
      const table = `[hooks.state.${JSON.stringify(key)}]`;
      expect(reasonFor({ [key]: old })).toContain(table);
      const existing = `${table}\n${'enabled' in old ? 'enabled = true' : `trusted_hash = "${old.trusted_hash}"`}\n`;
      expect(await runsWith(`${before}\n${existing}`)).toEqual([]);
      expect(await runsWith(`${before}\n${existing.replace(/trusted_hash = .*\n/, '')}${line}\n`)).toEqual(['ok']);
    }
  });

  it('managed and system hooks need no hash; a project cannot trust its own hooks', async () => {
    const r = new HookRegistry({ profile: 'codex', settings: on, logger: quiet });
    expect(r.addConfig({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] } }, { source: 'system', file: '/etc/codex/hooks.json' }).added).toHaveLength(1);
    const file = '/repo/.codex/config.toml';
    const state = { [codexHookKey(file, 'Stop', 0, 0)]: { trusted_hash: codexTrustedHash('Stop', undefined, { command: 'true' }) } };
    expect(r.addConfig({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }], state } }, { source: 'project', file }).skipped[0]!.gate).toBe('harnessTrust');
  });
});

describe('loadSettings: Codex\'s layers, in its order', () => {
  it('managed, system, user, trusted project; both files of a layer load with a warning; a broken file is dropped, the rest load', async () => {
    const base = mkdtempSync(join(tmpdir(), 'codex-layers-'));
    const home = join(base, 'home');
    const system = join(base, 'etc');
    const project = join(base, 'repo');
    for (const d of [home, system, join(project, '.codex')]) mkdirSync(d, { recursive: true });
    const out = join(base, 'order.log');
    const hook = (name: string) => ({ type: 'command', command: `echo ${name} >> ${sh(out)}` });
    writeFileSync(join(system, 'hooks.json'), JSON.stringify({ hooks: { Stop: [{ hooks: [hook('system')] }] } }));
    writeFileSync(join(system, 'requirements.toml'), `[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "echo managed >> '${out}'"\n`);
    writeFileSync(join(home, 'hooks.json'), JSON.stringify({ hooks: { Stop: [{ hooks: [hook('user-json')] }] } }));
    writeFileSync(join(home, 'config.toml'), `[projects."${project}"]\ntrust_level = "trusted"\n\n[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "echo user-toml >> '${out}'"\n`);
    writeFileSync(join(project, '.codex', 'hooks.json'), '{ "hooks": { "Stop": [ { "hooks": [ { "type": "command", "command": "x", "timeout": 1.5 } ] } ] } }');
    writeFileSync(join(project, '.codex', 'config.toml'), `[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "echo project >> '${out}'"\n`);
    const warnings: string[] = [];
    const r = new HookRegistry({ profile: 'codex', settings: on, bypassHookTrust: true, logger: { warn: (m: string) => warnings.push(m) } });
    await r.loadSettings({ projectDir: project, codexHome: home, systemDir: system });
    expect(r.listHooks('Stop').map((h) => h.source)).toEqual(['managed', 'system', 'user', 'user', 'project']);
    await r.dispatch('Stop', { turn_id: 't' });
    await r.close();
    expect(readFileSync(out, 'utf8').trim().split('\n').sort()).toEqual(['managed', 'project', 'system', 'user-json', 'user-toml']);
    expect(warnings.join('\n')).toMatch(/loading hooks from both .*hooks\.json and .*config\.toml/);
    expect(warnings.join('\n')).toMatch(/the hooks of .*repo\/\.codex\/hooks\.json were dropped/);
  });
  it('an untrusted project\'s layer is off, and says so', async () => {
    const project = mkdtempSync(join(tmpdir(), 'codex-untrusted-'));
    mkdirSync(join(project, '.codex'));
    writeFileSync(join(project, '.codex', 'hooks.json'), JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] } }));
    const r = new HookRegistry({ profile: 'codex', settings: on, bypassHookTrust: true, logger: quiet });
    const reports = await r.loadSettings({ projectDir: project, codexHome: join(project, 'no-home'), systemDir: false });
    expect(reports.flatMap((x) => x.skipped)[0]).toMatchObject({ gate: 'allowProjectHooks', reason: expect.stringMatching(/hooks\.json was not read/) });
    // The file was not read (src/config/config-layer.ts), so none of its hooks is listed.
    expect(r.listHooks('Stop')).toEqual([]);
  });
});

describe('legacy notify', () => {
  it('runs the program with the turn as its last argument, fire and forget', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'codex-notify-'));
    const script = join(dir, 'notify.sh');
    writeFileSync(script, `#!/bin/sh\nprintf '%s' "$2" > '${join(dir, 'got.json')}'\n`);
    chmodSync(script, 0o755);
    const r = registry();
    r.addConfig({ notify: [script, 'first'] }, { source: 'user', file: join(dir, 'config.toml') });
    expect(r.notifyTurnComplete({ threadId: 'th', turnId: 'tu', inputMessages: ['hi'], lastAssistantMessage: null, cwd: dir })).toBe(true);
    // Fire and forget: drainBackground() waits for it (close() would end it).
    await r.drainBackground();
    await r.close();
    expect(JSON.parse(readFileSync(join(dir, 'got.json'), 'utf8'))).toEqual({ type: 'agent-turn-complete', 'thread-id': 'th', 'turn-id': 'tu', cwd: dir, 'input-messages': ['hi'], 'last-assistant-message': null });
  });
});
