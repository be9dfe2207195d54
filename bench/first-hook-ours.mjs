// One fresh process, as a harness starts: import the library, make a claude registry, load a settings
// file with one command hook, dispatch PreToolUse once. Prints the result's decision and the run's
// durationMs. argv: <user settings folder> <project folder>.
import { HookRegistry } from '../dist/index.js';

const [userDir, projectDir] = process.argv.slice(2);
const registry = new HookRegistry({ profile: 'claude', settings: { enableShellHooks: true }, session: { sessionId: 'bench', cwd: projectDir }, logger: { warn() {} } });
await registry.loadSettings({ userDir, projectDir, managedFile: false });
const r = await registry.dispatch('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't1' });
process.stdout.write(`${JSON.stringify({ decision: r.permissionDecision ?? null, durationMs: r.runs[0]?.durationMs })}\n`);
