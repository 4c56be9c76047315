/**
 * Site search (GET /api/search, /search, the header's autocomplete): players, teams and games, found with
 * MiniSearch (BM25 relevance, prefix and fuzzy matching) over terms folded by ./text.ts. The indexes are built
 * once per process from the stats database (players, games) and the franchise list (teams).
 */
import MiniSearch from 'minisearch';
import { seasonLabel } from '../../lib/filters';
import { pathForGame, pathForPlayer, pathForTeam } from '../../lib/routes';
import { TEAMS, teamByTeamId } from '../../lib/teams';
import { query } from '../db/statsDb';
import { dateIn, processTerm, tokenize } from './text';

export interface PlayerHit {
  name: string;
  second_spectrum_id: number;
  path: string;
  /** first and last season in the data, '2003-04' */
  first_season: string | null;
  last_season: string | null;
  /** his main team in his latest season */
  team: string | null;
  /** career minutes in the data (regular season and playoffs) */
  minutes: number;
}

export interface TeamHit {
  abbr: string;
  name: string;
  city: string;
  path: string;
  former_abbrs: readonly string[];
}

export interface GameHit {
  game_id: string;
  date: string;
  season: string;
  season_type: string;
  away: string;
  home: string;
  away_pts: number;
  home_pts: number;
  path: string;
}

export interface SearchResults {
  players: PlayerHit[];
  teams: TeamHit[];
  games: GameHit[];
}

interface Indexes {
  players: MiniSearch<PlayerHit & { id: number }>;
  teams: MiniSearch<TeamHit & { id: string; short_name: string; team_text: string }>;
  games: MiniSearch<GameHit & { id: string; team_text: string }>;
}

const common = { tokenize, processTerm } as const;

/** Every way a franchise is written: abbreviations (current and former), city, nickname, full name. */
const teamText = (teamId: number, seasonAbbr?: string): string => {
  const t = teamByTeamId(teamId);
  if (!t) return seasonAbbr ?? '';
  return [t.abbr, ...t.historicalAbbrs, seasonAbbr ?? '', t.city, t.short_name].join(' ');
};

async function build(): Promise<Indexes> {
  const [playerRows, gameRows] = await Promise.all([
    query<{ player_id: number; name: string; first_season: number | null; last_season: number | null; seconds: number | bigint | null; team_id: number | null }>(
      `SELECT p.player_id, p.name, p.first_season, p.last_season,
              (SELECT sum(s.seconds) FROM player_seasons s WHERE s.player_id = p.player_id) AS seconds,
              (SELECT arg_max(s.team_id, s.season * 10 + CASE s.season_type WHEN 'playoffs' THEN 1 ELSE 0 END)
                 FROM player_seasons s WHERE s.player_id = p.player_id) AS team_id
         FROM players p WHERE p.first_season IS NOT NULL`,
    ),
    query<{ game_code: string; date: unknown; season: number; season_type: string; home_team_id: number; away_team_id: number; home_abbr: string; away_abbr: string; home_pts: number; away_pts: number }>(
      `SELECT game_code, strftime(date, '%Y-%m-%d') AS date, season, season_type, home_team_id, away_team_id, home_abbr, away_abbr,
              home_pts, away_pts FROM games`,
    ),
  ]);

  const players = new MiniSearch<PlayerHit & { id: number }>({
    ...common,
    fields: ['name'],
    storeFields: ['name', 'second_spectrum_id', 'path', 'first_season', 'last_season', 'team', 'minutes'],
    searchOptions: {
      prefix: true,
      fuzzy: (term) => (term.length >= 5 ? 0.2 : 0),
      // Relevance first, then the career: a long career multiplies the score by up to ~3.5.
      boostDocument: (_id, _term, stored) => 1 + Math.log10(1 + Number(stored?.minutes ?? 0)) / 2,
    },
  });
  players.addAll(
    playerRows.map((r) => ({
      id: Number(r.player_id),
      name: r.name,
      second_spectrum_id: Number(r.player_id),
      path: pathForPlayer('profile', r.name, Number(r.player_id)),
      first_season: r.first_season === null ? null : seasonLabel(Number(r.first_season)),
      last_season: r.last_season === null ? null : seasonLabel(Number(r.last_season)),
      team: r.team_id === null ? null : (teamByTeamId(Number(r.team_id))?.abbr ?? null),
      minutes: Math.round(Number(r.seconds ?? 0) / 60),
    })),
  );

  const teams = new MiniSearch<TeamHit & { id: string; short_name: string; team_text: string }>({
    ...common,
    fields: ['team_text', 'name'],
    storeFields: ['abbr', 'name', 'city', 'path', 'former_abbrs'],
    searchOptions: { prefix: true, fuzzy: (term) => (term.length >= 5 ? 0.2 : 0), boost: { team_text: 2 } },
  });
  teams.addAll(
    TEAMS.map((t) => ({
      id: t.abbr,
      abbr: t.abbr,
      name: t.name,
      city: t.city,
      short_name: t.short_name,
      path: pathForTeam('team', t.abbr),
      former_abbrs: t.historicalAbbrs,
      team_text: teamText(t.teamId),
    })),
  );

  const games = new MiniSearch<GameHit & { id: string; team_text: string }>({
    ...common,
    fields: ['team_text', 'date'],
    storeFields: ['game_id', 'date', 'season', 'season_type', 'away', 'home', 'away_pts', 'home_pts', 'path'],
    searchOptions: { prefix: true, combineWith: 'AND' },
  });
  games.addAll(
    gameRows.map((g) => {
      const away = teamByTeamId(Number(g.away_team_id))?.abbr ?? g.away_abbr;
      const home = teamByTeamId(Number(g.home_team_id))?.abbr ?? g.home_abbr;
      const date = String(g.date);
      return {
        id: g.game_code,
        game_id: g.game_code,
        date,
        season: seasonLabel(Number(g.season)),
        season_type: g.season_type,
        away,
        home,
        away_pts: Number(g.away_pts),
        home_pts: Number(g.home_pts),
        path: pathForGame('team', away, home, date, g.game_code),
        team_text: `${teamText(Number(g.away_team_id), g.away_abbr)} ${teamText(Number(g.home_team_id), g.home_abbr)}`,
      };
    }),
  );
  return { players, teams, games };
}

let indexes: Promise<Indexes> | null = null;

/** The indexes, built on first use (a failed build is retried on the next call). */
export function searchIndexes(): Promise<Indexes> {
  indexes ??= build().catch((err: unknown) => {
    indexes = null;
    throw err;
  });
  return indexes;
}

const strip = <T extends object>(hit: T & { id?: unknown; score?: unknown; terms?: unknown; queryTerms?: unknown; match?: unknown }): T => {
  const { id: _i, score: _s, terms: _t, queryTerms: _q, match: _m, ...rest } = hit;
  return rest as T;
};

/**
 * Players, teams and games matching `q`, at most `limit` of each, best first. Games are looked for only when
 * the query names a date or two or more words (a game is found by its teams and date, every word must match).
 */
export async function search(q: string, limit: number): Promise<SearchResults> {
  const ix = await searchIndexes();
  const text = q.trim();
  const date = dateIn(text);
  // Every word must match a player ("steph curry"); if none does, any word may.
  const all = ix.players.search(text, { combineWith: 'AND' });
  const players = (all.length > 0 ? all : ix.players.search(text)).slice(0, limit).map((h) => strip(h as unknown as PlayerHit & { id: number }));
  const teams = ix.teams.search(text).slice(0, limit).map((h) => strip(h as unknown as TeamHit & { id: string }));
  const wantsGames = date !== null || tokenize(text).length >= 2;
  const games = wantsGames
    ? ix.games
        .search(date ? text.replace(/\b(\d{4})-(\d{1,2})-(\d{1,2})\b/, date) : text)
        .sort((a, b) => b.score - a.score || String(b.date).localeCompare(String(a.date)))
        .slice(0, limit)
        .map((h) => strip(h as unknown as GameHit & { id: string }))
    : [];
  return { players, teams, games };
}
