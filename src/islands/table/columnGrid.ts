/**
 * The columns' fixed widths as a CSS grid template, for the island's table (StatsTable) and the server's first view
 * (src/islands/table/FirstViewTable.tsx), so both lay out alike: each column at least its width, sharing any spare
 * room in proportion, and the table never narrower than the sum of the widths.
 * Two CSS variables adapt it to a phone (src/styles/stats.css, firstView.css): `--sa-head-extra` widens every
 * column for the header's larger definition button (a 36 px tap target), and `--sa-sticky-max` caps the sticky
 * first column (the name: 38 % of the screen, the rest ellipsed) so it never takes half the screen.
 */
import type { CSSProperties } from 'react';

const EXTRA = 'var(--sa-head-extra, 0px)';

/** The style that sets `variable` (the rows' grid-template-columns) and the table's minimum width. */
export function columnGridStyle(variable: `--${string}`, columns: readonly { width: number }[]): CSSProperties {
  const least = (width: number, i: number) =>
    i === 0 ? `min(${width}px + ${EXTRA}, var(--sa-sticky-max, ${width}px + ${EXTRA}))` : `calc(${width}px + ${EXTRA})`;
  const rest = columns.slice(1).reduce((sum, c) => sum + c.width, 0);
  return {
    [variable]: columns.map((c, i) => `minmax(${least(c.width, i)}, ${c.width}fr)`).join(' '),
    minWidth: columns.length === 0 ? 0 : `calc(${rest}px + ${columns.length - 1} * ${EXTRA} + ${least(columns[0]!.width, 0)})`,
  } as CSSProperties;
}
