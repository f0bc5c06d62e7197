import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two test files at a time: vitest's default on a 2-core machine is one (cores − 1), which
    // left a core idle through the long map builds (27 min 50 s for the suite, 2026-11-26).
    poolOptions: { forks: { minForks: 1, maxForks: 2 } },
    // Command-line builds cache in the user cache folder: never the tester's own.
    env: { XDG_CACHE_HOME: join(tmpdir(), `navgen-test-cache-${process.pid}`) },
    // The event loop's turn after each test (a worker held too long loses its RPC to vitest).
    setupFiles: ['./test/helpers/give-way-between-tests.ts'],
    // The default report, then one plain "tests: N passed, N failed" line for CI.
    reporters: ['default', './test/helpers/summary-reporter.ts'],
  },
});
