/**
 * The query of GET /api/data (spec section 7), parsed with zod from the filter definitions of src/lib/filters.ts.
 *
 * Wire format: `page`, `entity` (when the page has one), `side` (offense|defense, omitted for the kinds in
 * PAGE_KINDS_WITHOUT_SIDE), and every applied filter by its api key: ranges as `{apiKey}_low` / `{apiKey}_high`,
 * multi-values repeated, dates YYYY-MM-DD, teams by abbreviation, players by player id. Unknown keys are ignored
 * (spec section 5); empty values are treated as absent; a bad value is an error naming the parameter.
 *
 * Normalisation (so that equal views share one cache entry and gating sees only real filters):
 * - ranges are ordered smaller first (spec section 5); a range equal to the filter's full bounds is no filter;
 * - multi-values are de-duplicated and sorted; team abbreviations become league team ids (historical abbrs too).
 */
import './zodSetup';
import { z } from 'zod';
import { type LineupSlot, type SeasonType } from './filters';
import { type PageKind, type Side } from './pageKinds';
export { SIDES, type Side } from './pageKinds';
/** Page kinds that have table data (NonStats has none). */
export declare const DATA_PAGE_KINDS: Exclude<PageKind, "NonStats">[];
export type DataPageKind = Exclude<PageKind, 'NonStats'>;
/** What the `entity` of each page kind is. */
export type EntityKind = 'player' | 'team' | 'game' | 'none';
export declare function entityKindOf(page: DataPageKind): EntityKind;
export type Range = readonly [number, number];
type LineupFilter = Record<LineupSlot | 'onCourt' | 'offCourt', number[]>;
/** The filters of one request, normalised. `null` / empty means "not applied". */
export interface AppliedFilters {
    seasons: number[];
    seasonTypes: SeasonType[];
    startDate: string | null;
    endDate: string | null;
    locations: ('home' | 'away')[];
    results: ('win' | 'loss')[];
    daysRest: Range | null;
    /** true: garbage-time and heave possessions are left out (the default). */
    filterOutGarbageTime: boolean;
    periods: number[];
    timeIntoGame: Range | null;
    scoreDiff: Range | null;
    /** league team ids */
    opponents: number[];
    oppDaysRest: Range | null;
    oppPointDiffRank: Range | null;
    oppOffRank: Range | null;
    oppDefRank: Range | null;
    lineupAllOrAny: 'all' | 'any';
    lineup: LineupFilter;
}
export interface DataQuery {
    page: DataPageKind;
    /** player id (digits), team abbreviation (current, upper case) or game id (10 digits); null when the page has none */
    entity: string | null;
    /** offense unless the page is one without a side (then always offense) */
    side: Side;
    filters: AppliedFilters;
    /** minimum possessions for a lineup row (Lineups, TeamLineups, PlayerLineups) */
    minPossessions: number | null;
    /** the one metric set (its value) the answer carries; null: every set the view offers */
    metricSet: string | null;
}
/** The query as the client sends it: every key with all of its non-empty values. */
export type RawQuery = Record<string, string[]>;
/**
 * The raw query of a URL. The object has no prototype, so a key named like an object property (`toString`,
 * `__proto__`, `constructor`) is just another unknown key, ignored by the schema (spec section 5).
 */
export declare function rawQueryFromSearchParams(params: URLSearchParams): RawQuery;
/** The zod schema of /api/data's query (input: RawQuery). Unknown keys are stripped. */
export declare const dataQuerySchema: z.ZodObject<{
    [x: string]: z.ZodType<unknown, unknown, z.core.$ZodTypeInternals<unknown, unknown>>;
}, z.core.$strip>;
export declare class ParamError extends Error {
    readonly param: string;
    constructor(param: string, message: string);
}
/**
 * Parse and normalise a raw /api/data query. Throws ParamError (-> 400) naming the first bad parameter.
 */
export declare function parseDataQuery(raw: RawQuery): DataQuery;
/**
 * The names of the filters (FILTERS[].name) a query applies with a non-default value. Gating (spec section 6)
 * looks only at these: sending a filter at its default value is not using it.
 */
export declare function appliedFilterNames(f: AppliedFilters): string[];
/** A stable string for a normalised query (the cache key). */
export declare function queryKey(q: DataQuery): string;
/** player_id of /api/player_details. Throws ParamError. */
export declare function parsePlayerId(value: string | null): number;
/** game_id of /api/game_details. Throws ParamError. */
export declare function parseGameId(value: string | null): string;
