/**
 * The three aggregations every view is built from, each returning summed counters per group:
 * - teamSumsBy: a team's (lineup's, league's) possessions, from one perspective;
 * - playerSumsBy (playerSums.ts): a player's own counters plus his team's counters while he was on court;
 * - onCourtSumsBy: full team counters of the possessions a player was on court for (on/off, positions).
 * Each picks the per-game totals tables when the filters allow, else the possession table.
 */
import type { AppliedFilters } from '../../../lib/params/apiParams';
import type { StatsDb, Row } from '../../db/statsDb';
import { TEAM_COUNTERS, sumColumns, type TeamCounter } from '../metrics/counters';
import { needsPossessions, needsTeamGames, possessionSource, sampleConditions, teamGameConditions, teamGameSource, type Perspective } from './filterSql';
import { groupSelect, type GroupKey } from './groups';
import { entityTeamSeasons } from './entityScope';
import { referencePaths } from './plan';
import { someCounterNotZero, subtractedSql } from './offCourt';
import { lineupSumsAnswer, lineupSumsSource, stateOnCourtSource, stateTeamSource } from './presummed';
import { fullSample } from './sample';
import { and, Params } from './sql';

/** The columns of a possession's five of each team, slot 1 (pg) to 5 (c). */
export const O = ['o1', 'o2', 'o3', 'o4', 'o5'];
export const D = ['d1', 'd2', 'd3', 'd4', 'd5'];

export interface TeamSumsOptions {
  persp: Perspective;
  groupBy: readonly GroupKey[];
  /** extra conditions on the possession alias p (built with the same Params) */
  extra?: (b: Params) => string[];
  /** the team whose possessions these are (adds the condition; its team-seasons narrow the possession path) */
  teamId?: number;
  /**
   * (without teamId) only the teams of this player's team-seasons are wanted: the possession path reads those
   * team-seasons only (other paths may still return other teams' groups)
   */
  teamsOfPlayer?: number;
  /** force the possession table (lineup grouping) */
  possessions?: boolean;
  /** keep only groups with at least this many possessions (in SQL: lineup tables drop most of their groups) */
  minPossessions?: number;
  /** sum only these counters (the others come back absent; default every team counter) */
  counters?: readonly TeamCounter[];
}

/**
 * Team counters summed per group. `team_id` is the perspective team (offense or defense), `opp_team_id` the
 * other; `lineup_id` the perspective team's five (possession table only).
 */
export async function teamSumsBy(db: StatsDb, f: AppliedFilters, o: TeamSumsOptions): Promise<Row[]> {
  const b = new Params();
  const sql = await teamSumsSql(db, f, b, o);
  return db.query(sql, b.values);
}

/**
 * The SELECT of teamSumsBy, its values bound in b. A group whose counters are all zero is left out (as the
 * off-court subtraction does, offCourt.ts).
 */
export async function teamSumsSql(db: StatsDb, f: AppliedFilters, b: Params, o: TeamSumsOptions): Promise<string> {
  const least = o.minPossessions;
  const counters = o.counters ?? TEAM_COUNTERS;
  const subtracted = await subtractedSql(db, f, (ff) => teamSumsSql(db, ff, b, { ...o, minPossessions: undefined }), o.groupBy, counters, {
    having: (summed) => (least === undefined ? [] : [`${summed('possessions')} >= ${b.bind(least)}`]),
  });
  if (subtracted) return subtracted;
  const extra = [
    ...(o.teamId !== undefined ? [`p.${o.persp === 'offense' ? 'off_team_id' : 'def_team_id'} = ${b.bind(o.teamId)}`] : []),
    ...(o.extra ? o.extra(b) : []),
  ];
  const usePoss = o.possessions || needsPossessions(f) || o.groupBy.includes('lineup_id');
  // The pre-summed rows where the filters allow (presummed.ts): by lineup with season filters only, or by team
  // with period and score filters; else the possessions (or the per-game totals without possession filters).
  const presummed = !usePoss
    ? null
    : lineupSumsAnswer(db, f, o.groupBy)
      ? lineupSumsSource(f, b, o.persp, extra)
      : !o.possessions && !o.groupBy.includes('lineup_id')
        ? stateTeamSource(db, f, b, o.persp, extra, o.groupBy)
        : null;
  const sampled = usePoss && !presummed && (await fullSample(db, f, counters));
  const narrow =
    usePoss && !presummed && !sampled ? await entityTeamSeasons(db, f, o.teamId !== undefined ? { teamId: o.teamId } : { playerId: o.teamsOfPlayer }) : null;
  const src = presummed ?? (usePoss ? possessionSource(db, f, b, o.persp, extra, narrow, sampled) : teamGameSource(f, b, o.persp, extra));
  const team = o.persp === 'offense' ? 'off_team_id' : 'def_team_id';
  const opp = o.persp === 'offense' ? 'def_team_id' : 'off_team_id';
  const lineup = o.persp === 'offense' ? 'off_lineup_id' : 'def_lineup_id';
  const rows = `SELECT *, ${team} AS team_id, ${opp} AS opp_team_id${usePoss ? `, ${lineup} AS lineup_id` : ''} FROM (${src})`;
  const groups = groupSelect(o.groupBy, 's');
  const sums = [...groups, sumColumns(counters, 's')].join(', ');
  if (!o.groupBy.length) return `SELECT ${sums} FROM (${rows}) s`;
  const having = `HAVING ${someCounterNotZero(counters, 's')}`;
  if (o.minPossessions === undefined) return `SELECT ${sums} FROM (${rows}) s GROUP BY ${groups.join(', ')} ${having}`;
  // A minimum of possessions keeps few groups (a lineup table: a few thousand of hundreds of thousands): the
  // groups that reach it are found on the possessions column alone, and only their rows are summed in full.
  // A lineup id is its team's (the ingest numbers each team and five: writer.ts lineupId), so keyed by it the team
  // adds nothing but hashing work to the search (a 13-season lineups table: 22.6 -> 16.6 ms).
  const keptKeys = o.groupBy.includes('lineup_id') ? o.groupBy.filter((g) => g !== 'team_id') : o.groupBy;
  const kept = groupSelect(keptKeys, 's');
  return `WITH grouped AS NOT MATERIALIZED (${rows}),
    kept AS (SELECT ${kept.join(', ')} FROM grouped s GROUP BY ${kept.join(', ')} HAVING sum(s.possessions) >= ${b.bind(o.minPossessions)})
    SELECT ${sums} FROM grouped s SEMI JOIN kept USING (${keptKeys.join(', ')}) GROUP BY ${groups.join(', ')} ${having}`;
}

/** The other side's counters a net rating needs (metrics/formulas.ts NetSums), carried as `other_{counter}`. */
export const NET_COUNTERS = ['possessions', 'pts', 'fg3a', 'fg3m', 'fta', 'ftm'] as const;

const otherOf = (persp: Perspective): Perspective => (persp === 'offense' ? 'defense' : 'offense');
const lineupColumn = (persp: Perspective) => (persp === 'offense' ? 'off_lineup_id' : 'def_lineup_id');

export interface LineupSumsOptions {
  /** the side shown: the lineup's offense (its own possessions) or its defense (its opponents') */
  persp: Perspective;
  /** conditions on the possession alias p for a perspective (a team's or a player's lineups) */
  extra?: (b: Params, persp: Perspective) => string[];
  minPossessions: number;
  /** add the other end's NET_COUNTERS (only the sets with the net rating need them: a second pass) */
  otherEnd: boolean;
  /** sum only these counters of the side shown (as teamSumsSql; default every team counter) */
  counters?: readonly TeamCounter[];
  /** add the five's player ids, p1..p5 (sorted by id, the lineups table) */
  members?: boolean;
  /** at most this many rows, any of them (a caller that refuses more asks for one more than it takes) */
  limit?: number;
}

/** `sql` cut to `limit` rows (bound) when a limit is given. */
const limited = (sql: string, b: Params, limit: number | undefined) => (limit === undefined ? sql : `SELECT * FROM (${sql}) LIMIT ${b.bind(limit)}`);

/**
 * Five-man lineups: the shown side's counters per lineup (lineup_id, team_id) with at least the minimum of
 * possessions, each with the other side's NET_COUNTERS (`other_possessions`...: the same five at the other end,
 * 0 when it never was), for the net rating. One statement: the other side reads only the possessions of the
 * lineups kept (a semi-join on its lineup column), so the second pass costs a fraction of the first. With
 * `members`, each row has its five's ids too (one statement instead of a second query for the names).
 */
export async function lineupSumsBy(db: StatsDb, f: AppliedFilters, o: LineupSumsOptions): Promise<Row[]> {
  const b = new Params();
  const other = otherOf(o.persp);
  const shown = await teamSumsSql(db, f, b, {
    persp: o.persp,
    groupBy: ['lineup_id', 'team_id'],
    extra: o.extra ? (bb) => o.extra!(bb, o.persp) : undefined,
    possessions: true,
    minPossessions: o.minPossessions,
    counters: o.counters,
  });
  // (an inner join: every five the possessions name is in lineups, its primary key, written with them)
  const withMembers = (sql: string) =>
    o.members ? `SELECT s.*, u.p1, u.p2, u.p3, u.p4, u.p5 FROM (${sql}) s JOIN lineups u ON u.lineup_id = s.lineup_id` : sql;
  if (!o.otherEnd) return db.query(limited(withMembers(shown), b, o.limit), b.values);
  const otherSums = await teamSumsSql(db, f, b, {
    persp: other,
    groupBy: ['lineup_id', 'team_id'],
    extra: (bb) => [...(o.extra ? o.extra(bb, other) : []), `p.${lineupColumn(other)} IN (SELECT lineup_id FROM shown)`],
    possessions: true,
    counters: NET_COUNTERS,
  });
  const sql = `WITH shown AS MATERIALIZED (${shown}),
    other AS (SELECT lineup_id, team_id, ${NET_COUNTERS.map((c) => `${c} AS other_${c}`).join(', ')} FROM (${otherSums}))
    SELECT shown.*, ${NET_COUNTERS.map((c) => `COALESCE(other.other_${c}, 0)::DOUBLE AS other_${c}`).join(', ')}
      FROM shown LEFT JOIN other ON other.lineup_id = shown.lineup_id AND other.team_id = shown.team_id`;
  return db.query(limited(withMembers(sql), b, o.limit), b.values);
}

/** Every k-element subset of the five slots 1..5 of a lineups row (p1..p5, players sorted by id), in order. */
function subsetsOfFive(k: number): number[][] {
  const out: number[][] = [];
  const walk = (start: number, chosen: number[]) => {
    if (chosen.length === k) return void out.push(chosen);
    for (let i = start; i <= 5; i++) walk(i + 1, [...chosen, i]);
  };
  walk(1, []);
  return out;
}

export interface UnitSumsOptions {
  persp: Perspective;
  /** players in the unit: 2, 3 or 4 (5 is the lineup itself: lineupSumsBy) */
  size: 2 | 3 | 4;
  extra?: (b: Params, persp: Perspective) => string[];
  /** keep only the units with this player */
  playerId?: number;
  minPossessions: number;
  /** add the other end's NET_COUNTERS (as lineupSumsBy) */
  otherEnd: boolean;
  /** sum only these counters of the side shown (as lineupSumsBy) */
  counters?: readonly TeamCounter[];
  /** at most this many rows (as lineupSumsBy) */
  limit?: number;
}

/**
 * Team counters of 2-, 3- and 4-man units: the possessions with those players on the floor together for the
 * perspective team, summed per unit (column `unit`: its player ids, sorted) and team_id. A unit is on the floor
 * exactly when it is a subset of the five, so the sums of the fives (grouped by lineup_id, as the five-man
 * table) are spread over each five's subsets (10 pairs, 10 trios or 5 quartets, read from the lineups table)
 * and summed again: the possessions are read once per side, as for five-man units, and the extra work is on the
 * fives of the sample (thousands per season), not on its possessions. Each unit carries the other side's
 * NET_COUNTERS as `other_{counter}` (its fives at the other end), for the net rating.
 */
export async function unitSumsBy(db: StatsDb, f: AppliedFilters, o: UnitSumsOptions): Promise<Row[]> {
  const b = new Params();
  const other = otherOf(o.persp);
  const counters = o.counters ?? TEAM_COUNTERS;
  const fives = await teamSumsSql(db, f, b, {
    persp: o.persp,
    groupBy: ['lineup_id', 'team_id'],
    extra: o.extra ? (bb) => o.extra!(bb, o.persp) : undefined,
    possessions: true,
    counters,
  });
  const otherFives = o.otherEnd
    ? await teamSumsSql(db, f, b, {
        persp: other,
        groupBy: ['lineup_id', 'team_id'],
        extra: o.extra ? (bb) => o.extra!(bb, other) : undefined,
        possessions: true,
        counters: NET_COUNTERS,
      })
    : null;
  // The subsets are constants of this module (slot numbers), never from the request.
  const units = `[${subsetsOfFive(o.size)
    .map((set) => `[${set.map((i) => `l.p${i}`).join(', ')}]`)
    .join(', ')}]`;
  // A five seen at one end only still counts for its units at that end (a full join, the missing side empty).
  const sql = `WITH fives AS (${fives}),
    ${
      otherFives
        ? `other_fives AS (SELECT lineup_id, team_id, ${NET_COUNTERS.map((c) => `${c} AS other_${c}`).join(', ')} FROM (${otherFives})),
    both_ends AS (SELECT * FROM fives FULL JOIN other_fives USING (lineup_id, team_id))`
        : 'both_ends AS (SELECT * FROM fives)'
    }
    SELECT u.unit, u.team_id, ${sumColumns(counters, 'u')}${
      otherFives
        ? `, ${sumColumns(
            NET_COUNTERS.map((c) => `other_${c}`),
            'u',
          )}`
        : ''
    }
      FROM (SELECT f.*, unnest(${units}) AS unit FROM both_ends f JOIN lineups l ON l.lineup_id = f.lineup_id) u
     ${o.playerId !== undefined ? `WHERE list_contains(u.unit, ${b.bind(o.playerId)})` : ''}
     GROUP BY u.unit, u.team_id
    HAVING sum(u.possessions) >= ${b.bind(o.minPossessions)}`;
  return db.query(limited(sql, b, o.limit), b.values);
}

/** The groups season_on_court_sums has columns for. */
const SEASON_ON_COURT_GROUPS: readonly GroupKey[] = ['player_id', 'team_id', 'season', 'season_type'];

export interface OnCourtOptions {
  persp: Perspective;
  groupBy: readonly GroupKey[];
  playerId?: number;
  teamId?: number;
  /** sum only these counters (the others come back absent; default every team counter) */
  counters?: readonly TeamCounter[];
}

/**
 * Team counters of the possessions each player was on court for (offense: his team's possessions; defense:
 * the opponent's possessions against him). Groups may include player_id, team_id, season, season_type, slot.
 */
export async function onCourtSumsBy(db: StatsDb, f: AppliedFilters, o: OnCourtOptions): Promise<Row[]> {
  const b = new Params();
  return db.query(await onCourtSumsSql(db, f, b, o), b.values);
}

/**
 * One side's possessions (`source`, a SELECT of possession rows) summed per five on the floor, with that side's
 * team_id, season, season_type and game_id (the game when `byGame`, else the five's last game), the five in
 * o1..o5 or d1..d5. The caller spreads each row over its five players (unnest): the same sums as five rows per
 * possession, from one row per five and group. Summed as BIGINT (the narrow counter columns would otherwise be
 * summed into 128-bit totals; same numbers).
 *
 * `bySlot`: the five in slot order (position estimate), for a grouping by slot; grouped by the eight columns of
 * team, season, season type and slots. Otherwise grouped by the side's lineup id (one integer: the team and its
 * five), season and season type, and the five taken from `lineups` in id order: the same groups, a third less
 * work to hash.
 */
export function fiveSumsSql(source: string, persp: Perspective, counters: readonly string[], o: { byGame: boolean; bySlot: boolean }): string {
  const five = persp === 'offense' ? O : D;
  const side = persp === 'offense' ? 'off' : 'def';
  const game = o.byGame ? 'p.game_id' : 'max(p.game_id) AS game_id';
  const sums = counters.map((c) => `SUM(p.${c}::BIGINT) AS ${c}`).join(', ');
  if (o.bySlot) {
    return `SELECT p.${side}_team_id AS team_id, ${[...five, 'season', 'season_type'].map((c) => `p.${c}`).join(', ')},
      ${game}, ${sums}
    FROM (${source}) p GROUP BY ALL`;
  }
  return `SELECT l.team_id, ${five.map((c, i) => `l.p${i + 1} AS ${c}`).join(', ')}, f.* EXCLUDE (lineup_id)
    FROM (SELECT p.${side}_lineup_id AS lineup_id, p.season, p.season_type, ${game}, ${sums}
            FROM (${source}) p GROUP BY ALL) f
    JOIN lineups l ON l.lineup_id = f.lineup_id`;
}

/** The SELECT of onCourtSumsBy, its values bound in b; groups whose counters are all zero are left out (offCourt.ts). */
export async function onCourtSumsSql(db: StatsDb, f: AppliedFilters, b: Params, o: OnCourtOptions): Promise<string> {
  const counters = o.counters ?? TEAM_COUNTERS;
  const subtracted = await subtractedSql(db, f, (ff) => onCourtSumsSql(db, ff, b, o), o.groupBy, counters);
  if (subtracted) return subtracted;
  const mine = o.persp === 'offense' ? O : D;
  const teamCol = o.persp === 'offense' ? 'off_team_id' : 'def_team_id';
  const usePoss = needsPossessions(f) || o.groupBy.includes('slot');
  let src: string;
  const presummed = usePoss && !o.groupBy.includes('slot') ? stateOnCourtSource(db, f, b, o.persp, o) : null;
  if (presummed) {
    src = presummed;
  } else if (usePoss) {
    const sampled = await fullSample(db, f, counters);
    const extra: string[] = [];
    if (o.playerId !== undefined) extra.push(`${b.bind(o.playerId)} IN (${mine.map((c) => `p.${c}`).join(', ')})`);
    if (o.teamId !== undefined) extra.push(`p.${teamCol} = ${b.bind(o.teamId)}`);
    const narrow = sampled ? null : await entityTeamSeasons(db, f, o);
    const p = possessionSource(db, f, b, o.persp, extra, narrow, sampled);
    const byGame = o.groupBy.includes('game_id') ? ['game_id'] : [];
    // Slots only when grouped by them (the reference paths always take the slot order).
    const bySlot = o.groupBy.includes('slot') || referencePaths(db);
    src = `SELECT unnest([${mine.map((c) => `f.${c}`).join(', ')}]) AS player_id,${bySlot ? ' unnest([1, 2, 3, 4, 5]) AS slot,' : ''}
        ${['team_id', 'season', 'season_type', ...byGame, ...counters].map((c) => `f.${c}`).join(', ')}
        FROM (${fiveSumsSql(p, o.persp, counters, { byGame: byGame.length > 0, bySlot })}) f`;
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
    // Without a game-level filter, grouped by season at most: the season sums (aggregates.ts), not a row per game.
    const bySeason = !joinTg && !referencePaths(db) && o.groupBy.every((g) => SEASON_ON_COURT_GROUPS.includes(g));
    src = `SELECT p.* FROM ${bySeason ? 'season_on_court_sums' : 'agg_player_on_court'} p${
      joinTg ? ' JOIN team_games tg ON tg.game_id = p.game_id AND tg.team_id = p.team_id' : ''
    } WHERE ${where}`;
  }
  return `SELECT ${[...groupSelect(o.groupBy, 's'), sumColumns(counters, 's')].join(', ')}
    FROM (${src}) s ${o.groupBy.length ? `GROUP BY ${groupSelect(o.groupBy, 's').join(', ')} HAVING ${someCounterNotZero(counters, 's')}` : ''}`;
}
