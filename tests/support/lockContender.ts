/**
 * One contender for the update lock (tests/unit/server/ingest/updateLock.test.ts): waits for the start file, takes
 * the lock of the database, writes "start <pid> <ns>" and, 30 ms later, "end <pid> <ns>" to the log, then exits
 * holding it (a killed update: the next contender finds a stale lock) or, with "release", lets it go.
 *   node --import tsx tests/support/lockContender.ts DB LOG GO release|die
 */
import fs from 'node:fs';
import { acquireLock } from '../../src/server/ingest/update/lock.ts';

const [db, log, go, mode] = process.argv.slice(2) as [string, string, string, string];
while (!fs.existsSync(go)) await new Promise((r) => setTimeout(r, 5));
const release = await acquireLock(db, 60_000);
fs.appendFileSync(log, `start ${process.pid} ${process.hrtime.bigint()}\n`);
await new Promise((r) => setTimeout(r, 30));
fs.appendFileSync(log, `end ${process.pid} ${process.hrtime.bigint()}\n`);
if (mode === 'release') release();
process.exit(0);
