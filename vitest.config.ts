import { defineConfig } from 'vitest/config';

/**
 * Two projects:
 * - "unit": unit and data tests (tests/**\/*.test.ts) in plain Node. Data tests read the stats database at
 *   STATS_DB_PATH (scripts/test-all.mjs points it at data/test-stats.duckdb). Its global setup starts a
 *   throwaway PostgreSQL (tests/support/pgGlobalSetup.ts) for the accounts tests that run on both stores.
 * - "components": .astro components through Astro's container API (vitest.components.config.ts).
 * The Playwright suite (tests/e2e, *.spec.ts) runs separately.
 */
export default defineConfig({
  test: {
    // A test file per core at a time: vitest's default (cores - 1) runs ONE file at a time on the 2-core CI
    // machine, leaving a core idle while a file waits on DuckDB, a spawned server or its own imports (README:
    // Test run time).
    maxWorkers: '100%',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // The accounts tests run on both stores: a throwaway PostgreSQL for the run (or TEST_DATABASE_URL).
          globalSetup: ['tests/support/pgGlobalSetup.ts'],
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/e2e/**', 'tests/unit/components/**', 'node_modules/**'],
        },
      },
      './vitest.components.config.ts',
    ],
  },
});
