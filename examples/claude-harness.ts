// A harness that runs Claude Code hooks unchanged (the claude profile): a plugin's hooks/hooks.json, a
// settings.json guard, an Agent SDK callback and an async formatter. Run it with `npm run example:claude`.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { HookRegistry } from '../src/index.js';

const fixtures = fileURLToPath(new URL('../fixtures/claude/', import.meta.url));
const registry = new HookRegistry({
  profile: 'claude',
  settings: { enableShellHooks: true, allowProjectHooks: true, enablePluginHooks: true },
  session: { sessionId: 'demo', cwd: process.cwd(), transcriptPath: '/tmp/demo.jsonl' },
  onHookStart: ({ name, statusMessage }) => console.log(`   … ${statusMessage ?? name}`),
});

// A plugin, wired exactly as Claude Code wires it.
const pluginRoot = `${fixtures}plugin`;
registry.addConfig(JSON.parse(readFileSync(`${pluginRoot}/hooks/hooks.json`, 'utf8')), { source: 'plugin', pluginRoot });
// The user's settings.json: a guard, and an async formatter on edits.
registry.addConfig(
  {
    hooks: {
      PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: `node ${fixtures}block-rm-rf.mjs`, statusMessage: 'Checking the command…' }] }],
      PostToolUse: [{ matcher: 'Edit|Write', hooks: [{ type: 'command', command: `sleep 0.1; echo '{"systemMessage":"formatted"}'`, async: true }] }],
    },
  },
  { source: 'user' },
);
// An Agent SDK callback, registered unchanged.
registry.registerSdkHooks({
  UserPromptSubmit: [{ hooks: [async (input) => ({ hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: `(prompt of ${input.hook_event_name === 'UserPromptSubmit' ? input.prompt.length : 0} characters)` } })] }],
});

const show = (label: string, r: object) => console.log(`== ${label}\n${JSON.stringify(r, (k, v) => (k === 'runs' ? undefined : v), 2)}\n`);
show('SessionStart', await registry.dispatch('SessionStart', { source: 'startup' }));
show('UserPromptSubmit', await registry.dispatch('UserPromptSubmit', { prompt: 'tidy the repo' }));
show('PreToolUse ls', await registry.dispatch('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't1' }));
show('PreToolUse rm -rf ~', await registry.dispatch('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'rm -rf ~' }, tool_use_id: 't2' }));
show('PostToolUse Edit', await registry.dispatch('PostToolUse', { tool_name: 'Edit', tool_input: { file_path: 'a.ts' }, tool_response: {}, tool_use_id: 't3' }));
await new Promise((resolve) => setTimeout(resolve, 400));
console.log('Background results:', registry.takeAsyncResults().map((r) => ({ name: r.name, exitCode: r.exitCode, output: r.output })));
await registry.close();
