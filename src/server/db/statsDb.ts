/**
 * The read-only connection to the stats database (config.statsDbPath), opened by the server's start right after
 * its checks (openStatsDb; elsewhere, tests and scripts, on first use) and shared by every request. A small pool of connections of one DuckDB instance lets queries run side by side; each
 * query takes a connection for itself and gives it back. Every query goes through `query(sql, params)`:
 * values are bound parameters ($1, $2 ...), never spliced into the SQL text.
 *
 * Two handles with one interface (StatsDb), passed explicitly down the layers (answers -> dispatch -> views ->
 * SQL), never found through ambient state:
 * - `statsDb`: every query takes a pooled connection for itself (pages and lookups outside a computation);
 * - a scope (`withScope(fn)` gives fn a StatsScope): one connection for a whole computation (temporary tables
 *   are per connection), so a computation can materialise its filtered possessions once
 *   (src/server/stats/sql/sample.ts) and run every aggregate over that small table. Its queries run one after
 *   another on its connection.
 *
 * The file can be replaced while the server runs (the ingest builds the new one beside it and renames it over
 * the path; the open file is never written). reloadStatsDb() opens the file now at the path, checks it, and
 * switches to it: new queries go to the new file, queries under way finish on the old one, which is closed once
 * its last connection is back and every result read from it is gone (closeRetired). Caches built from the old
 * file are dropped by their owners (onStatsDbChange).
 */
import fs from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';
import { DuckDBInstance, DuckDBTypeId, JSDuckDBValueConverter, type DuckDBConnection, type DuckDBDataChunk, type DuckDBValue } from '@duckdb/node-api';
import { config } from '../config';
import { logger } from '../log';
import { firstLine, inspectStatsDb, outdatedMessage, unreadableMessage } from './statsDbVersion';
import { acceptStatsFile, fileIdentityOf } from './statsFileChecksum';
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
  /** its whole-file checksum matched (statsFileChecksum.ts), or it has none (served outside production only) */
  checksum: StatsFileChecksumStatus;
  /** 1 for the first file the process opens, then one more per switch */
  generation: number;
  instance: DuckDBInstance;
  idle: DuckDBConnection[];
  waiting: ((c: DuckDBConnection) => void)[];
  /** replaced by a newer file: closed when all its connections are back and its results are gone */
  retired: boolean;
  /** DuckDB results and chunks read from this file that JavaScript still holds (see closeRetired) */
  liveResults: number;
  /** a close attempt is scheduled */
  closing: boolean;
  /** connections and instance closed: the file is no longer open */
  closed: boolean;
}

/**
 * The process's stats file state. The project's server (SIGHUP) and Astro's bundle (every query) are two module
 * graphs in one process: they share this one object (src/server/processSingleton.ts).
 */
const state = processSingleton('statsDb', () => ({
  pool: null as Promise<Pool> | null,
  generation: 1,
  damagedSince: null as number | null,
  /** the checksum status of the file served now (null before one is open) */
  checksum: null as StatsFileChecksumStatus | null,
  changeListeners: [] as (() => void)[],
  reloading: null as Promise<StatsDbReload> | null,
  /** retired pools, until they are closed */
  retiredOpen: [] as Pool[],
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
  constructor(
    readonly path: string,
    cause: unknown,
  ) {
    super("The stats database is damaged; the site's operator has been alerted. Please try again later.", { cause });
  }
}

/**
 * The file at the path failed its whole-file checksum, or has none in production (statsFileChecksum.ts
 * acceptStatsFile): it is not opened. `reason` names the path and what to do, for the log and the operator.
 */
export class StatsFileRefusedError extends StatsDbDamagedError {
  constructor(
    path: string,
    readonly reason: string,
  ) {
    super(path, new Error(reason));
  }
}

/** What the served file's checksum said: 'verified', or 'none' (no checksum file; not checked for damage). */
export type StatsFileChecksumStatus = 'verified' | 'none';

/** The checksum status of the file served now (null before one is open). */
export function statsDbChecksum(): StatsFileChecksumStatus | null {
  return state.checksum;
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
    console.error(
      `STATS_DB_PATH=${JSON.stringify(path)} is damaged: ${message.split('\n')[0]}. Rebuild it with \`npm run ingest\` or restore a copy; stats answer 503 until then.`,
    );
  }
  return new StatsDbDamagedError(path, error);
}

/** The identity of the file now at `path` (null when there is none). */
function fileIdentity(path: string): string | null {
  try {
    return fileIdentityOf(fs.statSync(path));
  } catch {
    return null;
  }
}

/**
 * Open the file at `path`, once its whole-file checksum passed (statsFileChecksum.ts acceptStatsFile: read once
 * per file, the start-up check's answer is reused here). Throws StatsFileRefusedError for a file that failed it.
 * The file DuckDB opened must be the one checked: one renamed over the path meanwhile is not opened (a later
 * open checks it).
 */
async function openPool(path: string, number: number): Promise<Pool> {
  for (let attempt = 1; ; attempt++) {
    const file = fileIdentity(path);
    if (file === null) throw new StatsDbMissingError(path);
    const accepted = await acceptStatsFile(path, { production: config.production });
    if (!accepted.ok) throw new StatsFileRefusedError(path, accepted.message);
    if (accepted.check.identity === file) {
      const instance = await DuckDBInstance.create(path, instanceOptions()).catch((error: unknown) => {
        throw classify(error, path);
      });
      if (fileIdentity(path) === file) return poolOf(path, file, accepted.check.status === 'verified' ? 'verified' : 'none', number, instance);
      instance.closeSync();
    }
    if (attempt === 3)
      throw new StatsFileRefusedError(path, `STATS_DB_PATH=${JSON.stringify(path)} was replaced each time it was checked: try again once its writer is done.`);
  }
}

/**
 * DuckDB's settings for the stats instance, from configuration (src/server/config.ts): its worker threads
 * (STATS_DB_THREADS, shared by every connection of the pool) and its memory_limit (STATS_DB_MEMORY_LIMIT: the
 * buffer pool the tables are read into plus the queries' working memory). DuckDB's own defaults are every core and
 * 80 % of the machine's RAM, whatever else runs on the node: a 2-core 4 GB node's server reached 3.6 GB under
 * eight clients. Example: { access_mode: 'READ_ONLY', threads: '2', memory_limit: '700MB' }.
 */
export function instanceOptions(): Record<string, string> {
  return { access_mode: 'READ_ONLY', threads: String(config.statsDbThreads), memory_limit: config.statsDbMemoryLimit };
}

async function poolOf(path: string, file: string, checksum: StatsFileChecksumStatus, number: number, instance: DuckDBInstance): Promise<Pool> {
  const idle: DuckDBConnection[] = [];
  for (let i = 0; i < POOL_SIZE; i++) idle.push(await instance.connect());
  return { path, file, checksum, generation: number, instance, idle, waiting: [], retired: false, liveResults: 0, closing: false, closed: false };
}

function getPool(): Promise<Pool> {
  if (!state.pool) {
    // The first file keeps the current number (answers computed while it opens are its own); a switch counts up.
    const opening = openPool(config.statsDbPath, state.generation);
    state.pool = opening;
    opening.then(
      (p) => {
        if (state.pool === opening) state.checksum = p.checksum;
      },
      (error: unknown) => {
        if (state.pool === opening) state.pool = null; // let a later request retry (e.g. after the ingest finished)
        // A file refused by its checksum: said once, and the node is not ready (statsDbHealth) until a good file.
        if (error instanceof StatsFileRefusedError && state.damagedSince === null) {
          state.damagedSince = Date.now();
          console.error(`${error.reason} Stats answer 503 until then.`);
        }
      },
    );
  }
  return state.pool;
}

function closePool(p: Pool): void {
  p.closed = true;
  for (const c of p.idle.splice(0)) c.closeSync();
  p.instance.closeSync();
}

/**
 * Open the file at STATS_DB_PATH now instead of at the first query: the server's start, right after its checks,
 * so the file served is the one it checked (a file renamed over the path later waits for SIGHUP, and is checked
 * then). Throws as a query would (StatsFileRefusedError, StatsDbMissingError ...).
 */
export async function openStatsDb(): Promise<void> {
  await getPool();
}

/**
 * Native results of each pool still reachable from JavaScript. A DuckDB result and its chunks keep memory of
 * the instance's buffer manager: destroying one after its instance was closed crashed the process (1 switch in 3
 * under load, tests/e2e/stats-db-update.spec.ts). DuckDB's bindings destroy them in the garbage collection that
 * frees their JavaScript handle (their finalizers run during the collection), so when the registry below has
 * seen every handle of a pool go, nothing of that pool is left to destroy and it can be closed.
 */
const collected = new FinalizationRegistry<Pool>((p) => {
  p.liveResults--;
  if (p.retired && p.liveResults === 0) scheduleClose(p, 0);
});

/** Count a query's native handles (the result and every chunk read from it) against their pool. */
function track(p: Pool, handles: readonly object[]): void {
  for (const handle of handles) {
    p.liveResults++;
    collected.register(handle, p);
  }
}

let gc: (() => void) | null = null;
/** A full garbage collection now (V8's own gc(), enabled at run time when node was not started with --expose-gc). */
function collectGarbage(): void {
  if (!gc) {
    const exposed = (globalThis as { gc?: () => void }).gc;
    if (exposed) gc = exposed;
    else {
      v8.setFlagsFromString('--expose-gc');
      gc = vm.runInNewContext('gc') as () => void;
    }
  }
  gc();
}

/** Attempts to close a retired pool before leaving it to the collector's own pace (the registry's callback). */
const CLOSE_ATTEMPTS = 8;

/**
 * Close a retired pool once its last connection is back and its results are gone: a full collection frees the
 * results nobody holds any more, the registry's callbacks (run after it) count them down, and the pool closes
 * when none is left. Results still held (a slow reader of a big answer) are waited for, a little longer at each
 * attempt; after the last attempt the registry's callback closes the pool when the last of them is collected.
 */
function scheduleClose(p: Pool, attempt: number): void {
  if (p.closing || p.closed) return;
  p.closing = true;
  setTimeout(
    () => {
      if (p.closed || p.idle.length < POOL_SIZE) {
        p.closing = false; // a connection is out: release() schedules again when it comes back
        return;
      }
      if (p.liveResults > 0) collectGarbage();
      // The registry's callbacks run in a later task than the collection.
      setTimeout(() => {
        p.closing = false;
        if (p.closed || p.idle.length < POOL_SIZE) return;
        if (p.liveResults === 0) {
          closePool(p);
          logger().info({ file: p.generation }, 'stats database: the old file is closed');
        } else if (attempt + 1 < CLOSE_ATTEMPTS) scheduleClose(p, attempt + 1);
      }, 50);
    },
    attempt === 0 ? 100 : 1_000 * attempt,
  );
}

/** Whether the stats files this process has opened are still open: the one served and any retired one not yet closed. */
export function statsDbFilesOpen(): number {
  return state.retiredOpen.filter((p) => !p.closed).length + (state.pool ? 1 : 0);
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
    if (p.retired && p.idle.length === POOL_SIZE) scheduleClose(p, 0);
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
export async function describeStatsDb(): Promise<{
  generation: number;
  builtAt: string;
  seasons: string;
  games: number;
  possessions: number;
  checksum: StatsFileChecksumStatus | null;
}> {
  const [meta] = await query<{ built_at: string; seasons: string; games_parsed: number; possessions: number }>(
    "SELECT strftime(built_at, '%Y-%m-%d %H:%M:%S') AS built_at, seasons, games_parsed, possessions FROM ingest_meta",
  );
  return {
    generation: state.generation,
    builtAt: meta?.built_at ?? '',
    seasons: meta?.seasons ?? '',
    games: Number(meta?.games_parsed ?? 0),
    possessions: Number(meta?.possessions ?? 0),
    checksum: state.checksum,
  };
}

/** What a reload did. */
export type StatsDbReload =
  | { outcome: 'switched'; generation: number; games: number; possessions: number; checksum: StatsFileChecksumStatus }
  | { outcome: 'unchanged'; generation: number }
  | { outcome: 'refused'; reason: string };

/**
 * Switch to the file now at STATS_DB_PATH, if it is a new one and passes its checks: its whole-file checksum
 * (statsFileChecksum.ts; read while the old file keeps serving), the schema version, every table readable
 * (statsDbVersion.ts inspectStatsDb), and no fewer games or possessions than the file served now (an update
 * only adds games). A refused file is closed again and the old one keeps serving. One reload
 * runs at a time; a second call while one runs gets its result.
 */
export function reloadStatsDb(): Promise<StatsDbReload> {
  state.reloading ??= reload().finally(() => {
    state.reloading = null;
  });
  return state.reloading;
}

type Counts = { games: number; possessions: number };

async function countsOn(p: Pool, c: DuckDBConnection): Promise<Counts> {
  const [row] = await runOn(p, c, 'SELECT (SELECT count(*) FROM games) AS games, (SELECT sum(possessions) FROM possessions) AS possessions', []);
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
    if (error instanceof StatsFileRefusedError) return { outcome: 'refused', reason: error.reason };
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
    fresh = await countsOn(next, next.idle[0]!);
    if (live) {
      const c = await borrow(live);
      let old: Counts;
      try {
        old = await countsOn(live, c);
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
  state.checksum = next.checksum;
  state.damagedSince = null;
  if (live) {
    live.retired = true;
    state.retiredOpen = [...state.retiredOpen.filter((p) => !p.closed), live];
    if (live.idle.length === POOL_SIZE) scheduleClose(live, 0);
  }
  for (const listener of state.changeListeners) listener();
  return { outcome: 'switched', generation: next.generation, ...fresh, checksum: next.checksum };
}

/** JS values from DuckDB: HUGEINT/BIGINT sums become numbers (stats never exceed 2^53), dates YYYY-MM-DD. */
function plain(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (Array.isArray(value)) return value.map(plain);
  return value;
}

/** Column types whose vector items are already plain JS values (numbers, strings, booleans, or null). */
const PLAIN_TYPES: ReadonlySet<DuckDBTypeId> = new Set([
  DuckDBTypeId.BOOLEAN,
  DuckDBTypeId.TINYINT,
  DuckDBTypeId.SMALLINT,
  DuckDBTypeId.INTEGER,
  DuckDBTypeId.UTINYINT,
  DuckDBTypeId.USMALLINT,
  DuckDBTypeId.UINTEGER,
  DuckDBTypeId.FLOAT,
  DuckDBTypeId.DOUBLE,
  DuckDBTypeId.VARCHAR,
]);

/**
 * The rows of a result's chunks as objects keyed by column name. Filled column by column: each column's vector is
 * read straight for the plain types (most results are DOUBLE sums and ids), through the JS converter and
 * plain() for the others. Each row is a copy of one object holding every column (null) before it is filled: an
 * object given more than a dozen keys one by one under computed names becomes a dictionary in V8, and every
 * later read of it (the views read thousands of rows) and its JSON take the slow path.
 */
function rowObjects(chunks: readonly DuckDBDataChunk[], names: readonly string[]): Row[] {
  const rows: Row[] = [];
  const shape: Row = Object.fromEntries(names.map((name) => [name, null]));
  for (const chunk of chunks) {
    const start = rows.length;
    const count = chunk.rowCount;
    for (let i = 0; i < count; i++) rows.push({ ...shape });
    for (let column = 0; column < chunk.columnCount; column++) {
      const vector = chunk.getColumnVector(column);
      const name = names[column]!;
      const type = vector.type;
      if (PLAIN_TYPES.has(type.typeId)) {
        for (let i = 0; i < count; i++) rows[start + i]![name] = vector.getItem(i);
      } else {
        for (let i = 0; i < count; i++) rows[start + i]![name] = plain(JSDuckDBValueConverter(vector.getItem(i), type, JSDuckDBValueConverter));
      }
    }
  }
  return rows;
}

/** STATS_DB_LOG=1 prints every query's time (development). */
const LOG = config.statsDbLog;

/**
 * Run one statement on connection c of pool p and read its whole result as row objects (JS values, then plain()).
 * The result and its chunks are counted against p until the collector frees them (track).
 */
async function runOn<T extends Row>(p: Pool, c: DuckDBConnection, sql: string, params: readonly SqlParam[]): Promise<T[]> {
  const t0 = LOG ? performance.now() : 0;
  const result = await c.run(sql, params as DuckDBValue[]);
  let chunks: DuckDBDataChunk[] = [];
  try {
    chunks = await result.fetchAllChunks();
  } finally {
    // the native handles: the result's (a protected field of DuckDBResult) and each chunk's
    track(p, [(result as unknown as { result: object }).result, ...chunks.map((chunk) => chunk.chunk)]);
  }
  const rows = rowObjects(chunks, result.deduplicatedColumnNames());
  if (LOG)
    console.error(
      `[sql ${(performance.now() - t0).toFixed(1)} ms, ${rows.length} rows] ${sql.replace(/\s+/g, ' ').slice(0, config.statsDbLogFull ? undefined : 160)}`,
    );
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
  /**
   * The number of the file this handle reads (statsDbGeneration's): a computation's scope keeps its file to the
   * end, so after a switch it can read the old one; the pooled handle reads the file served at each query.
   */
  readonly generation: number;
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
    return await runOn<T>(p, c, sql, params);
  } catch (error) {
    throw classify(error, p.path);
  } finally {
    release(p, c);
  }
}

/** The pooled handle (outside a computation). */
export const statsDb: StatsDb = {
  query,
  get generation() {
    return state.generation;
  },
};

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
    generation: p.generation,
    query<T extends Row = Row>(sql: string, params: readonly SqlParam[] = []): Promise<T[]> {
      const result = scope.chain.then(async () => {
        // A query asked for after the computation ended (a lookup another request waits for, still running when
        // its owner failed) must not run on a connection another computation now holds.
        if (scope.aborted || scope.closed) throw new QueryInterruptedError();
        try {
          return await runOn<T>(p, scope.connection, sql, params);
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
    if (scope.aborted) await dropTemporaryTables(p, c).catch(() => undefined);
    release(p, c);
  }
}

/** Drop every temporary table of a connection (their names come from the catalog, never from a request). */
async function dropTemporaryTables(p: Pool, c: DuckDBConnection): Promise<void> {
  const tables = await runOn<{ table_name: string }>(p, c, "SELECT table_name FROM duckdb_tables() WHERE temporary AND database_name = 'temp'", []);
  for (const { table_name: name } of tables) await runOn(p, c, `DROP TABLE IF EXISTS temp.main."${String(name).replace(/"/g, '""')}"`, []);
}

/** Close the shared instance (tests, benchmarks). */
export async function closeStatsDb(): Promise<void> {
  if (!state.pool) return;
  const p = await state.pool.catch(() => null);
  state.pool = null;
  if (p) closePool(p);
}
