// Claude Code hooks from the compatibility suite, installed into Gemini CLI (`install --into gemini`) and run by
// Gemini CLI's own hook pipeline (@google/gemini-cli-core 0.61.0) through `harness-hooks bridge`: Gemini decided
// what Claude Code would have. fixtures/bridge/gemini-engine/<case>.json holds one recorded engine run each
// (scripts/record-bridge-engines-gemini.mjs re-records them; the engine is not needed here). For each case:
//   (a) `install` on the case's Claude settings still writes the config the engine ran, so the record tracks the code;
//   (b) the bridge (dist/cli.js, a real process) given the stdin Gemini gave it, with the argv Gemini started it
//       with, answers what it answered then (stdout, stderr, exit code), which is what Gemini decided on;
//   (c) the claude profile, dispatching the same hook on the same call in Claude's words (a real process), decides
//       what it decided when recorded, and that is what Gemini did: same block, reason and stop, and the tool
//       runs with Claude's rewrite (plus the keys of the call Claude has no name for, as the model gave them).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HookRegistry } from '../../src/index.js';
import { claudeDialect } from '../../src/profiles/claude/dialect.js';
import { geminiDialect } from '../../src/profiles/gemini/dialect.js';
import { cli, makeHome, ROOT, type CliResult } from './cli.js';

interface Decision {
  blocked: boolean;
  reason?: string;
  stopped?: boolean;
  toolInput?: Record<string, unknown>;
}
interface BridgeRun {
  argv: string[];
  stdin: Record<string, unknown>;
  stdout: string;
  stderr: string;
  exitCode: number;
  hostSignal?: string;
}
interface Fixture {
  id: string;
  source: unknown;
  install: { config: { hooks: Record<string, unknown> }; added: unknown[]; notInstallable: unknown[] };
  gemini: { event: string; payload: { tool_name?: string; tool_input?: Record<string, unknown> } & Record<string, unknown>; session: { cwd: string; sessionId: string } };
  bridgeRuns: BridgeRun[];
  engine: { hooks: { success: boolean; timedOut: boolean; exitCode?: number; output?: Record<string, unknown> }[]; caller: Record<string, unknown>; harness: { blocked: boolean; reason?: string } };
  decision: Decision;
  claude: { event: string; payload: Record<string, unknown>; runs: { outcome: string }[]; decision: Decision };
}

const DIR = join(ROOT, 'fixtures', 'bridge', 'gemini-engine');
const home = makeHome();
const scratch = mkdtempSync(join(tmpdir(), 'hh-bridge-engines-gemini-test-'));
afterAll(() => {
  home.remove();
  rmSync(scratch, { recursive: true, force: true });
});
// ${PROJECT}: a project folder whose name has a space, holding a link to the repository's fixtures/ (as recorded).
const PROJECT = join(scratch, 'project dir');
mkdirSync(PROJECT);
symlinkSync(join(ROOT, 'fixtures'), join(PROJECT, 'fixtures'));
const fromRoot = <T>(v: T): T => JSON.parse(JSON.stringify(v).split('${PROJECT}').join(PROJECT).split('${ROOT}').join(ROOT.replace(/\/$/, ''))) as T;
const fixtures = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(join(DIR, f), 'utf8')) as Fixture);
const byId = (id: string): Fixture => fixtures.find((f) => f.id === id)!;

// The claude profile's reading, in the recorded shape (scripts/record-bridge-engines-gemini.mjs claudeDecision).
function claudeDecision(event: string, payload: Record<string, unknown>, r: { blocked: boolean; reason?: string; continue?: boolean; updatedInput?: Record<string, unknown> }): Decision {
  const d: Decision = { blocked: r.blocked };
  if (r.blocked) d.reason = r.reason;
  if (r.continue === false) d.stopped = true;
  if (event === 'PreToolUse' && !r.blocked) d.toolInput = r.updatedInput ?? (payload.tool_input as Record<string, unknown>);
  return d;
}

// Claude's decision in Gemini's words: Bash's keys as run_shell_command's (by the tables' shared names), over
// the keys of the Gemini call that Claude has no name for, which Claude's rewrite could not have touched.
const shellKeys = (table: typeof geminiDialect) => table.tools.find((t) => t.kind === 'shell' && t.alias !== true)!.keys as Record<string, string>;
function inGeminiWords(c: Decision, geminiInput: Record<string, unknown> | undefined): Decision {
  if (c.toolInput === undefined) return c;
  const claudeKeys = shellKeys(claudeDialect);
  const geminiKeys = shellKeys(geminiDialect);
  const hubOfClaude = Object.fromEntries(Object.entries(claudeKeys).map(([hub, name]) => [name, hub]));
  const named = new Set(Object.entries(geminiKeys).filter(([hub]) => hub in claudeKeys).map(([, name]) => name));
  const toolInput: Record<string, unknown> = Object.fromEntries(Object.entries(geminiInput ?? {}).filter(([k]) => !named.has(k)));
  for (const [k, v] of Object.entries(c.toolInput)) toolInput[geminiKeys[hubOfClaude[k]!] ?? k] = v;
  return { ...c, toolInput };
}

const installs = new Map<string, CliResult>();
const replays = new Map<string, CliResult[]>();
const claude = new Map<string, { decision: Decision; runs: { outcome: string }[] }>();

// At most `n` of `tasks` at a time (others share this machine's two cores).
async function pool(tasks: (() => Promise<void>)[], n: number): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < tasks.length) await tasks[next++]!();
  };
  await Promise.all(Array.from({ length: n }, worker));
}

beforeAll(async () => {
  const tasks: (() => Promise<void>)[] = [];
  for (const f of fixtures) {
    const dir = join(scratch, f.id, '.claude');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'settings.json'), JSON.stringify(f.source));
    tasks.push(async () => void installs.set(f.id, await cli(['install', '--from', join(dir, 'settings.json'), '--into', 'gemini', '--json'], { home: home.path })));
    // As Gemini started it: in the session cwd, with the variables its hook runner sets (hookRunner.js).
    const cwd = fromRoot(f.gemini.session.cwd);
    const env = { CLAUDE_PROJECT_DIR: cwd, GEMINI_PROJECT_DIR: cwd, GEMINI_CWD: cwd, GEMINI_SESSION_ID: f.gemini.session.sessionId };
    tasks.push(async () => {
      const out: CliResult[] = [];
      for (const b of f.bridgeRuns) out.push(await cli(fromRoot(b.argv), { input: JSON.stringify(fromRoot(b.stdin)), env, home: home.path }));
      replays.set(f.id, out);
    });
    tasks.push(async () => {
      const r = new HookRegistry({ profile: 'claude', settings: { enableShellHooks: true, allowProjectHooks: true }, session: { sessionId: f.gemini.session.sessionId, cwd }, projectDir: cwd, logger: { warn() {} } } as never) as unknown as {
        addConfig(c: unknown, o: object): unknown;
        dispatch(e: string, p: unknown): Promise<{ blocked: boolean; reason?: string; continue?: boolean; updatedInput?: Record<string, unknown>; runs: { outcome: string }[] }>;
        close(): Promise<void>;
      };
      try {
        r.addConfig(f.source, { source: 'project' });
        const payload = fromRoot(f.claude.payload);
        const result = await r.dispatch(f.claude.event, payload);
        claude.set(f.id, { decision: claudeDecision(f.claude.event, payload, result), runs: result.runs.map((x) => ({ outcome: x.outcome })) });
      } finally {
        await r.close();
      }
    });
  }
  await pool(tasks, 3);
}, 90_000);

describe('Claude Code hooks in Gemini CLI through the bridge (recorded engine runs)', () => {
  it('has the recorded cases', () => {
    expect(fixtures.map((f) => f.id).sort()).toEqual([
      'block-rm-rf',
      'block-rm-rf-harmless',
      'block-rm-rf-project-dir-with-space',
      'exit2-guard',
      'hook-crash',
      'hook-timeout',
      'rewrite-force-push',
      'rewrite-force-push-gemini-only-key',
      'stop-until-active',
      'stop-until-active-second',
    ].sort());
    for (const f of fixtures) expect(f.bridgeRuns, f.id).toHaveLength(1);
  });

  describe.each(fixtures.map((f) => [f.id, f] as const))('%s', (id, f) => {
    it('(a) install writes the config the engine ran', () => {
      const r = installs.get(id)!;
      expect(r.code, r.stderr).toBe(0);
      const now = JSON.parse(r.stdout) as Fixture['install'];
      expect(now.config).toEqual(f.install.config);
      expect(now.notInstallable).toEqual([]);
      expect(now.added).toEqual(f.install.added);
    });

    it('(b) the bridge, given what Gemini gave it, answers what Gemini decided on', () => {
      const [recorded] = f.bridgeRuns;
      const [now] = replays.get(id)!;
      expect(recorded!.hostSignal, 'Gemini ended the bridge at its timeout when recorded').toBeUndefined();
      expect({ code: now!.code, stdout: now!.stdout, stderr: now!.stderr }).toEqual(fromRoot({ code: recorded!.exitCode, stdout: recorded!.stdout, stderr: recorded!.stderr }));
      // and that answer is the one Gemini's runner read (stdout JSON, else the text of stdout or stderr).
      const hook = f.engine.hooks[0]!;
      expect(hook.timedOut).toBe(false);
      expect(hook.exitCode).toBe(recorded!.exitCode);
      if (recorded!.stdout !== '') expect(hook.output).toEqual(JSON.parse(recorded!.stdout));
    });

    it("(c) Gemini's decision is the claude profile's for the same hook and call", () => {
      const live = claude.get(id)!;
      expect(live.decision).toEqual(fromRoot(f.claude.decision));
      expect(live.runs).toEqual(f.claude.runs);
      expect(f.decision).toEqual(inGeminiWords(live.decision, f.gemini.payload.tool_input));
    });
  });

  // What the engine did, stated case by case (the facts the records hold).
  it('Gemini blocks `rm -rf /`: the model is told "Tool execution blocked: <the hook\'s reason>"', () => {
    const f = byId('block-rm-rf');
    expect(f.decision).toEqual({ blocked: true, reason: 'Refusing to run "rm -rf /": it deletes the home or root directory.' });
    expect(f.engine.caller).toMatchObject({ status: 'error', errorType: 'policy_violation', error: 'Tool execution blocked: Refusing to run "rm -rf /": it deletes the home or root directory.' });
    expect(byId('block-rm-rf-harmless').decision).toEqual({ blocked: false, toolInput: { command: 'ls -la', description: 'the model wants this' } });
  });

  it('in a project folder with a space in its name, "$CLAUDE_PROJECT_DIR"/guard reaches the bridge as written (Gemini replaces the name as text), and the guard blocks', () => {
    const f = byId('block-rm-rf-project-dir-with-space');
    expect(f.gemini.session.cwd).toBe('${PROJECT}');
    const command = (f.install.config.hooks.BeforeTool as { hooks: { command: string }[] }[])[0]!.hooks[0]!.command;
    expect(command).not.toMatch(/\$CLAUDE_PROJECT_DIR/);
    expect(f.bridgeRuns[0]!.argv.at(-1)).toBe('"$CLAUDE_PROJECT_DIR"/fixtures/claude/block-rm-rf.mjs');
    expect(f.decision).toEqual(byId('block-rm-rf').decision);
  });

  it("an exit-2 guard (reason on stderr, no stdout), which Gemini alone would not read as a block, blocks: the bridge says it as Gemini's JSON deny", () => {
    const f = byId('exit2-guard');
    expect(f.bridgeRuns[0]!.stdout).toBe('{"decision":"deny","reason":"exit2-guard: this tool call is blocked by policy"}');
    expect(f.decision).toEqual({ blocked: true, reason: 'exit2-guard: this tool call is blocked by policy' });
    expect(f.claude.runs).toEqual([{ outcome: 'block' }]);
  });

  it("the rewrite runs: Gemini's scheduler gets the rewritten command in its own keys, a key Claude has no name for kept", () => {
    expect(byId('rewrite-force-push').engine.caller.modifiedArgs).toEqual({ command: 'git push --force-with-lease origin main', description: 'the model wants this' });
    expect(byId('rewrite-force-push-gemini-only-key').engine.caller.modifiedArgs).toEqual({ dir_path: 'sub', command: 'git push --force-with-lease origin main', description: 'the model wants this' });
    // Claude's hook never saw dir_path: its stdin had only Claude's keys.
    expect(byId('rewrite-force-push-gemini-only-key').claude.payload.tool_input).not.toHaveProperty('dir_path');
  });

  it("Stop's continuation is AfterAgent's deny: Gemini sends the reason as the next prompt, and lets the retry stop", () => {
    const first = byId('stop-until-active');
    expect(first.engine.caller).toMatchObject({ block: true, stop: false, reason: 'Run the tests before stopping.' });
    expect(first.bridgeRuns[0]!.stdin.stop_hook_active).toBe(false);
    const second = byId('stop-until-active-second');
    expect(second.bridgeRuns[0]!.stdin.stop_hook_active).toBe(true);
    expect(second.engine.caller).toMatchObject({ block: false, stop: false });
  });

  it('a hook that times out or crashes lets the call run in both (a non-blocking error in Claude Code); Gemini shows the bridge\'s stderr as a systemMessage', () => {
    for (const id of ['hook-timeout', 'hook-crash']) {
      const f = byId(id);
      expect(f.decision, id).toEqual({ blocked: false, toolInput: { command: 'rm -rf /', description: 'the model wants this' } });
      expect(f.claude.runs[0]!.outcome, id).toBe(id === 'hook-timeout' ? 'timeout' : 'error');
      expect(f.engine.hooks[0]!.output, id).toEqual({ decision: 'allow', systemMessage: f.bridgeRuns[0]!.stderr.trim() });
    }
  });
});
