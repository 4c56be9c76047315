/**
 * The player profile's career tables (issue 26): his box score summed per season, shown per game, as totals,
 * per 36 minutes or per 100 possessions; regular season and playoffs in separate tables, each closed by a career
 * row labelled by the seasons it covers. Pure and isomorphic: the island (src/islands/CareerTables.tsx) shows
 * these values and the CSV (/api/player_career?format=csv) writes the same ones, rounded as they are shown.
 * The sums come from src/server/stats/career.ts.
 */
import { SEASON_TYPE_LABELS, seasonLabel } from './filters';
import { formatDiff, formatNumber, formatPercent, formatRate, MISSING } from './format';
import { searchString } from './queryState';
import { FIRST_PLAYOFF_SEASON } from './site';

/** His box score summed over a season or a career: player_games, every game, garbage time included. */
export interface CareerBox {
  /** games he played (on the floor at least once) */
  games: number;
  /** games he started */
  starts: number;
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
  /** his team's offensive possessions while he was on court (the denominator of PTS/100 and of the per-100 table) */
  poss: number;
}

/** The counters of CareerBox, in one list (sums of seasons into a career). */
export const CAREER_BOX_KEYS = [
  'games', 'starts', 'sec', 'fgm', 'fga', 'fg3m', 'fg3a', 'ftm', 'fta', 'oreb', 'dreb', 'ast', 'stl', 'blk', 'tov', 'pf', 'pts', 'plus_minus', 'poss',
] as const satisfies readonly (keyof CareerBox)[];

/** One line of a career table: a season, or the career (season_start null). */
export interface CareerLine extends CareerBox {
  /** '2019-20', or 'Career' on a total row */
  season: string;
  /** what the table's first cell says: the season, or the career row's label (careerTotalLabel) */
  label: string;
  season_start: number | null;
  season_type: 'regular' | 'playoffs';
  /** every team he played for that season (or in his career, on total rows), in order */
  teams: string[];
}

export const CAREER_MODES = [
  { value: 'per_game', label: 'Per game' },
  { value: 'totals', label: 'Totals' },
  { value: 'per_36', label: 'Per 36 min' },
  { value: 'per_100', label: 'Per 100 poss' },
] as const;
export type CareerMode = (typeof CAREER_MODES)[number]['value'];
export const DEFAULT_CAREER_MODE: CareerMode = 'per_game';
/** The page's query key of the mode (left out at the default). */
export const CAREER_MODE_KEY = 'career';

export const isCareerMode = (v: unknown): v is CareerMode => CAREER_MODES.some((m) => m.value === v);

/** The mode a query value asks for; anything else is the default (a page link never fails on it). */
export const parseCareerMode = (v: string | null | undefined): CareerMode => (isCareerMode(v) ? v : DEFAULT_CAREER_MODE);

/**
 * `params` (a view's query the stats app is about to write) with the career mode of the query it replaces:
 * the tables are outside the stats app, which would otherwise drop the key. Like the table's sort, the mode
 * never travels to other pages (src/lib/linkContext.ts keeps filters and side only).
 */
export function keepCareerMode(params: URLSearchParams, previousSearch: string): URLSearchParams {
  const mode = new URLSearchParams(previousSearch).get(CAREER_MODE_KEY);
  if (mode !== null && isCareerMode(mode) && mode !== DEFAULT_CAREER_MODE) params.set(CAREER_MODE_KEY, mode);
  return params;
}

/** The query string `search` with the mode set (left out at the default), for the island's history entry. */
export function searchWithCareerMode(search: string, mode: CareerMode): string {
  const params = new URLSearchParams(search);
  if (mode === DEFAULT_CAREER_MODE) params.delete(CAREER_MODE_KEY);
  else params.set(CAREER_MODE_KEY, mode);
  return searchString(params);
}

/**
 * What a column holds: `games` (G, GS) and `percent` (made / attempted) are never scaled; `minutes` is per game
 * in the per-game table and his total minutes in the others (per 36 and per 100 are rates of those minutes);
 * `count` is scaled by the mode.
 */
type ColumnKind = 'games' | 'minutes' | 'percent' | 'count';

export interface CareerColumn {
  key: string;
  label: string;
  /** the definition shown on the header (title) */
  title: string;
  kind: ColumnKind;
  /** the season's or career's total */
  total: (b: CareerBox) => number;
  /** percent columns: attempts */
  of?: (b: CareerBox) => number;
}

const count = (key: keyof CareerBox, label: string, title: string): CareerColumn => ({ key, label, title, kind: 'count', total: (b) => b[key] });
const percent = (key: string, label: string, title: string, made: keyof CareerBox, att: keyof CareerBox): CareerColumn => ({
  key,
  label,
  title,
  kind: 'percent',
  total: (b) => b[made],
  of: (b) => b[att],
});

/** The box-score columns, in the table's order. */
export const CAREER_COLUMNS: readonly CareerColumn[] = [
  { key: 'games', label: 'G', title: 'Games played (on the floor in the game).', kind: 'games', total: (b) => b.games },
  { key: 'starts', label: 'GS', title: 'Games started (on the floor at tip-off).', kind: 'games', total: (b) => b.starts },
  { key: 'min', label: 'MIN', title: 'Minutes played: per game in the per-game table, his total minutes in the others.', kind: 'minutes', total: (b) => b.sec },
  count('fgm', 'FGM', 'Field goals made.'),
  count('fga', 'FGA', 'Field goals attempted.'),
  percent('fg_pct', 'FG%', 'Field-goal percentage: FGM / FGA.', 'fgm', 'fga'),
  count('fg3m', '3PM', 'Three-pointers made.'),
  count('fg3a', '3PA', 'Three-pointers attempted.'),
  percent('fg3_pct', '3P%', 'Three-point percentage: 3PM / 3PA.', 'fg3m', 'fg3a'),
  count('ftm', 'FTM', 'Free throws made.'),
  count('fta', 'FTA', 'Free throws attempted.'),
  percent('ft_pct', 'FT%', 'Free-throw percentage: FTM / FTA.', 'ftm', 'fta'),
  count('oreb', 'ORB', 'Offensive rebounds.'),
  count('dreb', 'DRB', 'Defensive rebounds.'),
  { key: 'reb', label: 'TRB', title: 'Total rebounds: ORB + DRB.', kind: 'count', total: (b) => b.oreb + b.dreb },
  count('ast', 'AST', 'Assists.'),
  count('stl', 'STL', 'Steals.'),
  count('blk', 'BLK', 'Blocks.'),
  count('tov', 'TOV', 'Turnovers.'),
  count('pf', 'PF', 'Personal fouls.'),
  count('pts', 'PTS', 'Points.'),
  count('plus_minus', '+/-', "Plus/minus: his team's points minus the opponent's while he was on the floor."),
];

/** What the numbers of each mode are per (the tables' note and the CSV file name). */
export const CAREER_MODE_NOTES: Record<CareerMode, string> = {
  per_game: 'Per game: totals divided by games played (G).',
  totals: 'Totals: his box score summed over the season.',
  per_36: 'Per 36 minutes: totals x 36 minutes / his minutes played.',
  per_100:
    "Per 100 possessions: totals x 100 / his team's offensive possessions while he was on the floor (the denominator of PTS/100; his defensive possessions are nearly as many, typically within 1 %).",
};

const oneDecimal = (v: number) => Math.round(v * 10) / 10;

/** A column's value in a mode, rounded as the table shows it (null when its denominator is 0). */
export function careerValue(b: CareerBox, col: CareerColumn, mode: CareerMode): number | null {
  const total = col.total(b);
  switch (col.kind) {
    case 'games':
      return total;
    case 'percent': {
      const att = col.of!(b);
      return att === 0 ? null : oneDecimal((100 * total) / att);
    }
    case 'minutes':
      if (mode === 'per_game') return b.games === 0 ? null : oneDecimal(total / 60 / b.games);
      return Math.round(total / 60);
    case 'count': {
      const per = mode === 'totals' ? 1 : mode === 'per_game' ? b.games : mode === 'per_36' ? b.sec / (36 * 60) : b.poss / 100;
      if (per === 0) return null;
      return mode === 'totals' ? total : oneDecimal(total / per);
    }
  }
}

/** A value as the table shows it: counts "2,036", rates "27.1", percentages "56.5%", +/- signed ("+5.3"). */
export function formatCareerValue(v: number | null, col: CareerColumn, mode: CareerMode): string {
  if (v === null) return MISSING;
  if (col.kind === 'percent') return formatPercent(v);
  const whole = col.kind === 'games' || mode === 'totals' || (col.kind === 'minutes' && mode !== 'per_game');
  if (col.key === 'plus_minus') return formatDiff(v, whole ? 'number' : 'rate');
  return whole ? formatNumber(v) : formatRate(v);
}

/** "2019-20", or "2003-04 to 2022-23" for his first and last season in the list. */
function seasonSpan(seasons: readonly number[]): string {
  const first = Math.min(...seasons);
  const last = Math.max(...seasons);
  return first === last ? seasonLabel(first) : `${seasonLabel(first)} to ${seasonLabel(last)}`;
}

/**
 * A career row's label, by the seasons it covers: "Career (2003-04 to 2022-23)"; for playoffs
 * "Playoffs 2013-14 to 2022-23", followed by "(earlier playoffs are not in the data)" when he played a season
 * before the first one with playoff play-by-play (2013-14): his playoff totals then miss games he played.
 */
export function careerTotalLabel(type: CareerLine['season_type'], seasons: readonly number[], firstSeason: number): string {
  if (type === 'regular') return `Career (${seasonSpan(seasons)})`;
  return `Playoffs ${seasonSpan(seasons)}${missesEarlierPlayoffs(firstSeason) ? ' (earlier playoffs are not in the data)' : ''}`;
}

/** Whether a player whose first season in the data is `firstSeason` may have played playoffs the data lacks. */
export const missesEarlierPlayoffs = (firstSeason: number): boolean => firstSeason < FIRST_PLAYOFF_SEASON;

/** A career table as CSV cells: a header and one record per line (seasons, then the career row), values as shown. */
export function careerTableCells(lines: readonly CareerLine[], mode: CareerMode): { header: string[]; records: (string | number | null)[][] } {
  return {
    header: ['Season', 'Season type', 'Team', ...CAREER_COLUMNS.map((c) => c.label)],
    records: lines.map((l) => [
      l.label,
      SEASON_TYPE_LABELS[l.season_type],
      l.teams.join(', '),
      ...CAREER_COLUMNS.map((c) => careerValue(l, c, mode)),
    ]),
  };
}
