// A loader's file of one source: not read when the source is gated off, read within the bounds otherwise.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { boundedFiles, readConfigLayer } from '../../src/config/config-layer.js';

const dir = mkdtempSync(join(tmpdir(), 'config-layer-'));
const gate = { gate: 'allowProjectHooks' as const, why: 'the project is not trusted' };

describe('readConfigLayer', () => {
  it('a gated-off source\'s file is not read: a report names it and the gate (a missing one is nothing)', async () => {
    const file = join(dir, 'invalid.json');
    writeFileSync(file, '{ not json');
    const warnings: string[] = [];
    const target = { logger: { warn: (m: string) => void warnings.push(m) }, gateOf: (s: string) => (s === 'project' ? gate : undefined) };
    const read = await readConfigLayer(target, 'project', file, 'as dropped');
    expect(read).toMatchObject({ report: { source: 'project', added: [], skipped: [{ gate: 'allowProjectHooks', reason: `${file} was not read: the project is not trusted` }] } });
    // Not a silent report: one warning names the file, that its hooks are off, why, and the setting.
    expect(warnings).toEqual([`harness-hooks: ${file}: not read, its hooks are off: the project is not trusted; they need the \`allowProjectHooks\` setting too`]);
    warnings.length = 0;
    expect(await readConfigLayer(target, 'project', join(dir, 'missing.json'), 'as dropped')).toBeUndefined();
    expect(warnings).toEqual([]);
    // The administrator's files are read whatever the gates say; an open source's file is read and checked.
    expect(await readConfigLayer({ ...target, gateOf: () => gate }, 'managed', file, 'as dropped')).toBeUndefined();
    expect(warnings.join('\n')).toMatch(/invalid\.json was dropped, as dropped \(HOOKS_ERR_CONFIG_INVALID\)/);
  });

  it('a file over the bounds is dropped with a coded warning naming it', async () => {
    const file = join(dir, 'deep.json');
    writeFileSync(file, `{"hooks":{},"x":${'['.repeat(5000)}${']'.repeat(5000)}}`);
    const warnings: string[] = [];
    expect(await readConfigLayer({ logger: { warn: (m: string) => void warnings.push(m) } }, 'user', file, 'as dropped')).toBeUndefined();
    expect(warnings).toEqual([expect.stringMatching(/deep\.json was dropped, as dropped \(HOOKS_ERR_CONFIG_INVALID\): values nested more than 64 deep/)]);
  });
});

describe('boundedFiles', () => {
  it('keeps the first 64 and says how many more were not read', () => {
    const warnings: string[] = [];
    const files = Array.from({ length: 70 }, (_, i) => `/d/${i}.json`);
    expect(boundedFiles({ logger: { warn: (m) => void warnings.push(m) } }, '/d', files)).toHaveLength(64);
    expect(warnings).toEqual([expect.stringMatching(/\/d holds 70 config files; the first 64 \(by name\) were loaded and 6 more were not read/)]);
  });
});
