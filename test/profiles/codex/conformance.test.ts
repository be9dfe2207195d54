// Replays what the real Codex CLI 0.169.0 did (fixtures/codex/oracle/03..06, recorded with
// ../shared/tools/codex-oracle) through the codex profile: each recorded hook becomes a scripted hook
// (fixtures/scripted-hook.sh: a shell's start, not node's) printing and exiting as it did (sleeps scaled down
// tenfold, order kept),
// and the dispatch must decide what Codex decided — whether the command ran, what the model saw in its
// place, the contexts it got, Stop's continuation. the tests never need the binary.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HookRegistry } from '../../../src/index.js';
import { scriptedHook, shq } from '../../helpers/scripted-hook.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

interface Behaviour { stdout?: string; stderr?: string; exitCode?: number; sleepSeconds?: number; onlyFirstCall?: boolean }
interface Variant { id: string; hooksJsonLayers: { source: string; hooks: Record<string, { matcher?: string; hooks: { type: string; command: string }[] }[]> }[]; hookBehaviour: Record<string, Behaviour>; command: string }
type Seen = { toolOutput?: string; developer?: string; user?: string; assistant?: string };
interface Observed { commandRan: boolean; commandLog?: string[]; modelSawAfterTool: Seen[][]; modelRequests?: number }

// What Codex did differently on purpose here (docs/profiles/codex.md): with two rewrites, Codex runs the
// one whose hook *finished* last; this profile the last configured one, so the result never depends on timing.
const DELIBERATE: Record<string, string> = { 'two-updated-input': 'B-ran' };

function load(file: string): { variant: Variant; observed: Observed }[] {
  const d = JSON.parse(readFileSync(join(ROOT, 'fixtures', 'codex', 'oracle', file), 'utf8'));
  return d.case.variants.map((variant: Variant) => ({ variant, observed: d.observed.variants[variant.id] }));
}

// The recorded layers as configs whose hooks replay their recorded behaviour.
function registryFor(v: Variant): HookRegistry<'codex'> {
  const cwd = mkdtempSync(join(tmpdir(), 'codex-conf-'));
  const registry = new HookRegistry({ profile: 'codex', bypassHookTrust: true, settings: { enableShellHooks: true, allowProjectHooks: true }, session: { sessionId: 's1', cwd }, logger: { warn: () => {} } });
  for (const layer of v.hooksJsonLayers) {
    const hooks = Object.fromEntries(
      Object.entries(layer.hooks).map(([event, groups]) => [
        event,
        groups.map((g) => ({
          ...g,
          hooks: g.hooks.map((h) => {
            const name = h.command.split(' ').pop()!;
            const b = v.hookBehaviour[name] ?? {};
            const behave = { stdout: b.stdout, stderr: b.stderr, exit: b.exitCode ?? 0, sleepMs: (b.sleepSeconds ?? 0) * 100 };
            return { ...h, command: `${scriptedHook(join(cwd, 'hooks'), behave)} ${shq(name)}` };
          }),
        })),
      ]),
    );
    registry.addConfig({ hooks }, { source: layer.source as 'user' });
  }
  return registry;
}

const normal = (s: Seen): boolean => s.toolOutput !== undefined && s.toolOutput.startsWith('Chunk ID:');
const lastTurn = (o: Observed): Seen[] => o.modelSawAfterTool[0] ?? [];

const cases = ['03-exit-codes.json', '04-pretooluse-json-output.json', '05-other-events-json-output.json', '06-concurrency.json'].flatMap(load);

describe('codex profile: what Codex 0.169.0 decided, replayed', () => {
  for (const { variant: v, observed: o } of cases) {
    const events = [...new Set(v.hooksJsonLayers.flatMap((l) => Object.keys(l.hooks)))];
    it(`${v.id} (${events.join(', ')})`, async () => {
      expect(events).toHaveLength(1);
      const event = events[0]!;
      const registry = registryFor(v);
      try {
        const developer = lastTurn(o).filter((s) => s.developer !== undefined).map((s) => s.developer);
        const replaced = lastTurn(o).find((s) => s.toolOutput !== undefined && !normal(s))?.toolOutput;
        if (event === 'PreToolUse') {
          const r = await registry.dispatch('PreToolUse', { tool_name: 'Bash', tool_input: { command: v.command }, tool_use_id: 'call_1', turn_id: 't1', model: 'm', permission_mode: 'bypassPermissions' });
          expect(r.blocked).toBe(!o.commandRan);
          if (replaced !== undefined) expect(r.modelText).toBe(replaced);
          const ran = o.commandLog?.[0];
          if (o.commandRan && ran !== undefined && !ran.startsWith('tool-ran')) {
            expect(String(r.updatedInput?.command)).toContain(DELIBERATE[v.id] ?? ran);
            expect(r.permissionDecision).toBe('allow');
          } else if (o.commandRan) expect(r.updatedInput).toBeUndefined();
          if (r.blocked) expect(r.permissionDecision).toBe('deny');
          expect(r.injectContext?.split('\n') ?? []).toEqual(developer);
        } else if (event === 'PostToolUse') {
          const r = await registry.dispatch('PostToolUse', { tool_name: 'Bash', tool_input: { command: v.command }, tool_response: 'tool-output-text\n', tool_use_id: 'call_1', turn_id: 't1', model: 'm', permission_mode: 'bypassPermissions' });
          expect(r.modelText).toBe(replaced);
          expect(r.blocked).toBe(replaced !== undefined);
          // A stopReason replaces the output, and the turn goes on (observed): no continue:false.
          expect(r.continue).toBeUndefined();
          expect(r.injectContext?.split('\n') ?? []).toEqual(developer);
        } else if (event === 'Stop') {
          const r = await registry.dispatch('Stop', { stop_hook_active: false, last_assistant_message: 'done 2', turn_id: 't1', model: 'm', permission_mode: 'bypassPermissions' });
          const prompt = o.modelSawAfterTool.flat().find((s) => s.user?.includes('<hook_prompt'))?.user;
          const expected = prompt === undefined ? [] : [...prompt.matchAll(/<hook_prompt hook_run_id="[^"]*">(.*?)<\/hook_prompt>/g)].map((m) => m[1]);
          expect(r.continuation ?? []).toEqual(expected);
          expect(r.blocked).toBe(expected.length > 0);
        } else if (event === 'UserPromptSubmit' || event === 'SessionStart') {
          const r = event === 'UserPromptSubmit' ? await registry.dispatch('UserPromptSubmit', { prompt: 'run the check', turn_id: 't1', model: 'm', permission_mode: 'bypassPermissions' }) : await registry.dispatch('SessionStart', { source: 'startup', model: 'm', permission_mode: 'bypassPermissions' });
          // No model request at all: the prompt was blocked.
          expect(r.blocked).toBe(o.modelRequests === 0);
          // The context each hook printed (JSON additionalContext, or plain stdout), as the developer message Codex added (FINDINGS §4).
          const printed = Object.values(v.hookBehaviour).map((b) => b.stdout?.trim() ?? '').filter((s) => s !== '');
          const contexts = printed.map((s) => (s.startsWith('{') ? JSON.parse(s).hookSpecificOutput?.additionalContext : s)).filter((c) => typeof c === 'string');
          if (!r.blocked) expect(r.injectContext?.split('\n') ?? []).toEqual(contexts);
        } else throw new Error(`no replay for ${event}`);
      } finally {
        await registry.close();
      }
    });
  }
});
