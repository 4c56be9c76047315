/**
 * The player profile's career tables: his box score summed per season, shown per game, as totals,
 * per 36 minutes or per 100 possessions; regular season and playoffs in separate tables, each closed by a career
 * row labelled by the seasons it covers. Pure and isomorphic: the island (src/islands/CareerTables.tsx) shows
 * these values and the CSV (/api/player_career?format=csv) writes the same ones, rounded as they are shown.
 * The sums come from src/server/stats/views/career.ts.
 */
import { SEASON_TYPE_LABELS, seasonLabel } from '../filters/filterDefinitions';
import { BOX_COLUMNS, type BoxColumn, type BoxTotals } from '../game/boxScore';
import { formatDiff, formatNumber, formatRate, MISSING } from '../tables/format';
import { searchString } from '../params/queryState';
import { FIRST_PLAYOFF_SEASON } from '../site/site';

/**
 * His box score summed over a season or a career: player_games, every game, garbage time included. The counts are
 * a game's totals row's (BoxTotals: seconds, makes and attempts, +/-).
 */
export interface CareerBox extends BoxTotals {
  /** games he played (on the floor at least once) */
  games: number;
  /** games he started */
  starts: number;
  /** his team's offensive possessions while he was on court (the denominator of PTS/100 and of the per-100 table) */
  poss: number;
}

/** The counters of CareerBox, in one list (sums of seasons into a career). */
export const CAREER_BOX_KEYS = [
  'games',
  'starts',
  'sec',
  'fgm',
  'fga',
  'fg3m',
  'fg3a',
  'ftm',
  'fta',
  'oreb',
  'dreb',
  'ast',
  'stl',
  'blk',
  'tov',
  'pf',
  'pts',
  'plus_minus',
  'poss',
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
  /** his age that season (whole years late in the regular season, as the league's player bios give it); null on total rows and when unknown */
  age: number | null;
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
 * never travels to other pages (src/lib/filters/linkContext.ts keeps filters and side only).
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
 * What a column holds: `games` (G, GS) and `percent` are never scaled (a percentage is of the season's or
 * career's totals); `minutes` is per game in the per-game table and his total minutes in the others (per 36 and
 * per 100 are rates of those minutes); `count` and `signed` (+/-) are scaled by the mode.
 */
type ColumnKind = 'games' | 'minutes' | 'percent' | 'count' | 'signed';

export interface CareerColumn {
  key: string;
  label: string;
  /** the definition shown on the header (title) */
  title: string;
  kind: ColumnKind;
  /** the season's or career's total (percent columns: the percentage, null without attempts) */
  total: (b: CareerBox) => number | null;
}

/** A game box-score column as career columns: makes and attempts apart (a per-game "10.1-17.8" reads badly). */
function fromBoxColumn(c: BoxColumn): CareerColumn[] {
  if (c.pair) {
    const [made, attempted] = c.pair;
    return [
      { key: made, label: `${c.label}M`, title: c.title.replace('made-attempted', 'made'), kind: 'count', total: (b) => b[made] },
      { key: attempted, label: `${c.label}A`, title: c.title.replace('made-attempted', 'attempted'), kind: 'count', total: (b) => b[attempted] },
    ];
  }
  const value = c.value!;
  if (c.kind === 'minutes') {
    return [
      { key: c.id, label: c.label, title: 'Minutes played: per game in the per-game table, his total minutes in the others.', kind: 'minutes', total: value },
    ];
  }
  return [{ key: c.id, label: c.label, title: c.title, kind: c.kind === 'made-attempted' ? 'count' : c.kind, total: value }];
}

/** The columns: G and GS, then the game box score's (src/lib/game/boxScore.ts: order, labels, definitions). */
export const CAREER_COLUMNS: readonly CareerColumn[] = [
  { key: 'games', label: 'G', title: 'Games played (on the floor in the game).', kind: 'games', total: (b) => b.games },
  { key: 'starts', label: 'GS', title: 'Games started (on the floor at tip-off).', kind: 'games', total: (b) => b.starts },
  ...BOX_COLUMNS.flatMap(fromBoxColumn),
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
  if (total === null) return null;
  switch (col.kind) {
    case 'games':
      return total;
    case 'percent':
      return oneDecimal(total);
    case 'minutes':
      if (mode === 'per_game') return b.games === 0 ? null : oneDecimal(total / 60 / b.games);
      return Math.round(total / 60);
    case 'count':
    case 'signed': {
      if (mode === 'totals') return total;
      const per = mode === 'per_game' ? b.games : mode === 'per_36' ? b.sec / (36 * 60) : b.poss / 100;
      return per === 0 ? null : oneDecimal(total / per);
    }
  }
}

/** A value as the table shows it: counts "2,036", rates and percentages one decimal ("27.1", "56.5"), +/- signed ("+5.3"). */
export function formatCareerValue(v: number | null, col: CareerColumn, mode: CareerMode): string {
  if (v === null) return MISSING;
  const whole = col.kind === 'games' || (col.kind !== 'percent' && mode === 'totals') || (col.kind === 'minutes' && mode !== 'per_game');
  if (col.kind === 'signed') return formatDiff(v, whole ? 'number' : 'rate');
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
    header: ['Season', 'Season type', 'Age', 'Team', ...CAREER_COLUMNS.map((c) => c.label)],
    records: lines.map((l) => [l.label, SEASON_TYPE_LABELS[l.season_type], l.age, l.teams.join(', '), ...CAREER_COLUMNS.map((c) => careerValue(l, c, mode))]),
  };
}
