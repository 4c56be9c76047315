/**
 * A small real data folder for the update's tests, made at test time in a temp directory: a few dozen games of
 * 2022-23 (regular season and playoffs) copied from nba-data by DuckDB with their rows in the published order, their
 * shot locations, and the real games, players, bios and salaries files beside them (linked). No data is committed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { dataDir } from './fixtures.ts';

const LINKED = ['commonallplayers.csv', 'player-bios.parquet', 'salaries.csv', 'teams.csv', 'team-box-scores.parquet'];

/**
 * Writes the folder at `dir`: the games of 2022-23 whose id is a multiple of `every` (regular season) and every
 * `playoffEvery`-th playoff game, of each of `seasons` (start years, default [2022]). `edit`: a game code whose first description is changed (a league correction);
 * `unlisted`: a game code left out of games.parquet (the ingest then skips it).
 */
export async function makeSeasonFolder(
  dir: string,
  opts: { every?: number; playoffEvery?: number; edit?: string; unlisted?: string; seasons?: number[] } = {},
): Promise<void> {
  const every = opts.every ?? 40;
  const playoffEvery = opts.playoffEvery ?? 8;
  for (const d of ['pbp/regular', 'pbp/playoffs', 'shots/regular']) fs.mkdirSync(path.join(dir, d), { recursive: true });
  for (const f of LINKED) {
    const to = path.join(dir, f);
    if (!fs.existsSync(to) && fs.existsSync(path.join(dataDir, f))) fs.symlinkSync(path.join(dataDir, f), to);
  }
  const inst = await DuckDBInstance.create(':memory:', { threads: '2' });
  const c = await inst.connect();
  const keep = `(CAST(GAME_ID AS INTEGER) < 40000000 AND CAST(GAME_ID AS INTEGER) % ${every} = 0)
             OR (CAST(GAME_ID AS INTEGER) > 40000000 AND CAST(GAME_ID AS INTEGER) % ${playoffEvery} = 0)`;
  const edit = opts.edit ? Number(opts.edit) : -1;
  const games = path.join(dir, 'games.parquet');
  fs.rmSync(games, { force: true });
  await c.run(`COPY (SELECT * FROM read_parquet($src) WHERE CAST(GAME_ID AS INTEGER) <> $unlisted) TO '${games.replace(/'/g, "''")}' (FORMAT parquet)`, {
    src: path.join(dataDir, 'games.parquet'),
    unlisted: opts.unlisted ? Number(opts.unlisted) : -1,
  });
  const labels = (opts.seasons ?? [2022]).map((y) => `${y}-${String((y + 1) % 100).padStart(2, '0')}`);
  for (const [label, type] of labels.flatMap(
    (l) =>
      [
        [l, 'regular'],
        [l, 'playoffs'],
      ] as const,
  )) {
    const out = path.join(dir, 'pbp', type, `${label}.parquet`);
    fs.rmSync(out, { force: true });
    await c.run(
      `COPY (SELECT * EXCLUDE (file_row_number, HOMEDESCRIPTION),
                    CASE WHEN CAST(GAME_ID AS INTEGER) = ${edit} AND EVENTNUM = (SELECT min(EVENTNUM) FROM read_parquet($src) WHERE CAST(GAME_ID AS INTEGER) = ${edit} AND HOMEDESCRIPTION IS NOT NULL)
                         THEN HOMEDESCRIPTION || ' (corrected)' ELSE HOMEDESCRIPTION END AS HOMEDESCRIPTION
               FROM read_parquet($src, file_row_number = true) WHERE ${keep} ORDER BY file_row_number)
         TO '${out.replace(/'/g, "''")}' (FORMAT parquet)`,
      { src: path.join(dataDir, 'pbp', type, `${label}.parquet`) },
    );
  }
  for (const label of labels) {
    const shots = path.join(dir, 'shots', 'regular', `${label}.parquet`);
    fs.rmSync(shots, { force: true });
    if (!fs.existsSync(path.join(dataDir, 'shots', 'regular', `${label}.parquet`))) continue; // the archive has none for 2021-22
    await c.run(`COPY (SELECT * FROM read_parquet($src) WHERE ${keep}) TO '${shots.replace(/'/g, "''")}' (FORMAT parquet)`, {
      src: path.join(dataDir, 'shots', 'regular', `${label}.parquet`),
    });
  }
  c.closeSync();
  inst.closeSync();
}
