/**
 * The columns' fixed widths as a CSS grid template, for the island's table (StatsTable) and the server's first view
 * (src/components/FirstViewTable.tsx), so both lay out alike: each column at least its width, sharing any spare
 * room in proportion, and the table never narrower than the sum of the widths.
 */
import type { CSSProperties } from 'react';

/** The style that sets `variable` (the rows' grid-template-columns) and the table's minimum width. */
export function columnGridStyle(variable: `--${string}`, columns: readonly { width: number }[]): CSSProperties {
  return {
    [variable]: columns.map((c) => `minmax(${c.width}px, ${c.width}fr)`).join(' '),
    minWidth: columns.reduce((sum, c) => sum + c.width, 0),
  } as CSSProperties;
}
