// Vitest globalSetup: after the whole run, fails loudly if any process this run started from fixtures/ is
// still running (a leaked hook or grandchild means a kill path is broken). The run's temporary files go to a
// folder of its own (TMPDIR, which os.tmpdir() and the hooks' shells read), removed at the end, and the
// bridges it starts keep their code cache there, not in the user's cache folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIXTURES_DIR } from './fixtures.js';
import { environOf, listProcesses } from './processes.js';

// This run's mark: set before the test workers start, so they and every hook they spawn inherit it. The
// check below looks only at processes that carry it — another run of the suite on the same machine (a
// colleague's, a second checkout) is not this run's business.
const RUN = `HARNESS_HOOKS_TEST_RUN=${process.pid}.${Date.now()}`;

// Live processes of this run whose command line mentions the fixtures directory (zombies are not counted),
// other than this process.
function findFixtureProcesses(): string[] {
  return listProcesses()
    .filter((p) => p.pid !== process.pid && p.cmdline.includes(`${FIXTURES_DIR}/`) && environOf(p.pid)?.includes(RUN) === true)
    .map((p) => `${p.pid} ${p.cmdline}`);
}

export default function setup(): () => Promise<void> {
  const eq = RUN.indexOf('=');
  process.env[RUN.slice(0, eq)] = RUN.slice(eq + 1);
  const temp = mkdtempSync(join(tmpdir(), 'hh-test-run-'));
  process.env.TMPDIR = temp;
  process.env.HARNESS_HOOKS_CODE_CACHE = join(temp, 'code-cache');
  return async function teardown() {
    try {
      await checkLeftRunning();
    } finally {
      rmSync(temp, { recursive: true, force: true, maxRetries: 3 });
    }
  };
}

async function checkLeftRunning(): Promise<void> {
  // Killed processes may need a moment to be reaped; give them up to 2 s before failing.
  let left = findFixtureProcesses();
  for (let i = 0; i < 20 && left.length > 0; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    left = findFixtureProcesses();
  }
  if (left.length === 0) return;
  const message = `\n\n!!! ${left.length} fixture process(es) left running after the tests (now killed):\n${left.map((l) => `  ${l}`).join('\n')}\n`;
  console.error(message);
  // Report first, then clean up what the tests leaked (by pid), so a failing run leaves nothing behind.
  for (const line of left) {
    try {
      process.kill(Number(line.split(' ', 1)[0]), 'SIGKILL');
    } catch {
      // already gone
    }
  }
  // Vitest only logs an error thrown by a global teardown ("error during close") and still exits 0;
  // the exit code is what CI sees.
  process.exitCode = 1;
  throw new Error(`fixture processes left running: ${left.join('; ')}`);
}
