/**
 * `npx tsx scripts/compare-stats-db.ts A.duckdb B.duckdb [--order]`: compares two stats databases table by table and
 * prints each table as `equal` or `different` (with what differs); exits 1 when any table differs.
 *
 * Rule: two tables are equal when they have the same columns (names and types, in order) and the same rows as a
 * multiset (EXCEPT ALL both ways is empty and the row counts match). The only columns left out are the
 * build's own clock readings (IGNORED: ingest_meta.built_at, rapm_fits.seconds). The order rows are stored in is not a number
 * and may differ between two builds where a sort key has ties (e.g. state_player_sums is sorted by season,
 * period, player_id only); `--order` also says, per table, whether the stored order is the same
 * (a hash of every row with its position).
 */
import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';

/**
 * Columns whose values are expected to differ between two builds of the same data: when the build finished
 * (ingest_meta.built_at) and how long each RAPM fit took (rapm_fits.seconds, a stopwatch reading).
 */
const IGNORED: Record<string, (column: { name: string; type: string }) => boolean> = {
  ingest_meta: (c) => c.type.startsWith('TIMESTAMP') || c.name.startsWith('update_'),
  rapm_fits: (c) => c.name === 'seconds',
};

const args = process.argv.slice(2);
const checkOrder = args.includes('--order');
const files = args.filter((a) => !a.startsWith('--'));
if (files.length !== 2) {
  console.error('usage: npx tsx scripts/compare-stats-db.ts A.duckdb B.duckdb [--order]');
  process.exit(2);
}
for (const f of files) {
  if (!fs.existsSync(f)) {
    console.error(`no database at ${f}`);
    process.exit(2);
  }
}

const quoteLiteral = (s: string): string => `'${s.replace(/'/g, "''")}'`;
const quoteIdent = (s: string): string => `"${s.replace(/"/g, '""')}"`;

interface Column {
  name: string;
  type: string;
}

async function tables(conn: DuckDBConnection, db: string): Promise<Map<string, Column[]>> {
  const r = await conn.runAndReadAll(
    `SELECT c.table_name, c.column_name, c.data_type
       FROM information_schema.columns c JOIN information_schema.tables t
         ON t.table_catalog = c.table_catalog AND t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_catalog = $db AND c.table_schema = 'main' AND t.table_type = 'BASE TABLE'
      ORDER BY c.table_name, c.ordinal_position`,
    { db },
  );
  const out = new Map<string, Column[]>();
  for (const row of r.getRowObjectsJS()) {
    const name = String(row.table_name);
    if (!out.has(name)) out.set(name, []);
    out.get(name)!.push({ name: String(row.column_name), type: String(row.data_type) });
  }
  return out;
}

async function scalar(conn: DuckDBConnection, sql: string): Promise<string> {
  const r = await conn.runAndReadAll(sql);
  return String(r.getRows()[0]![0]);
}

const instance = await DuckDBInstance.create(':memory:', { threads: '2' });
const conn = await instance.connect();
await conn.run(`ATTACH ${quoteLiteral(path.resolve(files[0]!))} AS a (READ_ONLY)`);
await conn.run(`ATTACH ${quoteLiteral(path.resolve(files[1]!))} AS b (READ_ONLY)`);
const [ta, tb] = [await tables(conn, 'a'), await tables(conn, 'b')];
const names = [...new Set([...ta.keys(), ...tb.keys()])].sort();
const width = Math.max(...names.map((n) => n.length));
let different = 0;
for (const name of names) {
  const ca = ta.get(name);
  const cb = tb.get(name);
  const say = (verdict: string, detail = ''): void => {
    if (verdict !== 'equal') different++;
    console.log(`${name.padEnd(width)}  ${verdict}${detail ? `  ${detail}` : ''}`);
  };
  if (!ca || !cb) {
    say('different', `only in ${ca ? 'A' : 'B'}`);
    continue;
  }
  const shape = (cols: Column[]): string => cols.map((c) => `${c.name} ${c.type}`).join(', ');
  if (shape(ca) !== shape(cb)) {
    say('different', `columns: A (${shape(ca)}) / B (${shape(cb)})`);
    continue;
  }
  const ignored = IGNORED[name];
  const kept = ca.filter((c) => !ignored?.(c));
  const cols = kept.map((c) => quoteIdent(c.name)).join(', ');
  const t = quoteIdent(name);
  const [na, nb] = [await scalar(conn, `SELECT count(*) FROM a.${t}`), await scalar(conn, `SELECT count(*) FROM b.${t}`)];
  const onlyA = await scalar(conn, `SELECT count(*) FROM (SELECT ${cols} FROM a.${t} EXCEPT ALL SELECT ${cols} FROM b.${t})`);
  const onlyB = await scalar(conn, `SELECT count(*) FROM (SELECT ${cols} FROM b.${t} EXCEPT ALL SELECT ${cols} FROM a.${t})`);
  const left =
    kept.length < ca.length
      ? ` (${ca
          .filter((c) => ignored?.(c))
          .map((c) => c.name)
          .join(', ')} not compared)`
      : '';
  if (na !== nb || onlyA !== '0' || onlyB !== '0') {
    say('different', `rows A ${na} / B ${nb}; ${onlyA} rows only in A, ${onlyB} only in B${left}`);
    continue;
  }
  let order = '';
  if (checkOrder) {
    // The stored order: every row's hash with its position in a plain scan (rowid), summed.
    const h = (db: string) => scalar(conn, `SELECT coalesce(sum(hash(rowid, hash(${cols})) % 1000000007), 0) FROM ${db}.${t}`);
    order = (await h('a')) === (await h('b')) ? ', same order' : ', stored in another order';
  }
  say('equal', `${na} rows${order}${left}`);
}
console.log(different ? `${different} of ${names.length} tables differ` : `all ${names.length} tables equal`);
instance.closeSync();
process.exit(different ? 1 : 0);
