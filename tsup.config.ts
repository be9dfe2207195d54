import { chmod, readdir, readFile, writeFile } from 'node:fs/promises';
import { build } from 'esbuild';
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

// One copy of the code: the CommonJS entry loads the ESM build (require(esm), unflagged from Node 20.19 and
// 22.12), so `require` and `import` give the same classes and `instanceof` holds across them. A second,
// bundled CommonJS build would be a second copy with classes of its own.
const CJS_ENTRY = `'use strict';
// The ESM build, loaded with require(esm) (Node 20.19+, 22.12+): one copy of the code for require and import.
module.exports = require('./index.js');
`;

// zod, bundled and minified into one file (dist/zod.cjs) that src/lazy.ts requires on first use: Node
// resolves and reads zod's ninety-five files in about three times what this one file takes, and that time
// was the largest part of a fresh process's first addConfig (docs/performance.md, the first-hook row).
// Its licence notice heads the file.
async function bundleZod(): Promise<void> {
  const { version } = JSON.parse(await readFile('node_modules/zod/package.json', 'utf8')) as { version: string };
  const licence = (await readFile('node_modules/zod/LICENSE', 'utf8')).trim().replace(/\*\//g, '* /');
  const banner = `/*! zod ${version} (https://zod.dev), bundled by harness-hooks.\n${licence}\n*/`;
  await build({ entryPoints: ['src/schemas/zod-bundle.ts'], outfile: 'dist/zod.cjs', bundle: true, minify: true, format: 'cjs', platform: 'node', target: 'node20', charset: 'ascii', banner: { js: banner }, logLevel: 'warning' });
}

// The types `require` resolves to (dist/index.d.cts) are a copy of dist/index.d.ts, made after this build by
// scripts/types-for-require.mjs (package.json `build`).
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
      await writeFile('dist/index.cjs', CJS_ENTRY);
      await bundleZod();
    },
  },
]);
