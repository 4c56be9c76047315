/**
 * Schema migrations on PostgreSQL (the shared accounts store): the same MIGRATIONS list as SQLite, its
 * `postgres` SQL, with the applied versions recorded in the table schema_migrations.
 */
import type pg from 'pg';
import { MIGRATIONS, type Migration } from './migrations.ts';

/** Key of the advisory lock that serialises migrations when several nodes start at the same moment. */
const MIGRATION_LOCK = 7_263_501_414;

export type Queryable = pg.Pool | pg.PoolClient;

/** Runs fn in one transaction on one pooled connection (all or nothing). */
export async function inTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    // A connection whose statement timed out (or whose rollback fails) may be out of step: the pool drops it.
    await client.query('ROLLBACK').catch((rollback: unknown) => {
      broken = rollback instanceof Error ? rollback : new Error(String(rollback));
    });
    if (error instanceof Error && /timeout|Connection terminated/i.test(error.message)) broken = error;
    throw error;
  } finally {
    client.release(broken);
  }
}

/** The last migration version applied to the database (0 for a new one). */
export async function appliedVersion(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ version: number | null }>('SELECT max(version) AS version FROM schema_migrations');
  return rows[0]?.version ?? 0;
}

/**
 * Applies the migrations the database has not seen yet, each in its own transaction together with its row in
 * schema_migrations; returns the resulting version. A transaction-scoped advisory lock makes nodes that start
 * together take turns, and each re-reads the version under the lock, so no migration runs twice.
 */
export async function migratePostgres(pool: pg.Pool, migrations: readonly Migration[] = MIGRATIONS): Promise<number> {
  await inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version     INTEGER PRIMARY KEY,
      description TEXT NOT NULL,
      applied_at  TIMESTAMPTZ NOT NULL DEFAULT now()
    )`);
  });
  for (const migration of migrations) {
    try {
      await inTransaction(pool, async (client) => {
        await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
        if (migration.version <= (await appliedVersion(client))) return;
        await client.query(migration.postgres);
        await client.query('INSERT INTO schema_migrations (version, description) VALUES ($1, $2)', [migration.version, migration.description]);
      });
    } catch (error) {
      throw new Error(`Accounts migration ${migration.version} (${migration.description}) failed: ${String(error)}`);
    }
  }
  return appliedVersion(pool);
}
