/**
 * Percentiles not as colour alone: a cell with a percentile carries its text in `data-tip`; hovering it, or
 * focusing it with the keyboard, shows the text in one floating tooltip (one element for the whole table,
 * outside the rows, which clip their paint). The table region takes the focus with Tab; the arrow keys then
 * move from cell to cell (Home / End: first / last cell of the row).
 */
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import type { FocusEvent, KeyboardEvent, MouseEvent } from 'react';

export const TIP_ID = 'sa-cell-tip';

interface Tip {
  text: string;
  left: number;
  top: number;
}

const CELL = '[role="cell"], [role="rowheader"]';

function tipFor(el: Element | null): { cell: HTMLElement; tip: Tip } | null {
  const cell = el instanceof Element ? el.closest<HTMLElement>('[data-tip]') : null;
  if (!cell) return null;
  const r = cell.getBoundingClientRect();
  return { cell, tip: { text: cell.dataset.tip ?? '', left: r.left + r.width / 2, top: r.bottom + 4 } };
}

/** The tooltip shown now (only the tooltip re-renders when it moves). */
const $tip = atom<Tip | null>(null);

function onMouseOver(e: MouseEvent) {
  const t = tipFor(e.target as Element);
  const now = $tip.get();
  if (t?.tip.text !== now?.text || t?.tip.left !== now?.left || t?.tip.top !== now?.top) $tip.set(t ? t.tip : null);
}
function onMouseLeave() {
  $tip.set(null);
}
function onFocus(e: FocusEvent) {
  const t = tipFor(e.target as Element);
  if (t) t.cell.setAttribute('aria-describedby', TIP_ID);
  $tip.set(t ? t.tip : null);
}
function onBlur(e: FocusEvent) {
  (e.target as Element).removeAttribute?.('aria-describedby');
  $tip.set(null);
}

function onKeyDown(e: KeyboardEvent<HTMLElement>) {
  const keys = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End'];
  if (!keys.includes(e.key)) return;
  const region = e.currentTarget;
  const active = document.activeElement;
  const cell = active instanceof HTMLElement && region.contains(active) ? active.closest<HTMLElement>(CELL) : null;
  let next: HTMLElement | null = null;
  if (!cell) {
    if (active !== region || (e.key !== 'ArrowDown' && e.key !== 'ArrowRight')) return;
    bringInFull(region, region.querySelector<HTMLElement>('.sa-tbody .sa-row'));
    next = region.querySelector<HTMLElement>('.sa-tbody [role="rowheader"], .sa-tbody [role="cell"]');
  } else {
    const row = cell.parentElement!;
    bringInFull(region, row);
    const cells = [...row.children].filter((c): c is HTMLElement => c instanceof HTMLElement && c.matches(CELL));
    const i = cells.indexOf(cell);
    if (e.key === 'ArrowLeft') next = cells[i - 1] ?? null;
    else if (e.key === 'ArrowRight') next = cells[i + 1] ?? null;
    else if (e.key === 'Home') next = cells[0] ?? null;
    else if (e.key === 'End') next = cells[cells.length - 1] ?? null;
    else {
      const sibling = e.key === 'ArrowDown' ? row.nextElementSibling : row.previousElementSibling;
      // A row outside the long table's window is drawn light, its name cell only (rowWindow.ts): bring it into the
      // box and the window to it first, or the walk would drop to the name column.
      bringInFull(region, sibling instanceof HTMLElement ? sibling : null);
      const target = sibling ? [...sibling.children].filter((c): c is HTMLElement => c instanceof HTMLElement && c.matches(CELL)) : [];
      next = target[Math.min(i, target.length - 1)] ?? null;
    }
  }
  if (!next) return;
  e.preventDefault();
  next.focus();
  next.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  followScroll(region);
}

/**
 * A row a key starts from or moves to (the focused one, the first when the keys enter the table, the next one) in
 * full before the move: it may still be drawn light, its name cell only, when the box was just moved (by a script, find-in-page, a jump
 * back to the top) and its own scroll event, which brings the row window along, has not come yet (it comes with
 * the next frame). Otherwise a right arrow finds no second cell and every later move stays in the name column.
 */
function bringInFull(region: HTMLElement, row: HTMLElement | null) {
  if (!row?.classList.contains('sa-row-light')) return;
  row.scrollIntoView({ block: 'nearest' });
  followScroll(region);
}

/**
 * Tell the table box it scrolled, now: the browser sends `scroll` with the next frame it paints, and keys held down
 * on a busy machine come faster than frames, so the row window (rowWindow.ts, which draws synchronously in that
 * event) would fall behind the focus. The browser's own event then finds the window in place.
 */
function followScroll(region: HTMLElement) {
  region.dispatchEvent(new Event('scroll'));
}

/** Scrolling moves the cells: the tooltip follows the focused cell, or goes. */
function onScroll() {
  const t = tipFor(document.activeElement);
  $tip.set(t ? t.tip : null);
}

/** Event handlers for the table region. */
export const cellTipHandlers = { onMouseOver, onMouseLeave, onFocus, onBlur, onKeyDown, onScroll };

/** The floating tooltip. */
export function CellTip() {
  const tip = useStore($tip);
  if (!tip) return null;
  return (
    <div id={TIP_ID} role="tooltip" className="sa-cell-tip" style={{ left: tip.left, top: tip.top }}>
      {tip.text}
    </div>
  );
}
