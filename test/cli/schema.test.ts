import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, describe, expect, it } from 'vitest';
import { formatJsonSchema, SCHEMA_FILES } from '../../src/cli/json-schema.js';
import { parseHooksConfig } from '../../src/config/load.js';
import { cli, makeHome, ROOT } from './cli.js';

const home = makeHome();
afterAll(() => home.remove());

const schemaText = (profile: 'default' | 'claude'): string => readFileSync(join(ROOT, 'schema', SCHEMA_FILES[profile]), 'utf8');

const OTHER_FORMATS = new Set(['codex', 'copilot', 'gemini', 'cursor']);

// Every config file under fixtures/ (payloads are not configs), but other profiles' formats.
function fixtureConfigs(dir = join(ROOT, 'fixtures')): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    // (Other profiles' configs are in their own formats, checked by their own schemas' tests.)
    if (statSync(path).isDirectory()) return name === 'payloads' || OTHER_FORMATS.has(name) ? [] : fixtureConfigs(path);
    return name.endsWith('.json') ? [relative(ROOT, path)] : [];
  });
}

const INVALID = ['fixtures/cli/invalid-handlers.json', 'fixtures/cli/three-mistakes.json'];

describe('the JSON Schema', () => {
  it('committed schema/ files are what the zod schemas generate now (npm run schema regenerates them)', () => {
    expect(schemaText('default')).toBe(formatJsonSchema('default'));
    expect(schemaText('claude')).toBe(formatJsonSchema('claude'));
  });

  it('harness-hooks schema prints the same text', async () => {
    const plain = await cli(['schema'], { home: home.path });
    expect(plain).toMatchObject({ code: 0, stdout: schemaText('default') });
    const claude = await cli(['schema', '--profile', 'claude', '--json'], { home: home.path });
    expect(claude).toMatchObject({ code: 0, stdout: schemaText('claude') });
  });

  it('accepts every valid fixture config and rejects the invalid ones, as the zod schema does', () => {
    const configs = fixtureConfigs();
    expect(configs).toEqual(expect.arrayContaining([...INVALID, 'fixtures/cli/default/settings.json', 'fixtures/cli/claude/.claude/settings.json', 'fixtures/claude/plugin/hooks/hooks.json']));
    for (const profile of ['default', 'claude'] as const) {
      const validate = new Ajv2020({ allErrors: true, strict: true }).compile(JSON.parse(schemaText(profile)) as object);
      const rejected: string[] = [];
      for (const file of configs) {
        const value = JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as unknown;
        const ok = validate(value);
        let zodOk = true;
        try {
          parseHooksConfig(value);
        } catch {
          zodOk = false;
        }
        expect({ file, profile, ok }).toEqual({ file, profile, ok: zodOk });
        if (!ok) rejected.push(file);
      }
      expect(rejected.sort()).toEqual(INVALID);
    }
  });

  it('points at each mistake of an invalid config', () => {
    const validate = new Ajv2020({ allErrors: true }).compile(JSON.parse(schemaText('claude')) as object);
    validate(JSON.parse(readFileSync(join(ROOT, 'fixtures/cli/three-mistakes.json'), 'utf8')));
    expect(validate.errors!.filter((e) => e.keyword !== 'if').map((e) => e.instancePath).sort()).toEqual(['/hooks/PreToolUse/0/hooks/0/timeout', '/hooks/PreToolUse/0/hooks/1', '/hooks/Stop/0/matcher']);
    validate(JSON.parse(readFileSync(join(ROOT, 'fixtures/cli/invalid-handlers.json'), 'utf8')));
    expect(validate.errors!.filter((e) => e.keyword !== 'if').map((e) => [e.instancePath, e.message])).toEqual([
      ['/hooks/PreToolUse/0/hooks/0', "must have required property 'url'"],
      ['/hooks/PreToolUse/0/hooks/1', "must have required property 'tool'"],
      ['/hooks/PreToolUse/0/hooks/2/command', 'must match pattern "\\S"'],
    ]);
  });

  it('lists the profile\'s events for completion and allows any other top-level key', () => {
    const claude = JSON.parse(schemaText('claude')) as { properties: { hooks: { properties: Record<string, unknown> } }; additionalProperties: unknown };
    expect(Object.keys(claude.properties.hooks.properties)).toContain('PermissionRequest');
    expect(claude.additionalProperties).toEqual({});
    const afk = JSON.parse(schemaText('default')) as { properties: { hooks: { properties: Record<string, unknown> } } };
    expect(Object.keys(afk.properties.hooks.properties)).toEqual(['SessionStart', 'SessionEnd', 'SubagentStart', 'SubagentStop', 'PreToolUse', 'PostToolUse', 'PreCompact', 'PostToolUseFailure', 'Stop', 'UserPromptSubmit']);
  });
});
