/**
 * What the game preview page (/stats/gamepreview/...) shows under the two teams' rows: each
 * team's ranks among the league's teams in ratings and the four factors on both sides, each offense against the
 * other's defense, the season series so far (with the playoff series' standing), each team's last 10 games, and
 * both shot profiles.
 *
 * "To date" is the rule of the preview's rows (views/games.ts): the season's games (regular season and playoffs)
 * played before the game's date. A team plays at most once a day, so nothing of the game itself or of any later
 * game is read. Whole games are counted (garbage time included), as a box score counts them.
 *
 * Built from the existing answers: the ranks, ratings and shot zones are the teams table's (teamsTable,
 * rankColumn), the meetings and recent games the game finder's list (listGames), the last-10 ratings teamSumsBy.
 */
import { parseDataQuery, type AppliedFilters } from '../../../lib/params/apiParams';
import type { Better } from '../../../lib/tables/columnMeta';
import { OVERVIEW_COLUMNS } from '../../../lib/tables/teamsTable';
import { teamByTeamId, teamInSeason } from '../../../lib/league/franchises';
import { LRUCache } from 'lru-cache';
import { onStatsDbChange, type StatsDb } from '../../db/statsDb';
import { pct, type Value, type Values } from '../metrics/formulas';
import { listGames, type GameListRow, type ScheduledGameRow } from './gameList';
import { currentDataThrough } from '../entities/seasons';
import { teamSumsBy } from '../sql/sums';
import { sharedLookup } from '../entities/sharedLookup';
import type { Params } from '../sql/sql';
import { rankColumn, teamsTable, type TeamsTableRow } from '../views/teamsTable';
import { teamSums } from '../views/shared';
import { dayBefore } from '../views/games';

/** The overview columns a preview ranks (keys of TeamsTableRow.overview). */
export const PREVIEW_RANKED = [
  'ortg',
  'drtg',
  'net',
  'efg_pct',
  'tov_pct',
  'orb_pct',
  'ft_rate',
  'opp_efg_pct',
  'opp_tov_pct',
  'drb_pct',
  'opp_ft_rate',
] as const;
export type PreviewKey = (typeof PREVIEW_RANKED)[number];

/** A ranked column's header (the teams table's: src/lib/tables/columnRegistry.ts). */
const labelOf = (key: PreviewKey): string => OVERVIEW_COLUMNS.find((c) => c.key === key)!.label;

/** Each offense's number against the defense's number that answers it (ORB% meets the defense's DRB%). */
export const MATCHUP_PAIRS: readonly { label: string; offense: PreviewKey; defense: PreviewKey }[] = [
  { label: 'Rating', offense: 'ortg', defense: 'drtg' },
  { label: labelOf('efg_pct'), offense: 'efg_pct', defense: 'opp_efg_pct' },
  { label: labelOf('tov_pct'), offense: 'tov_pct', defense: 'opp_tov_pct' },
  { label: `${labelOf('orb_pct')} / ${labelOf('drb_pct')}`, offense: 'orb_pct', defense: 'drb_pct' },
  { label: labelOf('ft_rate'), offense: 'ft_rate', defense: 'opp_ft_rate' },
];

/** How many of the last games before this one the recent form covers. */
export const FORM_GAMES = 10;

export interface RankedValue {
  value: Value;
  /** 1 = best among the teams that had played (null when the team had not) */
  rank: number | null;
}

export interface PreviewTeam {
  teamId: number;
  /** abbreviation as of that season */
  abbr: string;
  name: string;
  /** games played before the game's date this season (0: none yet) */
  games: number;
  wins: number;
  losses: number;
  ranked: Record<PreviewKey, RankedValue>;
  /** its own shots (TeamShootingFrequency/Accuracy keys: rim_freq, rim_acc ...) */
  shots: Values;
  /** the shots its opponents took against it */
  shotsAllowed: Values;
}

export interface MatchupRow {
  label: string;
  /** the keys compared (offense's, defense's) */
  keys: { offense: PreviewKey; defense: PreviewKey };
  offense: RankedValue;
  defense: RankedValue;
  /** the side with the better rank, or even */
  edge: 'offense' | 'defense' | 'even' | null;
}

export interface Matchup {
  /** abbreviations */
  offense: string;
  defense: string;
  rows: MatchupRow[];
}

export interface FormGame {
  game: GameListRow;
  /** the opponent's abbreviation as of that season */
  opponent: string;
  atHome: boolean;
  pts: number;
  oppPts: number;
  won: boolean;
}

export interface TeamForm {
  abbr: string;
  games: FormGame[];
  wins: number;
  losses: number;
  /** points scored minus allowed per 100 possessions over those games */
  net: Value;
}

export interface SeriesContext {
  /** this game's number in the playoff series */
  gameNumber: number;
  /** "Game 5, DEN leads 3-1", "Game 1", "Game 3, series tied 1-1" */
  text: string;
}

/** A game a preview is built for: played (in games) or scheduled (in the schedule, not played yet). */
export type PreviewGame = Omit<GameListRow, 'awayPts' | 'homePts' | 'periods'> | ScheduledGameRow;

export interface GamePreview {
  /** the last day counted: the day before the game, or for a game not played yet the last day the data holds if earlier */
  through: string;
  /** the game is on the schedule and not played yet */
  scheduled: boolean;
  /** the game's date, YYYY-MM-DD */
  date: string;
  season: number;
  seasonType: 'regular' | 'playoffs';
  /** how many teams had played (the ranks are among them) */
  teamsRanked: number;
  /** away first */
  teams: [PreviewTeam, PreviewTeam];
  league: Record<PreviewKey, Value>;
  /** away offense against home defense, then home offense against away defense */
  matchups: [Matchup, Matchup];
  /** earlier meetings this season, oldest first */
  meetings: GameListRow[];
  /** wins in those meetings, away team first */
  meetingWins: [number, number];
  /** playoff games only */
  series: SeriesContext | null;
  form: [TeamForm, TeamForm];
}

/** The sample of a preview: the season before the game's date, whole games. */
function previewFilters(season: number, through: string): AppliedFilters {
  const defaults = parseDataQuery({ page: ['League'] }).filters;
  return { ...defaults, seasons: [season], seasonTypes: ['regular', 'playoffs'], endDate: through, filterOutGarbageTime: false };
}

const BETTER: Record<string, Better> = Object.fromEntries(OVERVIEW_COLUMNS.map((c) => [c.key, c.better]));

/** Each key's rank among the teams, for the teams asked (null where a team has no row). */
function rankTeams(rows: readonly TeamsTableRow[], abbrs: readonly string[]): Map<string, Record<PreviewKey, RankedValue>> {
  const out = new Map<string, Record<PreviewKey, RankedValue>>();
  const ranks = Object.fromEntries(
    PREVIEW_RANKED.map((k) => [
      k,
      rankColumn(
        rows.map((r) => r.overview[k] ?? null),
        BETTER[k]!,
      ),
    ]),
  );
  rows.forEach((r, i) => {
    if (!abbrs.includes(r.abbr)) return;
    out.set(
      r.abbr,
      Object.fromEntries(PREVIEW_RANKED.map((k) => [k, { value: r.overview[k] ?? null, rank: ranks[k]![i]!.rank }])) as Record<PreviewKey, RankedValue>,
    );
  });
  return out;
}

const NOTHING: RankedValue = { value: null, rank: null };
const emptyRanked = () => Object.fromEntries(PREVIEW_RANKED.map((k) => [k, NOTHING])) as Record<PreviewKey, RankedValue>;

function edgeOf(o: RankedValue, d: RankedValue): MatchupRow['edge'] {
  if (o.rank === null || d.rank === null) return null;
  return o.rank < d.rank ? 'offense' : d.rank < o.rank ? 'defense' : 'even';
}

/** A team's result in a game of the list. */
function formGame(g: GameListRow, teamId: number): FormGame {
  const atHome = g.homeTeamId === teamId;
  const pts = atHome ? g.homePts : g.awayPts;
  const oppPts = atHome ? g.awayPts : g.homePts;
  return { game: g, opponent: atHome ? g.awayAbbr : g.homeAbbr, atHome, pts, oppPts, won: pts > oppPts };
}

/** Net rating of each team over its own list of games: (points for - points against) per 100 possessions each way. */
async function netOver(db: StatsDb, f: AppliedFilters, lists: readonly { teamId: number; games: readonly GameListRow[] }[]): Promise<Map<number, Value>> {
  const withGames = lists.filter((l) => l.games.length > 0);
  if (withGames.length === 0) return new Map();
  const extra = (col: string) => (b: Params) => [
    `(${withGames.map((l) => `(p.${col} = ${b.bind(l.teamId)} AND p.game_id IN (SELECT game_id FROM games WHERE game_code IN ${b.list(l.games.map((g) => g.gameCode))}))`).join(' OR ')})`,
  ];
  const [off, def] = await Promise.all([
    teamSumsBy(db, f, { persp: 'offense', groupBy: ['team_id'], extra: extra('off_team_id') }),
    teamSumsBy(db, f, { persp: 'defense', groupBy: ['team_id'], extra: extra('def_team_id') }),
  ]);
  const rating = (rows: typeof off) =>
    new Map(
      rows.map((r) => {
        const s = teamSums(r);
        return [Number(r.team_id), pct(s.pts, s.possessions)];
      }),
    );
  const o = rating(off);
  const d = rating(def);
  return new Map(
    withGames.map((l) => {
      const a = o.get(l.teamId) ?? null;
      const b = d.get(l.teamId) ?? null;
      return [l.teamId, a === null || b === null ? null : a - b];
    }),
  );
}

/** "Game 5, DEN leads 3-1" from the playoff games the two teams played before this one. */
export function seriesContext(earlier: readonly GameListRow[], away: { id: number; abbr: string }, home: { id: number; abbr: string }): SeriesContext {
  const gameNumber = earlier.length + 1;
  if (earlier.length === 0) return { gameNumber, text: 'Game 1' };
  const winsOf = (id: number) => earlier.filter((g) => formGame(g, id).won).length;
  const [a, h] = [winsOf(away.id), winsOf(home.id)];
  const text = a === h ? `series tied ${a}-${h}` : a > h ? `${away.abbr} leads ${a}-${h}` : `${home.abbr} leads ${h}-${a}`;
  return { gameNumber, text: `Game ${gameNumber}, ${text}` };
}

/**
 * A game's preview never changes while the server reads one stats file (it reads only earlier games): kept per
 * game, as the other memoised lookups are (sharedLookup), until the server switches to a new file.
 */
const previews = new LRUCache<string, Promise<GamePreview>>({ max: 2000 });
onStatsDbChange(() => previews.clear());

/** The preview of a game (as findGame gives it). */
export function gamePreview(db: StatsDb, g: PreviewGame): Promise<GamePreview> {
  return sharedLookup(db, previews, g.gameCode, () => buildPreview(db, g));
}

async function buildPreview(db: StatsDb, g: PreviewGame): Promise<GamePreview> {
  const scheduled = 'scheduled' in g;
  const dayBeforeGame = dayBefore(g.date);
  // A game not played yet is previewed from the games held so far ("to date"), at most the day before it.
  const held = scheduled ? await currentDataThrough() : null;
  const through = held !== null && held < dayBeforeGame ? held : dayBeforeGame;
  const f = previewFilters(g.season, through);
  const ids = [g.awayTeamId, g.homeTeamId] as const;
  const [table, meetings, awayGames, homeGames] = await Promise.all([
    teamsTable(db, f),
    listGames(db, { season: g.season, teamId: g.awayTeamId, opponentId: g.homeTeamId, before: g.date }),
    listGames(db, { season: g.season, teamId: g.awayTeamId, before: g.date }),
    listGames(db, { season: g.season, teamId: g.homeTeamId, before: g.date }),
  ]);
  const lastGames = [awayGames.slice(-FORM_GAMES), homeGames.slice(-FORM_GAMES)] as const;
  const net = await netOver(
    db,
    f,
    ids.map((teamId, i) => ({ teamId, games: lastGames[i]! })),
  );
  const abbrs = [g.awayAbbr, g.homeAbbr] as const;
  // The teams table names teams by their current abbreviation; the game by the season's.
  const current = ids.map((id) => teamByTeamId(id)?.abbr ?? '');
  const ranked = rankTeams(table.teams, current);
  const rowOf = (i: number) => table.teams.find((t) => t.abbr === current[i]);
  const teams = ids.map((teamId, i): PreviewTeam => {
    const row = rowOf(i);
    const w = row ? Number(row.overview.wins ?? 0) : 0;
    const l = row ? Number(row.overview.losses ?? 0) : 0;
    return {
      teamId,
      abbr: abbrs[i]!,
      name: teamInSeason(teamId, g.season)?.name ?? abbrs[i]!,
      games: row?.games ?? 0,
      wins: w,
      losses: l,
      ranked: ranked.get(current[i]!) ?? emptyRanked(),
      shots: row?.offense ?? {},
      shotsAllowed: row?.defense ?? {},
    };
  }) as [PreviewTeam, PreviewTeam];
  const matchup = (o: PreviewTeam, d: PreviewTeam): Matchup => ({
    offense: o.abbr,
    defense: d.abbr,
    rows: MATCHUP_PAIRS.map((p) => ({
      label: p.label,
      keys: { offense: p.offense, defense: p.defense },
      offense: o.ranked[p.offense],
      defense: d.ranked[p.defense],
      edge: edgeOf(o.ranked[p.offense], d.ranked[p.defense]),
    })),
  });
  const form = ids.map((teamId, i): TeamForm => {
    const games = lastGames[i]!.map((x) => formGame(x, teamId));
    const wins = games.filter((x) => x.won).length;
    return { abbr: abbrs[i]!, games, wins, losses: games.length - wins, net: net.get(teamId) ?? null };
  }) as [TeamForm, TeamForm];
  const playoffMeetings = meetings.filter((m) => m.seasonType === 'playoffs');
  return {
    through,
    scheduled,
    date: g.date,
    season: g.season,
    seasonType: g.seasonType,
    teamsRanked: table.teams.length,
    teams,
    league: Object.fromEntries(PREVIEW_RANKED.map((k) => [k, table.league.overview[k] ?? null])) as Record<PreviewKey, Value>,
    matchups: [matchup(teams[0], teams[1]), matchup(teams[1], teams[0])],
    meetings,
    meetingWins: [meetings.filter((m) => formGame(m, ids[0]).won).length, meetings.filter((m) => formGame(m, ids[1]).won).length],
    series: g.seasonType === 'playoffs' ? seriesContext(playoffMeetings, { id: ids[0], abbr: abbrs[0] }, { id: ids[1], abbr: abbrs[1] }) : null,
    form,
  };
}
