/**
 * The rows a table renders, grown in slices (Lighthouse on the players table): the first render
 * of a long table (the server's first view, seeded at hydration) shows the rows of the first screen at once and
 * adds the rest a slice per task after that paint, so no single task creates and styles thousands of elements.
 * Each slice is sized to its cost: the time the last slice took from its render to its commit sets the next one
 * (twice as many rows when it was quick, half as many when it was slow), aiming at a few milliseconds a task, so
 * a slow phone (or a busy machine) gets small slices and a fast desktop few large ones. Each slice is a task of its
 * own, so the browser paints and handles clicks and typing between them.
 * Once every row is in the page, later renders of the same table (sorts, other metric sets, filters) show every
 * row at once, as before: only the first fill is sliced. The count is the number of rows to render; `filling` is
 * true until every row is in the page (the table says aria-busy meanwhile).
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Rows in the first render: what a screen shows of the table below the controls (30 px rows). */
const FIRST_ROWS = 24;
/** The first slice after it; later slices follow their cost, between the bounds. */
const SLICE_START = 16;
const SLICE_MIN = 8;
/** At most about this many slices in all: a table of thousands of rows (2-man units) fills in bigger slices. */
const MAX_SLICES = 40;
const SLICE_MAX = 200;
/** The time a slice aims at, ms (Lighthouse counts a task as blocking past 50 ms on a phone four times slower). */
const SLICE_BUDGET_MS = 8;

export function useProgressiveRows(total: number): { count: number; filling: boolean } {
  // Infinity once the table has been filled: from then on every row renders at once.
  const [count, setCount] = useState(FIRST_ROWS);
  const slice = useRef(SLICE_START);
  const sliced = useRef(false);
  // When this render began (the table's render, then the commit of its new rows is what a slice costs).
  const renderAt = useRef(0);
  renderAt.current = performance.now();
  const filling = count < total;
  // After each slice's commit: how long it took, and the next slice's size from that.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each slice commits, which a new count is
  useLayoutEffect(() => {
    if (!sliced.current) return;
    sliced.current = false;
    const took = performance.now() - renderAt.current;
    if (took < SLICE_BUDGET_MS / 2) slice.current = Math.min(SLICE_MAX, slice.current * 2);
    else if (took > SLICE_BUDGET_MS) slice.current = Math.max(SLICE_MIN, Math.floor(slice.current / 2));
  }, [count]);
  useEffect(() => {
    // Done, or nothing to fill yet (the rows have not come).
    if (count === Infinity || total === 0) return;
    if (count >= total) {
      setCount(Infinity);
      return;
    }
    // A task of its own, so the browser paints (and handles input) between slices.
    const timer = setTimeout(() => {
      sliced.current = true;
      setCount((n) => n + Math.max(slice.current, Math.ceil(total / MAX_SLICES)));
    }, 0);
    return () => clearTimeout(timer);
  }, [count, total]);
  return { count: Math.min(count, total), filling };
}
