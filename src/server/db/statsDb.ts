/**
 * The read-only connection to the stats database (config.statsDbPath), opened lazily on first use and shared
 * by every request. A small pool of connections of one DuckDB instance lets queries run side by side; each
 * query takes a connection for itself and gives it back. Every query goes through `query(sql, params)`:
 * values are bound parameters ($1, $2 ...), never spliced into the SQL text.
 *
 * Two handles with one interface (StatsDb), passed explicitly down the layers (answers -> dispatch -> views ->
 * SQL), never found through ambient state:
 * - `statsDb`: every query takes a pooled connection for itself (pages and lookups outside a computation);
 * - a scope (`withScope(fn)` gives fn a StatsScope): one connection for a whole computation (temporary tables
 *   are per connection), so a computation can materialise its filtered possessions once
 *   (src/server/stats/sample.ts) and run every aggregate over that small table. Its queries run one after
 *   another on its connection.
 */
import fs from 'node:fs';
import { DuckDBInstance, type DuckDBConnection, type DuckDBValue } from '@duckdb/node-api';
import { config } from '../config';

/** Connections kept open. */
const POOL_SIZE = Math.max(1, config.statsDbConnections);

export type SqlParam = string | number | boolean | null;
export type Row = Record<string, unknown>;

interface Pool {
  path: string;
  instance: DuckDBInstance;
  idle: DuckDBConnection[];
  waiting: ((c: DuckDBConnection) => void)[];
}

let pool: Promise<Pool> | null = null;

/** The stats database cannot answer: not built yet, or damaged. Pages and the API answer 503. */
export class StatsDbUnavailableError extends Error {}

export class StatsDbMissingError extends StatsDbUnavailableError {
  constructor(readonly path: string) {
    super(`The stats database ${path} does not exist: run \`npm run ingest\` first.`);
  }
}

/**
 * The stats database file is damaged (DuckDB found a block whose checksum does not match, or could not read
 * it). Visitors get a 503 with a message that names no path; the log names the file, once, and the process
 * stops calling itself ready (statsDbHealth).
 */
export class StatsDbDamagedError extends StatsDbUnavailableError {
  constructor(readonly path: string, cause: unknown) {
    super('The stats database is damaged; the site\'s operator has been alerted. Please try again later.', { cause });
  }
}

/** DuckDB's messages for a file that cannot be trusted. */
const DAMAGED = /Corrupt database file|does not match stored checksum|IO Error: .*(read|block)|Serialization Error|INTERNAL Error/i;

let damagedSince: number | null = null;

/** Whether the stats database has answered every read so far (false once a damaged block was met). */
export function statsDbHealth(): { healthy: boolean; damagedSince: number | null } {
  return { healthy: damagedSince === null, damagedSince };
}

/** A query's error, as the stats API should see it: a damaged file becomes StatsDbDamagedError (logged once). */
function classify(error: unknown, path: string): unknown {
  const message = error instanceof Error ? error.message : String(error);
  if (!DAMAGED.test(message)) return error;
  if (damagedSince === null) {
    damagedSince = Date.now();
    console.error(`STATS_DB_PATH=${JSON.stringify(path)} is damaged: ${message.split('\n')[0]}. Rebuild it with \`npm run ingest\` or restore a copy; stats answer 503 until then.`);
  }
  return new StatsDbDamagedError(path, error);
}

async function openPool(path: string): Promise<Pool> {
  if (!fs.existsSync(path)) throw new StatsDbMissingError(path);
  const instance = await DuckDBInstance.create(path, { access_mode: 'READ_ONLY' }).catch((error: unknown) => {
    throw classify(error, path);
  });
  const idle: DuckDBConnection[] = [];
  for (let i = 0; i < POOL_SIZE; i++) idle.push(await instance.connect());
  return { path, instance, idle, waiting: [] };
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

async function acquire(): Promise<{ p: Pool; c: DuckDBConnection }> {
  const p = await getPool();
  const c = p.idle.pop();
  if (c) return { p, c };
  return new Promise((resolve) => p.waiting.push((conn) => resolve({ p, c: conn })));
}

function release(p: Pool, c: DuckDBConnection): void {
  const next = p.waiting.shift();
  if (next) next(c);
  else p.idle.push(c);
}

/** JS values from DuckDB: HUGEINT/BIGINT sums become numbers (stats never exceed 2^53), dates YYYY-MM-DD. */
function plain(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (Array.isArray(value)) return value.map(plain);
  return value;
}

/** STATS_DB_LOG=1 prints every query's time (development). */
const LOG = config.statsDbLog;

async function runOn<T extends Row>(c: DuckDBConnection, sql: string, params: readonly SqlParam[]): Promise<T[]> {
  const t0 = LOG ? performance.now() : 0;
  const reader = await c.runAndReadAll(sql, params as DuckDBValue[]);
  if (LOG) console.error(`[sql ${(performance.now() - t0).toFixed(1)} ms, ${reader.currentRowCount} rows] ${sql.replace(/\s+/g, ' ').slice(0, config.statsDbLogFull ? undefined : 160)}`);
  const rows = reader.getRowObjectsJS() as Row[];
  for (const r of rows) {
    // In place: most values (DOUBLE sums, strings) are already plain.
    for (const k in r) {
      const v = r[k];
      if (typeof v === 'bigint' || v instanceof Date || Array.isArray(v)) r[k] = plain(v);
    }
  }
  return rows as T[];
}

interface Scope {
  connection: DuckDBConnection;
  /** queries of the scope run one after another */
  chain: Promise<unknown>;
  /** named values the scope's owner stores (e.g. its temporary tables) */
  data: Map<string, unknown>;
  /** set when the scope's signal fired: the running query was interrupted, later ones are refused */
  aborted: boolean;
  /** set when the computation ended and its connection went back to the pool: later queries are refused */
  closed: boolean;
}

/** A query of a scope whose signal fired (the request timed out): DuckDB was interrupted. */
export class QueryInterruptedError extends Error {
  constructor() {
    super('The query was interrupted.');
  }
}

/** Where stats SQL runs: `query` binds the parameters and returns plain row objects. */
export interface StatsDb {
  query<T extends Row = Row>(sql: string, params?: readonly SqlParam[]): Promise<T[]>;
  /** a scope's named values (e.g. its temporary tables); absent on the pooled handle */
  readonly data?: Map<string, unknown>;
}

/** A computation's handle: one connection, queries one after another, named values kept for its length. */
export interface StatsScope extends StatsDb {
  readonly data: Map<string, unknown>;
}

/** Run one statement with bound parameters on a pooled connection and return plain row objects. */
export async function query<T extends Row = Row>(sql: string, params: readonly SqlParam[] = []): Promise<T[]> {
  const { p, c } = await acquire();
  try {
    return await runOn<T>(c, sql, params);
  } catch (error) {
    throw classify(error, p.path);
  } finally {
    release(p, c);
  }
}

/** The pooled handle (outside a computation). */
export const statsDb: StatsDb = { query };

/**
 * Run fn with one connection reserved for it (see the module comment), given to fn as its scope. When `signal`
 * fires, the query running on the connection is interrupted (DuckDB's connection.interrupt) and the scope's
 * later queries are refused, so fn ends soon with an error.
 */
export async function withScope<T>(fn: (scope: StatsScope) => Promise<T>, signal?: AbortSignal): Promise<T> {
  if (signal?.aborted) throw new QueryInterruptedError();
  const { p, c } = await acquire();
  const scope: Scope = { connection: c, chain: Promise.resolve(), data: new Map(), aborted: false, closed: false };
  const handle: StatsScope = {
    data: scope.data,
    query<T extends Row = Row>(sql: string, params: readonly SqlParam[] = []): Promise<T[]> {
      const result = scope.chain.then(async () => {
        // A query asked for after the computation ended (a lookup another request waits for, still running when
        // its owner failed) must not run on a connection another computation now holds.
        if (scope.aborted || scope.closed) throw new QueryInterruptedError();
        try {
          return await runOn<T>(scope.connection, sql, params);
        } catch (error) {
          // The query DuckDB stopped because the scope's signal fired fails as an interruption, like later ones.
          throw scope.aborted ? new QueryInterruptedError() : classify(error, p.path);
        }
      });
      scope.chain = result.catch(() => undefined);
      return result;
    },
  };
  const onAbort = () => {
    scope.aborted = true;
    c.interrupt();
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    if (signal?.aborted) throw new QueryInterruptedError();
    return await fn(handle);
  } finally {
    signal?.removeEventListener('abort', onAbort);
    await scope.chain; // a failed request may leave queries queued: let them finish before the connection is reused
    scope.closed = true;
    // An interrupted computation could not drop its temporary tables (its later queries were refused): drop
    // them here, so the pooled connection goes back clean.
    if (scope.aborted) await dropTemporaryTables(c).catch(() => undefined);
    release(p, c);
  }
}

/** Drop every temporary table of a connection (their names come from the catalog, never from a request). */
async function dropTemporaryTables(c: DuckDBConnection): Promise<void> {
  const reader = await c.runAndReadAll("SELECT table_name FROM duckdb_tables() WHERE temporary AND database_name = 'temp'");
  for (const [name] of reader.getRows()) await c.run(`DROP TABLE IF EXISTS temp.main."${String(name).replace(/"/g, '""')}"`);
}

/** Close the shared instance (tests, benchmarks). */
export async function closeStatsDb(): Promise<void> {
  if (!pool) return;
  const p = await pool.catch(() => null);
  pool = null;
  if (!p) return;
  for (const c of p.idle) c.closeSync();
  p.instance.closeSync();
}
