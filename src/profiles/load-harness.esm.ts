// Loads a harness profile on first use, in the package's ES build (in ./load-harness.ts's place; see
// tsup.config.ts). Cold start: codex, gemini, copilot and cursor are ≈170 kB of code, ≈2.5 ms of compile
// at import (measured: 1.26× → 1.22× of `node -e ""`), so each is an entry of its own,
// dist/profiles/<name>.js, and is loaded synchronously the first time a registry names it: `require()` of
// an ES module, which shares the package's chunks (its classes are the package's, `instanceof` holds).
import { createRequire } from 'node:module';

export function loadHarnessProfile(name: string): void {
  createRequire(import.meta.url)(`./profiles/${name}.js`);
}
