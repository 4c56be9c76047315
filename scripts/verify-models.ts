/**
 * `npm run verify:models -- --db FILE`: prints every model's report (src/server/models/registry.ts) in Markdown,
 * from what the ingest stored in the stats database FILE (default: STATS_DB_PATH, else data/stats.duckdb).
 * Opens the file read only. `--calibration-svg FILE` also writes the win-probability calibration plot there.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { DuckDBInstance } from '@duckdb/node-api';
import { MODELS } from '../src/server/models/registry.ts';
import { calibrationSvg, heldOutFigures } from '../src/server/models/winProbability.ts';

const { values } = parseArgs({ options: { db: { type: 'string' }, 'calibration-svg': { type: 'string' } } });
const dbPath = values.db ?? process.env.STATS_DB_PATH ?? 'data/stats.duckdb';
const instance = await DuckDBInstance.create(dbPath, { access_mode: 'READ_ONLY' });
const connection = await instance.connect();
console.log(`# Models of ${dbPath}\n`);
for (const m of MODELS) console.log(await m.verify(connection));
// --calibration-svg FILE: the win-probability model's calibration plot (the article's figure).
if (values['calibration-svg']) fs.writeFileSync(values['calibration-svg'], calibrationSvg(await heldOutFigures(connection)));
connection.closeSync();
instance.closeSync();
