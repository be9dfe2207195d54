// Every TypeScript block in the README and in docs/ compiles and runs as written. Each block becomes a
// module: `from 'harness-hooks'` reads the package's source, and the names a block only mentions (the
// harness's own `spinner`, `refuse`, `mcp`, …) are declared before it with stand-ins of the right types.
// The modules are type-checked with the project's compiler options, then imported (run).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const SRC = join(ROOT, 'src', 'index.js');
// The README, then every page under docs/ (in a fixed order), each block labelled by its page.
const pages = [join(ROOT, 'README.md'), ...(readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' }) as string[]).filter((f) => f.endsWith('.md')).sort().map((f) => join(ROOT, 'docs', f))];
const blocks = pages.flatMap((page) =>
  [...readFileSync(page, 'utf8').matchAll(/```ts\n([\s\S]*?)```/g)].map((m, i) => ({ label: `${relative(ROOT, page)} #${i}`, code: m[1]! })),
);
const dir = mkdtempSync(join(tmpdir(), 'hh-readme-'));
const home = join(dir, 'home');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// What the blocks use but do not define: the harness around them.
const PRELUDE = `
import type { SdkHooks, PromptHookRequest, PromptHookResponse } from ${JSON.stringify(SRC)};
const signal: AbortSignal = new AbortController().signal;
const input: Record<string, unknown> = { command: 'ls' };
const refuse = (_reason?: string): void => {};
const run = (_input: Record<string, unknown>, _context?: string): void => {};
const spinner = { start: (_text: string): void => {} };
const pluginHooksJson: unknown = { hooks: {} };
const smallModelSaysOk = async (_prompt: string, _options: { model?: string | undefined; signal: AbortSignal }): Promise<boolean> => true;
const runVerifierAgent = async (_request: PromptHookRequest): Promise<PromptHookResponse> => ({ ok: true });
const mcp = { callTool: async (_server: string, _tool: string, _input: unknown, _options: { signal: AbortSignal }): Promise<string> => '' };
const queueForModel = (_message?: string): void => {};
const agentSdkOptions: { hooks: SdkHooks } = { hooks: {} };
void [signal, input, refuse, run, spinner, pluginHooksJson, smallModelSaysOk, runVerifierAgent, mcp, queueForModel, agentSdkOptions];
`;

function moduleOf(block: string): string {
  const body = block.replaceAll(`from 'harness-hooks'`, `from ${JSON.stringify(SRC)}`);
  // A block without its own import gets the registry and the loader, as the Usage block imports them.
  const imports = body.includes(JSON.stringify(SRC)) ? '' : `import { HookRegistry, loadHooksFile } from ${JSON.stringify(SRC)};\nvoid loadHooksFile;\n`;
  return `${imports}${PRELUDE}\n${body}\nexport {};\n`;
}

const files = blocks.map((block, i) => {
  const file = join(dir, `block-${i}.mts`); // an ES module wherever it is
  writeFileSync(file, moduleOf(block.code));
  return file;
});

describe('the code blocks of the README and docs/', () => {
  it('has TypeScript blocks to check, in the README and in each profile’s page', () => {
    expect(blocks.filter((b) => b.label.startsWith('README.md')).length).toBeGreaterThanOrEqual(2);
    for (const profile of ['claude', 'codex', 'gemini', 'copilot', 'cursor']) expect(blocks.some((b) => b.label.startsWith(join('docs', 'profiles', `${profile}.md`)))).toBe(true);
    expect(blocks.length).toBeGreaterThanOrEqual(8);
  });

  it('type-checks every block with the project’s compiler options', () => {
    const config = ts.parseJsonConfigFileContent(ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile).config, ts.sys, ROOT);
    // Unused names are the README's business (a block shows a call's result without using it).
    const program = ts.createProgram(files, { ...config.options, noUnusedLocals: false, noUnusedParameters: false, noEmit: true });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file === undefined || files.includes(d.file.fileName))
      .map((d) => `${d.file ? `${d.file.fileName.slice(dir.length + 1)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}` : ''} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    expect(problems).toEqual([]);
  }, 60_000);

  it.each(files.map((file, i) => [blocks[i]!.label, file] as const))('runs %s as written', async (_label, file) => {
    // The embedding block reads ~/.afk/settings.json: a HOME that has one.
    mkdirSync(join(home, '.afk'), { recursive: true });
    writeFileSync(join(home, '.afk', 'settings.json'), '{ "hooks": {} }');
    await runIn(home, pathToFileURL(file).href);
  }, 30_000);

  it('runs the README’s embedding block in a HOME without ~/.afk/settings.json', async () => {
    const bare = join(dir, 'bare-home');
    mkdirSync(bare, { recursive: true });
    const i = blocks.findIndex((b) => b.label.startsWith('README.md') && b.code.includes('.afk'));
    expect(i).toBeGreaterThanOrEqual(0);
    // A module of its own (the query), so it runs again rather than coming from the import cache.
    await runIn(bare, `${pathToFileURL(files[i]!).href}?home=bare`);
  }, 30_000);
});

// Imports a block's module with HOME set to `homeDir`, its console.log silenced.
async function runIn(homeDir: string, url: string): Promise<void> {
  const before = process.env.HOME;
  process.env.HOME = homeDir;
  const log = console.log;
  console.log = () => {};
  try {
    await import(url);
  } finally {
    console.log = log;
    process.env.HOME = before;
  }
}
