// The result contract every profile keeps (issue 12 item 2, issue 14): one suite, run for each built-in
// profile in its own dialect — a deny, a command's exit 2, a throwing handler, a deadline, an abort, the
// observers, the source gates, the record, a flood of output, an event without hooks. A harness written
// against these fields works with any profile.
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HookRegistry, PROFILE_NAMES_FOR_TESTS } from './contract-dialects.js';

const FIX = fileURLToPath(new URL('../../fixtures/', import.meta.url));
const node = (script: string, ...args: string[]): string => ['node', join(FIX, script), ...args].map((a) => `'${a}'`).join(' ');

describe.each(PROFILE_NAMES_FOR_TESTS)('the shared contract: %s profile', (_name, d) => {
  const open = (extra: Record<string, unknown> = {}) =>
    new HookRegistry({ profile: d.name, settings: { enableShellHooks: true, allowProjectHooks: true, enablePluginHooks: true }, session: { sessionId: 's1', cwd: FIX }, logger: { warn: () => {} }, ...d.options, ...extra } as never) as unknown as Registry;
  interface Registry {
    register(event: string, handler: (...args: unknown[]) => unknown, options?: object): () => void;
    addConfig(config: unknown, options: { source: string; file?: string }): { added: unknown[]; skipped: { gate?: string }[] };
    dispatch(event: string, payload: unknown, options?: { signal?: AbortSignal }): Promise<Record<string, any>>;
    listHooks(event?: string): { gatedBy?: string }[];
    close(): Promise<void>;
  }
  const withCommand = (r: Registry, command: string, timeoutSec?: number, source = d.userSource) => r.addConfig(d.config(d.tool.event, [d.commandHook(command, timeoutSec)]), { source });

  it('a deny blocks, with its reason, and the run says block', async () => {
    const r = open();
    r.register(d.tool.event, () => d.deny('not here'));
    const result = await r.dispatch(d.tool.event, d.tool.payload);
    expect(result).toMatchObject({ blocked: true, reason: 'not here', aborted: false });
    if (d.permissionDecision) expect(result.permissionDecision).toBe('deny');
    expect(result.runs.map((x: { outcome: string }) => x.outcome)).toEqual(['block']);
  });

  it('a command hook\'s exit 2 blocks, with its stderr (or the harness\'s words) as the reason', async () => {
    const r = open();
    withCommand(r, node('exit-2.mjs'));
    const result = await r.dispatch(d.tool.event, d.tool.payload);
    expect(result.blocked).toBe(true);
    expect(String(result.reason)).toContain(d.exit2Reason ?? 'blocked by exit-2 fixture');
    if (d.permissionDecision) expect(result.permissionDecision).toBe('deny');
    expect(result.runs[0].outcome).toBe('block');
    await r.close();
  });

  it('a handler that throws is a recorded error, never a rejected dispatch', async () => {
    const r = open();
    r.register(d.tool.event, () => {
      throw new Error('boom');
    });
    const result = await r.dispatch(d.tool.event, d.tool.payload);
    expect(result.runs[0]).toMatchObject({ outcome: 'error' });
    expect(result.aborted).toBe(false);
  });

  it('a command past its timeout is killed: outcome timeout, and the dispatch resolves', async () => {
    const r = open();
    withCommand(r, node('sleep-forever.mjs'), 1);
    const started = Date.now();
    const result = await r.dispatch(d.tool.event, d.tool.payload);
    expect(result.runs[0].outcome).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(4000);
    await r.close();
  });

  it('an abort ends the dispatch at once: aborted, no decision, outcome aborted', async () => {
    const r = open();
    withCommand(r, node('sleep-forever.mjs'), 30);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 150);
    const started = Date.now();
    const result = await r.dispatch(d.tool.event, d.tool.payload, { signal: controller.signal });
    expect(result).toMatchObject({ aborted: true, blocked: false });
    expect(result.runs[0].outcome).toBe('aborted');
    expect(Date.now() - started).toBeLessThan(3000);
    await r.close();
  });

  it('observers see each hook start and end, with the event, its name and the outcome', async () => {
    const seen: string[] = [];
    const r = open({ onHookStart: (i: { event: string; name: string }) => seen.push(`start ${i.event} ${i.name}`), onHookEnd: (i: { event: string; name: string; outcome: string }) => seen.push(`end ${i.event} ${i.name} ${i.outcome}`) });
    r.register(d.tool.event, () => d.deny('no'), { name: 'guard' });
    await r.dispatch(d.tool.event, d.tool.payload);
    expect(seen).toEqual([`start ${d.tool.event} guard`, `end ${d.tool.event} guard block`]);
  });

  it('a project source the gates keep off registers nothing, and listHooks says which gate', async () => {
    const r = open({ settings: { enableShellHooks: true, allowProjectHooks: false, enablePluginHooks: true } });
    const report = withCommand(r, node('exit-2.mjs'), undefined, d.projectSource);
    expect(report.added).toEqual([]);
    expect(report.skipped[0]!.gate).toBe('allowProjectHooks');
    expect(r.listHooks(d.tool.event)[0]!.gatedBy).toBe('allowProjectHooks');
    expect((await r.dispatch(d.tool.event, d.tool.payload)).blocked).toBe(false);
  });

  it('a config whose hooks a closed gate keeps off says so in one warning, naming the file and the setting', async () => {
    const warnings: string[] = [];
    const r = open({ settings: { enableShellHooks: false, allowProjectHooks: true, enablePluginHooks: true }, logger: { warn: (m: string) => warnings.push(m) } });
    const file = join(FIX, 'gated-off-hooks.json');
    r.addConfig(d.config(d.tool.event, [d.commandHook(node('exit-2.mjs')), d.commandHook(node('exit-2.mjs'))]), { source: d.userSource, file });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(file);
    expect(warnings[0]).toContain('2 hooks are off');
    expect(warnings[0]).toContain('`enableShellHooks`');
  });

  it('the record gets one line per dispatch, with the event and the result', async () => {
    const lines: string[] = [];
    const r = open({ record: { write: (line: string) => void lines.push(line) } });
    r.register(d.tool.event, () => d.deny('no'));
    await r.dispatch(d.tool.event, d.tool.payload);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ event: d.tool.event, result: { blocked: true } });
  });

  it('a hook that floods stdout neither hangs nor fools the dispatch', async () => {
    const r = open();
    withCommand(r, node('flood-stdout.mjs', '20'), 20);
    const result = await r.dispatch(d.tool.event, d.tool.payload);
    expect(result.aborted).toBe(false);
    expect(result.runs).toHaveLength(1);
    expect(result.updatedInput).toBeUndefined();
    await r.close();
  });

  it('an event without hooks decides nothing', async () => {
    const r = open();
    expect(await r.dispatch(d.tool.event, d.tool.payload)).toMatchObject({ blocked: false, aborted: false, runs: [] });
  });
});
