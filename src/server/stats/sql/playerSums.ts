/**
 * playerSumsBy: a player's own counters (player_possession_stats / player_game_totals) plus his team's counters
 * while he was on court, per group; the per-game totals when only game-level filters apply, else the
 * possessions (with lineup filters, the request's sample as a CTE: src/server/stats/sql/sample.ts).
 */
import { hasLineupFilter, type AppliedFilters } from '../../../lib/params/apiParams';
import type { StatsDb, Row } from '../../db/statsDb';
import { onCourtCounterSelect, PLAYER_COUNTERS, PLAYER_ON_COURT_COUNTERS, PLAYER_OWN_COUNTERS, sumColumns, type PlayerCounter } from '../metrics/counters';
import {
  commonPossessionConditions,
  lineupCondition,
  namesOnly,
  needsPossessions,
  needsTeamGames,
  periodCondition,
  perspectiveConditions,
  possessionSource,
  sampleConditions,
  scopedPossessionTable,
  teamGameConditions,
  type Perspective,
} from './filterSql';
import { PLAYER_CONTEXT_COLUMNS, type PossessionCounterColumn } from '../../statsSchema/derivedTables';
import { referencePaths } from './plan';
import { sampleSql, type SampleSelect } from './sample';
import { subtractedSql } from './offCourt';
import { entityTeamSeasons } from './entityScope';
import { stateAnswers, stateSumsSql } from './presummed';
import { and, Params } from './sql';
import { groupSelect, type GroupKey } from './groups';
import { D, fiveSumsSql, O } from './sums';

export interface PlayerSumsOptions {
  groupBy: readonly GroupKey[];
  playerId?: number;
  teamId?: number;
  gameId?: number;
  /**
   * The counters the caller reads (metrics/formulas.ts playerCountersFor): the possession path then sums only these
   * of his own counters (the others come back 0), the costliest part of a league table over filtered possessions.
   * Default: every counter.
   */
  counters?: readonly PlayerCounter[];
}

/** Own + on-court counters per group, plus last_team_id (team of his last game in the group). */
export async function playerSumsBy(db: StatsDb, f: AppliedFilters, o: PlayerSumsOptions): Promise<Row[]> {
  const b = new Params();
  return db.query(await playerSumsSql(db, f, b, o), b.values);
}

/**
 * The SELECT of playerSumsBy, its values bound in b. An off-court filter is answered by subtraction
 * (offCourt.ts): a group whose counters all come to zero is then left out, which every caller does anyway (it
 * keeps the rows with seconds on court).
 */
export async function playerSumsSql(db: StatsDb, f: AppliedFilters, b: Params, o: PlayerSumsOptions): Promise<string> {
  const subtracted = await subtractedSql(db, f, (ff) => playerSumsSql(db, ff, b, o), o.groupBy, PLAYER_COUNTERS, { firstOnly: ['last_team_id'] });
  if (subtracted) return subtracted;
  const groups = groupSelect(o.groupBy, 's');
  const groupBy = o.groupBy.length ? `GROUP BY ${groups.join(', ')}` : '';
  if (needsPossessions(f) && o.gameId === undefined && stateAnswers(db, f, o.groupBy)) {
    // Period and score filters only: the pre-summed rows (presummed.ts), not ten players per possession.
    return stateSumsSql(f, b, o);
  }
  if (needsPossessions(f) || o.groupBy.includes('slot')) {
    // Lineup filters keep few possessions: their sample is read once, narrow, as a CTE of this query
    // (src/server/stats/sql/sample.ts); other possession filters are applied inline to each source.
    const sample = hasLineupFilter(f) ? await sampleSql(db, f, b, PLAYER_SAMPLE, sampleNarrowing(b, o)) : null;
    const narrow = sample ? null : await entityTeamSeasons(db, f, o);
    // (at least one own counter: the own part's rows carry his last game and team)
    const asked = PLAYER_OWN_COUNTERS.filter((c) => !o.counters || o.counters.includes(c));
    const ownCounters: readonly string[] = asked.length ? asked : ['pts'];
    const rows = playerPossessionRows(db, f, b, o, sample, narrow, ownCounters);
    // Own and on-court rows are summed apart (each part only its own counters, over its own rows), then
    // joined by group: a player with only one kind of row in a group gets zeros for the other kind.
    const part = (source: string, counters: readonly string[]) =>
      `SELECT ${[...groups, 'max(s.game_id) AS last_game', 'arg_max(s.team_id, s.game_id) AS last_team', sumColumns(counters, 's')].join(', ')}
         FROM (${source}) s ${groupBy}`;
    const zeroIfMissing = (counters: readonly string[], alias: string, summed: readonly string[] = counters) =>
      counters.map((c) => (summed.includes(c) ? `COALESCE(${alias}.${c}, 0) AS ${c}` : `0::DOUBLE AS ${c}`));
    const sql = `${sample ? `WITH sample AS MATERIALIZED (${sample.sql})` : ''}
      SELECT ${[
        ...o.groupBy,
        'CASE WHEN onc.last_game IS NULL OR own.last_game >= onc.last_game THEN own.last_team ELSE onc.last_team END AS last_team_id',
        ...zeroIfMissing(PLAYER_OWN_COUNTERS, 'own', ownCounters),
        ...zeroIfMissing(PLAYER_ON_COURT_COUNTERS, 'onc'),
      ].join(', ')}
      FROM (${part(rows.own, ownCounters)}) own
      FULL OUTER JOIN (${part(rows.onCourt, PLAYER_ON_COURT_COUNTERS)}) onc ${o.groupBy.length ? `USING (${o.groupBy.join(', ')})` : 'ON TRUE'}`;
    return sql;
  }
  const joinTg = needsTeamGames(f);
  const where = and([
    ...sampleConditions(f, b, 's'),
    ...(joinTg ? teamGameConditions(f, b, 'tg') : []),
    o.playerId !== undefined ? `s.player_id = ${b.bind(o.playerId)}` : '',
    o.teamId !== undefined ? `s.team_id = ${b.bind(o.teamId)}` : '',
    o.gameId !== undefined ? `s.game_id = ${b.bind(o.gameId)}` : '',
  ]);
  const src = `SELECT s.* FROM player_game_totals s${joinTg ? ' JOIN team_games tg ON tg.game_id = s.game_id AND tg.team_id = s.team_id' : ''} WHERE ${where}`;
  return `SELECT ${[...groups, 'arg_max(s.team_id, s.game_id) AS last_team_id', sumColumns(PLAYER_COUNTERS, 's')].join(', ')} FROM (${src}) s ${groupBy}`;
}

/** The possession counters playerPossessionRows reads (its on-court rows): what a sample needs for player sums. */
const PLAYER_SAMPLE: readonly PossessionCounterColumn[] = ['possessions', 'seconds', 'plays', 'fgm', 'fga', 'fg3a', 'oreb', 'dreb', 'pts'];

const slotCase = (cols: string[], who: string) => `CASE ${cols.map((c, i) => `WHEN p.${c} = ${who} THEN ${i + 1}`).join(' ')} END`;

/** Conditions on the sample that hold for every row a player-sums query reads (one game, one team's possessions). */
function sampleNarrowing(b: Params, o: PlayerSumsOptions): string[] {
  const c: string[] = [];
  if (o.gameId !== undefined) c.push(`p.game_id = ${b.bind(o.gameId)}`);
  if (o.teamId !== undefined) {
    const id = b.bind(o.teamId);
    c.push(`(p.off_team_id = ${id} OR p.def_team_id = ${id})`);
  }
  return c;
}

/**
 * True when the possessions a player's own counters are read on are the same from either side: no condition
 * from the perspective team's view (score, a sided lineup filter, a game-level filter), no team (its possessions
 * are filed per side), and no sample of the request's own.
 */
function sideFree(db: StatsDb, f: AppliedFilters, o: PlayerSumsOptions, narrow: readonly number[] | null): boolean {
  return (
    narrow === null &&
    o.teamId === undefined &&
    !scopedPossessionTable(db, f) &&
    !needsTeamGames(f) &&
    perspectiveConditions(f, new Params(), 'offense').length === 0
  );
}

/** The columns of player_possession_stats that conditions on its alias s may name (aggregates.ts PLAYER_CONTEXT_COLUMNS and his ids). */
const PLAYER_ROW_CONDITION_COLUMNS: readonly string[] = [...PLAYER_CONTEXT_COLUMNS, 'game_id', 'player_id', 'team_id', 'is_offense'];

/** f's sample and possession conditions on a player row (alias s), its score read from his team's view. */
const contextConditions = (f: AppliedFilters, b: Params) => [
  ...sampleConditions(f, b, 's'),
  ...commonPossessionConditions(f, b, 's', false),
  ...perspectiveConditions(f, b, 'offense', 's'),
];

/** Whether playerContextSource answers f (see there); exported for the tests that count the path's uses. */
export function contextAnswers(db: StatsDb, f: AppliedFilters): boolean {
  if (referencePaths(db) || scopedPossessionTable(db, f) || lineupCondition(f, new Params()) !== '') return false;
  return namesOnly(contextConditions(f, new Params()), PLAYER_ROW_CONDITION_COLUMNS, 's');
}

/**
 * A player's own rows that f keeps, read from player_possession_stats alone: each row carries its possession's
 * context (aggregates.ts playerPossessionContextBuilder; score_diff from his team's view, which the offense's
 * reading of the score rule reads as the possession path reads each side), and game-level filters read his
 * team's team_games row. The same rows as the possession path's two sides, without joining the possessions.
 * Null where they cannot answer: the reference paths (plan.ts), a request's sample, a lineup filter (it needs
 * the possession's ten players), or a condition naming a column the rows lack (a filter added to the model
 * later keeps the possession path until its column is carried too).
 */
function playerContextSource(db: StatsDb, f: AppliedFilters, b: Params, o: PlayerSumsOptions): string | null {
  if (!contextAnswers(db, f)) return null;
  const joinTg = needsTeamGames(f);
  const where = and([
    ...contextConditions(f, b),
    ...(joinTg ? teamGameConditions(f, b, 'tg') : []),
    o.gameId !== undefined ? `s.game_id = ${b.bind(o.gameId)}` : '',
  ]);
  return `SELECT s.* FROM player_possession_stats s${joinTg ? ' JOIN team_games tg ON tg.game_id = s.game_id AND tg.team_id = s.team_id' : ''} WHERE ${where}`;
}

/**
 * Player rows from the possessions: `own` (player_possession_stats: his own counters) and `onCourt` (one row per
 * player on the floor per possession: PLAYER_ON_COURT_COUNTERS). Both carry player_id, team_id, game_id,
 * season, season_type and slot. With a `sample`, they read the query's CTE named sample; else the possession
 * table with the filters inline.
 */
function playerPossessionRows(
  db: StatsDb,
  f: AppliedFilters,
  b: Params,
  o: PlayerSumsOptions,
  sample: SampleSelect | null,
  narrow: readonly number[] | null,
  ownCounters: readonly string[],
): { own: string; onCourt: string } {
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
  // (a team's computation is narrowed to its team-seasons; the context path reads the whole league's rows)
  const context = sample || narrow !== null || o.teamId !== undefined || o.groupBy.includes('slot') ? null : playerContextSource(db, f, b, o);
  const fromSample = (flag: string, extra: string[]) => `SELECT * FROM sample p WHERE ${and([flag, ...extra])}`;
  const poOn = sample ? fromSample('p.off_ok', [...offExtra, ...onOffExtra]) : possessionSource(db, f, b, 'offense', [...offExtra, ...onOffExtra], narrow);
  const pdOn = sample ? fromSample('p.def_ok', [...defExtra, ...onDefExtra]) : possessionSource(db, f, b, 'defense', [...defExtra, ...onDefExtra], narrow);
  const own = ownCounters.map((c) => `s.${c}`).join(', ');
  const keys = 'p.game_id, p.season, p.season_type';
  const playerFilter = o.playerId !== undefined ? `AND s.player_id = ${b.bind(o.playerId)}` : '';
  // Own counters: offensive ones on his team's possessions, defensive ones (steals, blocks, DREB, fouls) on the
  // opponent's, each judged by the filters from his team's perspective. From a sample, one scan of the player
  // counters joined to it serves both sides (each row is either an offensive or a defensive one); a sample
  // read from team_possessions pairs with team_player_possession_stats, filed the same way: the join on
  // (possession, team-season) takes each player row once, from the sample's team-seasons only.
  let ownRows: string;
  if (sample) {
    const byTeam = sample.teamSeasons !== null;
    ownRows = `
    SELECT s.player_id, s.team_id, ${keys}, CASE WHEN s.is_offense THEN ${slotCase(O, 's.player_id')} ELSE ${slotCase(D, 's.player_id')} END AS slot, ${own}
      FROM ${byTeam ? 'team_player_possession_stats' : 'player_possession_stats'} s
      JOIN sample p ON p.possession_id = s.possession_id${byTeam ? ' AND s.team_season = p.team_season' : ''}
     WHERE ${and([
       `(s.is_offense AND ${and(['p.off_ok', ...offExtra])}) OR (NOT s.is_offense AND ${and(['p.def_ok', ...defExtra])})`,
       // the sample's team-seasons and periods: conditions DuckDB checks against each row group's range
       byTeam ? `s.team_season IN ${b.list(sample.teamSeasons!)}` : '',
       byTeam ? periodCondition(f, b, 's') : '',
     ])} ${playerFilter}`;
  } else if (context) {
    // His rows carry their possession's context: kept by their own columns, no possession joined (no slot: the
    // five's order is the possession's, and a grouping by slot never comes here).
    ownRows = `
    SELECT s.player_id, s.team_id, s.game_id, s.season, s.season_type, ${own}
      FROM (${context}) s WHERE TRUE ${playerFilter}`;
  } else if (sideFree(db, f, o, narrow)) {
    // The filters read a possession the same from either side: one scan of the player counters, joined once.
    const p = possessionSource(db, f, b, 'offense', offExtra, null);
    ownRows = `
    SELECT s.player_id, s.team_id, ${keys}, CASE WHEN s.is_offense THEN ${slotCase(O, 's.player_id')} ELSE ${slotCase(D, 's.player_id')} END AS slot, ${own}
      FROM player_possession_stats s JOIN (${p}) p ON p.possession_id = s.possession_id WHERE TRUE ${playerFilter}`;
  } else {
    const po = possessionSource(db, f, b, 'offense', offExtra, narrow);
    const pd = possessionSource(db, f, b, 'defense', defExtra, narrow);
    // Narrowed to team-seasons, the possessions come from team_possessions, each filed once per side here: the
    // player rows filed the same way (team_player_possession_stats) are read from those team-seasons only, where
    // player_possession_stats, ordered by possession, would be scanned whole for one player.
    const side = (source: string, cols: string[], isOffense: string) =>
      narrow
        ? `SELECT s.player_id, s.team_id, ${keys}, ${slotCase(cols, 's.player_id')} AS slot, ${own}
      FROM team_player_possession_stats s JOIN (${source}) p ON p.possession_id = s.possession_id AND s.team_season = p.team_season
     WHERE ${and([isOffense, narrow.length ? `s.team_season IN ${b.list(narrow)}` : 'FALSE', periodCondition(f, b, 's')])} ${playerFilter}`
        : `SELECT s.player_id, s.team_id, ${keys}, ${slotCase(cols, 's.player_id')} AS slot, ${own}
      FROM player_possession_stats s JOIN (${source}) p ON p.possession_id = s.possession_id WHERE ${isOffense} ${playerFilter}`;
    ownRows = `
    ${side(po, O, 's.is_offense')}
    UNION ALL
    ${side(pd, D, 'NOT s.is_offense')}`;
  }
  // On-court counters: one row per player on the floor, spread from the sums of each five (sums.ts fiveSumsSql;
  // a five's game_id is its last game unless grouped by game, so a player's last game and team are his fives').
  // Slots only when grouped by them (the reference paths always take the slot order).
  const bySlot = o.groupBy.includes('slot') || referencePaths(db);
  const fives = (source: string, persp: Perspective) => fiveSumsSql(source, persp, PLAYER_SAMPLE, { byGame: o.groupBy.includes('game_id'), bySlot });
  const slot = bySlot ? ' unnest([1, 2, 3, 4, 5]) AS slot,' : '';
  const onRows = `
    SELECT unnest([p.o1, p.o2, p.o3, p.o4, p.o5]) AS player_id, p.team_id, ${keys},${slot}
      ${onCourtCounterSelect('offense')}
      FROM (${fives(poOn, 'offense')}) p
    UNION ALL
    SELECT unnest([p.d1, p.d2, p.d3, p.d4, p.d5]) AS player_id, p.team_id, ${keys},${slot}
      ${onCourtCounterSelect('defense')}
      FROM (${fives(pdOn, 'defense')}) p`;
  const onFilter = o.playerId !== undefined ? `WHERE player_id = ${b.bind(o.playerId)}` : '';
  return { own: ownRows, onCourt: `SELECT * FROM (${onRows}) ${onFilter}` };
}
