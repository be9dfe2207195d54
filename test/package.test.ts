// The package as published: a packed tarball carries the build, the bin path is one npm accepts, and the
// runtime dependencies are ranges a consumer's copies can dedupe with (the lock still pins CI).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  bin: Record<string, string>;
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  files: string[];
};

describe('package.json', () => {
  it('builds before it packs, so a clean clone packs dist/', () => {
    expect(pkg.scripts.prepack).toBe('npm run build');
    expect(pkg.files).toContain('dist');
  });

  it('names the bin without a leading ./ (npm publish warns that ./dist/cli.js is invalid)', () => {
    expect(pkg.bin['harness-hooks']).toBe('dist/cli.js');
  });

  it('declares runtime dependencies as caret ranges', () => {
    for (const [name, range] of Object.entries(pkg.dependencies)) expect(range, name).toMatch(/^\^\d/);
  });
});
