// Run as a child process by output-cap.test.ts (`node --expose-gc --import tsx <this file> <MB>`), so the
// memory measurement is not disturbed by vitest: runs flood-stdout.mjs through the executor and prints, as
// JSON, what was kept and how much the peak RSS (maxRSS) grew during the run.
//
// Each chunk read from a pipe is a fresh 64 KB Buffer, and V8 collects those lazily (external memory
// triggers a GC only after tens of MB), so even a consumer that drops every chunk peaks ~30 MB above its
// baseline on 50 MB. A minor GC every 5 ms takes that laziness out: what is left is what the executor
// holds (~8 MB when it drops chunks past the cap, 50+ MB when it keeps them).
import { CommandExecutor } from '../../src/executor/index.js';
import { fixture } from '../helpers/fixtures.js';

const megabytes = Number(process.argv[2] ?? 50);
const executor = new CommandExecutor({ logger: { warn: () => {} } });
// Warm up: load execa and spawn once, so their memory is in the baseline.
await executor.run({ type: 'command', command: 'true' }, {});
const gc = (globalThis as { gc?: (options?: { type: 'minor' | 'major' }) => void }).gc;
if (gc === undefined) throw new Error('run with --expose-gc');
gc();
const before = process.resourceUsage().maxRSS;
const collector = setInterval(() => gc({ type: 'minor' }), 5);
const r = await executor.run({ type: 'command', command: `${fixture('flood-stdout.mjs')} ${megabytes}` }, {});
const after = process.resourceUsage().maxRSS;
clearInterval(collector);
process.stdout.write(
  JSON.stringify({
    exitCode: r.exitCode,
    timedOut: r.timedOut,
    stdoutBytes: Buffer.byteLength(r.stdout),
    stdoutTruncated: r.stdoutTruncated,
    decision: r.decision,
    peakRssGrowthBytes: (after - before) * 1024,
    durationMs: r.durationMs,
  }),
);
