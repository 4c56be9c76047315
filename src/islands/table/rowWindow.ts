/**
 * Which rows of a long table are drawn in full (Lighthouse on a phone): the rows in the table's box
 * (`.sa-table-wrap`, which scrolls on its own) and a box's height of rows above and below it. Every other row is
 * in the page as a light row, its name cell only (StatsTable): the table keeps its height and every row's place,
 * find-in-page still finds any name (scrolling there brings its row in full), and a sort or a metric-set switch
 * still orders every row, while the page holds ~100 full rows instead of 536 (7,700 elements, each frame of the
 * fill spending 8-12 ms layerizing one sticky name cell per row).
 *
 * The window follows the box's scroll synchronously (flushSync in the scroll event, which runs before the frame
 * is painted), and moves only once the rows shown come within half a margin of its edge, so scrolling re-renders
 * a few times a screen, not every frame. Rows may differ in height (lineups on a phone wrap their names): the
 * rows shown are found from the rows' own offsets, not from a fixed row height.
 * A table of at most FULL_TABLE_ROWS rows is drawn whole (team pages, game logs): windowing buys nothing there.
 */
import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';

/** Tables up to this many rows are drawn whole. */
export const FULL_TABLE_ROWS = 100;
/** The first window, before the box has been measured: a box's rows (~25 of 30 px in 100vh - 120 px) and as many below. */
const FIRST_WINDOW = 50;
/** Rows drawn beyond the box on each side, at least (a box's height of rows when that is more). */
const MIN_MARGIN = 15;

export interface RowWindow {
  /** the first row drawn in full */
  start: number;
  /** one past the last row drawn in full */
  end: number;
}

/** The index of the first of `rows` whose bottom is below `y` (their offsets are from the same parent). */
function rowAt(rows: HTMLCollection, y: number): number {
  let lo = 0;
  let hi = rows.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const r = rows[mid] as HTMLElement;
    if (r.offsetTop + r.offsetHeight <= y) lo = mid + 1;
    else hi = mid;
  }
  return Math.max(0, lo);
}

/**
 * The window of full rows of a table of `total` rows whose box is `box` (it scrolls) and whose body is `body` (the
 * rows' parent; the rows' offsets are from the box, which is positioned).
 */
export function useRowWindow(box: RefObject<HTMLElement | null>, body: RefObject<HTMLElement | null>, total: number): RowWindow {
  const whole = total <= FULL_TABLE_ROWS;
  const [win, setWin] = useState<RowWindow>({ start: 0, end: FIRST_WINDOW });
  const current = useRef(win);
  current.current = win;

  /** The window the box's scroll asks for, or null when the one drawn still covers it. */
  const measure = useCallback(
    (drawn: RowWindow): RowWindow | null => {
      const wrap = box.current;
      const rows = body.current?.children;
      if (!wrap || !rows || rows.length === 0) return null;
      const first = rowAt(rows, wrap.scrollTop);
      const last = Math.min(rows.length - 1, rowAt(rows, wrap.scrollTop + wrap.clientHeight));
      const margin = Math.max(MIN_MARGIN, last - first + 1);
      // Covered, with half a margin to spare on each side (none needed at the table's ends).
      const topOk = first >= drawn.start && (drawn.start === 0 || first - drawn.start >= margin / 2);
      const bottomOk = last < drawn.end && (last >= rows.length - 1 || drawn.end - 1 - last >= margin / 2);
      if (topOk && bottomOk) return null;
      return { start: Math.max(0, first - margin), end: last + 1 + margin };
    },
    [box, body],
  );

  // Measured once the rows are in the page (before their first paint), and again when the table shows another
  // number of rows; the first window usually covers the box, and then nothing is drawn again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again when the number of rows changes
  useLayoutEffect(() => {
    if (whole) return;
    const next = measure(current.current);
    if (next) setWin(next);
  }, [whole, total, measure]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: listens again when the number of rows changes
  useLayoutEffect(() => {
    const wrap = box.current;
    if (whole || !wrap) return;
    const onScroll = () => {
      const next = measure(current.current);
      if (!next) return;
      current.current = next;
      // Drawn before this frame is painted: a row scrolled into the box is not shown light.
      flushSync(() => setWin(next));
    };
    wrap.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    return () => {
      wrap.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
    // (again when the rows change: the box may have come with them)
  }, [whole, total, box, measure]);

  return whole ? { start: 0, end: total } : win;
}
