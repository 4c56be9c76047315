/**
 * The SQL of every filter of FILTERS (src/lib/filters/filterDefinitions.ts), one rule per filter name, each with the basketball
 * rule it applies written where it is applied. `Record<FilterName, FilterRule>`: a filter added to FILTERS
 * without its rule here does not compile. filterSql.ts builds every condition by walking FILTERS through these
 * rules. The lineup rules have one more reading, from the player index (lineupIndex.ts, and sample.ts for the
 * seasons and team-seasons the named players played), tested equal to these. A rule's condition is '' when its
 * filter is not applied.
 *
 * Where each rule is judged (`on`):
 * - sample: on any table of the sample (possessions, the per-game totals, shots...) by its season, season_type and
 *   is_filtered_out columns;
 * - teamGame: on the team_games row of the team whose numbers are shown (alias tg): the offense for offensive
 *   numbers, the defense for defensive ones (a player's defensive possessions are judged by his team);
 * - possession: on the possession (alias p), the same for both teams;
 * - perspective: on the possession, from the shown team's point of view;
 * - lineup: on the ten players of the possession; the lineup filters combine by LineupAllOrAny (filterSql.ts
 *   lineupCondition), and src/server/stats/sql/lineupIndex.ts answers the same rules from the player index. A
 *   lineup rule gets the shown team's perspective, or null for its either-team reading: OnCourtWith and
 *   OnCourtAgainst (a teammate of the shown team, an opponent of it) then say only "on the floor", a condition
 *   every possession that passes them meets, which the player index and the team-season narrowing can use;
 *   their exact, sided reading is applied from each perspective (filterSql.ts perspectiveConditions).
 */
import type { AppliedFilters, Range } from '../../../lib/params/apiParams';
import { LINEUP_SLOTS, TIME_INTO_GAME_MAX, type FilterName, type LineupSlot } from '../../../lib/filters/filterDefinitions';
import { CLUTCH, leverageLevelCode } from '../../../lib/filters/leverage';
import { and, or, type Params } from './sql';

export type Perspective = 'offense' | 'defense';

type Where<A extends unknown[]> = (f: AppliedFilters, b: Params, ...args: A) => string;

export type FilterRule =
  | { on: 'sample'; where: Where<[alias: string]> }
  | { on: 'teamGame'; where: Where<[tg: string]> }
  | { on: 'possession'; where: Where<[p: string]> }
  | { on: 'perspective'; where: Where<[persp: Perspective, p: string]> }
  | { on: 'lineup'; sided?: boolean; where: Where<[p: string, persp: Perspective | null]> };

/** Season types with data: there is no preseason data (nba-data README), so it filters to nothing. */
export function seasonTypesWithData(f: AppliedFilters): string[] {
  return f.seasonTypes.filter((t) => t !== 'preseason');
}

const between = (b: Params, expr: string, r: Range) => `${expr} BETWEEN ${b.bind(r[0])} AND ${b.bind(r[1])}`;
const rangeOn = (pick: (f: AppliedFilters) => Range | null, column: string): FilterRule => ({
  on: 'teamGame',
  where: (f, b, tg) => {
    const r = pick(f);
    return r ? between(b, `${tg}.${column}`, r) : '';
  },
});

const OFFENSE = ['o1', 'o2', 'o3', 'o4', 'o5'];
const DEFENSE = ['d1', 'd2', 'd3', 'd4', 'd5'];
const tenOf = (p: string) => [...OFFENSE, ...DEFENSE].map((c) => `${p}.${c}`).join(', ');

/**
 * A lineup slot (pg .. c): the five of each team are ordered by estimated position (o1/d1 = pg ... o5/d5 = c);
 * the filter holds when one of its players is in that slot, for either team.
 */
const slot = (name: LineupSlot): FilterRule => ({
  on: 'lineup',
  where: (f, b, p) => {
    const ids = f.lineup[name];
    if (!ids.length) return '';
    const i = LINEUP_SLOTS.indexOf(name) + 1;
    const list = b.list(ids);
    return `${p}.o${i} IN ${list} OR ${p}.d${i} IN ${list}`;
  },
});

/**
 * A lineup filter judged from the shown team: every listed player is in its five ('mine') or in the other
 * team's five ('theirs'). Without a perspective (null), the either-team reading: every listed player is on the floor.
 */
const sided = (pick: (f: AppliedFilters) => number[], whose: 'mine' | 'theirs'): FilterRule => ({
  on: 'lineup',
  sided: true,
  where: (f, b, p, persp) => {
    const ids = pick(f);
    if (!ids.length) return '';
    const five = (cols: string[]) => cols.map((c) => `${p}.${c}`).join(', ');
    const offenseSide = persp === 'offense' ? whose === 'mine' : whose === 'theirs';
    const cols = persp === null ? tenOf(p) : five(offenseSide ? OFFENSE : DEFENSE);
    return and(ids.map((id) => `${b.bind(id)} IN (${cols})`));
  },
});

export const FILTER_SQL = {
  Season: { on: 'sample', where: (f, b, a) => `${a}.season IN ${b.list(f.seasons)}` },
  SeasonType: {
    on: 'sample',
    where: (f, b, a) => {
      const types = seasonTypesWithData(f);
      return types.length ? `${a}.season_type IN ${b.list(types)}` : 'FALSE';
    },
  },
  StartDate: { on: 'teamGame', where: (f, b, tg) => (f.startDate ? `${tg}.date >= ${b.bind(f.startDate)}::DATE` : '') },
  EndDate: { on: 'teamGame', where: (f, b, tg) => (f.endDate ? `${tg}.date <= ${b.bind(f.endDate)}::DATE` : '') },
  // One of home/away; both is every game.
  Location: { on: 'teamGame', where: (f, _b, tg) => (f.locations.length === 1 ? (f.locations[0] === 'home' ? `${tg}.is_home` : `NOT ${tg}.is_home`) : '') },
  Result: { on: 'teamGame', where: (f, _b, tg) => (f.results.length === 1 ? (f.results[0] === 'win' ? `${tg}.won` : `NOT ${tg}.won`) : '') },
  // Days rest 0-5, 5 meaning five or more: the ingest caps the stored value at 5.
  DaysRest: rangeOn((f) => f.daysRest, 'days_rest'),
  // The second night of a back-to-back: the team played the day before (days rest 0, ingest/season/postprocess.ts
  // daysRest), e.g. Miami at Charlotte on 2012-12-26 (0021200411), the day after it hosted Oklahoma City (0021200407).
  BackToBack: { on: 'teamGame', where: (f, _b, tg) => (f.backToBack ? `${tg}.days_rest = 0` : '') },
  // Default yes: garbage-time and heave possessions are left out.
  FilterOutGarbageTime: { on: 'sample', where: (f, _b, a) => (f.filterOutGarbageTime ? `NOT ${a}.is_filtered_out` : '') },
  // Periods 1-4, 5 = OT, 6 = 2OT, 7 = 3OT; later overtimes count as 3OT. Plain comparisons on the column, so
  // that DuckDB pushes them into the scan (zone maps skip other periods' row groups where a table is sorted
  // by period).
  Period: {
    on: 'possession',
    where: (f, b, p) => {
      if (!f.periods.length) return '';
      const exact = f.periods.filter((x) => x < 7);
      return or([exact.length ? `${p}.period IN ${b.list(exact)}` : '', f.periods.includes(7) ? `${p}.period >= 7` : '']);
    },
  },
  // Seconds into the game at the possession's start: quarters 720 s, overtimes 300 s from 2880; the top of the
  // range (3780) includes later overtimes.
  TimeIntoGame: {
    on: 'possession',
    where: (f, b, p) => {
      if (!f.timeIntoGame) return '';
      const [lo, hi] = f.timeIntoGame;
      return and([`${p}.start_time >= ${b.bind(lo)}`, hi < TIME_INTO_GAME_MAX ? `${p}.start_time <= ${b.bind(hi)}` : '']);
    },
  },
  // The score at the possession's start, the shown team's points minus the other's; -75 and 75, the ends of
  // the slider, mean "or more".
  ScoreDifferential: {
    on: 'perspective',
    where: (f, b, persp, p) => {
      if (!f.scoreDiff) return '';
      const [lo, hi] = f.scoreDiff;
      const diff = persp === 'offense' ? `${p}.score_diff` : `(-${p}.score_diff)`;
      return and([lo > -75 ? `${diff} >= ${b.bind(lo)}` : '', hi < 75 ? `${diff} <= ${b.bind(hi)}` : '']);
    },
  },
  // The possession's stored leverage level (possessions.leverage, copied into team_possessions: 1 low .. 4 very
  // high, src/lib/filters/leverage.ts), a plain comparison like the period's.
  Leverage: {
    on: 'possession',
    where: (f, b, p) => (f.leverages.length ? `${p}.leverage IN ${b.list(f.leverages.map(leverageLevelCode))}` : ''),
  },
  // Clutch: from 5:00 left in the 4th quarter (2580 s into the game) on, overtimes included, the margin at the
  // possession's start within 5 points either way. period >= 4 lets the scan skip the other periods' row groups.
  Clutch: {
    on: 'possession',
    where: (f, b, p) =>
      f.clutch
        ? `${p}.period >= 4 AND ${p}.start_time >= ${b.bind(CLUTCH.fromTimeIntoGame)} AND ${p}.score_diff BETWEEN ${b.bind(-CLUTCH.maxMargin)} AND ${b.bind(CLUTCH.maxMargin)}`
        : '',
  },
  Opponent: { on: 'teamGame', where: (f, b, tg) => (f.opponents.length ? `${tg}.opp_team_id IN ${b.list(f.opponents)}` : '') },
  OpponentDaysRest: rangeOn((f) => f.oppDaysRest, 'opp_days_rest'),
  // Ranks of the opponent that season (1 = best), from the team_games row.
  OpponentPointDiffRank: rangeOn((f) => f.oppPointDiffRank, 'opp_point_diff_rank'),
  OpponentOffensiveRank: rangeOn((f) => f.oppOffRank, 'opp_off_rank'),
  OpponentDefensiveRank: rangeOn((f) => f.oppDefRank, 'opp_def_rank'),
  // How the other lineup filters combine (all: each holds; any: one does): filterSql.ts lineupCondition.
  LineupAllOrAny: { on: 'lineup', where: () => '' },
  PG: slot('pg'),
  SG: slot('sg'),
  SF: slot('sf'),
  PF: slot('pf'),
  C: slot('c'),
  // Every listed player is on the floor (for either team).
  OnCourt: { on: 'lineup', where: (f, b, p) => (f.lineup.onCourt.length ? and(f.lineup.onCourt.map((id) => `${b.bind(id)} IN (${tenOf(p)})`)) : '') },
  // Every listed player is on the floor for the shown team (a teammate): the offense's five for offensive
  // numbers, the defense's for defensive ones (a player's defensive possessions are judged by his team).
  OnCourtWith: sided((f) => f.lineup.onCourtWith, 'mine'),
  // Every listed player is on the floor for the other team (an opponent of the shown team).
  OnCourtAgainst: sided((f) => f.lineup.onCourtAgainst, 'theirs'),
  // No listed player is on the floor.
  OffCourt: { on: 'lineup', where: (f, b, p) => (f.lineup.offCourt.length ? and(f.lineup.offCourt.map((id) => `${b.bind(id)} NOT IN (${tenOf(p)})`)) : '') },
} satisfies Record<FilterName, FilterRule>;
