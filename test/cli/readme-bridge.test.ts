// The README's "Bridge a hook into another harness" is what the commands do: each config it shows is what
// `install` prints for the source it shows, and the answers it quotes are what the bridge writes for its
// guard script.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli, ROOT } from './cli.js';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const section = readme.slice(readme.indexOf('## Bridge a hook into another harness'), readme.indexOf('\n## ', readme.indexOf('## Bridge a hook into another harness') + 4));
const blocks = (lang: string) => [...section.matchAll(new RegExp('```' + lang + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]!);
const [source, codex, gemini, cursor, copilot, claude] = blocks('json').map((b) => JSON.parse(b) as unknown);
const guard = blocks('sh')[0]!;

const dir = mkdtempSync(join(tmpdir(), 'hh-readme-bridge-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
mkdirSync(join(dir, '.claude'));
mkdirSync(join(dir, '.gemini'));
mkdirSync(join(dir, 'hooks'));
writeFileSync(join(dir, '.claude', 'settings.json'), JSON.stringify(source));
// The Gemini guard the Claude Code example names, as the README describes it.
writeFileSync(join(dir, '.gemini', 'settings.json'), JSON.stringify({ hooks: { BeforeTool: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', command: './hooks/gemini-guard.sh', timeout: 5000 }] }] } }));
writeFileSync(join(dir, 'hooks', 'no-rm-rf.sh'), guard);
chmodSync(join(dir, 'hooks', 'no-rm-rf.sh'), 0o755);

const installed = async (from: string, into: string) => JSON.parse((await cli(['install', '--from', join(dir, from), '--into', into, '--json'])).stdout).config as unknown;
const quoted = (lead: string) => section.slice(section.indexOf(lead)).match(/`(\{.*?\})`/)![1]!;

describe("the README's bridge examples", () => {
  it('shows six configs: the source and what install writes for each harness', () => {
    expect([source, codex, gemini, cursor, copilot, claude].every((c) => typeof c === 'object' && c !== null)).toBe(true);
  });

  it.each([
    ['codex', () => codex],
    ['gemini', () => gemini],
    ['cursor', () => cursor],
    ['copilot', () => copilot],
  ])('into %s: the config shown is what install writes', async (into, shown) => {
    expect(await installed('.claude/settings.json', into)).toEqual(shown());
  });

  it('into claude, from the Gemini guard: the config shown is what install writes', async () => {
    expect(await installed('.gemini/settings.json', 'claude')).toEqual(claude);
  });

  it("the answers quoted are what the bridge writes for the guard (Codex's and Gemini's words)", async () => {
    const call = { session_id: 's1', cwd: dir, tool_input: { command: 'rm -rf build' } };
    const codexStdin = { ...call, hook_event_name: 'PreToolUse', turn_id: 't1', transcript_path: null, model: 'gpt-5', permission_mode: 'default', tool_name: 'Bash', tool_use_id: 'c1' };
    const a = await cli(['bridge', '--host', 'codex', '--dialect', 'claude', '--matcher', 'Bash', '--timeout', '10', '--', './hooks/no-rm-rf.sh'], { input: JSON.stringify(codexStdin) });
    expect(a.stdout).toBe(quoted('**Codex**'));
    const geminiStdin = { ...call, hook_event_name: 'BeforeTool', timestamp: '2026-12-02T00:00:00Z', transcript_path: '', tool_name: 'run_shell_command' };
    const b = await cli(['bridge', '--host', 'gemini', '--dialect', 'claude', '--matcher', 'Bash', '--timeout', '10', '--', './hooks/no-rm-rf.sh'], { input: JSON.stringify(geminiStdin) });
    expect(b.stdout).toBe(quoted('**Gemini CLI**'));
  });
});
