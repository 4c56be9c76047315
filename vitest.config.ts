import fs from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * Test files whose modules one worker keeps from file to file (`isolate: false`): a new worker per file costs about
 * 0.3 s of CPU to start and import, and these files only call functions and handlers, set no environment and mock
 * nothing. Two groups, each in its own workers: the API handlers (they read the test database's season catalogue)
 * and the pure library (it expects the default catalogue). A file that sets the environment, stubs a global, or
 * counts what a module-level cache did is listed in ISOLATED and gets a fresh worker.
 */
const ISOLATED = [
  'tests/api/lineupRowsLimit.test.ts',
  'tests/api/v1Properties.test.ts',
  'tests/api/onOffPools.test.ts',
  'tests/api/planPaths.test.ts',
  'tests/unit/lib/accounts/authClient.test.ts',
  'tests/unit/lib/tables/format.test.ts',
];
const sharedFiles = (pattern: string) => fs.globSync(pattern).filter((f) => !ISOLATED.includes(f));
const API = sharedFiles('tests/api/**/*.test.ts');
const LIB = sharedFiles('tests/unit/lib/**/*.test.ts');

/**
 * The projects:
 * - "unit": unit and data tests (tests/**\/*.test.ts) in plain Node, a fresh worker per file. Data tests read the
 *   stats database at STATS_DB_PATH (scripts/test-all.mjs points it at data/test-stats.duckdb). Its global setup
 *   starts a throwaway PostgreSQL (tests/support/pgGlobalSetup.ts) for the accounts tests that run on both stores.
 * - "api" and "lib": the files above, modules kept from file to file.
 * - "components": .astro components through Astro's container API (vitest.components.config.ts).
 * The Playwright suite (tests/e2e, *.spec.ts) runs separately.
 */
export default defineConfig({
  test: {
    // A test file per core at a time: vitest's default (cores - 1) runs ONE file at a time on the 2-core CI
    // machine, leaving a core idle while a file waits on DuckDB, a spawned server or its own imports.
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
          exclude: ['tests/e2e/**', 'tests/unit/components/**', 'node_modules/**', ...API, ...LIB],
        },
      },
      { extends: true, test: { name: 'api', include: API, isolate: false } },
      { extends: true, test: { name: 'lib', include: LIB, isolate: false } },
      './vitest.components.config.ts',
    ],
  },
});
