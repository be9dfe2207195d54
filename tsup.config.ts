import { defineConfig } from 'tsup';

export default defineConfig([
  {
    entry: ['src/index.ts'],
    format: ['esm', 'cjs'],
    dts: true,
    // Both builds write to dist/ at once: this one must not clean away the CLI's files.
    clean: ['!cli.js', '!cli.js.map'],
    sourcemap: true,
    target: 'node20',
    platform: 'node',
    // ESM: code behind a dynamic import (the HTTP hook runner) is a chunk of its own, loaded on first use.
    splitting: true,
    treeshake: true,
  },
  {
    // The `harness-hooks` bin: one ESM file with the library bundled in.
    entry: { cli: 'src/cli/bin.ts' },
    format: ['esm'],
    dts: false,
    clean: false,
    sourcemap: true,
    target: 'node20',
    platform: 'node',
    splitting: false,
    treeshake: true,
    banner: { js: '#!/usr/bin/env node' },
  },
]);
