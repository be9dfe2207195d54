import { chmod, readFile, writeFile } from 'node:fs/promises';
import { defineConfig } from 'tsup';

export default defineConfig([
  {
    // ESM: the library and the `harness-hooks` bin in one build, so the bin imports the library's own chunks
    // instead of carrying a copy of it; code behind a dynamic import (the HTTP hook runner) is a chunk of its
    // own, loaded on first use.
    entry: { index: 'src/index.ts', cli: 'src/cli/bin.ts' },
    format: ['esm'],
    dts: { entry: { index: 'src/index.ts' } },
    clean: true,
    // Maps for local debugging; the package leaves them out (package.json `files`).
    sourcemap: true,
    target: 'node20',
    platform: 'node',
    splitting: true,
    treeshake: true,
    // The bin's hashbang, on the bin alone (a banner would put it on every file).
    async onSuccess() {
      const cli = 'dist/cli.js';
      const text = await readFile(cli, 'utf8');
      if (!text.startsWith('#!')) await writeFile(cli, `#!/usr/bin/env node\n${text}`);
      await chmod(cli, 0o755);
    },
  },
  {
    entry: ['src/index.ts'],
    format: ['cjs'],
    dts: true,
    clean: false,
    sourcemap: true,
    target: 'node20',
    platform: 'node',
    splitting: false,
    treeshake: true,
  },
]);
