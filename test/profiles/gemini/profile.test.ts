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
import { expandCommand } from '../../../src/profiles/gemini/command.js';

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

  // Issue 23 class 5: Gemini pastes the shell-quoted value in; here, deliberately, a reference to the variable.
  it('makes $GEMINI_PROJECT_DIR and its kin references to the hook\'s environment, by the quotes they stand in', () => {
    expect(expandCommand('cd $GEMINI_PROJECT_DIR && echo "$GEMINI_SESSION_ID" \'$GEMINI_CWD\' ${GEMINI_CWD}')).toBe('cd "${GEMINI_PROJECT_DIR}" && echo "${GEMINI_SESSION_ID}" \'${GEMINI_CWD}\' ${GEMINI_CWD}');
  });
});

// The review's findings (each against real processes; the recorded ones are in fixtures/gemini/engine/14-review.json).
describe('gemini profile: review fixes', () => {
  const node = (code: string) => `node -e '${code}'`;
  const open = (extra: Record<string, unknown> = {}) => new HookRegistry({ profile: 'gemini', settings: on, logger: quiet, ...extra } as never) as unknown as HookRegistry<'gemini'>;
  const hook = (command: string, more: Record<string, unknown> = {}) => ({ type: 'command', command, ...more });
  const config = (event: string, ...hooks: unknown[]) => ({ hooks: { [event]: [{ hooks }] } });

  it('output that cannot be made a string never rejects the dispatch: BeforeModel blocks with its text', async () => {
    const r = open();
    r.addConfig(config('BeforeModel', hook(`echo '{"decision":"deny","reason":{"toString":1}}'`)), { source: 'user' });
    const result = await r.dispatch('BeforeModel', { llm_request: { model: 'm', messages: [] } });
    expect(result).toMatchObject({ blocked: true, reason: '{"toString":1}' });
    r.addConfig(config('SessionEnd', hook(`echo '{"systemMessage":{"toString":1},"reason":{"toString":1}}'`)), { source: 'user' });
    expect((await r.dispatch('SessionEnd', { reason: 'exit' })).blocked).toBe(false);
    await r.close();
  });

  it('a hook that cannot start is no success, and decides nothing', async () => {
    const r = open();
    r.addConfig(config('BeforeTool', hook(deny('x'))), { source: 'user' });
    const result = await r.dispatch('BeforeTool', { ...TOOL, cwd: '/nonexistent-gemini-dir' });
    expect(result.blocked).toBe(false);
    expect(result.runs[0]!.outcome).toBe('error');
    await r.close();
  });

  it('a stderr JSON decision past the stderr cap refuses; a blank stdout past the parse limit is not JSON (stderr is read)', async () => {
    const r = open();
    r.addConfig(config('BeforeTool', hook(node('process.stderr.write(JSON.stringify({decision:"allow",reason:"x".repeat(100000)}))'))), { source: 'user' });
    const big = await r.dispatch('BeforeTool', TOOL);
    expect(big.blocked).toBe(true);
    expect(big.reason).toMatch(/on stderr too long to read whole/);
    const s = open();
    s.addConfig(config('BeforeTool', hook(node('process.stdout.write(" ".repeat(1100000)); process.stderr.write(JSON.stringify({decision:"deny",reason:"from stderr"}))'))), { source: 'user' });
    expect(await s.dispatch('BeforeTool', TOOL)).toMatchObject({ blocked: true, reason: 'from stderr' });
    await r.close();
    await s.close();
  });

  it('hooksConfig is one merged setting for every hook: enabled by layer precedence (system > project > user), disabled the union, undone on remove', async () => {
    const r = open();
    const userOff = r.addConfig({ hooksConfig: { enabled: false, disabled: ['E'] }, ...config('BeforeTool', hook(deny('u'), { name: 'U' })) }, { source: 'user' });
    r.addConfig(config('BeforeTool', hook(deny('e'), { name: 'E' })), { source: 'plugin', pluginRoot: '/ext/e' });
    r.register('BeforeTool', () => ({ decision: 'deny', reason: 'code' }), { name: 'code' });
    expect((await r.dispatch('BeforeTool', TOOL)).runs).toEqual([]);
    expect(r.explain('BeforeTool', TOOL).every((x) => x.runs === false && /hooksConfig\.enabled: false/.test(x.reason ?? ''))).toBe(true);
    // A project's `enabled: true` does not undo the user's false (issue 23: where Gemini lets the project's
    // win, a lower layer never switches back on what a higher one switched off); the system's does, and the
    // user's `disabled` still applies, to the extension's hook too.
    const projectOn = r.addConfig({ hooksConfig: { enabled: true } }, { source: 'project' });
    expect((await r.dispatch('BeforeTool', TOOL)).runs).toEqual([]);
    const systemOn = r.addConfig({ hooksConfig: { enabled: true } }, { source: 'system' });
    expect((await r.dispatch('BeforeTool', TOOL)).runs.map((x) => x.name)).toEqual(['code', 'U']);
    systemOn.remove();
    const systemOff = r.addConfig({ hooksConfig: { enabled: false } }, { source: 'system' });
    expect((await r.dispatch('BeforeTool', TOOL)).runs).toEqual([]);
    systemOff.remove();
    projectOn.remove();
    expect((await r.dispatch('BeforeTool', TOOL)).runs).toEqual([]);
    userOff.remove();
    expect((await r.dispatch('BeforeTool', TOOL)).runs.map((x) => x.name)).toEqual(['code', 'E']);
    // An extension's hooks file has no settings in Gemini.
    r.addConfig({ hooksConfig: { enabled: false } }, { source: 'plugin', pluginRoot: '/ext/f' });
    expect((await r.dispatch('BeforeTool', TOOL)).runs).toHaveLength(2);
    await r.close();
  });

  it('a truthy matcher that is not a string stops every hook of the event (Gemini\'s planner throws), with a warning; one on an event without match values is never read', async () => {
    const warns: string[] = [];
    const r = open({ logger: { warn: (m: string) => void warns.push(m) } });
    r.addConfig({ hooks: { BeforeTool: [{ matcher: { a: 1 }, hooks: [hook('true', { name: 'odd' })] }, { hooks: [hook(deny('x'))] }], BeforeAgent: [{ matcher: 7, hooks: [hook(deny('y'))] }] } }, { source: 'user' });
    expect(warns.join('\n')).toMatch(/matcher \{"a":1\}, not a string/);
    expect((await r.dispatch('BeforeTool', TOOL)).runs).toEqual([]);
    expect(r.explain('BeforeTool', TOOL).find((x) => x.name === 'odd')!.reason).toMatch(/planner throws/);
    expect((await r.dispatch('BeforeAgent', { prompt: 'hi' })).blocked).toBe(true);
    // Disabled by name, it is never planned: the others run.
    r.addConfig({ hooksConfig: { disabled: ['odd'] } }, { source: 'user' });
    expect((await r.dispatch('BeforeTool', TOOL)).blocked).toBe(true);
    await r.close();
  });

  it("an extension's strings get Gemini's variables: ${extensionPath}, ${workspacePath}, ${/}, ${pathSeparator} (addConfig and loadSettings)", async () => {
    const base = mkdtempSync(join(tmpdir(), 'gemini-ext-'));
    const ext = join(base, 'ext');
    mkdirSync(join(ext, 'hooks'), { recursive: true });
    const out = join(base, 'out.txt');
    const cmd = `printf "%s|%s|%s|%s|%s" "\${extensionPath}" "\${workspacePath}" "\${/}" "\${pathSeparator}" "$E" > ${out}`;
    const r = open({ projectDir: base });
    r.addConfig(config('BeforeAgent', hook(cmd, { env: { E: '${extensionPath}${/}bin' } })), { source: 'plugin', pluginRoot: ext });
    await r.dispatch('BeforeAgent', { prompt: 'hi', cwd: base });
    expect(readFileSync(out, 'utf8')).toBe(`${ext}|${base}|/|/|${ext}/bin`);
    await r.close();
    writeFileSync(join(ext, 'hooks', 'hooks.json'), JSON.stringify({ hooks: { BeforeTool: [{ matcher: '${unknown}|x${/}y', hooks: [hook(`printf '{"decision":"deny","reason":"%s"}' "\${extensionPath}"`, { name: 'n' })] }] } }));
    const l = open();
    await l.loadSettings({ projectDir: base, home: join(base, 'home'), systemFile: false, extensions: [ext] });
    expect(l.listHooks('BeforeTool')[0]).toMatchObject({ matcher: '${unknown}|x/y' });
    expect(await l.dispatch('BeforeTool', { tool_name: 'x/y', tool_input: {}, cwd: base })).toMatchObject({ blocked: true, reason: ext });
    await l.close();
  });

  it('GEMINI_PLANS_DIR: the plansDir option, else Gemini\'s ~/.gemini/tmp/<short id>/<session>/plans', async () => {
    const base = mkdtempSync(join(tmpdir(), 'gemini-plans-'));
    const project = join(base, 'My Repo');
    mkdirSync(project);
    const out = join(base, 'plans.txt');
    const cfg = config('BeforeAgent', hook(`printf "%s" "$GEMINI_PLANS_DIR" > '${out}'`));
    expect(() => open({ plansDir: 'relative' })).toThrow(/absolute path/);
    const r = open({ plansDir: '/plans/here' });
    r.addConfig(cfg, { source: 'user' });
    await r.dispatch('BeforeAgent', { prompt: 'p', cwd: project, session_id: 's1' });
    expect(readFileSync(out, 'utf8')).toBe('/plans/here');
    await r.close();
    const saved = process.env.GEMINI_CLI_HOME;
    process.env.GEMINI_CLI_HOME = join(base, 'home');
    try {
      const d = open();
      d.addConfig(cfg, { source: 'user' });
      await d.dispatch('BeforeAgent', { prompt: 'p', cwd: project, session_id: 's1' });
      expect(readFileSync(out, 'utf8')).toBe(join(base, 'home', '.gemini', 'tmp', 'my-repo', 's1', 'plans'));
      await d.close();
      mkdirSync(join(base, 'home', '.gemini'), { recursive: true });
      writeFileSync(join(base, 'home', '.gemini', 'projects.json'), JSON.stringify({ projects: { [project]: 'my-repo-3' } }));
      const e = open();
      e.addConfig(cfg, { source: 'user' });
      await e.dispatch('BeforeAgent', { prompt: 'p', cwd: project, session_id: 's2' });
      expect(readFileSync(out, 'utf8')).toBe(join(base, 'home', '.gemini', 'tmp', 'my-repo-3', 's2', 'plans'));
      await e.close();
    } finally {
      if (saved === undefined) delete process.env.GEMINI_CLI_HOME;
      else process.env.GEMINI_CLI_HOME = saved;
    }
  });

  it('loadSettings: no workspace file when the project is the home folder, GEMINI_CLI_SYSTEM_SETTINGS_PATH, $VAR from the environment; settings hooks run before extensions\' whatever the order they were added in', async () => {
    const base = mkdtempSync(join(tmpdir(), 'gemini-load2-'));
    const home = join(base, 'home');
    mkdirSync(join(home, '.gemini'), { recursive: true });
    const named = (name: string) => JSON.stringify({ hooks: { SessionStart: [{ hooks: [{ type: 'command', name, command: 'true' }] }] } });
    writeFileSync(join(home, '.gemini', 'settings.json'), named('user-$GEMINI_TEST_VAR-${GEMINI_TEST_VAR}-$GEMINI_UNSET_VAR'));
    writeFileSync(join(base, 'system.json'), named('system'));
    const saved = { ...process.env };
    process.env.GEMINI_TEST_VAR = 'v';
    process.env.GEMINI_CLI_SYSTEM_SETTINGS_PATH = join(base, 'system.json');
    delete process.env.GEMINI_UNSET_VAR;
    try {
      const r = open();
      // The project folder is the home folder: its .gemini/settings.json is the user's, read once.
      await r.loadSettings({ projectDir: home, home });
      expect(r.listHooks('SessionStart').map((h) => h.name)).toEqual(['user-v-v-$GEMINI_UNSET_VAR', 'system']);
    } finally {
      for (const k of ['GEMINI_TEST_VAR', 'GEMINI_CLI_SYSTEM_SETTINGS_PATH']) if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
    const o = open();
    o.addConfig(config('BeforeTool', hook(deny('e'), { name: 'E' })), { source: 'plugin', pluginRoot: '/ext' });
    o.addConfig(config('BeforeTool', hook(deny('u'), { name: 'U' })), { source: 'user' });
    const result = await o.dispatch('BeforeTool', TOOL);
    expect(result.runs.map((x) => x.name)).toEqual(['U', 'E']);
    expect(result.reason).toBe('u\ne');
    await o.close();
  });

  it('the common fields are strings when given (checked when a hook is to run: they go to its stdin, command and env)', async () => {
    const r = open();
    r.register('BeforeTool', () => undefined);
    for (const bad of [{ session_id: 1 }, { cwd: {} }, { transcript_path: true }]) await expect(r.dispatch('BeforeTool', { ...TOOL, ...bad } as never)).rejects.toThrow(/to be a string/);
    await expect(r.dispatch('BeforeTool', { ...TOOL, session_id: null } as never)).resolves.toMatchObject({ blocked: false });
  });

  it('identical hooks run once, the first (name:command as Gemini keys it, a non-string name too), and explain says the same', async () => {
    const r = open();
    r.addConfig(config('BeforeTool', hook(deny('a'), { name: 5 }), hook(deny('a'), { name: '5' })), { source: 'project' });
    r.addConfig(config('BeforeTool', hook(deny('b'), { name: 'dup' })), { source: 'user' });
    r.addConfig(config('BeforeTool', hook(deny('b'), { name: 'dup' })), { source: 'plugin', pluginRoot: '/ext' });
    r.addConfig(config('BeforeTool', hook(deny('b'), { name: 'dup' })), { source: 'project' });
    const result = await r.dispatch('BeforeTool', TOOL);
    expect(result.runs).toHaveLength(2);
    const rows = r.explain('BeforeTool', TOOL);
    expect(rows.filter((x) => x.runs).map((x) => x.source)).toEqual(['project', 'user']);
    expect(rows.filter((x) => !x.runs).every((x) => /deduplicated with/.test(x.reason ?? ''))).toBe(true);
    await r.close();
  });

  it('an aborted sequential run lists the hooks it kept from starting, as aborted', async () => {
    const r = open();
    r.addConfig({ hooks: { BeforeTool: [{ sequential: true, hooks: [hook('sleep 5', { name: 'slow' }), hook(deny('x'), { name: 'second' })] }] } }, { source: 'user' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const result = await r.dispatch('BeforeTool', TOOL, { signal: controller.signal });
    expect(result.aborted).toBe(true);
    expect(result.runs.map((x) => [x.name, x.outcome])).toEqual([['slow', 'aborted'], ['second', 'aborted']]);
    await r.close();
  });

  it('timeouts are coerced as setTimeout does, with a warning (recorded: 14 rv-timeout-*)', () => {
    const warns: string[] = [];
    const r = open({ logger: { warn: (m: string) => void warns.push(m) } });
    r.addConfig(config('BeforeTool', hook('true', { timeout: -5 }), hook('true', { timeout: '300' }), hook('true', { timeout: 3e9 }), hook('true', { timeout: null }), hook('true', { timeout: [250] })), { source: 'user' });
    expect(r.listHooks('BeforeTool').map((h) => h.timeoutMs)).toEqual([1, 300, 1, 60_000, 250]);
    expect(warns.filter((m) => /runs as 1 ms/.test(m))).toHaveLength(2);
  });
});
