/**
 * Computation scopes of the stats database (src/server/db/statsDb.ts withScope) on the test database: a query
 * asked for after its computation ended is refused (its connection belongs to the pool again), and a computation
 * stopped by its timeout leaves no temporary table on the connection it gives back.
 */
import { describe, expect, it } from 'vitest';
import { config } from '../../../../src/server/config';
import { QueryInterruptedError, withScope, type StatsScope } from '../../../../src/server/db/statsDb';
import { HAS_DB } from '../../../api/helpers';

describe.skipIf(!HAS_DB)('withScope', () => {
  it('refuses a query asked for after the computation ended', async () => {
    let kept: StatsScope | null = null;
    await withScope(async (db) => {
      kept = db;
      await db.query('SELECT 1');
    });
    await expect(kept!.query('SELECT 1')).rejects.toBeInstanceOf(QueryInterruptedError);
  });

  it('a computation stopped by its timeout gives its connection back without its temporary tables', async () => {
    const timeout = new AbortController();
    const stopped = withScope(async (db) => {
      await db.query('CREATE TEMP TABLE left_behind AS SELECT 1 AS x');
      timeout.abort();
      await db.query('SELECT * FROM left_behind');
    }, timeout.signal);
    await expect(stopped).rejects.toBeInstanceOf(QueryInterruptedError);
    // Hold every pooled connection at once, so each one is asked.
    const counts = await Promise.all(
      Array.from({ length: Math.max(1, config.statsDbConnections) }, () =>
        withScope(async (db) => {
          const [row] = await db.query<{ n: number }>('SELECT count(*)::INTEGER AS n FROM duckdb_tables() WHERE temporary');
          await new Promise((resolve) => setTimeout(resolve, 50));
          return row!.n;
        }),
      ),
    );
    expect(counts).toEqual(counts.map(() => 0));
  });
});
