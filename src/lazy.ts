// Heavy dependencies load on first use, never at import time: zod and execa each cost 50–120 ms to
// import, and a harness that only registers in-process handlers needs neither.
import { createRequire } from 'node:module';

type Zod = typeof import('zod');
type Execa = typeof import('execa');

let zod: Zod | undefined;
let execa: Promise<Execa> | undefined;

// zod is needed synchronously (addConfig returns its report at once); it ships a CommonJS build.
export function loadZod(): Zod {
  return (zod ??= createRequire(import.meta.url)('zod') as Zod);
}

// execa is ESM-only; the executor is async anyway.
export function loadExeca(): Promise<Execa> {
  return (execa ??= import('execa'));
}
