/**
 * `npx tsx scripts/build-models.ts <db> [name ...]`: (re)builds the models (src/server/models/registry.ts) in an
 * existing stats database without a full re-ingest, e.g. one built before a model existed. The derived tables
 * copy what a model adds to possessions: run scripts/build-aggregates.ts after it. Prints each model's time and
 * the process's peak memory. The database is rebuilt on a copy and replaced only when every model succeeded.
 */
import { rebuildInPlace } from '../src/server/ingest/season/hooks.ts';
import { MODELS } from '../src/server/models/registry.ts';

const [dbPath, ...names] = process.argv.slice(2);
if (!dbPath) {
  console.error('usage: npx tsx scripts/build-models.ts <db> [model name ...]');
  process.exit(2);
}
const models = names.length ? MODELS.filter((m) => names.includes(m.name)) : MODELS;
if (models.length !== (names.length || MODELS.length)) {
  console.error(`unknown model; known: ${MODELS.map((m) => m.name).join(', ')}`);
  process.exit(2);
}
await rebuildInPlace(dbPath, models, { memoryLimit: '640MB' });
console.log(`peak rss ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
