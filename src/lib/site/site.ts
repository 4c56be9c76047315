/**
 * Site-wide facts used by layouts and pages: the name, the title format and the main navigation.
 * Pure data (no Astro imports) so tests and islands can read it too.
 */
import { seasonInProgress, SEASONS, seasonsInWords } from '../league/seasons';
export const SITE_NAME = 'Courtvision';

/** Default page title separator (spec section 2). */
export const TITLE_SEPARATOR = '|';

/** "Page | Courtvision"; the bare site name for the home page. */
export function pageTitle(page?: string): string {
  return page ? `${page} ${TITLE_SEPARATOR} ${SITE_NAME}` : SITE_NAME;
}

export interface NavLink {
  href: string;
  label: string;
}

/** The stats areas (second row of the header, cards on /stats). */
export const STATS_NAV: readonly NavLink[] = [
  { href: '/stats/league', label: 'League' },
  { href: '/stats/players', label: 'Players' },
  { href: '/stats/teams', label: 'Teams' },
  { href: '/stats/lineups', label: 'Lineups' },
  { href: '/stats/rapm', label: 'RAPM' },
  { href: '/stats/games', label: 'Games' },
  { href: '/stats/finder', label: 'Finder' },
  { href: '/stats/guides', label: 'Guides' },
];

/** The general areas (first row of the header). */
export const MAIN_NAV: readonly NavLink[] = [
  { href: '/stats', label: 'Stats' },
  { href: '/articles', label: 'Articles' },
  { href: '/about', label: 'About' },
  { href: '/advice', label: 'Advice' },
  { href: '/pricing', label: 'Pricing' },
];

/** True when `href` is the current page or the section the current page is in. */
export function isCurrentSection(href: string, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  if (href === '/stats') return path === '/stats';
  if (path === href || path.startsWith(`${href}/`)) return true;
  // Entity pages belong to their list: a team page is under Teams, a game page under Games.
  if (href === '/stats/teams') return path.startsWith('/stats/team/');
  if (href === '/stats/players') return path.startsWith('/stats/player/');
  if (href === '/stats/games') return path.startsWith('/stats/game/') || path.startsWith('/stats/gamepreview/');
  return false;
}

/** The last season (start year) of the salary data (nba-data salaries.csv: 2003-04 to 2019-20). */
export const LAST_SALARY_SEASON = 2019;

/**
 * The season a team's salaries page opens on: the latest season the database holds that has salary data (the full
 * database: 2019-20), else its latest season at all (a database of 2012-13 and 2022-23 opens on 2012-13; one of
 * 2022-23 alone on 2022-23, which says there is no salary data for it).
 */
export function salaryOpeningSeason(seasons: readonly number[] = SEASONS): number {
  const withSalaries = seasons.filter((s) => s <= LAST_SALARY_SEASON);
  return withSalaries.length > 0 ? Math.max(...withSalaries) : Math.max(...seasons);
}
/** The first season (start year) with playoff play-by-play (2013-14). */
export const FIRST_PLAYOFF_SEASON = 2013;

/**
 * Data coverage: what the numbers can and cannot cover, in words, from the seasons the stats database holds
 * (src/lib/league/seasons.ts; read when a page is rendered, so a season joins the text as it is played). Playoffs exist
 * from FIRST_PLAYOFF_SEASON on (nba-data README) and not for a season still under way.
 * Example, the full database: regular seasons 2003-04 to 2022-23, playoffs 2013-14 to 2022-23. Prerendered pages
 * are built before any database is read: they say the archive's seasons.
 */
export const COVERAGE = {
  get regularSeasons(): string {
    return seasonsInWords(SEASONS);
  },
  get playoffs(): string {
    const live = seasonInProgress()?.season;
    return seasonsInWords(SEASONS.filter((s) => s >= FIRST_PLAYOFF_SEASON && s !== live));
  },
  get note(): string {
    return `Regular seasons ${this.regularSeasons}; playoffs ${this.playoffs} only (earlier playoffs are not available); no preseason.`;
  },
};

/**
 * When the islands that wait for an idle moment (client:idle: the stats app, the search boxes, the career table)
 * hydrate at the latest: a page whose main thread never goes idle (a busy phone, a browser that gives idle time
 * late) still gets its app within two seconds instead of never.
 */
export const IDLE_HYDRATION = { timeout: 2000 } as const;
