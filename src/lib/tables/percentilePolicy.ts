/**
 * Percentile colours: which tables carry them, the minimum sample a row needs to be ranked (and
 * coloured), and the pool each table ranks against. Isomorphic: the server computes the `{key}_pct` fields
 * with these numbers, the client states them beside the table.
 *
 * The minimum is in possessions (the player's team possessions on court, or the lineup's): `minPoss` in the
 * page's URL, `min_poss` in GET /api/data. On lineup tables it also decides which lineups are listed.
 *
 * The default minimum scales with the season played so far (minPossessionsOf), so a table early in a season is
 * not empty: when the sample is the season under way alone (src/lib/league/seasons.ts seasonInProgress: the latest
 * season, no playoff game yet, fewer than 82 games for every team), the default is multiplied by the share of the
 * regular season played, the most games a team has played over 82, rounded, at least 1. Any complete season in the
 * sample keeps the full default (its players are measured over a full season).
 * Example: the second week of 2023-24, the most games any team has played 6: Players 500 x 6 / 82 = 36.6 -> 37
 * possessions; Lineups 100 -> 7; TeamLineups 25 -> 2. On 2022-23 (complete, playoffs played) the defaults stay.
 * A minimum asked for (`minPoss`) is taken as it is.
 */
import type { PageKind } from '../site/pageKinds';
import { DEFAULT_SEASONS, seasonInProgress } from '../league/seasons';

/** Games of a full regular season, per team. */
export const FULL_SEASON_GAMES = 82;

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

/** The share of the regular season the sample's seasons stand for: 1, or less when they are only the season under way. */
export function seasonShare(seasons: readonly number[]): number {
  const live = seasonInProgress();
  const sample = seasons.length ? seasons : DEFAULT_SEASONS;
  if (!live || sample.some((s) => s !== live.season)) return 1;
  return Math.min(1, live.teamGames / FULL_SEASON_GAMES);
}

/**
 * The minimum in force: the requested one, else the page's default scaled by the share of the season played
 * (see the header; 0 on tables without percentiles). `seasons`: the sample's (empty or absent: the default season).
 */
export function minPossessionsOf(kind: PageKind, requested: number | null | undefined, seasons: readonly number[] = []): number {
  if (requested !== null && requested !== undefined) return requested;
  if (!hasPercentiles(kind)) return 0;
  const full = DEFAULT_MIN_POSSESSIONS[kind];
  const share = seasonShare(seasons);
  return share >= 1 ? full : Math.max(1, Math.round(full * share));
}
