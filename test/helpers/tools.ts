// Whether a command-line tool a test's hook is written with (jq, python3) is on this machine. Tests that
// need one skip without it, with a visible message: `npm test` must pass with Node alone, and CI
// (.ci/run) installs both so they run there.
import { spawnSync } from 'node:child_process';

export function hasTool(name: string): boolean {
  const found = spawnSync('/bin/sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
  if (!found) console.warn(`harness-hooks tests: \`${name}\` is not installed; the tests whose hooks use it are skipped (CI installs it)`);
  return found;
}
