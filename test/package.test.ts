// The package as published: a packed tarball carries the build, the bin path is one npm accepts, and the
// runtime dependencies are ranges a consumer's copies can dedupe with (the lock still pins CI).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  bin: Record<string, string>;
  exports: Record<string, { require: { types: string }; import: { types: string } }>;
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  files: string[];
  engines: { node: string };
};

describe('package.json', () => {
  it('builds before it packs, so a clean clone packs dist/', () => {
    expect(pkg.scripts.prepack).toBe('npm run build');
    expect(pkg.files).toContain('dist');
  });

  it('names the bin without a leading ./ (npm publish warns that ./dist/cli.cjs is invalid)', () => {
    expect(pkg.bin['harness-hooks']).toBe('dist/cli.cjs');
  });

  it('declares runtime dependencies as caret ranges', () => {
    for (const [name, range] of Object.entries(pkg.dependencies)) expect(range, name).toMatch(/^\^\d/);
  });
});

describe('the packed package', () => {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const packed = (): { path: string; size: number }[] =>
    (JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })) as { files: { path: string; size: number }[] }[])[0]!.files;

  it('ships no source maps; the bin is a small CommonJS file that imports the CLI, which imports the library’s files', () => {
    const files = packed();
    expect(files.filter((f) => f.path.endsWith('.map'))).toEqual([]);
    const cli = readFileSync(new URL('../dist/cli.cjs', import.meta.url), 'utf8');
    expect(cli.startsWith("#!/usr/bin/env node\n'use strict';\n")).toBe(true);
    expect(cli.length).toBeLessThan(20_000);
    expect(cli).toMatch(/import\(["']\.\/main\.js["']\)/);
    const main = readFileSync(new URL('../dist/main.js', import.meta.url), 'utf8');
    expect(main).toMatch(/from ["']\.\/core\.js["']/);
    expect(main).not.toContain('var Registry'); // the registry is in the core's file, not in the CLI's
    expect(readFileSync(new URL('../dist/core.js', import.meta.url), 'utf8')).toContain('var Registry');
    // The bridge: one strict CommonJS file of its own (run with a code cache), with its own copy of the registry.
    const bridge = readFileSync(new URL('../dist/bridge.cjs', import.meta.url), 'utf8');
    expect(bridge.startsWith("'use strict';\n")).toBe(true);
    expect(bridge).toContain('var Registry=class');
    // No `import()` in it: a script compiled from a code cache has none to call (Node 20), so they are `require`s.
    expect(bridge).not.toMatch(/\bimport\(/);
    // The bin's earlier path runs the same program.
    expect(readFileSync(new URL('../dist/cli.js', import.meta.url), 'utf8')).toContain("import './cli.cjs';");
    // (What the README says of the size, with room to grow.)
    expect(files.reduce((n, f) => n + f.size, 0)).toBeLessThan(2_400_000);
  }, 30_000);
});

describe('one copy of the code for require and import', () => {
  const root = fileURLToPath(new URL('..', import.meta.url));

  it('gives `require` and `import` the same classes, so instanceof holds across them', () => {
    // By the package's name (its exports map), from a CommonJS script in the package's own folder.
    const script = `const c = require('harness-hooks');
import('harness-hooks').then((e) => {
  let thrown;
  try { new e.HookRegistry().addConfig({ hooks: 5 }, { source: 'user' }); } catch (err) { thrown = err; }
  console.log(JSON.stringify({
    registry: c.HookRegistry === e.HookRegistry,
    configError: c.HookConfigError === e.HookConfigError,
    thrownByImport: thrown instanceof c.HookConfigError,
    registryByRequire: new c.HookRegistry({ profile: 'claude' }) instanceof e.HookRegistry,
  }));
});`;
    const out = JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: root, encoding: 'utf8' })) as Record<string, boolean>;
    expect(out).toEqual({ registry: true, configError: true, thrownByImport: true, registryByRequire: true });
  });

  it('ships the CommonJS entry as a loader of the ESM build, not a second bundle, with engines that have require(esm)', () => {
    const cjs = readFileSync(new URL('../dist/index.cjs', import.meta.url), 'utf8');
    expect(cjs).toContain("require('./index.js')");
    expect(cjs.length).toBeLessThan(1_000);
    // require(esm) without a flag: Node 20.19+ and 22.12+.
    expect(pkg.engines.node).toBe('^20.19.0 || >=22.12.0');
  });

  it('gives `require` the ESM build\'s types, word for word (one declaration build, copied)', () => {
    const types = pkg.exports['.']!;
    const cts = readFileSync(new URL(`../${types.require.types}`, import.meta.url), 'utf8');
    expect(cts).toBe(readFileSync(new URL(`../${types.import.types}`, import.meta.url), 'utf8'));
    expect(cts).toContain('interface HookRegistryBaseOptions');
  });
});

describe('the build, for cold start', () => {
  const dist = fileURLToPath(new URL('../dist/', import.meta.url));

  it('is ASCII: one other character makes V8 hold a whole file as two-byte text, slower to compile at import', () => {
    const names = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((n) => /\.c?js$/.test(n));
    expect(names).toContain(join('profiles', 'claude.js'));
    for (const name of names) {
      const text = readFileSync(join(dist, name), 'utf8');
      const at = text.search(/[^\x00-\x7f]/u);
      expect(at === -1 ? '' : `${name}: ${JSON.stringify(text.slice(Math.max(0, at - 40), at + 10))}`).toBe('');
    }
  });

  it('takes fs and os without process.getBuiltinModule too (Node before 20.16), in both builds', () => {
    const cjs = `delete process.getBuiltinModule; const m = require(process.argv[1]); console.log(new m.HookRegistry({ profile: 'claude' }).profile);`;
    expect(execFileSync(process.execPath, ['-e', cjs, join(dist, 'index.cjs')], { encoding: 'utf8' }).trim()).toBe('claude');
    const esm = `delete process.getBuiltinModule; const m = await import(process.argv[1]); console.log(new m.HookRegistry({ profile: 'codex' }).profile);`;
    expect(execFileSync(process.execPath, ['--input-type=module', '-e', esm, join(dist, 'index.js')], { encoding: 'utf8' }).trim()).toBe('codex');
  });

  it('validates a config with the zod it bundles (dist/zod.cjs, one file), never zod’s own files', () => {
    const script = `import { createRequire } from 'node:module';
const { HookRegistry } = await import(process.argv[1]);
new HookRegistry({ settings: { enableShellHooks: true } }).addConfig({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] } }, { source: 'user' });
let refused = '';
try { new HookRegistry().addConfig({ hooks: { Stop: [{ hooks: [{ type: 'command' }] }] } }, { source: 'user' }); } catch (error) { refused = error.code; }
console.log(JSON.stringify({ refused, zod: Object.keys(createRequire(process.argv[1]).cache).filter((f) => f.includes('zod')) }));`;
    const out = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script, join(dist, 'index.js')], { encoding: 'utf8' })) as { refused: string; zod: string[] };
    expect(out).toEqual({ refused: 'HOOKS_ERR_CONFIG_INVALID', zod: [join(dist, 'zod.cjs')] });
    expect(readFileSync(join(dist, 'zod.cjs'), 'utf8')).toMatch(/^\/\*! zod \d+\.\d+\.\d+ .*\nMIT License/);
  });

  it('is in layers, each file importing only the files below it by names they export: every file links', () => {
    const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((n) => n.endsWith('.js') && n !== 'cli.js');
    expect(files).toEqual(expect.arrayContaining(['core.js', 'http.js', 'index.js', ...['default', 'claude', 'codex', 'gemini', 'copilot', 'cursor'].map((p) => join('profiles', `${p}.js`))]));
    // (A name two modules of a layer export would be dropped from its file: an import of it would not link.)
    const script = 'for (const f of process.argv.slice(1)) await import(f); console.log("linked");';
    expect(execFileSync(process.execPath, ['--input-type=module', '-e', script, ...files.map((f) => join(dist, f))], { encoding: 'utf8' }).trim()).toBe('linked');
    // A dynamic import (the HTTP hook runner, a profile, a command) names a file of the build.
    for (const f of [...files, 'cli.cjs']) {
      for (const [, target] of readFileSync(join(dist, f), 'utf8').matchAll(/\bimport\(["'](\.{1,2}\/[^"']+)["']\)/g)) {
        expect(existsSync(join(dist, dirname(f), target!)), `${f} imports ${target}`).toBe(true);
      }
    }
    // What src/profiles/load.ts imports by name at run time, which no static import checks: each profile's object.
    const profiles = "const out = {}; for (const p of ['default', 'claude', 'codex', 'gemini', 'copilot', 'cursor']) out[p] = (await import(process.argv[1] + p + '.js'))[p + 'Profile']?.name; console.log(JSON.stringify(out));";
    const names = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', profiles, join(dist, 'profiles') + sep], { encoding: 'utf8' })) as Record<string, string>;
    expect(names).toEqual({ default: 'default', claude: 'claude', codex: 'codex', gemini: 'gemini', copilot: 'copilot', cursor: 'cursor' });
  });

  it('runs a bridged call from the bin and its own file: no ES module of the package, no perf_hooks, in strict mode', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hh-loads-'));
    try {
      const file = join(dir, 'loads.txt');
      const input = JSON.stringify({ hook_event_name: 'PreToolUse', session_id: 's', cwd: dir, tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't' });
      const record = fileURLToPath(new URL('../fixtures/package/record-loads.mjs', import.meta.url));
      const out = execFileSync(process.execPath, ['--import', record, join(dist, 'cli.cjs'), 'bridge', '--host', 'claude', '--dialect', 'gemini', '--', 'true'], { input, env: { ...process.env, LOADS_FILE: file, HARNESS_HOOKS_CODE_CACHE: 'off' }, encoding: 'utf8' });
      expect(out).toBe('');
      const [urls, builtins] = readFileSync(file, 'utf8').split('\n--\n') as [string, string];
      const loaded = [...new Set(urls.trim().split('\n'))].filter((u) => u !== '').map((u) => relative(dist, fileURLToPath(u))).filter((f) => !f.startsWith('..'));
      expect(loaded).toEqual(['cli.cjs']);
      expect(builtins.split('\n').filter((m) => /perf_hooks|parse_args/.test(m))).toEqual([]);
      // Strict, as the ES modules it is built from: a write to a frozen object throws (esbuild's own
      // "use strict" would come after a banner, and do nothing).
      const strict = `const m = { exports: {} }; new (require('node:vm').Script)(require('node:module').wrap(require('node:fs').readFileSync(process.argv[1], 'utf8') + '\\n;module.exports.strict = (function () { return this === undefined; })();')).runInThisContext().call(m.exports, m.exports, require, m, process.argv[1], '.'); console.log(m.exports.strict);`;
      expect(execFileSync(process.execPath, ['-e', strict, join(dist, 'bridge.cjs')], { encoding: 'utf8' }).trim()).toBe('true');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('loads neither Node’s stream modules nor perf_hooks at import (an ES import of node:fs, or touching `performance`, would)', () => {
    const script = "const before = new Set(process.moduleLoadList); await import(process.argv[1]); console.log(JSON.stringify(process.moduleLoadList.filter((m) => !before.has(m))));";
    const loaded = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script, join(dist, 'index.js')], { encoding: 'utf8' })) as string[];
    expect(loaded.filter((m) => /internal\/streams\/|perf_hooks|internal\/perf\/|child_process|crypto/.test(m))).toEqual([]);
  });
});
