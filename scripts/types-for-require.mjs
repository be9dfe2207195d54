// After `tsup`: the types `require` resolves to (dist/index.d.cts). The CommonJS entry loads the ESM build
// (scripts/build.mjs), so its types are the ESM build's, word for word: a copy of the one declaration bundle
// instead of a second declaration build (which took about 8 s of the build's 16 on a 2-core machine).
import { copyFileSync } from 'node:fs';

copyFileSync('dist/index.d.ts', 'dist/index.d.cts');
