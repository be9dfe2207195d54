// The CLI with Codex's files: validate (Codex's strict rules, TOML included), list and explain (untrusted
// hooks shown with the line that would trust them), run (--bypass-hook-trust), schema (codex-hooks.json).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, describe, expect, it } from 'vitest';
import { formatJsonSchema, SCHEMA_FILES } from '../../src/cli/json-schema.js';
import { parseCodexConfig } from '../../src/profiles/codex/config.js';
import { codexHookKey, codexTrustedHash } from '../../src/profiles/codex/trust.js';
import { cli, makeHome, ROOT } from './cli.js';

const home = makeHome();
afterAll(() => home.remove());
const HOOKS = 'fixtures/cli/codex/.codex/hooks.json';
const TOML = 'fixtures/cli/codex/.codex/config.toml';
const BASH = JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'rm -rf /' } });

describe('harness-hooks with --profile codex', () => {
  it('validate: Codex\'s rules, for hooks.json and config.toml, each error with its path', async () => {
    const r = await cli(['validate', '--profile', 'codex', HOOKS, TOML, 'fixtures/cli/codex/bad-hooks.json', 'fixtures/cli/codex/fractional-timeout.toml'], { home: home.path });
    expect(r.code).toBe(4);
    expect(r.stdout).toContain('fixtures/cli/codex/.codex/hooks.json (project)\n  ok');
    expect(r.stdout).toMatch(/PreToolUse\s+unknown field `PreToolUse`, expected `description` or `hooks`/);
    expect(r.stdout).toMatch(/hooks\.Stop\[0\]\.hooks\[0\]\.timeout\s+expected a whole number of seconds, got 1\.5/);
  });

  it('list and explain: a hook Codex would skip for want of a trusted_hash is shown, with the line that trusts it', async () => {
    const key = codexHookKey(join(ROOT, HOOKS), 'PreToolUse', 0, 0);
    const hook = JSON.parse(readFileSync(join(ROOT, HOOKS), 'utf8')).hooks.PreToolUse[0].hooks[0];
    const hash = codexTrustedHash('PreToolUse', 'Bash', hook);
    const list = await cli(['list', '--settings', HOOKS, '--json'], { home: home.path });
    expect(list.stderr).toContain('--profile codex (inferred');
    const rows = (JSON.parse(list.stdout) as { hooks: { event: string; runs: boolean; gatedBy?: string; reason?: string }[] }).hooks;
    const guard = rows.find((h) => h.event === 'PreToolUse')!;
    expect(guard).toMatchObject({ runs: false, gatedBy: 'harnessTrust' });
    expect(guard.reason).toContain(`[hooks.state."${key}"]\ntrusted_hash = "${hash}"`);
    const explain = await cli(['explain', 'PreToolUse', '--payload', '-', '--settings', HOOKS], { home: home.path, input: BASH });
    expect(explain.stdout).toContain('0 of 1 hook would run');
    expect(explain.stdout).toContain('not trusted by Codex');
  });

  it('a user config.toml given with --settings trusts the hooks its [hooks.state] names', async () => {
    const hook = JSON.parse(readFileSync(join(ROOT, HOOKS), 'utf8')).hooks.PreToolUse[0].hooks[0];
    const { mkdirSync, writeFileSync } = await import('node:fs');
    mkdirSync(join(home.path, '.codex'), { recursive: true });
    const userToml = join(home.path, '.codex', 'config.toml');
    const trust = `[hooks.state."${codexHookKey(join(ROOT, HOOKS), 'PreToolUse', 0, 0)}"]\ntrusted_hash = "${codexTrustedHash('PreToolUse', 'Bash', hook)}"\n`;
    // Without a trust record for the project, Codex ignores its .codex/ folder, and so does the CLI.
    writeFileSync(userToml, trust);
    const untrusted = await cli(['explain', 'PreToolUse', '--payload', '-', '--settings', HOOKS, userToml], { home: home.path, input: BASH });
    expect(untrusted.stdout).toContain('the project is not trusted by Codex');
    writeFileSync(userToml, `[projects."${join(ROOT, 'fixtures/cli/codex')}"]\ntrust_level = "trusted"\n\n${trust}`);
    const r = await cli(['run', 'PreToolUse', '--payload', '-', '--settings', HOOKS, userToml, '--json'], { home: home.path, input: BASH });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).result).toMatchObject({ blocked: true, reason: 'rm -rf is not allowed', permissionDecision: 'deny' });
  });

  it('run --bypass-hook-trust: the guard blocks with its stderr; Stop\'s block is the continuation', async () => {
    const r = await cli(['run', 'PreToolUse', '--payload', '-', '--bypass-hook-trust', '--settings', HOOKS, '--json'], { home: home.path, input: BASH });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).result).toMatchObject({ blocked: true, reason: 'rm -rf is not allowed', modelText: 'Command blocked by PreToolUse hook: rm -rf is not allowed. Command: rm -rf /' });
    const stop = await cli(['run', 'Stop', '--payload', '-', '--bypass-hook-trust', '--settings', HOOKS, '--json'], { home: home.path, input: '{}' });
    expect(JSON.parse(stop.stdout).result).toMatchObject({ blocked: true, continuation: ['run the tests first'] });
  });

  it('schema --profile codex prints schema/codex-hooks.json, which agrees with the profile on every codex config here', async () => {
    const shipped = readFileSync(join(ROOT, 'schema', SCHEMA_FILES.codex), 'utf8');
    expect(shipped).toBe(formatJsonSchema('codex'));
    expect((await cli(['schema', '--profile', 'codex'], { home: home.path })).stdout).toBe(shipped);
    const validate = new Ajv2020({ allErrors: true, strict: true }).compile(JSON.parse(shipped) as object);
    const configs: unknown[] = [JSON.parse(readFileSync(join(ROOT, HOOKS), 'utf8')), JSON.parse(readFileSync(join(ROOT, 'fixtures/cli/codex/bad-hooks.json'), 'utf8')), { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'x', timeout: 1.5 }] }] } }, { hooks: { Stop: [{ hooks: [{ command: 'x' }] }] } }];
    for (const layer of ['04-pretooluse-json-output', '06-concurrency']) {
      for (const v of JSON.parse(readFileSync(join(ROOT, `fixtures/codex/oracle/${layer}.json`), 'utf8')).case.variants) for (const l of v.hooksJsonLayers) configs.push({ hooks: l.hooks });
    }
    for (const config of configs) {
      let ours = true;
      try {
        parseCodexConfig(config, 'hooks.json');
      } catch {
        ours = false;
      }
      expect({ config, valid: validate(config) }).toEqual({ config, valid: ours });
    }
  });
});
