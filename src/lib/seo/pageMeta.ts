/**
 * What each entity page says it is: titles and meta descriptions built from the page's data, and the
 * canonical URL rules. Pure functions (no database, no Astro), shared by the pages and their tests.
 */
import { formatDate } from '../tables/format';
import type { Team } from '../league/franchises';

/** A team as a headline names it: the city, or "LA Lakers" / "LA Clippers" where a city has two teams. */
export function teamPlace(team: Pick<Team, 'city' | 'short_name'>): string {
  return team.city === 'Los Angeles' ? `LA ${team.short_name}` : team.city;
}

/** "Cleveland, Miami, LA Lakers": each team once, in the order first played for. */
export function teamList(teams: readonly Pick<Team, 'city' | 'short_name'>[]): string {
  return [...new Set(teams.map(teamPlace))].join(', ');
}

export interface PlayerFacts {
  name: string;
  /** "2003-04" */
  firstSeason: string | null;
  lastSeason: string | null;
  /** teams in the order first played for */
  teams: readonly Pick<Team, 'city' | 'short_name' | 'name'>[];
}

const span = (f: PlayerFacts) =>
  f.firstSeason && f.lastSeason ? (f.firstSeason === f.lastSeason ? f.firstSeason : `${f.firstSeason} to ${f.lastSeason}`) : '';

/** "LeBron James: stats by season 2003-04 to 2022-23, Cleveland, Miami, LA Lakers" (profile), "LeBron James On/Off stats, 2003-04 to 2022-23" (other views). */
export function playerTitle(f: PlayerFacts, view: { view: string; label: string }): string {
  const when = span(f);
  if (view.view === 'profile') return [`${f.name}: stats by season ${when}`.trim(), teamList(f.teams)].filter((s) => s !== '').join(', ');
  return when ? `${f.name} ${view.label}, ${when}` : `${f.name} ${view.label}`;
}

const VIEW_TEXT: Record<string, string> = {
  profile: 'season by season: possessions, scoring efficiency, shooting by zone, play context and the four factors',
  positions: 'by lineup slot: how his numbers change with the position he plays',
  onoff: 'on/off: his teams with him on the floor and off it, per 100 possessions',
  gamelog: 'game by game: minutes, points, shooting and plus/minus of every game played',
  lineups: 'the five-man lineups he played in, with their offense and defense per 100 possessions',
};

export function playerDescription(f: PlayerFacts, view: string): string {
  const when = span(f);
  const teams = f.teams.map((t) => t.name).join(', ');
  return `${f.name} ${VIEW_TEXT[view] ?? 'stats'}.${when ? ` Seasons ${when}` : ''}${teams ? ` with ${teams}` : ''}. Possession-level statistics from the play-by-play.`;
}

export interface TeamFacts {
  name: string;
  /** "2022-23" */
  season: string;
  wins: number;
  losses: number;
}

const TEAM_VIEW_TEXT: Record<string, string> = {
  players: 'player stats',
  onoff: 'on/off splits of every player',
  team: 'team stats: offense and defense per 100 possessions, the four factors, shooting by zone',
  gamelog: 'game log with every final score',
  lineups: 'five-man lineups',
  salaries: 'salaries',
  wowy: 'two-man with/without matrix: net rating with each pair on, apart and off',
};

export function teamDescription(f: TeamFacts | { name: string }, view: string): string {
  const record = 'wins' in f ? ` ${f.season}: ${f.wins}-${f.losses} in the regular season.` : '';
  return `${f.name} ${TEAM_VIEW_TEXT[view] ?? 'stats'}, season by season from 2003-04.${record} Possession-level statistics from the play-by-play.`;
}

export interface GameFacts {
  away: Pick<Team, 'short_name' | 'name' | 'city'>;
  home: Pick<Team, 'short_name' | 'name' | 'city'>;
  /** YYYY-MM-DD */
  date: string;
  awayPts: number;
  homePts: number;
  periods: number;
  seasonType: 'regular' | 'playoffs';
}

/** "Jan 1, 2023" */
export function shortDate(isoDate: string): string {
  return formatDate(isoDate, { month: 'short', day: 'numeric', year: 'numeric' });
}

const GAME_VIEW_TEXT: Record<string, string> = {
  team: 'box score and four factors',
  players: 'player box score and on-court stats',
  playbyplay: 'play-by-play, game flow and stints',
};

/** "Celtics at Nuggets, Jan 1, 2023, 111-123: box score and four factors" */
export function gameTitle(f: GameFacts, view: string): string {
  return `${f.away.short_name} at ${f.home.short_name}, ${shortDate(f.date)}, ${f.awayPts}-${f.homePts}: ${GAME_VIEW_TEXT[view] ?? 'stats'}`;
}

export function gameDescription(f: GameFacts, view: string): string {
  const winner = f.homePts > f.awayPts ? f.home : f.away;
  const [hi, lo] = f.homePts > f.awayPts ? [f.homePts, f.awayPts] : [f.awayPts, f.homePts];
  const ot = f.periods > 4 ? (f.periods === 5 ? ' in overtime' : ` in ${f.periods - 4} overtimes`) : '';
  const kind = f.seasonType === 'playoffs' ? 'playoff game' : 'game';
  return `${f.away.name} at ${f.home.name}, ${shortDate(f.date)}: the ${winner.name} won ${hi}-${lo}${ot}. ${GAME_VIEW_TEXT[view] === undefined ? 'Stats' : GAME_VIEW_TEXT[view]!.charAt(0).toUpperCase() + GAME_VIEW_TEXT[view]!.slice(1)} of the ${kind}, possession by possession.`;
}

/**
 * The canonical URL of a page: origin, path (decoded; encoded here) and only the query parameters that make it a
 * different page, given already normalised, with defaults and empty values left out by the caller (undefined or ''
 * values are dropped here too). Every stats view (filters, side, metric set, sort) points to its base page.
 */
export function canonicalUrl(origin: string, path: string, query: Readonly<Record<string, string | number | undefined>> = {}): string {
  const out = new URLSearchParams();
  for (const [key, v] of Object.entries(query)) if (v !== undefined && String(v).trim() !== '') out.set(key, String(v).trim());
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const q = out.toString();
  return `${origin.replace(/\/+$/, '')}${encodeURI(clean)}${q ? `?${q}` : ''}`;
}
