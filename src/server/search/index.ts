/**
 * Site search (GET /api/search, /search, the header's autocomplete): players and teams are found with MiniSearch
 * (BM25 relevance, prefix and fuzzy matching) over terms folded by ./text.ts; games by their teams and date: the
 * words name teams (found with the team index: "BOS", "celtics", "los angeles", "NJN") and a YYYY-MM-DD names the
 * day, and the games are then looked up by date or by team in maps (no text matching over 25,000 games). Everything
 * is built once per process from the stats database (players, games) and the franchise list (teams).
 */
import MiniSearch from 'minisearch';
import { seasonLabel } from '../../lib/filters/filterDefinitions';
import { pathForGame, pathForPlayer, pathForTeam } from '../../lib/site/routes';
import { TEAMS, teamByTeamId, type Team } from '../../lib/league/franchises';
import { foldText, nicknamedPlayers } from '../../lib/league/searchText';
import { onStatsDbChange, type StatsDb } from '../db/statsDb';
import { queuedRead, SITE } from '../stats/answers/reads';
import { dateIn, processTerm, tokenize, yearIn } from './text';

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
  teams: MiniSearch<TeamHit & { id: string; team_text: string }>;
  /** games by date (YYYY-MM-DD) and by team (current abbreviation), newest first */
  gamesByDate: Map<string, GameHit[]>;
  gamesByTeam: Map<string, GameHit[]>;
  /** players by folded name (of two with one name, the longer career): where a nickname leads */
  playersByName: Map<string, PlayerHit>;
}

const common = { tokenize, processTerm } as const;

/** Every way a franchise is written: abbreviations (current and former), city, nickname (the full name is its own field). */
const teamText = (t: Team): string => [t.abbr, ...t.historicalAbbrs, t.city, t.short_name].join(' ');

async function build(db: StatsDb): Promise<Indexes> {
  const [playerRows, gameRows] = await Promise.all([
    db.query<{
      player_id: number;
      name: string;
      first_season: number | null;
      last_season: number | null;
      seconds: number | bigint | null;
      team_id: number | null;
    }>(
      `SELECT p.player_id, p.name, p.first_season, p.last_season,
              (SELECT sum(s.seconds) FROM player_seasons s WHERE s.player_id = p.player_id) AS seconds,
              (SELECT arg_max(s.team_id, s.season * 10 + CASE s.season_type WHEN 'playoffs' THEN 1 ELSE 0 END)
                 FROM player_seasons s WHERE s.player_id = p.player_id) AS team_id
         FROM players p WHERE p.first_season IS NOT NULL`,
    ),
    db.query<{
      game_code: string;
      date: unknown;
      season: number;
      season_type: string;
      home_team_id: number;
      away_team_id: number;
      home_abbr: string;
      away_abbr: string;
      home_pts: number;
      away_pts: number;
    }>(
      `SELECT game_code, strftime(date, '%Y-%m-%d') AS date, season, season_type, home_team_id, away_team_id, home_abbr, away_abbr,
              home_pts, away_pts FROM games`,
    ),
  ]);

  const players = new MiniSearch<PlayerHit & { id: number }>({
    ...common,
    fields: ['name'],
    storeFields: ['name', 'second_spectrum_id', 'path', 'first_season', 'last_season', 'team', 'minutes'],
    searchOptions: {
      // A one-letter prefix would match most of the index: whole letters only then.
      prefix: (term) => term.length >= 2,
      fuzzy: (term) => (term.length >= 5 ? 0.2 : 0),
      maxFuzzy: 1,
      // Relevance first, then the career: a long career multiplies the score by up to ~3.5.
      boostDocument: (_id, _term, stored) => 1 + Math.log10(1 + Number(stored?.minutes ?? 0)) / 2,
    },
  });
  const playerDocs = playerRows.map((r) => ({
    id: Number(r.player_id),
    name: r.name,
    second_spectrum_id: Number(r.player_id),
    path: pathForPlayer('profile', r.name, Number(r.player_id)),
    first_season: r.first_season === null ? null : seasonLabel(Number(r.first_season)),
    last_season: r.last_season === null ? null : seasonLabel(Number(r.last_season)),
    team: r.team_id === null ? null : (teamByTeamId(Number(r.team_id))?.abbr ?? null),
    minutes: Math.round(Number(r.seconds ?? 0) / 60),
  }));
  players.addAll(playerDocs);
  const playersByName = new Map<string, PlayerHit>();
  for (const { id: _id, ...p } of [...playerDocs].sort((a, b) => a.minutes - b.minutes)) playersByName.set(foldText(p.name), p);

  const teams = new MiniSearch<TeamHit & { id: string; team_text: string }>({
    ...common,
    fields: ['team_text', 'name'],
    storeFields: ['abbr', 'name', 'city', 'path', 'former_abbrs'],
    searchOptions: { prefix: true, fuzzy: (term) => (term.length >= 5 ? 0.2 : 0), maxFuzzy: 1, boost: { team_text: 2 } },
  });
  teams.addAll(
    TEAMS.map((t) => ({
      id: t.abbr,
      abbr: t.abbr,
      name: t.name,
      city: t.city,
      path: pathForTeam('team', t.abbr),
      former_abbrs: t.historicalAbbrs,
      team_text: teamText(t),
    })),
  );

  const gamesByDate = new Map<string, GameHit[]>();
  const gamesByTeam = new Map<string, GameHit[]>();
  const push = (m: Map<string, GameHit[]>, k: string, g: GameHit) => {
    const list = m.get(k);
    if (list) list.push(g);
    else m.set(k, [g]);
  };
  const hits = gameRows
    .map((g): GameHit => {
      const away = teamByTeamId(Number(g.away_team_id))?.abbr ?? g.away_abbr;
      const home = teamByTeamId(Number(g.home_team_id))?.abbr ?? g.home_abbr;
      const date = String(g.date);
      return {
        game_id: g.game_code,
        date,
        season: seasonLabel(Number(g.season)),
        season_type: g.season_type,
        away,
        home,
        away_pts: Number(g.away_pts),
        home_pts: Number(g.home_pts),
        path: pathForGame('team', away, home, date, g.game_code),
      };
    })
    .sort((a, b) => b.date.localeCompare(a.date) || b.game_id.localeCompare(a.game_id));
  for (const g of hits) {
    push(gamesByDate, g.date, g);
    push(gamesByTeam, g.away, g);
    push(gamesByTeam, g.home, g);
  }
  return { players, teams, gamesByDate, gamesByTeam, playersByName };
}

let indexes: Promise<Indexes> | null = null;
onStatsDbChange(() => {
  indexes = null;
});

/**
 * The indexes, built on first use, as one read of the query queue (src/server/stats/answers/reads.ts) on behalf of
 * the site; a failed build is retried on the next call.
 */
export function searchIndexes(): Promise<Indexes> {
  indexes ??= queuedRead('cheap', SITE, (db) => build(db)).catch((err: unknown) => {
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
 * Games named by a query: a date (YYYY-MM-DD) and/or teams, and a year. With a date, that day's games, those of
 * the named teams first; without one, only when two or more teams are named (their games against each other,
 * newest first), in the year when one is named ("lakers celtics 2023").
 */
function findGames(ix: Indexes, text: string, date: string | null, limit: number): GameHit[] {
  const year = date ? null : yearIn(text);
  const words = date ? text.replace(/\b\d{4}-\d{1,2}-\d{1,2}\b/, ' ') : year ? text.replace(year, ' ') : text;
  // Each word names at most one franchise (its best match): "BOS DEN", "lakers celtics"; a city shared by two
  // franchises names both ("los angeles").
  const named = new Set<string>();
  for (const word of tokenize(words)) {
    const found = ix.teams.search(word, { prefix: true, fuzzy: false });
    const top = found[0]?.score;
    for (const f of found) if (f.score === top) named.add(String(f.id));
  }
  const hits = (g: GameHit) => Number(named.has(g.away)) + Number(named.has(g.home));
  if (date) {
    const day = ix.gamesByDate.get(date) ?? [];
    const matching = named.size === 0 ? day : day.filter((g) => hits(g) > 0);
    return matching.sort((a, b) => hits(b) - hits(a)).slice(0, limit);
  }
  if (named.size < 2) return [];
  const [first] = [...named];
  const out: GameHit[] = [];
  for (const g of ix.gamesByTeam.get(first!) ?? []) {
    if (hits(g) === 2 && (year === null || g.date.startsWith(year))) out.push(g);
    if (out.length >= limit) break;
  }
  return out;
}

/** Players, teams and games matching `q`, at most `limit` of each, best first; nothing for an empty `q`. */
export async function search(q: string, limit: number): Promise<SearchResults> {
  const text = q.trim();
  if (text === '') return { players: [], teams: [], games: [] };
  const ix = await searchIndexes();
  const date = dateIn(text);
  // A nickname names its player first ("kd", "the process"); the start of one, after the names it matches
  // (src/lib/league/searchText.ts).
  const nick = nicknamedPlayers(text);
  const hitOf = (name: string) => ix.playersByName.get(foldText(name)) ?? [];
  const exact = nick.exact.flatMap(hitOf);
  const started = nick.started.flatMap(hitOf);
  // Every word must match a player ("steph curry"); if none does, any word may (not in a game's "BOS DEN 2023-01-01").
  const all = ix.players.search(text, { combineWith: 'AND' });
  const matched = (all.length > 0 || date || exact.length + started.length > 0 ? all : ix.players.search(text)).map((h) =>
    strip(h as unknown as PlayerHit & { id: number }),
  );
  const seen = new Set<string>();
  const players = [...exact, ...matched, ...started].filter((p) => !seen.has(p.path) && seen.add(p.path)).slice(0, limit);
  // Teams by the same rule: every word ("los angeles"); any word only when nothing, player or team, matches every
  // word ("lakers celtics", a game's "BOS DEN"), so "chris pa" names Chris Paul and not the Pacers.
  const allTeams = ix.teams.search(text, { combineWith: 'AND' });
  const teams = (allTeams.length > 0 || all.length > 0 ? allTeams : ix.teams.search(text))
    .slice(0, limit)
    .map((h) => strip(h as unknown as TeamHit & { id: string }));
  return { players, teams, games: findGames(ix, text, date, limit) };
}
