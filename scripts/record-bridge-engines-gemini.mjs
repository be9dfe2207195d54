#!/usr/bin/env node
// Records fixtures/bridge/gemini-engine/<case>.json: Claude Code hooks from the compatibility suite, installed
// into Gemini CLI by `harness-hooks install --into gemini`, run by Gemini CLI's own hook pipeline
// (@google/gemini-cli-core 0.61.0, driven in process by /work/shared/tools/gemini-engine/pipeline.mjs: real
// HookSystem, fake Config, no model), with `harness-hooks bridge` as the command Gemini starts.
//
// Usage (from the repository root, after `npm run build`; the engine installed as its README says):
//
//   export GEMINI_ORACLE_ROOT=$(node -p "require('os').tmpdir()")/oracle-gemini
//   mkdir -p "$GEMINI_ORACLE_ROOT" && (cd "$GEMINI_ORACLE_ROOT" && npm init -y && npm i @google/gemini-cli-core@0.61.0)
//   node scripts/record-bridge-engines-gemini.mjs [case-id ...]      # default: every case below
//   GEMINI_PIPELINE=/path/to/pipeline.mjs node scripts/record-bridge-engines-gemini.mjs   # another copy of the driver
//
// What each case does: the case's Claude settings (`source`) are written to <scratch>/.claude/settings.json;
// `node dist/cli.cjs install --from it --into gemini --json` gives Gemini's config; its `config.hooks` is the one
// (project) settings layer of Gemini's pipeline; the case's Gemini payload is fired with the session cwd set to
// the repository root (Gemini runs hooks there and sets GEMINI_PROJECT_DIR / CLAUDE_PROJECT_DIR to it). The
// installed command is `harness-hooks bridge …`: a PATH folder holds a `harness-hooks` shim that tees the stdin
// Gemini gave it, runs `node dist/cli.cjs "$@"`, and keeps its stdout, stderr and exit code (`bridgeRuns`).
// `claude` is the claude profile's own reading of the same hook on the same call in Claude's words
// (HookRegistry({ profile: 'claude' }) dispatching the source settings), and `decision` / `claude.decision` are
// the two readings in one shape, so test/cli/bridge-engines-gemini.test.ts can compare them (and re-dispatch the
// claude side live) without the engine. The repository root is stored as ${ROOT} in every recorded string, and
// the folder with a space in its name that one case runs in (a link to fixtures/ in it) as ${PROJECT}.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, symlinkSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'dist', 'cli.cjs');
const OUT = join(ROOT, 'fixtures', 'bridge', 'gemini-engine');
const PIPELINE = process.env.GEMINI_PIPELINE ?? '/work/shared/tools/gemini-engine/pipeline.mjs';
if (!existsSync(CLI)) throw new Error(`${CLI} is missing: npm run build first`);
const { makeSystem, fire, geminiVersion } = await import(pathToFileURL(PIPELINE).href);
if (geminiVersion !== '0.61.0') throw new Error(`expected @google/gemini-cli-core 0.61.0, found ${geminiVersion}`);
const { HookRegistry } = await import(pathToFileURL(join(ROOT, 'dist', 'index.js')).href);

// ---------- the cases ----------
const hook = (command, timeout) => ({ type: 'command', command, ...(timeout === undefined ? {} : { timeout }) });
const pre = (matcher, ...hooks) => ({ hooks: { PreToolUse: [{ matcher, hooks }] } });
const P = (name) => `"$CLAUDE_PROJECT_DIR"/fixtures/${name}`;
const SESSION = 'bridge-engines-gemini';
// A Gemini BeforeTool payload on run_shell_command and the same call as Claude Code sends it for Bash.
const shell = (command, extra = {}, cwd = '${ROOT}') => ({
  payload: { tool_name: 'run_shell_command', tool_input: { command, description: 'the model wants this', ...extra } },
  claude: { event: 'PreToolUse', payload: { session_id: SESSION, cwd, tool_name: 'Bash', tool_input: { command, description: 'the model wants this' }, tool_use_id: 'toolu_1' } },
});
const stop = (active) => ({
  payload: { prompt: 'fix the bug', prompt_response: 'Done: the bug is fixed.', stop_hook_active: active },
  claude: { event: 'Stop', payload: { session_id: SESSION, cwd: '${ROOT}', stop_hook_active: active, last_assistant_message: 'Done: the bug is fixed.' } },
});

const CASES = [
  { id: 'block-rm-rf', title: 'block-rm-rf.mjs (JSON permissionDecision deny) on `rm -rf /`: Gemini blocks the call', event: 'BeforeTool', source: pre('Bash', hook(P('claude/block-rm-rf.mjs'), 10)), ...shell('rm -rf /') },
  { id: 'block-rm-rf-project-dir-with-space', title: 'block-rm-rf.mjs by "$CLAUDE_PROJECT_DIR"/… in a project folder whose name has a space (Gemini replaces $CLAUDE_PROJECT_DIR in the command as text)', event: 'BeforeTool', project: true, source: pre('Bash', hook(P('claude/block-rm-rf.mjs'), 10)), ...shell('rm -rf /', {}, '${PROJECT}') },
  { id: 'block-rm-rf-harmless', title: 'block-rm-rf.mjs on `ls -la` (it answers {}): the call runs unchanged', event: 'BeforeTool', source: pre('Bash', hook(P('claude/block-rm-rf.mjs'), 10)), ...shell('ls -la') },
  { id: 'exit2-guard', title: 'exit2-guard.sh (exit 2, reason on stderr, no stdout): Gemini blocks, with the stderr as the reason', event: 'BeforeTool', source: pre('Bash', hook(P('claude/exit2-guard.sh'))), ...shell('ls -la') },
  { id: 'rewrite-force-push', title: 'rewrite-force-push.mjs (allow + updatedInput): the tool runs with the rewritten command', event: 'BeforeTool', source: pre('Bash', hook(P('bridge/rewrite-force-push.mjs'), 5)), ...shell('git push --force origin main') },
  { id: 'rewrite-force-push-gemini-only-key', title: 'the same rewrite on a call with a Gemini-only key (dir_path), which Claude has no word for', event: 'BeforeTool', source: pre('Bash', hook(P('bridge/rewrite-force-push.mjs'), 5)), ...shell('git push --force origin main', { dir_path: 'sub' }) },
  { id: 'stop-until-active', title: 'stop-until-active.sh as a Stop hook, first stop: AfterAgent denies, Gemini retries with the reason as the prompt', event: 'AfterAgent', source: { hooks: { Stop: [{ hooks: [hook(P('claude/stop-until-active.sh'))] }] } }, ...stop(false) },
  { id: 'stop-until-active-second', title: 'stop-until-active.sh, the retry (stop_hook_active true): the stop goes through', event: 'AfterAgent', source: { hooks: { Stop: [{ hooks: [hook(P('claude/stop-until-active.sh'))] }] } }, ...stop(true) },
  { id: 'hook-timeout', title: 'a hook that never exits, Claude timeout 1 s: what Claude Code does with a timed-out hook', event: 'BeforeTool', source: pre('Bash', hook(P('sleep-forever.mjs'), 1)), ...shell('rm -rf /') },
  { id: 'hook-crash', title: 'a hook that throws (exit 1, stack on stderr): what Claude Code does with a failing hook', event: 'BeforeTool', source: pre('Bash', hook(P('bridge/crash.mjs'))), ...shell('rm -rf /') },
];

// ---------- the two readings, in one shape ----------
/** What Gemini did: blocked (BeforeTool: the call refused; AfterAgent: the agent made to go on), reason, the
 * tool input the tool runs with (BeforeTool, not blocked), whether the agent was stopped. */
export function engineDecision(event, payload, out) {
  const h = out.harness;
  const d = { blocked: h.blocked };
  if (h.blocked) d.reason = h.reason;
  if (h.continue === false) d.stopped = true;
  if (event === 'BeforeTool' && !h.blocked) d.toolInput = out.caller.modifiedArgs ?? payload.tool_input;
  return d;
}
/** The claude profile's reading, in the same shape; its tool input in Claude's keys. */
export function claudeDecision(event, payload, r) {
  const d = { blocked: r.blocked };
  if (r.blocked) d.reason = r.reason;
  if (r.continue === false) d.stopped = true;
  if (event === 'PreToolUse' && !r.blocked) d.toolInput = r.updatedInput ?? payload.tool_input;
  return d;
}

/** The two agree: same block, reason and stop; the tool input Gemini runs is Claude's (run_shell_command and Bash
 * share the key names the tables translate, command and description) plus the keys of the call Claude has no
 * name for (a Gemini-only key such as dir_path), as the model gave them. */
const CLAUDE_NAMED = ['command', 'description']; // src/profiles/gemini/dialect.ts: run_shell_command's keys
export function agree(g, c, payload) {
  const expected = { ...c };
  if (c.toolInput !== undefined) expected.toolInput = { ...Object.fromEntries(Object.entries(payload.tool_input).filter(([k]) => !CLAUDE_NAMED.includes(k))), ...c.toolInput };
  const norm = (d) => JSON.stringify(d, (_k, v) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v));
  return norm(g) === norm(expected);
}

const deep = (v, f) => (typeof v === 'string' ? f(v) : Array.isArray(v) ? v.map((x) => deep(x, f)) : v !== null && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, deep(x, f)])) : v);
// ${PROJECT}: a project folder whose name has a space, holding a link to the repository's fixtures/.
const scratch = mkdtempSync(join(tmpdir(), 'hh-bridge-engines-gemini-'));
const PROJECT = join(scratch, 'project dir');
mkdirSync(PROJECT);
symlinkSync(join(ROOT, 'fixtures'), join(PROJECT, 'fixtures'));
const toRoot = (v) => deep(v, (s) => s.split(PROJECT).join('${PROJECT}').split(ROOT).join('${ROOT}'));
const fromRoot = (v) => deep(v, (s) => s.split('${PROJECT}').join(PROJECT).split('${ROOT}').join(ROOT));

async function claudeReading(c, cwd) {
  const r = new HookRegistry({ profile: 'claude', settings: { enableShellHooks: true, allowProjectHooks: true }, session: { sessionId: SESSION, cwd }, projectDir: cwd });
  try {
    r.addConfig(c.source, { source: 'project' });
    const payload = fromRoot(c.claude.payload);
    const result = await r.dispatch(c.claude.event, payload);
    return { result, decision: claudeDecision(c.claude.event, payload, result) };
  } finally {
    await r.close();
  }
}

// ---------- recording ----------
const bin = join(scratch, 'bin');
mkdirSync(bin);
// A throwaway HOME for everything this starts (the claude profile makes plugin data folders under it).
process.env.HOME = join(scratch, 'home');
mkdirSync(process.env.HOME);
writeFileSync(
  join(bin, 'harness-hooks'),
  `#!/bin/sh
# The installed command's harness-hooks: keeps what Gemini gave the bridge and what the bridge answered. A
# SIGTERM from Gemini (its timeout) is passed on to the bridge and noted; the bridge's own end is still kept.
d="$HH_CAPTURE_DIR/$(date +%s%N)-$$"
mkdir -p "$d"
cat > "$d/stdin"
printf '%s\\n' "$@" > "$d/argv"
node ${JSON.stringify(CLI)} "$@" < "$d/stdin" > "$d/stdout" 2> "$d/stderr" &
child=$!
trap 'echo TERM > "$d/host-signal"; kill -TERM "$child" 2>/dev/null' TERM
while :; do
  wait "$child"
  code=$?
  kill -0 "$child" 2>/dev/null || break
done
echo "$code" > "$d/code"
cat "$d/stdout"
cat "$d/stderr" >&2
exit "$code"
`,
);
chmodSync(join(bin, 'harness-hooks'), 0o755);
process.env.PATH = `${bin}:${process.env.PATH}`;

const only = process.argv.slice(2);
const unknown = only.filter((id) => !CASES.some((c) => c.id === id));
if (unknown.length > 0) throw new Error(`no such case: ${unknown.join(', ')}`);
try {
  for (const c of CASES.filter((x) => only.length === 0 || only.includes(x.id))) {
    const dir = join(scratch, c.id);
    mkdirSync(join(dir, '.claude'), { recursive: true });
    const from = join(dir, '.claude', 'settings.json');
    writeFileSync(from, `${JSON.stringify(c.source, null, 2)}\n`);
    const install = JSON.parse(execFileSync(process.execPath, [CLI, 'install', '--from', from, '--into', 'gemini', '--json'], { cwd: ROOT, encoding: 'utf8' }));
    const capture = join(dir, 'capture');
    mkdirSync(capture);
    process.env.HH_CAPTURE_DIR = capture;
    const cwd = c.project ? PROJECT : ROOT;
    const sys = await makeSystem({ layers: [{ source: 'project', config: { hooks: install.config.hooks } }], session: { cwd, sessionId: SESSION, transcriptPath: '' } });
    const out = await fire(sys, c.event, c.payload);
    const bridgeRuns = readdirSync(capture)
      .sort()
      .map((d) => {
        const f = (n) => readFileSync(join(capture, d, n), 'utf8');
        const hostSignal = existsSync(join(capture, d, 'host-signal')) ? f('host-signal').trim() : undefined;
        return { argv: f('argv').split('\n').slice(0, -1), stdin: JSON.parse(f('stdin')), stdout: f('stdout'), stderr: f('stderr'), exitCode: Number(f('code')), ...(hostSignal === undefined ? {} : { hostSignal }) };
      });
    const claude = await claudeReading(c, cwd);
    const fixture = toRoot({
      id: c.id,
      title: c.title,
      recordedWith: `@google/gemini-cli-core ${geminiVersion} via gemini-engine/pipeline.mjs; scripts/record-bridge-engines-gemini.mjs`,
      source: c.source,
      install,
      gemini: { event: c.event, payload: c.payload, session: { cwd, sessionId: SESSION } },
      bridgeRuns,
      engine: { plan: out.plan, hooks: out.hooks.map(({ durationMs: _d, ...h }) => h), aggregated: out.aggregated, caller: out.caller, harness: out.harness },
      decision: engineDecision(c.event, c.payload, out),
      claude: { event: c.claude.event, payload: c.claude.payload, runs: claude.result.runs.map((x) => ({ outcome: x.outcome, ...(x.decision === undefined ? {} : { decision: x.decision }) })), decision: claude.decision },
    });
    writeFileSync(join(OUT, `${c.id}.json`), `${JSON.stringify(fixture, null, 2)}\n`);
    const same = agree(fixture.decision, fixture.claude.decision, c.payload);
    // The bridge overran Gemini's timeout for it (the hook's own plus install's 2 s): on a loaded machine, a hook
    // that runs into its own timeout can; the test refuses such a record, so record that case again.
    for (const r of bridgeRuns) if (r.hostSignal !== undefined) console.log(`WARNING ${c.id}: Gemini sent the bridge ${r.hostSignal} at its timeout; record this case again`);
    console.log(`${same ? 'same' : 'DIFFERS'}  ${c.id}: gemini ${JSON.stringify(fixture.decision)}${same ? '' : `  claude ${JSON.stringify(fixture.claude.decision)}`}`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
