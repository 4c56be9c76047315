/**
 * The seasons the site offers, as the stats database holds them (not a constant: seasons join as they are played).
 *
 * Rule: a season is offered (season pickers, `season=` accepted by every parser) once its first game is in the
 * database; the default season is the latest one with games. A season only scheduled (its schedule loaded, no
 * game played) is offered by the game finder alone, as scheduled games. "Data through" is the date of the
 * latest game the database holds.
 * Example: the test database (games of 2012-13 and 2022-23, the 2023-24 schedule with no game played) offers
 * [2012, 2022], defaults to 2022 (2022-23), lists 2023-24 in the game finder as scheduled, and its data runs
 * through 2023-06-12 (the last game of the 2023 finals).
 *
 * One catalogue per process: the server fills it from the database it serves (src/server/stats/entities/
 * seasons.ts, again after each switch to a new stats file) before a page or an API answer reads it; a page embeds
 * it (#cv-seasons, SEASON_SEED_ID) and the browser reads that seed when this module loads, so the islands parse
 * and offer the same seasons without a fetch. `SEASONS` and `DEFAULT_SEASONS` are live arrays filled in place, so
 * the filter model (src/lib/filters/filterDefinitions.ts) that holds them always reads the current catalogue. Until it is filled
 * (a unit test, a page without the seed) it holds the archive's seasons, 2003-04 to 2022-23.
 */

/** The archive's first season (start year): nothing earlier is ever offered. */
export const FIRST_SEASON = 2003;
/** The archive's last season: the catalogue before the database is read. */
export const ARCHIVE_LAST_SEASON = 2022;

export interface SeasonCatalog {
  /** start years with at least one game in the database, ascending */
  seasons: number[];
  /** start years with scheduled games and none played yet, ascending */
  scheduled: number[];
  /** YYYY-MM-DD of the latest game the database holds; null when it holds none */
  dataThrough: string | null;
  /**
   * The season under way, when there is one: the latest season with games, none of them a playoff game, whose team
   * with the most games has played fewer than a full regular season (82); `teamGames` is that team's games.
   */
  inProgress?: { season: number; teamGames: number } | null;
}

/** The id of the page's embedded catalogue (a JSON script element). */
export const SEASON_SEED_ID = 'cv-seasons';

const archive = (): number[] => Array.from({ length: ARCHIVE_LAST_SEASON - FIRST_SEASON + 1 }, (_, i) => FIRST_SEASON + i);

/** Seasons offered now (start years, ascending): a live array, filled in place by setSeasonCatalog. */
export const SEASONS: number[] = archive();
/** The default seasons of a stats page: the latest with games (a live one-element array). */
export const DEFAULT_SEASONS: number[] = [ARCHIVE_LAST_SEASON];

let scheduled: number[] = [];
let through: string | null = null;
let underWay: { season: number; teamGames: number } | null = null;

const YEAR = /^\d{4}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A catalogue read from untrusted JSON (the page's seed), or null when it is not one. */
export function seasonCatalogOf(value: unknown): SeasonCatalog | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const years = (x: unknown) =>
    Array.isArray(x) && x.every((y) => Number.isInteger(y) && YEAR.test(String(y))) ? [...(x as number[])].sort((a, b) => a - b) : null;
  const seasons = years(v.seasons);
  const sched = years(v.scheduled ?? []);
  const dt = v.dataThrough === null || (typeof v.dataThrough === 'string' && DATE.test(v.dataThrough)) ? (v.dataThrough as string | null) : undefined;
  if (!seasons || seasons.length === 0 || !sched || dt === undefined) return null;
  const ip = v.inProgress as { season?: unknown; teamGames?: unknown } | null | undefined;
  const inProgress =
    ip && Number.isInteger(ip.season) && Number.isInteger(ip.teamGames) ? { season: ip.season as number, teamGames: ip.teamGames as number } : null;
  return { seasons, scheduled: sched, dataThrough: dt, inProgress };
}

/** Makes `c` the current catalogue (SEASONS and DEFAULT_SEASONS change in place). A catalogue with no season keeps the archive's. */
export function setSeasonCatalog(c: SeasonCatalog): void {
  const seasons = c.seasons.length ? [...c.seasons].sort((a, b) => a - b) : archive();
  SEASONS.splice(0, SEASONS.length, ...seasons);
  DEFAULT_SEASONS.splice(0, DEFAULT_SEASONS.length, seasons.at(-1)!);
  scheduled = c.scheduled.filter((s) => !seasons.includes(s)).sort((a, b) => a - b);
  through = c.dataThrough;
  underWay = c.inProgress && seasons.includes(c.inProgress.season) ? { ...c.inProgress } : null;
}

/** The current catalogue (what a page embeds for its islands). */
export function seasonCatalog(): SeasonCatalog {
  return { seasons: [...SEASONS], scheduled: [...scheduled], dataThrough: through, inProgress: underWay };
}

/** The latest season with games: the default season everywhere. */
export function latestSeason(): number {
  return SEASONS.at(-1)!;
}

/** The first season the database holds. */
export function firstSeason(): number {
  return SEASONS[0]!;
}

/** YYYY-MM-DD of the latest game held, or null. */
export function dataThrough(): string | null {
  return through;
}

const label = (y: number) => `${y}-${String((y + 1) % 100).padStart(2, '0')}`;

/**
 * Seasons in words for a refusal: "2003-04 to 2022-23" when there is no gap, else each one ("2012-13, 2022-23").
 */
export function seasonsInWords(list: readonly number[] = SEASONS): string {
  if (list.length === 0) return 'none';
  const gapless = list.every((y, i) => i === 0 || y === list[i - 1]! + 1);
  if (gapless) return list.length === 1 ? label(list[0]!) : `${label(list[0]!)} to ${label(list.at(-1)!)}`;
  return list.map(label).join(', ');
}

/** True when the database holds games of the season. */
export function isOfferedSeason(season: number): boolean {
  return SEASONS.includes(season);
}

/** The season under way and the most games a team has played in it, or null when every season is complete. */
export function seasonInProgress(): { season: number; teamGames: number } | null {
  return underWay;
}

/** The game finder's seasons: those with games and those only scheduled, ascending. */
export function gameListSeasons(): number[] {
  return [...SEASONS, ...scheduled].sort((a, b) => a - b);
}

/** True when the season's schedule is loaded and none of its games is played yet. */
export function isScheduledOnly(season: number): boolean {
  return scheduled.includes(season);
}

// In the browser: the catalogue the page embedded, read once as this module loads (before any island parses a URL).
if (typeof document !== 'undefined') {
  const text = document.getElementById(SEASON_SEED_ID)?.textContent;
  if (text) {
    try {
      const c = seasonCatalogOf(JSON.parse(text));
      if (c) setSeasonCatalog(c);
    } catch {
      // a damaged seed: keep the archive's seasons
    }
  }
}
