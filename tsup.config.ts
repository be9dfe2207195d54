import { chmod, readdir, readFile, writeFile } from 'node:fs/promises';
import { defineConfig } from 'tsup';

// Cold start: one character outside ASCII makes V8 hold a whole file's source as two-byte text, slower
// to decode and to compile at import (≈1–2 ms for the main chunk, measured). esbuild escapes them in
// strings and regexes; what is left is in the comments it keeps, so each such character becomes one
// ASCII character (one for one: the source maps' columns stay right). test/package.test.ts checks it.
async function asciiOnly(extension: '.js' | '.cjs'): Promise<void> {
  for (const name of await readdir('dist')) {
    if (!name.endsWith(extension)) continue;
    const file = `dist/${name}`;
    const text = await readFile(file, 'utf8');
    const ascii = text.replace(/[^\x00-\x7f]/gu, (c) => (c.length === 1 ? (ASCII[c] ?? '?') : '??'));
    if (ascii !== text) await writeFile(file, ascii);
  }
}
const ASCII: Record<string, string> = { '—': '-', '–': '-', '…': '.', '×': 'x', '≥': '>', '≤': '<', '≈': '~', '→': '>', '←': '<', '’': "'", '‘': "'", '“': '"', '”': '"', 'µ': 'u', '§': 'S', '≠': '!' };

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
      await asciiOnly('.js');
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
    onSuccess: () => asciiOnly('.cjs'),
  },
]);
