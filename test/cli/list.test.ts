import { mkdirSync, copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli, F, makeHome, ROOT } from './cli.js';

const home = makeHome();
afterAll(() => home.remove());

interface ListJson {
  profile: string;
  gates: Record<string, boolean>;
  files: { file: string; source: string; pluginRoot?: string }[];
  hooks: { event: string; name: string; kind: string; source?: string; path?: string; matcher?: string; timeoutMs?: number; if?: string; once?: boolean; gatedBy?: string; runs: boolean; reason?: string }[];
}

const CLAUDE = ['--profile', 'claude', '--settings', F.claudeProject, F.claudeLocal, F.plugin];

describe('harness-hooks list', () => {
  it('lists the effective hooks per event in run order, with source, matcher, timeout and handler', async () => {
    const r = await cli(['list', '--settings', F.defaultSettings], { home: home.path });
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').slice(0, 9)).toEqual([
      'PreToolUse',
      "  1  runs  project  matcher bash  timeout 5 s             command  grep -q 'rm -rf' && { echo 'rm -rf is not allowed' >&2; exit 2; } || exit 0",
      '     fixtures/cli/default/settings.json hooks.PreToolUse[0].hooks[0]',
      '  2  runs  project  matcher bash  timeout 30 s (default)  command  node fixtures/emit-json.mjs \'{"hookSpecificOutput":{"additionalContext":"bash runs in a sandbox"}}\'',
      '     fixtures/cli/default/settings.json hooks.PreToolUse[0].hooks[1]',
      '  3  runs  project  matcher edit  timeout 2 s             command  node fixtures/updated-input.mjs',
      '     fixtures/cli/default/settings.json hooks.PreToolUse[1].hooks[0]',
      'Stop',
      // The default profile's Stop deadline (5 s) bounds every Stop hook: what it is killed at.
      '  1  runs  project  matcher *  timeout 5 s (default)  command  node fixtures/exit-code.mjs 3',
    ]);
    expect(r.stdout).toContain('4 hooks run, 0 hooks never run');
  });

  it('says which gate keeps a hook off, and takes each file\'s source from its path (claude profile, --json)', async () => {
    const r = await cli(['list', ...CLAUDE, '--no-project-hooks', '--json'], { home: home.path });
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout) as ListJson;
    expect(json.gates).toEqual({ enableShellHooks: true, allowProjectHooks: false, enablePluginHooks: true });
    expect(json.files).toEqual([
      { file: F.claudeProject, source: 'project' },
      { file: F.claudeLocal, source: 'local' },
      { file: F.plugin, source: 'plugin', pluginRoot: join(ROOT, 'fixtures/cli/plugin') },
    ]);
    const pre = json.hooks.filter((h) => h.event === 'PreToolUse');
    expect(pre.map((h) => [h.source, h.runs, h.gatedBy ?? null])).toEqual([
      ['project', false, 'allowProjectHooks'],
      ['project', false, 'allowProjectHooks'],
      ['project', false, 'allowProjectHooks'],
      ['project', false, 'allowProjectHooks'],
      ['project', false, 'allowProjectHooks'],
      ['project', false, 'allowProjectHooks'],
      ['local', false, 'allowProjectHooks'],
      ['plugin', true, null],
    ]);
    expect(pre[1]).toMatchObject({ if: 'Bash(ls*)', matcher: 'Bash', path: 'hooks.PreToolUse[0].hooks[1]' });
    expect(pre[5]).toMatchObject({ name: 'echo first-tool-call', effectiveTimeoutMs: 600_000, defaultTimeout: true });
    expect(pre[0]!.reason).toBe('gated off: project hooks need the `allowProjectHooks` setting');
  });

  it('shows gated-off hooks in the text too, and hooks the profile cannot run as skipped', async () => {
    const r = await cli(['list', '--settings', F.warnings, '--no-shell-hooks'], { home: home.path });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('gated off  project  matcher edit | write');
    expect(r.stdout).toContain('gated off: project hooks need the `enableShellHooks` setting');
    // A skipped hook's matcher is not the registry's: `-`, not `*` (which would read as "every tool").
    expect(r.stdout).toMatch(/skipped\s+project\s+matcher -\s+timeout -\s+hook  hooks\.PreTooluse/);
    expect(r.stdout).toContain('filed under "PreTooluse", an event the default profile does not know (did you mean "PreToolUse"?)');
    expect(r.stdout).toContain('unsupported handler type "http"');
  });

  it('reads ~/.claude/settings.json as user settings, and --source overrides the path', async () => {
    mkdirSync(join(home.path, '.claude'), { recursive: true });
    const user = join(home.path, '.claude', 'settings.json');
    copyFileSync(join(ROOT, F.lenient), user);
    const fromPath = JSON.parse((await cli(['list', '--profile', 'claude', '--settings', user, '--json'], { home: home.path })).stdout) as ListJson;
    expect(fromPath.files[0]!.source).toBe('user');
    expect(fromPath.hooks[0]).toMatchObject({ source: 'user', runs: true });
    const forced = JSON.parse((await cli(['list', '--profile', 'claude', '--source', 'local', '--settings', user, '--json'], { home: home.path })).stdout) as ListJson;
    expect(forced.files[0]!.source).toBe('local');
  });

  it('stops with the errors of an invalid settings file (exit 4) and is a usage error without --settings (exit 2)', async () => {
    const invalid = await cli(['list', '--settings', F.threeMistakes], { home: home.path });
    expect(invalid.code).toBe(4);
    expect(invalid.stdout).toContain('7:54  error  hooks.PreToolUse[0].hooks[0].timeout  must not be negative (seconds)');
    expect(invalid.stdout).toContain('3 errors: nothing was run');
    // Without --settings the files the profile reads are used and named; with none of them, a usage error.
    const empty = makeHome();
    try {
      const none = await cli(['list'], { home: empty.path });
      expect(none.code).toBe(2);
      expect(none.stderr).toContain('missing --settings FILE');
    } finally {
      empty.remove();
    }
    const found = await cli(['list', '--json'], { home: home.path }); // an earlier test put ~/.claude/settings.json there
    expect(found.code).toBe(0);
    expect(found.stderr).toContain(`no --settings given: read ${join(home.path, '.claude', 'settings.json')}`);
    expect((JSON.parse(found.stdout) as ListJson).profile).toBe('claude');
  });

  it('agrees with run and explain: a 20 s default-profile Stop hook is killed at 5 s; of identical copies one runs', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'hh-cli-agree-'));
    writeFileSync(join(dir, 'stop.json'), JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true', timeout: 20 }] }] } }));
    const stop = JSON.parse((await cli(['list', '--settings', join(dir, 'stop.json'), '--json'], { home: home.path })).stdout) as ListJson & { hooks: { effectiveTimeoutMs?: number }[] };
    expect(stop.hooks[0]!.effectiveTimeoutMs).toBe(5_000);
    const copy = JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo guard' }] }] } });
    writeFileSync(join(dir, 'a.json'), copy);
    writeFileSync(join(dir, 'b.json'), copy);
    const both = JSON.parse((await cli(['list', '--profile', 'claude', '--settings', join(dir, 'a.json'), join(dir, 'b.json'), '--json'], { home: home.path })).stdout) as ListJson;
    expect(both.hooks.map((h) => [h.runs, h.reason ?? null])).toEqual([
      [false, expect.stringMatching(/^deduplicated with hooks\.PreToolUse\[0\]\.hooks\[0\] in .*b\.json \(project\), which runs in its place$/)],
      [true, null],
    ]);
  });

  it('claims a copy is replaced only where every copy has the same matcher (else which runs depends on the payload)', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'hh-cli-dedup-'));
    const group = (matcher: string, timeout: number) => ({ matcher, hooks: [{ type: 'command', command: 'echo guard', timeout }] });
    writeFileSync(join(dir, 'mixed.json'), JSON.stringify({ hooks: { PreToolUse: [group('Bash', 10), group('Bash', 5), group('', 20)] } }));
    const mixed = JSON.parse((await cli(['list', '--profile', 'claude', '--settings', join(dir, 'mixed.json'), '--json'], { home: home.path })).stdout) as ListJson;
    expect(mixed.hooks.every((h) => h.runs)).toBe(true);
  });

  it('reads ~/.claude/settings.json once when run from the home folder, and infers claude only from Claude Code’s own file names', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const fresh = mkdtempSync(join(tmpdir(), 'hh-cli-home-'));
    mkdirSync(join(fresh, '.claude'));
    writeFileSync(join(fresh, '.claude', 'settings.json'), JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] } }));
    writeFileSync(join(fresh, '.claude', 'afk-hooks.json'), JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] } }));
    const { execFile } = await import('node:child_process');
    const run = (args: string[]) =>
      new Promise<{ stdout: string; stderr: string }>((resolve) =>
        execFile(process.execPath, [join(ROOT, 'dist', 'cli.cjs'), ...args], { cwd: fresh, env: { ...process.env, HOME: fresh } }, (_e, stdout, stderr) => resolve({ stdout, stderr })),
      );
    const once = await run(['list', '--json']);
    expect(once.stderr).toContain(`read ${join(fresh, '.claude', 'settings.json')}\n`);
    expect((JSON.parse(once.stdout) as ListJson).hooks).toHaveLength(1);
    const other = await run(['list', '--settings', '.claude/afk-hooks.json', '--json']);
    expect((JSON.parse(other.stdout) as ListJson).profile).toBe('default');
  });

  it('infers --profile claude from a .claude/ path or a Claude-only event, and says so', async () => {
    const r = await cli(['list', '--settings', F.claudeProject, '--json'], { home: home.path });
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as ListJson).profile).toBe('claude');
    expect(r.stderr).toMatch(/--profile claude \(inferred: .*\.claude\/ settings file/);
    const plain = await cli(['list', '--settings', F.defaultSettings, '--json'], { home: home.path });
    expect((JSON.parse(plain.stdout) as ListJson).profile).toBe('default');
  });
});

describe('harness-hooks list: a hook filed under a misspelt event', () => {
  it('says the event is misspelt and which it nearly spells, shows no `*` matcher, and is listed for the event meant', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const file = join(mkdtempSync(join(tmpdir(), 'harness-hooks-typo-')), 'settings.json');
    writeFileSync(file, JSON.stringify({ hooks: { PostToolUSe: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] }] } }));
    const why = 'filed under "PostToolUSe", an event the claude profile does not know (did you mean "PostToolUse"?): its hooks never run';
    const r = await cli(['list', '--profile', 'claude', '--settings', file], { home: home.path });
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').slice(0, 3)).toEqual(['PostToolUSe', '  1  skipped  project  matcher -  timeout -  hook  hooks.PostToolUSe', `     ${file} hooks.PostToolUSe · ${why}`]);
    const meant = await cli(['list', 'PostToolUse', '--profile', 'claude', '--settings', file, '--json'], { home: home.path });
    expect((JSON.parse(meant.stdout) as ListJson).hooks).toEqual([expect.objectContaining({ event: 'PostToolUSe', path: 'hooks.PostToolUSe', runs: false, reason: why })]);
  });
});

describe('harness-hooks list: what counts as a plugin', () => {
  it('reads a hooks/hooks.json without a .claude-plugin/plugin.json as project config, which --no-project-hooks keeps off', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const repo = mkdtempSync(join(tmpdir(), 'harness-hooks-not-a-plugin-'));
    mkdirSync(join(repo, 'hooks'));
    const file = join(repo, 'hooks', 'hooks.json');
    writeFileSync(file, JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo hi' }] }] } }));
    const r = await cli(['list', '--profile', 'claude', '--settings', file, '--no-project-hooks', '--json']);
    const json = JSON.parse(r.stdout) as { files: { source: string }[]; hooks: { source: string; gatedBy?: string; runs: boolean }[] };
    expect(json.files).toEqual([expect.objectContaining({ source: 'project' })]);
    expect(json.hooks).toEqual([expect.objectContaining({ source: 'project', gatedBy: 'allowProjectHooks', runs: false })]);
  });
});
