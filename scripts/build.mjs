// The JavaScript build (`npm run build`, before tsup writes the declarations), in layers: one file
// of the shared core (dist/core.js), one per profile (dist/profiles/<name>.js), the HTTP hook runner
// (dist/http.js), and the package's entries on top (dist/index.js, the CLI's dist/main.js and their
// chunks). Each layer is bundled on its own and imports the layers below it from their files, so there is
// one copy of each module for the library, and a process loads the layers it imports. (esbuild's own code
// splitting, given each profile as an entry, cut the core into a chunk per set of profiles using each part
// of it: 24 files, and an ES module file costs a fresh process ≈0.4 ms to resolve and link, measured.)
// Beside them, two CommonJS programs: the bin (dist/cli.cjs) and the bridge it runs (dist/bridge.cjs, one
// file with a code cache; below).
import { chmod, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { createHash } from 'node:crypto';
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

// The bridge, which a harness starts on every tool call, as one CommonJS file of its own (dist/bridge.cjs):
// bin.ts runs it with a V8 code cache (src/cli/code-cache.ts), which Node 20 offers for scripts only. Its
// profiles are in it and run only when loaded (esbuild turns their dynamic imports into lazy inits). A copy
// of the code the library's layers hold too, for a program of its own: nothing of it meets the library's
// classes in one process. Returns the hash of its text, which names its cache.
async function buildBridge() {
  const [out, map] = (
    await build({
      ...commonJs,
      entryPoints: ['src/cli/bridge.ts'],
      outfile: 'dist/bridge.cjs',
      write: false,
      minifyWhitespace: true,
      // Its `import()`s of Node's modules become `require`s: a script compiled from a code cache has no
      // dynamic import callback (Node 20: "A dynamic import callback was not specified").
      supported: { 'dynamic-import': false },
    })
  ).outputFiles.sort((a, b) => a.path.length - b.path.length);
  const text = toAscii(out.text);
  await mkdir('dist', { recursive: true });
  await writeFile(out.path, text);
  await writeFile(map.path, map.contents);
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

// CommonJS files of the build: `import.meta.url` (by which src/lazy.ts finds dist/zod.cjs, and the bin
// dist/bridge.cjs) is the file's own URL.
const commonJs = {
  ...common,
  format: 'cjs',
  define: { 'import.meta.url': '__fileUrl' },
  // (Strict, as the ES modules it is built from are: esbuild's own "use strict" comes after a banner.)
  banner: { js: "'use strict';\nconst __fileUrl = require('node:url').pathToFileURL(__filename).href;" },
};

// The bin, dist/cli.cjs: CommonJS, which a fresh process loads ≈7 ms sooner than an ES module (the bridge
// pays it on every tool call); the CLI's other commands are the ES module dist/main.js, which it imports.
async function buildBin(bridgeBuild) {
  await build({
    ...commonJs,
    entryPoints: ['src/cli/bin.ts'],
    outfile: 'dist/cli.cjs',
    define: { ...commonJs.define, HARNESS_HOOKS_BRIDGE_BUILD: JSON.stringify(bridgeBuild) },
    banner: { js: `#!/usr/bin/env node\n${commonJs.banner.js}` },
    plugins: [{ name: 'main', setup: (b) => b.onResolve({ filter: /^\.\/main\.js$/ }, (args) => ({ path: args.path, external: true })) }],
  });
  await chmod('dist/cli.cjs', 0o755);
  // The bin's earlier path, for a config or script that names it: the same program.
  await writeFile('dist/cli.js', `#!/usr/bin/env node\n// The bin is dist/cli.cjs; this path runs it too.\nimport './cli.cjs';\n`);
  await chmod('dist/cli.js', 0o755);
}

async function buildLayers() {
  const all = sourceFiles(SRC).filter((f) => !f.endsWith('.d.ts'));
  const of = (name) => all.filter((f) => layerOf(f).name === name);
  const one = (name, out) =>
    build({ ...common, stdin: { ...barrel(of(name)), sourcefile: `${name}.ts` }, outfile: join('dist', out), plugins: [layers(name, dirname(join('dist', out)))] });
  await Promise.all([one('core', 'core.js'), one('http', 'http.js'), ...PROFILES.map((p) => one(`profiles/${p}`, `profiles/${p}.js`))]);
  await build({
    ...common,
    entryPoints: { index: 'src/index.ts', main: 'src/cli/main.ts' },
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
    if (!/\.c?js$/.test(entry)) continue;
    const file = join('dist', entry);
    const text = await readFile(file, 'utf8');
    const ascii = toAscii(text);
    if (ascii !== text) await writeFile(file, ascii);
  }
}
const toAscii = (text) => text.replace(/[^\x00-\x7f]/gu, (c) => (c.length === 1 ? (ASCII[c] ?? '?') : '??'));
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
const bridgeBuild = await buildBridge();
await Promise.all([buildLayers(), buildBin(bridgeBuild), bundleZod()]);
await asciiOnly();
await writeFile('dist/index.cjs', CJS_ENTRY);
