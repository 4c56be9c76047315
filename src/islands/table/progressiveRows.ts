/**
 * The rows a table renders, grown in slices (issue 15, Lighthouse on the players table): the first render of a
 * long table (the server's first view, seeded at hydration) shows the rows of the first screens at once and adds
 * the rest a slice per task after that paint, so no single task creates and styles thousands of elements. Once
 * every row is in the page, later renders of the same table (sorts, other metric sets, filters) show every row at
 * once, as before: only the first fill is sliced. The count is the number of rows to render; `filling` is true
 * until every row is in the page (the table says aria-busy meanwhile).
 */
import { startTransition, useEffect, useState } from 'react';

/** Rows in the first render: what a desktop screen shows of the table below the controls (30 px rows). */
const FIRST_ROWS = 30;
/** Rows added per task after the first paint: small enough to stay well under a 50 ms task on a slow phone. */
const SLICE_ROWS = 20;

export function useProgressiveRows(total: number): { count: number; filling: boolean } {
  // Infinity once the table has been filled: from then on every row renders at once.
  const [count, setCount] = useState(FIRST_ROWS);
  const filling = count < total;
  useEffect(() => {
    // Done, or nothing to fill yet (the rows have not come).
    if (count === Infinity || total === 0) return;
    if (count >= total) {
      setCount(Infinity);
      return;
    }
    // A macrotask, so the browser paints (and handles input) between slices; a transition, so React may yield.
    const timer = setTimeout(() => startTransition(() => setCount((n) => n + SLICE_ROWS)), 0);
    return () => clearTimeout(timer);
  }, [count, total]);
  return { count: Math.min(count, total), filling };
}
