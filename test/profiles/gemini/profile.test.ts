// The gemini profile beyond the recorded replay: its JSON Schema, the default timeout (60 s, in ms),
// hooksConfig, identical hooks, the loader's order, an untrusted folder, and Gemini's command expansion.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { HookRegistry } from '../../../src/index.js';
import { formatJsonSchema } from '../../../src/cli/json-schema.js';
import { expandCommand, shellQuote } from '../../../src/profiles/gemini/command.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const on = { enableShellHooks: true, allowProjectHooks: true, enablePluginHooks: true };
const quiet = { warn: () => {} };
const TOOL = { tool_name: 'run_shell_command', tool_input: { command: 'ls' } };
const deny = (reason: string) => `echo '{"decision":"deny","reason":"${reason}"}'`;

describe('gemini profile', () => {
  it('ships schema/gemini-settings.json, which ajv compiles strictly and which accepts every recorded config', () => {
    const shipped = readFileSync(join(ROOT, 'schema', 'gemini-settings.json'), 'utf8');
    expect(shipped).toBe(formatJsonSchema('gemini'));
    const validate = new Ajv2020({ allErrors: true, strict: true }).compile(JSON.parse(shipped) as object);
    const dir = join(ROOT, 'fixtures', 'gemini', 'engine');
    for (const f of ['03-beforetool-decisions.json', '04-merge-order.json', '09-model-events.json']) {
      for (const c of JSON.parse(readFileSync(join(dir, f), 'utf8')).cases) for (const l of c.layers) expect(validate(l.config), `${c.id}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    expect(validate({ hooks: { BeforeTool: [{ hooks: [{ type: 'command' }] }] } })).toBe(false);
  });

  it('timeouts are milliseconds (a Claude-style 1 is 1 ms) and a hook without one gets 60,000 ms', () => {
    const r = new HookRegistry({ profile: 'gemini', settings: on, logger: quiet });
    r.addConfig({ hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: 'true', timeout: 1 }, { type: 'command', command: 'false' }] }] } }, { source: 'user' });
    expect(r.listHooks('BeforeTool').map((h) => h.timeoutMs)).toEqual([1, 60_000]);
  });

  it('hooksConfig.disabled names and hooksConfig.enabled: false switch hooks off, and explain says so', async () => {
    const r = new HookRegistry({ profile: 'gemini', settings: on, logger: quiet });
    r.addConfig({ hooks: { BeforeTool: [{ hooks: [{ type: 'command', name: 'guard', command: deny('no') }, { type: 'command', command: 'true' }] }] }, hooksConfig: { disabled: ['guard'] } }, { source: 'user' });
    const result = await r.dispatch('BeforeTool', TOOL);
    expect(result.blocked).toBe(false);
    expect(result.runs.map((x) => x.name)).toEqual(['true']);
    expect(r.explain('BeforeTool', TOOL)[0]!.reason).toMatch(/hooksConfig\.disabled/);
    const off = new HookRegistry({ profile: 'gemini', settings: on, logger: quiet });
    off.addConfig({ hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: deny('no') }] }] }, hooksConfig: { enabled: false } }, { source: 'user' });
    expect((await off.dispatch('BeforeTool', TOOL)).runs).toEqual([]);
    await r.close();
  });

  it('an untrusted folder registers no settings hooks, the user\'s included (extensions still run)', () => {
    const r = new HookRegistry({ profile: 'gemini', settings: { ...on, allowProjectHooks: false }, logger: quiet });
    const user = r.addConfig({ hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: deny('u') }] }] } }, { source: 'user' });
    expect(user.skipped[0]!.reason).toMatch(/the folder is not trusted/);
    const ext = r.addConfig({ hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: 'echo ${extensionPath}' }] }] } }, { source: 'plugin', pluginRoot: '/ext/a' });
    expect(ext.added.map((a) => a.command)).toEqual(['echo /ext/a']);
  });

  it('loadSettings: user, then project, then system, then extensions', async () => {
    const base = mkdtempSync(join(tmpdir(), 'gemini-load-'));
    const home = join(base, 'home');
    const project = join(base, 'repo');
    const ext = join(base, 'ext');
    for (const d of [join(home, '.gemini'), join(project, '.gemini'), join(ext, 'hooks')]) mkdirSync(d, { recursive: true });
    const hooks = (name: string) => JSON.stringify({ hooks: { SessionStart: [{ hooks: [{ type: 'command', name, command: 'true' }] }] } });
    writeFileSync(join(home, '.gemini', 'settings.json'), hooks('user'));
    writeFileSync(join(project, '.gemini', 'settings.json'), hooks('project'));
    writeFileSync(join(base, 'system.json'), hooks('system'));
    writeFileSync(join(ext, 'hooks', 'hooks.json'), hooks('extension'));
    const r = new HookRegistry({ profile: 'gemini', settings: on, logger: quiet });
    await r.loadSettings({ projectDir: project, home, systemFile: join(base, 'system.json'), extensions: [ext] });
    expect(r.listHooks('SessionStart').map((h) => h.name)).toEqual(['user', 'project', 'system', 'extension']);
  });

  it('replaces $GEMINI_PROJECT_DIR and its kin with shell-quote\'s quoting, as Gemini does', () => {
    expect(shellQuote('/repo')).toBe('/repo');
    expect(shellQuote("it's here")).toBe('"it\'s here"');
    expect(shellQuote('a b')).toBe("'a b'");
    expect(expandCommand('cd $GEMINI_PROJECT_DIR && echo $GEMINI_SESSION_ID ${GEMINI_CWD}', { cwd: '/my repo', plansDir: '/p', sessionId: 's1' })).toBe("cd '/my repo' && echo s1 ${GEMINI_CWD}");
  });
});
