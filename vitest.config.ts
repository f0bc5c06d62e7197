import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // The default report, then one plain "tests: N passed, N failed" line for CI.
    reporters: ['default', './test/helpers/summary-reporter.ts'],
  },
});
