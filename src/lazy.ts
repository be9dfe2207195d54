// zod loads on first use, never at import time: it costs 50–80 ms to import, and a harness that only
// registers in-process handlers never needs it. (execa is loaded the same way, in the executor.)
import { createRequire } from 'node:module';

type Zod = typeof import('zod');
let zod: Zod | undefined;

// zod is needed synchronously (addConfig returns its report at once); it ships a CommonJS build.
export function loadZod(): Zod {
  return (zod ??= createRequire(import.meta.url)('zod') as Zod);
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
