/**
 * The filters of the stats area (spec section 3, limits of section 9). One definition per filter:
 * its key in the page's query string, its key in GET /api/data, its type, group, default and whether it needs
 * sign-in (spec section 6: anonymous users get only Season, SeasonType, StartDate, EndDate, FilterOutGarbageTime).
 *
 * Wire formats (spec section 7):
 * - range filters go to the API as `{apiKey}_low` and `{apiKey}_high`; in the page query string as `low_high`;
 * - multi-selects repeat the key (`season=2021&season=2022`);
 * - dates are YYYY-MM-DD; team filters use abbreviations; player filters use player ids.
 * Where the spec says the api key is "not shown", the api key is the snake_case of the filter name.
 * `field` names where the server keeps the parsed value (src/lib/params/apiParams.ts AppliedFilters; `lineup.pg` is
 * the pg slot of its lineup record): the API parser and the gating read every filter through it.
 */

/**
 * Seasons are identified by their start year: 2022 is the 2022-23 season. The seasons offered and the default are
 * the database's (src/lib/league/seasons.ts: live arrays, filled from the stats database).
 */
import { DEFAULT_SEASONS, FIRST_SEASON, firstSeason, latestSeason, SEASONS } from '../league/seasons';
export { DEFAULT_SEASONS, FIRST_SEASON, firstSeason, latestSeason, SEASONS };

/** "2022-23" for 2022. */
export function seasonLabel(startYear: number): string {
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
}

/** The season types the spec's SeasonType filter accepts (API and page links), preseason included. */
export const SEASON_TYPES = ['preseason', 'regular', 'playoffs'] as const;
export type SeasonType = (typeof SEASON_TYPES)[number];
/**
 * The season types the UI offers: those with data. The league's data has no preseason (regular seasons 2003-04 to
 * 2022-23, playoffs 2013-14 to 2022-23), so offering it only led to an empty table; a link that asks for it still
 * works and says why it is empty (src/lib/filters/emptyReason.ts).
 */
export const OFFERED_SEASON_TYPES = ['regular', 'playoffs'] as const satisfies readonly SeasonType[];
export const SEASON_TYPE_LABELS: Record<SeasonType, string> = {
  preseason: 'Preseason',
  regular: 'Regular season',
  playoffs: 'Playoffs',
};

/** Periods: 1-4 quarters, 5 = OT, 6 = 2OT, 7 = 3OT (later overtimes count as 3OT). */
const PERIODS = [1, 2, 3, 4, 5, 6, 7] as const;
export const PERIOD_LABELS: Record<number, string> = { 1: 'Q1', 2: 'Q2', 3: 'Q3', 4: 'Q4', 5: 'OT', 6: '2OT', 7: '3OT' };

/** Time into the game, in seconds: quarters are 720 s, overtimes 300 s starting at 2880; 3780 is the end of 3OT. */
export const QUARTER_SECONDS = 720;
export const OVERTIME_SECONDS = 300;
export const REGULATION_SECONDS = 4 * QUARTER_SECONDS;
export const TIME_INTO_GAME_MAX = REGULATION_SECONDS + 3 * OVERTIME_SECONDS;

import { LEVERAGE_LEVELS } from './leverage';

export const LINEUP_SLOTS = ['pg', 'sg', 'sf', 'pf', 'c'] as const;
export type LineupSlot = (typeof LINEUP_SLOTS)[number];

export type FilterGroup = 'Season' | 'Game' | 'Time Within Game' | 'Opponent' | 'Lineup';

interface BaseFilter {
  /** Spec name of the filter. */
  name: string;
  label: string;
  queryKey: string;
  apiKey: string;
  /** the key of the parsed value in AppliedFilters (src/lib/params/apiParams.ts) */
  field: string;
  group: FilterGroup;
  /** True when only signed-in users may apply it (spec section 6). */
  requiresAuth: boolean;
  /** Lineup filters never show a pill (spec section 4). */
  showsPill: boolean;
}

export interface RangeFilter extends BaseFilter {
  type: 'range';
  min: number;
  max: number;
  step: number;
  default: readonly [number, number];
}
export interface MultiFilter extends BaseFilter {
  type: 'multi';
  options: readonly (string | number)[];
  /** The options the filter controls offer, when fewer than those accepted (SeasonType: no preseason). */
  offered?: readonly (string | number)[];
  default: readonly (string | number)[];
}
export interface DateFilter extends BaseFilter {
  type: 'date';
  default: null;
}
export interface BooleanFilter extends BaseFilter {
  type: 'boolean';
  default: boolean;
}
export interface ChoiceFilter extends BaseFilter {
  type: 'choice';
  options: readonly string[];
  default: string;
}
export interface EntityListFilter extends BaseFilter {
  type: 'teams' | 'players';
  default: readonly string[];
}
export type FilterDefinition = RangeFilter | MultiFilter | DateFilter | BooleanFilter | ChoiceFilter | EntityListFilter;

const range = <N extends string, F extends string>(
  name: N,
  label: string,
  queryKey: string,
  apiKey: string,
  field: F,
  group: FilterGroup,
  min: number,
  max: number,
  step: number,
) =>
  ({
    name,
    label,
    queryKey,
    apiKey,
    field,
    group,
    requiresAuth: true,
    showsPill: true,
    type: 'range',
    min,
    max,
    step,
    default: [min, max],
  }) as const satisfies RangeFilter;

const playerSlot = <N extends string, K extends string>(name: N, label: string, key: K) =>
  ({
    name,
    label,
    queryKey: key,
    apiKey: key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
    field: `lineup.${key}` as const,
    group: 'Lineup',
    requiresAuth: true,
    showsPill: false,
    type: 'players',
    default: [],
  }) as const satisfies EntityListFilter;

export const FILTERS = [
  {
    name: 'Season' as const,
    label: 'Season',
    queryKey: 'season',
    apiKey: 'season',
    field: 'seasons' as const,
    group: 'Season',
    requiresAuth: false,
    showsPill: true,
    type: 'multi',
    options: SEASONS,
    default: DEFAULT_SEASONS,
  } satisfies MultiFilter,
  {
    name: 'SeasonType' as const,
    label: 'Season type',
    queryKey: 'seasonType',
    apiKey: 'season_type',
    field: 'seasonTypes' as const,
    group: 'Season',
    requiresAuth: false,
    showsPill: true,
    type: 'multi',
    options: SEASON_TYPES,
    offered: OFFERED_SEASON_TYPES,
    default: ['regular'],
  } satisfies MultiFilter,
  {
    name: 'StartDate' as const,
    label: 'From',
    queryKey: 'startDate',
    apiKey: 'start_date',
    field: 'startDate' as const,
    group: 'Season',
    requiresAuth: false,
    showsPill: true,
    type: 'date',
    default: null,
  } satisfies DateFilter,
  {
    name: 'EndDate' as const,
    label: 'To',
    queryKey: 'endDate',
    apiKey: 'end_date',
    field: 'endDate' as const,
    group: 'Season',
    requiresAuth: false,
    showsPill: true,
    type: 'date',
    default: null,
  } satisfies DateFilter,
  {
    name: 'Location' as const,
    label: 'Location',
    queryKey: 'location',
    apiKey: 'location',
    field: 'locations' as const,
    group: 'Game',
    requiresAuth: true,
    showsPill: true,
    type: 'multi',
    options: ['home', 'away'],
    default: [],
  } satisfies MultiFilter,
  {
    name: 'Result' as const,
    label: 'Result',
    queryKey: 'result',
    apiKey: 'result',
    field: 'results' as const,
    group: 'Game',
    requiresAuth: true,
    showsPill: true,
    type: 'multi',
    options: ['win', 'loss'],
    default: [],
  } satisfies MultiFilter,
  range('DaysRest', 'Days rest', 'daysRest', 'days_rest', 'daysRest', 'Game', 0, 5, 1),
  {
    name: 'BackToBack' as const,
    label: 'Second night of a back-to-back',
    queryKey: 'backToBack',
    apiKey: 'back_to_back',
    field: 'backToBack' as const,
    group: 'Game',
    requiresAuth: true,
    showsPill: true,
    type: 'boolean',
    default: false,
  } satisfies BooleanFilter,
  {
    name: 'FilterOutGarbageTime' as const,
    label: 'Filter out garbage time',
    queryKey: 'isGarbageTime',
    apiKey: 'is_garbage_time',
    field: 'filterOutGarbageTime' as const,
    group: 'Time Within Game',
    requiresAuth: false,
    showsPill: true,
    type: 'boolean',
    default: true,
  } satisfies BooleanFilter,
  {
    name: 'Period' as const,
    label: 'Period',
    queryKey: 'period',
    apiKey: 'period',
    field: 'periods' as const,
    group: 'Time Within Game',
    requiresAuth: true,
    showsPill: true,
    type: 'multi',
    options: PERIODS,
    default: [],
  } satisfies MultiFilter,
  range('TimeIntoGame', 'Time into game', 'timeIntoGame', 'time_into_game', 'timeIntoGame', 'Time Within Game', 0, TIME_INTO_GAME_MAX, 10),
  range('ScoreDifferential', 'Score differential', 'scoreDifferential', 'score_diff', 'scoreDiff', 'Time Within Game', -75, 75, 1),
  // The possession's leverage level from the win-probability model (src/lib/filters/leverage.ts), and the clutch preset.
  {
    name: 'Leverage' as const,
    label: 'Leverage',
    queryKey: 'leverage',
    apiKey: 'leverage',
    field: 'leverages' as const,
    group: 'Time Within Game',
    requiresAuth: true,
    showsPill: true,
    type: 'multi',
    options: LEVERAGE_LEVELS,
    default: [],
  } satisfies MultiFilter,
  {
    name: 'Clutch' as const,
    label: 'Clutch (last 5 min, within 5)',
    queryKey: 'clutch',
    apiKey: 'clutch',
    field: 'clutch' as const,
    group: 'Time Within Game',
    requiresAuth: true,
    showsPill: true,
    type: 'boolean',
    default: false,
  } satisfies BooleanFilter,
  {
    name: 'Opponent' as const,
    label: 'Opponent',
    queryKey: 'opponent',
    apiKey: 'opponent',
    field: 'opponents' as const,
    group: 'Opponent',
    requiresAuth: true,
    showsPill: true,
    type: 'teams',
    default: [],
  } satisfies EntityListFilter,
  range('OpponentDaysRest', 'Opponent days rest', 'opponentDaysRest', 'opp_days_rest', 'oppDaysRest', 'Opponent', 0, 5, 1),
  range('OpponentPointDiffRank', 'Opponent point differential rank', 'opponentPointDiffRank', 'opp_point_diff_rank', 'oppPointDiffRank', 'Opponent', 1, 30, 1),
  range('OpponentOffensiveRank', 'Opponent offensive rank', 'opponentOffensiveRank', 'opp_off_rank', 'oppOffRank', 'Opponent', 1, 30, 1),
  range('OpponentDefensiveRank', 'Opponent defensive rank', 'opponentDefensiveRank', 'opp_def_rank', 'oppDefRank', 'Opponent', 1, 30, 1),
  /**
   * A modifier, not a filter of its own: how the lineup filters below combine (all of them hold, or any one).
   * Without a lineup filter naming a player it changes nothing and is ignored, for everyone: the API parser sets
   * it back to its default (apiParams.ts parseDataQuery), so `page=Players&lineup_all_or_any=any` is the query
   * `page=Players` (200 and the same answer for an anonymous visitor, a member or a subscriber, one cache entry).
   * Beside a lineup filter it is gated with them: `on_court=2544&lineup_all_or_any=any` needs the Stats plan (403
   * naming both). Gating counts only what narrows the sample, as for `location=home&location=away`.
   */
  {
    name: 'LineupAllOrAny' as const,
    label: 'Lineup filters must',
    queryKey: 'lineupAllOrAny',
    apiKey: 'lineup_all_or_any',
    field: 'lineupAllOrAny' as const,
    group: 'Lineup',
    requiresAuth: true,
    showsPill: false,
    type: 'choice',
    options: ['all', 'any'],
    default: 'all',
  } satisfies ChoiceFilter,
  playerSlot('PG', 'PG', 'pg'),
  playerSlot('SG', 'SG', 'sg'),
  playerSlot('SF', 'SF', 'sf'),
  playerSlot('PF', 'PF', 'pf'),
  playerSlot('C', 'C', 'c'),
  // The spec's onCourt key keeps its meaning (on the floor for either team); the two keys after it tell a
  // teammate from an opponent, judged from the shown team (filterRules.ts).
  playerSlot('OnCourt', 'On court (either team)', 'onCourt'),
  playerSlot('OnCourtWith', 'On court with (teammate)', 'onCourtWith'),
  playerSlot('OnCourtAgainst', 'Against (opponent on court)', 'onCourtAgainst'),
  playerSlot('OffCourt', 'Off court', 'offCourt'),
] as const satisfies readonly FilterDefinition[];

export type FilterName = (typeof FILTERS)[number]['name'];

export const FILTER_GROUPS: readonly FilterGroup[] = ['Season', 'Game', 'Time Within Game', 'Opponent', 'Lineup'];

/** The filter a page URL key names (e.g. `season`, `onCourt`), if any. */
export function filterByQueryKey(queryKey: string): FilterDefinition | undefined {
  return FILTERS.find((f) => f.queryKey === queryKey);
}
