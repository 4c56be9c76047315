/**
 * The route module: maps a URL path to the stats page it shows (spec section 2) and builds paths back.
 * Pure TypeScript (no Astro, no Node): used by pages, middleware and islands alike.
 *
 * Segments are counted the way the spec counts them, on `path.split('/')`, where the empty string before
 * the leading slash is the first segment:
 *   /stats/game/players/{away}_{home}_{date}_{game}  -> the game id is the 4th `_` part of the 5th segment
 *   /stats/game/team/{away}_{home}_{date}_{game}     -> same
 *   /stats/game/playbyplay/{away}_{home}_{date}_{game} -> same (the Play-by-play tab)
 *   /stats/gamepreview/{away}_{home}_{date}_{game}   -> the game id is the 4th `_` part of the 4th segment
 *   /stats/player/{view}/{first}_{last}_{player}     -> the player id is the 3rd `_` part of the 5th segment
 *   /stats/team/{view}/{abbr}                        -> the team entity is the 5th segment (view wowy)
 *   /stats/league, /stats/players, /stats/lineups    -> League, Players, Lineups (no entity)
 * Any other path (including /stats, /stats/teams, /stats/games, /stats/guides) is NonStats.
 *
 * Normalisation before matching: the query string and hash are removed, one trailing slash is ignored,
 * and the fixed words (`stats`, `game`, views) match case-insensitively; the entity keeps its case
 * except that a team abbreviation is upper-cased.
 *
 * `routeForPath` only extracts (what the client sends as `page` and `entity`); `validateStatsPath`
 * also checks the parts are well formed (numeric ids, real dates, known teams): a page whose path fails it
 * answers 404 "Page Not Found: {path}" (spec section 5).
 */
import type { PageKind } from './pageKinds';
import { teamByAbbr } from '../league/franchises';
import { notFoundMessage } from './errors';

export interface StatsRoute {
  /** The page kind (spec section 3); NonStats when the path is not a stats page. */
  kind: PageKind;
  /** The id the page is about: game id, player id or team abbreviation. */
  entity?: string;
  /** The tab (view) of a player, team or game page, lower case. */
  view?: string;
}

export interface Tab<V extends string = string> {
  view: V;
  label: string;
  kind: PageKind;
}

/** Player page tabs, in the spec's order (section 2). */
export const PLAYER_TABS = [
  { view: 'profile', label: 'Profile', kind: 'PlayerProfile' },
  { view: 'positions', label: 'Positions', kind: 'PlayerPositions' },
  { view: 'onoff', label: 'On/Off stats', kind: 'PlayerOnOff' },
  { view: 'gamelog', label: 'Game log', kind: 'PlayerGameLog' },
  { view: 'lineups', label: 'Lineups', kind: 'PlayerLineups' },
] as const satisfies readonly Tab[];

/** Team page tabs, in the spec's order, then the With/Without tab. */
export const TEAM_TABS = [
  { view: 'players', label: 'Players', kind: 'TeamPlayers' },
  { view: 'onoff', label: 'On/Off', kind: 'TeamOnOff' },
  { view: 'team', label: 'Team', kind: 'TeamTeam' },
  { view: 'gamelog', label: 'Game log', kind: 'TeamGameLog' },
  { view: 'lineups', label: 'Lineups', kind: 'TeamLineups' },
  { view: 'salaries', label: 'Salaries', kind: 'TeamSalaries' },
  // The two-man with/without matrix, after the spec's six tabs.
  { view: 'wowy', label: 'With/Without', kind: 'TeamWowy' },
] as const satisfies readonly Tab[];

/** Game page tabs, in the spec's order. */
export const GAME_TABS = [
  { view: 'team', label: 'Team stats', kind: 'GameTeam' },
  { view: 'players', label: 'Player stats', kind: 'GamePlayers' },
  { view: 'playbyplay', label: 'Play-by-play', kind: 'GamePlayByPlay' },
] as const satisfies readonly Tab[];

export type PlayerView = (typeof PLAYER_TABS)[number]['view'];
export type TeamView = (typeof TEAM_TABS)[number]['view'];
export type GameView = (typeof GAME_TABS)[number]['view'];

/** Top-level stats tables with a page kind of their own. */
const LIST_PAGES: Readonly<Record<string, PageKind>> = {
  league: 'League',
  players: 'Players',
  lineups: 'Lineups',
};

const NON_STATS: StatsRoute = { kind: 'NonStats' };

/** Percent-decodes a URL pathname (e.g. accented names); a malformed escape leaves the path as it is. */
export function decodePath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** The path alone: no query, no hash, no trailing slash (the root stays "/"). */
export function cleanPath(path: string): string {
  let p = path;
  const cut = p.search(/[?#]/);
  if (cut >= 0) p = p.slice(0, cut);
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return p === '' ? '/' : p;
}

function tabFor<T extends Tab>(tabs: readonly T[], view: string | undefined): T | undefined {
  if (view === undefined) return undefined;
  const v = view.toLowerCase();
  return tabs.find((t) => t.view === v);
}

/** Maps a path to its stats page kind, view and entity, exactly as spec section 2 extracts them. */
export function routeForPath(path: string): StatsRoute {
  const segments = cleanPath(path).split('/');
  // segments[0] is the empty string before the leading slash.
  if (segments[0] !== '' || segments[1]?.toLowerCase() !== 'stats') return NON_STATS;
  const area = segments[2]?.toLowerCase();
  const count = segments.length;

  if (count === 3 && area !== undefined && LIST_PAGES[area] !== undefined) {
    return { kind: LIST_PAGES[area] };
  }
  if (area === 'gamepreview' && count === 4 && segments[3] !== '') {
    return { kind: 'GamePreview', entity: segments[3]!.split('_')[3] };
  }
  if (count !== 5 || segments[4] === '') return NON_STATS;
  const segment5 = segments[4]!;
  if (area === 'game') {
    const tab = tabFor(GAME_TABS, segments[3]);
    return tab ? { kind: tab.kind, view: tab.view, entity: segment5.split('_')[3] } : NON_STATS;
  }
  if (area === 'player') {
    const tab = tabFor(PLAYER_TABS, segments[3]);
    return tab ? { kind: tab.kind, view: tab.view, entity: segment5.split('_')[2] } : NON_STATS;
  }
  if (area === 'team') {
    const tab = tabFor(TEAM_TABS, segments[3]);
    return tab ? { kind: tab.kind, view: tab.view, entity: segment5.toUpperCase() } : NON_STATS;
  }
  return NON_STATS;
}

/** League game id: 10 digits, e.g. 0022200001 (002 regular season, 004 playoffs, 22 = 2022-23). */
export const GAME_ID_PATTERN = /^\d{10}$/;
/** League player id: a positive integer. */
export const PLAYER_ID_PATTERN = /^[1-9]\d{0,9}$/;
/** Game date in a game path: YYYY-MM-DD. */
export const GAME_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

function isRealDate(value: string): boolean {
  if (!GAME_DATE_PATTERN.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** The parts of a game segment `{away}_{home}_{date}_{game}`. */
export interface GameParts {
  away: string;
  home: string;
  date: string;
  gameId: string;
}

/** Splits and checks a game segment: exactly four parts, known teams, a real date, a 10-digit id. */
export function parseGameSegment(segment: string): GameParts | undefined {
  const parts = segment.split('_');
  if (parts.length !== 4) return undefined;
  const [away, home, date, gameId] = parts as [string, string, string, string];
  if (!teamByAbbr(away) || !teamByAbbr(home) || away.toUpperCase() === home.toUpperCase()) return undefined;
  if (!isRealDate(date) || !GAME_ID_PATTERN.test(gameId)) return undefined;
  return { away: away.toUpperCase(), home: home.toUpperCase(), date, gameId };
}

/** The parts of a player segment `{first}_{last}_{player}`. */
export interface PlayerParts {
  first: string;
  last: string;
  playerId: string;
}

/** Splits and checks a player segment: exactly three parts, a numeric player id, name slugs without spaces. */
export function parsePlayerSegment(segment: string): PlayerParts | undefined {
  const parts = segment.split('_');
  if (parts.length !== 3) return undefined;
  const [first, last, playerId] = parts as [string, string, string];
  if (!PLAYER_ID_PATTERN.test(playerId)) return undefined;
  const slug = /^[\p{L}\p{N}.'-]*$/u;
  if (first === '' || !slug.test(first) || !slug.test(last)) return undefined;
  return { first, last, playerId };
}

export type ValidatedRoute = { ok: true; route: StatsRoute; canonicalPath: string } | { ok: false; message: string };

/**
 * Checks a stats page path strictly. `canonicalPath` is the path the page should live at (lower-case
 * views, current upper-case team abbreviation): a page redirects there when it differs.
 * Used for the pages with an entity (player, team, game, preview); other paths only need `routeForPath`.
 */
export function validateStatsPath(path: string): ValidatedRoute {
  const clean = cleanPath(path);
  const route = routeForPath(clean);
  const notFound = { ok: false as const, message: notFoundMessage(clean) };
  if (route.kind === 'NonStats') return notFound;
  const segments = clean.split('/');
  switch (route.kind) {
    case 'League':
    case 'Players':
    case 'Lineups':
      return { ok: true, route, canonicalPath: `/stats/${segments[2]!.toLowerCase()}` };
    case 'GamePreview': {
      const game = parseGameSegment(segments[3]!);
      return game ? { ok: true, route, canonicalPath: pathForPreview(game.away, game.home, game.date, game.gameId) } : notFound;
    }
    case 'GameTeam':
    case 'GamePlayers':
    case 'GamePlayByPlay': {
      const game = parseGameSegment(segments[4]!);
      const view = route.view as GameView;
      return game ? { ok: true, route, canonicalPath: pathForGame(view, game.away, game.home, game.date, game.gameId) } : notFound;
    }
    case 'TeamPlayers':
    case 'TeamOnOff':
    case 'TeamTeam':
    case 'TeamGameLog':
    case 'TeamLineups':
    case 'TeamSalaries':
    case 'TeamWowy': {
      const team = teamByAbbr(segments[4]!);
      if (!team) return notFound;
      return { ok: true, route: { ...route, entity: team.abbr }, canonicalPath: pathForTeam(route.view as TeamView, team.abbr) };
    }
    default: {
      const player = parsePlayerSegment(segments[4]!);
      if (!player) return notFound;
      const canonicalPath = `/stats/player/${route.view}/${player.first}_${player.last}_${player.playerId}`;
      return { ok: true, route, canonicalPath };
    }
  }
}

/** URL-safe name part: lower case, accents dropped, anything else but letters, digits, `.` and `'` becomes `-`. */
export function nameSlug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9.']+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** /stats/player/{view}/{first}_{last}_{id}. The first word of the name is `first`, the rest `last`. */
export function pathForPlayer(view: PlayerView, name: string, playerId: string | number): string {
  const words = name.trim().split(/\s+/);
  const first = nameSlug(words[0] ?? '') || 'player';
  const last = nameSlug(words.slice(1).join(' '));
  return `/stats/player/${view}/${first}_${last}_${playerId}`;
}

/** /stats/team/{view}/{ABBR}, with the franchise's current abbreviation. */
export function pathForTeam(view: TeamView, abbr: string): string {
  const team = teamByAbbr(abbr);
  return `/stats/team/${view}/${team ? team.abbr : abbr.toUpperCase()}`;
}

function gameSegment(away: string, home: string, date: string, gameId: string): string {
  return `${away.toUpperCase()}_${home.toUpperCase()}_${date}_${gameId}`;
}

/** /stats/game/{view}/{away}_{home}_{date}_{game}; date is YYYY-MM-DD, abbreviations as of that season. */
export function pathForGame(view: GameView, away: string, home: string, date: string, gameId: string): string {
  return `/stats/game/${view}/${gameSegment(away, home, date, gameId)}`;
}

/** /stats/gamepreview/{away}_{home}_{date}_{game}. */
export function pathForPreview(away: string, home: string, date: string, gameId: string): string {
  return `/stats/gamepreview/${gameSegment(away, home, date, gameId)}`;
}
