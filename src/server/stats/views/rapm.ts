/**
 * RAPM as pages and the API show it (the model: src/server/models/rapm.ts; the guide: /stats/guides/rapm):
 * the leaderboard of one fit (a season, or the three-season window ending at it) and a player's fits.
 * Percentiles (0-100) and ranks are among the fit's players at or above the minimum possessions, every position
 * together: the position filter only narrows the rows shown.
 */
import { ParamError } from '../../../lib/params/apiParams';
import { seasonLabel } from '../../../lib/filters/filterDefinitions';
import { RAPM_MIN_POSS_PER_SEASON, type RapmParams, type RapmSort } from '../../../lib/params/rapmParams';
import { pathForPlayer } from '../../../lib/site/routes';
import type { StatsDb } from '../../db/statsDb';
import { csvTextResponse, encodeCsv } from '../base/csvText';
import { ApiError } from '../base/errors';
import { teamAbbr } from './shared';

export interface RapmRow {
  rank: number;
  player_id: number;
  name: string;
  /** his profile page */
  url: string;
  team: string | null;
  /** every team he played for in the fit's last season he played (a traded player's two or more, in order) */
  teams: string[];
  position: string | null;
  off: number;
  def: number;
  total: number;
  off_pct: number;
  def_pct: number;
  total_pct: number;
  off_poss: number;
  def_poss: number;
  possessions: number;
}

export interface RapmFitInfo {
  season_from: number;
  season_to: number;
  /** '2022-23' or '2020-21 to 2022-23' */
  label: string;
  penalty: number;
  players: number;
}

export interface RapmLeaderboard {
  fit: RapmFitInfo;
  min_poss: number;
  position: string | null;
  sort: RapmSort;
  order: 'desc' | 'asc';
  /** players of the fit at or above min_poss, all positions (the percentile pool) */
  qualified: number;
  rows: RapmRow[];
}

const fitLabel = (from: number, to: number) => (from === to ? seasonLabel(to) : `${seasonLabel(from)} to ${seasonLabel(to)}`);

/** Every fit of the database, seasons first then windows, newest first. */
export async function rapmFits(db: StatsDb): Promise<RapmFitInfo[]> {
  const rows = await db.query('SELECT season_from, season_to, penalty, players FROM rapm_fits ORDER BY season_to - season_from, season_to DESC');
  return rows.map((r) => ({
    season_from: Number(r.season_from),
    season_to: Number(r.season_to),
    label: fitLabel(Number(r.season_from), Number(r.season_to)),
    penalty: Number(r.penalty),
    players: Number(r.players),
  }));
}

const SORT_SQL: Record<RapmSort, string> = { total: 'total', off: 'off', def: 'def', possessions: 'possessions', name: 'name' };
const r2 = (v: unknown) => Math.round(Number(v) * 100) / 100;

/** The leaderboard of one fit; a fit the database does not hold is a 400 naming `season`. */
export async function rapmLeaderboard(db: StatsDb, p: RapmParams): Promise<RapmLeaderboard> {
  const from = p.season - p.span + 1;
  const fit = (await rapmFits(db)).find((f) => f.season_from === from && f.season_to === p.season);
  if (!fit) {
    throw new ParamError(
      'season',
      p.span === 1
        ? `has no RAPM in this database (${seasonLabel(p.season)})`
        : `has no three-season RAPM window ending in ${seasonLabel(p.season)} in this database`,
    );
  }
  // The sort column and direction come from the fixed lists above, never from the request's text.
  const direction = p.order === 'asc' ? 'ASC' : 'DESC';
  const rows = await db.query(
    `WITH pool AS (
       SELECT r.player_id, pl.name, r.team_id, r.position, r.off, r.def, r.total, r.off_poss, r.def_poss, r.possessions,
              (SELECT arg_max(ps.team_ids, ps.season * 10 + CASE ps.season_type WHEN 'regular' THEN 1 ELSE 0 END)
                 FROM player_seasons ps WHERE ps.player_id = r.player_id AND ps.season BETWEEN $1 AND $2) AS team_ids,
              rank() OVER (ORDER BY r.total DESC) AS rank,
              round(100 * percent_rank() OVER (ORDER BY r.off))::INTEGER AS off_pct,
              round(100 * percent_rank() OVER (ORDER BY r.def))::INTEGER AS def_pct,
              round(100 * percent_rank() OVER (ORDER BY r.total))::INTEGER AS total_pct,
              COUNT(*) OVER () AS qualified
         FROM rapm r JOIN players pl USING (player_id)
        WHERE r.season_from = $1 AND r.season_to = $2 AND r.possessions >= $3)
     SELECT * FROM pool WHERE $4::VARCHAR IS NULL OR position = $4::VARCHAR
      ORDER BY ${SORT_SQL[p.sort]} ${direction}, player_id`,
    [from, p.season, p.minPoss, p.position ?? null],
  );
  return {
    fit,
    min_poss: p.minPoss,
    position: p.position ?? null,
    sort: p.sort,
    order: p.order,
    qualified: rows.length ? Number(rows[0]!.qualified) : await qualifiedCount(db, from, p.season, p.minPoss),
    rows: rows.map((r) => ({
      rank: Number(r.rank),
      player_id: Number(r.player_id),
      name: String(r.name),
      url: pathForPlayer('profile', String(r.name), Number(r.player_id)),
      team: teamAbbr(r.team_id),
      teams: ((r.team_ids as number[] | null) ?? [r.team_id as number]).flatMap((id) => teamAbbr(id) ?? []),
      position: r.position == null ? null : String(r.position),
      off: r2(r.off),
      def: r2(r.def),
      total: r2(r.total),
      off_pct: Number(r.off_pct),
      def_pct: Number(r.def_pct),
      total_pct: Number(r.total_pct),
      off_poss: Number(r.off_poss),
      def_poss: Number(r.def_poss),
      possessions: Number(r.possessions),
    })),
  };
}

async function qualifiedCount(db: StatsDb, from: number, to: number, minPoss: number): Promise<number> {
  const [row] = await db.query('SELECT COUNT(*) AS n FROM rapm WHERE season_from = $1 AND season_to = $2 AND possessions >= $3', [from, to, minPoss]);
  return Number(row?.n ?? 0);
}

/** One of a player's fits, with his percentiles among the fit's players at the default minimum. */
export interface PlayerRapmRow {
  season_from: number;
  season_to: number;
  label: string;
  team: string | null;
  position: string | null;
  off: number;
  def: number;
  total: number;
  possessions: number;
  /** the default minimum of the fit (RAPM_MIN_POSS_PER_SEASON per season) */
  min_poss: number;
  /** whether he reaches it: without, no percentiles (null) */
  qualified: boolean;
  off_pct: number | null;
  def_pct: number | null;
  total_pct: number | null;
  rank: number | null;
  /** players at or above the minimum in the fit */
  pool: number;
}

/** His RAPM per season (newest first), then his three-season windows (newest first). */
export async function knownPlayerRapm(db: StatsDb, playerId: number): Promise<PlayerRapmRow[]> {
  const rows = await db.query(
    `WITH mine AS (SELECT season_from, season_to FROM rapm WHERE player_id = $1),
     pool AS (
       SELECT r.*, rank() OVER w_desc AS rank,
              round(100 * percent_rank() OVER (PARTITION BY r.season_from, r.season_to ORDER BY r.off))::INTEGER AS off_pct,
              round(100 * percent_rank() OVER (PARTITION BY r.season_from, r.season_to ORDER BY r.def))::INTEGER AS def_pct,
              round(100 * percent_rank() OVER (PARTITION BY r.season_from, r.season_to ORDER BY r.total))::INTEGER AS total_pct,
              COUNT(*) OVER (PARTITION BY r.season_from, r.season_to) AS pool
         FROM rapm r JOIN mine USING (season_from, season_to)
        WHERE r.possessions >= $2 * (r.season_to - r.season_from + 1)
       WINDOW w_desc AS (PARTITION BY r.season_from, r.season_to ORDER BY r.total DESC))
     SELECT r.season_from, r.season_to, r.team_id, r.position, r.off, r.def, r.total, r.possessions,
            p.off_pct, p.def_pct, p.total_pct, p.rank,
            (SELECT COUNT(*) FROM rapm q WHERE q.season_from = r.season_from AND q.season_to = r.season_to
                AND q.possessions >= $2 * (q.season_to - q.season_from + 1)) AS pool
       FROM rapm r LEFT JOIN pool p ON p.player_id = r.player_id AND p.season_from = r.season_from AND p.season_to = r.season_to
      WHERE r.player_id = $1
      ORDER BY r.season_to - r.season_from, r.season_to DESC`,
    [playerId, RAPM_MIN_POSS_PER_SEASON],
  );
  return rows.map((r) => {
    const from = Number(r.season_from);
    const to = Number(r.season_to);
    const qualified = r.total_pct != null;
    return {
      season_from: from,
      season_to: to,
      label: fitLabel(from, to),
      team: teamAbbr(r.team_id),
      position: r.position == null ? null : String(r.position),
      off: r2(r.off),
      def: r2(r.def),
      total: r2(r.total),
      possessions: Number(r.possessions),
      min_poss: RAPM_MIN_POSS_PER_SEASON * (to - from + 1),
      qualified,
      off_pct: qualified ? Number(r.off_pct) : null,
      def_pct: qualified ? Number(r.def_pct) : null,
      total_pct: qualified ? Number(r.total_pct) : null,
      rank: qualified ? Number(r.rank) : null,
      pool: Number(r.pool),
    };
  });
}

/** knownPlayerRapm of a player id that may not exist: 404 when he is unknown. */
export async function playerRapm(db: StatsDb, playerId: number): Promise<{ player_id: number; fits: PlayerRapmRow[] }> {
  const [known] = await db.query('SELECT 1 AS ok FROM players WHERE player_id = $1', [playerId]);
  if (!known) throw new ApiError(404, `No player with id ${playerId}`, 'player_id');
  return { player_id: playerId, fits: await knownPlayerRapm(db, playerId) };
}

/** The leaderboard as a CSV download: the rows shown, in their order. */
export async function rapmCsvDownload(board: RapmLeaderboard, request: Request): Promise<Response> {
  const header = [
    'Rank',
    'Player',
    'Player ID',
    'Team',
    'Position',
    'Off RAPM',
    'Def RAPM',
    'RAPM',
    'Off pct',
    'Def pct',
    'RAPM pct',
    'Off poss',
    'Def poss',
    'Possessions',
  ];
  const records = board.rows.map((r) => [
    r.rank,
    r.name,
    r.player_id,
    r.teams.join('/'),
    r.position ?? '',
    r.off,
    r.def,
    r.total,
    r.off_pct,
    r.def_pct,
    r.total_pct,
    r.off_poss,
    r.def_poss,
    r.possessions,
  ]);
  const span = board.fit.season_from === board.fit.season_to ? `${board.fit.season_to}` : `${board.fit.season_from}-${board.fit.season_to}`;
  const fileName = `rapm_${span}_min-${board.min_poss}${board.position ? `_${board.position}` : ''}.csv`;
  return csvTextResponse(encodeCsv(header, records), fileName, request);
}
