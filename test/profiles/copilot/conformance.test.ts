// Replays what the real GitHub Copilot CLI 1.0.102 did (fixtures/copilot/oracle/01..10, recorded offline with
// fixtures/copilot/oracle/record.mjs; FINDINGS.md) through the copilot profile. Each case's hooks files are
// written where the binary found them (the repository's .github/hooks, ~/.copilot/hooks, the settings files)
// and loaded with loadSettings; each hook the binary ran as oracle-hook.mjs runs here with the same behaviour
// as fixtures/scripted-hook.sh (a shell's start, not node's: this suite spawns about 200 hooks); and a
// small driver does what `copilot -p` did around them: sessionStart, the prompt, the mock model's one tool
// call, the tool, agentStop until it lets go, sessionEnd — acting only on the dispatch results. The hooks that
// ran (in order), what each got on stdin and in its environment, and the conversation the model was sent must
// be what the binary produced. `npm test` never needs the binary.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HookRegistry, type CopilotDispatchResult } from '../../../src/index.js';
import { fixture, tempDir } from '../../helpers/fixtures.js';
import { readRecords, scriptedHook, shq, type HookBehaviour } from '../../helpers/scripted-hook.js';

const ORACLE = fixture('copilot/oracle');
const SESSION = '5e55a000-0000-4000-8000-000000000001';
const DATETIME = '<current_datetime><iso></current_datetime>';
const PROMPT = 'run the check';

interface Layer { layer: string; file?: string; config: unknown }
interface Msg { role: string; content?: string; tool_calls?: { name: string; arguments: string }[] }
interface HookRecord { name: string; stdin: unknown; env: Record<string, string>; cwd: string }
interface Observed {
  exitCode: number;
  hooks: HookRecord[];
  tools: { start?: { toolName: string; arguments: Record<string, unknown> }; complete?: { success: boolean; result?: string; error?: { message: string; code: string } } }[];
  modelRequests: number;
  conversation: Msg[];
}
interface Case { id: string; layers: Layer[]; mock?: string[]; trust?: boolean; observed: Observed }

// Deliberate differences (README, copilot section), each the stricter reading, with what this profile does
// instead: the binary ignores a camelCase file's hookSpecificOutput deny and runs the tool — denied here; the
// binary stops at an ask (in -p a deny) — the later hooks still run here, so a later deny still denies.
const DELIBERATE: Record<string, { why: string; hooks?: string[]; toolText?: string }> = {
  'camel-hso-deny-ignored': { why: "a camelCase file's hookSpecificOutput deny still denies here", toolText: 'Denied by preToolUse hook: hso deny' },
  'ask-then-allow': { why: 'the hooks after an ask still run here', hooks: ['A', 'B'] },
};

const files = readdirSync(ORACLE).filter((f) => /^\d\d-.*\.json$/.test(f)).sort();
const load = (file: string): Case[] => JSON.parse(readFileSync(join(ORACLE, file), 'utf8')).cases;
const arg = (mock: string[] | undefined, key: string): string | undefined => (mock?.includes(`--${key}`) ? mock[mock.indexOf(`--${key}`) + 1] : undefined);

// A recorded hook command, `node ${HOOK} ${OUT} <name> '<behaviour>'`, as the scripted hook that does the
// same (it records to out/hooks/).
const ORACLE_COMMAND = /^node \$\{HOOK\} \$\{OUT\} (\S+) '([^']*)'$/;
function replayed(value: unknown, run: string, out: string): unknown {
  if (typeof value === 'string') {
    const m = ORACLE_COMMAND.exec(value);
    if (m === null && value.includes('${HOOK}')) throw new Error(`a hook command this replay does not know: ${value}`);
    if (m === null) return value.replaceAll('${OUT}', out);
    return `${scriptedHook(join(run, 'hooks'), { ...(JSON.parse(m[2]!) as HookBehaviour), record: join(out, 'hooks') })} ${shq(m[1]!)}`;
  }
  if (Array.isArray(value)) return value.map((v) => replayed(v, run, out));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replayed(v, run, out)]));
  return value;
}

// One case's run folder, laid out as record.mjs laid out the binary's (proj/, home/, out/).
function layout(c: Case): { run: string; proj: string; home: string; out: string } {
  const run = tempDir('copilot-conf-');
  const proj = join(run, 'proj');
  const home = join(run, 'home');
  const out = join(run, 'out');
  for (const d of [join(proj, 'sub'), join(proj, '.github', 'hooks'), join(home, '.copilot', 'hooks'), out]) mkdirSync(d, { recursive: true });
  for (const l of c.layers) {
    const at = l.layer === 'user' ? join(home, '.copilot', 'hooks') : l.layer === 'repo' ? join(proj, '.github', 'hooks') : l.layer.startsWith('~/') ? join(home, dirname(l.layer.slice(2))) : join(proj, dirname(l.layer));
    const name = l.file ?? (l.layer === 'user' || l.layer === 'repo' ? 'hooks.json' : l.layer.split('/').pop()!);
    mkdirSync(at, { recursive: true });
    writeFileSync(join(at, name), JSON.stringify(replayed(l.config, run, out)));
  }
  return { run, proj, home, out };
}

// What a hook recorded, masked as record.mjs masks the binary's runs.
function masked(value: unknown, run: string): unknown {
  const text = JSON.stringify(value)
    .replaceAll(run, '<run>')
    .replaceAll(SESSION, '<uuid>')
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)/g, '<iso>')
    .replace(/"timestamp":\d{12,}/g, '"timestamp":"<ts>"');
  return JSON.parse(text);
}

// What oracle-hook.mjs records: its name, stdin, the COPILOT_*, CLAUDE_*, GITHUB_COPILOT* and MY_VAR
// variables, its folder.
function recorded(out: string, run: string): HookRecord[] {
  return readRecords(join(out, 'hooks')).map((h) => {
    const env = Object.fromEntries(Object.entries(h.env).filter(([k]) => /^(COPILOT_|CLAUDE_|GITHUB_COPILOT|MY_VAR$)/.test(k)));
    let stdin: unknown = h.stdin;
    try {
      stdin = JSON.parse(h.stdin);
    } catch {}
    return masked({ name: h.argv[0]!, stdin, env, cwd: h.cwd }, run) as HookRecord;
  });
}

// The hook environment the binary gives (the rest of the recorded env is the CLI's own, inherited).
const HOOK_ENV = ['COPILOT_CLI', 'COPILOT_PROJECT_DIR', 'CLAUDE_PROJECT_DIR', 'COPILOT_HOOK_DIR', 'MY_VAR'];
const hookEnv = (env: Record<string, string>): Record<string, string> => Object.fromEntries(HOOK_ENV.filter((k) => env[k] !== undefined).map((k) => [k, env[k]!]));

// What `copilot -p "run the check"` did with the mock model, acting on the dispatch results only.
async function drive(c: Case, dirs: { run: string; proj: string; home: string }): Promise<{ conversation: Msg[]; modelRequests: number }> {
  const reg = new HookRegistry({
    profile: 'copilot',
    settings: { enableShellHooks: true, allowProjectHooks: c.trust !== false, enablePluginHooks: true },
    session: { sessionId: SESSION, cwd: dirs.proj },
    projectDir: dirs.proj,
    logger: { warn: () => {} },
  });
  await reg.loadSettings({ projectDir: dirs.proj, home: dirs.home, policyDir: false });
  const conversation: Msg[] = [];
  let requests = 0;
  try {
    const session = (await reg.dispatch('sessionStart', { source: 'new', initialPrompt: PROMPT })) as CopilotDispatchResult;
    for (const block of session.modelText?.blocks ?? []) conversation.push({ role: 'user', content: block });
    const submitted = (await reg.dispatch('userPromptSubmitted', { prompt: PROMPT })) as CopilotDispatchResult;
    if (submitted.blocked) return { conversation: [], modelRequests: 0 };
    const prompt = `${DATETIME}\n\n${submitted.modifiedPrompt ?? PROMPT}`;
    const transformed = (await reg.dispatch('userPromptTransformed', { prompt: submitted.modifiedPrompt ?? PROMPT, transformedPrompt: prompt })) as CopilotDispatchResult;
    const promptText = (transformed.hookSpecificOutput?.modifiedTransformedPrompt as string | undefined) ?? `${prompt}${(submitted.modelText?.blocks ?? []).join('')}`;
    conversation.push({ role: 'user', content: promptText });
    requests++;
    if (!c.mock?.includes('--no-tool')) {
      // The mock's one call: bash `echo tool-ran` (or --command / --tool-name / --tool-args).
      const toolName = arg(c.mock, 'tool-name') ?? 'bash';
      const given = arg(c.mock, 'tool-args');
      const args: Record<string, unknown> = given !== undefined ? JSON.parse(given) : { command: arg(c.mock, 'command') ?? 'echo tool-ran', description: 'run the check' };
      const pre = (await reg.dispatch('preToolUse', { toolName, toolArgs: args })) as CopilotDispatchResult;
      const finalArgs = pre.updatedInput ?? args;
      conversation.push({ role: 'assistant', tool_calls: [{ name: toolName, arguments: JSON.stringify(finalArgs) }] });
      let toolText: string;
      let after: string[] = [];
      if (pre.blocked) toolText = pre.modelText!.toolResult!.text;
      else if (pre.permissionDecision === 'ask') toolText = pre.modelText!.toolResult!.text; // -p cannot ask: a deny
      else {
        const permission = toolName === 'bash' ? ((await reg.dispatch('permissionRequest', { toolName, toolInput: { command: finalArgs.command } })) as CopilotDispatchResult) : undefined;
        if (permission?.blocked) toolText = permission.modelText!.toolResult!.text;
        else {
          // The tool itself: bash echoes; another tool's own outcome is the recorded one (hooks did not make it).
          const recordedTool = c.observed.tools[0]?.complete;
          const own = toolName === 'bash' ? `${String(finalArgs.command).replace(/^echo /, '').replace(/; exit (\d+)$/, '')}\n<shellId: 0 completed with exit code ${/; exit (\d+)$/.exec(String(finalArgs.command))?.[1] ?? 0}>` : c.observed.conversation.find((m) => m.role === 'tool')!.content!;
          if (toolName !== 'bash' && recordedTool?.success === false) {
            toolText = own;
            // The binary's own permission gate (a path outside the folder) fires no hook.
            if (!own.startsWith('Permission denied because no interactive user response')) {
              const failed = (await reg.dispatch('postToolUseFailure', { toolName, toolArgs: finalArgs, error: recordedTool.error!.message })) as CopilotDispatchResult;
              after = failed.modelText?.blocks ?? [];
            }
          } else {
            const post = (await reg.dispatch('postToolUse', { toolName, toolArgs: finalArgs, toolResult: { resultType: 'success', textResultForLlm: own } })) as CopilotDispatchResult;
            toolText = post.modelText?.toolResult?.text ?? own;
            if (!post.blocked) toolText += (post.modelText?.blocks ?? []).join('');
          }
        }
      }
      conversation.push({ role: 'tool', content: toolText });
      for (const block of [...(pre.modelText?.blocks ?? []), ...after]) conversation.push({ role: 'user', content: block });
      requests++;
    }
    // agentStop until it lets the turn end: each block is the next prompt (and another model request).
    for (let i = 0; i < 20; i++) {
      const stop = (await reg.dispatch('agentStop', { transcriptPath: join(dirs.home, '.copilot', 'session-state', SESSION, 'events.jsonl'), stopReason: 'end_turn', stop_hook_active: i > 0 })) as CopilotDispatchResult;
      if (!stop.blocked) break;
      conversation.push({ role: 'assistant', content: `done ${requests}` }, { role: 'user', content: `${DATETIME}\n\n${stop.modelText!.blocks[0]}` });
      requests++;
    }
    await reg.dispatch('sessionEnd', { reason: 'complete' });
    return { conversation, modelRequests: requests };
  } finally {
    await reg.close();
  }
}

describe('copilot profile: what Copilot CLI 1.0.102 did, replayed', () => {
  for (const file of files) {
    describe(file, () => {
      for (const c of load(file)) {
        const deliberate = DELIBERATE[c.id];
        it(`${c.id}${deliberate === undefined ? '' : ` (deliberate difference: ${deliberate.why})`}`, async () => {
          const dirs = layout(c);
          const { conversation, modelRequests } = await drive(c, dirs);
          const hooks = recorded(join(dirs.run, 'out'), dirs.run);
          const o = c.observed;
          // Which hooks ran, in which order; what each got on stdin; its environment and folder.
          expect(hooks.map((h) => h.name)).toEqual(deliberate?.hooks ?? o.hooks.map((h) => h.name));
          for (const [i, h] of hooks.entries()) {
            if (i >= o.hooks.length) break;
            expect(h.stdin, `stdin of ${h.name} (#${i})`).toEqual(o.hooks[i]!.stdin);
            expect(hookEnv(h.env), `env of ${h.name}`).toEqual(hookEnv(o.hooks[i]!.env));
            expect(h.cwd).toBe(o.hooks[i]!.cwd);
          }
          if (deliberate?.toolText !== undefined) {
            expect(conversation.find((m) => m.role === 'tool')?.content).toBe(deliberate.toolText);
            return;
          }
          // What the model was sent, in the binary's words (a denied call's arguments aside: the binary keeps
          // the rewrite it applied before the deny, the result of a blocked dispatch carries none).
          const denied = (m: Msg[]) => m.some((x) => x.role === 'tool' && x.content?.startsWith('Denied by'));
          const strip = (m: Msg[]) => (denied(m) ? m.filter((x) => x.tool_calls === undefined) : m);
          expect(strip(masked(conversation, dirs.run) as Msg[])).toEqual(strip(o.conversation));
          expect(modelRequests).toBe(o.modelRequests);
        }, 60_000);
      }
    });
  }
});
