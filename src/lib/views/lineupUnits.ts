/**
 * Lineup units: the lineup pages (Lineups, Team lineups, Player lineups) list five-man units by
 * default, or 2-, 3- and 4-man units: the possessions with those players on the floor together for their team.
 * The size is in the page URL as `unit` (absent = 5) and in GET /api/data as `unit`.
 */
import type { PageKind } from '../site/pageKinds';

export const LINEUP_UNIT_SIZES = [5, 4, 3, 2] as const;
export type LineupUnitSize = (typeof LINEUP_UNIT_SIZES)[number];
export const DEFAULT_UNIT_SIZE: LineupUnitSize = 5;
/** The key in the page URL and in /api/data. */
export const UNIT_KEY = 'unit';

const LINEUP_PAGES: ReadonlySet<PageKind> = new Set(['Lineups', 'TeamLineups', 'PlayerLineups']);
export const hasLineupUnits = (page: PageKind): boolean => LINEUP_PAGES.has(page);

/** A unit size from a URL value; null when absent or unreadable (the default then). */
export function parseUnitSize(value: string | null | undefined): LineupUnitSize | null {
  const n = Number(value?.trim());
  return (LINEUP_UNIT_SIZES as readonly number[]).includes(n) ? (n as LineupUnitSize) : null;
}

export const unitLabel = (size: LineupUnitSize): string => `${size}-man`;
