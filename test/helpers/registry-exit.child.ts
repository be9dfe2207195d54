// Run as a child process by registry.test.ts: `node --import tsx <this> idle|hung`, printing what happened.
// - idle: one async handler ran; the process must then exit at once (the shared deadline timer is unref'd).
// - hung: a handler that never settles, and nothing else keeps the process alive; the dispatch must still
//   time out (the timer is ref'd while a deadline is pending) and print its result.
import { HookRegistry } from '../../src/index.js';

const mode = process.argv[2];
const registry = new HookRegistry({ deadlines: { handlerMs: mode === 'hung' ? 300 : 30_000 }, logger: { warn() {} } });
registry.register('PreCompact', mode === 'hung' ? () => new Promise(() => {}) : async () => undefined, { name: mode });
const result = await registry.dispatch('PreCompact', {});
process.stdout.write(JSON.stringify({ blocked: result.blocked, outcome: result.runs[0]?.outcome }));
