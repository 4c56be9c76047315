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
 *
 * The file can be replaced while the server runs (the ingest builds the new one beside it and renames it over
 * the path; the open file is never written). reloadStatsDb() opens the file now at the path, checks it, and
 * switches to it: new queries go to the new file, queries under way finish on the old one, which is let go when
 * its last connection comes back (dropPool). Caches built from the old file are dropped by their owners (onStatsDbChange).
 */
import fs from 'node:fs';
import { DuckDBInstance, type DuckDBConnection, type DuckDBValue } from '@duckdb/node-api';
import { config } from '../config';
import { firstLine, inspectStatsDb, outdatedMessage, unreadableMessage } from './statsDbVersion';
import { SCHEMA_VERSION } from './schema';
import { processSingleton } from '../processSingleton';

/** Connections kept open. */
const POOL_SIZE = Math.max(1, config.statsDbConnections);

export type SqlParam = string | number | boolean | null;
export type Row = Record<string, unknown>;

interface Pool {
  path: string;
  /** the file it has open: device, inode, size and modification time */
  file: string;
  /** 1 for the first file the process opens, then one more per switch */
  generation: number;
  instance: DuckDBInstance;
  idle: DuckDBConnection[];
  waiting: ((c: DuckDBConnection) => void)[];
  /** replaced by a newer file: let go when all its connections are back */
  retired: boolean;
}

/**
 * The process's stats file state. The project's server (SIGHUP) and Astro's bundle (every query) are two module
 * graphs in one process: they share this one object (src/server/processSingleton.ts).
 */
const state = processSingleton('statsDb', () => ({
  pool: null as Promise<Pool> | null,
  generation: 1,
  damagedSince: null as number | null,
  changeListeners: [] as (() => void)[],
  reloading: null as Promise<StatsDbReload> | null,
}));

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


/** Whether the stats database has answered every read so far (false once a damaged block was met). */
export function statsDbHealth(): { healthy: boolean; damagedSince: number | null } {
  return { healthy: state.damagedSince === null, damagedSince: state.damagedSince };
}

/** A query's error, as the stats API should see it: a damaged file becomes StatsDbDamagedError (logged once). */
function classify(error: unknown, path: string): unknown {
  const message = error instanceof Error ? error.message : String(error);
  if (!DAMAGED.test(message)) return error;
  if (state.damagedSince === null) {
    state.damagedSince = Date.now();
    console.error(`STATS_DB_PATH=${JSON.stringify(path)} is damaged: ${message.split('\n')[0]}. Rebuild it with \`npm run ingest\` or restore a copy; stats answer 503 until then.`);
  }
  return new StatsDbDamagedError(path, error);
}

/** The identity of the file now at `path` (null when there is none). */
function fileIdentity(path: string): string | null {
  try {
    const st = fs.statSync(path);
    return `${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}`;
  } catch {
    return null;
  }
}

async function openPool(path: string, number: number): Promise<Pool> {
  const file = fileIdentity(path);
  if (file === null) throw new StatsDbMissingError(path);
  const instance = await DuckDBInstance.create(path, { access_mode: 'READ_ONLY' }).catch((error: unknown) => {
    throw classify(error, path);
  });
  const idle: DuckDBConnection[] = [];
  for (let i = 0; i < POOL_SIZE; i++) idle.push(await instance.connect());
  return { path, file, generation: number, instance, idle, waiting: [], retired: false };
}

function getPool(): Promise<Pool> {
  if (!state.pool) {
    // The first file keeps the current number (answers computed while it opens are its own); a switch counts up.
    const opening = openPool(config.statsDbPath, state.generation);
    state.pool = opening;
    opening.catch(() => {
      if (state.pool === opening) state.pool = null; // let a later request retry (e.g. after the ingest finished)
    });
  }
  return state.pool;
}

function closePool(p: Pool): void {
  for (const c of p.idle.splice(0)) c.closeSync();
  p.instance.closeSync();
}

/**
 * A retired pool, once its last connection is back: dropped, not closed. Closing a DuckDB instance while
 * result objects of its queries still wait for the garbage collector crashed the process (1 switch in 3 under
 * load, tests/e2e/stats-db-update.spec.ts); the collector frees the connections and the instance, and with them
 * the old file, in its own order.
 */
function dropPool(p: Pool): void {
  p.idle.splice(0);
}

/** A connection of pool p for the caller alone, at once or when one comes back (give it back with release). */
function borrow(p: Pool): Promise<DuckDBConnection> {
  const c = p.idle.pop();
  return c ? Promise.resolve(c) : new Promise((resolve) => p.waiting.push(resolve));
}

async function acquire(): Promise<{ p: Pool; c: DuckDBConnection }> {
  const p = await getPool();
  return { p, c: await borrow(p) };
}

function release(p: Pool, c: DuckDBConnection): void {
  const next = p.waiting.shift();
  if (next) next(c);
  else {
    p.idle.push(c);
    if (p.retired && p.idle.length === POOL_SIZE) dropPool(p);
  }
}

/** The number of the file queries go to now: it changes when the server switches files (caches key on it). */
export function statsDbGeneration(): number {
  return state.generation;
}

/** Call `listener` after every switch to a new file (caches built from the old one drop their entries). */
export function onStatsDbChange(listener: () => void): void {
  state.changeListeners.push(listener);
}

/**
 * The file served now, for the operator (/admin/stats-db): its number in this process and what the ingest wrote
 * (builtAt: 'YYYY-MM-DD HH:MM:SS', UTC).
 */
export async function describeStatsDb(): Promise<{ generation: number; builtAt: string; seasons: string; games: number; possessions: number }> {
  const [meta] = await query<{ built_at: string; seasons: string; games_parsed: number; possessions: number }>(
    "SELECT strftime(built_at, '%Y-%m-%d %H:%M:%S') AS built_at, seasons, games_parsed, possessions FROM ingest_meta",
  );
  return {
    generation: state.generation,
    builtAt: meta?.built_at ?? '',
    seasons: meta?.seasons ?? '',
    games: Number(meta?.games_parsed ?? 0),
    possessions: Number(meta?.possessions ?? 0),
  };
}

/** What a reload did. */
export type StatsDbReload =
  | { outcome: 'switched'; generation: number; games: number; possessions: number }
  | { outcome: 'unchanged'; generation: number }
  | { outcome: 'refused'; reason: string };

/**
 * Switch to the file now at STATS_DB_PATH, if it is a new one and passes its checks: the schema version, every
 * table readable (statsDbVersion.ts inspectStatsDb), and no fewer games or possessions than the file served
 * now (an update only adds games). A refused file is closed again and the old one keeps serving. One reload
 * runs at a time; a second call while one runs gets its result.
 */
export function reloadStatsDb(): Promise<StatsDbReload> {
  state.reloading ??= reload().finally(() => {
    state.reloading = null;
  });
  return state.reloading;
}

type Counts = { games: number; possessions: number };

async function countsOn(c: DuckDBConnection): Promise<Counts> {
  const [row] = await runOn(c, 'SELECT (SELECT count(*) FROM games) AS games, (SELECT sum(possessions) FROM possessions) AS possessions', []);
  return { games: Number(row?.games), possessions: Number(row?.possessions) };
}

async function reload(): Promise<StatsDbReload> {
  const path = config.statsDbPath;
  const live = state.pool ? await state.pool.catch(() => null) : null;
  const file = fileIdentity(path);
  if (file === null) return { outcome: 'refused', reason: `the stats database ${path} does not exist` };
  if (live && live.file === file) return { outcome: 'unchanged', generation: live.generation };
  let next: Pool;
  try {
    next = await openPool(path, state.generation + 1);
  } catch (error) {
    return { outcome: 'refused', reason: unreadableMessage(path, firstLine(error)) };
  }
  const refuse = (reason: string): StatsDbReload => {
    closePool(next);
    return { outcome: 'refused', reason };
  };
  let fresh: Counts;
  try {
    const { version } = await inspectStatsDb(next.idle[0]!);
    if (version !== SCHEMA_VERSION) return refuse(outdatedMessage(path, version, SCHEMA_VERSION));
    fresh = await countsOn(next.idle[0]!);
    if (live) {
      const c = await borrow(live);
      let old: Counts;
      try {
        old = await countsOn(c);
      } finally {
        release(live, c);
      }
      if (fresh.games < old.games || fresh.possessions < old.possessions) {
        return refuse(`the new file has fewer games (${fresh.games}; served now: ${old.games}) or possessions (${fresh.possessions}; now ${old.possessions})`);
      }
    }
  } catch (error) {
    return refuse(unreadableMessage(path, firstLine(error)));
  }
  state.pool = Promise.resolve(next);
  state.generation = next.generation;
  state.damagedSince = null;
  if (live) {
    live.retired = true;
    if (live.idle.length === POOL_SIZE) dropPool(live);
  }
  for (const listener of state.changeListeners) listener();
  return { outcome: 'switched', generation: next.generation, ...fresh };
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
  if (!state.pool) return;
  const p = await state.pool.catch(() => null);
  state.pool = null;
  if (p) closePool(p);
}
