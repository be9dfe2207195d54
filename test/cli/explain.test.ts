import { afterAll, describe, expect, it } from 'vitest';
import { cli, F, makeHome } from './cli.js';

const home = makeHome();
afterAll(() => home.remove());

interface ExplainJson {
  event: string;
  matchField?: string;
  matchValue?: string;
  after: number;
  hooks: { name: string; kind: string; source?: string; path?: string; runs: boolean; reason?: string }[];
}

const CLAUDE = ['--profile', 'claude', '--settings', F.claudeProject, F.claudeLocal, F.plugin];

async function explain(args: string[]): Promise<ExplainJson> {
  const r = await cli(['explain', ...args, '--json'], { home: home.path });
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as ExplainJson;
}

describe('harness-hooks explain', () => {
  it('names the reason for each hook that would not run: gate, matcher, if rule, duplicate', async () => {
    const json = await explain(['PreToolUse', '--payload', F.payload('bash-rm'), ...CLAUDE, '--no-plugin-hooks']);
    expect(json).toMatchObject({ matchField: 'tool_name', matchValue: 'Bash', after: 0 });
    expect(json.hooks.map((h) => [h.path, h.source, h.runs, h.reason ?? null])).toEqual([
      ['hooks.PreToolUse[0].hooks[0]', 'project', true, null],
      ['hooks.PreToolUse[0].hooks[1]', 'project', false, '`if` rule "Bash(ls*)" did not match'],
      ['hooks.PreToolUse[0].hooks[2]', 'project', false, '`if` rule "Bash(git push*)" did not match'],
      ['hooks.PreToolUse[0].hooks[3]', 'project', false, `deduplicated with hooks.PreToolUse[0].hooks[0] in ${F.claudeLocal} (local), which runs in its place`],
      ['hooks.PreToolUse[1].hooks[0]', 'project', false, 'matcher "Edit|Write" did not match value "Bash" (PreToolUse matches on tool_name)'],
      ['hooks.PreToolUse[2].hooks[0]', 'project', true, null],
      ['hooks.PreToolUse[0].hooks[0]', 'local', true, null],
      ['hooks.PreToolUse[0].hooks[0]', 'plugin', false, 'gated off: plugin hooks need the `enablePluginHooks` setting'],
    ]);
  });

  it('re-dispatches recorded tool calls with --after; a settings file’s `once` is not spent by them (Claude Code ignores `once` there)', async () => {
    const json = await explain(['PreToolUse', '--payload', F.payload('bash-ls'), ...CLAUDE, '--after', 'fixtures/cli/one-tool-call.jsonl']);
    expect(json.after).toBe(1);
    const once = json.hooks.filter((h) => h.name === 'echo first-tool-call');
    expect(once).toEqual([expect.objectContaining({ runs: true })]);
    expect(json.hooks.find((h) => h.path === 'hooks.PreToolUse[0].hooks[1]')).toMatchObject({ runs: true });
  });

  it('says HTTP hooks do not run on SessionStart', async () => {
    const json = await explain(['SessionStart', '--payload', F.payload('session-start'), ...CLAUDE]);
    expect(json.hooks.map((h) => [h.kind, h.runs, h.reason ?? null])).toEqual([
      ['http', false, 'HTTP hooks do not run on SessionStart'],
      ['command', true, null],
    ]);
  });

  it('prints each hook with its reason and where it is configured, and runs nothing', async () => {
    const r = await cli(['explain', 'PreToolUse', '--payload', F.payload('bash-rm'), ...CLAUDE], { home: home.path });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('PreToolUse (matchers test tool_name = "Bash")');
    expect(r.stdout).toContain('no    command  echo formatted\n        └ matcher "Edit|Write" did not match value "Bash" (PreToolUse matches on tool_name)\n          fixtures/cli/claude/.claude/settings.json hooks.PreToolUse[1].hooks[0] (project)');
    expect(r.stdout).toContain('4 of 8 hooks would run');
  });

  it('reads the payload from stdin with --payload -, on the default profile', async () => {
    const r = await cli(['explain', 'PreToolUse', '--payload', '-', '--settings', F.defaultSettings, '--json'], { home: home.path, input: '{"toolName":"edit","input":{"file_path":"a.ts"}}' });
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout) as ExplainJson;
    expect(json.hooks.map((h) => [h.runs, h.reason ?? null])).toEqual([
      [false, 'matcher "bash" did not match value "edit" (PreToolUse matches on toolName)'],
      [false, 'matcher "bash" did not match value "edit" (PreToolUse matches on toolName)'],
      [true, null],
    ]);
  });

  it('is a usage error (exit 2) for an unknown event, a missing payload field or unreadable payload', async () => {
    const event = await cli(['explain', 'PreToolUse', '--payload', F.payload('bash-rm'), '--settings', F.defaultSettings], { home: home.path });
    expect(event.code).toBe(2);
    expect(event.stderr).toContain('missing the required field');
    const unknown = await cli(['explain', 'PermissionRequest', '--payload', F.payload('bash-rm'), '--settings', F.defaultSettings], { home: home.path });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown event "PermissionRequest" for the default profile (it is a claude-profile event: --profile claude)');
    const missing = await cli(['explain', 'Stop', '--payload', 'fixtures/cli/payloads/none.json', '--settings', F.defaultSettings], { home: home.path });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('cannot read the payload fixtures/cli/payloads/none.json: no such file');
  });
});

describe('harness-hooks explain: payloads written by hand', () => {
  const home2 = makeHome();
  afterAll(() => home2.remove());
  it('fills the ids a hook author cannot know (tool_use_id) and says so; a real omission names the command, not dispatch()', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'hh-cli-payload-'));
    writeFileSync(join(dir, 'no-id.json'), '{"tool_name":"Bash","tool_input":{"command":"ls"}}');
    writeFileSync(join(dir, 'no-tool.json'), '{"tool_input":{"command":"ls"}}');
    const filled = await cli(['explain', 'PreToolUse', '--payload', join(dir, 'no-id.json'), '--settings', F.claudeProject, '--json'], { home: home2.path });
    expect(filled.code).toBe(0);
    expect(filled.stderr).toMatch(/the payload has no tool_use_id; filled in as "harness-hooks-cli-tool_use"/);
    const missing = await cli(['explain', 'PreToolUse', '--payload', join(dir, 'no-tool.json'), '--settings', F.claudeProject], { home: home2.path });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('missing the required field `tool_name` (harness-hooks explain PreToolUse)');
    expect(missing.stderr).not.toContain('dispatch(');
  });
});

describe('harness-hooks explain: tool aliases (default profile)', () => {
  const home3 = makeHome();
  afterAll(() => home3.remove());
  it('a hook filed under a misspelt event shows where the user looks (explain and run), and a misspelt EVENT gets a suggestion', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'hh-cli-typo-'));
    const file = join(dir, 'settings.json');
    writeFileSync(file, JSON.stringify({ hooks: { PostToolUSe: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] }] } }));
    const payload = JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'ls' }, tool_response: {}, tool_use_id: 't1' });
    const common = ['--profile', 'claude', '--payload', '-', '--settings', file];
    const json = JSON.parse((await cli(['explain', 'PostToolUse', ...common, '--json'], { home: home3.path, input: payload })).stdout) as ExplainJson;
    expect(json.hooks).toEqual([expect.objectContaining({ runs: false, path: 'hooks.PostToolUSe', reason: expect.stringContaining('filed under "PostToolUSe", an event the claude profile does not know (did you mean "PostToolUse"?)') })]);
    const ran = await cli(['run', 'PostToolUse', ...common], { home: home3.path, input: payload });
    expect(ran.stdout).toContain('did you mean "PostToolUse"?');
    expect(ran.stdout).not.toContain('no hooks for PostToolUse');
    const typo = await cli(['explain', 'PostToolUSe', ...common], { home: home3.path, input: payload });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('unknown event "PostToolUSe" for the claude profile (did you mean "PostToolUse"?)');
  });

  it('points at --tool-alias when a matcher names the tool in another spelling, and --tool-alias makes it match', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'hh-cli-alias-'));
    writeFileSync(join(dir, 'hooks.json'), JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] }] } }));
    const args = ['explain', 'PreToolUse', '--payload', F.payload('afk-bash-ls'), '--settings', join(dir, 'hooks.json'), '--json'];
    const without = JSON.parse((await cli(args, { home: home3.path })).stdout) as ExplainJson;
    expect(without.hooks[0]).toMatchObject({ runs: false, reason: expect.stringContaining('pass --tool-alias bash=Bash') });
    const withAlias = JSON.parse((await cli([...args, '--tool-alias', 'bash=Bash'], { home: home3.path })).stdout) as ExplainJson;
    expect(withAlias.hooks[0]).toMatchObject({ runs: true });
    // Names that are Object.prototype's, and an empty list: a usage error or a name like any other, never a crash.
    expect((await cli([...args, '--tool-alias', '__proto__=x'], { home: home3.path })).code).toBe(0);
    expect((await cli([...args, '--tool-alias', 'bash=,'], { home: home3.path })).code).toBe(2);
    expect((await cli([...args, '--project-dir', join(dir, 'no-such-folder')], { home: home3.path })).code).toBe(2);
  });
});
