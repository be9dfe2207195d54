// Regressions of the copilot profile's adversarial review (findings 1–18), each with real hook processes
// (fixtures/copilot/) or a real HTTP server.
import { chmodSync, copyFileSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HookRegistry } from '../../../src/index.js';
import { copilotJsonSchema } from '../../../src/profiles/copilot/json-schema.js';
import { fixture } from '../../helpers/fixtures.js';
import { readJson, registry, repo, script, sh, tempDir, write, type Warnings } from './helpers.js';

const emit = (output: unknown): string => `${fixture('print-arg.sh')} ${sh(JSON.stringify(output))}`;

describe('1: permissionRequest fails open on a crash or spawn error', () => {
  it('exit 1 and a spawn error let the request through; onFailure "block" denies; preToolUse still fails closed', async () => {
    const r = registry(repo());
    r.addConfig({ hooks: { permissionRequest: [{ bash: 'exit 1' }, { exec: '/nonexistent/hook' }] } }, { source: 'user' });
    const res = await r.dispatch('permissionRequest', { toolName: 'bash', toolInput: {} });
    expect(res.blocked).toBe(false);
    expect(res.runs.map((x) => x.outcome)).toEqual(['error', 'error']);
    const b = registry(repo());
    b.addConfig({ hooks: { permissionRequest: [{ bash: 'exit 1', onFailure: 'block' }] } }, { source: 'user' });
    expect((await b.dispatch('permissionRequest', { toolName: 'bash', toolInput: {} })).blocked).toBe(true);
    const p = registry(repo());
    p.addConfig({ hooks: { preToolUse: [{ bash: 'exit 1' }] } }, { source: 'user' });
    expect((await p.dispatch('preToolUse', { toolName: 'bash', toolArgs: {} })).blocked).toBe(true);
  });
});

describe('2: a stdin that cannot be built fails closed on preToolUse', () => {
  it('circular and BigInt toolArgs deny (the run error path), the hook is never given a broken input', async () => {
    const r = registry(repo());
    r.addConfig({ hooks: { preToolUse: [{ bash: 'exit 0' }] } }, { source: 'user' });
    const circular: Record<string, unknown> = { command: 'rm -rf /' };
    circular.self = circular;
    for (const toolArgs of [circular, { n: 1n }]) {
      const res = await r.dispatch('preToolUse', { toolName: 'bash', toolArgs });
      expect(res.blocked).toBe(true);
      expect(res.modelText?.toolResult?.text).toBe('Denied by preToolUse hook (hook errored)');
    }
  });
  it('a timestamp that is not a finite Date value is replaced by now (camelCase ms, PascalCase ISO)', async () => {
    const dir = repo();
    const camel = join(dir, 'camel.json');
    const pascal = join(dir, 'pascal.json');
    const r = registry(dir);
    r.addConfig({ hooks: { preToolUse: [{ bash: script('capture-stdin.mjs'), env: { CAPTURE_FILE: camel } }], PreToolUse: [{ command: script('capture-stdin.mjs'), env: { CAPTURE_FILE: pascal } }] } }, { source: 'user' });
    for (const timestamp of [Number.NaN, 1e20]) {
      const res = await r.dispatch('preToolUse', { toolName: 'bash', toolArgs: {}, timestamp });
      expect(res.blocked).toBe(false);
      expect(res.runs.map((x) => x.outcome)).toEqual(['ok', 'ok']);
      expect(typeof readJson(camel).timestamp).toBe('number');
      expect(Number.isNaN(Date.parse(readJson(pascal).timestamp as string))).toBe(false);
    }
  });
});

describe('3: tool names are never looked up on Object.prototype', () => {
  it('PascalCase stdin keeps tool_name "constructor" / "__proto__"; a Claude regex matcher tests the name itself', async () => {
    const dir = repo();
    const capture = join(dir, 'in.json');
    const r = registry(dir);
    r.addConfig({ hooks: { PreToolUse: [{ command: script('capture-stdin.mjs'), env: { CAPTURE_FILE: capture } }] } }, { source: 'user' });
    for (const tool of ['constructor', '__proto__', 'toString']) {
      await r.dispatch('preToolUse', { toolName: tool, toolArgs: {} });
      expect(readJson(capture).tool_name).toBe(tool);
    }
    const m = registry(repo());
    m.addConfig({ hooks: { PreToolUse: [{ matcher: 'function.*', hooks: [{ command: 'exit 2' }] }] } }, { source: 'user' });
    expect((await m.dispatch('preToolUse', { toolName: 'constructor', toolArgs: {} })).blocked).toBe(false);
  });
});

describe('4: Copilot regexes are Rust regexes', () => {
  it('a pattern the backtracking guard refuses runs its hook (Rust is linear); Rust syntax is translated', async () => {
    for (const matcher of ['.*bash.*|.*shell.*', '(mcp_\\w+_)*bash', '(?i)BASH']) {
      const r = registry(repo());
      r.addConfig({ hooks: { preToolUse: [{ matcher, bash: 'exit 2' }] } }, { source: 'user' });
      expect((await r.dispatch('preToolUse', { toolName: 'bash', toolArgs: {} })).blocked, matcher).toBe(true);
    }
  });
});

describe('5: JSON past the parse limit', () => {
  it('denies on preToolUse and permissionRequest rather than lose the decision; elsewhere it decides nothing', async () => {
    const big = (out: unknown) => `${script('big-output.mjs')} ${sh(JSON.stringify(out))} 2000000`;
    const r = registry(repo());
    r.addConfig({ hooks: { preToolUse: [{ bash: big({ permissionDecision: 'deny' }) }], permissionRequest: [{ bash: big({ behavior: 'deny' }) }], sessionStart: [{ bash: big({}) }] } }, { source: 'user' });
    const pre = await r.dispatch('preToolUse', { toolName: 'bash', toolArgs: {} });
    expect(pre.blocked).toBe(true);
    expect(pre.reason).toMatch(/too long to read whole/);
    expect((await r.dispatch('permissionRequest', { toolName: 'bash', toolInput: {} })).blocked).toBe(true);
    const s = await r.dispatch('sessionStart', {});
    expect(s.blocked).toBe(false);
    expect(s.injectContext).toBeUndefined();
  });
});

describe('6: http hooks', () => {
  let server: Server | undefined;
  const saved = process.env.COPILOT_HOOK_ALLOW_LOCALHOST;
  afterEach(() => {
    server?.close();
    server = undefined;
    if (saved === undefined) delete process.env.COPILOT_HOOK_ALLOW_LOCALHOST;
    else process.env.COPILOT_HOOK_ALLOW_LOCALHOST = saved;
  });
  const serve = async (handler: (req: IncomingMessage, body: string, res: ServerResponse) => void): Promise<string> => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => handler(req, body, res));
    }).listen(0, '127.0.0.1');
    await new Promise((ok) => server!.once('listening', ok));
    return `http://127.0.0.1:${(server!.address() as { port: number }).port}/hook`;
  };

  it('POSTs the payload, reads the body as stdout (http://127.* with COPILOT_HOOK_ALLOW_LOCALHOST=1)', async () => {
    const bodies: unknown[] = [];
    const url = await serve((_req, body, res) => {
      bodies.push(JSON.parse(body));
      res.setHeader('content-type', 'application/json');
      res.end('{"additionalContext":"from http"}');
    });
    process.env.COPILOT_HOOK_ALLOW_LOCALHOST = '1';
    const r = registry(repo());
    expect(r.addConfig({ hooks: { sessionStart: [{ type: 'http', url }] } }, { source: 'user' }).added).toHaveLength(1);
    const res = await r.dispatch('sessionStart', { source: 'new' });
    expect(res.injectContext).toBe('from http');
    expect(bodies[0]).toMatchObject({ sessionId: 'sess-1', source: 'new' });
  });

  it('fails open on a non-2xx status and on a redirect (not followed)', async () => {
    let hits = 0;
    const url = await serve((req, _body, res) => {
      hits++;
      if (req.url === '/hook') {
        res.statusCode = 302;
        res.setHeader('location', '/elsewhere');
      } else res.statusCode = 500;
      res.end('{"additionalContext":"never"}');
    });
    process.env.COPILOT_HOOK_ALLOW_LOCALHOST = '1';
    const warnings: Warnings = [];
    const r = registry(repo(), warnings);
    r.addConfig({ hooks: { sessionStart: [{ type: 'http', url }, { type: 'http', url: url.replace('/hook', '/err') }] } }, { source: 'user' });
    const res = await r.dispatch('sessionStart', {});
    expect(res.injectContext).toBeUndefined();
    expect(res.runs.map((x) => x.outcome)).toEqual(['error', 'error']);
    expect(res.runs[0]!.message).toMatch(/redirect/);
    expect(hits).toBe(2);
  });

  it('refuses plain http without the variable, on authorization events and with allowedEnvVars; https failures fail open on preToolUse', async () => {
    delete process.env.COPILOT_HOOK_ALLOW_LOCALHOST;
    const r = registry(repo());
    const local = r.addConfig({ hooks: { sessionStart: [{ type: 'http', url: 'http://127.0.0.1:9/' }] } }, { source: 'user' });
    expect(local.skipped[0]!.reason).toMatch(/COPILOT_HOOK_ALLOW_LOCALHOST=1/);
    process.env.COPILOT_HOOK_ALLOW_LOCALHOST = '1';
    expect(r.addConfig({ hooks: { preToolUse: [{ type: 'http', url: 'http://localhost:9/' }] } }, { source: 'user' }).skipped[0]!.reason).toMatch(/must use https on preToolUse/);
    expect(r.addConfig({ hooks: { permissionRequest: [{ type: 'http', url: 'http://localhost:9/' }] } }, { source: 'user' }).skipped[0]!.reason).toMatch(/must use https on permissionRequest/);
    expect(r.addConfig({ hooks: { sessionStart: [{ type: 'http', url: 'http://localhost:9/', allowedEnvVars: ['X'] }] } }, { source: 'user' }).skipped[0]!.reason).toMatch(/allowedEnvVars/);
    expect(r.addConfig({ hooks: { sessionStart: [{ type: 'http', url: 'http://example.com/' }] } }, { source: 'user' }).skipped[0]!.reason).toMatch(/must use https/);
    const p = registry(repo());
    p.addConfig({ hooks: { preToolUse: [{ type: 'http', url: 'https://127.0.0.1:9/' }] } }, { source: 'user' });
    const res = await p.dispatch('preToolUse', { toolName: 'bash', toolArgs: {} });
    expect(res.blocked).toBe(false);
    expect(res.runs[0]!.outcome).toBe('error');
  });
});

describe('7: the agentStop runaway cap', () => {
  it('obeys 8 blocks in a row, overrides the 9th (stopCapped), and a prompt starts the count again', async () => {
    const r = registry(repo());
    r.addConfig({ hooks: { agentStop: [{ bash: emit({ decision: 'block', reason: 'Run the tests' }) }] } }, { source: 'user' });
    const blocked: boolean[] = [];
    for (let i = 0; i < 9; i++) blocked.push((await r.dispatch('agentStop', { stop_hook_active: i > 0 })).blocked);
    expect(blocked).toEqual([true, true, true, true, true, true, true, true, false]);
    for (let i = 0; i < 5; i++) await r.dispatch('agentStop', {});
    await r.dispatch('userPromptSubmitted', { prompt: 'go on' });
    const capped = await r.dispatch('agentStop', {});
    expect(capped.blocked).toBe(true);
    const over = registry(repo());
    over.addConfig({ hooks: { agentStop: [{ bash: emit({ decision: 'block', reason: 'again' }) }] } }, { source: 'user' });
    let last;
    for (let i = 0; i < 9; i++) last = await over.dispatch('agentStop', {});
    expect(last!.stopCapped).toMatchObject({ blocks: 9, cap: 8 });
    expect(last!.reason).toBeUndefined();
    expect(last!.decision).toBeUndefined();
  });
});

describe('8: env expansion and plugin placeholders', () => {
  it('$VAR / ${VAR} expand against the inherited environment, withheld names to ""', async () => {
    process.env.CPR_REVIEW_TOKEN = 's3cret-value';
    try {
      const r = registry(repo());
      const hook = { bash: `${script('print-env.mjs')} LOGDIR LEAK`, env: { LOGDIR: '${HOME}/logs:$HOME', LEAK: '$CPR_REVIEW_TOKEN' } };
      r.addConfig({ hooks: { sessionStart: [hook] } }, { source: 'user' });
      expect(JSON.parse((await r.dispatch('sessionStart', {})).injectContext!)).toEqual({ LOGDIR: `${process.env.HOME}/logs:${process.env.HOME}`, LEAK: 's3cret-value' });
      const p = registry(repo());
      p.addConfig({ hooks: { sessionStart: [hook] } }, { source: 'project' });
      expect(JSON.parse((await p.dispatch('sessionStart', {})).injectContext!).LEAK).toBe('');
    } finally {
      delete process.env.CPR_REVIEW_TOKEN;
    }
  });

  it('plugin hooks: ${CLAUDE_PLUGIN_ROOT} in exec and bash lines (a root with $(…) in its name stays inert), and the plugin variables', async () => {
    const base = tempDir('copilot-plug-');
    const root = join(base, 'p$(touch pwned) x');
    mkdirSync(join(root, 'bin'), { recursive: true });
    copyFileSync(script('print-env.mjs'), join(root, 'bin', 'env.mjs'));
    chmodSync(join(root, 'bin', 'env.mjs'), 0o755);
    const vars = 'CLAUDE_PROJECT_DIR COPILOT_PROJECT_DIR CLAUDE_PLUGIN_DATA PLUGIN_DATA COPILOT_PLUGIN_DATA CLAUDE_PLUGIN_ROOT';
    write(join(root, 'hooks.json'), {
      hooks: {
        sessionStart: [{ exec: '${CLAUDE_PLUGIN_ROOT}/bin/env.mjs', args: vars.split(' ') }],
        subagentStart: [{ bash: `\${CLAUDE_PLUGIN_ROOT}/bin/env.mjs CLAUDE_PLUGIN_ROOT` }],
      },
    });
    const dir = repo();
    const r = new HookRegistry({ profile: 'copilot', settings: { enablePluginHooks: true }, session: { sessionId: 's', cwd: base }, projectDir: dir, logger: { warn: () => {} } });
    await r.loadSettings({ projectDir: dir, home: join(base, 'home'), policyDir: false, plugins: [root] });
    const env = JSON.parse((await r.dispatch('sessionStart', {})).injectContext!);
    expect(env).toMatchObject({ CLAUDE_PROJECT_DIR: dir, COPILOT_PROJECT_DIR: dir, CLAUDE_PLUGIN_ROOT: root });
    expect(env.CLAUDE_PLUGIN_DATA).toMatch(/plugin-data/);
    expect(env.PLUGIN_DATA).toBe(env.CLAUDE_PLUGIN_DATA);
    expect(env.COPILOT_PLUGIN_DATA).toBe(env.CLAUDE_PLUGIN_DATA);
    expect(JSON.parse((await r.dispatch('subagentStart', {})).injectContext!)).toEqual({ CLAUDE_PLUGIN_ROOT: root });
    expect(() => readFileSync(join(dir, 'pwned'))).toThrow();
  });
});

describe('9: strictness comes from the loader, not the file name', () => {
  it('.github/hooks/settings.json is a hooks file (item-level drops); .github/copilot/settings.json inline hooks are strict', async () => {
    const cfg = { hooks: { sessionStart: [{ bash: emit({ additionalContext: 'kept' }) }, { bash: 'x', timeoutSec: 'ten' }] } };
    const dir = repo({}, { '.github/hooks/settings.json': cfg, '.github/copilot/settings.json': cfg });
    const warnings: Warnings = [];
    const r = registry(dir, warnings);
    const reports = await r.loadSettings({ projectDir: dir, home: join(dir, 'nohome'), policyDir: false });
    expect(reports).toHaveLength(1);
    expect(reports[0]!.added).toHaveLength(1);
    expect(warnings.join('\n')).toMatch(/hooks` of .*\.github\/copilot\/settings\.json were dropped/);
    expect((await r.dispatch('sessionStart', {})).injectContext).toBe('kept');
  });
});

describe('10: policy files are opened once, never through a symbolic link', () => {
  it('a symlink in policy.d is refused (its target passes the owner check); a regular file loads', async () => {
    const base = tempDir('copilot-pol-');
    const policy = join(base, 'policy.d');
    write(join(base, 'target.json'), { hooks: { sessionStart: [{ bash: emit({ additionalContext: 'via link' }) }] } });
    write(join(policy, 'b.json'), { hooks: { sessionStart: [{ bash: emit({ additionalContext: 'regular' }) }] } });
    chmodSync(join(base, 'target.json'), 0o644);
    chmodSync(join(policy, 'b.json'), 0o644);
    symlinkSync(join(base, 'target.json'), join(policy, 'a.json'));
    const warnings: Warnings = [];
    const r = registry(repo(), warnings);
    await r.loadSettings({ projectDir: base, home: join(base, 'home'), policyDir: policy, policyUid: process.getuid!() });
    expect((await r.dispatch('sessionStart', {})).injectContext).toBe('regular');
    expect(warnings.join('\n')).toMatch(/a\.json was refused as a policy file: it is a symbolic link/);
  });
});

describe('11: an untrusted repo cannot disable the user hooks', () => {
  it("the repo's disableAllHooks counts only when its hooks may load, and never for the user's hooks", async () => {
    const base = tempDir();
    const home = join(base, 'home');
    write(join(home, '.copilot/hooks/guard.json'), { hooks: { preToolUse: [{ bash: 'exit 2' }] } });
    const dir = repo({}, { '.github/copilot/settings.local.json': { disableAllHooks: true } });
    const make = (allowProjectHooks: boolean) => new HookRegistry({ profile: 'copilot', settings: { enableShellHooks: true, allowProjectHooks }, projectDir: dir, logger: { warn: () => {} } });
    const untrusted = make(false);
    await untrusted.loadSettings({ projectDir: dir, home, policyDir: false });
    expect((await untrusted.dispatch('preToolUse', { toolName: 'bash', toolArgs: {} })).blocked).toBe(true);
    // Trusted, it switches off the repo's own hooks only: the user's guard still blocks (issue 23).
    write(join(dir, '.claude/settings.local.json'), { hooks: { preToolUse: [{ bash: 'exit 2' }] } });
    const trusted = make(true);
    const reports = await trusted.loadSettings({ projectDir: dir, home, policyDir: false });
    expect(reports.map((x: { source: string }) => x.source)).toEqual(['user']);
    expect((await trusted.dispatch('preToolUse', { toolName: 'bash', toolArgs: {} })).blocked).toBe(true);
  });
});

describe('12: a cwd that does not exist', () => {
  it('falls back to the system temp dir, with a warning', async () => {
    const warnings: Warnings = [];
    const r = registry(repo(), warnings);
    r.addConfig({ hooks: { sessionStart: [{ bash: 'printf \'{"additionalContext":"%s"}\' "$PWD"', cwd: 'does/not/exist' }] } }, { source: 'user' });
    const res = await r.dispatch('sessionStart', {});
    expect(res.injectContext).toBe(tmpdir());
    expect(warnings.join('\n')).toMatch(/fell back to the system temp dir/);
  });
});

describe('13: VS Code per-OS keys', () => {
  it.skipIf(process.platform === 'win32')('linux / osx come after bash, before command', async () => {
    const key = process.platform === 'darwin' ? 'osx' : 'linux';
    const r = registry(repo());
    r.addConfig({ hooks: { sessionStart: [{ [key]: emit({ additionalContext: 'os' }), command: emit({ additionalContext: 'command' }) }, { bash: emit({ additionalContext: 'bash' }), [key]: 'exit 1' }] } }, { source: 'user' });
    expect((await r.dispatch('sessionStart', {})).injectContext).toBe('os\n\nbash');
  });
});

describe('14–18: nits', () => {
  it('14: a deny keeps what earlier hooks said (systemMessage, additionalContext)', async () => {
    const r = registry(repo());
    r.addConfig({ hooks: { preToolUse: [{ bash: emit({ systemMessage: 'audit: logged', additionalContext: 'repo uses pnpm' }) }, { bash: emit({ permissionDecision: 'deny', permissionDecisionReason: 'no', systemMessage: 'guard fired' }) }] } }, { source: 'user' });
    const res = await r.dispatch('preToolUse', { toolName: 'bash', toolArgs: {} });
    expect(res).toMatchObject({ blocked: true, systemMessage: 'audit: logged\nguard fired', injectContext: 'repo uses pnpm' });
  });

  it('15: postToolUseFailure exit 2 drops progress lines and reads JSON additionalContext', async () => {
    const r = registry(repo());
    r.addConfig({ hooks: { postToolUseFailure: [{ bash: `echo '{"type":"progress","message":"scanning"}'; echo '{"additionalContext":"retry with --force"}'; exit 2` }, { bash: `echo '{"type":"progress","message":"x"}'; echo plain text; exit 2` }] } }, { source: 'user' });
    expect((await r.dispatch('postToolUseFailure', { toolName: 'bash', toolArgs: {}, error: 'boom' })).injectContext).toBe('retry with --force\n\nplain text');
  });

  it("16: messages name the hook's line, and a reason carries no log prefix", async () => {
    const r = registry(repo());
    r.addConfig({ hooks: { preToolUse: [{ bash: 'exit 7' }] } }, { source: 'user' });
    const res = await r.dispatch('preToolUse', { toolName: 'bash', toolArgs: {} });
    expect(res.runs[0]!.message).toBe('command hook "exit 7" exited with code 7');
    expect(res.reason).toBe('hook errored: command hook "exit 7" exited with code 7');
  });

  it('17: event names are own keys (`__proto__`, `constructor` are unknown events); a non-config error is not called a rejection', async () => {
    const warnings: Warnings = [];
    const r = registry(repo(), warnings);
    const cfg = JSON.parse('{"hooks":{"__proto__":[{"bash":"true"}],"constructor":[{"bash":"true"}],"preToolUse":[{"bash":"true"}]}}');
    const rep = r.addConfig(cfg, { source: 'user' });
    expect(rep.skipped.map((s) => s.event).sort()).toEqual(['__proto__', 'constructor']);
    expect(rep.added.map((a) => a.event)).toEqual(['preToolUse']);
    // A 200,000-deep value is refused where the file is read (src/config/config-bounds.ts), with a coded
    // warning naming it, before the trust store's fingerprint (or anything else) could overflow the stack.
    const dir = repo({}, { '.github/hooks/a.json': `{"hooks":{"preToolUse":[{"bash":"exit 2","comment":${'['.repeat(200000)}${']'.repeat(200000)}}]}}` });
    const t = new HookRegistry({ profile: 'copilot', settings: { enableShellHooks: true, allowProjectHooks: true }, projectDir: dir, trustStore: join(dir, 'trust.json'), logger: { warn: (m: string) => void warnings.push(m) } });
    await t.loadSettings({ projectDir: dir, home: join(dir, 'h'), policyDir: false });
    const w = warnings.find((m) => m.includes('a.json'));
    expect(w).toMatch(/HOOKS_ERR_CONFIG_INVALID\): values nested more than \d+ deep/);
  });

  it('18: modifiedResult that cannot be copied is ignored with a warning, not a crashed run', async () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100; i++) deep = { d: deep };
    const warnings: Warnings = [];
    const r = registry(repo(), warnings);
    r.addConfig({ hooks: { postToolUse: [{ bash: emit({ modifiedResult: deep }) }] } }, { source: 'user' });
    const res = await r.dispatch('postToolUse', { toolName: 'bash', toolArgs: {} });
    expect(res.runs[0]!.outcome).toBe('ok');
    expect(warnings.join('\n')).toMatch(/unusable modifiedResult/);
  });

  it('18: the schema lets a PascalCase flat matcher be empty; per-OS and http keys are described', () => {
    const handler = (copilotJsonSchema().$defs as Record<string, { properties: Record<string, Record<string, unknown>> }>).handler!;
    expect(handler.properties.matcher!.minLength).toBeUndefined();
    expect(Object.keys(handler.properties)).toEqual(expect.arrayContaining(['linux', 'osx', 'windows', 'headers', 'allowedEnvVars']));
  });

  it('18: plugin hooks are gated by enablePluginHooks only; policy hooks by enableShellHooks, not disableAllHooks', () => {
    const r = new HookRegistry({ profile: 'copilot', settings: { enableShellHooks: false, enablePluginHooks: true }, logger: { warn: () => {} } });
    const hooks = { hooks: { sessionStart: [{ bash: 'true' }] } };
    expect(r.addConfig(hooks, { source: 'plugin', pluginRoot: tmpdir() }).added).toHaveLength(1);
    expect(r.addConfig(hooks, { source: 'managed' }).skipped[0]!.gate).toBe('enableShellHooks');
    const p = registry(repo());
    expect(p.addConfig({ disableAllHooks: true, ...hooks }, { source: 'managed' }).added).toHaveLength(1);
  });
});
