import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { waitForBackground } from '../../src/cli/run.js';
import { cli, F, makeHome } from './cli.js';

const home = makeHome();
afterAll(() => home.remove());

interface RunJson {
  event: string;
  decision: string;
  blocked: boolean;
  result: Record<string, unknown> & { runs: unknown[] };
  hooks: { name: string; outcome: string; durationMs: number; exitCode?: number | null; stdout?: string[]; stderr?: string[]; statusMessage?: string; source?: string; path?: string; said: Record<string, unknown> }[];
  skipped: { name: string; reason?: string }[];
  notRun: string[];
  why: { field: string; text: string; hooks: string[] }[];
  warnings: string[];
}

const CLAUDE = ['--profile', 'claude', '--settings', F.claudeProject, F.claudeLocal, F.plugin];
const GUARD = "grep -q 'rm -rf' && { echo 'rm -rf is not allowed' >&2; exit 2; } || exit 0";

async function run(args: string[]): Promise<{ code: number; json: RunJson }> {
  const r = await cli(['run', ...args, '--json'], { home: home.path });
  return { code: r.code, json: JSON.parse(r.stdout) as RunJson };
}

describe('harness-hooks run', () => {
  it('dispatches for real: a blocking exit 2 stops the chain, exit 1, and the trace says why', async () => {
    const r = await cli(['run', 'PreToolUse', '--payload', F.payload('afk-bash-rm'), '--settings', F.defaultSettings], { home: home.path });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^PreToolUse: BLOCKED\n {2}decision {2}block\n {2}reason {4}rm -rf is not allowed\n/);
    expect(r.stdout).toContain('· blocked by #1 ‹grep -q \'rm -rf\' && { echo \'rm -rf is n…› (exited 2)');
    expect(r.stdout).toContain('· the chain stopped at the block: ‹emit-json.mjs \'{"hookSpecificOutput":{"…› did not run');
    expect(r.stdout).toMatch(/#1 {2}block {2}\d+ ms {2}exit 2 {2}command {2}grep -q/);
    expect(r.stdout).toContain('stderr │ rm -rf is not allowed');
    expect(r.stdout).toContain('skipped  command  node fixtures/updated-input.mjs\n        why    │ matcher "edit" did not match value "bash" (PreToolUse matches on toolName)');

    const { json } = await run(['PreToolUse', '--payload', F.payload('afk-bash-rm'), '--settings', F.defaultSettings]);
    expect(json).toMatchObject({ decision: 'block', blocked: true, notRun: ['node fixtures/emit-json.mjs \'{"hookSpecificOutput":{"additionalContext":"bash runs in a sandbox"}}\''] });
    expect(json.hooks).toEqual([
      expect.objectContaining({ name: GUARD, outcome: 'block', exitCode: 2, stdout: [], stderr: ['rm -rf is not allowed'], source: 'project', path: 'hooks.PreToolUse[0].hooks[0]' }),
    ]);
    expect(json.why.find((w) => w.field === 'blocked')).toEqual({ field: 'blocked', text: expect.stringContaining('(exited 2)'), hooks: [GUARD] });
  });

  it('exits 0 when nothing blocks, and says whose context was joined', async () => {
    const { code, json } = await run(['PreToolUse', '--payload', F.payload('afk-bash-ls'), '--settings', F.defaultSettings]);
    expect(code).toBe(0);
    expect(json).toMatchObject({ decision: 'none', blocked: false, result: { injectContext: 'bash runs in a sandbox' } });
    expect(json.hooks.map((h) => [h.outcome, h.exitCode])).toEqual([['ok', 0], ['ok', 0]]);
    expect(json.why.map((w) => w.field)).toEqual(['decision', 'injectContext']);
    expect(json.why[1]!.hooks).toEqual([json.hooks[1]!.name]);
  });

  it('shows a failed hook as deciding nothing, with its exit code and stderr, not as an approval', async () => {
    const r = await cli(['run', 'Stop', '--payload', F.payload('afk-stop'), '--settings', F.defaultSettings], { home: home.path });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/#1 {2}error {2}\d+ ms {2}exit 3 {2}command {2}node fixtures\/exit-code\.mjs 3/);
    expect(r.stdout).toContain('stderr │ exiting with 3');
    expect(r.stdout).toContain('! #1 ‹exit-code.mjs 3› failed (command hook "node fixtures/exit-code.mjs 3" exited with code 3: exiting with 3): it decided nothing, so it counts neither as an approval nor as a block');
  });

  it('claude profile: deny outranks, the status message and the skipped hooks are shown', async () => {
    const { code, json } = await run(['PreToolUse', '--payload', F.payload('bash-rm'), ...CLAUDE]);
    expect(code).toBe(1);
    expect(json).toMatchObject({ decision: 'deny', blocked: true, result: { permissionDecision: 'deny', reason: 'rm -rf is not allowed' } });
    const guard = json.hooks[0]!;
    expect(guard).toMatchObject({ statusMessage: 'Checking the command', exitCode: 0, said: { permissionDecision: 'deny', permissionDecisionReason: 'rm -rf is not allowed' } });
    expect(json.hooks.map((h) => h.name)).toEqual([guard.name, 'echo first-tool-call', 'echo shared-audit', 'echo "plugin at $CLAUDE_PLUGIN_ROOT" >&2']);
    expect(json.hooks[3]!.stderr).toEqual([expect.stringMatching(/^plugin at \/.*fixtures\/cli\/plugin$/)]);
    expect(json.skipped.map((s) => s.reason)).toEqual([
      '`if` rule "Bash(ls*)" did not match',
      '`if` rule "Bash(git push*)" did not match',
      expect.stringContaining('deduplicated with hooks.PreToolUse[0].hooks[0]'),
      'matcher "Edit|Write" did not match value "Bash" (PreToolUse matches on tool_name)',
    ]);
  });

  it('claude profile: an allow from one hook, and why it is the decision', async () => {
    const r = await cli(['run', 'PreToolUse', '--payload', F.payload('bash-ls'), ...CLAUDE], { home: home.path });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^PreToolUse: allow\n {2}permissionDecision {8}allow\n {2}permissionDecisionReason {2}read-only command\n/);
    expect(r.stdout).toContain('· permissionDecision "allow" from #2 ‹echo \'{"hookSpecificOutput":{"hookEvent…›');
    expect(r.stdout).toContain('status │ Checking the command');
  });

  it('appends the dispatch to a record file with --record', async () => {
    const record = join(home.path, 'record.jsonl');
    await run(['PreToolUse', '--payload', F.payload('bash-ls'), ...CLAUDE, '--record', record]);
    await run(['PreToolUse', '--payload', F.payload('bash-rm'), ...CLAUDE, '--record', record]);
    expect(existsSync(record)).toBe(true);
    const lines = readFileSync(record, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { event: string; payload: unknown; result: Record<string, unknown>; runs: unknown[] });
    expect(lines.map((l) => [l.event, l.result.permissionDecision])).toEqual([['PreToolUse', 'allow'], ['PreToolUse', 'deny']]);
    expect(lines[1]!.result).not.toHaveProperty('runs');
    expect(lines[1]!.runs.length).toBeGreaterThan(0);
  });

  it('waits --async-wait for background hooks, prints their results, and says which were killed', async () => {
    const args = ['run', 'SessionStart', '--payload', F.payload('session-start'), '--profile', 'claude', '--settings', 'fixtures/cli/claude-async.json', '--async-wait', '1'];
    const text = await cli(args, { home: home.path });
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/#1 {2}ok {2}\d+ ms {2}background {2}command {2}sleep 0\.2/);
    expect(text.stdout).toContain('· no hook blocked or decided'); // a background hook decides nothing
    expect(text.stdout).toContain('Background (1 finished, others killed)');
    expect(text.stdout).toMatch(/exit 0 {2}\d+ ms {2}sleep 0\.2; echo/);
    expect(text.stdout).toContain('output │ {"systemMessage":"index rebuilt"}');
    expect(text.stdout).toContain('still running after 1 s: killed (raise --async-wait to see their results)');
    const { json } = await run(args.slice(1));
    const background = (json as unknown as { background: { results: { exitCode: number | null; output?: unknown }[]; killed: boolean } }).background;
    expect(background.killed).toBe(true);
    expect(background.results).toEqual([expect.objectContaining({ exitCode: 0, output: { systemMessage: 'index rebuilt' } })]);
    const bad = await cli([...args.slice(0, -1), 'soon'], { home: home.path });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--async-wait: expected a number of seconds, got "soon"');
  });

  it('waits for the background hooks without a timer when --async-wait is past setTimeout’s range', async () => {
    let drained = false;
    const registry = { drainBackground: () => new Promise<void>((resolve) => setTimeout(() => ((drained = true), resolve()), 50)), takeAsyncResults: () => [] };
    const report = await waitForBackground(registry as never, 3_000_000_000);
    expect(drained).toBe(true);
    expect(report.killed).toBe(false);
  });

  it('is a usage error (exit 2) without --payload, with a payload that is not JSON, or an unknown event', async () => {
    const none = await cli(['run', 'Stop', '--settings', F.defaultSettings], { home: home.path });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('missing --payload FILE (or - for stdin)');
    const bad = await cli(['run', 'Stop', '--payload', '-', '--settings', F.defaultSettings], { home: home.path, input: '{"a": }' });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('the payload in stdin is not valid JSON at line 1, column 7');
    const event = await cli(['run', 'PreToolUsed', '--payload', F.payload('afk-stop'), '--settings', F.defaultSettings], { home: home.path });
    expect(event.code).toBe(2);
    expect(event.stderr).toContain('unknown event "PreToolUsed" for the default profile');
  });
});

describe('harness-hooks run: hook text carries no terminal control', () => {
  it('prints reason, stdout and stderr lines without escape sequences', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'harness-hooks-cli-term-'));
    const script = join(dir, 'hook.sh');
    writeFileSync(script, `printf 'r\\033]0;PWNED\\007x' >&2; printf '\\033]52;c;aGVsbG8=\\007junk\\n'; exit 2\n`, { mode: 0o755 });
    const settings = join(dir, 'settings.json');
    writeFileSync(settings, JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: script }] }] } }));
    const payload = join(dir, 'stop.json');
    writeFileSync(payload, JSON.stringify({ stop_hook_active: false }));
    const r = await cli(['run', 'Stop', '--profile', 'claude', '--payload', payload, '--settings', settings]);
    expect(r.stdout).toContain('rx');
    expect(r.stdout).not.toMatch(/\x1b\]/);
  });
});

describe('harness-hooks run: the project directory', () => {
  it('is the folder that holds the settings file’s .claude/, wherever the CLI runs from; --project-dir overrides it', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync, chmodSync, realpathSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const repo = realpathSync(mkdtempSync(join(tmpdir(), 'hh-cli-project-')));
    mkdirSync(join(repo, '.claude', 'hooks'), { recursive: true });
    const script = join(repo, '.claude', 'hooks', 'say.sh');
    writeFileSync(script, '#!/bin/sh\ncat >/dev/null\nprintf \'{"systemMessage":"%s|%s"}\' "$CLAUDE_PROJECT_DIR" "$PWD"\n');
    chmodSync(script, 0o755);
    writeFileSync(join(repo, '.claude', 'settings.json'), JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/say.sh' }] }] } }));
    const payload = join(repo, 'stop.json');
    writeFileSync(payload, '{"stop_hook_active":false}');
    const r = await run(['Stop', '--payload', payload, '--settings', join(repo, '.claude', 'settings.json')]);
    expect(r.json.result.systemMessage).toBe(`${repo}|${repo}`);
    const other = realpathSync(mkdtempSync(join(tmpdir(), 'hh-cli-other-')));
    mkdirSync(join(other, '.claude', 'hooks'), { recursive: true });
    writeFileSync(join(other, '.claude', 'hooks', 'say.sh'), '#!/bin/sh\ncat >/dev/null\necho \'{"systemMessage":"other"}\'\n');
    chmodSync(join(other, '.claude', 'hooks', 'say.sh'), 0o755);
    const overridden = await run(['Stop', '--payload', payload, '--settings', join(repo, '.claude', 'settings.json'), '--project-dir', other]);
    expect(overridden.json.result.systemMessage).toBe('other');
  });
});
