/**
 * What an empty table says ("empty results that say why and offer the way out"), in this order:
 * - the data cannot have rows (src/lib/filters/emptyReason.ts: no playoffs before 2013-14, no preseason, no salaries
 *   after 2019-20; or the server's note);
 * - the minimum sample left nothing: the lineups under it (the server counts them, `belowMin`) or the players
 *   the qualifier hides (src/lib/tables/qualifier.ts), with a button that lists them;
 * - otherwise the filters leave nothing: the one filter that does (or the filters that do together), each with
 *   a button that removes it.
 * The controls around it (filters, pills, the minimum) stay on the page.
 */
import type { FilterName } from '../../lib/filters/filterDefinitions';
import { isDefault, filterValueOf, type FilterValues } from '../../lib/filters/filterValues';
import { pillLabel, valueText } from '../../lib/filters/filterLabels';
import { formatNumber } from '../../lib/tables/format';

/** "1 possession", "250 possessions". */
export const possessionsText = (n: number) => `${formatNumber(n)} possession${n === 1 ? '' : 's'}`;

/** Filters that only widen or frame the sample (the season and its type always have a value). */
const NOT_NARROWING: ReadonlySet<FilterName> = new Set<FilterName>(['Season', 'SeasonType', 'FilterOutGarbageTime', 'LineupAllOrAny']);

/** The applied filters that narrow the sample: those an empty answer can blame. */
export function narrowingFilters(relevant: readonly FilterName[], applied: FilterValues): FilterName[] {
  return relevant.filter((n) => !NOT_NARROWING.has(n) && !isDefault(n, filterValueOf(applied, n)));
}

export type EmptyCause =
  | { kind: 'reason'; text: string }
  | { kind: 'belowMin'; what: 'lineups' | 'players' | 'seasons' | 'team-seasons'; rows: number; min: number; sortedBy?: string; onShow: () => void }
  | { kind: 'filters'; filters: { name: FilterName; label: string; text: string }[]; sample: string; onRemove: (name: FilterName) => void };

export function EmptyTable({ cause }: { cause: EmptyCause }) {
  if (cause.kind === 'reason') {
    return (
      <div className="sa-status sa-status-empty" role="status">
        {cause.text}
      </div>
    );
  }
  if (cause.kind === 'belowMin') {
    const { what, rows, min } = cause;
    const one = what.slice(0, -1);
    const lead = `No ${one} has at least ${possessionsText(min)} in this sample${cause.sortedBy ? `, and a table sorted by ${cause.sortedBy} lists only those that do` : ''}`;
    return (
      <div className="sa-status sa-status-empty sa-empty-why" role="status" data-testid="empty-below-min">
        <p>
          {lead}:{' '}
          <strong>
            {formatNumber(rows)} {rows === 1 ? one : what}
          </strong>{' '}
          {rows === 1 ? 'is' : 'are'} below the minimum of {possessionsText(min)}.
        </p>
        <button type="button" className="sa-empty-action" onClick={cause.onShow}>
          Show {rows === 1 ? `the ${one}` : `the ${formatNumber(rows)} ${what}`}
        </button>
      </div>
    );
  }
  const { filters, sample } = cause;
  return (
    <div className="sa-status sa-status-empty sa-empty-why" role="status" data-testid="empty-filters">
      {filters.length === 0 ? (
        <p>No rows in {sample}.</p>
      ) : filters.length === 1 ? (
        <p>
          No rows:{' '}
          <strong>
            {filters[0]!.label}: {filters[0]!.text}
          </strong>{' '}
          leaves nothing in {sample}.
        </p>
      ) : (
        <p>No rows match all of these filters together in {sample}. Remove one to widen the sample:</p>
      )}
      {filters.length > 0 && (
        <div className="sa-empty-actions">
          {filters.map((f) => (
            <button key={f.name} type="button" className="sa-empty-action" onClick={() => cause.onRemove(f.name)}>
              Remove {f.label}: {f.text}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

/** The filters of an empty answer with their pill words. */
export function filterItems(names: readonly FilterName[], applied: FilterValues) {
  return names.map((name) => ({ name, label: pillLabel(name), text: valueText(name, filterValueOf(applied, name)) }));
}
