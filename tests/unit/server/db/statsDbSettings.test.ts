/**
 * DuckDB's threads and memory_limit for the stats database come from configuration (STATS_DB_THREADS,
 * STATS_DB_MEMORY_LIMIT in src/server/config.ts), not DuckDB's defaults (every core, 80 % of the machine's RAM):
 * read back from the server's own connection with DuckDB's current_setting.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { config } from '../../../../src/server/config';
import { closeStatsDb, query } from '../../../../src/server/db/statsDb';
import { HAS_DB } from '../../../api/helpers';

describe.skipIf(!HAS_DB)('the stats database instance', () => {
  afterAll(async () => {
    await closeStatsDb();
  });

  it('runs with the configured threads and memory limit (their defaults: config.test.ts)', async () => {
    const [row] = await query<{ threads: bigint | number }>("SELECT current_setting('threads') AS threads");
    expect(Number(row!.threads)).toBe(config.statsDbThreads);
    const [limit] = await query<{ v: string }>("SELECT current_setting('memory_limit') AS v");
    // DuckDB prints the limit in binary units: 700MB (7 * 10^8 bytes) is 667.5 MiB
    const [value, unit] = limit!.v.split(' ');
    const bytes = Number(value) * { KiB: 1024, MiB: 1024 ** 2, GiB: 1024 ** 3, TiB: 1024 ** 4 }[unit as 'KiB']!;
    const [, n, u] = /^([\d.]+)(\w+)$/.exec(config.statsDbMemoryLimit)!;
    const wanted = Number(n) * { KB: 1e3, MB: 1e6, GB: 1e9, TB: 1e12, KIB: 1024, MIB: 1024 ** 2, GIB: 1024 ** 3, TIB: 1024 ** 4 }[u!.toUpperCase() as 'KB']!;
    expect(Math.abs(bytes - wanted) / wanted).toBeLessThan(0.01);
    // as the environment sets them (npm test runs vitest's instances on one thread: scripts/test-all.mjs)
    expect(config.statsDbThreads).toBe(Number(process.env.STATS_DB_THREADS ?? 2));
    expect(config.statsDbMemoryLimit).toBe(process.env.STATS_DB_MEMORY_LIMIT ?? '700MB');
  });
});
