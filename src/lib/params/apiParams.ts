/**
 * The query of GET /api/data (spec section 7), parsed with zod from the filter definitions of src/lib/filters/filterDefinitions.ts.
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
import { booleanValue, intString, isoDate, multiSchema, single } from './apiParamValues';
import { metricSetDefinitions } from '../tables/metricSets';
import { FILTERS, type FilterDefinition, type FilterName, type LineupSlot, type RangeFilter, type SeasonType } from '../filters/filterDefinitions';
import { DATA_PAGE_KINDS, PAGE_KINDS_WITHOUT_SIDE, SIDES, type DataPageKind, type Side } from '../site/pageKinds';
import { teamByAbbr } from '../league/franchises';
import type { LeverageLevel } from '../filters/leverage';
import { DEFAULT_UNIT_SIZE, hasLineupUnits, type LineupUnitSize } from '../views/lineupUnits';

export { DATA_PAGE_KINDS, SIDES, isDataPageKind, type DataPageKind, type Side } from '../site/pageKinds';

/** What the `entity` of each page kind is. */
export type EntityKind = 'player' | 'team' | 'game' | 'none';
export function entityKindOf(page: DataPageKind): EntityKind {
  if (page.startsWith('Player') && page !== 'Players') return 'player';
  if (page.startsWith('Team')) return 'team';
  if (page.startsWith('Game')) return 'game';
  return 'none';
}

export type Range = readonly [number, number];
type LineupFilter = Record<LineupSlot | 'onCourt' | 'onCourtWith' | 'onCourtAgainst' | 'offCourt', number[]>;

/** The filters of one request, normalised. `null` / empty means "not applied". */
export interface AppliedFilters {
  seasons: number[];
  seasonTypes: SeasonType[];
  startDate: string | null;
  endDate: string | null;
  locations: ('home' | 'away')[];
  results: ('win' | 'loss')[];
  daysRest: Range | null;
  /** true: only the second night of a back-to-back (the team played the day before) */
  backToBack: boolean;
  /** true: garbage-time and heave possessions are left out (the default). */
  filterOutGarbageTime: boolean;
  periods: number[];
  timeIntoGame: Range | null;
  scoreDiff: Range | null;
  /** leverage levels (src/lib/filters/leverage.ts); empty: any */
  leverages: LeverageLevel[];
  /** true: only clutch possessions (last 5 minutes of the 4th or overtime, margin within 5) */
  clutch: boolean;
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
  /** players per lineup unit on lineup pages (src/lib/views/lineupUnits.ts); 5 elsewhere */
  unitSize: LineupUnitSize;
}

/** The query as the client sends it: every key with all of its non-empty values. */
export type RawQuery = Record<string, string[]>;

/**
 * The raw query of a URL. The object has no prototype, so a key named like an object property (`toString`,
 * `__proto__`, `constructor`) is just another unknown key, ignored by the schema (spec section 5).
 */
export function rawQueryFromSearchParams(params: URLSearchParams): RawQuery {
  const raw: RawQuery = Object.create(null) as RawQuery;
  for (const [key, value] of params) {
    if (value.trim() === '') continue;
    (raw[key] ??= []).push(value.trim());
  }
  return raw;
}

/** Players on the floor at once: an `on_court` list that must all hold (lineup_all_or_any=all) names at most this many. */
const MAX_ON_COURT = 10;
/** One team's players on the floor: `on_court_with` / `on_court_against` lists that must all hold name at most this many. */
const MAX_ONE_SIDE = 5;

/** The zod shape of every key of /api/data (range filters contribute two keys each). */
function buildShape(): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {
    page: single(z.enum(DATA_PAGE_KINDS as [DataPageKind, ...DataPageKind[]], { error: 'is not a stats page kind' })).describe(
      'The page kind (src/lib/site/pageKinds.ts) whose table data is asked for.',
    ),
    entity: single(z.string().min(1).max(40)).optional().describe('Player id, team abbreviation or game id, for page kinds that have one.'),
    side: single(z.enum(SIDES, { error: 'must be offense or defense' }))
      .optional()
      .describe('offense (default) or defense; ignored for page kinds without a side.'),
    min_poss: single(intString(0, 100000))
      .optional()
      .describe(
        'Minimum possessions: of a lineup row (lineup pages: rows below are not listed), of a ranked player (player tables), of a listed and ranked on/off row (on/off pages: rows below come with qualified false). 0 to 100000.',
      ),
    unit: single(intString(2, 5)).optional().describe('Players per lineup unit on lineup pages: 5 (default), 4, 3 or 2.'),
    metric_set: single(z.string().max(80))
      .optional()
      .describe('The one metric set (value of src/lib/tables/metricSets.ts) the answer carries; without it, every set of the view.'),
  };
  for (const f of FILTERS) {
    const desc = `${f.label} (${f.group}${f.requiresAuth ? ', needs sign-in' : ''})`;
    if (f.type === 'range') {
      shape[`${f.apiKey}_low`] = single(intString(f.min, f.max)).optional().describe(`${desc}: lower bound`);
      shape[`${f.apiKey}_high`] = single(intString(f.min, f.max)).optional().describe(`${desc}: upper bound`);
    } else if (f.type === 'date') {
      shape[f.apiKey] = single(isoDate).optional().describe(`${desc}: YYYY-MM-DD`);
    } else if (f.type === 'boolean') {
      shape[f.apiKey] = single(booleanValue).optional().describe(`${desc}: true or false`);
    } else if (f.type === 'choice') {
      const options = [...f.options] as [string, ...string[]];
      shape[f.apiKey] = single(z.enum(options, { error: `must be one of ${options.join(', ')}` }))
        .optional()
        .describe(desc);
    } else {
      shape[f.apiKey] = multiSchema(f).optional().describe(`${desc}: repeat the key for several values`);
    }
  }
  return shape;
}

/** The zod schema of /api/data's query (input: RawQuery). Unknown keys are stripped. */
export const dataQuerySchema = z.object(buildShape()).describe('GET /api/data query');

const filterByName = (name: string) => {
  const f = FILTERS.find((x) => x.name === name);
  if (!f) throw new Error(`unknown filter ${name}`);
  return f;
};

/** Every `field` of FILTERS is a place in AppliedFilters, and every place of AppliedFilters has its filter. */
type FieldPath = Exclude<keyof AppliedFilters, 'lineup'> | `lineup.${keyof LineupFilter}`;
type FilterField = (typeof FILTERS)[number]['field'];
const fieldsMatch: [FilterField] extends [FieldPath] ? ([FieldPath] extends [FilterField] ? true : never) : never = true;
void fieldsMatch;

/** Where a filter's value lives in AppliedFilters (through its `field`): the record holding it, and its key there. */
function fieldSlot(f: AppliedFilters, def: FilterDefinition): [Record<string, unknown>, string] {
  return def.field.startsWith('lineup.')
    ? [f.lineup as Record<string, unknown>, def.field.slice('lineup.'.length)]
    : [f as unknown as Record<string, unknown>, def.field];
}

/**
 * The filters a query applies, as query keys and values (what an answer echoes): those away from their default
 * only; a range as `{key}_low` and `{key}_high`; players by id, teams by abbreviation.
 * E.g. `{ season: ['2022'], season_type: ['regular'], is_garbage_time: ['true'], period: ['4'] }`: the season, its
 * type and the garbage-time filter are always said, as they always apply.
 */
export function appliedFilterQuery(f: AppliedFilters): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const def of FILTERS) {
    const [holder, key] = fieldSlot(f, def);
    const value = holder[key];
    if (value === null || value === undefined) continue;
    if (def.type === 'range') {
      const [lo, hi] = value as Range;
      out[`${def.apiKey}_low`] = [String(lo)];
      out[`${def.apiKey}_high`] = [String(hi)];
    } else if (Array.isArray(value)) {
      if (value.length > 0) out[def.apiKey] = value.map(String);
    } else if (def.name === 'FilterOutGarbageTime' || value !== def.default) out[def.apiKey] = [String(value)];
  }
  return out;
}

export class ParamError extends Error {
  constructor(
    readonly param: string,
    message: string,
  ) {
    super(`${param}: ${message}`);
  }
}

function rangeOf(parsed: Record<string, unknown>, f: RangeFilter): Range | null {
  const lo = parsed[`${f.apiKey}_low`] as number | undefined;
  const hi = parsed[`${f.apiKey}_high`] as number | undefined;
  if (lo === undefined && hi === undefined) return null;
  let a = lo ?? f.min;
  let b = hi ?? f.max;
  if (a > b) [a, b] = [b, a]; // spec section 5: ranges are ordered, smaller first
  if (a === f.min && b === f.max) return null; // the full range filters nothing
  return [a, b];
}

const ENTITY_PATTERNS: Record<Exclude<EntityKind, 'none'>, { re: RegExp; what: string }> = {
  player: { re: /^\d{1,10}$/, what: 'a player id' },
  team: { re: /^[A-Za-z]{2,4}$/, what: 'a team abbreviation' },
  game: { re: /^\d{10}$/, what: 'a 10-digit game id' },
};

/**
 * Parse and normalise a raw /api/data query. Throws ParamError (-> 400) naming the first bad parameter.
 */
export function parseDataQuery(raw: RawQuery): DataQuery {
  const result = dataQuerySchema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const param = String(issue.path[0] ?? 'query');
    const missing = issue.code === 'invalid_type' && raw[param] === undefined;
    throw new ParamError(param, missing ? 'is required' : issue.message);
  }
  const p = result.data as Record<string, unknown>;
  const page = p.page as DataPageKind;

  const kind = entityKindOf(page);
  let entity: string | null = null;
  if (kind !== 'none') {
    const value = p.entity as string | undefined;
    if (value === undefined) throw new ParamError('entity', `is required for page ${page} (${ENTITY_PATTERNS[kind].what})`);
    if (!ENTITY_PATTERNS[kind].re.test(value)) throw new ParamError('entity', `must be ${ENTITY_PATTERNS[kind].what}`);
    if (kind === 'team') {
      const team = teamByAbbr(value);
      if (!team) throw new ParamError('entity', 'is not a team abbreviation');
      entity = team.abbr;
    } else entity = String(Number(value)).padStart(kind === 'game' ? 10 : 1, '0');
  }

  const side: Side = PAGE_KINDS_WITHOUT_SIDE.has(page) ? 'offense' : ((p.side as Side | undefined) ?? 'offense');
  // A metric set by its value (OffensiveOverview) or its page parameter (offensive-overview); kept as its value.
  const askedSet = p.metric_set as string | undefined;
  const setDef = askedSet === undefined ? undefined : metricSetDefinitions(page, side).find((d) => d.value === askedSet || d.clientQueryParam === askedSet);
  if (askedSet !== undefined && !setDef) throw new ParamError('metric_set', `is not a metric set of ${page} (${side})`);
  const metricSet = setDef?.value ?? null;
  const filters = { lineup: {} } as AppliedFilters;
  for (const def of FILTERS) {
    const [holder, key] = fieldSlot(filters, def);
    holder[key] = parsedValue(def, p);
  }
  // Lineup all/any combines the lineup filters; without one it is ignored, for everyone (filterDefinitions.ts LineupAllOrAny).
  if (!hasLineupFilter(filters)) filters.lineupAllOrAny = 'all';
  const { startDate, endDate } = filters;
  if (startDate && endDate && startDate > endDate)
    throw new ParamError(filterByName('EndDate').apiKey, `must not be before ${filterByName('StartDate').apiKey}`);
  if (filters.lineupAllOrAny === 'all' && filters.lineup.onCourt.length > MAX_ON_COURT) {
    throw new ParamError(filterByName('OnCourt').apiKey, `names more than ${MAX_ON_COURT} players: at most ${MAX_ON_COURT} can be on the floor together`);
  }
  for (const [name, ids] of [
    ['OnCourtWith', filters.lineup.onCourtWith],
    ['OnCourtAgainst', filters.lineup.onCourtAgainst],
  ] as const) {
    if (filters.lineupAllOrAny === 'all' && ids.length > MAX_ONE_SIDE) {
      throw new ParamError(filterByName(name).apiKey, `names more than ${MAX_ONE_SIDE} players: at most ${MAX_ONE_SIDE} of one team are on the floor together`);
    }
  }
  // The unit size means something on lineup pages only: elsewhere it is dropped (one cache entry per view).
  const unitSize = hasLineupUnits(page) ? ((p.unit as LineupUnitSize | undefined) ?? DEFAULT_UNIT_SIZE) : DEFAULT_UNIT_SIZE;
  return { page, entity, side, filters, minPossessions: (p.min_poss as number | undefined) ?? null, metricSet, unitSize };
}

/** One filter's normalised value from the zod output, by the filter's type (absent: its default / not applied). */
function parsedValue(def: FilterDefinition, p: Record<string, unknown>): unknown {
  const given = p[def.apiKey];
  switch (def.type) {
    case 'range':
      return rangeOf(p, def);
    case 'date':
      return given ?? null;
    case 'boolean':
    case 'choice':
      return given ?? def.default;
    case 'multi': {
      const values = (given as unknown[] | undefined) ?? [...def.default];
      // Every option of a filter that defaults to none (both locations, both results) filters nothing.
      return def.default.length === 0 && values.length === def.options.length ? [] : values;
    }
    case 'teams':
    case 'players':
      return (given as unknown[] | undefined) ?? [];
  }
}

/**
 * `f` with every filter but `keep` at its default (the value parseDataQuery gives an absent key): the league's
 * baseline of a sample keeps its seasons and drops the rest, a filter added later included.
 */
export function withDefaultsExcept(f: AppliedFilters, keep: readonly FilterName[]): AppliedFilters {
  const out: AppliedFilters = { ...f, lineup: { ...f.lineup } };
  for (const def of FILTERS) {
    if (keep.includes(def.name)) continue;
    const [holder, key] = fieldSlot(out, def);
    holder[key] = parsedValue(def, {});
  }
  return out;
}

/** True when a lineup filter names a player. */
export function hasLineupFilter(f: AppliedFilters): boolean {
  return Object.values(f.lineup).some((ids) => ids.length > 0);
}

/**
 * The names of the filters (FILTERS[].name) a query applies with a non-default value. Gating (spec section 6)
 * looks only at these: sending a filter at its default value is not using it.
 */
export function appliedFilterNames(f: AppliedFilters): FilterName[] {
  return FILTERS.filter((def) => {
    const [holder, key] = fieldSlot(f, def);
    const value = holder[key];
    // Lineup all/any means something only beside a lineup filter that names a player.
    if (def.name === 'LineupAllOrAny') return value !== def.default && hasLineupFilter(f);
    return !isDefaultValue(def, value);
  }).map((def) => def.name);
}

/** Whether a parsed value is its filter's default (ranges, dates: null; lists compare in their sorted order). */
function isDefaultValue(def: FilterDefinition, value: unknown): boolean {
  if (def.type === 'range' || def.type === 'date') return value === null;
  if (Array.isArray(value)) return value.join() === [...(def.default as readonly unknown[])].join();
  return value === def.default;
}

/** A stable string for a normalised query (the cache key). */
export function queryKey(q: DataQuery): string {
  return JSON.stringify([q.page, q.entity, q.side, q.minPossessions, q.metricSet, q.unitSize, q.filters]);
}

const playerIdParam = z
  .string({ error: 'is required' })
  .regex(/^\d{1,10}$/, 'must be a player id (digits)')
  .transform(Number)
  .describe('A player id (the league person id).');
const gameIdParam = z
  .string({ error: 'is required' })
  .regex(/^\d{10}$/, "must be the league's 10-digit game id, e.g. 0021200001")
  .describe("A game id, the league's 10-digit form.");

/** player_id of /api/player_details. Throws ParamError. */
export function parsePlayerId(value: string | null): number {
  const r = playerIdParam.safeParse(value ?? undefined);
  if (!r.success) throw new ParamError('player_id', r.error.issues[0]!.message);
  return r.data;
}

/** game_id of /api/game_details. Throws ParamError. */
export function parseGameId(value: string | null): string {
  const r = gameIdParam.safeParse(value ?? undefined);
  if (!r.success) throw new ParamError('game_id', r.error.issues[0]!.message);
  return r.data;
}
