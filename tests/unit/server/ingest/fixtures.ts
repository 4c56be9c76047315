/**
 * Real game fixtures for the ingest tests, read at run time from NBA_DATA_DIR (never copied into the repo).
 */
import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { config } from '../../../../src/server/config.ts';
import { parseGame, type EventLineupObserver, type GameResult } from '../../../../src/server/ingest/game/parseGame.ts';
import { loadGames, loadShotLocations, pbpFile, readGameRows, type GameRows } from '../../../../src/server/ingest/read/read.ts';
import type { GameInfo, RawEvent } from '../../../../src/server/ingest/read/types.ts';

export const dataDir = config.nbaDataDir;
export const hasData = fs.existsSync(path.join(dataDir, 'games.parquet'));

let connPromise: Promise<DuckDBConnection> | null = null;
let gamesPromise: Promise<Map<string, GameInfo>> | null = null;

async function conn(): Promise<DuckDBConnection> {
  connPromise ??= DuckDBInstance.create(':memory:', { threads: '2' }).then((i) => i.connect());
  return connPromise;
}

export interface Fixture {
  game: GameInfo;
  events: RawEvent[];
  /** the rows as read: duplicates dropped and EVENTNUMs repeated */
  rows: GameRows;
  parse(observer?: EventLineupObserver): GameResult;
}

/** A real game by its 10-character id: its info, its events in published order, and a parser run. */
export async function loadGame(gameCode: string, withShots = false): Promise<Fixture> {
  const c = await conn();
  gamesPromise ??= loadGames(c, dataDir);
  const game = (await gamesPromise).get(gameCode);
  if (!game) throw new Error(`game ${gameCode} not in games.parquet`);
  const file = pbpFile(dataDir, game.seasonType, game.season);
  if (!file) throw new Error(`no play-by-play file for game ${gameCode}`);
  const rows = await readGameRows(c, file, gameCode);
  const events = rows.events;
  const shots = withShots ? ((await loadShotLocations(c, dataDir, game.seasonType, game.season))?.get(game.gameId) ?? null) : null;
  return { game, events, rows, parse: (observer) => parseGame(game, events, shots ? new Map([...shots].map(([k, v]) => [k, v.slice()])) : null, observer) };
}

/** A SQL query on a fresh connection (nba-data files are read with read_parquet). */
export async function sql(query: string, params: Record<string, string | number> = {}): Promise<Record<string, unknown>[]> {
  const c = await conn();
  return (await c.runAndReadAll(query, params)).getRowObjectsJS() as Record<string, unknown>[];
}

/** The last non-null SCORE of a game's play-by-play in published order, as [away, home]. */
export async function lastScore(gameCode: string): Promise<[number, number]> {
  const c = await conn();
  gamesPromise ??= loadGames(c, dataDir);
  const game = (await gamesPromise).get(gameCode)!;
  const r = await sql(`SELECT arg_max(SCORE, file_row_number) AS s FROM read_parquet($f, file_row_number = true) WHERE GAME_ID = $g AND SCORE IS NOT NULL`, {
    f: pbpFile(dataDir, game.seasonType, game.season)!.path,
    g: gameCode,
  });
  const [away, home] = String(r[0]!.s)
    .split('-')
    .map((x) => Number(x.trim()));
  return [away!, home!];
}

export interface OfficialBox {
  fgm: number;
  fga: number;
  fg3m: number;
  fg3a: number;
  ftm: number;
  fta: number;
  oreb: number;
  dreb: number;
  ast: number;
  stl: number;
  blk: number;
  tov: number;
  pts: number;
  min: number;
}

/** The official team box score of a game (team-box-scores, 2003-04..2012-13), by team id. */
export async function officialBox(gameCode: string): Promise<Map<number, OfficialBox>> {
  const c = await conn();
  const r = await c.runAndReadAll(
    `SELECT CAST(TEAM_ID AS INTEGER) AS team, FGM, FGA, FG3M, FG3A, FTM, FTA, OREB, DREB, AST, STL, BLK, TOV, PTS, MIN
       FROM read_parquet($f) WHERE GAME_ID = $g`,
    { f: path.join(dataDir, 'team-box-scores.parquet'), g: gameCode },
  );
  const m = new Map<number, OfficialBox>();
  for (const row of r.getRowObjectsJS()) {
    const n = (k: string): number => Number(row[k]);
    m.set(n('team'), {
      fgm: n('FGM'),
      fga: n('FGA'),
      fg3m: n('FG3M'),
      fg3a: n('FG3A'),
      ftm: n('FTM'),
      fta: n('FTA'),
      oreb: n('OREB'),
      dreb: n('DREB'),
      ast: n('AST'),
      stl: n('STL'),
      blk: n('BLK'),
      tov: n('TOV'),
      pts: n('PTS'),
      min: n('MIN'),
    });
  }
  return m;
}

/** Our team totals of a parsed game in the official box's terms. */
export function ourBox(r: GameResult, teamId: number): OfficialBox {
  const players = r.players.filter((p) => p.teamId === teamId);
  const sum = (k: keyof GameResult['players'][number]['box']): number => players.reduce((s, p) => s + p.box[k], 0);
  const team = r.teamBox.get(teamId)!;
  return {
    fgm: sum('fgm'),
    fga: sum('fga'),
    fg3m: sum('fg3m'),
    fg3a: sum('fg3a'),
    ftm: sum('ftm'),
    fta: sum('fta'),
    oreb: sum('oreb'),
    dreb: sum('dreb'),
    ast: sum('ast'),
    stl: sum('stl'),
    blk: sum('blk'),
    tov: sum('tov') + team.tov,
    pts: teamId === r.game.homeTeamId ? r.homePts : r.awayPts,
    min: Math.round((r.checks.gameSeconds * 5) / 60),
  };
}
