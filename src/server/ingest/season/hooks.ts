/**
 * Post-ingest hooks: the models (src/server/models/registry.ts), then the derived tables other parts of the server
 * compute in SQL from the ingest's tables.
 * The ingest calls runPostIngestHooks on the complete temporary database before renaming it into place,
 * so a failing hook leaves the previous database intact.
 */
import fs from 'node:fs';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { AGGREGATE_BUILDERS, type AggregateBuilder } from '../../statsSchema/derivedTables.ts';
import { MODELS } from '../../models/registry.ts';
import { logStep, StepTimes } from '../run/steps.ts';
import { readScheduleText, writeSchedule } from './scheduleTable.ts';
import { installStatsFile } from '../../db/statsFileChecksum.ts';
import { attachForHooks } from './attachStatsFile.ts';

export async function runPostIngestHooks(
  connection: DuckDBConnection,
  log: (message: string) => void = () => {},
  steps: StepTimes = new StepTimes(logStep(log)),
  extra: readonly AggregateBuilder[] = [],
): Promise<void> {
  // The models (src/server/models/registry.ts) read the possession tables and add to them (e.g.
  // possessions.leverage), which the derived tables copy: they run first. (RAPM's fits on a thread of their own
  // beside the derived tables saved about 10 s of a full build and raised its peak memory by 157 MB: not kept.)
  for (const model of MODELS) await steps.time(`model ${model.name}`, () => model.build(connection, log));
  for (const builder of [...AGGREGATE_BUILDERS, ...extra]) await steps.time(`hook ${builder.name}`, () => builder.build(connection));
  // The season's schedule, from a file (scheduleTable.ts): the games still to be played.
  await steps.time('hook schedule', async () => writeSchedule(connection, await readScheduleText(), log));
}

/** A step that rebuilds part of an existing stats database: a model or a derived table. */
export interface RebuildStep {
  name: string;
  build: (connection: DuckDBConnection, log: (message: string) => void) => Promise<void>;
}

/**
 * Rebuilds `steps` in the stats database at `file` (the operator scripts: build-aggregates, build-models,
 * verify-models --build) as the ingest's hooks run: on a copy next to it, each statement on its own, the copy
 * renamed over the file only when every step succeeded. A failed or killed run leaves the file as it was.
 * (Not in explicit transactions: with DuckDB 1.5, a table created and filled by INSERT ... ORDER BY in one
 * transaction on an attached file was read back empty by the same session, during the transaction and after its
 * COMMIT, though the file held its rows; a step built from an earlier one, state_player_sums from
 * state_on_court_sums, then lost rows. tests/api/teamTables.test.ts catches it.)
 */
export async function rebuildInPlace(
  file: string,
  steps: readonly RebuildStep[],
  options: { memoryLimit?: string; log?: (message: string) => void } = {},
): Promise<void> {
  const log = options.log ?? ((m: string) => console.log(m));
  const times = new StepTimes(logStep(log));
  const tmp = `${file}.rebuild-${process.pid}`;
  const removeCopy = () => {
    for (const f of [tmp, `${tmp}.wal`]) fs.rmSync(f, { force: true });
  };
  removeCopy();
  fs.copyFileSync(file, tmp);
  // (a write-ahead log not yet checkpointed is part of the database: it goes with the copy)
  if (fs.existsSync(`${file}.wal`)) fs.copyFileSync(`${file}.wal`, `${tmp}.wal`);
  const instance = await DuckDBInstance.create(':memory:', options.memoryLimit ? { memory_limit: options.memoryLimit } : {});
  const connection = await instance.connect();
  let built = false;
  try {
    await attachForHooks(connection, tmp);
    for (const step of steps) await times.time(step.name, () => step.build(connection, log));
    await connection.run('CHECKPOINT');
    built = true;
  } finally {
    connection.closeSync();
    instance.closeSync();
    if (!built) removeCopy();
  }
  await installStatsFile(tmp, file); // renames it over the file, with its checksum beside it
  fs.rmSync(`${file}.wal`, { force: true });
}
