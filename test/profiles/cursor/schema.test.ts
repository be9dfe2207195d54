// The shipped JSON Schema of Cursor's hooks.json: strict-mode ajv compiles it, it is what the CLI prints,
// and it accepts exactly the configs parseCursorConfig accepts (fixtures/cursor/configs.mjs).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { formatJsonSchema, SCHEMA_FILES } from '../../../src/cli/json-schema.js';
import { parseCursorConfig } from '../../../src/profiles/cursor/config.js';
import { CONFIGS } from '../../../fixtures/cursor/configs.mjs';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

describe('cursor profile: JSON Schema', () => {
  const shipped = readFileSync(join(ROOT, 'schema', SCHEMA_FILES.cursor), 'utf8');
  const validate = new Ajv2020({ allErrors: true, strict: true }).compile(JSON.parse(shipped) as object);

  it('schema/cursor-hooks.json is the generated schema, and package.json exports it', () => {
    expect(SCHEMA_FILES.cursor).toBe('cursor-hooks.json');
    expect(shipped).toBe(formatJsonSchema('cursor'));
    expect(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).exports['./schema/cursor-hooks.json']).toBe('./schema/cursor-hooks.json');
  });

  it.each(Object.entries(CONFIGS as Record<string, unknown>))('%s: the schema and parseCursorConfig agree', (file, config) => {
    let ours = true;
    try {
      parseCursorConfig(config, `/p/.cursor/${file}.json`);
    } catch {
      ours = false;
    }
    expect({ file, valid: validate(config) }).toEqual({ file, valid: ours });
    // The fixtures name what they are.
    expect(ours).toBe(!file.startsWith('bad-'));
  });

  it('the events are listed with what their matcher tests', () => {
    const hooks = (JSON.parse(shipped) as { properties: { hooks: { properties: Record<string, { description: string }> } } }).properties.hooks.properties;
    expect(hooks.beforeShellExecution!.description).toContain('unanchored regular expression on command');
    expect(hooks.beforeReadFile!.description).toContain('the constant "Read"');
    expect(hooks.sessionStart!.description).toContain('Matchers are ignored');
  });
});
