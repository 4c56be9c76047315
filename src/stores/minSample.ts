/**
 * The minimum sample of a percentile table (src/lib/tables/percentilePolicy.ts): the possessions a row needs to be
 * ranked and coloured (on lineup tables, to be listed). null = the page's default. Lives in the URL as
 * `minPoss` (src/lib/params/tableQuery.ts); changing it fetches the table again (src/stores/statsApp.ts).
 * `$showAllRows`: the qualifier's way out (`showAll=1`, src/lib/tables/qualifier.ts): rows below the minimum stay
 * listed under a rate sort. No fetch: the rows are already there.
 */
import { atom } from 'nanostores';

export const $minPossessions = atom<number | null>(null);
export const $showAllRows = atom<boolean>(false);
