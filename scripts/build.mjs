// The JavaScript build (`npm run build`, before tsup writes the declarations), in layers: one file
// of the shared core (dist/core.js), one per profile (dist/profiles/<name>.js), the HTTP hook runner
// (dist/http.js), and the package's entries on top (dist/index.js, the bin dist/cli.js and the chunks of
// its commands). Each layer is bundled on its own and imports the layers below it from their files, so
// there is one copy of each module, and a process loads the layers it imports: the bridge loads the core
// and the two profiles of its call, in six files. (esbuild's own code splitting, given each profile as an
// entry, cut the core into a chunk per set of profiles using each part of it: the bridge loaded 24 files,
// and an ES module file costs a fresh process ≈0.4 ms to resolve and link, measured.)
import { chmod, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { build } from 'esbuild';

const SRC = resolve('src');
const PROFILES = readdirSync(join(SRC, 'profiles')).filter((n) => statSync(join(SRC, 'profiles', n)).isDirectory());
const HTTP = new Set(['http/index.ts', 'http/http-hook.ts', 'http/address.ts']);
const TOP = new Set(['index.ts', 'hook-registry.ts', 'profiles/index.ts', 'profiles/load.ts']);
// zod, bundled on its own into dist/zod.cjs (below), which src/lazy.ts requires on first use.
const APART = new Set(['schemas/zod-bundle.ts']);

// The layer of a source file, and the file it is built into.
function layerOf(file) {
  const rel = relative(SRC, file).split(sep).join('/');
  const profile = /^profiles\/([^/]+)\//.exec(rel);
  if (profile !== null && PROFILES.includes(profile[1])) return { name: `profiles/${profile[1]}`, out: `profiles/${profile[1]}.js` };
  if (HTTP.has(rel)) return { name: 'http', out: 'http.js' };
  if (rel.startsWith('cli/') || TOP.has(rel)) return { name: 'top', out: undefined };
  if (APART.has(rel)) return { name: 'apart', out: undefined };
  return { name: 'core', out: 'core.js' };
}
// Which layers a layer may import statically (a dynamic import may also go to `http`).
const BELOW = { top: ['core', 'http', ...PROFILES.map((p) => `profiles/${p}`)], http: ['core'], core: [] };
for (const p of PROFILES) BELOW[`profiles/${p}`] = ['core', ...PROFILES.map((q) => `profiles/${q}`)];

const sourceFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));

// Imports of another layer are left to Node, at that layer's file.
const layers = (layer, outDir) => ({
  name: 'layers',
  setup(b) {
    b.onResolve({ filter: /^\./ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      const target = resolve(args.resolveDir, args.path.replace(/\.js$/, '.ts'));
      const to = layerOf(target);
      if (to.name === layer) return undefined;
      const from = args.importer === '' ? layer : layerOf(args.importer).name;
      const dynamic = args.kind === 'dynamic-import';
      if (!BELOW[from].includes(to.name) && !(dynamic && to.name === 'http')) {
        return { errors: [{ text: `${relative(SRC, args.importer)} (layer ${from}) imports ${relative(SRC, target)} (layer ${to.name}), which is not below it` }] };
      }
      let path = relative(outDir, join('dist', to.out)).split(sep).join('/');
      if (!path.startsWith('.')) path = `./${path}`;
      return { path, external: true };
    });
  },
});

// A layer's entry: every module of it, re-exported (an upper layer imports what it needs from it by name).
const barrel = (files) => ({ contents: files.map((f) => `export * from ${JSON.stringify(f)};`).join('\n'), resolveDir: SRC, loader: 'ts' });

// Maps for local debugging; the package leaves them out (package.json `files`).
const common = { bundle: true, format: 'esm', platform: 'node', target: 'node20', packages: 'external', sourcemap: true, charset: 'ascii', logLevel: 'warning' };

async function buildLayers() {
  const all = sourceFiles(SRC).filter((f) => !f.endsWith('.d.ts'));
  const of = (name) => all.filter((f) => layerOf(f).name === name);
  const one = (name, out) =>
    build({ ...common, stdin: { ...barrel(of(name)), sourcefile: `${name}.ts` }, outfile: join('dist', out), plugins: [layers(name, dirname(join('dist', out)))] });
  await Promise.all([one('core', 'core.js'), one('http', 'http.js'), ...PROFILES.map((p) => one(`profiles/${p}`, `profiles/${p}.js`))]);
  await build({
    ...common,
    entryPoints: { index: 'src/index.ts', cli: 'src/cli/bin.ts' },
    outdir: 'dist',
    splitting: true,
    chunkNames: '[name]-[hash]',
    plugins: [layers('top', 'dist')],
  });
}

// Cold start: one character outside ASCII makes V8 hold a whole file's source as two-byte text, slower
// to decode and to compile at import (≈1–2 ms for the main chunk, measured). esbuild escapes them in
// strings and regexes (charset: 'ascii'); what is left is in the comments it keeps, so each such character
// becomes one ASCII character (one for one: the source maps' columns stay right). test/package.test.ts checks it.
async function asciiOnly() {
  for (const entry of await readdir('dist', { recursive: true })) {
    if (!entry.endsWith('.js')) continue;
    const file = join('dist', entry);
    const text = await readFile(file, 'utf8');
    const ascii = text.replace(/[^\x00-\x7f]/gu, (c) => (c.length === 1 ? (ASCII[c] ?? '?') : '??'));
    if (ascii !== text) await writeFile(file, ascii);
  }
}
const ASCII = { '—': '-', '–': '-', '…': '.', '×': 'x', '≥': '>', '≤': '<', '≈': '~', '→': '>', '←': '<', '’': "'", '‘': "'", '“': '"', '”': '"', 'µ': 'u', '§': 'S', '≠': '!' };

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
async function bundleZod() {
  const { version } = JSON.parse(await readFile('node_modules/zod/package.json', 'utf8'));
  const licence = (await readFile('node_modules/zod/LICENSE', 'utf8')).trim().replace(/\*\//g, '* /');
  const banner = `/*! zod ${version} (https://zod.dev), bundled by harness-hooks.\n${licence}\n*/`;
  await build({ entryPoints: ['src/schemas/zod-bundle.ts'], outfile: 'dist/zod.cjs', bundle: true, minify: true, format: 'cjs', platform: 'node', target: 'node20', charset: 'ascii', banner: { js: banner }, logLevel: 'warning' });
}

// A new build: no file of an older one is left (its chunks' names change with their contents).
await rm('dist', { recursive: true, force: true });
await Promise.all([buildLayers(), bundleZod()]);
await asciiOnly();
// The bin: its hashbang (a banner would put it on every file), and executable.
const cli = 'dist/cli.js';
const text = await readFile(cli, 'utf8');
if (!text.startsWith('#!')) await writeFile(cli, `#!/usr/bin/env node\n${text}`);
await chmod(cli, 0o755);
await writeFile('dist/index.cjs', CJS_ENTRY);
