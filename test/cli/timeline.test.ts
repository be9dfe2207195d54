// `harness-hooks timeline`: the page's data from a record, the page itself (self-contained), and the page
// drawn in a real browser (headless Chromium from Debian's packages; skipped, saying so, without it).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HookRegistry } from '../../src/index.js';
import { readRecord } from '../../src/cli/record.js';
import { timelineData } from '../../src/cli/timeline.js';
import { makeLogger } from '../helpers/logger.js';
import { cli, F, makeHome } from './cli.js';

const home = makeHome();
afterAll(() => home.remove());
const dir = mkdtempSync(join(tmpdir(), 'hh-timeline-'));

// A session recorded by the registry: a claude guard that blocks, a hook that fails, one that is slow.
async function recordSession(): Promise<string> {
  const file = join(dir, `session-${Math.random().toString(36).slice(2)}.jsonl`);
  const registry = new HookRegistry({ profile: 'claude', settings: { enableShellHooks: true }, record: file, logger: makeLogger() });
  registry.addConfig(
    {
      hooks: {
        PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo no >&2; exit 2' }, { type: 'command', command: 'sleep 0.2' }] }],
        Stop: [{ hooks: [{ type: 'command', command: 'exit 3' }] }],
      },
    },
    { source: 'user' },
  );
  await registry.dispatch('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'rm -rf /' }, tool_use_id: 't1' });
  await registry.dispatch('Stop', { stop_hook_active: false });
  await registry.close();
  return file;
}

const chromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
const browser = (args: string[]): string =>
  execFileSync(chromium!, ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', `--user-data-dir=${mkdtempSync(join(dir, 'profile-'))}`, ...args], {
    encoding: 'utf8',
    timeout: 60_000,
    stdio: ['ignore', 'pipe', 'ignore'],
  });

describe('harness-hooks timeline', () => {
  it('gives each run its start: all at 0 where the profile starts hooks together (claude), one after another elsewhere', async () => {
    const recorded = await readRecord(await recordSession());
    expect(recorded[0]!.runs!.map((r) => r.startMs)).toEqual([0, 0]);
    const data = timelineData('s', recorded, ['echo no >&2; exit 2', 'sleep 0.2', 'exit 3', 'never']);
    expect(data.dispatches.map((d) => [d.event, d.blocked, d.runs.map((r) => r.outcome)])).toEqual([
      ['PreToolUse', true, ['block', 'ok']],
      ['Stop', false, ['error']],
    ]);
    expect(data.dispatches[1]!.at).toBeGreaterThanOrEqual(data.dispatches[0]!.durationMs - 1);
    expect(data.neverRan).toEqual(['never']);
    const sequential = timelineData('s', [{ line: 1, event: 'Stop', payload: {}, runs: [{ name: 'a', durationMs: 5 }, { name: 'b', durationMs: 7 }] }]);
    expect(sequential.dispatches[0]!.runs.map((r) => r.start)).toEqual([0, 5]); // an older record, without starts
  });

  it('writes one self-contained page: nothing loads from the network, the record’s text cannot end its script', async () => {
    const file = await recordSession();
    const out = join(dir, 'page.html');
    const r = await cli(['timeline', file, '-o', out, '--json'], { home: home.path });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ output: out, dispatches: 2, runs: 3 });
    const html = readFileSync(out, 'utf8');
    expect(html).not.toMatch(/\s(?:src|href)=["']?(?:https?:)?\/\//i);
    expect(html).toContain(`default-src 'none'`);
    expect(html.match(/<\/script>/g)).toHaveLength(2);
  });

  it('lists a hook filed under a misspelt event as never ran, with why and the event it nearly spells (--settings)', async () => {
    const { writeFileSync } = await import('node:fs');
    const file = await recordSession();
    const settings = join(dir, 'typo-settings.json');
    writeFileSync(settings, JSON.stringify({ hooks: { PostToolUSe: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] }], Stop: [{ hooks: [{ type: 'command', command: 'exit 3' }] }] } }));
    const out = join(dir, 'typo.html');
    expect((await cli(['timeline', file, '-o', out, '--profile', 'claude', '--settings', settings], { home: home.path })).code).toBe(0);
    const html = readFileSync(out, 'utf8');
    const data = JSON.parse(/<script id="data" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!) as { neverRan?: string[] };
    expect(data.neverRan).toEqual([`hooks.PostToolUSe in ${settings}: filed under "PostToolUSe", an event the claude profile does not know (did you mean "PostToolUse"?): its hooks never run`]);
  });

  it('reads a hostile or odd record without breaking: wrong types, huge counts, lines without a payload', async () => {
    const { writeFileSync } = await import('node:fs');
    const odd = [
      '{"event":"a","payload":{},"runs":[{"name":"h","durationMs":"5"},{"name":"h","durationMs":{}},{"name":"h","message":{"toString":1}},{"name":"h","startMs":-3,"outcome":7}]}',
      '{"time":"2026-12-01T00:00:00Z","event":"PreToolUse","redacted":"[redact threw]"}',
    ];
    const data = timelineData('odd', await (async () => {
      const file = join(dir, 'odd.jsonl');
      writeFileSync(file, `${odd.join('\n')}\n`);
      return readRecord(file, { payload: 'optional' });
    })());
    expect(data.dispatches[0]!.runs.map((r) => [r.durationMs, r.start, r.outcome, r.message ?? null])).toEqual([
      [0, 0, 'ok', null],
      [0, 0, 'ok', null],
      [0, 0, 'ok', null],
      [0, 0, 'ok', null],
    ]);
    expect(data.dispatches[1]!.event).toBe('PreToolUse');
    // 150,000 lines: no spread of them all (it overflows the stack).
    const many = Array.from({ length: 150_000 }, (_, i) => ({ line: i + 1, event: 'Stop', payload: {}, time: new Date(1e12 + i).toISOString(), runs: [{ name: 'h', durationMs: 1 }] }));
    expect(timelineData('many', many).dispatches).toHaveLength(150_000);
    // --settings that cannot be read is a config error, not a silent "(pass --settings …)".
    const file = join(dir, 'ok.jsonl');
    writeFileSync(file, `${odd[0]}\n`);
    expect((await cli(['timeline', file, '-o', join(dir, 'x.html'), '--settings', join(dir, 'missing.json')], { home: home.path })).code).toBe(4);
  }, 60_000);

  it.skipIf(chromium === undefined)('is drawn in a real browser: a lane per hook, a bar per run, the summary, a screenshot', async () => {
    const file = await recordSession();
    const out = join(dir, 'drawn.html');
    expect((await cli(['timeline', file, '-o', out, '--settings', F.defaultSettings], { home: home.path })).code).toBe(0);
    const dom = browser(['--dump-dom', `file://${out}`]);
    expect(dom).toContain('data-drawn="3"');
    expect(dom.match(/<rect[^>]*class="bar (?:ok|block|error|timeout|aborted)"/g)).toHaveLength(3);
    // The status lane above the hooks: the Stop left the session completed (the default profile's table).
    expect(dom.match(/<rect[^>]*class="status st-completed"/g)).toHaveLength(1);
    expect(dom.match(/class="lane-label"/g)!.length).toBeGreaterThanOrEqual(4); // "dispatches" and three hooks
    expect(dom).toMatch(/<h3>Slowest hooks<\/h3><ul class="list"><li>sleep 0\.2: /);
    expect(dom).toContain('exit 3 (error on Stop, line 2)');
    expect(dom.match(/<tr class="dispatch-row">/g)).toHaveLength(2);
    const shot = join(dir, 'timeline.png');
    browser(['--window-size=1300,900', `--screenshot=${shot}`, `file://${out}`]);
    expect(statSync(shot).size).toBeGreaterThan(10_000);
  }, 120_000);

  if (chromium === undefined) it('(the browser check was skipped: no Chromium here; .ci/run installs it)', () => console.warn('timeline: no Chromium found, the browser check was skipped'));
});
