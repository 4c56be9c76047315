/**
 * The read-only connection to the stats database (config.statsDbPath), opened lazily on first use and shared
 * by every request. A few connections of one DuckDB instance let queries run side by side (DuckDB runs one
 * query per connection at a time). Every query goes through `query(sql, params)`: values are bound
 * parameters ($1, $2 ...), never spliced into the SQL text.
 */
import fs from 'node:fs';
import { DuckDBInstance, type DuckDBConnection, type DuckDBValue } from '@duckdb/node-api';
import { config } from '../config';

/** Connections kept open (each runs one query at a time). */
const POOL_SIZE = 4;

export type SqlParam = string | number | boolean | null;
export type Row = Record<string, unknown>;

interface Pool {
  path: string;
  instance: DuckDBInstance;
  connections: DuckDBConnection[];
  next: number;
}

let pool: Promise<Pool> | null = null;

export class StatsDbMissingError extends Error {
  constructor(readonly path: string) {
    super(`The stats database ${path} does not exist: run \`npm run ingest\` first.`);
  }
}

async function openPool(path: string): Promise<Pool> {
  if (!fs.existsSync(path)) throw new StatsDbMissingError(path);
  const instance = await DuckDBInstance.create(path, { access_mode: 'READ_ONLY' });
  const connections: DuckDBConnection[] = [];
  for (let i = 0; i < POOL_SIZE; i++) connections.push(await instance.connect());
  return { path, instance, connections, next: 0 };
}

function getPool(): Promise<Pool> {
  if (!pool) {
    pool = openPool(config.statsDbPath);
    pool.catch(() => {
      pool = null; // let a later request retry (e.g. after the ingest finished)
    });
  }
  return pool;
}

/** JS values from DuckDB: HUGEINT/BIGINT sums become numbers (stats never exceed 2^53). */
function plain(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (Array.isArray(value)) return value.map(plain);
  return value;
}

/** Run one SELECT with bound parameters and return plain row objects. */
export async function query<T extends Row = Row>(sql: string, params: readonly SqlParam[] = []): Promise<T[]> {
  const p = await getPool();
  const connection = p.connections[p.next]!;
  p.next = (p.next + 1) % p.connections.length;
  const reader = await connection.runAndReadAll(sql, params as DuckDBValue[]);
  const rows = reader.getRowObjectsJS();
  return rows.map((r) => {
    const out: Row = {};
    for (const [k, v] of Object.entries(r)) out[k] = plain(v);
    return out as T;
  });
}

/** True when the stats database file exists (the API answers 503 otherwise). */
export function statsDbExists(): boolean {
  return fs.existsSync(config.statsDbPath);
}

/** Close the shared instance (tests, benchmarks). */
export async function closeStatsDb(): Promise<void> {
  if (!pool) return;
  const p = await pool.catch(() => null);
  pool = null;
  if (!p) return;
  for (const c of p.connections) c.closeSync();
  p.instance.closeSync();
}
