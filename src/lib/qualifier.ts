/**
 * The qualifier of the player tables (issue 26): a table sorted by a rate or a percent (TOV%, Usage, Pts/Poss)
 * lists only the rows with at least the minimum sample (`qualified` on the rows, src/lib/percentilePolicy.ts),
 * so a player with six minutes and one turnover (TOV% 100 %) is not the league leader. Sorted by a count or a
 * name (or not sorted), nothing is hidden: the order itself says how big each sample is. `showAll=1` in the URL
 * (src/lib/tableQuery.ts) is the way out: every row listed, those below the minimum uncoloured as before.
 * Lineup tables need no qualifier here: their minimum decides which lineups the server lists.
 */
import type { ColumnFormat } from './metricColumns';

/** Formats whose values are rates of a sample (small samples give extreme values). */
const RATE_FORMATS: ReadonlySet<ColumnFormat> = new Set<ColumnFormat>(['rate', 'percent']);

/** Does the qualifier hide rows below the minimum? (sorted by a rate or percent column, not "show all") */
export function qualifierHides(sortFormat: ColumnFormat | null, showAll: boolean): boolean {
  return !showAll && sortFormat !== null && RATE_FORMATS.has(sortFormat);
}

/** The rows the qualifier keeps, and how many it hides (rows without `qualified` are always kept). */
export function applyQualifier<R extends Record<string, unknown>>(rows: readonly R[], hides: boolean): { shown: readonly R[]; hidden: number } {
  if (!hides) return { shown: rows, hidden: 0 };
  const shown = rows.filter((r) => r.qualified !== false);
  return { shown, hidden: rows.length - shown.length };
}
