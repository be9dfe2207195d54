#!/usr/bin/env node
// Records fixtures/bridge/codex-oracle/<case>.json: Claude Code hooks from the compatibility suite, installed
// into Codex by `harness-hooks install --into codex --json`, run by the real Codex CLI binary
// (@openai/codex 0.169.0, `codex exec` against a mock Responses API on loopback, via
// /work/shared/tools/codex-oracle/run-case.mjs), with `harness-hooks bridge` as the command Codex starts.
//
// Usage (from the repository root, as root, after `npm run build`; the oracle installed as its README says):
//
//   export CODEX_ORACLE_ROOT=$(node -p "require('os').tmpdir()")/codex-oracle
//   mkdir -p "$CODEX_ORACLE_ROOT" && (cd "$CODEX_ORACLE_ROOT" && npm init -y && npm i @openai/codex@0.169.0)
//   unshare -n sh -c 'ip link set lo up; node scripts/record-bridge-engines-codex.mjs [case-id ...]'   # default: every case
//   CODEX_ORACLE_TOOLS=/path/to/codex-oracle unshare -n sh -c '…'    # another copy of run-case.mjs
//
// run-case.mjs refuses to run unless loopback is the only network interface (hence `unshare -n`). One case
// takes 5-15 s.
//
// What each case does: the case's Claude settings (`source`) are written to <scratch>/.claude/settings.json;
// `node dist/cli.cjs install --from .claude/settings.json --into codex --json` gives Codex's hooks.json; its
// `config.hooks` is the case's (user layer) hooks.json, unchanged. The installed command is
// `harness-hooks bridge …`: a folder put first on PATH (Codex passes its PATH on to the hooks it starts) holds
// a `harness-hooks` shim that runs `node dist/cli.cjs "$@"` and tees, into the hook's cwd (Codex's project
// folder), the exact stdin Codex gave it and the bridge's stdout, stderr and exit code (`bridgeRuns`). The mock
// model calls Codex's shell tool once with the case's `command` (scenario "tool-once"), or only answers
// (scenario "message", for Stop). `codex` is what Codex did: the shell commands it ran (its
// `command_execution` items), the lines the commands appended to ran.log, whether the victim folder still
// exists, and what it sent the model after the tool call / after each stop (`model.later`). `claude` is the
// claude profile's own reading of the same hook on the same call in Claude's words (HookRegistry({ profile:
// 'claude' }) dispatching the source settings with the tool call / stop Codex had), which
// test/cli/bridge-engines-codex.test.ts re-dispatches live and compares with `codex`.
//
// Recorded strings carry placeholders: ${ROOT} (this repository), ${WORK} (the case's scratch folder under
// the oracle root: ${WORK}/proj is Codex's cwd, ${WORK}/codex-home its CODEX_HOME), ${VICTIM} (a folder the
// `rm -rf` cases aim at; it holds keep.txt).
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'dist', 'cli.cjs');
const OUT = join(ROOT, 'fixtures', 'bridge', 'codex-oracle');
const TOOLS = process.env.CODEX_ORACLE_TOOLS ?? '/work/shared/tools/codex-oracle';
if (!existsSync(CLI)) throw new Error(`${CLI} is missing: npm run build first`);
const { assertOffline, runCase, modelView, CODEX, ROOT: ORACLE_ROOT } = await import(pathToFileURL(join(TOOLS, 'run-case.mjs')).href);
assertOffline();
const version = JSON.parse(readFileSync(join(ORACLE_ROOT, 'node_modules', '@openai', 'codex', 'package.json'), 'utf8')).version;
if (version !== '0.169.0') throw new Error(`expected @openai/codex 0.169.0, found ${version}`);
const { HookRegistry } = await import(pathToFileURL(join(ROOT, 'dist', 'index.js')).href);

// ---------- the cases ----------
const hook = (command, timeout) => ({ type: 'command', command, ...(timeout === undefined ? {} : { timeout }) });
const on = (event, matcher, ...hooks) => ({ [event]: [{ ...(matcher === undefined ? {} : { matcher }), hooks }] });
const F = (name) => `\${ROOT}/fixtures/${name}`;
const tool = (source, command, files) => ({ scenario: 'tool-once', source: { hooks: source }, command, ...(files ? { files } : {}) });

const CASES = [
  {
    id: 'block-rm-rf-json-deny',
    title: 'block-rm-rf.mjs (JSON permissionDecision deny) on a command containing `rm -rf /`: Codex blocks it, the victim folder survives',
    // The guard denies only `rm -rf` of ~ or /: the `: rm -rf /` (a no-op if it ever ran) is what it sees; the
    // `rm -rf ${VICTIM}` is what would show that the command ran.
    ...tool(on('PreToolUse', 'Bash', hook(F('claude/block-rm-rf.mjs'), 10)), ': rm -rf / ; rm -rf ${VICTIM}'),
  },
  {
    id: 'exit2-guard-rm-rf-tmp',
    title: 'exit2-guard.sh (exit 2, reason on stderr) on `rm -rf <tmp dir>`: Codex blocks it, the folder survives',
    ...tool(on('PreToolUse', 'Bash', hook(F('claude/exit2-guard.sh'))), 'rm -rf ${VICTIM}'),
  },
  {
    id: 'block-rm-rf-allows-tmp',
    title: 'block-rm-rf.mjs on `rm -rf <tmp dir>` (not ~ or /: it answers {}): the bridge lets it through, and Codex itself refuses the `rm -f`-style command',
    ...tool(on('PreToolUse', 'Bash', hook(F('claude/block-rm-rf.mjs'), 10)), 'rm -rf ${VICTIM}'),
  },
  {
    // Codex 0.169.0 refuses `rm -f`-style commands on its own (block-rm-rf-allows-tmp), so the two cases
    // below show the hook's block on a deletion Codex does run when no hook objects.
    id: 'exit2-guard-rm-r-tmp',
    title: 'exit2-guard.sh on `rm -r <tmp dir>` (which Codex itself runs): Codex blocks it, the folder survives',
    ...tool(on('PreToolUse', 'Bash', hook(F('claude/exit2-guard.sh'))), 'rm -r ${VICTIM}'),
  },
  {
    id: 'block-rm-rf-allows-rm-r-tmp',
    title: 'control: block-rm-rf.mjs on `rm -r <tmp dir>` (it answers {}): Codex runs it, the folder is gone',
    ...tool(on('PreToolUse', 'Bash', hook(F('claude/block-rm-rf.mjs'), 10)), 'rm -r ${VICTIM}'),
  },
  {
    id: 'harmless-with-post-context',
    title: 'a harmless command under block-rm-rf.mjs, with stdin-as-context.mjs on PostToolUse: it runs, and the context reaches the model',
    ...tool({ ...on('PreToolUse', 'Bash', hook(F('claude/block-rm-rf.mjs'), 10)), ...on('PostToolUse', 'Bash', hook(F('claude/stdin-as-context.mjs'))) }, 'echo harmless >> ran.log'),
  },
  {
    id: 'rewrite-updated-input',
    title: 'rewrite-force-push.mjs (allow + updatedInput): Codex runs the rewritten command',
    ...tool(on('PreToolUse', 'Bash', hook(F('bridge/rewrite-force-push.mjs'), 5)), 'echo git push --force origin main >> ran.log'),
  },
  {
    id: 'stop-continuation',
    title: 'stop-until-active.sh on Stop: the first stop is blocked and Codex continues the turn with the reason; the second (stop_hook_active) ends it',
    scenario: 'message',
    source: { hooks: on('Stop', undefined, hook(F('claude/stop-until-active.sh'))) },
  },
  {
    id: 'ask-is-denied',
    title: "a Claude `ask` (emit-json.mjs) on PreToolUse: Codex cannot ask, so the bridge answers the stricter deny and Codex blocks",
    ...tool(on('PreToolUse', 'Bash', hook(`${F('emit-json.mjs')} '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"confirm this command"}}'`)), 'echo ran >> ran.log'),
  },
  {
    id: 'crash-hook',
    title: 'crash.mjs (throws: exit 1, stack on stderr) on PreToolUse: a non-blocking error, the command runs',
    ...tool(on('PreToolUse', 'Bash', hook(F('bridge/crash.mjs'))), 'echo ran >> ran.log'),
  },
  {
    id: 'timeout-hook',
    title: 'sleep-forever.mjs with timeout 1 on PreToolUse: killed at its timeout, a non-blocking error, the command runs',
    ...tool(on('PreToolUse', 'Bash', hook(F('sleep-forever.mjs'), 1)), 'echo ran >> ran.log'),
  },
];

// ---------- helpers (the test uses the same ones) ----------
const fill = (value, vars) => JSON.parse(Object.entries(vars).reduce((text, [k, v]) => text.replaceAll(`\${${k}}`, v), JSON.stringify(value)));
const unfill = (value, vars) => JSON.parse(Object.entries(vars).reduce((text, [k, v]) => text.replaceAll(v, `\${${k}}`), JSON.stringify(value)));

function install(source, scratch) {
  mkdirSync(join(scratch, '.claude'), { recursive: true });
  writeFileSync(join(scratch, '.claude', 'settings.json'), JSON.stringify(source, null, 2));
  return JSON.parse(execFileSync(process.execPath, [CLI, 'install', '--from', '.claude/settings.json', '--into', 'codex', '--json'], { cwd: scratch, encoding: 'utf8' }));
}

// The claude profile's reading of the source settings on `event` with `payload`.
async function claudeReading(source, event, payload, cwd) {
  const r = new HookRegistry({ profile: 'claude', settings: { enableShellHooks: true, allowProjectHooks: true }, session: { sessionId: 'bridge-engines-codex', cwd }, projectDir: cwd });
  try {
    r.addConfig(source, { source: 'user' });
    const x = await r.dispatch(event, payload);
    return { blocked: x.blocked, reason: x.reason, injectContext: x.injectContext, updatedInput: x.updatedInput, permissionDecision: x.permissionDecision, runs: x.runs.map((u) => ({ outcome: u.outcome, decision: u.decision })) };
  } finally {
    await r.close();
  }
}

// The call Codex made, in Claude's words, from the stdin Codex gave the bridge.
function claudePayload(stdin) {
  const keep = stdin.hook_event_name === 'Stop' ? ['stop_hook_active', 'last_assistant_message'] : ['tool_name', 'tool_input', 'tool_use_id', 'tool_response'];
  return Object.fromEntries(keep.filter((k) => stdin[k] !== undefined && stdin[k] !== null).map((k) => [k, stdin[k]]));
}

// ---------- recording ----------
const SHIM = `#!/usr/bin/env node
// harness-hooks, for the recording: runs node dist/cli.cjs "$@" and tees the stdin Codex gave it and the
// bridge's answer into the hook's cwd (in-bridge.jsonl for run-case.mjs, bridge-log.jsonl for the recorder).
const { spawnSync } = require('node:child_process');
const { appendFileSync, readFileSync } = require('node:fs');
const stdin = readFileSync(0, 'utf8');
const r = spawnSync(process.execPath, [${JSON.stringify(CLI)}, ...process.argv.slice(2)], { input: stdin, encoding: 'utf8', maxBuffer: 64 << 20 });
let parsed = null;
try { parsed = JSON.parse(stdin); } catch {}
appendFileSync('in-bridge.jsonl', JSON.stringify(parsed ?? { unparsed: stdin }) + '\\n');
appendFileSync('bridge-log.jsonl', JSON.stringify({ argv: process.argv.slice(2), stdin, stdout: r.stdout, stderr: r.stderr, exitCode: r.status, signal: r.signal }) + '\\n');
process.stdout.write(r.stdout ?? '');
process.stderr.write(r.stderr ?? '');
process.exit(r.status ?? 1);
`;

const scratch = mkdtempSync(join(tmpdir(), 'hh-record-codex-'));
const bin = join(scratch, 'bin');
mkdirSync(bin);
writeFileSync(join(bin, 'harness-hooks'), SHIM);
chmodSync(join(bin, 'harness-hooks'), 0o755);
process.env.PATH = `${bin}:${process.env.PATH}`; // run-case.mjs hands its PATH to codex, and codex to its hooks
mkdirSync(OUT, { recursive: true });

const wanted = process.argv.slice(2);
for (const c of CASES.filter((x) => wanted.length === 0 || wanted.includes(x.id))) {
  const victim = mkdtempSync(join(tmpdir(), 'hh-victim-'));
  writeFileSync(join(victim, 'keep.txt'), 'keep\n');
  const source = fill(c.source, { ROOT });
  const installed = install(source, join(scratch, c.id));
  const command = c.command === undefined ? undefined : fill(c.command, { VICTIM: victim });
  const o = await runCase({ id: c.id, layers: [{ source: 'user', hooks: installed.config.hooks }], scenario: c.scenario, prompt: 'run the check', ...(command === undefined ? {} : { command }) });
  const logFile = join(o.proj, 'bridge-log.jsonl');
  const bridgeRuns = existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)) : [];
  const ranLog = join(o.proj, 'ran.log');
  const items = o.events.filter((e) => e.type === 'item.completed').map((e) => e.item);
  const codex = {
    version,
    exitCode: o.code,
    commandsRun: items.filter((i) => i.type === 'command_execution').map((i) => ({ command: i.command, exitCode: i.exit_code, status: i.status })),
    ranLog: existsSync(ranLog) ? readFileSync(ranLog, 'utf8').split('\n').filter(Boolean) : [],
    victimExists: existsSync(join(victim, 'keep.txt')),
    agentMessages: items.filter((i) => i.type === 'agent_message').map((i) => i.text),
    modelRequests: o.requests.length,
    model: modelView(o.requests).later,
  };
  const claude = [];
  for (const run of bridgeRuns) {
    const stdin = JSON.parse(run.stdin);
    const payload = claudePayload(stdin);
    claude.push({ event: stdin.hook_event_name, payload, reading: await claudeReading(source, stdin.hook_event_name, payload, ROOT) });
  }
  const fixture = unfill(
    {
      recordedWith: `@openai/codex ${version} (${CODEX.split('/').slice(-4).join('/')}) via ${TOOLS}/run-case.mjs, offline, mock model; harness-hooks bridge from dist/cli.js; regenerate: scripts/record-bridge-engines-codex.mjs`,
      id: c.id,
      title: c.title,
      source,
      scenario: c.scenario,
      ...(command === undefined ? {} : { command }),
      install: installed,
      bridgeRuns,
      codex,
      claude,
    },
    { WORK: o.work, VICTIM: victim, ROOT },
  );
  writeFileSync(join(OUT, `${c.id}.json`), `${JSON.stringify(fixture, null, 1)}\n`);
  console.log(`${c.id}: codex exit ${o.code}, ${bridgeRuns.length} bridge run(s), commands ${JSON.stringify(codex.commandsRun.map((x) => x.command))}, victim ${codex.victimExists ? 'kept' : 'gone'}, ${o.wallMs} ms`);
  rmSync(victim, { recursive: true, force: true });
  rmSync(o.work, { recursive: true, force: true });
}
rmSync(scratch, { recursive: true, force: true });
