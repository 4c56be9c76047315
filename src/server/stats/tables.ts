/**
 * Which optional (derived) tables the open stats database has. Queries fall back to the possession table
 * when an aggregate is missing (a database built before the aggregate existed).
 */
import { query } from '../db/statsDb';

let tables: Promise<Set<string>> | null = null;

export async function hasAggregate(name: string): Promise<boolean> {
  tables ??= query<{ table_name: string }>('SELECT table_name FROM duckdb_tables()').then(
    (rows) => new Set(rows.map((r) => r.table_name)),
    (err: unknown) => {
      tables = null;
      throw err;
    },
  );
  return (await tables).has(name);
}

/** Forget what was learnt (tests that switch databases). */
export function resetTableCache(): void {
  tables = null;
}
