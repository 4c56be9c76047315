/**
 * A stand-in for `npm run update -- --db PATH --source DIR` with its documented contract, for the nightly's own
 * tests (the update itself is tested with its code): it records its arguments and the game files it was given
 * in {PATH}.update-calls.jsonl, prints one JSON line {added, replaced, skipped, seconds, peak_mb} and exits
 * 0 (all in), 2 (some skipped) or 1 (error), as UPDATE_STAND_IN says: 'ok' (default), 'skip', 'fail', 'silent'
 * (exits 0 without its line), 'install'. 'ok' counts every game file of DIR as added and, when there is one,
 * renames a placeholder file over PATH (as an update renames its new file over it). 'install' also does what
 * an update leaves behind: a copy of the stats file whose ingest_meta records this update (updated_at now,
 * update_added, update_replaced, update_skipped as JSON, data_through), renamed over PATH; the games themselves
 * are not added (the served file's own checks ask for no fewer games, which a copy meets).
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { db: { type: 'string' }, source: { type: 'string' } } });
const games = fs
  .readdirSync(values.source)
  .filter((n) => /^\d{10}\.json$/.test(n))
  .map((n) => n.slice(0, 10));
fs.appendFileSync(`${values.db}.update-calls.jsonl`, `${JSON.stringify({ db: values.db, source: values.source, games })}\n`);
const mode = process.env.UPDATE_STAND_IN ?? 'ok';
if (mode === 'fail') {
  console.error('update: the stats file is locked by another update');
  console.log(JSON.stringify({ error: 'the stats file is locked by another update' }));
  process.exit(1);
}
if (mode === 'silent') process.exit(0);
if (mode === 'install') {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const next = `${values.db}.tmp-update`;
  fs.copyFileSync(values.db, next);
  // Attached as the update attaches its copy (the project's node strips the module's types).
  const { attachForHooks } = await import('../../src/server/ingest/season/attachStatsFile.ts');
  const instance = await DuckDBInstance.create(':memory:');
  const c = await instance.connect();
  await attachForHooks(c, next);
  for (const [column, type] of [
    ['data_through', 'DATE'],
    ['updated_at', 'TIMESTAMP'],
    ['update_added', 'INTEGER'],
    ['update_replaced', 'INTEGER'],
    ['update_skipped', 'VARCHAR'],
  ]) {
    await c.run(`ALTER TABLE ingest_meta ADD COLUMN IF NOT EXISTS ${column} ${type}`);
  }
  const skipped = JSON.parse(process.env.UPDATE_STAND_IN_SKIPPED ?? '[]');
  await c.run(
    'UPDATE ingest_meta SET updated_at = now()::TIMESTAMP, update_added = $added, update_replaced = 0, update_skipped = $skipped, data_through = (SELECT max(date) FROM games)',
    { added: games.length - skipped.length, skipped: JSON.stringify(skipped) },
  );
  await c.run('CHECKPOINT');
  c.closeSync();
  instance.closeSync();
  fs.renameSync(next, values.db);
  console.log(JSON.stringify({ added: games.length - skipped.length, replaced: 0, skipped, seconds: 0.5, peak_mb: 80 }));
  process.exit(skipped.length ? 2 : 0);
}
const skipped = mode === 'skip' ? games.map((game) => ({ game, reason: 'box_score' })) : [];
if (mode === 'ok' && games.length > 0) {
  fs.writeFileSync(`${values.db}.tmp-update`, `a stats file holding ${games.join(', ')}\n`);
  fs.renameSync(`${values.db}.tmp-update`, values.db);
}
console.log(JSON.stringify({ added: games.length - skipped.length, replaced: 0, skipped, seconds: 0.1, peak_mb: 50 }));
process.exit(skipped.length ? 2 : 0);
