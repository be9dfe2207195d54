import { afterAll, describe, expect, it } from 'vitest';
import { cli, F, makeHome, ROOT } from './cli.js';

const home = makeHome();
afterAll(() => home.remove());

interface JsonProblem {
  severity: string;
  code: string;
  path: string;
  line: number;
  column: number;
  message: string;
}
interface ValidateJson {
  ok: boolean;
  errors: number;
  warnings: number;
  files: { file: string; source: string; valid: boolean; errors: JsonProblem[]; warnings: JsonProblem[] }[];
}

describe('harness-hooks validate', () => {
  it('reports all three mistakes of a file, each with its JSON path and line, and exits 4 (config invalid)', async () => {
    const r = await cli(['validate', F.threeMistakes], { home: home.path });
    expect(r.code).toBe(4);
    expect(r.stdout).toContain('7:54  error  hooks.PreToolUse[0].hooks[0].timeout  must not be negative (seconds)');
    expect(r.stdout).toContain('8:11  error  hooks.PreToolUse[0].hooks[1].command  a command hook needs a `command` string');
    expect(r.stdout).toContain('14:9  error  hooks.Stop[0].matcher                 expected the matcher to be a string');
    expect(r.stdout).toContain('3 errors, 0 warnings in 1 file');

    const json = JSON.parse((await cli(['validate', F.threeMistakes, '--json'], { home: home.path })).stdout) as ValidateJson;
    expect(json.ok).toBe(false);
    expect(json.files[0]!.errors.map((e) => [e.path, e.line])).toEqual([
      ['hooks.PreToolUse[0].hooks[0].timeout', 7],
      ['hooks.PreToolUse[0].hooks[1].command', 8],
      ['hooks.Stop[0].matcher', 14],
    ]);
  });

  it('exits 0 on a valid file and says so', async () => {
    const r = await cli(['validate', F.defaultSettings], { home: home.path });
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toContain('fixtures/cli/default/settings.json (project)\n  ok');
    expect(r.stdout).toContain('0 errors, 0 warnings in 1 file');
  });

  it('warns, with paths and lines, about what keeps a hook from running as meant (default profile)', async () => {
    const r = await cli(['validate', F.warnings, '--no-project-hooks', '--json'], { home: home.path });
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout) as ValidateJson;
    const found = json.files[0]!.warnings.map((w) => [w.code, w.path, w.line]);
    expect(found).toEqual([
      ['unknown-event', 'hooks.PreTooluse', 3],
      ['matcher-never-matches', 'hooks.PreToolUse[0].matcher', 8],
      ['gated-off', 'hooks.PreToolUse[0].hooks[0]', 9],
      ['timeout-units', 'hooks.PreToolUse[0].hooks[0].timeout', 9],
      ['matcher-invalid', 'hooks.PreToolUse[1].matcher', 12],
      ['handler-type', 'hooks.PreToolUse[1].hooks[0].type', 13],
      ['gated-off', 'hooks.PreToolUse[2].hooks[0]', 17],
      ['unknown-field', 'hooks.PreToolUse[2].hooks[0].comand', 17],
      ['command-not-found', 'hooks.PreToolUse[2].hooks[0].command', 17],
      ['matcher-ignored', 'hooks.Stop[0].matcher', 21],
      ['gated-off', 'hooks.Stop[0].hooks[0]', 21],
      ['timeout-units', 'hooks.Stop[0].hooks[0].timeout_ms', 21],
    ]);
    const messages = json.files[0]!.warnings.map((w) => w.message).join('\n');
    expect(messages).toContain('did you mean "PreToolUse"?');
    expect(messages).toContain('write "edit|write"');
    expect(messages).toContain('if you meant 5000 milliseconds write "timeout_ms": 5000');
    expect(messages).toContain('project hooks need the `allowProjectHooks` setting, which --no-project-hooks closes');
    expect(messages).toContain('the default profile runs only "command" hooks');
  });

  it('warns about no gate while every gate is open, and --strict turns warnings into exit 4', async () => {
    const open = JSON.parse((await cli(['validate', F.warnings, '--json'], { home: home.path })).stdout) as ValidateJson;
    expect(open.files[0]!.warnings.filter((w) => w.code === 'gated-off')).toEqual([]);
    const strict = await cli(['validate', F.warnings, '--strict'], { home: home.path });
    expect(strict.code).toBe(4);
    expect(strict.stdout).toMatch(/0 errors, 9 warnings in 1 file/);
  });

  it('reads claude-profile rules: timeout in seconds, if on tool events only, no HTTP on SessionStart, case of tool names', async () => {
    const r = await cli(['validate', '--profile', 'claude', F.claudeWarnings], { home: home.path });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('6:9    warning  hooks.PreToolUse[0].matcher              no tool is named "bash" (names are case-sensitive): did you mean "Bash"?');
    expect(r.stdout).toContain('hooks.PreToolUse[0].hooks[0].timeout_ms  the claude profile reads `timeout` in seconds and ignores `timeout_ms`; write "timeout": 5');
    expect(r.stdout).toContain('12:59  warning  hooks.Stop[0].hooks[0].if');
    expect(r.stdout).toContain('on Stop a hook with `if` never runs');
    expect(r.stdout).toContain('write "startup|resume"');
    expect(r.stdout).toContain('18:21  warning  hooks.SessionStart[0].hooks[0].type      HTTP hooks do not run on SessionStart');
    expect(r.stdout).toContain('if you meant 30000 milliseconds write "timeout": 30');
  });

  it('checks every file, names each, and exits 4 when any has errors', async () => {
    const r = await cli(['validate', '--profile', 'claude', F.claudeProject, F.invalidHandlers, F.plugin], { home: home.path });
    expect(r.code).toBe(4);
    expect(r.stdout).toContain('fixtures/cli/claude/.claude/settings.json (project)\n  33:13  warning  hooks.SessionStart[0].hooks[0].type  HTTP hooks do not run on SessionStart');
    expect(r.stdout).toContain(`fixtures/cli/plugin/hooks/hooks.json (plugin, plugin root ${ROOT}fixtures/cli/plugin)\n  ok`);
    expect(r.stdout).toContain('7:11  error  hooks.PreToolUse[0].hooks[0].url      a http hook needs a `url`');
    expect(r.stdout).toContain('8:11  error  hooks.PreToolUse[0].hooks[1].tool     a mcp_tool hook needs a `tool` name');
    expect(r.stdout).toContain('9:32  error  hooks.PreToolUse[0].hooks[2].command  the command is empty');
    expect(r.stdout).toContain('3 errors, 1 warning in 3 files');
  });

  it('gives invalid JSON its line and column, and an unreadable file an error, both exit 4', async () => {
    const r = await cli(['validate', 'fixtures/cli/payloads/not-json.txt', 'fixtures/cli/nope.json', '--json'], { home: home.path });
    expect(r.code).toBe(4);
    const json = JSON.parse(r.stdout) as ValidateJson;
    expect(json.files[0]!.errors[0]).toMatchObject({ code: 'json', line: 2, column: 13 });
    expect(json.files[1]!.errors[0]).toMatchObject({ code: 'read', message: 'cannot read the file: no such file' });
  });

  it('says what is wrong with invalid JSON in words: a trailing comma, a comment, single quotes, a missing comma', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'hh-cli-json-'));
    const cases: [string, RegExp][] = [
      ['{"hooks": {"Stop": [],}}', /a trailing comma/],
      ['{\n  // a note\n  "hooks": {}\n}', /a comment: JSON has none/],
      ["{'hooks': {}}", /single-quoted string/],
      ['{"hooks": {} "x": 1}', /a missing comma/],
    ];
    for (const [i, [text, words]] of cases.entries()) {
      writeFileSync(join(dir, `${i}.json`), text);
      const json = JSON.parse((await cli(['validate', join(dir, `${i}.json`), '--json'], { home: home.path })).stdout) as ValidateJson;
      expect(json.files[0]!.errors[0]!.message).toMatch(words);
    }
  });

  it('warns about a script that is not executable in the docs’ quoted form and as a relative path, from the project of the file', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const repo = mkdtempSync(join(tmpdir(), 'hh-cli-exec-'));
    mkdirSync(join(repo, '.claude', 'hooks'), { recursive: true });
    writeFileSync(join(repo, '.claude', 'hooks', 'x.sh'), '#!/bin/sh\nexit 0\n', { mode: 0o644 });
    const hooks = [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/x.sh' }, { type: 'command', command: '.claude/hooks/x.sh --flag' }, { type: 'command', command: 'jq .' }];
    writeFileSync(join(repo, '.claude', 'settings.json'), JSON.stringify({ hooks: { Stop: [{ hooks }] } }));
    const json = JSON.parse((await cli(['validate', join(repo, '.claude', 'settings.json'), '--json'], { home: home.path })).stdout) as ValidateJson;
    const notExec = json.files[0]!.warnings.filter((w) => /is not executable/.test(w.message));
    expect(notExec.map((w) => w.path)).toEqual(['hooks.Stop[0].hooks[0].command', 'hooks.Stop[0].hooks[1].command']);
  });

  it('is a usage error (exit 2) without a file or with an unknown profile', async () => {
    const none = await cli(['validate'], { home: home.path });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('harness-hooks validate: missing FILE');
    expect(none.stderr).toContain('Run harness-hooks validate --help for usage.');
    const profile = await cli(['validate', F.warnings, '--profile', 'gemini-next'], { home: home.path });
    expect(profile.code).toBe(2);
    expect(profile.stderr).toMatch(/--profile must be one of "default", "claude", "codex".*, got "gemini-next"/);
  });
});
