/**
 * A stand-in for `npm run update -- --db PATH --source DIR` with its documented contract, for the nightly's own
 * tests (the update itself is tested with its code): it records its arguments and the game files it was given
 * in {PATH}.update-calls.jsonl, prints one JSON line {added, replaced, skipped, seconds, peak_mb} and exits
 * 0 (all in), 2 (some skipped) or 1 (error), as UPDATE_STAND_IN says: 'ok' (default), 'skip', 'fail', 'silent'
 * (exits 0 without its line). 'ok' counts every game file of DIR as added.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { db: { type: 'string' }, source: { type: 'string' } } });
const games = fs.readdirSync(values.source).filter((n) => /^\d{10}\.json$/.test(n)).map((n) => n.slice(0, 10));
fs.appendFileSync(`${values.db}.update-calls.jsonl`, `${JSON.stringify({ db: values.db, source: values.source, games })}\n`);
const mode = process.env.UPDATE_STAND_IN ?? 'ok';
if (mode === 'fail') {
  console.error('update: the stats file is locked by another update');
  console.log(JSON.stringify({ error: 'the stats file is locked by another update' }));
  process.exit(1);
}
if (mode === 'silent') process.exit(0);
const skipped = mode === 'skip' ? games.map((game) => ({ game, reason: 'box_score' })) : [];
console.log(JSON.stringify({ added: games.length - skipped.length, replaced: 0, skipped, seconds: 0.1, peak_mb: 50 }));
process.exit(skipped.length ? 2 : 0);
