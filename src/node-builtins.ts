// Node's fs, util and os for the code that loads with the package (os on first use), and `requireBuiltin` for
// builtins loaded on first use (child_process). Cold start: an ES `import … from 'node:fs'` makes the
// module's namespace from every one of its exports, which runs fs's lazy getters (`ReadStream`,
// `promises`, …) and so loads Node's nineteen stream modules (≈1.1 ms at import, measured). Taken with a
// CommonJS `require`, the module is the same object and only the functions named here are read.
import { createRequire } from 'node:module';

// `process.getBuiltinModule` (Node ≥ 20.16) needs no `import.meta` either; before it, CommonJS code (our CJS
// build, an app's CommonJS bundle, where `import.meta` is empty) has `require` itself.
const getBuiltin = (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule;
export const requireBuiltin: (id: string) => unknown =
  getBuiltin !== undefined ? (id) => getBuiltin.call(process, id) : typeof import.meta.url === 'string' ? createRequire(import.meta.url) : require;
const fs = requireBuiltin('node:fs') as typeof import('node:fs');
let os: typeof import('node:os') | undefined;

export const {
  accessSync,
  chmodSync,
  closeSync,
  constants,
  createWriteStream,
  existsSync,
  fchmod,
  fstatSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} = fs;
// util is loaded with Node itself; an ES import of it would run its lazy getters (parseArgs, MIMEType: three
// more modules).
export const { isDeepStrictEqual } = requireBuiltin('node:util') as typeof import('node:util');
// os loads on first use (its binding is not needed at import).
const nodeOs = (): typeof import('node:os') => (os ??= requireBuiltin('node:os') as typeof import('node:os'));
export const homedir = (): string => nodeOs().homedir();
export const tmpdir = (): string => nodeOs().tmpdir();
