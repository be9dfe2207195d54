import { chmod, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Options } from 'tsup';

const root = dirname(fileURLToPath(import.meta.url));
// Cold start: in the ES build these profiles are entries of their own (dist/profiles/<name>.js, also the
// subpath exports `harness-hooks/profiles/<name>`), loaded the first time a registry names one
// (src/profiles/load-harness.esm.ts in the place of load-harness.ts). What they import from outside their
// folders comes through src/profiles/harness-shared.ts, so the code they share with the package's entry is
// one chunk.
const HARNESS_PROFILES = ['codex', 'gemini', 'copilot', 'cursor'];
const harnessEntries = Object.fromEntries(HARNESS_PROFILES.map((name) => [`profiles/${name}`, `src/profiles/${name}/entry.ts`]));
const profilesDir = join(root, 'src', 'profiles');
const lazyHarness: NonNullable<Options['esbuildPlugins']>[number] = {
  name: 'lazy-harness-profiles',
  setup(build) {
    build.onResolve({ filter: /\/load-harness\.js$/ }, () => ({ path: join(profilesDir, 'load-harness.esm.ts') }));
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      const own = HARNESS_PROFILES.find((name) => args.importer.startsWith(join(profilesDir, name) + sep));
      if (own === undefined) return undefined;
      const target = resolve(dirname(args.importer), args.path);
      // Its own folder, and copilot's use of codex's regex translation, stay as they are.
      if (target.startsWith(join(profilesDir, own) + sep) || target.startsWith(join(profilesDir, 'codex') + sep)) return undefined;
      return { path: join(profilesDir, 'harness-shared.ts') };
    });
  },
};

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
    entry: { index: 'src/index.ts', cli: 'src/cli/bin.ts', ...harnessEntries },
    format: ['esm'],
    dts: { entry: { index: 'src/index.ts', ...harnessEntries } },
    esbuildPlugins: [lazyHarness],
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
