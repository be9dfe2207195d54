import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One file per core (Vitest's default is one fewer than the cores: a single file at a time on a 2-core
    // machine). Measured on 2 cores: 488 s with one, 314 s with two, 326 s with four (the hooks the tests
    // spawn need the CPU too, and timing tests flaked).
    maxWorkers: Math.max(2, availableParallelism()),
    testTimeout: 30_000,
    hookTimeout: 30_000,
    globalSetup: ['test/helpers/global-setup.ts'],
    setupFiles: ['test/helpers/file-leaks.ts'],
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'] },
  },
});
