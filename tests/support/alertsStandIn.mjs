/**
 * A stand-in for `npm run alerts -- --db PATH` with its documented contract, for the nightly's own tests (the alert
 * step itself is tested with its code: tests/unit/server/alerts): it records its arguments and the inode of the
 * file at PATH when it ran in {PATH}.alerts-calls.jsonl, prints one JSON line and exits 0, or with
 * ALERTS_STAND_IN=fail prints {error} and exits 1.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { db: { type: 'string' } } });
const ino = fs.existsSync(values.db) ? fs.statSync(values.db).ino : null;
fs.appendFileSync(`${values.db}.alerts-calls.jsonl`, `${JSON.stringify({ db: values.db, ino })}\n`);
if (process.env.ALERTS_STAND_IN === 'fail') {
  console.log(JSON.stringify({ error: 'the accounts database cannot be reached' }));
  process.exit(1);
}
console.log(
  JSON.stringify({
    update: '2020-12-23T09:00:00.000000',
    through: '2020-12-22',
    pending: 2,
    mailed: 1,
    rows: 3,
    none: 1,
    lapsed: 0,
    alreadyDone: 0,
    failed: [],
  }),
);
