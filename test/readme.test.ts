// Every TypeScript block in the README compiles and runs as written (issue 13 item 18). Each block becomes a
// module: `from 'harness-hooks'` reads the package's source, and the names a block only mentions (the
// harness's own `spinner`, `refuse`, `mcp`, …) are declared before it with stand-ins of the right types.
// The modules are type-checked with the project's compiler options, then imported (run).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const SRC = join(ROOT, 'src', 'index.js');
const blocks = [...readFileSync(join(ROOT, 'README.md'), 'utf8').matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
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
  writeFileSync(file, moduleOf(block));
  return file;
});

describe('the README’s code blocks', () => {
  it('has TypeScript blocks to check', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(4);
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

  it.each(files.map((file, i) => [i, file] as const))('runs block %i as written', async (_i, file) => {
    // The Usage block reads ~/.afk/settings.json: a HOME that has one.
    mkdirSync(join(home, '.afk'), { recursive: true });
    writeFileSync(join(home, '.afk', 'settings.json'), '{ "hooks": {} }');
    const before = process.env.HOME;
    process.env.HOME = home;
    const log = console.log;
    console.log = () => {};
    try {
      await import(pathToFileURL(file).href);
    } finally {
      console.log = log;
      process.env.HOME = before;
    }
  }, 30_000);
});
