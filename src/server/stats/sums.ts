/**
 * The three aggregations every view is built from, each returning summed counters per group:
 * - teamSumsBy: a team's (lineup's, league's) possessions, from one perspective;
 * - playerSumsBy: a player's own counters plus his team's counters while he was on court;
 * - onCourtSumsBy: full team counters of the possessions a player was on court for (on/off, positions).
 * Each picks the per-game totals tables when the filters allow, else the possession table.
 */
import type { AppliedFilters } from '../../lib/apiParams';
import type { StatsDb, Row } from '../db/statsDb';
import { PLAYER_COUNTERS, PLAYER_ON_COURT_COUNTERS, PLAYER_OWN_COUNTERS, TEAM_COUNTERS, sumColumns } from './counters';
import {
  needsPossessions,
  needsTeamGames,
  possessionSource,
  sampleConditions,
  scopedPossessionTable,
  teamGameConditions,
  teamSource,
  type Perspective,
} from './filterSql';
import { gameRangeScopeKey } from './scope';
import { and, Params } from './sql';

/** Group keys a caller may ask for; each maps to a column of every source. */
type GroupKey = 'season' | 'season_type' | 'game_id' | 'team_id' | 'opp_team_id' | 'player_id' | 'lineup_id' | 'slot';

const groupSelect = (keys: readonly GroupKey[], alias: string) => keys.map((k) => `${alias}.${k}`);

export interface TeamSumsOptions {
  persp: Perspective;
  groupBy: readonly GroupKey[];
  /** extra conditions on the possession alias p (built with the same Params) */
  extra?: (b: Params) => string[];
  /** force the possession table (lineup grouping) */
  possessions?: boolean;
}

/**
 * Team counters summed per group. `team_id` is the perspective team (offense or defense), `opp_team_id` the
 * other; `lineup_id` the perspective team's five (possession table only).
 */
export async function teamSumsBy(db: StatsDb, f: AppliedFilters, o: TeamSumsOptions): Promise<Row[]> {
  const b = new Params();
  const extra = o.extra ? o.extra(b) : [];
  const usePoss = o.possessions || needsPossessions(f) || o.groupBy.includes('lineup_id');
  const src = usePoss ? possessionSource(db, f, b, o.persp, extra) : teamSource(db, f, b, o.persp, extra);
  const team = o.persp === 'offense' ? 'off_team_id' : 'def_team_id';
  const opp = o.persp === 'offense' ? 'def_team_id' : 'off_team_id';
  const lineup = o.persp === 'offense' ? 'off_lineup_id' : 'def_lineup_id';
  const sql = `SELECT ${[...groupSelect(o.groupBy, 's'), sumColumns(TEAM_COUNTERS, 's')].join(', ')}
    FROM (SELECT *, ${team} AS team_id, ${opp} AS opp_team_id${usePoss ? `, ${lineup} AS lineup_id` : ''} FROM (${src})) s
    ${o.groupBy.length ? `GROUP BY ${groupSelect(o.groupBy, 's').join(', ')}` : ''}`;
  return db.query(sql, b.values);
}

export interface PlayerSumsOptions {
  groupBy: readonly GroupKey[];
  playerId?: number;
  teamId?: number;
  gameId?: number;
}

/** Own + on-court counters per group, plus last_team_id (team of his last game in the group). */
export async function playerSumsBy(db: StatsDb, f: AppliedFilters, o: PlayerSumsOptions): Promise<Row[]> {
  const b = new Params();
  const usePoss = needsPossessions(f) || o.groupBy.includes('slot');
  let src: string;
  if (!usePoss) {
    const joinTg = needsTeamGames(f);
    const where = and([
      ...sampleConditions(f, b, 's'),
      ...(joinTg ? teamGameConditions(f, b, 'tg') : []),
      o.playerId !== undefined ? `s.player_id = ${b.bind(o.playerId)}` : '',
      o.teamId !== undefined ? `s.team_id = ${b.bind(o.teamId)}` : '',
      o.gameId !== undefined ? `s.game_id = ${b.bind(o.gameId)}` : '',
    ]);
    src = `SELECT s.* FROM player_game_totals s${
      joinTg ? ' JOIN team_games tg ON tg.game_id = s.game_id AND tg.team_id = s.team_id' : ''
    } WHERE ${where}`;
  } else {
    src = playerPossessionRows(db, f, b, o);
  }
  const sql = `SELECT ${[...groupSelect(o.groupBy, 's'), 'arg_max(s.team_id, s.game_id) AS last_team_id', sumColumns(PLAYER_COUNTERS, 's')].join(', ')}
    FROM (${src}) s ${o.groupBy.length ? `GROUP BY ${groupSelect(o.groupBy, 's').join(', ')}` : ''}`;
  return db.query(sql, b.values);
}

const O = ['o1', 'o2', 'o3', 'o4', 'o5'];
const D = ['d1', 'd2', 'd3', 'd4', 'd5'];
const slotCase = (cols: string[], who: string) => `CASE ${cols.map((c, i) => `WHEN p.${c} = ${who} THEN ${i + 1}`).join(' ')} END`;

/** Player rows from the possession table: own counters (player_possession_stats) and on-court counters. */
function playerPossessionRows(db: StatsDb, f: AppliedFilters, b: Params, o: PlayerSumsOptions): string {
  const offExtra: string[] = [];
  const defExtra: string[] = [];
  // On-court rows need the player in the possession's five; his own counters do not (a substitute who comes
  // in during a possession, e.g. at a free throw, can still shoot in it: the box score counts that shot).
  const onOffExtra: string[] = [];
  const onDefExtra: string[] = [];
  if (o.playerId !== undefined) {
    const id = b.bind(o.playerId);
    onOffExtra.push(`${id} IN (p.o1, p.o2, p.o3, p.o4, p.o5)`);
    onDefExtra.push(`${id} IN (p.d1, p.d2, p.d3, p.d4, p.d5)`);
  }
  if (o.teamId !== undefined) {
    const id = b.bind(o.teamId);
    offExtra.push(`p.off_team_id = ${id}`);
    defExtra.push(`p.def_team_id = ${id}`);
  }
  if (o.gameId !== undefined) {
    const id = b.bind(o.gameId);
    offExtra.push(`p.game_id = ${id}`);
    defExtra.push(`p.game_id = ${id}`);
  }
  const po = possessionSource(db, f, b, 'offense', offExtra);
  const pd = possessionSource(db, f, b, 'defense', defExtra);
  const poOn = possessionSource(db, f, b, 'offense', [...offExtra, ...onOffExtra]);
  const pdOn = possessionSource(db, f, b, 'defense', [...defExtra, ...onDefExtra]);
  const own = PLAYER_OWN_COUNTERS.map((c) => `s.${c}`).join(', ');
  const zeroOn = PLAYER_ON_COURT_COUNTERS.map((c) => `0 AS ${c}`).join(', ');
  const keys = 'p.game_id, p.season, p.season_type';
  const playerFilter = o.playerId !== undefined ? `AND s.player_id = ${b.bind(o.playerId)}` : '';
  // With the request's possessions materialised, their game-id range bounds the scan of player counters
  // (player_possession_stats is sorted by game: row groups outside the range are skipped).
  const range = scopedPossessionTable(db, f) ? (db.data?.get(gameRangeScopeKey(f)) as [number, number] | undefined) : undefined;
  const rowFilter = range ? `AND s.game_id BETWEEN ${b.bind(range[0])} AND ${b.bind(range[1])}` : '';
  // Own counters: offensive ones on his team's possessions, defensive ones (steals, blocks, DREB, fouls) on
  // the opponent's, each judged by the filters from his team's perspective.
  const scoped = scopedPossessionTable(db, f);
  // With the request's possessions materialised, one scan of player_possession_stats joined to them serves both
  // sides (each row is either an offensive or a defensive one); otherwise one join per perspective source.
  const ownRows = scoped
    ? `
    SELECT s.player_id, s.team_id, ${keys}, CASE WHEN s.is_offense THEN ${slotCase(O, 's.player_id')} ELSE ${slotCase(D, 's.player_id')} END AS slot, ${own}, ${zeroOn}
      FROM player_possession_stats s JOIN ${scoped} p ON p.possession_id = s.possession_id
     WHERE ((s.is_offense AND ${and(['p.off_ok', ...offExtra])}) OR (NOT s.is_offense AND ${and(['p.def_ok', ...defExtra])})) ${playerFilter} ${rowFilter}`
    : `
    SELECT s.player_id, s.team_id, ${keys}, ${slotCase(O, 's.player_id')} AS slot, ${own}, ${zeroOn}
      FROM player_possession_stats s JOIN (${po}) p ON p.possession_id = s.possession_id WHERE s.is_offense ${playerFilter} ${rowFilter}
    UNION ALL
    SELECT s.player_id, s.team_id, ${keys}, ${slotCase(D, 's.player_id')} AS slot, ${own}, ${zeroOn}
      FROM player_possession_stats s JOIN (${pd}) p ON p.possession_id = s.possession_id WHERE NOT s.is_offense ${playerFilter} ${rowFilter}`;
  const zeroOwn = PLAYER_OWN_COUNTERS.map((c) => `0 AS ${c}`).join(', ');
  // On-court counters: one row per player on the floor per possession.
  const onRows = `
    SELECT unnest([p.o1, p.o2, p.o3, p.o4, p.o5]) AS player_id, p.off_team_id AS team_id, ${keys}, unnest([1, 2, 3, 4, 5]) AS slot, ${zeroOwn},
      1 AS off_poss, 0 AS def_poss, p.seconds AS on_seconds, p.plays AS team_plays, p.fgm AS team_fgm, p.fga - p.fgm AS team_misses,
      p.oreb + p.dreb AS oreb_chances, 0 AS dreb_chances, 0 AS opp_fg2a, p.pts AS team_pts, 0 AS opp_pts
      FROM (${poOn}) p
    UNION ALL
    SELECT unnest([p.d1, p.d2, p.d3, p.d4, p.d5]) AS player_id, p.def_team_id AS team_id, ${keys}, unnest([1, 2, 3, 4, 5]) AS slot, ${zeroOwn},
      0 AS off_poss, 1 AS def_poss, p.seconds AS on_seconds, 0 AS team_plays, 0 AS team_fgm, 0 AS team_misses,
      0 AS oreb_chances, p.dreb + p.oreb AS dreb_chances, p.fga - p.fg3a AS opp_fg2a, 0 AS team_pts, p.pts AS opp_pts
      FROM (${pdOn}) p`;
  const onFilter = o.playerId !== undefined ? `WHERE player_id = ${b.bind(o.playerId)}` : '';
  return `SELECT * FROM (${ownRows}) UNION ALL SELECT * FROM (${onRows}) ${onFilter}`;
}

export interface OnCourtOptions {
  persp: Perspective;
  groupBy: readonly GroupKey[];
  playerId?: number;
  teamId?: number;
}

/**
 * Team counters of the possessions each player was on court for (offense: his team's possessions; defense:
 * the opponent's possessions against him). Groups may include player_id, team_id, season, season_type, slot.
 */
export async function onCourtSumsBy(db: StatsDb, f: AppliedFilters, o: OnCourtOptions): Promise<Row[]> {
  const b = new Params();
  const mine = o.persp === 'offense' ? O : D;
  const teamCol = o.persp === 'offense' ? 'off_team_id' : 'def_team_id';
  const usePoss = needsPossessions(f) || o.groupBy.includes('slot');
  let src: string;
  if (usePoss) {
    const extra: string[] = [];
    if (o.playerId !== undefined) extra.push(`${b.bind(o.playerId)} IN (${mine.map((c) => `p.${c}`).join(', ')})`);
    if (o.teamId !== undefined) extra.push(`p.${teamCol} = ${b.bind(o.teamId)}`);
    const p = possessionSource(db, f, b, o.persp, extra);
    const counters = TEAM_COUNTERS.map((c) => `p.${c}`).join(', ');
    src = `SELECT unnest([${mine.map((c) => `p.${c}`).join(', ')}]) AS player_id, unnest([1, 2, 3, 4, 5]) AS slot,
        p.${teamCol} AS team_id, p.game_id, p.season, p.season_type, ${counters} FROM (${p}) p`;
    if (o.playerId !== undefined) src = `SELECT * FROM (${src}) WHERE player_id = ${b.bind(o.playerId)}`;
  } else {
    const joinTg = needsTeamGames(f);
    const where = and([
      ...sampleConditions(f, b, 'p'),
      `p.is_offense = ${o.persp === 'offense' ? 'TRUE' : 'FALSE'}`,
      ...(joinTg ? teamGameConditions(f, b, 'tg') : []),
      o.playerId !== undefined ? `p.player_id = ${b.bind(o.playerId)}` : '',
      o.teamId !== undefined ? `p.team_id = ${b.bind(o.teamId)}` : '',
    ]);
    src = `SELECT p.* FROM agg_player_on_court p${
      joinTg ? ' JOIN team_games tg ON tg.game_id = p.game_id AND tg.team_id = p.team_id' : ''
    } WHERE ${where}`;
  }
  const sql = `SELECT ${[...groupSelect(o.groupBy, 's'), sumColumns(TEAM_COUNTERS, 's')].join(', ')}
    FROM (${src}) s ${o.groupBy.length ? `GROUP BY ${groupSelect(o.groupBy, 's').join(', ')}` : ''}`;
  return db.query(sql, b.values);
}
