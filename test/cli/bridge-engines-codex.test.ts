// Claude Code hooks from the compatibility suite, installed into Codex by `harness-hooks install`, as the real
// Codex CLI (0.169.0) ran them through `harness-hooks bridge`: fixtures/bridge/codex-oracle/<case>.json, recorded
// by scripts/record-bridge-engines-codex.mjs (which needs the binary; this test does not). For each case:
// (a) `install` on the same source still writes the hooks.json Codex ran; (b) the bridge, a real process, given
// the exact stdin Codex gave it, still answers what Codex read (stdout, exit code); (c) what Codex did (the
// command ran or not, what it sent the model) is the decision the claude profile makes for the same hook on the
// same call, dispatched live here.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HookRegistry } from '../../src/index.js';
import { cli, makeHome, ROOT, type CliResult } from './cli.js';

interface BridgeRun { argv: string[]; stdin: string; stdout: string; stderr: string; exitCode: number }
interface Reading { blocked: boolean; reason?: string; injectContext?: string; updatedInput?: Record<string, unknown>; permissionDecision?: string; permissionDecisionReason?: string; runs: { outcome: string }[] }
interface ModelItem { type: string; role?: string; text?: string; output?: string; name?: string; arguments?: string }
interface Fixture {
  id: string;
  title: string;
  source: unknown;
  scenario: string;
  command?: string;
  install: { config: { hooks: Record<string, unknown> }; added: unknown[]; notInstallable: unknown[] };
  bridgeRuns: BridgeRun[];
  codex: { version: string; exitCode: number; commandsRun: { command: string; exitCode: number; status: string }[]; ranLog: string[]; victimExists: boolean; agentMessages: string[]; modelRequests: number; model: ModelItem[][] };
  claude: { event: string; payload: Record<string, unknown>; reading: Reading }[];
}

const DIR = join(ROOT, 'fixtures', 'bridge', 'codex-oracle');
const RAW = readdirSync(DIR).filter((f) => f.endsWith('.json')).sort().map((f) => readFileSync(join(DIR, f), 'utf8'));
// Codex 0.169.0 refuses `rm -f`-style commands by itself, whatever the hooks said (see the fixture).
const CODEX_OWN_REFUSAL: Record<string, RegExp> = { 'block-rm-rf-allows-tmp': /rejected: rm -f style commands are not permitted/ };

const scratch = mkdtempSync(join(tmpdir(), 'hh-bridge-codex-'));
const home = makeHome();
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
  home.remove();
});

// A fixture with its placeholders filled: ${ROOT} this repository, ${WORK} a scratch folder standing in for
// the oracle's (its proj/ is the hook's cwd), ${VICTIM} a folder path no hook touches.
function load(raw: string, i: number): Fixture {
  const work = join(scratch, `work-${i}`);
  mkdirSync(join(work, 'proj'), { recursive: true });
  const vars: Record<string, string> = { ROOT: ROOT.replace(/\/$/, ''), WORK: work, VICTIM: join(scratch, `victim-${i}`) };
  return JSON.parse(Object.entries(vars).reduce((text, [k, v]) => text.replaceAll(`\${${k}}`, v), raw)) as Fixture;
}
const FIXTURES = RAW.map(load);

// The call Codex made, in Claude's words (as the recorder built it), from the stdin Codex gave the bridge.
function claudePayload(stdin: Record<string, unknown>): Record<string, unknown> {
  const keep = stdin.hook_event_name === 'Stop' ? ['stop_hook_active', 'last_assistant_message'] : ['tool_name', 'tool_input', 'tool_use_id', 'tool_response'];
  return Object.fromEntries(keep.filter((k) => stdin[k] !== undefined && stdin[k] !== null).map((k) => [k, stdin[k]]));
}

async function claudeReading(source: unknown, event: string, payload: Record<string, unknown>): Promise<Reading> {
  const r = new HookRegistry({ profile: 'claude', settings: { enableShellHooks: true, allowProjectHooks: true }, session: { sessionId: 'bridge-engines-codex', cwd: ROOT }, projectDir: ROOT, logger: { warn: () => {} } } as never) as any;
  try {
    r.addConfig(source, { source: 'user' });
    return await r.dispatch(event, payload);
  } finally {
    await r.close();
  }
}

interface Live { install: CliResult; bridge: CliResult[]; claude: Reading[] }
const live = new Map<string, Live>();

beforeAll(async () => {
  // Three cases at a time: every case starts several node processes, and the hooks' own timeouts (1-10 s)
  // must not be eaten by a crowded 2-core machine.
  const queue = FIXTURES.map((f, i) => [f, i] as const);
  const worker = async (): Promise<void> => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) await runCase(...next);
  };
  await Promise.all([worker(), worker(), worker()]);
}, 60_000);

async function runCase(f: Fixture, i: number): Promise<void> {
  const src = join(scratch, `src-${i}`);
  mkdirSync(join(src, '.claude'), { recursive: true });
  writeFileSync(join(src, '.claude', 'settings.json'), JSON.stringify(f.source, null, 2));
  const [install, bridge, claude] = await Promise.all([
    cli(['install', '--from', join(src, '.claude', 'settings.json'), '--into', 'codex', '--json'], { home: home.path }),
    Promise.all(f.bridgeRuns.map((b) => cli(b.argv, { input: b.stdin, home: home.path }))),
    Promise.all(
      f.bridgeRuns.map((b) => {
        const stdin = JSON.parse(b.stdin) as Record<string, unknown>;
        return claudeReading(f.source, stdin.hook_event_name as string, claudePayload(stdin));
      }),
    ),
  ]);
  live.set(f.id, { install, bridge, claude });
}

it('the recordings cover the cases the brief asks for', () => {
  expect(FIXTURES.map((f) => f.id)).toEqual(expect.arrayContaining(['block-rm-rf-json-deny', 'exit2-guard-rm-r-tmp', 'block-rm-rf-allows-rm-r-tmp', 'harmless-with-post-context', 'rewrite-updated-input', 'stop-continuation', 'crash-hook', 'timeout-hook', 'ask-is-denied']));
  for (const f of FIXTURES) {
    expect(f.codex.version).toBe('0.169.0');
    expect(f.bridgeRuns.length, f.id).toBeGreaterThan(0);
  }
});

describe.each(FIXTURES.map((f) => [f.id, f] as const))('%s', (id, f) => {
  it('(a) install on the same Claude settings writes the hooks.json Codex ran', () => {
    const r = live.get(id)!.install;
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(f.install);
    // Codex started exactly the bridge commands install wrote.
    const commands = Object.values(f.install.config.hooks).flatMap((groups) => (groups as { hooks: { command: string }[] }[]).flatMap((g) => g.hooks.map((h) => h.command)));
    // (The command's words as sh splits them: `harness-hooks` replaced by a function printing its arguments.)
    const words = commands.map((c) => {
      expect(c).toMatch(/^harness-hooks bridge .* # harness-hooks:bridge$/);
      return execFileSync('sh', ['-c', `args() { for a; do printf '%s\\0' "$a"; done; }; ${c.replace(/^harness-hooks /, 'args ')}`], { encoding: 'utf8' }).split('\0').slice(0, -1);
    });
    for (const b of f.bridgeRuns) expect(words).toContainEqual(b.argv);
  });

  it('(b) the bridge, given the stdin Codex gave it, answers what Codex read', () => {
    live.get(id)!.bridge.forEach((r, i) => {
      const rec = f.bridgeRuns[i]!;
      expect(r.stdout, r.stderr).toBe(rec.stdout);
      expect(r.code).toBe(rec.exitCode);
      expect(r.stderr).toBe(rec.stderr);
    });
  });

  it("(c) what Codex did is the claude profile's decision for the same hook on the same call", () => {
    const readings = live.get(id)!.claude;
    readings.forEach((reading, i) => {
      // The live reading is the recorded one.
      const rec = f.claude[i]!.reading;
      expect({ blocked: reading.blocked, reason: reading.reason, updatedInput: reading.updatedInput, permissionDecision: reading.permissionDecision, outcomes: reading.runs.map((u) => u.outcome) })
        .toEqual({ blocked: rec.blocked, reason: rec.reason, updatedInput: rec.updatedInput, permissionDecision: rec.permissionDecision, outcomes: rec.runs.map((u) => u.outcome) });
      const stdin = JSON.parse(f.bridgeRuns[i]!.stdin) as Record<string, unknown>;
      const later = f.codex.model.flat();
      const toolOutput = later.find((x) => x.type === 'function_call_output')?.output ?? '';
      if (stdin.hook_event_name === 'PreToolUse') {
        const command = (stdin.tool_input as { command: string }).command;
        expect(command).toBe(f.command);
        if (reading.blocked || reading.permissionDecision === 'ask') {
          // Claude blocks (or would ask, which Codex cannot: the stricter deny): Codex did not run the command,
          // and told the model the claude reason (for an ask, the hook's own reason and the bridge's why).
          expect(f.codex.commandsRun).toEqual([]);
          expect(f.codex.ranLog).toEqual([]);
          expect(f.codex.victimExists).toBe(true);
          const why = reading.blocked ? reading.reason! : `${reading.permissionDecisionReason} — a claude hook on PreToolUse asked for the user's approval, which codex cannot ask on PreToolUse: denied`;
          expect(toolOutput).toBe(`Command blocked by PreToolUse hook: ${why}. Command: ${command}`);
        } else if (reading.updatedInput !== undefined) {
          // Claude runs the rewritten command: so did Codex, and only that one.
          const rewritten = reading.updatedInput.command as string;
          expect(rewritten).not.toBe(command);
          expect(f.codex.commandsRun).toEqual([{ command: `/bin/bash -lc '${rewritten}'`, exitCode: 0, status: 'completed' }]);
          expect(f.codex.ranLog).toEqual([rewritten.replace(/^echo (.*) >> ran\.log$/, '$1')]);
        } else if (CODEX_OWN_REFUSAL[id] !== undefined) {
          // Claude lets it through and so does the bridge; Codex's own rule refuses it, not a hook.
          expect(f.bridgeRuns[i]!.stdout).toBe('');
          expect(f.codex.commandsRun).toEqual([]);
          expect(toolOutput).not.toMatch(/blocked by PreToolUse hook/);
          expect(toolOutput).toMatch(CODEX_OWN_REFUSAL[id]!);
        } else {
          // Claude lets it through (no opinion, or a hook that crashed or timed out: a non-blocking error):
          // Codex ran the command as the model wrote it.
          expect(f.codex.commandsRun).toEqual([{ command: `/bin/bash -lc '${command}'`, exitCode: 0, status: 'completed' }]);
          if (command.startsWith('rm -r ')) expect(f.codex.victimExists).toBe(false);
          else expect(f.codex.ranLog.length).toBe(1);
          expect(toolOutput).toMatch(/^Chunk ID: .*\nProcess exited with code 0\n/s);
        }
      } else if (stdin.hook_event_name === 'PostToolUse') {
        // Claude injects the hook's context: Codex handed the model the same text as a developer message.
        expect(reading.injectContext).toBeDefined();
        const sent = later.filter((x) => x.type === 'message' && x.role === 'developer').map((x) => x.text!);
        const bridged = (JSON.parse(f.bridgeRuns[i]!.stdout) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput.additionalContext;
        expect(sent).toEqual([bridged]);
        // stdin-as-context.mjs hands back its stdin: the call the hook saw is the call Claude's would.
        const pick = (s: string) => {
          const j = JSON.parse(s) as Record<string, unknown>;
          return { hook_event_name: j.hook_event_name, tool_name: j.tool_name, tool_input: j.tool_input, tool_use_id: j.tool_use_id, tool_response: j.tool_response };
        };
        expect(pick(bridged)).toEqual(pick(reading.injectContext!));
      } else if (stdin.hook_event_name === 'Stop') {
        const hookPrompts = later.filter((x) => x.type === 'message' && x.role === 'user' && /^<hook_prompt /.test(x.text ?? ''));
        if (stdin.stop_hook_active === false) {
          // Claude blocks the first stop with the reason as the next instruction: Codex continued the turn
          // with exactly that text.
          expect(reading.blocked).toBe(true);
          expect(hookPrompts.map((x) => x.text!.replace(/^<hook_prompt [^>]*>|<\/hook_prompt>$/g, ''))).toEqual([reading.reason]);
        } else {
          // Claude lets the second stop (stop_hook_active) through: Codex ended the turn there.
          expect(reading.blocked).toBe(false);
          expect(f.codex.modelRequests).toBe(2);
          expect(f.codex.agentMessages).toEqual(['done 1', 'done 2']);
        }
      } else {
        throw new Error(`no comparison for ${String(stdin.hook_event_name)}`);
      }
    });
  });
});
