import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { HookRegistry } from '../src/index.js';
import { makeLogger } from './helpers/logger.js';

const ON = { enableShellHooks: true, allowProjectHooks: true, enablePluginHooks: true };

describe('onHookStart and onHookEnd', () => {
  it('tell the harness about each entry as it starts and ends, on the default profile', async () => {
    const events: string[] = [];
    const registry = new HookRegistry({
      onHookStart: (i) => void events.push(`start ${i.event} ${i.name} ${i.kind}`),
      onHookEnd: (i) => void events.push(`end ${i.name} ${i.outcome} ${typeof i.durationMs}`),
    });
    registry.register('PreToolUse', function first() {});
    registry.register('PreToolUse', function second() { return { decision: 'block' as const }; });
    await registry.dispatch('PreToolUse', { toolName: 'bash' });
    expect(events).toEqual(['start PreToolUse first handler', 'end first ok number', 'start PreToolUse second handler', 'end second block number']);
  });

  it('log an observer that throws and go on', async () => {
    const logger = makeLogger();
    const registry = new HookRegistry({ logger, onHookStart: () => { throw new Error('ui gone'); } });
    registry.register('Stop', () => ({ reason: 'r' }));
    expect((await registry.dispatch('Stop', {})).reason).toBe('r');
    expect(logger.warnings.join('\n')).toMatch(/onHookStart threw: ui gone/);
  });

  it('report status messages and outcomes on the claude profile', async () => {
    const onHookEnd = vi.fn();
    const registry = new HookRegistry({ profile: 'claude', settings: ON, logger: makeLogger(), onHookEnd });
    registry.addConfig({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'exit 2', statusMessage: 'Checking…' }] }] } }, { source: 'user' });
    await registry.dispatch('Stop', { stop_hook_active: false });
    expect(onHookEnd).toHaveBeenCalledWith(expect.objectContaining({ event: 'Stop', name: 'exit 2', kind: 'command', statusMessage: 'Checking…', outcome: 'block' }));
  });
});

describe('listHooks', () => {
  it('lists hooks per event in run order with their source, matcher and gate', () => {
    const registry = new HookRegistry({ settings: { enableShellHooks: true }, logger: makeLogger() });
    registry.register('PreToolUse', function policy() {}, { matcher: 'bash' });
    registry.addConfig({ hooks: { PreToolUse: [{ matcher: 'edit', hooks: [{ type: 'command', command: 'true', timeout_ms: 500 }] }] } }, { source: 'user', file: '/u/settings.json' });
    registry.addConfig({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'false' }] }] } }, { source: 'project', file: '/p/settings.json' });
    registry.register('SessionEnd', function flush() {}, { background: true });
    expect(registry.listHooks('PreToolUse')).toEqual([
      { event: 'PreToolUse', name: 'policy', kind: 'handler', source: 'code', matcher: 'bash' },
      { event: 'PreToolUse', name: 'true', kind: 'command', source: 'user', file: '/u/settings.json', path: 'hooks.PreToolUse[0].hooks[0]', matcher: 'edit', timeoutMs: 500 },
      { event: 'PreToolUse', name: 'false', kind: 'command', source: 'project', file: '/p/settings.json', path: 'hooks.PreToolUse[0].hooks[0]', gatedBy: 'allowProjectHooks' },
    ]);
    expect(registry.listHooks().map((h) => `${h.event}:${h.name}`)).toEqual(['SessionEnd:flush', 'PreToolUse:policy', 'PreToolUse:true', 'PreToolUse:false']);
  });
});

describe('explain', () => {
  it('says for every hook whether it would run, and the exact reason when not', async () => {
    const registry = new HookRegistry({ profile: 'claude', settings: { enableShellHooks: true }, logger: makeLogger() });
    const hooks = { hooks: { PreToolUse: [
      { matcher: 'Edit', hooks: [{ type: 'command', command: 'echo edit' }] },
      { matcher: 'Bash', hooks: [{ type: 'command', command: 'echo push', if: 'Bash(git push*)' }, { type: 'command', command: 'echo same' }] },
    ] } };
    registry.addConfig(hooks, { source: 'user', file: '/u.json' });
    // `once` counts for frontmatter hooks (a skill's), gated like a project's: allowed for this one registry.
    const skills = new HookRegistry({ profile: 'claude', settings: { enableShellHooks: true, allowProjectHooks: true }, logger: makeLogger() });
    skills.addConfig({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'echo once', once: true }] }] } }, { source: 'skill', file: '/SKILL.md' });
    await skills.dispatch('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't' });
    expect(skills.explain('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't' })[0]).toMatchObject({ runs: false, reason: '`once` already spent: it ran and was removed' });
    registry.addConfig({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'echo same' }] }] } }, { source: 'project', file: '/p.json' });
    registry.addConfig({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'echo same' }] }] } }, { source: 'user', file: '/u2.json' });
    await registry.dispatch('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't' });
    const rows = registry.explain('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'git status' }, tool_use_id: 't' });
    const byName = (name: string, file?: string) => rows.find((r) => r.name === name && (file === undefined || r.file === file))!;
    expect(byName('echo edit')).toMatchObject({ runs: false, reason: 'matcher "Edit" did not match value "Bash" (PreToolUse matches on tool_name)' });
    expect(byName('echo push')).toMatchObject({ runs: false, reason: '`if` rule "Bash(git push*)" did not match' });
    expect(byName('echo same', '/u.json')).toMatchObject({ runs: false, reason: expect.stringMatching(/^deduplicated with hooks\.PreToolUse\[0\]\.hooks\[0\] in \/u2\.json/) });
    expect(byName('echo same', '/p.json')).toMatchObject({ runs: false, reason: expect.stringMatching(/gated off: project hooks need the `allowProjectHooks` setting/) });
    expect(byName('echo same', '/u2.json')).toMatchObject({ runs: true });
  });

  it('explains `if` on an event that cannot evaluate it, and HTTP hooks on SessionStart', () => {
    const registry = new HookRegistry({ profile: 'claude', settings: ON, logger: makeLogger() });
    registry.addConfig({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'x', if: 'Bash(*)' }] }], SessionStart: [{ hooks: [{ type: 'http', url: 'https://h.example/x' }] }] } }, { source: 'user' });
    expect(registry.explain('Stop', { stop_hook_active: false })[0]!.reason).toMatch(/not evaluated on Stop/);
    expect(registry.explain('SessionStart', { source: 'startup' })[0]!.reason).toBe('HTTP hooks do not run on SessionStart');
  });
});

describe('record', () => {
  it('writes each dispatch as one JSON line to a file', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'hh-record-')), 'session.jsonl');
    const registry = new HookRegistry({ record: file });
    registry.register('PreToolUse', () => ({ decision: 'block', reason: 'no' }), { name: 'guard' });
    await registry.dispatch('PreToolUse', { toolName: 'bash', input: { command: 'rm' } });
    await registry.dispatch('Stop', {});
    await registry.close();
    const lines = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ event: 'PreToolUse', payload: { toolName: 'bash', input: { command: 'rm' } }, result: { blocked: true, decision: 'block', reason: 'no', aborted: false }, runs: [{ name: 'guard', outcome: 'block' }] });
    expect(typeof lines[0].time).toBe('string');
    expect(typeof lines[0].durationMs).toBe('number');
    expect(lines[1]).toMatchObject({ event: 'Stop', result: { blocked: false } });
  });

  it('writes to a web WritableStream and to a Node writable', async () => {
    const chunks: string[] = [];
    const web = new WritableStream<string>({ write: (c) => void chunks.push(c) });
    const a = new HookRegistry({ record: web });
    await a.dispatch('Stop', {});
    await a.close();
    const written: string[] = [];
    const b = new HookRegistry({ record: { write: (l: string) => written.push(l) } });
    await b.dispatch('Stop', {});
    expect(JSON.parse(chunks[0]!).event).toBe('Stop');
    expect(JSON.parse(written[0]!).event).toBe('Stop');
    expect(() => new HookRegistry({ record: 42 as never })).toThrow(/`record` option/);
  });

  it('keeps what `redact` returns of each line (payload, result and runs alike), and never the values hooks wrote to CLAUDE_ENV_FILE', async () => {
    const written: string[] = [];
    const registry = new HookRegistry({
      profile: 'claude',
      settings: { enableShellHooks: true },
      logger: makeLogger(),
      record: { write: (l: string) => written.push(l) },
      redact: (line) => (line.event === 'UserPromptSubmit' ? { ...line, payload: { ...(line.payload as object), prompt: '[redacted]' } } : line),
    });
    registry.addConfig({ hooks: { SessionStart: [{ hooks: [{ type: 'command', command: 'printf "export API_TOKEN=%s%s\\n" s3 cr3t >> "$CLAUDE_ENV_FILE"' }] }] } }, { source: 'user' });
    await registry.dispatch('UserPromptSubmit', { prompt: 'my password is hunter2' });
    const start = await registry.dispatch('SessionStart', { source: 'startup' });
    expect(start.env).toEqual({ API_TOKEN: 's3cr3t' }); // the harness gets it; the record does not
    const text = written.join('');
    expect(text).not.toMatch(/hunter2|s3cr3t/);
    expect(JSON.parse(written[0]!).payload.prompt).toBe('[redacted]');
    expect(JSON.parse(written[1]!).result.env).toEqual({ API_TOKEN: '***' });
    expect(() => new HookRegistry({ redact: 'x' as never })).toThrow(/`redact` option/);
    // A hook's output can quote the payload: redacting the line covers it.
    const lines: string[] = [];
    const echo = new HookRegistry({ record: { write: (l: string) => lines.push(l) }, redact: (line) => JSON.parse(JSON.stringify(line).replaceAll('hunter2', '***')) as unknown, logger: makeLogger() });
    echo.register('PreToolUse', (p) => ({ updatedInput: { ...(p as { input: object }).input } }));
    await echo.dispatch('PreToolUse', { toolName: 'bash', input: { command: 'login hunter2' } });
    expect(lines.join('')).not.toContain('hunter2');
  });
});
