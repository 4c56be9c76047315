/**
 * `npm run verify:models -- --db FILE [--build] [--out FILE.md] [--calibration-svg FILE.svg]`: prints every model's report
 * (src/server/models/registry.ts) from a stats database. With --build the models are fitted again into FILE first
 * (their tables replaced; the time and peak memory of each build printed): a database built before a model
 * existed, or a measurement, without a full re-ingest. Without --build the database is opened read-only.
 * --calibration-svg also writes the win-probability calibration plot (the article's figure) there.
 */
import fs from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';
import { rebuildInPlace } from '../src/server/ingest/season/hooks.ts';
import { MODELS } from '../src/server/models/registry.ts';
import { calibrationSvg, heldOutFigures } from '../src/server/models/winProbability.ts';

const args = process.argv.slice(2);
const optionValue = (key: string) => {
  const i = args.indexOf(key);
  return i >= 0 ? args[i + 1] : undefined;
};
const db = optionValue('--db') ?? process.env.STATS_DB_PATH;
const out = optionValue('--out');
const build = args.includes('--build');
if (!db || !fs.existsSync(db)) {
  console.error('usage: npm run verify:models -- --db FILE [--build] [--out FILE.md]  (no such database file)');
  process.exit(2);
}
if (build) await rebuildInPlace(db, MODELS, { log: (line) => console.error(line) });
const instance = await DuckDBInstance.create(':memory:');
const connection = await instance.connect();
await connection.run(`ATTACH '${db.replace(/'/g, "''")}' AS stats (READ_ONLY)`);
await connection.run('USE stats');
const reports: string[] = [];
for (const model of MODELS) reports.push(await model.verify(connection));
const text = reports.join('\n');
console.log(text);
if (out) fs.writeFileSync(out, text);
const svg = optionValue('--calibration-svg');
if (svg) fs.writeFileSync(svg, calibrationSvg(await heldOutFigures(connection)));
connection.closeSync();
instance.closeSync();
