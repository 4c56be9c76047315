import { defineConfig } from 'vitest/config';

/**
 * Unit and data tests (tests/**\/*.test.ts). The Playwright suite (tests/e2e, *.spec.ts) runs separately.
 * Data tests read the stats database at STATS_DB_PATH (scripts/test-all.mjs points it at data/test-stats.duckdb).
 */
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
