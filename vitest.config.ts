import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Most tests wait on hook processes and timers, not the CPU: two files per core (Vitest's default is
    // one fewer than the cores, a single file at a time on a 2-core machine).
    maxWorkers: Math.max(2, availableParallelism() * 2),
    testTimeout: 30_000,
    hookTimeout: 30_000,
    globalSetup: ['test/helpers/global-setup.ts'],
    setupFiles: ['test/helpers/file-leaks.ts'],
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'] },
  },
});
