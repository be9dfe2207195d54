// Issue 23, class 1: a payload the model controls must not get past a guard. A tool input nested deeper
// than JSON.stringify can go (6,000 levels; 100,000) cannot be handed to a command hook: the dispatch
// refuses it the stricter way — the guard's run is recorded as not run, and the call is blocked (copilot:
// its preToolUse fail mode, which is the same) — never allowed. A hook's rewrite nested 100,000 deep is
// refused, as copyJsonValue refuses it, and the dispatch is still recorded. One suite, every profile.
import { describe, expect, it } from 'vitest';
import { fixture } from '../../helpers/fixtures.js';
import { processErrorsDuring } from '../../helpers/unhandled.js';
import { HookRegistry, PROFILE_NAMES_FOR_TESTS } from '../contract-dialects.js';

const node = (script: string, ...args: string[]): string => ['node', fixture(script), ...args].map((a) => `'${a}'`).join(' ');

// An object nested `depth` levels deep, built without recursion.
function nested(depth: number): Record<string, unknown> {
  let value: Record<string, unknown> = { command: 'ls' };
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

// Per profile: the payload field its tool input is in, and a rewrite of it as its hooks print one
// ("DEEP" is where deep-json.mjs puts the nested object).
const TOOL_INPUT_FIELD: Record<string, string> = { default: 'input', claude: 'tool_input', codex: 'tool_input', gemini: 'tool_input', copilot: 'toolArgs', cursor: 'tool_input' };
const REWRITE: Record<string, string> = {
  default: '{"hookSpecificOutput":{"updatedInput":{"command":"ls","deep":"DEEP"}}}',
  claude: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"ls","deep":"DEEP"}}}',
  codex: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"ls","deep":"DEEP"}}}',
  gemini: '{"decision":"allow","hookSpecificOutput":{"hookEventName":"BeforeTool","tool_input":{"command":"ls","deep":"DEEP"}}}',
  copilot: '{"permissionDecision":"allow","modifiedArgs":{"command":"ls","deep":"DEEP"}}',
  cursor: '{"permission":"allow","updated_input":{"command":"ls","deep":"DEEP"}}',
};
// An in-process handler's rewrite, where it is not what a command prints.
const HANDLER_REWRITE: Record<string, string> = { default: '{"updatedInput":{"command":"ls","deep":"DEEP"}}' };
// A shallow rewrite, to show each profile applies the rewrite when it can.
const shallow = (template: string): string => template.replace('"DEEP"', '1');

interface Registry {
  register(event: string, handler: (...args: unknown[]) => unknown): () => void;
  addConfig(config: unknown, options: { source: string }): unknown;
  dispatch(event: string, payload: unknown): Promise<Record<string, any>>;
  close(): Promise<void>;
}

describe.each(PROFILE_NAMES_FOR_TESTS)('deep payloads and rewrites: %s profile', (name, d) => {
  const field = TOOL_INPUT_FIELD[name];
  const rewrite = REWRITE[name];
  if (field === undefined || rewrite === undefined) throw new Error(`deep-payload.test.ts has no tool input field or rewrite for the ${name} profile: add them`);
  const open = (lines: string[], warnings: string[] = []): Registry =>
    new HookRegistry({
      profile: d.name,
      settings: { enableShellHooks: true, allowProjectHooks: true, enablePluginHooks: true },
      session: { sessionId: 's1', cwd: process.cwd() },
      logger: { warn: (m: string) => void warnings.push(m) },
      record: { write: (line: string) => void lines.push(line) },
      ...d.options,
    } as never) as unknown as Registry;
  const guard = (r: Registry, command: string): unknown => r.addConfig(d.config(d.tool.event, [d.commandHook(command)]), { source: d.userSource });
  const deepPayload = (depth: number) => ({ ...d.tool.payload, [field]: nested(depth) });

  it.each([6_000, 100_000])('a tool input nested %i deep blocks a command guard it cannot be handed to; the run is recorded, nothing goes unhandled', async (depth) => {
    const lines: string[] = [];
    const warnings: string[] = [];
    let result: Record<string, any> = {};
    const r = open(lines, warnings);
    guard(r, node('allow-silently.mjs'));
    // The guard allows a shallow call: the block below is the depth's doing.
    const shallowResult = await r.dispatch(d.tool.event, deepPayload(3));
    expect(shallowResult.blocked).toBe(false);
    expect(shallowResult.runs.map((x: { outcome: string }) => x.outcome)).toEqual(['ok']);
    lines.length = 0;
    const { unhandled, uncaught } = await processErrorsDuring(async () => {
      result = await r.dispatch(d.tool.event, deepPayload(depth));
    });
    expect(unhandled).toEqual([]);
    expect(uncaught).toEqual([]);
    expect(result.blocked).toBe(true);
    expect(result.aborted).toBe(false);
    expect(String(result.reason)).toMatch(/nested deeper than/);
    if (d.permissionDecision) expect(result.permissionDecision).toBe('deny');
    expect(result.runs).toHaveLength(1);
    expect(result.runs[0]).toMatchObject({ kind: 'command' });
    expect(String(result.runs[0].message)).toMatch(/nested deeper than/);
    expect(warnings.join('\n')).toMatch(/nested deeper than/);
    // The record keeps the dispatch (its payload in words: it is too deep to write).
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as { event: string; result: { blocked: boolean }; runs: unknown[] };
    expect(line).toMatchObject({ event: d.tool.event, result: { blocked: true } });
    expect(line.runs).toHaveLength(1);
    await r.close();
  });

  it('a getter that passes the check and then answers 6,000 deep blocks the guard too (the check and the write are one read of plain data)', async () => {
    const r = open([]);
    guard(r, node('allow-silently.mjs'));
    let reads = 0;
    const toolInput = { command: 'ls' };
    // Shallow the first time it is read (the depth check), 6,000 deep from then on (the write of stdin).
    Object.defineProperty(toolInput, 'extra', { enumerable: true, get: () => (++reads === 1 ? 'shallow' : nested(6_000)) });
    let result: Record<string, any> = {};
    const { unhandled, uncaught } = await processErrorsDuring(async () => {
      result = await r.dispatch(d.tool.event, { ...d.tool.payload, [field]: toolInput });
    });
    expect(unhandled).toEqual([]);
    expect(uncaught).toEqual([]);
    expect(result.runs).toHaveLength(1);
    if (reads === 1) {
      // The profile copied the tool input as it built the hook's input (one read): the guard got that copy.
      expect(result.runs[0].outcome).toBe('ok');
      return r.close();
    }
    // Read again after the check: the second read is the one written, and it cannot be: the guard blocks.
    expect(result.blocked).toBe(true);
    if (d.permissionDecision) expect(result.permissionDecision).toBe('deny');
    expect(String(result.runs[0].message)).toMatch(/writing the hook input threw/);
    await r.close();
  });

  it('an in-process handler still gets the deep payload and runs; the command guard beside it blocks', async () => {
    const lines: string[] = [];
    const r = open(lines);
    let seen: unknown;
    r.register(d.tool.event, (payload: unknown) => {
      seen = payload;
      return undefined;
    });
    guard(r, node('allow-silently.mjs'));
    const result = await r.dispatch(d.tool.event, deepPayload(6_000));
    expect(seen).toBeDefined();
    expect(result.blocked).toBe(true);
    expect(result.runs.map((x: { kind: string }) => x.kind)).toEqual(['handler', 'command']);
    expect(result.runs[0].outcome).toBe('ok');
    expect(lines).toHaveLength(1);
    await r.close();
  });

  it('an in-process handler alone decides on a deep payload (its deny blocks), and the dispatch is recorded', async () => {
    const lines: string[] = [];
    const r = open(lines);
    r.register(d.tool.event, () => d.deny('too deep for me'));
    const result = await r.dispatch(d.tool.event, deepPayload(6_000));
    expect(result).toMatchObject({ blocked: true, reason: 'too deep for me' });
    expect(lines).toHaveLength(1);
    await r.close();
  });

  it('a rewrite nested 100,000 deep is refused: not applied, the run says why, the dispatch is recorded', async () => {
    const lines: string[] = [];
    const warnings: string[] = [];
    let result: Record<string, any> = {};
    // The same rewrite, shallow, is applied: its absence below is the depth's doing.
    const control = open([]);
    guard(control, node('emit-json.mjs', shallow(rewrite)));
    expect((await control.dispatch(d.tool.event, d.tool.payload)).updatedInput).toEqual({ command: 'ls', deep: 1 });
    await control.close();
    const r = open(lines, warnings);
    guard(r, node('deep-json.mjs', '100000', rewrite));
    const { unhandled, uncaught } = await processErrorsDuring(async () => {
      result = await r.dispatch(d.tool.event, d.tool.payload);
    });
    expect(unhandled).toEqual([]);
    expect(uncaught).toEqual([]);
    expect(result.aborted).toBe(false);
    expect(result.updatedInput).toBeUndefined();
    // Nothing of the rewrite is left anywhere in the result: it can be written as JSON.
    expect(() => JSON.stringify(result)).not.toThrow();
    expect(result.runs).toHaveLength(1);
    expect(`${result.runs[0].message ?? ''}\n${warnings.join('\n')}`).toMatch(/nested deeper than 64 levels/);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ event: d.tool.event });
    await r.close();
  });

  it('an in-process handler\'s rewrite nested 100,000 deep is refused the same way', async () => {
    const lines: string[] = [];
    const r = open(lines);
    const template = HANDLER_REWRITE[name] ?? rewrite;
    // The same rewrite, shallow, is applied: its absence below is the depth's doing.
    const control = open([]);
    control.register(d.tool.event, () => JSON.parse(shallow(template)) as unknown);
    expect((await control.dispatch(d.tool.event, d.tool.payload)).updatedInput).toEqual({ command: 'ls', deep: 1 });
    const deep = JSON.parse(template.replace('"DEEP"', () => `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`)) as unknown;
    r.register(d.tool.event, () => deep);
    const result = await r.dispatch(d.tool.event, d.tool.payload);
    expect(result.updatedInput).toBeUndefined();
    expect(() => JSON.stringify(result)).not.toThrow();
    expect(lines).toHaveLength(1);
  });
});

describe('deep payloads the cursor profile turns into text', () => {
  it('a beforeMCPExecution tool_input nested 6,000 deep (Cursor sends it as a JSON string) blocks the gate, and the dispatch resolves', async () => {
    const r = new HookRegistry({ profile: 'cursor', settings: { enableShellHooks: true }, session: { sessionId: 's1', cwd: process.cwd() }, logger: { warn: () => {} } } as never) as unknown as Registry;
    r.addConfig({ version: 1, hooks: { beforeMCPExecution: [{ command: node('allow-silently.mjs') }] } }, { source: 'user' });
    const result = await r.dispatch('beforeMCPExecution', { tool_name: 'db.query', tool_input: nested(6_000) });
    expect(result).toMatchObject({ blocked: true, permissionDecision: 'deny' });
    expect(String(result.runs[0].message)).toMatch(/nested deeper than/);
    await r.close();
  });
});
