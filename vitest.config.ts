import { defineConfig } from 'vitest/config';

/**
 * Two projects:
 * - "unit": unit and data tests (tests/**\/*.test.ts) in plain Node. Data tests read the stats database at
 *   STATS_DB_PATH (scripts/test-all.mjs points it at data/test-stats.duckdb).
 * - "components": .astro components through Astro's container API (vitest.components.config.ts).
 * The Playwright suite (tests/e2e, *.spec.ts) runs separately.
 */
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/e2e/**', 'tests/unit/components/**', 'node_modules/**'],
        },
      },
      './vitest.components.config.ts',
    ],
  },
});
