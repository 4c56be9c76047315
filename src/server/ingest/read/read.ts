/**
 * Reading nba-data with DuckDB: the games list, the play-by-play streamed game by game in the published row
 * order, and the shot locations of a season. Parquet files are read as published; CSV files (plain or .gz)
 * with the same columns are accepted in their place (same name, .csv or .csv.gz).
 *
 * Rule: keep the published row order (`file_row_number`), never EVENTNUM order — EVENTNUM order runs the game
 * clock backwards about 2,600 times a season (0021200001: rebound #20 is correctly published before tip #19).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { GameShotLocations } from '../game/parseGame.ts';
import type { GameInfo, RawEvent, SeasonType, ShotLocation } from './types.ts';

/** '2012-13' for 2012. */
export function seasonLabel(season: number): string {
  return `${season}-${String((season + 1) % 100).padStart(2, '0')}`;
}

/** 2012 for '2012-13'; throws on anything else. */
export function parseSeasonLabel(label: string): number {
  const m = /^(\d{4})-(\d{2})$/.exec(label.trim());
  if (!m || (Number(m[1]) + 1) % 100 !== Number(m[2])) {
    throw new Error(`invalid season "${label}": expected a label like 2019-20`);
  }
  return Number(m[1]);
}

/** Integer game id of the league's 10-character id: '0021200001' -> 21200001. */
export function gameIdNumber(code: string): number {
  return Number(code);
}

export interface DataFile {
  path: string;
  format: 'parquet' | 'csv';
}

/** The data file for a base path without extension: .parquet, else .csv, else .csv.gz; null if none. */
export function findDataFile(basePath: string): DataFile | null {
  for (const [ext, format] of [
    ['.parquet', 'parquet'],
    ['.csv', 'csv'],
    ['.csv.gz', 'csv'],
  ] as const) {
    if (fs.existsSync(basePath + ext)) return { path: basePath + ext, format };
  }
  return null;
}

export function pbpFile(dataDir: string, seasonType: SeasonType, season: number): DataFile | null {
  return findDataFile(path.join(dataDir, 'pbp', seasonType, seasonLabel(season)));
}

/**
 * The DuckDB table function reading the data file bound to $file (with its row numbers, for the published
 * order); `allVarchar`: a CSV's columns all read as text (the caller casts them).
 */
export function fileSource(file: DataFile, rowNumber: boolean, allVarchar = false): string {
  if (file.format === 'parquet') return rowNumber ? 'read_parquet($file, file_row_number = true)' : 'read_parquet($file)';
  return allVarchar ? 'read_csv($file, header = true, all_varchar = true)' : 'read_csv($file, header = true, auto_detect = true)';
}

const SEASON_TYPES: Record<string, SeasonType> = { 'Regular Season': 'regular', Playoffs: 'playoffs' };

/** Every game of games.parquet (or games.csv), keyed by the 10-character game id. */
export async function loadGames(conn: DuckDBConnection, dataDir: string): Promise<Map<string, GameInfo>> {
  const file = findDataFile(path.join(dataDir, 'games'));
  if (!file) throw new Error(`games file not found in ${dataDir} (games.parquet or games.csv)`);
  const reader = await conn.runAndReadAll(
    `SELECT lpad(CAST(GAME_ID AS VARCHAR), 10, '0') AS game_code, CAST(SEASON AS VARCHAR) AS season,
            CAST(SEASON_TYPE AS VARCHAR) AS season_type, strftime(CAST(GAME_DATE AS DATE), '%Y-%m-%d') AS date,
            CAST(HOME_TEAM_ID AS INTEGER) AS home, CAST(AWAY_TEAM_ID AS INTEGER) AS away,
            CAST(HOME_TEAM_ABBREVIATION AS VARCHAR) AS home_abbr, CAST(AWAY_TEAM_ABBREVIATION AS VARCHAR) AS away_abbr
       FROM ${fileSource(file, false)}`,
    { file: file.path },
  );
  const games = new Map<string, GameInfo>();
  for (const r of reader.getRowObjectsJS()) {
    const seasonType = SEASON_TYPES[String(r.season_type)];
    if (!seasonType) continue;
    const code = String(r.game_code);
    games.set(code, {
      gameId: gameIdNumber(code),
      gameCode: code,
      season: parseSeasonLabel(String(r.season)),
      seasonType,
      date: String(r.date),
      homeTeamId: Number(r.home),
      awayTeamId: Number(r.away),
      homeAbbr: String(r.home_abbr),
      awayAbbr: String(r.away_abbr),
    });
  }
  return games;
}

/**
 * Columns read for each event. Strings are the slow part of moving rows from DuckDB to JavaScript, so only
 * the three descriptions travel as text: the clock is turned into seconds and the game id into an integer
 * in SQL, and player names are read once per file by playerNames(). The last column is a hash of the whole
 * published row (every column, names and SCORE included), 52 bits so that it is an exact JavaScript number:
 * it tells a duplicated row from a different event that reuses an EVENTNUM.
 */
function pbpColumns(file: DataFile): string {
  const all = file.format === 'parquet' ? 'COLUMNS(* EXCLUDE (file_row_number))' : 'COLUMNS(*)';
  return `${PBP_COLUMNS}, CAST(hash(*${all}) >> 12 AS DOUBLE)`;
}
const ROW_HASH = 18;

const PBP_COLUMNS = `CAST(GAME_ID AS INTEGER), CAST(EVENTNUM AS INTEGER), CAST(EVENTMSGTYPE AS INTEGER),
  CAST(EVENTMSGACTIONTYPE AS INTEGER), CAST(PERIOD AS INTEGER),
  coalesce(TRY_CAST(split_part(CAST(PCTIMESTRING AS VARCHAR), ':', 1) AS INTEGER) * 60
           + TRY_CAST(split_part(CAST(PCTIMESTRING AS VARCHAR), ':', 2) AS INTEGER), 0),
  CAST(HOMEDESCRIPTION AS VARCHAR), CAST(NEUTRALDESCRIPTION AS VARCHAR), CAST(VISITORDESCRIPTION AS VARCHAR),
  CAST(PERSON1TYPE AS INTEGER), CAST(PLAYER1_ID AS INTEGER), CAST(PLAYER1_TEAM_ID AS INTEGER),
  CAST(PERSON2TYPE AS INTEGER), CAST(PLAYER2_ID AS INTEGER), CAST(PLAYER2_TEAM_ID AS INTEGER),
  CAST(PERSON3TYPE AS INTEGER), CAST(PLAYER3_ID AS INTEGER), CAST(PLAYER3_TEAM_ID AS INTEGER)`;

/** Player names of a play-by-play file (person types 4/5), one per player id. */
export async function playerNames(conn: DuckDBConnection, file: DataFile): Promise<Map<number, string>> {
  const parts = [1, 2, 3].map(
    (n) => `SELECT CAST(PLAYER${n}_ID AS INTEGER) AS id, CAST(PLAYER${n}_NAME AS VARCHAR) AS name FROM ${fileSource(file, false)}
             WHERE PERSON${n}TYPE IN (4, 5) AND PLAYER${n}_NAME IS NOT NULL`,
  );
  const r = await conn.runAndReadAll(`SELECT id, any_value(name) AS name FROM (${parts.join(' UNION ALL ')}) GROUP BY id`, { file: file.path });
  return new Map(r.getRowObjectsJS().map((row) => [Number(row.id), String(row.name)]));
}

type Cell = number | string | null;

// Module-level helpers, not closures made per row: the ingest parses ~11 M rows.
function num(cols: Cell[][], c: number, i: number): number {
  return Number(cols[c]![i] ?? 0) || 0;
}

function text(cols: Cell[][], c: number, i: number): string | null {
  const v = cols[c]![i];
  return v === null || v === undefined || v === '' ? null : String(v);
}

function toEvent(cols: Cell[][], i: number, index: number): RawEvent {
  return {
    index,
    eventNum: num(cols, 1, i),
    type: num(cols, 2, i),
    action: num(cols, 3, i),
    period: num(cols, 4, i),
    clock: num(cols, 5, i),
    home: text(cols, 6, i),
    neutral: text(cols, 7, i),
    visitor: text(cols, 8, i),
    p1: { type: num(cols, 9, i), id: num(cols, 10, i), teamId: num(cols, 11, i) },
    p2: { type: num(cols, 12, i), id: num(cols, 13, i), teamId: num(cols, 14, i) },
    p3: { type: num(cols, 15, i), id: num(cols, 16, i), teamId: num(cols, 17, i) },
  };
}

/** The league's 10-character game id of an integer id: 21200001 -> '0021200001'. */
export function gameCode(id: number): string {
  return String(id).padStart(10, '0');
}

/** A row dropped by the read step: the same EVENTNUM and the same content as the row just before it. */
export interface DroppedRow {
  eventNum: number;
  period: number;
  clock: number;
  description: string;
}

/** Rows of one game as read: the events kept, the duplicates dropped, the EVENTNUMs reused by different rows. */
export interface GameRows {
  gameCode: string;
  events: RawEvent[];
  /** rows identical to the row before them (same GAME_ID, EVENTNUM and content): dropped */
  dropped: DroppedRow[];
  /** EVENTNUMs carried by more than one kept row (different content, or identical but not consecutive): kept */
  repeated: number[];
}

/**
 * The duplicate rule of the read step (nba-data README, "Duplicated event rows"): from 2014-15 on the league
 * publishes some events twice, on consecutive rows with identical content; the second copy is dropped (its
 * SCORE never moves, so counting it adds a made shot, an assist or a rebound that never happened). An
 * EVENTNUM that comes back with different content is a different event: it is kept and reported.
 */
export class GameRowCollector {
  private events: RawEvent[] = [];
  private dropped: DroppedRow[] = [];
  private hashes = new Map<number, number>();
  private repeated = new Set<number>();
  private lastHash: number | null = null;
  private lastEventNum: number | null = null;

  constructor(readonly gameCode: string) {}

  add(cols: Cell[][], i: number): void {
    const hash = Number(cols[ROW_HASH]![i]);
    const eventNum = Number(cols[1]![i] ?? 0) || 0;
    if (this.lastHash === hash && this.lastEventNum === eventNum) {
      const e = toEvent(cols, i, -1);
      this.dropped.push({ eventNum, period: e.period, clock: e.clock, description: [e.home, e.neutral, e.visitor].filter(Boolean).join(' | ') });
      return;
    }
    this.keep(eventNum, hash);
    this.events.push(toEvent(cols, i, this.events.length));
  }

  /**
   * An event read from another source than a DuckDB chunk (game files, sources/): `hash` stands for the whole
   * published row (any number below 2^53 that equal rows share). Returns false when dropped as a duplicate.
   */
  push(e: Omit<RawEvent, 'index'>, hash: number): boolean {
    if (this.lastHash === hash && this.lastEventNum === e.eventNum) {
      this.dropped.push({ eventNum: e.eventNum, period: e.period, clock: e.clock, description: [e.home, e.neutral, e.visitor].filter(Boolean).join(' | ') });
      return false;
    }
    this.keep(e.eventNum, hash);
    this.events.push({ ...e, index: this.events.length });
    return true;
  }

  private keep(eventNum: number, hash: number): void {
    if (this.hashes.has(eventNum)) this.repeated.add(eventNum);
    else this.hashes.set(eventNum, hash);
    this.lastHash = hash;
    this.lastEventNum = eventNum;
  }

  get size(): number {
    return this.events.length + this.dropped.length;
  }

  rows(): GameRows {
    return { gameCode: this.gameCode, events: this.events, dropped: this.dropped, repeated: [...this.repeated] };
  }
}

/**
 * Streams a play-by-play file game by game, in published order, duplicates dropped (GameRowCollector).
 * Rows of one game are contiguous in the published files.
 */
export async function* streamGames(conn: DuckDBConnection, file: DataFile): AsyncGenerator<GameRows> {
  const order = file.format === 'parquet' ? 'ORDER BY file_row_number' : '';
  const result = await conn.stream(`SELECT ${pbpColumns(file)} FROM ${fileSource(file, true)} ${order}`, { file: file.path });
  let code: number | null = null;
  let game: GameRowCollector | null = null;
  for (;;) {
    const chunk = await result.fetchChunk();
    if (!chunk || chunk.rowCount === 0) break;
    const cols = chunk.getColumns() as Cell[][];
    const rows = chunk.rowCount;
    for (let i = 0; i < rows; i++) {
      const c = Number(cols[0]![i]);
      if (c !== code) {
        if (game?.size) yield game.rows();
        code = c;
        game = new GameRowCollector(gameCode(c));
      }
      game!.add(cols, i);
    }
  }
  if (game?.size) yield game.rows();
}

/** The rows of one game, in published order, duplicates dropped (tests and diagnostics; the ingest streams whole files). */
export async function readGameRows(conn: DuckDBConnection, file: DataFile, code: string): Promise<GameRows> {
  const order = file.format === 'parquet' ? 'ORDER BY file_row_number' : '';
  const reader = await conn.runAndReadAll(`SELECT ${pbpColumns(file)} FROM ${fileSource(file, true)} WHERE CAST(GAME_ID AS INTEGER) = $game ${order}`, {
    file: file.path,
    game: Number(code),
  });
  const cols = reader.getColumnsJS() as Cell[][];
  const game = new GameRowCollector(code);
  for (let i = 0; i < reader.currentRowCount; i++) game.add(cols, i);
  return game.rows();
}

/** Shot locations of one regular season, by game id; null when the season has no shot file. */
export async function loadShotLocations(
  conn: DuckDBConnection,
  dataDir: string,
  seasonType: SeasonType,
  season: number,
): Promise<Map<number, GameShotLocations> | null> {
  const file = findDataFile(path.join(dataDir, 'shots', seasonType, seasonLabel(season)));
  if (!file) return null;
  const reader = await conn.runAndReadAll(
    `SELECT CAST(GAME_ID AS INTEGER) AS g, CAST(PLAYER_ID AS INTEGER) AS p, CAST(QUARTER AS INTEGER) AS q,
            CAST(MINS_LEFT AS INTEGER) * 60 + CAST(SECS_LEFT AS INTEGER) AS clock, CAST(SHOT_MADE AS BOOLEAN) AS made,
            CAST(SHOT_TYPE AS VARCHAR) LIKE '3%' AS three,
            CAST(BASIC_ZONE AS VARCHAR) IN ('Left Corner 3', 'Right Corner 3') AS corner,
            CAST(LOC_X AS DOUBLE) AS x, CAST(LOC_Y AS DOUBLE) AS y, CAST(SHOT_DISTANCE AS DOUBLE) AS d
       FROM ${fileSource(file, false)}`,
    { file: file.path },
  );
  const byGame = new Map<number, GameShotLocations>();
  const cols = reader.getColumnsJS() as Cell[][];
  const count = reader.currentRowCount;
  for (let i = 0; i < count; i++) {
    const g = Number(cols[0]![i]);
    let m = byGame.get(g);
    if (!m) byGame.set(g, (m = new Map()));
    const loc: ShotLocation = {
      playerId: Number(cols[1]![i]),
      period: Number(cols[2]![i]),
      clock: Number(cols[3]![i]),
      made: Boolean(cols[4]![i]),
      value: cols[5]![i] ? 3 : 2,
      corner: Boolean(cols[6]![i]),
      locX: cols[7]![i] === null ? null : Number(cols[7]![i]),
      locY: cols[8]![i] === null ? null : Number(cols[8]![i]),
      distance: cols[9]![i] === null ? null : Number(cols[9]![i]),
    };
    const key = `${loc.period}:${loc.clock}:${loc.playerId}`;
    const list = m.get(key);
    if (list) list.push(loc);
    else m.set(key, [loc]);
  }
  return byGame;
}
