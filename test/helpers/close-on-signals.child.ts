// Run by registry.test.ts: a harness with closeOnSignals() and one long-running hook. It prints the hook's
// pid once the hook has started, then waits to be signalled; the parent checks the hook died with it.
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HookRegistry } from '../../src/index.js';

const dir = mkdtempSync(join(tmpdir(), 'harness-hooks-signal-'));
const pidFile = join(dir, 'pid');
const registry = new HookRegistry({ profile: 'claude', settings: { enableShellHooks: true }, logger: { warn() {} } });
registry.closeOnSignals();
registry.addConfig({ hooks: { Stop: [{ hooks: [{ type: 'command', command: `echo $$ > ${pidFile}; exec sleep 1000`, timeout: 600 }] }] } }, { source: 'user' });
void registry.dispatch('Stop', { stop_hook_active: false });
const wait = setInterval(() => {
  if (existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() !== '') {
    clearInterval(wait);
    process.stdout.write(`${readFileSync(pidFile, 'utf8').trim()}\n`);
  }
}, 20);
