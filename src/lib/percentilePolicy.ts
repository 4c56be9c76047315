/**
 * Percentile colours: which tables carry them, the minimum sample a row needs to be ranked (and
 * coloured), and the pool each table ranks against. Isomorphic: the server computes the `{key}_pct` fields
 * with these numbers, the client states them beside the table.
 *
 * The minimum is in possessions (the player's team possessions on court, or the lineup's): `minPoss` in the
 * page's URL, `min_poss` in GET /api/data. On lineup tables it also decides which lineups are listed.
 */
import type { PageKind } from './pageKinds';

/** Default minimum possessions by page kind; the kinds listed are the tables with percentiles. */
const DEFAULT_MIN_POSSESSIONS = {
  Players: 500,
  TeamPlayers: 500,
  TeamOnOff: 500,
  PlayerOnOff: 500,
  Lineups: 100,
  TeamLineups: 25,
  PlayerLineups: 25,
} as const satisfies Partial<Record<PageKind, number>>;

export type PercentileKind = keyof typeof DEFAULT_MIN_POSSESSIONS;

export function hasPercentiles(kind: PageKind): kind is PercentileKind {
  return kind in DEFAULT_MIN_POSSESSIONS;
}

/** The minimum in force: the requested one, else the page's default (0 on tables without percentiles). */
export function minPossessionsOf(kind: PageKind, requested: number | null | undefined): number {
  if (requested !== null && requested !== undefined) return requested;
  return hasPercentiles(kind) ? DEFAULT_MIN_POSSESSIONS[kind] : 0;
}
