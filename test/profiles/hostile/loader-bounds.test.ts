// Issue 23, class 8: an untrusted repository cannot stall the loader. For every profile: a 4 MiB hooks
// file in a gated-off project source loads without blocking the event loop (it is not read at all); a
// value nested 20,000 deep is a coded error naming the file, and the file after it still loads; 60,000
// unknown event names are a bounded number of warnings; addConfig with a too-deep value is a coded error,
// never a RangeError; Copilot's `.github/hooks/` folder is bounded in files. And the CLI: such a file is
// exit 4 with a one-line message, never exit 3 with a stack.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loopBlockedDuring } from '../../helpers/loop-delay.js';
import { HookConfigError } from '../../../src/errors.js';
import { loadHooksFile } from '../../../src/config/load.js';
import { HookRegistry, PROFILE_NAMES_FOR_TESTS, type Dialect } from '../contract-dialects.js';
import { cli, makeHome } from '../../cli/cli.js';

const ALL_ON = { enableShellHooks: true, allowProjectHooks: true, enablePluginHooks: true };
const PROJECT_OFF = { enableShellHooks: true, allowProjectHooks: false, enablePluginHooks: true };

const made: string[] = [];
const temp = (prefix: string): string => {
  const dir = mkdtempSync(join(tmpdir(), `hostile-loader-${prefix}-`));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});
const put = (file: string, text: string): string => {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
};

interface Registry {
  readonly logger: { warn(message: string): void };
  addConfig(config: unknown, options: { source: string; file?: string }): unknown;
  listHooks(event?: string): { name: string; gatedBy?: string }[];
  close(): Promise<void>;
  loadSettings?(options: object): Promise<unknown>;
  loadClaudeSettings?(options: object): Promise<unknown>;
}
interface Dirs {
  project: string;
  home: string;
}

/**
 * Per profile: where its loader finds the project's hooks file, and two files it loads one after the
 * other (`first`, then `later`, both with the gates open), and how to run the loader. The default
 * profile has no loader: its "loader" is loadHooksFile then addConfig, as its README shows.
 */
interface Layout {
  projectFile(d: Dirs): string;
  first(d: Dirs): string;
  later(d: Dirs): string;
  /** The sources of `first` and `later` (addConfig's, for the default profile). */
  sources: [string, string];
  load(r: Registry, d: Dirs, files: { file: string; source: string }[]): Promise<unknown>;
  options?: Record<string, unknown>;
}

const LAYOUTS: Record<string, Layout> = {
  default: {
    projectFile: (d) => join(d.project, '.hooks', 'hooks.json'),
    first: (d) => join(d.project, '.hooks', 'hooks.json'),
    later: (d) => join(d.home, '.hooks', 'hooks.json'),
    sources: ['project', 'user'],
    async load(r, _d, files) {
      for (const { file, source } of files) {
        try {
          r.addConfig(await loadHooksFile(file), { source: source as 'project', file });
        } catch (error) {
          r.logger.warn(`harness-hooks: ${(error as HookConfigError).code}: ${(error as Error).message}`);
        }
      }
    },
  },
  claude: {
    projectFile: (d) => join(d.project, '.claude', 'settings.json'),
    first: (d) => join(d.project, '.claude', 'settings.json'),
    later: (d) => join(d.project, '.claude', 'settings.local.json'),
    sources: ['project', 'local'],
    load: (r, d) => r.loadClaudeSettings!({ projectDir: d.project, userDir: join(d.home, '.claude'), managedFile: false }),
  },
  codex: {
    projectFile: (d) => join(d.project, '.codex', 'hooks.json'),
    first: (d) => join(d.home, '.codex', 'hooks.json'),
    later: (d) => join(d.project, '.codex', 'hooks.json'),
    sources: ['user', 'project'],
    options: { bypassHookTrust: true },
    load: (r, d) => r.loadSettings!({ projectDir: d.project, codexHome: join(d.home, '.codex'), systemDir: false, projectTrusted: true }),
  },
  gemini: {
    projectFile: (d) => join(d.project, '.gemini', 'settings.json'),
    first: (d) => join(d.project, '.gemini', 'settings.json'),
    later: (d) => join(d.home, 'system-settings.json'),
    sources: ['project', 'system'],
    load: (r, d) => r.loadSettings!({ projectDir: d.project, home: d.home, systemFile: join(d.home, 'system-settings.json') }),
  },
  copilot: {
    projectFile: (d) => join(d.project, '.github', 'hooks', 'a.json'),
    first: (d) => join(d.project, '.github', 'hooks', 'a.json'),
    later: (d) => join(d.project, '.github', 'hooks', 'b.json'),
    sources: ['project', 'project'],
    load: (r, d) => r.loadSettings!({ projectDir: d.project, home: d.home, copilotHome: join(d.home, '.copilot'), policyDir: false }),
  },
  cursor: {
    projectFile: (d) => join(d.project, '.cursor', 'hooks.json'),
    first: (d) => join(d.project, '.cursor', 'hooks.json'),
    later: (d) => join(d.home, '.cursor', 'hooks.json'),
    sources: ['project', 'user'],
    load: (r, d) => r.loadSettings!({ projectDir: d.project, home: d.home, enterpriseFile: false }),
  },
};

// A config of `n` command hooks on the profile's tool event, as its files write them.
const manyHooks = (d: Dialect, n: number): unknown =>
  d.config(
    d.tool.event,
    Array.from({ length: n }, (_, i) => d.commandHook(`echo ${i}`)),
  );

// The profile's config with one hook, plus a key whose value is nested `depth` deep (as text: no recursion here).
const deepText = (d: Dialect, depth: number): string => {
  const base = JSON.stringify(d.config(d.tool.event, [d.commandHook('echo deep')]));
  return `${base.slice(0, -1)},"deep":${'['.repeat(depth)}${']'.repeat(depth)}}`;
};

// Runs `fn` with the event loop watched; resolves to fn's value and the longest stall, in ms (a stall
// in fn's first tick counts too: loopBlockedDuring lets the histogram's timer fire before fn starts).
async function watched<T>(fn: () => Promise<T>): Promise<{ value: T; maxDelayMs: number }> {
  const { value, blockedMs } = await loopBlockedDuring(fn);
  return { value, maxDelayMs: blockedMs };
}

const make = (name: string, settings: object, warnings: string[]): Registry =>
  new HookRegistry({ profile: name, settings, logger: { warn: (m: string) => void warnings.push(m) }, ...LAYOUTS[name]!.options } as never) as unknown as Registry;

describe.each(PROFILE_NAMES_FOR_TESTS)('the %s profile\'s loader holds against an untrusted repository', (name, dialect) => {
  const layout = LAYOUTS[name]!;

  it('a 4 MiB hooks file in a gated-off project source loads without blocking the event loop', async () => {
    const d = { project: temp(`${name}-big`), home: temp(`${name}-home`) };
    let n = 60_000;
    let text = JSON.stringify(manyHooks(dialect, n));
    // Just under the 4 MiB read cap: the file is refused by nothing but its source's gate.
    while (text.length > 4 * 1024 * 1024 - 1024) text = JSON.stringify(manyHooks(dialect, (n = Math.floor(n * 0.9))));
    const file = put(layout.projectFile(d), text);
    const warnings: string[] = [];
    const r = make(name, PROJECT_OFF, warnings);
    const { maxDelayMs } = await watched(() => layout.load(r, d, [{ file, source: 'project' }]));
    // Today's code stalls 1–3.5 s here; a loaded 2-core VM takes ~100 ms to merely JSON.parse 4 MiB
    // (which the default profile's loadHooksFile does: it has no gates to ask).
    expect(maxDelayMs).toBeLessThan(500);
    expect(r.listHooks().filter((h) => h.gatedBy === undefined)).toEqual([]);
    expect(warnings.length).toBeLessThanOrEqual(5);
    await r.close();
  }, 60_000);

  it('a value nested 20,000 deep is a coded error naming the file, and the file after it still loads', async () => {
    const d = { project: temp(`${name}-deep`), home: temp(`${name}-home`) };
    const first = put(layout.first(d), deepText(dialect, 20_000));
    const later = put(layout.later(d), JSON.stringify(dialect.config(dialect.tool.event, [dialect.commandHook('echo later')])));
    const warnings: string[] = [];
    const r = make(name, ALL_ON, warnings);
    await layout.load(r, d, [
      { file: first, source: layout.sources[0] },
      { file: later, source: layout.sources[1] },
    ]);
    expect(warnings.find((w) => w.includes(first))).toMatch(/HOOKS_ERR_CONFIG_INVALID/);
    expect(warnings.find((w) => w.includes(first))).toMatch(/nested more than \d+ deep/);
    expect(r.listHooks(dialect.tool.event).map((h) => h.name)).toEqual(['echo later']);
    await r.close();
  });

  it('addConfig with a value nested 5,000 deep (gates closed or open) throws a coded HookConfigError, not a RangeError', () => {
    let deep: unknown = [];
    for (let i = 0; i < 5_000; i++) deep = [deep];
    for (const settings of [PROJECT_OFF, { enableShellHooks: false, allowProjectHooks: false, enablePluginHooks: false }, ALL_ON]) {
      const r = make(name, settings, []);
      const config = { ...(dialect.config(dialect.tool.event, [dialect.commandHook('echo x')]) as object), deep };
      let thrown: unknown;
      try {
        r.addConfig(config, { source: dialect.projectSource as 'project', file: '/repo/deep.json' });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(HookConfigError);
      expect(thrown).toMatchObject({ code: 'HOOKS_ERR_CONFIG_INVALID', file: '/repo/deep.json' });
      // Nothing of it was registered, and the registry still takes the next config.
      r.addConfig(dialect.config(dialect.tool.event, [dialect.commandHook('echo next')]), { source: dialect.userSource as 'user' });
      expect(r.listHooks(dialect.tool.event).map((h) => h.name)).toEqual(['echo next']);
    }
  });

  it('60,000 unknown event names print a bounded number of warnings (and 500 print a summary)', async () => {
    for (const count of [60_000, 500]) {
      const hooks = Object.fromEntries(Array.from({ length: count }, (_, i) => [`NoSuchEvent${i}`, (dialect.config('x', [dialect.commandHook('echo')]) as { hooks: { x: unknown } }).hooks.x]));
      const config = { ...(dialect.config(dialect.tool.event, []) as object), hooks };
      const warnings: string[] = [];
      const r = make(name, ALL_ON, warnings);
      const { maxDelayMs } = await watched(async () => {
        try {
          r.addConfig(config, { source: dialect.userSource as 'user', file: '/home/u/hooks.json' });
        } catch (error) {
          // A profile that rejects an unknown event rejects the file: one coded error.
          expect(error).toBeInstanceOf(HookConfigError);
        }
      });
      expect(warnings.length).toBeLessThanOrEqual(10);
      expect(maxDelayMs).toBeLessThan(1_000);
    }
  });

  it('600 hooks, each with its own invalid matcher, print a bounded number of warnings, and one counts the rest', () => {
    const flat = name === 'cursor' || name === 'copilot';
    const hook = dialect.commandHook('echo');
    const list = Array.from({ length: 600 }, (_, i) => (flat ? { ...hook, matcher: `(${i}` } : { matcher: `(${i}`, hooks: [hook] }));
    const config = { ...(dialect.config(dialect.tool.event, []) as object), hooks: { [dialect.tool.event]: list } };
    const warnings: string[] = [];
    const r = make(name, ALL_ON, warnings);
    r.addConfig(config, { source: dialect.userSource as 'user', file: '/home/u/hooks.json' });
    expect(warnings.some((w) => w.includes('"(0"'))).toBe(true);
    expect(warnings.length).toBeLessThanOrEqual(10);
    expect(warnings.join('\n')).toMatch(/and \d+ more warnings/);
  });
});

describe('copilot: the .github/hooks folder is bounded', () => {
  it('40 files of 30,000 entries in a gated-off repo are not read: the loop is not blocked and the heap does not grow', async () => {
    const d = { project: temp('copilot-folder'), home: temp('copilot-home') };
    const text = JSON.stringify({ version: 1, hooks: { preToolUse: Array.from({ length: 30_000 }, (_, i) => ({ type: 'command', bash: `echo ${i}` })) } });
    for (let i = 0; i < 40; i++) put(join(d.project, '.github', 'hooks', `f${String(i).padStart(2, '0')}.json`), text);
    const warnings: string[] = [];
    const r = make('copilot', PROJECT_OFF, warnings);
    global.gc?.();
    const before = process.memoryUsage().heapUsed;
    const { maxDelayMs, value } = await watched(() => LAYOUTS.copilot!.load(r, d, []));
    expect(maxDelayMs).toBeLessThan(500);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(200 * 1024 * 1024);
    // Each file is reported as not read, with the gate that kept it off.
    const skipped = (value as { skipped: { reason: string; gate?: string }[] }[]).flatMap((x) => x.skipped);
    expect(skipped).toHaveLength(40);
    // (A hooks folder's files come in reverse name order, as the binary runs them.)
    expect(skipped[0]).toMatchObject({ gate: 'allowProjectHooks', reason: expect.stringMatching(/f39\.json was not read/) });
    // …and said in a few lines, not one per file (the report lists each).
    expect(warnings.length).toBeLessThanOrEqual(10);
    expect(warnings.join('\n')).toMatch(/f39\.json.*not read/);
    await r.close();
  }, 120_000);

  it('with the gate open, a folder of 200 files adds the first 64 (by name) and says how many more were not read', async () => {
    const d = { project: temp('copilot-many'), home: temp('copilot-home') };
    for (let i = 0; i < 200; i++) put(join(d.project, '.github', 'hooks', `f${String(i).padStart(3, '0')}.json`), JSON.stringify({ version: 1, hooks: { preToolUse: [{ type: 'command', bash: `echo ${i}` }] } }));
    const warnings: string[] = [];
    const r = make('copilot', ALL_ON, warnings);
    await LAYOUTS.copilot!.load(r, d, []);
    expect(r.listHooks('preToolUse')).toHaveLength(64);
    expect(warnings.join('\n')).toMatch(/holds 200 config files; the first 64 \(by name\) were loaded and 136 more were not read/);
    await r.close();
  });
});

describe('copilot: one source\'s files together are bounded in hooks', () => {
  it('with the gate open, 40 files of 900 hooks each add only while the source stays under the bound, each file after that named in a coded warning', async () => {
    const d = { project: temp('copilot-budget'), home: temp('copilot-home') };
    const text = JSON.stringify({ version: 1, hooks: { preToolUse: Array.from({ length: 900 }, (_, i) => ({ type: 'command', bash: `echo ${i}` })) } });
    for (let i = 0; i < 40; i++) put(join(d.project, '.github', 'hooks', `f${String(i).padStart(2, '0')}.json`), text);
    const warnings: string[] = [];
    const r = make('copilot', ALL_ON, warnings);
    const { maxDelayMs } = await watched(() => LAYOUTS.copilot!.load(r, d, []));
    expect(maxDelayMs).toBeLessThan(500);
    // Each file counts 901 (an event name and 900 hooks): two fit under the 2,000 of one source, the third does not.
    expect(r.listHooks('preToolUse')).toHaveLength(1800);
    const refused = warnings.filter((w) => /f\d\d\.json was not loaded \(HOOKS_ERR_CONFIG_INVALID\)/.test(w));
    expect(refused).toHaveLength(38);
    await r.close();
  }, 60_000);
});

describe('the CLI on a hostile file: exit 4 with a one-line message, never exit 3 with a stack', () => {
  const home = makeHome();
  afterAll(() => home.remove());
  it.each(PROFILE_NAMES_FOR_TESTS)('%s: validate and list on a value nested 20,000 deep', async (name, dialect) => {
    const dir = temp(`cli-${name}`);
    const file = put(join(dir, 'deep.json'), deepText(dialect, 20_000));
    for (const command of ['validate', 'list']) {
      const r = await cli([command, '--profile', name, ...(command === 'list' ? ['--settings'] : []), file], { home: home.path });
      expect({ command, code: r.code }).toEqual({ command, code: 4 });
      expect(`${r.stdout}${r.stderr}`).toMatch(/nested more than \d+ deep/);
      expect(`${r.stdout}${r.stderr}`).not.toMatch(/RangeError|\n\s+at /);
    }
  });
});
