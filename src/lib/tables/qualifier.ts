/**
 * The qualifier of the player tables: a table sorted by a rate or a percent (TOV%, Usage, Pts/Poss)
 * lists only the rows with at least the minimum sample (`qualified` on the rows, src/lib/tables/percentilePolicy.ts),
 * so a player with six minutes and one turnover (TOV% 100 %) is not the league leader. Sorted by a count or a
 * name (or not sorted), nothing is hidden: the order itself says how big each sample is. `showAll=1` in the URL
 * (src/lib/params/tableQuery.ts) is the way out: every row listed, those below the minimum uncoloured as before.
 * On/off tables list only the rows with the minimum whatever the sort: an on/off split of a few
 * hundred possessions says little, and the minimum is the table's one sample control (`showAll=1` still lists all).
 * Lineup tables need no qualifier here: their minimum decides which lineups the server lists.
 */
import type { ColumnFormat } from './metricColumns';
import type { PageKind } from '../site/pageKinds';

/** Tables whose minimum hides rows under every sort (else only under a rate or percent sort). */
export const MINIMUM_ON_EVERY_SORT: ReadonlySet<PageKind> = new Set<PageKind>(['TeamOnOff', 'PlayerOnOff']);

/** Formats whose values are rates of a sample (small samples give extreme values). */
const RATE_FORMATS: ReadonlySet<ColumnFormat> = new Set<ColumnFormat>(['rate', 'percent']);

/** Does the qualifier hide rows below the minimum? (sorted by a rate or percent column, or any sort on `kind`'s table; not "show all") */
export function qualifierHides(sortFormat: ColumnFormat | null, showAll: boolean, kind?: PageKind): boolean {
  if (showAll) return false;
  if (kind !== undefined && MINIMUM_ON_EVERY_SORT.has(kind)) return true;
  return sortFormat !== null && RATE_FORMATS.has(sortFormat);
}

/** The rows the qualifier keeps, and how many it hides (rows without `qualified` are always kept). */
export function applyQualifier<R extends Record<string, unknown>>(rows: readonly R[], hides: boolean): { shown: readonly R[]; hidden: number } {
  if (!hides) return { shown: rows, hidden: 0 };
  const shown = rows.filter((r) => r.qualified !== false);
  return { shown, hidden: rows.length - shown.length };
}
