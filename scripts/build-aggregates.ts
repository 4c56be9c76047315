/**
 * `npx tsx scripts/build-aggregates.ts <db> [name ...]`: (re)builds the API's derived tables
 * (src/server/statsSchema/derivedTables.ts) in an existing stats database, e.g. one built before an aggregate existed,
 * without a full re-ingest. With names, only those builders run. Prints each builder's time. The database is
 * rebuilt on a copy and replaced only when every builder succeeded (hooks.ts rebuildInPlace).
 */
import { rebuildInPlace } from '../src/server/ingest/season/hooks.ts';
import { AGGREGATE_BUILDERS } from '../src/server/statsSchema/derivedTables.ts';

const [dbPath, ...names] = process.argv.slice(2);
if (!dbPath) {
  console.error('usage: npx tsx scripts/build-aggregates.ts <db> [builder name ...]');
  process.exit(2);
}
const builders = names.length ? AGGREGATE_BUILDERS.filter((b) => names.includes(b.name)) : AGGREGATE_BUILDERS;
if (builders.length !== (names.length || AGGREGATE_BUILDERS.length)) {
  console.error(`unknown builder; known: ${AGGREGATE_BUILDERS.map((b) => b.name).join(', ')}`);
  process.exit(2);
}
await rebuildInPlace(
  dbPath,
  builders.map((b) => ({ name: b.name, build: (connection) => b.build(connection) })),
);
