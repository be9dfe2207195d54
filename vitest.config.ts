import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Two projects. `unit` (`npm test`, the README's test command): every module of src/ and every profile's
// own rules, in process and with real hook processes. `e2e` (`npm run test:e2e`): the suites that run whole
// harness scenarios many times over — the recorded real-engine runs replayed (each profile's conformance
// suite, Claude Code's oracle cases, the bridge in the real Codex and Gemini engines), the public hook
// scripts of each harness run as real processes (the compatibility suites), those and the recordings
// replayed across every host (compat-hosted, differential), hostile settings, hooks and payloads against
// all six profiles, and the timeline page in a real browser. CI (.ci/run) runs both; `npm run test:all`
// runs both in one go. On a shared 2-core machine most of the time is the hook processes the tests start
// (a node hook costs ≈100 ms of CPU), so the split is what keeps `npm test` to about three minutes.
export const E2E = [
  'test/profiles/*/conformance.test.ts',
  'test/profiles/claude/oracle.test.ts',
  'test/cli/bridge-engines-*.test.ts',
  'test/profiles/*/compat.test.ts',
  'test/dialects/compat-hosted.test.ts',
  'test/dialects/differential.test.ts',
  'test/profiles/hostile/*.test.ts',
  'test/cli/timeline.test.ts',
];

export default defineConfig({
  test: {
    // One file per core (Vitest's default is one fewer than the cores: a single file at a time on a 2-core
    // machine). Measured on 2 cores: 488 s with one, 314 s with two, 326 s with four (the hooks the tests
    // spawn need the CPU too, and timing tests flaked).
    maxWorkers: Math.max(2, availableParallelism()),
    testTimeout: 30_000,
    hookTimeout: 30_000,
    globalSetup: ['test/helpers/global-setup.ts'],
    setupFiles: ['test/helpers/file-leaks.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: E2E,
          // The files of a worker share its module graph instead of importing src/ afresh each (Vitest still
          // runs the setup file, and so the leak check, per file). Measured on 2 cores: 168 s isolated,
          // 134 s shared, the same 105 files passing; each file restores the environment it changes.
          isolate: false,
          typecheck: { enabled: true, include: ['test/**/*.test-d.ts'] },
        },
      },
      { extends: true, test: { name: 'e2e', include: E2E } },
    ],
  },
});
