/**
 * The three aggregations every view is built from, each returning summed counters per group:
 * - teamSumsBy: a team's (lineup's, league's) possessions, from one perspective;
 * - playerSumsBy (playerSums.ts): a player's own counters plus his team's counters while he was on court;
 * - onCourtSumsBy: full team counters of the possessions a player was on court for (on/off, positions).
 * Each picks the per-game totals tables when the filters allow, else the possession table.
 */
import type { AppliedFilters } from '../../../lib/apiParams';
import type { StatsDb, Row } from '../../db/statsDb';
import { TEAM_COUNTERS, sumColumns } from '../metrics/counters';
import {
  needsPossessions,
  needsTeamGames,
  possessionSource,
  sampleConditions,
  teamGameConditions,
  teamGameSource,
  type Perspective,
} from './filterSql';
import { groupSelect, type GroupKey } from './groups';
import { lineupSumsAnswer, lineupSumsSource } from './presummed';
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
  /** force the possession table (lineup grouping) */
  possessions?: boolean;
  /** keep only groups with at least this many possessions (in SQL: lineup tables drop most of their groups) */
  minPossessions?: number;
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

/** The SELECT of teamSumsBy, its values bound in b. */
export async function teamSumsSql(db: StatsDb, f: AppliedFilters, b: Params, o: TeamSumsOptions): Promise<string> {
  const extra = o.extra ? o.extra(b) : [];
  const usePoss = o.possessions || needsPossessions(f) || o.groupBy.includes('lineup_id');
  const byLineup = usePoss && lineupSumsAnswer(db, f, o.groupBy);
  if (usePoss && !byLineup) await fullSample(db, f);
  const src = byLineup
    ? lineupSumsSource(f, b, o.persp, extra)
    : usePoss
      ? possessionSource(db, f, b, o.persp, extra)
      : teamGameSource(f, b, o.persp, extra);
  const team = o.persp === 'offense' ? 'off_team_id' : 'def_team_id';
  const opp = o.persp === 'offense' ? 'def_team_id' : 'off_team_id';
  const lineup = o.persp === 'offense' ? 'off_lineup_id' : 'def_lineup_id';
  return `SELECT ${[...groupSelect(o.groupBy, 's'), sumColumns(TEAM_COUNTERS, 's')].join(', ')}
    FROM (SELECT *, ${team} AS team_id, ${opp} AS opp_team_id${usePoss ? `, ${lineup} AS lineup_id` : ''} FROM (${src})) s
    ${o.groupBy.length ? `GROUP BY ${groupSelect(o.groupBy, 's').join(', ')}` : ''}
    ${o.minPossessions !== undefined && o.groupBy.length ? `HAVING sum(s.possessions) >= ${b.bind(o.minPossessions)}` : ''}`;
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
  /** players in the unit: 2, 3 or 4 (5 is the lineup itself: teamSumsBy by lineup_id) */
  size: 2 | 3 | 4;
  extra?: (b: Params) => string[];
  /** keep only the units with this player */
  playerId?: number;
  minPossessions: number;
}

/**
 * Team counters of 2-, 3- and 4-man units: the possessions with those players on the floor together for the
 * perspective team, summed per unit (column `unit`: its player ids, sorted) and team_id. A unit is on the floor
 * exactly when it is a subset of the five, so the sums of the fives (grouped by lineup_id, as the five-man
 * table) are spread over each five's subsets (10 pairs, 10 trios or 5 quartets, read from the lineups table)
 * and summed again: the possessions are read once, as for five-man units, and the extra work is on the fives
 * of the sample (thousands per season), not on its possessions.
 */
export async function unitSumsBy(db: StatsDb, f: AppliedFilters, o: UnitSumsOptions): Promise<Row[]> {
  const b = new Params();
  const fives = await teamSumsSql(db, f, b, { persp: o.persp, groupBy: ['lineup_id', 'team_id'], extra: o.extra, possessions: true });
  // The subsets are constants of this module (slot numbers), never from the request.
  const units = `[${subsetsOfFive(o.size).map((set) => `[${set.map((i) => `l.p${i}`).join(', ')}]`).join(', ')}]`;
  const sql = `WITH fives AS (${fives})
    SELECT u.unit, u.team_id, ${sumColumns(TEAM_COUNTERS, 'u')}
      FROM (SELECT f.*, unnest(${units}) AS unit FROM fives f JOIN lineups l ON l.lineup_id = f.lineup_id) u
     ${o.playerId !== undefined ? `WHERE list_contains(u.unit, ${b.bind(o.playerId)})` : ''}
     GROUP BY u.unit, u.team_id
    HAVING sum(u.possessions) >= ${b.bind(o.minPossessions)}`;
  return db.query(sql, b.values);
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
    await fullSample(db, f);
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
