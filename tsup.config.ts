import { defineConfig } from 'tsup';

// The declarations (dist/index.d.ts), in one bundle. The JavaScript is scripts/build.mjs's, in layers (one
// file per profile, so that a process loads only the profiles it uses); the types `require` resolves to
// (dist/index.d.cts) are a copy of dist/index.d.ts, made by scripts/types-for-require.mjs (package.json `build`).
export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm'],
  dts: { entry: { index: 'src/index.ts' }, only: true },
  // (scripts/build.mjs, which runs first, has emptied dist/.)
  clean: false,
  target: 'node20',
  platform: 'node',
});
