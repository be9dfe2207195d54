// A small simulated harness that embeds harness-hooks: it registers a few in-process handlers, loads
// command hooks from examples/hooks.json, and plays a scripted session, printing what each hook decided.
// Run it with `npm run example`.
import { fileURLToPath } from 'node:url';
import { HookRegistry, loadHooksFile, type DispatchResult, type HookEvent, type HookPayloads } from '../src/index.js';

const here = fileURLToPath(new URL('.', import.meta.url));

const registry = new HookRegistry({
  // The user opted in to shell hooks from their own config.
  settings: { enableShellHooks: true },
  session: { sessionId: 'demo-session', cwd: here, transcriptPath: null },
  toolAliases: { bash: ['Bash'], edit: ['Edit', 'MultiEdit'] },
});

// A policy: never run `rm -rf`.
registry.register(
  'PreToolUse',
  function denyRmRf(payload) {
    const command = String(payload.input?.command ?? '');
    if (/\brm\s+-[a-z]*r[a-z]*f|\brm\s+-[a-z]*f[a-z]*r/.test(command)) {
      return { decision: 'block', reason: `refusing to run "${command}"` };
    }
    return { decision: 'approve' };
  },
  { matcher: 'Bash' },
);

// A context injector: tell the model which branch it is on.
registry.register('UserPromptSubmit', function branchContext() {
  return { injectContext: '[context] git branch: main\n' };
});

// An observer: count tool calls (decides nothing).
const toolCalls: string[] = [];
registry.register('PostToolUse', function countTools(payload) {
  toolCalls.push(payload.toolName);
});

// Session bookkeeping: a greeting on start, and a background flush on end (the dispatch does not wait).
registry.register('SessionStart', function greet(payload) {
  return { injectContext: `[context] session ${payload.sessionId ?? '?'} started` };
});
registry.register(
  'SessionEnd',
  async function flushAuditLog() {
    await new Promise((resolve) => setTimeout(resolve, 20));
    console.log('   (background) audit log flushed');
  },
  { background: true },
);

// Command hooks from a settings-style file (see examples/hooks.json).
const report = registry.addConfig(await loadHooksFile(new URL('hooks.json', import.meta.url)), { source: 'user' });
console.log(`Loaded ${report.added.length} command hook(s) from examples/hooks.json${report.skipped.length ? `, skipped ${report.skipped.length}` : ''}.\n`);

type Step = { [E in HookEvent]: { event: E; payload: HookPayloads[E]; note: string } }[HookEvent];
const session: Step[] = [
  { event: 'SessionStart', payload: { sessionId: 'demo-session' }, note: 'session starts' },
  { event: 'UserPromptSubmit', payload: { prompt: 'clean up the build folder' }, note: 'the user asks' },
  { event: 'PreToolUse', payload: { toolName: 'bash', input: { command: 'ls build' } }, note: 'an allowed command' },
  { event: 'PostToolUse', payload: { toolName: 'bash', input: { command: 'ls build' }, output: 'a.o b.o' }, note: 'it ran' },
  { event: 'PreToolUse', payload: { toolName: 'bash', input: { command: 'rm -rf /' } }, note: 'a dangerous command' },
  { event: 'Stop', payload: { stopHookActive: false, continuation: 0 }, note: 'the turn ends' },
  { event: 'SessionEnd', payload: { reason: 'exit' }, note: 'the session closes' },
];

for (const step of session) {
  const result = await registry.dispatch(step.event, step.payload as never);
  printStep(step.event, step.note, result);
}
await registry.drainBackground();
console.log(`Observer saw tool calls: ${toolCalls.join(', ')}`);

function printStep(event: string, note: string, result: DispatchResult): void {
  const verdict = result.aborted ? 'ABORTED' : result.blocked ? 'BLOCKED' : 'allowed';
  console.log(`== ${event} (${note}) -> ${verdict}`);
  const fields = (['decision', 'reason', 'injectContext', 'updatedInput', 'continue'] as const)
    .filter((k) => result[k] !== undefined)
    .map((k) => `   ${k}: ${JSON.stringify(result[k])}`);
  if (fields.length) console.log(fields.join('\n'));
  const rows = result.runs.map((r) => [r.name, r.kind, r.outcome, `${r.durationMs.toFixed(1)} ms`, r.decision ? JSON.stringify(r.decision) : r.message ?? '']);
  console.log(table(['hook', 'kind', 'outcome', 'time', 'decision / message'], rows));
  console.log('');
}

function table(head: string[], rows: string[][]): string {
  if (rows.length === 0) return '   (no foreground hooks ran)';
  const cut = (s: string) => (s.length > 70 ? `${s.slice(0, 67)}...` : s);
  const all = [head, ...rows.map((r) => r.map(cut))];
  const widths = head.map((_, i) => Math.max(...all.map((r) => r[i]!.length)));
  const line = (r: string[]) => `   | ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), `   |${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...all.slice(1).map(line)].join('\n');
}
