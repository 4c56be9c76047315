/**
 * The traditional box score of a game page (isomorphic, no DOM): one table per team, the away team first (as
 * "AWAY at HOME" reads), starters first (the five on court at the opening tip, by minutes), then the bench by
 * minutes, and a team totals row that is the sum of the player lines (its +/- the team's margin), so the PTS total
 * is the team's final score (tests/api/boxScore.test.ts checks it against the play-by-play's own SCORE column).
 *
 * Two sources, the same line shape (`BoxLine`), no numbers computed here but sums and percentages:
 * - the whole game: /api/game_details (player_games: exact seconds, the official +/-);
 * - the page's filters (garbage time, period, time, score, lineups): the rows of /api/data?page=GamePlayers,
 *   which carry the same counters summed over the possessions the filters keep (src/server/stats/views/playerViews.ts).
 */
import { REGISTRY, type ColumnKey } from '../tables/columnRegistry';

/** One player's line: seconds on court and counting stats; field names as /api/game_details sends them. */
export interface BoxLine {
  player_id: number;
  name: string;
  /** on court at the start of the game */
  starter: boolean;
  /** seconds on court */
  sec: number;
  fgm: number;
  fga: number;
  fg3m: number;
  fg3a: number;
  ftm: number;
  fta: number;
  oreb: number;
  dreb: number;
  ast: number;
  stl: number;
  blk: number;
  tov: number;
  pf: number;
  pts: number;
  /** team points minus opponent points while he was on court */
  plus_minus: number;
}

/** The summed counters of a team (the totals row). */
export type BoxTotals = Omit<BoxLine, 'player_id' | 'name' | 'starter'>;

export interface TeamBox {
  /** current abbreviation (links), and the one of that season (labels) */
  team: string | null;
  abbrThen: string | null;
  name: string | null;
  side: 'away' | 'home';
  starters: BoxLine[];
  bench: BoxLine[];
  totals: BoxTotals;
}

const COUNTERS = ['sec', 'fgm', 'fga', 'fg3m', 'fg3a', 'ftm', 'fta', 'oreb', 'dreb', 'ast', 'stl', 'blk', 'tov', 'pf', 'pts', 'plus_minus'] as const;

export type BoxValue = (l: BoxTotals) => number | null;

export interface BoxColumn {
  id: string;
  label: string;
  /** the definition shown on the header (title) */
  title: string;
  kind: 'minutes' | 'count' | 'made-attempted' | 'percent' | 'signed';
  /** made-attempted columns: [made, attempted] */
  pair?: [keyof BoxTotals, keyof BoxTotals];
  value?: BoxValue;
}

const pct = (made: number, att: number): number | null => (att > 0 ? (100 * made) / att : null);

/** A column of the column registry (src/lib/tables/columnRegistry.ts): its header and definition. */
const registered = (id: string, key: ColumnKey, kind: BoxColumn['kind'], value: BoxValue): BoxColumn => ({
  id,
  label: REGISTRY[key].label,
  title: REGISTRY[key].definition,
  kind,
  value,
});

/** The columns after the player, in Basketball-Reference's order. */
export const BOX_COLUMNS: readonly BoxColumn[] = [
  { id: 'min', label: 'MIN', title: 'Minutes on court (m:ss).', kind: 'minutes', value: (l) => l.sec },
  { id: 'fg', label: 'FG', title: 'Field goals made-attempted.', kind: 'made-attempted', pair: ['fgm', 'fga'] },
  { id: 'fg_pct', label: 'FG%', title: 'Field-goal percentage.', kind: 'percent', value: (l) => pct(l.fgm, l.fga) },
  { id: 'fg3', label: '3P', title: 'Three-pointers made-attempted.', kind: 'made-attempted', pair: ['fg3m', 'fg3a'] },
  registered('fg3_pct', 'fg3_pct', 'percent', (l) => pct(l.fg3m, l.fg3a)),
  { id: 'ft', label: 'FT', title: 'Free throws made-attempted.', kind: 'made-attempted', pair: ['ftm', 'fta'] },
  registered('ft_pct', 'ft_pct', 'percent', (l) => pct(l.ftm, l.fta)),
  registered('orb', 'oreb', 'count', (l) => l.oreb),
  registered('drb', 'dreb', 'count', (l) => l.dreb),
  registered('trb', 'reb', 'count', (l) => l.oreb + l.dreb),
  registered('ast', 'ast', 'count', (l) => l.ast),
  registered('stl', 'stl', 'count', (l) => l.stl),
  registered('blk', 'blk', 'count', (l) => l.blk),
  registered('tov', 'tov', 'count', (l) => l.tov),
  registered('pf', 'pf', 'count', (l) => l.pf),
  registered('pts', 'pts', 'count', (l) => l.pts),
  registered('plus_minus', 'plus_minus', 'signed', (l) => l.plus_minus),
];

const MISSING = '–';
const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Seconds as m:ss ("36:05"). */
export function boxMinutes(seconds: number): string {
  const total = Math.round(Math.max(0, seconds));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** A cell's text: "7-15", "46.7" (an en dash without attempts), "+5" / "−3" / "0", "36:05". */
export function boxCell(c: BoxColumn, l: BoxTotals): string {
  if (c.pair) return `${l[c.pair[0]]}-${l[c.pair[1]]}`;
  const v = c.value!(l);
  if (v === null) return MISSING;
  switch (c.kind) {
    case 'minutes':
      return boxMinutes(v);
    case 'percent':
      return oneDecimal.format(v);
    case 'signed':
      return v > 0 ? `+${v}` : v < 0 ? `−${-v}` : '0';
    default:
      return String(v);
  }
}

/** A line from any record carrying the fields (game details players, GamePlayers rows); missing counters are 0. */
export function toBoxLine(record: object): BoxLine {
  const r = record as Record<string, unknown>;
  const line = { player_id: Number(r.player_id), name: String(r.name ?? r.player_id), starter: r.starter === true } as BoxLine;
  for (const k of COUNTERS) line[k] = Number(r[k] ?? 0) || 0;
  return line;
}

/** The sum of the lines, counter by counter. */
export function boxTotals(lines: readonly BoxTotals[]): BoxTotals {
  const t = Object.fromEntries(COUNTERS.map((k) => [k, 0])) as BoxTotals;
  for (const l of lines) for (const k of COUNTERS) t[k] += l[k];
  return t;
}

const byMinutes = (a: BoxLine, b: BoxLine) => b.sec - a.sec || b.pts - a.pts || a.player_id - b.player_id;

/** A team's table: starters by minutes, then the bench by minutes; the totals row sums them all. */
export function teamBox(
  side: 'away' | 'home',
  team: { team: string | null; abbr_then?: string | null; name: string | null },
  lines: readonly BoxLine[],
): TeamBox {
  const sorted = [...lines].sort(byMinutes);
  return {
    team: team.team,
    abbrThen: team.abbr_then ?? team.team,
    name: team.name,
    side,
    starters: sorted.filter((l) => l.starter),
    bench: sorted.filter((l) => !l.starter),
    totals: boxTotals(sorted),
  };
}

/** What the box score needs of game details (src/stores/gameDetails.ts, /api/game_details). */
export interface BoxGameSide {
  team: string | null;
  abbr_then: string | null;
  name: string | null;
  players?: readonly object[];
}

/**
 * The totals row's +/- is the team's margin (its PTS total minus the other's), not the sum of the players' +/-
 * (five times the margin).
 */
function withMargins(away: TeamBox, home: TeamBox): [TeamBox, TeamBox] {
  const margin = away.totals.pts - home.totals.pts;
  return [
    { ...away, totals: { ...away.totals, plus_minus: margin } },
    { ...home, totals: { ...home.totals, plus_minus: -margin } },
  ];
}

/** The whole game: both teams from game details, away first. */
export function wholeGameBox(game: { away: BoxGameSide; home: BoxGameSide }): [TeamBox, TeamBox] {
  return withMargins(
    teamBox(
      'away',
      game.away,
      (game.away.players ?? []).map((r) => toBoxLine(r)),
    ),
    teamBox(
      'home',
      game.home,
      (game.home.players ?? []).map((r) => toBoxLine(r)),
    ),
  );
}

/** The page's filters: both teams from the GamePlayers rows (each carries `team`, its current abbreviation). */
export function filteredBox(game: { away: BoxGameSide; home: BoxGameSide }, rows: readonly Record<string, unknown>[]): [TeamBox, TeamBox] {
  const of = (s: BoxGameSide) => rows.filter((r) => r.team === s.team).map((r) => toBoxLine(r));
  return withMargins(teamBox('away', game.away, of(game.away)), teamBox('home', game.home, of(game.home)));
}

const csvField = (v: string | number): string => {
  const s = String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/**
 * The box score as CSV: one line per player (team, starter flag, the shown columns with makes and attempts
 * apart) and a totals line per team. Percentages keep one decimal, minutes are m:ss, +/- a plain signed number.
 */
export function boxScoreCsv(teams: readonly TeamBox[]): string {
  const header = [
    'Team',
    'Player',
    'Player ID',
    'Starter',
    'MIN',
    'FGM',
    'FGA',
    'FG%',
    '3PM',
    '3PA',
    '3P%',
    'FTM',
    'FTA',
    'FT%',
    'ORB',
    'DRB',
    'TRB',
    'AST',
    'STL',
    'BLK',
    'TOV',
    'PF',
    'PTS',
    '+/-',
  ];
  const p = (made: number, att: number) => (att > 0 ? oneDecimal.format((100 * made) / att) : '');
  const cells = (l: BoxTotals) => [
    boxMinutes(l.sec),
    l.fgm,
    l.fga,
    p(l.fgm, l.fga),
    l.fg3m,
    l.fg3a,
    p(l.fg3m, l.fg3a),
    l.ftm,
    l.fta,
    p(l.ftm, l.fta),
    l.oreb,
    l.dreb,
    l.oreb + l.dreb,
    l.ast,
    l.stl,
    l.blk,
    l.tov,
    l.pf,
    l.pts,
    l.plus_minus,
  ];
  const lines = [header];
  for (const t of teams) {
    const abbr = t.abbrThen ?? t.team ?? '';
    for (const l of [...t.starters, ...t.bench]) lines.push([abbr, l.name, l.player_id, l.starter ? 'yes' : 'no', ...cells(l)] as string[]);
    lines.push([abbr, 'Team totals', '', '', ...cells(t.totals)] as string[]);
  }
  return `${lines.map((l) => l.map(csvField).join(',')).join('\r\n')}\r\n`;
}
