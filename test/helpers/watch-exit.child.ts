// Run as a child process by test/watch/watcher.test.ts: `node --import tsx <this> events|poll`. Loads a
// settings file, starts a watcher and never closes it: the process must still exit on its own.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { HookRegistry } from '../../src/index.js';
import { tempDir, write } from './fixtures.js';

const mode = process.argv[2];
const root = tempDir('hh-watch-exit-');
write(join(root, 'home', 'settings.json'), { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] } });
const registry = new HookRegistry({ profile: 'claude', settings: { enableShellHooks: true }, logger: { warn() {} } });
await registry.loadSettings({ userDir: join(root, 'home'), projectDir: root, managedFile: false });
registry.watch(mode === 'poll' ? { pollMs: 10 } : {});
// Long enough for the watcher to start listening.
await new Promise((resolve) => setTimeout(resolve, 200));
rmSync(root, { recursive: true, force: true });
process.stdout.write(`watching ${mode}`);
