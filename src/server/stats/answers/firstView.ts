/**
 * The first view of a stats page, rendered on the server: the rows of the page's default view (default
 * filters, offense side, first metric set) for crawlers and readers without JavaScript, and the seed the island's
 * table-data store starts from, so the island shows the same rows without fetching them again.
 *
 * The query is built by the client's own request builder (dataSearchParams, as src/stores/statsApp.ts sends it
 * for a page opened without a query string) and answered by the API's one answer function (keptAnswerObject, the answer as kept), so the
 * seed is keyed exactly as the client keys its fetch and holds what /api/data would answer. Only the default
 * metric set's rows are embedded (the other sets are fetched when chosen).
 *
 * The page carries the rows once: `seed` is what the page embeds for the island, the rows packed (their
 * field names once, src/lib/tables/firstViewSeed.ts); the server-rendered table shows only the first FIRST_VIEW_ROWS of
 * them (src/islands/table/FirstViewTable.tsx), the island renders them all.
 */
import { parseDataQuery, rawQueryFromSearchParams, type Side } from '../../../lib/params/apiParams';
import { dataSearchParams } from '../../../lib/params/dataRequest';
import { defaultFilterValues, keepOnly, relevantFilters } from '../../../lib/filters/filterValues';
import { DEFAULT_UNIT_SIZE, hasLineupUnits, parseUnitSize, UNIT_KEY, type LineupUnitSize } from '../../../lib/views/lineupUnits';
import { metricSetOptions } from '../../../lib/tables/metricSets';
import type { PageKind } from '../../../lib/site/pageKinds';
import { COMPACT, FORM_KEY, packRows, rowsOf, type CompactAnswer } from '../../../lib/tables/compactAnswer';
import type { FirstViewSeed } from '../../../lib/tables/firstViewSeed';
import { salaryOpeningSeason } from '../../../lib/site/site';
import { StatsDbUnavailableError } from '../../db/statsDb';
import { keptAnswerObject } from './answers';
import { ApiError } from '../base/errors';

/** The side a page opens on (the client's DEFAULT_SIDE). */
const OPENING_SIDE: Side = 'offense';

export interface FirstView {
  /** the /api/data query string the client sends for this view (its table-data key) */
  query: string;
  /** the default metric set's value */
  metricSet: string;
  /** /api/data's answer for the view, limited to the default metric set, its rows as the tables read them */
  answer: { data: Record<string, Record<string, unknown>[]>; note?: string; belowMin?: { rows: number; min: number } };
  /** the same answer as the answer cache keeps it (compact: src/lib/tables/compactAnswer.ts), for the page's seed */
  kept: CompactAnswer;
}

/** The seed of a first view, for the page to embed (StatsLayout): its set as kept, packed, a lineup's players named once. */
export function firstViewSeed(first: FirstView): FirstViewSeed {
  const { note, belowMin, playerNames } = first.kept;
  return {
    query: first.query,
    metricSet: first.metricSet,
    rows: first.kept.data[first.metricSet] ?? packRows([]),
    ...(playerNames ? { playerNames } : {}),
    ...(note ? { note } : {}),
    ...(belowMin ? { belowMin } : {}),
  };
}

/** The /api/data query string of a page's default view, as the client builds it (a lineup unit and the compact form last, as it adds them: src/stores/statsApp.ts). */
export function firstViewQuery(
  kind: Exclude<PageKind, 'NonStats'>,
  entity: string | null,
  metricSet: string | null,
  unit: LineupUnitSize = DEFAULT_UNIT_SIZE,
): URLSearchParams {
  const relevant = relevantFilters(kind);
  const filters = keepOnly(defaultFilterValues(), relevant);
  const params = dataSearchParams({
    page: kind,
    entity,
    side: OPENING_SIDE,
    metricSet,
    // Salaries open on the latest season held with salary data (src/lib/site/site.ts; src/stores/statsApp.ts does the same).
    filters: kind === 'TeamSalaries' ? { ...filters, Season: [salaryOpeningSeason()] } : filters,
    relevant,
    authenticated: false,
  });
  if (hasLineupUnits(kind) && unit !== DEFAULT_UNIT_SIZE) params.set(UNIT_KEY, String(unit));
  params.set(FORM_KEY, COMPACT);
  return params;
}

/**
 * Which first view a page URL opens on: the default view when it has no query; on a lineup page, also the default
 * view of 2-, 3- or 4-man units when `unit` is its only parameter (those tables came only after the
 * island had started and fetched them). Any other query: null (the view is the client's to build).
 */
export function firstViewUnitOf(kind: PageKind, search: URLSearchParams): LineupUnitSize | null {
  const keys = [...search.keys()];
  if (keys.length === 0) return DEFAULT_UNIT_SIZE;
  if (kind === 'NonStats' || !hasLineupUnits(kind) || keys.length !== 1 || keys[0] !== UNIT_KEY) return null;
  return parseUnitSize(search.get(UNIT_KEY));
}

/** Who asks, for the query queue's per-client count: the server rendering pages. */
const RENDERER = { client: 'first-view' };

/**
 * The default view of a page, or null when there is none to show: no database, an unknown entity (the page
 * itself answers 404), or a page kind without a table. Not cached here: the answers cache (answers.ts) already
 * keeps the answer under this very query, so a page opened again costs one unzip and parse of it.
 */
export async function firstView(kind: PageKind, entity: string | null, unit: LineupUnitSize = DEFAULT_UNIT_SIZE): Promise<FirstView | null> {
  if (kind === 'NonStats') return null;
  const metricSet = metricSetOptions(kind, OPENING_SIDE)[0]?.value;
  if (!metricSet) return null;
  const params = firstViewQuery(kind, entity, metricSet, unit);
  const query = params.toString();
  try {
    const kept = await keptAnswerObject(parseDataQuery(rawQueryFromSearchParams(params)), RENDERER);
    // rowsOf unpacks the set into rows of its own: the kept answer stays as it is for the seed.
    const answer = rowsOf(kept);
    const rows = answer.data[metricSet] ?? [];
    return {
      query,
      metricSet,
      kept,
      answer: { data: { [metricSet]: rows }, ...(answer.note ? { note: answer.note } : {}), ...(answer.belowMin ? { belowMin: answer.belowMin } : {}) },
    };
  } catch (e) {
    if (e instanceof StatsDbUnavailableError || e instanceof ApiError) return null;
    throw e;
  }
}
