// Runs one command hook that prints 1 GiB and reports the peak RSS growth of this process (maxRSS after
// minus maxRSS before), in a fresh process so the bench's own heap does not pollute it.
// `node flood-rss.mjs raw` does the same with a bare child_process.spawn that discards every chunk,
// the floor that Node itself sets (pipe buffers are freed lazily, by GC).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CommandExecutor } from '../dist/index.js';

const flood = fileURLToPath(new URL('../fixtures/flood-stdout.mjs', import.meta.url));
const command = `node ${flood} 1024`;
const raw = process.argv[2] === 'raw';

const rawRun = () =>
  new Promise((resolve) => {
    const child = spawn('/bin/sh', ['-c', command], { detached: true });
    let kept = 0;
    child.stdout.on('data', (c) => (kept = Math.min(64_000, kept + c.length)));
    child.stderr.resume();
    child.on('close', () => resolve({ kept, truncated: true }));
    child.stdin.end('{}');
  });

const executor = new CommandExecutor({ logger: { warn() {} } });
// Warm up (loads child_process), so the baseline includes it.
await executor.run({ type: 'command', command: 'echo {}' }, {});
const before = process.resourceUsage().maxRSS;
const t0 = performance.now();
let kept;
let truncated;
if (raw) ({ kept, truncated } = await rawRun());
else {
  const r = await executor.run({ type: 'command', command, timeout_ms: 30_000 }, { hook_event_name: 'PostToolUse' });
  if (r.timedOut) throw new Error('the 1 GiB hook timed out');
  kept = Buffer.byteLength(r.stdout);
  truncated = r.stdoutTruncated;
}
const ms = performance.now() - t0;
const after = process.resourceUsage().maxRSS;
console.log(JSON.stringify({ growthMb: (after - before) / 1024, kept, truncated, ms }));
