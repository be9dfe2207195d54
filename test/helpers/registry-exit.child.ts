// Run as a child process by registry.test.ts: `node --import tsx <this> idle|hung`, printing what happened.
// - idle: one async handler ran; the process must then exit at once (the shared deadline timer is unref'd).
// - hung: a handler that never settles, and nothing else keeps the process alive; the dispatch must still
//   time out (the timer is ref'd while a deadline is pending) and print its result.
// - far: a deadline past setTimeout's range (2^31 ms) and a handler that takes 100 ms; it must finish ok,
//   and the shared timer must not overflow (TimeoutOverflowWarning, then firing at once, 1,000 times a second).
import { HookRegistry } from '../../src/index.js';

const mode = process.argv[2];
const warnings: string[] = [];
process.on('warning', (w) => warnings.push(w.name));
const handlerMs = mode === 'hung' ? 300 : mode === 'far' ? 3_000_000_000 : 30_000;
const registry = new HookRegistry({ deadlines: { handlerMs }, logger: { warn() {} } });
const handler = mode === 'hung' ? () => new Promise<undefined>(() => {}) : mode === 'far' ? () => new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 100)) : async () => undefined;
registry.register('PreCompact', handler, { name: mode });
const result = await registry.dispatch('PreCompact', {});
if (mode === 'far') await new Promise((resolve) => setTimeout(resolve, 50));
process.stdout.write(JSON.stringify({ blocked: result.blocked, outcome: result.runs[0]?.outcome, ...(mode === 'far' ? { warnings } : {}) }));
