import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CommandExecutor, HookRegistry, type HookRegistryOptions, type McpToolRequest, type PromptHookRequest } from '../../../src/index.js';
import { EntryContext } from '../../../src/context.js';
import type { ProfileHost } from '../../../src/profiles/profile.js';
import type { ClaudeState } from '../../../src/profiles/claude/options.js';
import { CLAUDE_EVENT_SPECS } from '../../../src/profiles/claude/events.js';
import { makeConfigEntry, parseAsyncDeclaration } from '../../../src/profiles/claude/handlers.js';
import { sessionEndBudgetMs } from '../../../src/profiles/claude/profile.js';
import { join } from 'node:path';
import { fixture, tempDir } from '../../helpers/fixtures.js';
import { makeLogger, sleep } from '../../helpers/logger.js';
import { isAlive, waitForDeath, waitForPidInFile } from '../../helpers/processes.js';

const ON = { enableShellHooks: true, allowProjectHooks: true, enablePluginHooks: true };
const make = (extra: Partial<HookRegistryOptions<'claude'>> = {}) => {
  const logger = makeLogger();
  const registry = new HookRegistry({ profile: 'claude', settings: ON, session: { sessionId: 's1', cwd: '/tmp' }, logger, ...extra });
  return { registry, logger };
};
const on = (event: string, hooks: unknown[], matcher?: string) => ({ hooks: { [event]: [{ ...(matcher === undefined ? {} : { matcher }), hooks }] } });
const bash = (command = 'ls') => ({ tool_name: 'Bash', tool_input: { command }, tool_use_id: 'tu1' });

describe('prompt and agent hooks', () => {
  it('sends the prompt with $ARGUMENTS replaced, the model, the default timeout and a signal; ok: false blocks', async () => {
    const requests: PromptHookRequest[] = [];
    const { registry } = make({ adapters: { prompt: async (r) => (requests.push(r), { ok: false, reason: 'looks destructive' }) } });
    registry.addConfig(on('PreToolUse', [{ type: 'prompt', prompt: 'Is this safe? $ARGUMENTS', model: 'small-model' }]), { source: 'user' });
    const r = await registry.dispatch('PreToolUse', bash('rm -rf build'));
    expect(r).toMatchObject({ blocked: true, permissionDecision: 'deny', reason: 'looks destructive' });
    expect(requests).toHaveLength(1);
    const req = requests[0]!;
    expect(req.kind).toBe('prompt');
    expect(req.model).toBe('small-model');
    expect(req.timeoutMs).toBe(30_000);
    expect(req.signal).toBeInstanceOf(AbortSignal);
    const json = req.prompt.slice('Is this safe? '.length);
    expect(JSON.parse(json)).toMatchObject({ hook_event_name: 'PreToolUse', tool_input: { command: 'rm -rf build' }, session_id: 's1' });
  });

  it('decides nothing on ok: true, and gives agent hooks 60 s by default', async () => {
    const agent = vi.fn(async (_r: PromptHookRequest) => ({ ok: true }));
    const { registry } = make({ adapters: { agent } });
    registry.addConfig(on('Stop', [{ type: 'agent', prompt: 'Did the tests pass? $ARGUMENTS' }]), { source: 'user' });
    const r = await registry.dispatch('Stop', { stop_hook_active: false });
    expect(r.blocked).toBe(false);
    expect(agent.mock.calls[0]![0].timeoutMs).toBe(60_000);
  });

  it('applies continueOnBlock to the block’s continue value', async () => {
    const prompt = async () => ({ ok: false, reason: 'not yet' });
    const ends = make({ adapters: { prompt } }).registry;
    ends.addConfig(on('Stop', [{ type: 'prompt', prompt: 'p' }]), { source: 'user' });
    expect(await ends.dispatch('Stop', { stop_hook_active: false })).toMatchObject({ blocked: true, continue: false, reason: 'not yet' });
    const goesOn = make({ adapters: { prompt } }).registry;
    goesOn.addConfig(on('Stop', [{ type: 'prompt', prompt: 'p', continueOnBlock: true }]), { source: 'user' });
    const r = await goesOn.dispatch('Stop', { stop_hook_active: false });
    expect(r).toMatchObject({ blocked: true, reason: 'not yet' });
    expect(r.continue).toBeUndefined();
  });

  it('appends the input JSON when the prompt has no $ARGUMENTS; \\$ is a literal $', async () => {
    const requests: PromptHookRequest[] = [];
    const { registry } = make({ adapters: { prompt: async (r) => (requests.push(r), { ok: true }) } });
    registry.addConfig(on('Stop', [{ type: 'prompt', prompt: 'Done? Costs \\$5' }]), { source: 'user' });
    await registry.dispatch('Stop', { stop_hook_active: false });
    const [head, json] = requests[0]!.prompt.split('\n\n');
    expect(head).toBe('Done? Costs $5');
    expect(JSON.parse(json!)).toMatchObject({ hook_event_name: 'Stop' });
  });

  it('has no effect with ok: false on PermissionRequest, SessionStart and Setup', async () => {
    const { registry } = make({ adapters: { prompt: async () => ({ ok: false, reason: 'no' }) } });
    registry.addConfig({ hooks: { PermissionRequest: [{ hooks: [{ type: 'prompt', prompt: 'p' }] }], SessionStart: [{ hooks: [{ type: 'prompt', prompt: 'p' }] }], Setup: [{ hooks: [{ type: 'prompt', prompt: 'p' }] }] } }, { source: 'user' });
    expect((await registry.dispatch('PermissionRequest', { tool_name: 'Bash', tool_input: {} })).blocked).toBe(false);
    expect((await registry.dispatch('SessionStart', { source: 'startup' })).blocked).toBe(false);
    expect((await registry.dispatch('Setup', { trigger: 'init' })).blocked).toBe(false);
  });

  it('skips a prompt hook without an adapter, with one clear warning', () => {
    const { registry, logger } = make();
    const report = registry.addConfig(on('Stop', [{ type: 'prompt', prompt: 'p' }, { type: 'agent', prompt: 'a' }]), { source: 'user' });
    expect(report.added).toEqual([]);
    expect(report.skipped.map((s) => s.reason)).toEqual([expect.stringMatching(/adapters\.prompt/), expect.stringMatching(/adapters\.agent/)]);
    expect(logger.warnings).toHaveLength(2);
  });
});

describe('mcp_tool hooks', () => {
  it('interpolates ${path} from the hook input and reads the joined text parts like stdout', async () => {
    const calls: McpToolRequest[] = [];
    const mcpTool = async (r: McpToolRequest) => {
      calls.push(r);
      return { content: [{ type: 'text', text: '{"systemMessage":' }, { type: 'image' }, { type: 'text', text: '"checked"}' }] };
    };
    const { registry } = make({ adapters: { mcpTool } });
    registry.addConfig(on('PostToolUse', [{ type: 'mcp_tool', server: 'linter', tool: 'lint', input: { path: '${tool_input.file_path}', deep: { id: '${tool_use_id}' }, n: 3 } }]), { source: 'user' });
    const r = await registry.dispatch('PostToolUse', { tool_name: 'Edit', tool_input: { file_path: '/src/a.ts' }, tool_response: {}, tool_use_id: 'u9' });
    expect(calls[0]).toMatchObject({ server: 'linter', tool: 'lint', input: { path: '/src/a.ts', deep: { id: 'u9' }, n: 3 } });
    expect(calls[0]!.signal).toBeInstanceOf(AbortSignal);
    expect(r.systemMessage).toBe('checked');
  });

  it('reads a result with isError: true as a non-blocking error, never a decision', async () => {
    const { registry } = make({ adapters: { mcpTool: async () => ({ isError: true, content: [{ type: 'text', text: '{"decision":"block","reason":"x"}' }] }) } });
    registry.addConfig(on('Stop', [{ type: 'mcp_tool', server: 'ci', tool: 'status' }]), { source: 'user' });
    const r = await registry.dispatch('Stop', { stop_hook_active: false });
    expect(r).toMatchObject({ blocked: false, runs: [{ outcome: 'error', message: expect.stringMatching(/ci\/status returned an error/) }] });
  });

  it('reads a plain-text result as context where plain text is context', async () => {
    const { registry } = make({ adapters: { mcpTool: async () => 'branch: main' } });
    registry.addConfig(on('UserPromptSubmit', [{ type: 'mcp_tool', server: 'git', tool: 'status' }]), { source: 'user' });
    expect((await registry.dispatch('UserPromptSubmit', { prompt: 'p' })).injectContext).toBe('branch: main');
  });
});

describe('async command hooks', () => {
  it('async: true lets the dispatch go on at once; the result arrives through takeAsyncResults, once', async () => {
    const { registry } = make();
    registry.addConfig(on('PostToolUse', [{ type: 'command', command: `sleep 0.3; echo '{"systemMessage":"formatted"}'`, async: true }]), { source: 'user' });
    const t0 = performance.now();
    const r = await registry.dispatch('PostToolUse', { tool_name: 'Edit', tool_input: {}, tool_response: {}, tool_use_id: 't' });
    expect(performance.now() - t0).toBeLessThan(250);
    expect(r.runs[0]).toMatchObject({ outcome: 'ok', message: 'started in the background', background: true });
    expect(registry.takeAsyncResults()).toEqual([]);
    await sleep(600);
    const results = registry.takeAsyncResults();
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ event: 'PostToolUse', exitCode: 0, output: { systemMessage: 'formatted' }, rewake: false });
    expect(results[0]!.name).toContain('sleep 0.3');
    expect(registry.takeAsyncResults()).toEqual([]);
  });

  it('asyncRewake: an exit 2 produces a wake-up for the model through the same channel and onAsyncResult', async () => {
    const onAsyncResult = vi.fn();
    const { registry } = make({ onAsyncResult });
    registry.addConfig(on('PostToolUse', [{ type: 'command', command: 'sleep 0.1; echo "3 tests failed" >&2; exit 2', asyncRewake: true }]), { source: 'user' });
    const r = await registry.dispatch('PostToolUse', { tool_name: 'Edit', tool_input: {}, tool_response: {}, tool_use_id: 't' });
    expect(r.blocked).toBe(false);
    await vi.waitFor(() => expect(onAsyncResult).toHaveBeenCalledTimes(1), { timeout: 2000 });
    const result = onAsyncResult.mock.calls[0]![0];
    expect(result).toMatchObject({ rewake: true, exitCode: 2 });
    expect(result.message).toMatch(/3 tests failed/);
    expect(registry.takeAsyncResults()).toEqual([result]);
  });

  it('a hook that prints {"async": true} first moves itself to the background', async () => {
    const { registry } = make();
    // The hook runs 1.5 s after its first line: a dispatch that waited for it would take that long (the
    // margin is wide so a loaded machine cannot blur the two).
    registry.addConfig(on('Stop', [{ type: 'command', command: `echo '{"async":true,"asyncTimeout":5000}'; sleep 1.5; echo late >&2` }]), { source: 'user' });
    const t0 = performance.now();
    const r = await registry.dispatch('Stop', { stop_hook_active: false });
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(r.runs[0]).toMatchObject({ message: 'moved itself to the background', background: true });
    await vi.waitFor(() => expect(registry.takeAsyncResults()).toEqual([expect.objectContaining({ exitCode: 0, stderr: 'late\n', rewake: false })]), { timeout: 4000 });
  });

  it('reads the self-declared background timeout: asyncTimeout, else 15 s', () => {
    expect(parseAsyncDeclaration('{"async": true, "asyncTimeout": 2500}')).toBe(2500);
    expect(parseAsyncDeclaration('{"async":true}')).toBe(15_000);
    expect(parseAsyncDeclaration('{"async":false}')).toBeUndefined();
    expect(parseAsyncDeclaration('hello')).toBeUndefined();
  });

  it('close() kills whatever still runs and leaves no process', async () => {
    const { registry } = make();
    const file = join(tempDir('hh-close-'), 'stderr');
    registry.addConfig(on('SessionStart', [{ type: 'command', command: `node ${fixture('sleep-forever.mjs')} 2> ${file}`, async: true }]), { source: 'user' });
    await registry.dispatch('SessionStart', { source: 'startup' });
    const pid = await waitForPidInFile(file, 'pid');
    await registry.close();
    expect(registry.takeAsyncResults()).toHaveLength(1);
    expect(await waitForDeath(pid, 2500)).toBe(true);
  });
});

describe('onFailure', () => {
  it('blocks when a command that does not exist cannot start, with a reason naming the hook', async () => {
    const { registry } = make();
    registry.addConfig(on('PreToolUse', [{ type: 'command', command: '/no/such/guard.sh', onFailure: 'block' }]), { source: 'user' });
    const r = await registry.dispatch('PreToolUse', bash());
    expect(r).toMatchObject({ blocked: true, permissionDecision: 'deny' });
    expect(r.reason).toMatch(/Hook "\/no\/such\/guard\.sh" on PreToolUse failed.*onFailure: block/);
  });

  it('does not block by default', async () => {
    const { registry } = make();
    registry.addConfig(on('PreToolUse', [{ type: 'command', command: '/no/such/guard.sh' }]), { source: 'user' });
    expect((await registry.dispatch('PreToolUse', bash())).blocked).toBe(false);
  });

  it('blocks when a prompt adapter throws, or an HTTP hook is refused', async () => {
    const { registry } = make({ adapters: { prompt: async () => { throw new Error('model unavailable'); } } });
    registry.addConfig(on('UserPromptSubmit', [{ type: 'prompt', prompt: 'p', onFailure: 'block' }]), { source: 'user' });
    expect((await registry.dispatch('UserPromptSubmit', { prompt: 'x' })).reason).toMatch(/failed: model unavailable/);
    const http = make().registry;
    http.addConfig(on('Stop', [{ type: 'http', url: 'http://127.0.0.1:9/never', onFailure: 'block' }]), { source: 'user' });
    const r = await http.dispatch('Stop', { stop_hook_active: false });
    expect(r.blocked).toBe(true);
    expect(r.reason).toMatch(/onFailure: block/);
  });

  it('blocks on a timeout and on garbage output', async () => {
    const { registry } = make();
    registry.addConfig(on('Stop', [{ type: 'command', command: 'sleep 5', timeout: 0.2, onFailure: 'block' }]), { source: 'user' });
    expect((await registry.dispatch('Stop', { stop_hook_active: false })).reason).toMatch(/timed out/);
    const other = make().registry;
    other.addConfig(on('Stop', [{ type: 'command', command: `echo '{oops'`, onFailure: 'block' }]), { source: 'user' });
    expect((await other.dispatch('Stop', { stop_hook_active: false })).reason).toMatch(/could not be read/);
    await sleep(1200);
  });
});

describe('Claude Agent SDK callbacks', () => {
  it('registers SDK callbacks unchanged: (input, toolUseID, { signal }), with matchers', async () => {
    const { registry } = make();
    const seen: unknown[] = [];
    registry.registerSdkHooks({
      PreToolUse: [
        {
          matcher: 'Bash',
          hooks: [
            async (input, toolUseID, { signal }) => {
              seen.push([input.hook_event_name, toolUseID, signal instanceof AbortSignal]);
              return { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: 'check' } };
            },
          ],
        },
      ],
    });
    expect((await registry.dispatch('PreToolUse', { tool_name: 'Edit', tool_input: {}, tool_use_id: 'x' })).runs).toEqual([]);
    const r = await registry.dispatch('PreToolUse', bash());
    expect(seen).toEqual([['PreToolUse', 'tu1', true]]);
    expect(r.permissionDecision).toBe('ask');
  });

  it('with onFailure: block, a throwing callback blocks; without, it is a non-blocking error', async () => {
    const { registry } = make();
    const unregister = registry.registerSdkHooks({
      PreToolUse: [{ hooks: [async function guard() { throw new Error('policy service down'); }], onFailure: 'block' }],
    });
    const r = await registry.dispatch('PreToolUse', bash());
    expect(r).toMatchObject({ blocked: true, permissionDecision: 'deny' });
    expect(r.reason).toMatch(/Hook "guard" on PreToolUse failed: policy service down/);
    unregister();
    registry.registerSdkHooks({ PreToolUse: [{ hooks: [async () => { throw new Error('x'); }] }] });
    expect((await registry.dispatch('PreToolUse', bash())).blocked).toBe(false);
  });

  it('times a callback out after its timeout in seconds and aborts its signal', async () => {
    const { registry } = make();
    let signal: AbortSignal | undefined;
    registry.registerSdkHooks({ Stop: [{ timeout: 0.1, onFailure: 'block', hooks: [async (_i, _t, o) => ((signal = o.signal), new Promise(() => {}))] }] });
    const r = await registry.dispatch('Stop', { stop_hook_active: false });
    expect(r.reason).toMatch(/timed out/);
    expect(signal?.aborted).toBe(true);
  });

  it('refuses SDK callbacks on the default profile', () => {
    // A JavaScript caller (TypeScript does not offer the method on a default registry) gets a clear error.
    const plain = new HookRegistry() as unknown as { registerSdkHooks(hooks: object): void };
    expect(() => plain.registerSdkHooks({})).toThrow(/registerSdkHooks\(\) needs `profile: 'claude'`/);
  });
});

describe('http hooks', () => {
  let server: Server;
  let url = '';
  const received: { headers: IncomingMessage['headers']; body: string }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c)).on('end', () => {
        received.push({ headers: req.headers, body });
        if (req.url === '/text') {
          res.setHeader('content-type', 'text/plain');
          res.end('lint: 2 warnings');
          return;
        }
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ decision: 'block', reason: 'audit says no' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('POSTs the hook input and reads the response like stdout (with allowPrivateNetwork)', async () => {
    received.length = 0;
    const { registry } = make({ allowPrivateNetwork: true });
    registry.addConfig(on('Stop', [{ type: 'http', url, headers: { 'X-Token': 'Bearer $TOKEN' }, allowedEnvVars: ['TOKEN'] }]), { source: 'user' });
    const saved = process.env.TOKEN;
    process.env.TOKEN = 'secret';
    let r;
    try {
      r = await registry.dispatch('Stop', { stop_hook_active: true });
    } finally {
      if (saved === undefined) delete process.env.TOKEN;
      else process.env.TOKEN = saved;
    }
    expect(r).toMatchObject({ blocked: true, reason: 'audit says no' });
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ hook_event_name: 'Stop', stop_hook_active: true });
    expect(received[0]!.headers['content-type']).toBe('application/json');
    expect(received[0]!.headers['x-token']).toBe('Bearer secret');
  });

  it('refuses the same URL without allowPrivateNetwork, sending nothing', async () => {
    received.length = 0;
    const { registry, logger } = make();
    registry.addConfig(on('Stop', [{ type: 'http', url }]), { source: 'user' });
    const r = await registry.dispatch('Stop', { stop_hook_active: false });
    expect(r.blocked).toBe(false);
    expect(r.runs[0]!.outcome).toBe('error');
    expect(received).toHaveLength(0);
    expect(logger.warnings.join('\n')).toMatch(/127\.0\.0\.1/);
  });

  it('refuses a URL outside allowedHttpHookUrls before any request', async () => {
    received.length = 0;
    const { registry } = make({ allowPrivateNetwork: true, allowedHttpHookUrls: ['https://hooks.example.com/*'] });
    registry.addConfig(on('Stop', [{ type: 'http', url }]), { source: 'user' });
    await registry.dispatch('Stop', { stop_hook_active: false });
    expect(received).toHaveLength(0);
  });

  it('reads a 2xx plain-text body as context for the model where the event takes context', async () => {
    const { registry } = make({ allowPrivateNetwork: true });
    const text = url.replace(/\/hook$/, '/text');
    registry.addConfig(on('PostToolUse', [{ type: 'http', url: text }]), { source: 'user' });
    registry.addConfig(on('SessionEnd', [{ type: 'http', url: text }]), { source: 'user' });
    expect((await registry.dispatch('PostToolUse', { ...bash(), tool_response: {} })).injectContext).toBe('lint: 2 warnings');
    expect((await registry.dispatch('SessionEnd', { reason: 'other' })).injectContext).toBeUndefined();
  });

  it('never shows a URL’s credentials: user, password and query values are hidden in runs, listHooks and onHookStart', async () => {
    const names: string[] = [];
    const { registry, logger } = make({ onHookStart: ({ name }) => void names.push(name) });
    registry.addConfig(on('Stop', [{ type: 'http', url: 'https://alice:hunter2@hooks.example.invalid/stop?token=s3cr3t&x=1' }]), { source: 'user' });
    const r = await registry.dispatch('Stop', { stop_hook_active: false });
    const shown = [r.runs[0]!.name, r.runs[0]!.message ?? '', ...registry.listHooks('Stop').map((h) => h.name), ...names, ...logger.warnings].join('\n');
    expect(shown).toContain('https://hooks.example.invalid/stop?token=***&x=***');
    expect(shown).not.toMatch(/hunter2|alice|s3cr3t/);
  });

  it('does not run HTTP hooks on SessionStart and Setup', async () => {
    received.length = 0;
    const { registry } = make({ allowPrivateNetwork: true });
    registry.addConfig({ hooks: { SessionStart: [{ hooks: [{ type: 'http', url }] }], Setup: [{ hooks: [{ type: 'http', url }] }] } }, { source: 'user' });
    expect((await registry.dispatch('SessionStart', { source: 'startup' })).runs).toEqual([]);
    expect((await registry.dispatch('Setup', { trigger: 'init' })).runs).toEqual([]);
    expect(received).toHaveLength(0);
  });
});

describe('async command hooks: edge cases', () => {
  it('a self-declared async hook’s result is read from the stdout after its {"async": true} line', async () => {
    const { registry } = make();
    registry.addConfig(on('Stop', [{ type: 'command', command: `echo '{"async":true}'; sleep 0.1; echo '{"systemMessage":"done later"}'` }]), { source: 'user' });
    await registry.dispatch('Stop', { stop_hook_active: false });
    await registry.drainBackground();
    const [result] = registry.takeAsyncResults();
    expect(result).toMatchObject({ exitCode: 0, output: { systemMessage: 'done later' }, stdout: '{"systemMessage":"done later"}\n' });
  });

  it('an asyncRewake message falls back to stdout when stderr is empty', async () => {
    const { registry } = make();
    registry.addConfig(on('PostToolUse', [{ type: 'command', command: 'echo "lint: 2 errors"; exit 2', asyncRewake: true }]), { source: 'user' });
    await registry.dispatch('PostToolUse', { tool_name: 'Edit', tool_input: {}, tool_response: {}, tool_use_id: 't' });
    await registry.drainBackground();
    const [result] = registry.takeAsyncResults();
    expect(result).toMatchObject({ rewake: true, exitCode: 2 });
    expect(result!.message).toMatch(/PostToolUse hook blocking error from command .*: lint: 2 errors$/);
  });

  it('drainBackground() waits for async hooks as well as background handlers', async () => {
    const { registry } = make();
    registry.addConfig(on('Stop', [{ type: 'command', command: 'sleep 0.2; echo finished', async: true }]), { source: 'user' });
    await registry.dispatch('Stop', { stop_hook_active: false });
    expect(registry.takeAsyncResults()).toEqual([]);
    await registry.drainBackground();
    expect(registry.takeAsyncResults()).toEqual([expect.objectContaining({ stdout: 'finished\n' })]);
  });

  it('async hooks get no CLAUDE_ENV_FILE: the file is read and removed when the dispatch ends', async () => {
    const { registry } = make();
    registry.addConfig(on('SessionStart', [{ type: 'command', command: 'echo "file=$CLAUDE_ENV_FILE"', async: true }]), { source: 'user' });
    await registry.dispatch('SessionStart', { source: 'startup' });
    await registry.drainBackground();
    expect(registry.takeAsyncResults()[0]!.stdout).toBe('file=\n');
  });

  it('a SessionEnd hook that moves itself to the background still ends at the SessionEnd budget', async () => {
    const { registry } = make();
    registry.addConfig(on('SessionEnd', [{ type: 'command', command: `echo '{"async":true,"asyncTimeout":5000}'; sleep 4; echo finished` }]), { source: 'user' });
    const t0 = performance.now();
    await registry.dispatch('SessionEnd', { reason: 'other' });
    await registry.drainBackground();
    expect(performance.now() - t0).toBeLessThan(3000);
    expect(registry.takeAsyncResults()).toEqual([expect.objectContaining({ timedOut: true, stdout: '' })]);
    await registry.close();
  });

  it('close() of one registry does not wait for another registry’s processes', async () => {
    const a = make({ executor: new CommandExecutor({ killGraceMs: 3000 }) }).registry;
    a.addConfig(on('Stop', [{ type: 'command', command: `node ${fixture('ignore-sigterm.mjs')}`, timeout: 0.3 }]), { source: 'user' });
    const r = await a.dispatch('Stop', { stop_hook_active: false });
    expect(r.runs[0]!.outcome).toBe('timeout');
    const b = make().registry;
    b.addConfig(on('Stop', [{ type: 'command', command: 'true' }]), { source: 'user' });
    await b.dispatch('Stop', { stop_hook_active: false });
    const t0 = performance.now();
    await b.close();
    expect(performance.now() - t0).toBeLessThan(1000);
    await a.close(); // waits out a's grace period and SIGKILL
  });

  it('close() resolves only once the hook’s process is gone, even one that ignores SIGTERM', async () => {
    const { registry } = make({ executor: new CommandExecutor({ killGraceMs: 200 }) });
    const file = join(tempDir('hh-close-'), 'stderr');
    registry.addConfig(on('SessionStart', [{ type: 'command', command: `node ${fixture('ignore-sigterm.mjs')} 2> ${file}`, async: true }]), { source: 'user' });
    await registry.dispatch('SessionStart', { source: 'startup' });
    const pid = await waitForPidInFile(file, 'ready'); // the SIGTERM trap is set
    await registry.close();
    expect(registry.takeAsyncResults()).toHaveLength(1);
    expect(isAlive(pid)).toBe(false);
  });
});

describe('timeouts of configured hooks', () => {
  // The adapter sees the timeout the registry gives a hook, so the per-event defaults show without waiting.
  const timeoutFor = async (event: string, payload: Record<string, unknown>, hook: Record<string, unknown> = {}) => {
    const seen: number[] = [];
    const { registry } = make({ adapters: { mcpTool: async (r) => (seen.push(r.timeoutMs), '') } });
    registry.addConfig(on(event, [{ type: 'mcp_tool', server: 's', tool: 't', ...hook }]), { source: 'user' });
    await registry.dispatch(event as 'Stop', payload as { stop_hook_active: boolean });
    return seen[0];
  };

  it('uses the event’s default: 600 s, UserPromptSubmit 30 s, SessionEnd the shared 1.5 s budget', async () => {
    expect(await timeoutFor('PreToolUse', bash())).toBe(600_000);
    expect(await timeoutFor('UserPromptSubmit', { prompt: 'p' })).toBe(30_000);
    expect(await timeoutFor('SessionEnd', { reason: 'other' })).toBe(1_500);
  });

  it('uses the docs’ defaults: MessageDisplay 10 s, PreModelSwitch and PostModelSwitch 30 s', async () => {
    const display = { turn_id: 't', message_id: 'm', index: 0, final: true, delta: 'x' };
    const models = Object.fromEntries(CLAUDE_EVENT_SPECS.PreModelSwitch.required.map((f) => [f, 'x']));
    expect(await timeoutFor('MessageDisplay', display)).toBe(10_000);
    expect(await timeoutFor('PreModelSwitch', models)).toBe(30_000);
    expect(await timeoutFor('PostModelSwitch', models)).toBe(30_000);
  });

  it('a PreModelSwitch hook cancelled at its timeout blocks the switch; elsewhere a timeout does not block', async () => {
    const models = Object.fromEntries(CLAUDE_EVENT_SPECS.PreModelSwitch.required.map((f) => [f, 'x']));
    const { registry } = make();
    registry.addConfig(on('PreModelSwitch', [{ type: 'command', command: 'sleep 5', timeout: 0.3 }]), { source: 'user' });
    registry.addConfig(on('Stop', [{ type: 'command', command: 'sleep 5', timeout: 0.3 }]), { source: 'user' });
    expect(await registry.dispatch('PreModelSwitch', models as never)).toMatchObject({ blocked: true, reason: expect.stringMatching(/timed out, which blocks here/) });
    expect(await registry.dispatch('Stop', { stop_hook_active: false })).toMatchObject({ blocked: false, runs: [{ outcome: 'timeout' }] });
  });

  it('an Agent SDK callback that times out blocks on PreToolUse and UserPromptSubmit, not elsewhere', async () => {
    const { registry } = make();
    const slow = () => new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 2_000));
    registry.registerSdkHooks({ PreToolUse: [{ hooks: [slow], timeout: 0.2 }], UserPromptSubmit: [{ hooks: [slow], timeout: 0.2 }], Stop: [{ hooks: [slow], timeout: 0.2 }] });
    expect((await registry.dispatch('PreToolUse', bash())).blocked).toBe(true);
    expect((await registry.dispatch('UserPromptSubmit', { prompt: 'p' })).blocked).toBe(true);
    expect((await registry.dispatch('Stop', { stop_hook_active: false })).blocked).toBe(false);
  });

  it('uses the hook’s own timeout in seconds, never past SessionEnd’s 60 s ceiling', async () => {
    expect(await timeoutFor('UserPromptSubmit', { prompt: 'p' }, { timeout: 5 })).toBe(5_000);
    expect(await timeoutFor('SessionEnd', { reason: 'other' }, { timeout: 120 })).toBe(60_000);
  });

  it('SessionEnd’s budget: 1.5 s, raised to the longest settings hook’s timeout (at most 60 s, plugins’ not counted) or to CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS (at most 1 h)', () => {
    const user = { source: 'user' };
    expect(sessionEndBudgetMs([])).toBe(1_500);
    expect(sessionEndBudgetMs([{ timeoutMs: 2_000, meta: user }, { timeoutMs: undefined, meta: user }])).toBe(2_000);
    expect(sessionEndBudgetMs([{ timeoutMs: 120_000, meta: user }])).toBe(60_000);
    expect(sessionEndBudgetMs([{ timeoutMs: 30_000, meta: { source: 'plugin' } }])).toBe(1_500);
    expect(sessionEndBudgetMs([], 5_000)).toBe(5_000);
    expect(sessionEndBudgetMs([{ timeoutMs: 2_000, meta: user }], 7_200_000)).toBe(3_600_000);
  });

  it('a command hook’s process is killed at the dispatch’s ceiling, not only waited for', async () => {
    const logger = makeLogger();
    const host = {
      logger,
      projectDir: '/tmp',
      closeSignal: new AbortController().signal,
      withheldEnv: () => undefined,
      inheritsAllEnv: () => true,
      track: () => undefined,
      executor: () => new CommandExecutor({ logger, killGraceMs: 100 }),
      state: { pluginDataDir: undefined, adapters: {}, http: { allowedUrls: undefined, allowPrivateNetwork: false }, asyncResult: () => undefined, takeAsyncResults: () => [] },
    } as unknown as ProfileHost<ClaudeState>;
    const entry = makeConfigEntry(host, CLAUDE_EVENT_SPECS.SessionEnd, { type: 'command', command: `node ${fixture('sleep-forever.mjs')}`, timeout: 120 }, { source: 'user' });
    if ('skip' in entry) throw new Error(entry.skip);
    const t0 = performance.now();
    const outcome = (await Promise.race([entry.invoke({ hook_event_name: 'SessionEnd', reason: 'other', cwd: '/tmp' }, new EntryContext(undefined), undefined, { defaultTimeoutMs: 300, ceilingMs: 300 }), sleep(3000).then(() => 'still running')])) as { outcome: string };
    expect(outcome.outcome).toBe('timeout');
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  it('reads an SDK callback’s timeout in seconds: a 100 ms callback finishes under timeout: 1', async () => {
    const { registry } = make();
    registry.registerSdkHooks({ Stop: [{ timeout: 1, hooks: [async () => (await sleep(100), { systemMessage: 'in time' })] }] });
    const r = await registry.dispatch('Stop', { stop_hook_active: false });
    expect(r.runs[0]!.outcome).toBe('ok');
    expect(r.systemMessage).toBe('in time');
  });
});

describe('onFailure: block and exit 2', () => {
  it('does not turn an exit 2 on an event where exit 2 blocks nothing into a block', async () => {
    const { registry } = make();
    registry.addConfig(on('Notification', [{ type: 'command', command: 'echo "not now" >&2; exit 2', onFailure: 'block' }]), { source: 'user' });
    const r = await registry.dispatch('Notification', { message: 'm', notification_type: 'idle_prompt' });
    expect(r.blocked).toBe(false);
    expect(r.runs[0]!.outcome).toBe('error');
  });

  it('blocks on exit 2 where exit 2 is like any other failure (PermissionRequest): sh exits 2 on a syntax error', async () => {
    const { registry } = make();
    registry.addConfig(on('PermissionRequest', [{ type: 'command', command: 'if then fi', onFailure: 'block' }]), { source: 'user' });
    const r = await registry.dispatch('PermissionRequest', { tool_name: 'Bash', tool_input: { command: 'ls' } });
    expect(r.blocked).toBe(true);
    expect(r.reason).toMatch(/onFailure: block/);
  });

  it('blocks on a crash (exit 1) only where the event can refuse something: not on Notification or SessionStart', async () => {
    const { registry } = make();
    registry.addConfig(on('Stop', [{ type: 'command', command: 'exit 1', onFailure: 'block' }]), { source: 'user' });
    expect((await registry.dispatch('Stop', { stop_hook_active: false })).blocked).toBe(true);
    registry.addConfig(on('Notification', [{ type: 'command', command: 'exit 1', onFailure: 'block' }]), { source: 'user' });
    const n = await registry.dispatch('Notification', { message: 'm', notification_type: 'idle_prompt' });
    expect(n).toMatchObject({ blocked: false, runs: [{ outcome: 'error' }] });
    registry.addConfig(on('SessionStart', [{ type: 'command', command: 'exit 1', onFailure: 'block' }]), { source: 'user' });
    expect((await registry.dispatch('SessionStart', { source: 'startup' })).blocked).toBe(false);
  });
});

describe('a command the executor cannot run', () => {
  it('settles as an error at once when the input cannot be serialized or the executor rejects, not at the hook’s timeout', async () => {
    for (const executor of [
      { run: () => Promise.reject(new Error('cannot serialize')) },
      {
        run: () => {
          throw new Error('thrown synchronously');
        },
      },
    ]) {
      const logger = makeLogger();
      const registry = new HookRegistry({ profile: 'claude', settings: { enableShellHooks: true }, logger, executor: executor as never });
      registry.addConfig({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true', timeout: 600 }] }] } }, { source: 'user' });
      const t0 = performance.now();
      const result = await registry.dispatch('Stop', { stop_hook_active: false });
      expect(performance.now() - t0).toBeLessThan(1000);
      expect(result.runs[0]).toMatchObject({ outcome: 'error', message: expect.stringMatching(/could not be run/) });
    }
  });
});

describe('a block while a background child holds the pipes', () => {
  it('denies: the executor’s answer at the hook’s timeout is not pre-empted by the dispatch’s deadline', async () => {
    for (const tail of ["echo nope >&2; exit 2", `echo '{"decision":"block","reason":"nope"}'`]) {
      const registry = new HookRegistry({ profile: 'claude', settings: { enableShellHooks: true }, logger: makeLogger() });
      registry.addConfig({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: `${fixture('sleep-forever.mjs')} & ${tail}`, timeout: 1 }] }] } }, { source: 'user' });
      const result = await registry.dispatch('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't' });
      expect(result.blocked, tail).toBe(true);
      expect(result.permissionDecision).toBe('deny');
      expect(result.reason).toMatch(/^nope/);
    }
  });
});
