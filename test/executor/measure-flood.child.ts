// Run as a child process by output-cap.test.ts (`node --import tsx <this file> <MB>`), so the memory
// measurement is not disturbed by vitest: runs flood-stdout.mjs through the executor and prints, as JSON,
// what was kept and how much the peak RSS (maxRSS) grew during the run.
//
// Each chunk read from a pipe is a fresh 64 KB Buffer that V8 frees lazily, so a consumer that reads a
// flood in-process (even dropping every chunk) peaks ~30 MB above its baseline; past the cap the executor
// hands the pipe to a `cat` child instead (drain.ts), and the growth stays near zero.
import { CommandExecutor } from '../../src/executor/index.js';
import { fixture } from '../helpers/fixtures.js';

const megabytes = Number(process.argv[2] ?? 50);
const executor = new CommandExecutor({ logger: { warn: () => {} } });
// Warm up: load child_process and spawn once, so their memory is in the baseline.
await executor.run({ type: 'command', command: 'true' }, {});
const before = process.resourceUsage().maxRSS;
const r = await executor.run({ type: 'command', command: `${fixture('flood-stdout.mjs')} ${megabytes}` }, {});
const after = process.resourceUsage().maxRSS;
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
