// `harness-hooks timeline`'s status lane: the recorded dispatches stepped through the session status machine
// (by the profile's table, at their recorded times), in the --json output and drawn above the hook lanes.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HookRegistry } from '../../src/index.js';
import { makeLogger } from '../helpers/logger.js';
import { cli, makeHome } from './cli.js';

const home = makeHome();
afterAll(() => home.remove());
const dir = mkdtempSync(join(tmpdir(), 'hh-timeline-status-'));

interface Interval { status: string; start: number; end: number; event: string | null; line?: number; reason: string }
interface Json { profile: string; status: { sessionId: string; intervals: Interval[] }[] }

// The timeline of `file` with `args`: its --json output and its page.
async function timeline(file: string, args: string[] = []): Promise<{ json: Json; html: string }> {
  const out = join(dir, `${Math.random().toString(36).slice(2)}.html`);
  const r = await cli(['timeline', file, '-o', out, '--json', ...args], { home: home.path });
  expect(r.code).toBe(0);
  return { json: JSON.parse(r.stdout) as Json, html: readFileSync(out, 'utf8') };
}

const lines = (file: string, records: object[]): string => {
  const path = join(dir, file);
  writeFileSync(path, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return path;
};
const at = (ms: number): string => new Date(Date.UTC(2026, 11, 1) + ms).toISOString();

describe('harness-hooks timeline status lane', () => {
  it('steps a recorded claude session through the status machine: waiting, working, completed, and draws the lane above the hooks', async () => {
    const file = join(dir, 'claude.jsonl');
    const registry = new HookRegistry({ profile: 'claude', settings: { enableShellHooks: true }, record: file, logger: makeLogger() });
    registry.addConfig({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] }] } }, { source: 'user' });
    const s = { session_id: 's1', transcript_path: '/tmp/t.jsonl', cwd: '/tmp' };
    await registry.dispatch('SessionStart', { ...s, source: 'startup' });
    await registry.dispatch('UserPromptSubmit', { ...s, prompt: 'fix it' });
    await registry.dispatch('PreToolUse', { ...s, tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't1' });
    await registry.dispatch('PostToolUse', { ...s, tool_name: 'Bash', tool_input: { command: 'ls' }, tool_response: {}, tool_use_id: 't1' });
    await registry.dispatch('Stop', { ...s, stop_hook_active: false, background_tasks: [] });
    await registry.close();

    const { json, html } = await timeline(file, ['--profile', 'claude']);
    expect(json.profile).toBe('claude');
    expect(json.status).toHaveLength(1);
    expect(json.status[0]!.sessionId).toBe('s1');
    const intervals = json.status[0]!.intervals;
    expect(intervals.map((i) => [i.status, i.event, i.line])).toEqual([
      ['waiting', 'SessionStart', 1],
      ['working', 'UserPromptSubmit', 2],
      ['completed', 'Stop', 5],
    ]);
    expect(intervals[2]!.reason).toBe('Stop (line 5): the agent finished its turn');
    // Back to back, in record order.
    expect(intervals[0]!.end).toBe(intervals[1]!.start);
    expect(intervals[1]!.end).toBe(intervals[2]!.start);
    // The page embeds the lane and draws it (status bars, coloured by status) before the hook lanes.
    const data = JSON.parse(/<script id="data" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!) as Json;
    expect(data.status).toEqual(json.status);
    expect(html).toContain(`'status st-' + iv.status`);
    expect(html).toContain('.st-completed {');
    expect(html).toContain(`default-src 'none'`);
    expect(html.indexOf('statusLanes.forEach')).toBeLessThan(html.indexOf('hooks.forEach'));
    // The drawing script still parses (the browser check in timeline.test.ts draws it where Chromium is).
    expect(() => new Function(/<script>\n([\s\S]*?)<\/script>/.exec(html)![1]!)).not.toThrow();
  });

  it('reads another profile’s events with its table: cursor’s beforeSubmitPrompt and stop, one lane per conversation', async () => {
    const file = lines('cursor.jsonl', [
      { time: at(0), event: 'beforeSubmitPrompt', payload: { conversation_id: 'c1', prompt: 'a' }, runs: [], durationMs: 1 },
      { time: at(10), event: 'beforeSubmitPrompt', payload: { conversation_id: 'c2', prompt: 'b' }, runs: [], durationMs: 1 },
      { time: at(500), event: 'stop', payload: { conversation_id: 'c1', status: 'completed' }, runs: [], durationMs: 1 },
      { time: at(900), event: 'stop', payload: { conversation_id: 'c2', status: 'aborted' }, runs: [], durationMs: 1 },
    ]);
    const { json } = await timeline(file, ['--profile', 'cursor']);
    expect(json.status.map((s) => [s.sessionId, s.intervals.map((i) => [i.status, i.start, i.end])])).toEqual([
      ['c1', [['working', 0, 500], ['completed', 500, 901]]],
      ['c2', [['working', 10, 900], ['waiting', 900, 901]]],
    ]);
    expect(json.status[1]!.intervals[1]!.reason).toBe('stop (line 4): the user interrupted the turn');
    // Read with claude's table, cursor's events mean nothing: no lane.
    expect((await timeline(file, ['--profile', 'claude'])).json.status).toEqual([]);
  });

  it('uses the recorded times as the clock: the Stop backstop fires 10 min after, and a stale subagent counter no longer holds a Stop', async () => {
    const min = 60_000;
    const file = lines('backstop.jsonl', [
      { time: at(0), event: 'UserPromptSubmit', payload: { session_id: 'a' } },
      { time: at(1000), event: 'SubagentStart', payload: { session_id: 'a', agent_id: 'x' } },
      { time: at(2000), event: 'Stop', payload: { session_id: 'a' } }, // the subagent holds it working: the backstop is armed
      { time: at(20 * min), event: 'Notification', payload: { session_id: 'a' } },
      { time: at(0), event: 'UserPromptSubmit', payload: { session_id: 'b' } },
      { time: at(1000), event: 'SubagentStart', payload: { session_id: 'b', agent_id: 'y' } },
      { time: at(15 * min), event: 'Stop', payload: { session_id: 'b' } }, // the counter is 15 min old: stale
    ]);
    const { json } = await timeline(file, ['--profile', 'claude']);
    const [a, b] = json.status;
    expect(a!.intervals.map((i) => [i.status, i.start, i.event])).toEqual([
      ['working', 0, 'UserPromptSubmit'],
      ['completed', 2000 + 10 * min, null],
    ]);
    expect(a!.intervals[1]!.reason).toContain('the Stop backstop');
    expect(b!.intervals.map((i) => [i.status, i.start])).toEqual([
      ['working', 0],
      ['completed', 15 * min],
    ]);
    // Without --profile, the default profile's table reads the record.
    expect((await timeline(file)).json.profile).toBe('default');
  });
});
