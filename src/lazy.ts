// zod loads on first use, never at import time: a harness that only registers in-process handlers never
// needs it.
import { createRequire } from 'node:module';

type Zod = typeof import('zod');
let zod: Zod | undefined;

// zod is needed synchronously (addConfig returns its report at once), so it is required. The build
// carries it bundled in one file beside its chunks (dist/zod.cjs, src/schemas/zod-bundle.ts); run from the
// sources (the tests), there is none and the package's own zod is required.
export function loadZod(): Zod {
  return (zod ??= requireZod());
}

function requireZod(): Zod {
  const require = createRequire(import.meta.url);
  let bundled: string | undefined;
  try {
    bundled = require.resolve('./zod.cjs');
  } catch {
    return require('zod') as Zod;
  }
  return require(bundled) as Zod;
}

type Picomatch = typeof import('picomatch');
let picomatch: Picomatch | undefined;

// picomatch compiles `if` file rules (claude profile); loaded the first time one is registered.
export function loadPicomatch(): Picomatch {
  return (picomatch ??= createRequire(import.meta.url)('picomatch') as Picomatch);
}

type Toml = typeof import('smol-toml');
let toml: Toml | undefined;

// smol-toml reads Codex's config.toml (codex profile); loaded the first time one is read.
export function loadToml(): Toml {
  return (toml ??= createRequire(import.meta.url)('smol-toml') as Toml);
}
