/** Sorting table rows by a column: numbers numerically, text alphabetically, missing values always last. */
export type SortDirection = 'asc' | 'desc';
export type SortValue = number | string | null;

export function sortRows<R>(rows: readonly R[], sortKeyOf: (row: R) => SortValue, direction: SortDirection): R[] {
  const sign = direction === 'asc' ? 1 : -1;
  const keyed = rows.map((row, index) => ({ row, index, v: sortKeyOf(row) }));
  keyed.sort((a, b) => {
    const av = a.v;
    const bv = b.v;
    const aMissing = av === null || (typeof av === 'number' && Number.isNaN(av));
    const bMissing = bv === null || (typeof bv === 'number' && Number.isNaN(bv));
    if (aMissing || bMissing) return aMissing === bMissing ? a.index - b.index : aMissing ? 1 : -1;
    if (typeof av === 'number' && typeof bv === 'number') return (av - bv) * sign || a.index - b.index;
    return String(av).localeCompare(String(bv)) * sign || a.index - b.index;
  });
  return keyed.map((k) => k.row);
}
