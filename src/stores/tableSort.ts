/**
 * The table's sort: a column and a direction, or none (the server's order). Clicking a column sorts it
 * (numbers high-to-low first, text A-to-Z first); clicking it again reverses. The sort lives in the URL
 * (`sort`, `dir`: src/lib/params/tableQuery.ts); src/stores/statsApp.ts keeps them in step.
 */
import { atom } from 'nanostores';
import type { SortDirection } from '../lib/params/tableQuery';

export type { SortDirection } from '../lib/params/tableQuery';

export interface TableSort {
  column: string | null;
  direction: SortDirection;
}

export const $tableSort = atom<TableSort>({ column: null, direction: 'desc' });

export function toggleSort(column: string, firstDirection: SortDirection): void {
  const current = $tableSort.get();
  if (current.column === column) $tableSort.set({ column, direction: current.direction === 'asc' ? 'desc' : 'asc' });
  else $tableSort.set({ column, direction: firstDirection });
}
