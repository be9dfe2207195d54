// Runs one command hook that prints 1 GiB through the executor and reports the peak RSS growth of this
// process (maxRSS after minus maxRSS before), so the measurement is not polluted by the bench's own heap.
import { fileURLToPath } from 'node:url';
import { CommandExecutor } from '../dist/index.js';

const flood = fileURLToPath(new URL('../fixtures/flood-stdout.mjs', import.meta.url));
const executor = new CommandExecutor({ logger: { warn() {} } });
// Warm up: load execa and run one small command, so the baseline includes them.
await executor.run({ type: 'command', command: 'echo {}' }, {});
global.gc?.();
const before = process.resourceUsage().maxRSS;
const t0 = performance.now();
const r = await executor.run({ type: 'command', command: `node ${flood} 1024`, timeout_ms: 30_000 }, { hook_event_name: 'PostToolUse' });
const ms = performance.now() - t0;
const after = process.resourceUsage().maxRSS;
if (r.timedOut) throw new Error('the 1 GiB hook timed out');
console.log(JSON.stringify({ growthMb: (after - before) / 1024, kept: Buffer.byteLength(r.stdout), truncated: r.stdoutTruncated, ms }));
