// Issue 23 class 5: a placeholder for a folder (a plugin's root, an extension's path, the project) never
// lets the folder's name run as shell code, and the hook it names still runs, whatever the folder is
// called. For every profile that substitutes placeholders into a hook's shell line: claude
// (`${CLAUDE_PLUGIN_ROOT}`), codex (`${PLUGIN_ROOT}`, `${CLAUDE_PLUGIN_ROOT}`), gemini (`$GEMINI_PROJECT_DIR`,
// `$CLAUDE_PROJECT_DIR`, an extension's `${extensionPath}` and `${workspacePath}`, by addConfig and by
// loadSettings) and copilot (`${COPILOT_PLUGIN_ROOT}`, `{{project_dir}}`, …). (The default and cursor
// profiles substitute nothing: their hooks' shells read `$CLAUDE_PLUGIN_ROOT` / `$CURSOR_PROJECT_DIR` from
// the environment themselves.) Each placeholder is tried in the documented double-quoted form, bare, and
// inside a nested `sh -c '…'`; the hook is a fixture script copied into the hostile folder, which creates a
// marker file next to itself.
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixture, tempDir } from '../../helpers/fixtures.js';
import { makeLogger } from '../../helpers/logger.js';
import { HookRegistry, PROFILE_NAMES_FOR_TESTS, type Dialect } from '../contract-dialects.js';

const FOLDER_NAMES = ['a";touch PWNED;"b c', '$(touch PWNED)', 'x`touch PWNED`y', "John's plugins"];
const SETTINGS = { enableShellHooks: true, allowProjectHooks: true, enablePluginHooks: true };

/** One way a profile puts a folder behind a placeholder: the placeholders, and a registry that runs `commands` with `folder` behind them. */
interface Variant {
  label: string;
  placeholders: string[];
  run(d: Dialect, folder: string, work: string, commands: string[]): Promise<void>;
}

const registryFor = (d: Dialect, work: string): HookRegistry =>
  new HookRegistry({ profile: d.name, settings: SETTINGS, session: { cwd: work, sessionId: 's1' }, projectDir: work, logger: makeLogger(), ...(d.options ?? {}) } as never) as unknown as HookRegistry;

// A plugin whose root is `folder`, its hooks on the dialect's tool event.
const asPlugin = async (d: Dialect, folder: string, work: string, commands: string[], extra: Record<string, unknown> = {}): Promise<void> => {
  const r = new HookRegistry({ profile: d.name, settings: SETTINGS, session: { cwd: work, sessionId: 's1' }, projectDir: work, logger: makeLogger(), ...(d.options ?? {}), ...extra } as never) as unknown as HookRegistry;
  r.addConfig(d.config(d.tool.event, commands.map((c) => d.commandHook(c, 20))), { source: 'plugin', pluginRoot: folder });
  await r.dispatch(d.tool.event as never, { ...d.tool.payload, ...(d.name === 'copilot' ? {} : { cwd: work }) } as never);
  await r.close();
};

const VARIANTS: Record<string, Variant[]> = {
  claude: [{ label: 'plugin root', placeholders: ['${CLAUDE_PLUGIN_ROOT}'], run: (d, folder, work, commands) => asPlugin(d, folder, work, commands, { pluginDataDir: join(work, '.data') }) }],
  codex: [{ label: 'plugin root', placeholders: ['${PLUGIN_ROOT}', '${CLAUDE_PLUGIN_ROOT}'], run: (d, folder, work, commands) => asPlugin(d, folder, work, commands) }],
  copilot: [
    {
      label: 'plugin root',
      placeholders: ['${COPILOT_PLUGIN_ROOT}', '${PLUGIN_ROOT}', '${CLAUDE_PLUGIN_ROOT}'],
      run: (d, folder, work, commands) => asPlugin(d, folder, work, commands),
    },
    {
      // The project folder reaches a plugin's hook through `{{project_dir}}` and `${COPILOT_PROJECT_DIR}`.
      label: 'project folder',
      placeholders: ['{{project_dir}}', '${COPILOT_PROJECT_DIR}'],
      run: async (d, folder, _work, commands) => asPlugin(d, tempDir('placeholder-plugin-'), folder, commands),
    },
  ],
  gemini: [
    {
      label: 'project folder',
      placeholders: ['$GEMINI_PROJECT_DIR', '$CLAUDE_PROJECT_DIR', '$GEMINI_CWD'],
      run: async (d, folder, _work, commands) => {
        const r = registryFor(d, folder);
        r.addConfig(d.config(d.tool.event, commands.map((c) => d.commandHook(c, 20))), { source: 'project' });
        await r.dispatch(d.tool.event as never, { ...d.tool.payload, cwd: folder } as never);
        await r.close();
      },
    },
    { label: 'extension path (addConfig)', placeholders: ['${extensionPath}'], run: (d, folder, work, commands) => asPlugin(d, folder, work, commands) },
    {
      label: 'extension path (loadSettings)',
      placeholders: ['${extensionPath}'],
      run: async (d, folder, work, commands) => {
        mkdirSync(join(folder, 'hooks'), { recursive: true });
        writeFileSync(join(folder, 'hooks', 'hooks.json'), JSON.stringify(d.config(d.tool.event, commands.map((c) => d.commandHook(c, 20)))));
        const r = registryFor(d, work) as unknown as { loadSettings(o: unknown): Promise<unknown>; dispatch(e: string, p: unknown): Promise<unknown>; close(): Promise<void> };
        await r.loadSettings({ projectDir: work, home: join(work, 'home'), systemFile: false, extensions: [folder] });
        await r.dispatch(d.tool.event, { ...d.tool.payload, cwd: work });
        await r.close();
      },
    },
    {
      label: 'workspace path (loadSettings)',
      placeholders: ['${workspacePath}'],
      run: async (d, folder, _work, commands) => {
        const ext = tempDir('placeholder-ext-');
        mkdirSync(join(ext, 'hooks'), { recursive: true });
        writeFileSync(join(ext, 'hooks', 'hooks.json'), JSON.stringify(d.config(d.tool.event, commands.map((c) => d.commandHook(c, 20)))));
        const r = registryFor(d, folder) as unknown as { loadSettings(o: unknown): Promise<unknown>; dispatch(e: string, p: unknown): Promise<unknown>; close(): Promise<void> };
        await r.loadSettings({ projectDir: folder, home: join(ext, 'home'), systemFile: false, extensions: [ext] });
        await r.dispatch(d.tool.event, { ...d.tool.payload, cwd: folder });
        await r.close();
      },
    },
  ],
};

const base = tempDir('placeholders-hostile-');
afterAll(() => rmSync(base, { recursive: true, force: true }));

// The three forms of a placeholder: documented (double-quoted), bare, and inside a nested shell's single quotes.
const forms = (p: string, i: number): [string, string][] => [
  [`q${i}`, `"${p}/mark.sh" q${i}`],
  [`b${i}`, `${p}/mark.sh b${i}`],
  [`n${i}`, `sh -c '"${p}/mark.sh" n${i}'`],
];

describe.each(PROFILE_NAMES_FOR_TESTS.filter(([name]) => VARIANTS[name] !== undefined))('%s: placeholders for hostile folder names', (name, d) => {
  let n = 0;
  for (const variant of VARIANTS[name]!) {
    for (const folderName of FOLDER_NAMES) {
      it(`${variant.label}: a folder named ${JSON.stringify(folderName)} runs the intended script, and nothing else`, async () => {
        const at = join(base, `${name}-${n++}`);
        const work = join(at, 'work');
        const folder = join(at, folderName);
        mkdirSync(work, { recursive: true });
        mkdirSync(folder, { recursive: true });
        copyFileSync(fixture('write-marker.sh'), join(folder, 'mark.sh'));
        const cases = variant.placeholders.flatMap((p, i) => forms(p, i));
        await variant.run(d, folder, work, cases.map(([, command]) => command));
        for (const dir of [work, folder, at, process.cwd()]) expect(existsSync(join(dir, 'PWNED')), `PWNED in ${dir}`).toBe(false);
        expect(cases.filter(([marker]) => !existsSync(join(folder, marker))).map(([, command]) => command)).toEqual([]);
      });
    }
  }
});

// The review of issue 23: an exec-form hook whose program is a shell, `sh -c '<line>'`, hands its line to a
// shell all the same. A placeholder pasted into that line as text (as in an argument no shell reads) would
// run a hostile folder's name; there it is a reference too. Claude (`command` + `args`, the plugin root and
// the project folder) and copilot (`exec` + `args`) have an exec form.
const EXEC_FORM: Record<string, { label: string; placeholder: string; hook(args: string[]): Record<string, unknown>; run(d: Dialect, folder: string, work: string, hooks: Record<string, unknown>[]): Promise<void> }[]> = {
  claude: [
    { label: 'plugin root', placeholder: '${CLAUDE_PLUGIN_ROOT}', hook: (args) => ({ type: 'command', command: 'sh', args, timeout: 20 }), run: (d, folder, work, hooks) => asPluginHooks(d, folder, work, hooks, { pluginDataDir: join(work, '.data') }) },
    {
      label: 'project folder',
      placeholder: '${CLAUDE_PROJECT_DIR}',
      hook: (args) => ({ type: 'command', command: 'sh', args, timeout: 20 }),
      run: async (d, folder, _work, hooks) => {
        const r = registryFor(d, folder);
        r.addConfig(d.config(d.tool.event, hooks), { source: 'project' });
        await r.dispatch(d.tool.event as never, { ...d.tool.payload, cwd: folder } as never);
        await r.close();
      },
    },
  ],
  copilot: [{ label: 'plugin root', placeholder: '${COPILOT_PLUGIN_ROOT}', hook: (args) => ({ exec: 'sh', args, timeoutSec: 20 }), run: (d, folder, work, hooks) => asPluginHooks(d, folder, work, hooks) }],
};

async function asPluginHooks(d: Dialect, folder: string, work: string, hooks: Record<string, unknown>[], extra: Record<string, unknown> = {}): Promise<void> {
  const r = new HookRegistry({ profile: d.name, settings: SETTINGS, session: { cwd: work, sessionId: 's1' }, projectDir: work, logger: makeLogger(), ...(d.options ?? {}), ...extra } as never) as unknown as HookRegistry;
  r.addConfig(d.config(d.tool.event, hooks), { source: 'plugin', pluginRoot: folder });
  await r.dispatch(d.tool.event as never, { ...d.tool.payload, ...(d.name === 'copilot' ? {} : { cwd: work }) } as never);
  await r.close();
}

describe.each(PROFILE_NAMES_FOR_TESTS.filter(([name]) => EXEC_FORM[name] !== undefined))('%s: exec form running a shell, with a hostile folder behind a placeholder', (name, d) => {
  let n = 0;
  for (const variant of EXEC_FORM[name]!) {
    for (const folderName of FOLDER_NAMES) {
      it(`${variant.label}: \`sh -c\` with ${JSON.stringify(folderName)} runs the intended script, and nothing else`, async () => {
        const at = join(base, `exec-${name}-${n++}`);
        const work = join(at, 'work');
        const folder = join(at, folderName);
        mkdirSync(work, { recursive: true });
        mkdirSync(folder, { recursive: true });
        copyFileSync(fixture('write-marker.sh'), join(folder, 'mark.sh'));
        const p = variant.placeholder;
        await variant.run(d, folder, work, [variant.hook(['-c', `"${p}/mark.sh" e0`]), variant.hook(['-ec', `${p}/mark.sh e1`]), variant.hook([`${p}/mark.sh`, 'e2'])]);
        for (const dir of [work, folder, at, process.cwd()]) expect(existsSync(join(dir, 'PWNED')), `PWNED in ${dir}`).toBe(false);
        expect(['e0', 'e1', 'e2'].filter((marker) => !existsSync(join(folder, marker)))).toEqual([]);
      });
    }
  }
});
