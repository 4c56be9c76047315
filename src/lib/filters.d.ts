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
 * `field` names where the server keeps the parsed value (src/lib/apiParams.ts AppliedFilters; `lineup.pg` is
 * the pg slot of its lineup record): the API parser and the gating read every filter through it.
 */
export declare const FIRST_SEASON = 2003;
export declare const LAST_SEASON = 2022;
/** Seasons are identified by their start year: 2022 is the 2022-23 season. */
export declare const SEASONS: readonly number[];
export declare const DEFAULT_SEASONS: readonly number[];
/** "2022-23" for 2022. */
export declare function seasonLabel(startYear: number): string;
export declare const SEASON_TYPES: readonly ["preseason", "regular", "playoffs"];
export type SeasonType = (typeof SEASON_TYPES)[number];
export declare const SEASON_TYPE_LABELS: Record<SeasonType, string>;
export declare const PERIOD_LABELS: Record<number, string>;
/** Time into the game, in seconds: quarters are 720 s, overtimes 300 s starting at 2880; 3780 is the end of 3OT. */
export declare const QUARTER_SECONDS = 720;
export declare const OVERTIME_SECONDS = 300;
export declare const REGULATION_SECONDS: number;
export declare const TIME_INTO_GAME_MAX: number;
export declare const LINEUP_SLOTS: readonly ["pg", "sg", "sf", "pf", "c"];
export type LineupSlot = (typeof LINEUP_SLOTS)[number];
export type FilterGroup = 'Season' | 'Game' | 'Time Within Game' | 'Opponent' | 'Lineup';
interface BaseFilter {
    /** Spec name of the filter. */
    name: string;
    label: string;
    queryKey: string;
    apiKey: string;
    /** the key of the parsed value in AppliedFilters (src/lib/apiParams.ts) */
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
export declare const FILTERS: readonly [{
    name: string;
    label: string;
    queryKey: string;
    apiKey: string;
    field: string;
    group: "Season";
    requiresAuth: false;
    showsPill: true;
    type: "multi";
    options: readonly number[];
    default: readonly number[];
}, {
    name: string;
    label: string;
    queryKey: string;
    apiKey: string;
    field: string;
    group: "Season";
    requiresAuth: false;
    showsPill: true;
    type: "multi";
    options: readonly ["preseason", "regular", "playoffs"];
    default: string[];
}, {
    name: string;
    label: string;
    queryKey: string;
    apiKey: string;
    field: string;
    group: "Season";
    requiresAuth: false;
    showsPill: true;
    type: "date";
    default: null;
}, {
    name: string;
    label: string;
    queryKey: string;
    apiKey: string;
    field: string;
    group: "Season";
    requiresAuth: false;
    showsPill: true;
    type: "date";
    default: null;
}, {
    name: string;
    label: string;
    queryKey: string;
    apiKey: string;
    field: string;
    group: "Game";
    requiresAuth: true;
    showsPill: true;
    type: "multi";
    options: string[];
    default: never[];
}, {
    name: string;
    label: string;
    queryKey: string;
    apiKey: string;
    field: string;
    group: "Game";
    requiresAuth: true;
    showsPill: true;
    type: "multi";
    options: string[];
    default: never[];
}, {
    readonly name: string;
    readonly label: string;
    readonly queryKey: string;
    readonly apiKey: string;
    readonly field: "daysRest";
    readonly group: FilterGroup;
    readonly requiresAuth: true;
    readonly showsPill: true;
    readonly type: "range";
    readonly min: number;
    readonly max: number;
    readonly step: number;
    readonly default: readonly [number, number];
}, {
    name: string;
    label: string;
    queryKey: string;
    apiKey: string;
    field: string;
    group: "Time Within Game";
    requiresAuth: false;
    showsPill: true;
    type: "boolean";
    default: true;
}, {
    name: string;
    label: string;
    queryKey: string;
    apiKey: string;
    field: string;
    group: "Time Within Game";
    requiresAuth: true;
    showsPill: true;
    type: "multi";
    options: readonly [1, 2, 3, 4, 5, 6, 7];
    default: never[];
}, {
    readonly name: string;
    readonly label: string;
    readonly queryKey: string;
    readonly apiKey: string;
    readonly field: "timeIntoGame";
    readonly group: FilterGroup;
    readonly requiresAuth: true;
    readonly showsPill: true;
    readonly type: "range";
    readonly min: number;
    readonly max: number;
    readonly step: number;
    readonly default: readonly [number, number];
}, {
    readonly name: string;
    readonly label: string;
    readonly queryKey: string;
    readonly apiKey: string;
    readonly field: "scoreDiff";
    readonly group: FilterGroup;
    readonly requiresAuth: true;
    readonly showsPill: true;
    readonly type: "range";
    readonly min: number;
    readonly max: number;
    readonly step: number;
    readonly default: readonly [number, number];
}, {
    name: string;
    label: string;
    queryKey: string;
    apiKey: string;
    field: string;
    group: "Opponent";
    requiresAuth: true;
    showsPill: true;
    type: "teams";
    default: never[];
}, {
    readonly name: string;
    readonly label: string;
    readonly queryKey: string;
    readonly apiKey: string;
    readonly field: "oppDaysRest";
    readonly group: FilterGroup;
    readonly requiresAuth: true;
    readonly showsPill: true;
    readonly type: "range";
    readonly min: number;
    readonly max: number;
    readonly step: number;
    readonly default: readonly [number, number];
}, {
    readonly name: string;
    readonly label: string;
    readonly queryKey: string;
    readonly apiKey: string;
    readonly field: "oppPointDiffRank";
    readonly group: FilterGroup;
    readonly requiresAuth: true;
    readonly showsPill: true;
    readonly type: "range";
    readonly min: number;
    readonly max: number;
    readonly step: number;
    readonly default: readonly [number, number];
}, {
    readonly name: string;
    readonly label: string;
    readonly queryKey: string;
    readonly apiKey: string;
    readonly field: "oppOffRank";
    readonly group: FilterGroup;
    readonly requiresAuth: true;
    readonly showsPill: true;
    readonly type: "range";
    readonly min: number;
    readonly max: number;
    readonly step: number;
    readonly default: readonly [number, number];
}, {
    readonly name: string;
    readonly label: string;
    readonly queryKey: string;
    readonly apiKey: string;
    readonly field: "oppDefRank";
    readonly group: FilterGroup;
    readonly requiresAuth: true;
    readonly showsPill: true;
    readonly type: "range";
    readonly min: number;
    readonly max: number;
    readonly step: number;
    readonly default: readonly [number, number];
}, {
    name: string;
    label: string;
    queryKey: string;
    apiKey: string;
    field: string;
    group: "Lineup";
    requiresAuth: true;
    showsPill: false;
    type: "choice";
    options: string[];
    default: string;
}, {
    readonly name: string;
    readonly label: string;
    readonly queryKey: "pg";
    readonly apiKey: string;
    readonly field: "lineup.pg";
    readonly group: "Lineup";
    readonly requiresAuth: true;
    readonly showsPill: false;
    readonly type: "players";
    readonly default: readonly [];
}, {
    readonly name: string;
    readonly label: string;
    readonly queryKey: "sg";
    readonly apiKey: string;
    readonly field: "lineup.sg";
    readonly group: "Lineup";
    readonly requiresAuth: true;
    readonly showsPill: false;
    readonly type: "players";
    readonly default: readonly [];
}, {
    readonly name: string;
    readonly label: string;
    readonly queryKey: "sf";
    readonly apiKey: string;
    readonly field: "lineup.sf";
    readonly group: "Lineup";
    readonly requiresAuth: true;
    readonly showsPill: false;
    readonly type: "players";
    readonly default: readonly [];
}, {
    readonly name: string;
    readonly label: string;
    readonly queryKey: "pf";
    readonly apiKey: string;
    readonly field: "lineup.pf";
    readonly group: "Lineup";
    readonly requiresAuth: true;
    readonly showsPill: false;
    readonly type: "players";
    readonly default: readonly [];
}, {
    readonly name: string;
    readonly label: string;
    readonly queryKey: "c";
    readonly apiKey: string;
    readonly field: "lineup.c";
    readonly group: "Lineup";
    readonly requiresAuth: true;
    readonly showsPill: false;
    readonly type: "players";
    readonly default: readonly [];
}, {
    readonly name: string;
    readonly label: string;
    readonly queryKey: "onCourt";
    readonly apiKey: string;
    readonly field: "lineup.onCourt";
    readonly group: "Lineup";
    readonly requiresAuth: true;
    readonly showsPill: false;
    readonly type: "players";
    readonly default: readonly [];
}, {
    readonly name: string;
    readonly label: string;
    readonly queryKey: "offCourt";
    readonly apiKey: string;
    readonly field: "lineup.offCourt";
    readonly group: "Lineup";
    readonly requiresAuth: true;
    readonly showsPill: false;
    readonly type: "players";
    readonly default: readonly [];
}];
export type FilterName = (typeof FILTERS)[number]['name'];
export declare const FILTER_GROUPS: readonly FilterGroup[];
/** The filter a page URL key names (e.g. `season`, `onCourt`), if any. */
export declare function filterByQueryKey(queryKey: string): FilterDefinition | undefined;
export {};
