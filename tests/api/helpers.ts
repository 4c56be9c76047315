/**
 * Calls the real endpoint handlers (src/pages/api/*.ts) with a Request URL and locals, against the stats
 * database at STATS_DB_PATH (scripts/test-all.mjs: data/test-stats.duckdb, seasons 2012-13 and 2022-23).
 * Independent checks query the same file with their own DuckDB connection and their own SQL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { Session } from '../../src/lib/accounts/sessionShape';
import { config } from '../../src/server/config';

export const DB_PATH = config.statsDbPath;
export const HAS_DB = fs.existsSync(DB_PATH);
if (!HAS_DB) console.warn(`[tests/api] skipped: no stats database at ${DB_PATH} (build it with npm run ingest)`);

/** A subscriber with an active Stats plan (gated filters need one). */
export const SIGNED_IN: Session = {
  user: { name: 'Test', email: 'test@example.com' },
  isAdmin: false,
  subscriptions: [{ plan: { name: 'Stats' }, expiresAt: Math.floor(Date.now() / 1000) + 86_400 }],
};

type Handler = (ctx: { url: URL; locals: { session: Session | null } }) => Promise<Response> | Response;

export async function call(path: string, session: Session | null = SIGNED_IN): Promise<{ status: number; body: any }> {
  const url = new URL(path, 'http://localhost');
  const name = url.pathname.replace(/^\/api\//, '');
  const mod = (await import(`../../src/pages/api/${name}.ts`)) as { GET: Handler };
  const res = await mod.GET({ url, locals: { session }, request: new Request(url) } as never);
  return { status: res.status, body: await res.json() };
}

/** GET /api/data; fails the test unless the status is 200. */
export async function data(qs: string, session: Session | null = SIGNED_IN): Promise<Record<string, any[]>> {
  const r = await call(`/api/data?${qs}`, session);
  if (r.status !== 200) throw new Error(`GET /api/data?${qs} -> ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}

let conn: Promise<DuckDBConnection> | null = null;
/** An independent read-only connection for checks written directly in SQL. */
export async function sql<T = Record<string, unknown>>(text: string, params: (string | number)[] = []): Promise<T[]> {
  conn ??= DuckDBInstance.create(DB_PATH, { access_mode: 'READ_ONLY' }).then((i) => i.connect());
  const reader = await (await conn).runAndReadAll(text, params);
  return reader.getRowObjectsJS().map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : v]))) as T[];
}

export const byPlayer = (rows: any[], id: number) => rows.find((r) => r.player_id === id);

/**
 * A file of the raw league data (nba-data, NBA_DATA_DIR), never the stats database. The stats database the tests
 * read is built from these files, so a check against them runs wherever the database does (a missing file fails).
 */
export const rawFile = (...parts: string[]): string => path.join(config.nbaDataDir, ...parts);

let rawConn: Promise<DuckDBConnection> | null = null;
/**
 * SQL over the raw nba-data files (read_parquet / read_csv of rawFile paths passed as parameters) on its own
 * in-memory DuckDB: an oracle that shares nothing with the ingest or the stats database.
 */
export async function rawSql<T = Record<string, unknown>>(text: string, params: (string | number)[] = []): Promise<T[]> {
  rawConn ??= DuckDBInstance.create(':memory:', { threads: '2' }).then((i) => i.connect());
  const reader = await (await rawConn).runAndReadAll(text, params);
  return reader.getRowObjectsJS().map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : v]))) as T[];
}
