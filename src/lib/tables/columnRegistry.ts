/**
 * THE column registry: every number column the site shows, described once. Each key means one formula (METRICS.md):
 * where a player set and a team set once shared a key for two formulas, the one METRICS.md uses in its Team_/
 * Opponent_, on/off and league sections (the four factors) kept the key and the other got a key of its own, named
 * for what it is (e.g. `ft_rate` is FTM / FGA, `fta_rate` is FTA / FGA). /api/v1 still answers the old keys of
 * those player columns as aliases (V1_ALIASES).
 *
 * An entry:
 *   label       the column's header ("FT Rate")
 *   short       a narrower header where a set asks for short labels (PlayContext: "Halfcourt %"); default label
 *   definition  the tooltip: what it is, in a sentence, with its formula
 *   unit        rate (per 100 possessions or plays, one decimal), percent (0-100, one decimal), number (counts),
 *               seconds (shown as minutes), money (US dollars)
 *   better      which way is good: higher, lower, or style (describes how, not how well: no colour); an Opponent
 *               set swaps higher and lower (src/lib/tables/columnMeta.ts betterOf)
 *   formula     the formula in words, over the counters of the sample (the code: src/server/stats/metrics/formulas.ts,
 *               whose unit test fails for a key of a set without a value)
 *   guide       the guide (src/content/guides/{guide}.md) that names the column; null for columns of pages without
 *               a guide (the teams table's record and ratings)
 *
 * Then COLUMN_SETS lists each column set's keys in order (src/lib/tables/metricSets.ts says which page kinds offer them).
 * Adding a column: docs/how-to/add-a-metric-column.md.
 */
export const COLUMN_UNITS = ['rate', 'percent', 'number', 'seconds', 'money'] as const;
export type ColumnFormat = (typeof COLUMN_UNITS)[number];
export const BETTER_WAYS = ['higher', 'lower', 'style'] as const;
export type Better = (typeof BETTER_WAYS)[number];

export interface ColumnEntry {
  label: string;
  short?: string;
  definition: string;
  unit: ColumnFormat;
  better: Better;
  formula: string;
  guide: string | null;
  /**
   * A margin of error (the half-width of an interval, shown as "± x"): never ranked or coloured, and its on/off
   * "difference" is the margin of the difference, sqrt(on² + off²), not on minus off.
   */
  margin?: true;
  /** Describes one player's share of his team (Usage% is 100 % for a whole team): left out of rows that are whole teams. */
  playerOnly?: true;
  /** Reads the same on either side (the net rating: offense and defense together): an Opponent set does not swap its direction. */
  bothSides?: true;
}

const ZONES = [
  ['rim', 'Rim', 'at the rim (under 4 ft)', 'rim'],
  ['smid', 'Short Mid', 'short mid-range (4 ft to under 14 ft)', 'short mid-range'],
  ['lmid', 'Long Mid', 'long mid-range (two-pointers from 14 ft or more)', 'long mid-range'],
  ['mid', 'All Mid', 'mid-range (short + long)', 'short + long mid-range'],
  ['c3', 'Corner 3', 'corner threes', 'corner three'],
  ['nc3', 'Non-Corner 3', 'non-corner threes', 'non-corner three'],
  ['three', 'All 3', 'threes (corner + non-corner)', 'corner + non-corner three'],
] as const;
type ZoneKey = (typeof ZONES)[number][0];

/** The zone columns: each zone's share of the field-goal attempts and its FG%. */
function zoneEntries(): Record<`${ZoneKey}_freq` | `${ZoneKey}_acc`, ColumnEntry> {
  const out: Record<string, ColumnEntry> = {};
  for (const [z, label, what, zone] of ZONES) {
    out[`${z}_freq`] = {
      label,
      definition: `Share of the field-goal attempts ${what}.`,
      unit: 'percent',
      better: 'style',
      formula: `FGA (${zone}) / FGA`,
      guide: 'shooting-frequency',
    };
    out[`${z}_acc`] = {
      label,
      definition: `FG% on attempts ${what}.`,
      unit: 'percent',
      better: 'higher',
      formula: `FGM (${zone}) / FGA (${zone})`,
      guide: 'shooting-accuracy',
    };
  }
  return out as Record<`${ZoneKey}_freq` | `${ZoneKey}_acc`, ColumnEntry>;
}

const count = (label: string, definition: string, better: Better, formula: string, guide: string | null = 'box-score'): ColumnEntry => ({
  label,
  definition,
  unit: 'number',
  better,
  formula,
  guide,
});

export const REGISTRY = {
  // The box score's counts
  sec: {
    label: 'MIN',
    definition: 'Minutes played (the field holds seconds; whole minutes on season tables, minutes:seconds on game lines).',
    unit: 'seconds',
    better: 'style',
    formula: "seconds on court (a team: its five players' time, or the game's length on a game line)",
    guide: 'box-score',
  },
  pts: count('PTS', 'Points.', 'higher', 'PTS'),
  fgm: count('FGM', 'Field goals made.', 'higher', 'FGM'),
  fga: count('FGA', 'Field goals attempted.', 'style', 'FGA'),
  fg3m: count('3PM', 'Three-pointers made.', 'higher', '3PM'),
  fg3a: count('3PA', 'Three-pointers attempted.', 'style', '3PA'),
  ftm: count('FTM', 'Free throws made.', 'higher', 'FTM'),
  fta: count('FTA', 'Free throws attempted.', 'higher', 'FTA'),
  oreb: count('ORB', 'Offensive rebounds.', 'higher', 'OREB'),
  dreb: count('DRB', 'Defensive rebounds.', 'higher', 'DREB'),
  reb: count('TRB', 'Total rebounds: ORB + DRB.', 'higher', 'OREB + DREB'),
  ast: count('AST', 'Assists.', 'higher', 'AST'),
  stl: count('STL', 'Steals.', 'higher', 'STL'),
  blk: count('BLK', 'Blocks.', 'higher', 'BLK'),
  tov: count('TOV', 'Turnovers.', 'lower', "TOV (a team's line adds its team turnovers)"),
  pf: count('PF', 'Personal fouls.', 'lower', 'PF'),
  opp_pts: count('OPP', "The opponent's points.", 'lower', 'opponent PTS'),
  plus_minus: count('+/-', 'Points scored minus points allowed while on court.', 'higher', 'PTS - opponent PTS while on court'),

  // Offensive overview (a player's share of his team's offense)
  poss: {
    label: 'Poss',
    definition: "Offensive possessions in the sample (a player's: his team's while he is on court).",
    unit: 'number',
    better: 'style',
    formula: 'offensive possessions',
    guide: 'offensive-overview',
  },
  usage: {
    label: 'Usage%',
    definition: '(FGA + TOV + FT trips) / team plays while on court.',
    unit: 'percent',
    better: 'higher',
    formula: '(FGA + TOV + FT trips) / team plays while on court',
    guide: 'offensive-overview',
    playerOnly: true,
  },
  psa: {
    label: 'PSA',
    definition: 'Points per shot attempt: 100 x PTS / (FGA + FT trips).',
    unit: 'rate',
    better: 'higher',
    formula: '100 x PTS / (FGA + FT trips)',
    guide: 'offensive-overview',
  },
  ast_pct: {
    label: 'AST%',
    definition: "AST / teammates' field goals made while on court.",
    unit: 'percent',
    better: 'higher',
    formula: 'AST / (team FGM while on court - own FGM); a whole team: AST / FGM',
    guide: 'offensive-overview',
  },
  ast_usg: {
    label: 'AST:Usg',
    definition: 'AST% / Usage%.',
    unit: 'number',
    better: 'higher',
    formula: 'AST% / Usage%',
    guide: 'offensive-overview',
    playerOnly: true,
  },
  tov_play_pct: {
    label: 'TOV%',
    definition: 'Turnovers per play: TOV / (FGA + FT trips + TOV).',
    unit: 'percent',
    better: 'lower',
    formula: 'TOV / (FGA + FT trips + TOV)',
    guide: 'offensive-overview',
  },
  pts_per_100: {
    label: 'PTS/100',
    definition: 'Points per 100 team possessions on court.',
    unit: 'rate',
    better: 'higher',
    formula: '100 x PTS / team offensive possessions while on court',
    guide: 'offensive-overview',
  },

  // Shooting
  efg_pct: {
    label: 'eFG%',
    definition: 'Effective FG%: (FGM + 0.5 x 3PM) / FGA.',
    unit: 'percent',
    better: 'higher',
    formula: '(FGM + 0.5 x 3PM) / FGA',
    guide: 'shooting-overall',
  },
  fg2_pct: { label: '2P%', definition: 'Two-point FG%.', unit: 'percent', better: 'higher', formula: '2PM / 2PA', guide: 'shooting-overall' },
  fg3_pct: { label: '3P%', definition: 'Three-point FG%.', unit: 'percent', better: 'higher', formula: '3PM / 3PA', guide: 'shooting-overall' },
  ft_pct: { label: 'FT%', definition: 'Free-throw percentage.', unit: 'percent', better: 'higher', formula: 'FTM / FTA', guide: 'shooting-overall' },
  astd_rim: {
    label: "AST'd Rim",
    definition: 'Share of makes at the rim that were assisted.',
    unit: 'percent',
    better: 'style',
    formula: 'assisted FGM (rim) / FGM (rim)',
    guide: 'shooting-overall',
  },
  astd_mid: {
    label: "AST'd Mid",
    definition: 'Share of mid-range makes that were assisted.',
    unit: 'percent',
    better: 'style',
    formula: 'assisted FGM (mid-range) / FGM (mid-range)',
    guide: 'shooting-overall',
  },
  astd_three: {
    label: "AST'd 3",
    definition: 'Share of made threes that were assisted.',
    unit: 'percent',
    better: 'style',
    formula: 'assisted 3PM / 3PM',
    guide: 'shooting-overall',
  },
  ...zoneEntries(),

  // Foul drawing
  sfld_pct: {
    label: 'SFLD%',
    definition: 'Shooting fouls drawn / (FGA + shooting fouls drawn without an FGA).',
    unit: 'percent',
    better: 'higher',
    formula: 'shooting fouls drawn / (FGA + shooting fouls drawn - and-ones)',
    guide: 'foul-drawing',
  },
  ffld_pct: {
    label: 'FFLD%',
    definition: 'Non-shooting fouls drawn / his plays (FGA + FT trips + TOV).',
    unit: 'percent',
    better: 'higher',
    formula: 'non-shooting fouls drawn / (FGA + FT trips + TOV)',
    guide: 'foul-drawing',
  },
  and1_pct: { label: 'And1%', definition: 'And-ones / FGM.', unit: 'percent', better: 'higher', formula: 'and-ones / FGM', guide: 'foul-drawing' },
  fta_rate: {
    label: 'FTA Rate',
    definition: 'Free-throw attempt rate: FTA / FGA.',
    unit: 'percent',
    better: 'higher',
    formula: 'FTA / FGA',
    guide: 'foul-drawing',
  },

  // Defense and rebounding
  blk_pct: {
    label: 'BLK%',
    definition: 'Blocks / opponent two-point attempts while on court.',
    unit: 'percent',
    better: 'higher',
    formula: 'BLK / opponent 2PA while on court',
    guide: 'defense-and-rebounding',
  },
  stl_pct: {
    label: 'STL%',
    definition: 'Steals / opponent possessions while on court.',
    unit: 'percent',
    better: 'higher',
    formula: 'STL / opponent possessions while on court',
    guide: 'defense-and-rebounding',
  },
  pf_per_100: {
    label: 'PF/100',
    definition: 'Personal fouls per 100 defensive possessions on court.',
    unit: 'rate',
    better: 'lower',
    formula: '100 x PF / defensive possessions while on court',
    guide: 'defense-and-rebounding',
  },
  orb_pct: {
    label: 'ORB%',
    definition: "Offensive rebound rate: OREB / (the team's OREB + the opponents' DREB) on its possessions (a player's: while on court).",
    unit: 'percent',
    better: 'higher',
    formula: "OREB / (team OREB + opponent DREB), players' rebounds as in the box score",
    guide: 'team-efficiency-four-factors',
  },
  drb_pct: {
    label: 'DRB%',
    definition: "Defensive rebound rate: DREB / (the team's DREB + the opponents' OREB) on their possessions (a player's: while on court).",
    unit: 'percent',
    better: 'higher',
    formula: "DREB / (team DREB + opponent OREB), players' rebounds as in the box score",
    guide: 'defense-and-rebounding',
  },

  // Team efficiency and the four factors (METRICS.md "Team_ and Opponent_ groups")
  tov_pct: {
    label: 'TOV%',
    definition: 'Turnovers per possession: TOV / possessions.',
    unit: 'percent',
    better: 'lower',
    formula: 'TOV / possessions',
    guide: 'team-efficiency-four-factors',
  },
  ft_rate: {
    label: 'FT Rate',
    definition: 'Free-throw rate: FTM / FGA.',
    unit: 'percent',
    better: 'higher',
    formula: 'FTM / FGA',
    guide: 'team-efficiency-four-factors',
  },
  pts_per_poss: {
    label: 'Pts/Poss',
    definition: 'Points per 100 possessions.',
    unit: 'rate',
    better: 'higher',
    formula: '100 x PTS / possessions',
    guide: 'team-efficiency-four-factors',
  },

  // Net rating and its sample (lineup and on/off tables: the same on either side, offense and defense together)
  net_poss: {
    label: 'Net Poss',
    definition: 'Possessions behind the net rating: offensive plus defensive possessions.',
    unit: 'number',
    better: 'style',
    formula: 'offensive possessions + defensive possessions',
    guide: 'team-efficiency-four-factors',
    bothSides: true,
  },
  net_rtg: {
    label: 'Net',
    definition: 'Net rating: points scored minus points allowed, each per 100 of its possessions (offense and defense).',
    unit: 'rate',
    better: 'higher',
    formula: '100 x PTS / offensive possessions - 100 x opponent PTS / defensive possessions',
    guide: 'team-efficiency-four-factors',
    bothSides: true,
  },
  net_rtg_adj: {
    label: 'Luck-Adj Net',
    definition:
      "Net rating with both sides' three-point and free-throw percentages replaced by the league's in the same seasons: points - 3 x 3PM - FTM + 3 x 3PA x league 3P% + FTA x league FT%, for and against.",
    unit: 'rate',
    better: 'higher',
    formula: 'net rating of PTS - 3 x 3PM - FTM + 3 x 3PA x league 3P% + FTA x league FT%, both sides',
    guide: 'team-efficiency-four-factors',
    bothSides: true,
  },
  net_rtg_margin: {
    label: '± 95%',
    definition:
      'Margin of error of the net rating (approximate 95 % interval: net ± this): 1.96 x 1.15 x 100 x sqrt(1 / offensive poss + 1 / defensive poss), 1.15 being the spread of points per possession.',
    unit: 'rate',
    better: 'style',
    formula: '1.96 x 1.15 x 100 x sqrt(1 / offensive possessions + 1 / defensive possessions)',
    guide: 'team-efficiency-four-factors',
    margin: true,
    bothSides: true,
  },

  // Play context
  hc_play_pct: {
    label: 'Halfcourt Plays %',
    short: 'Halfcourt %',
    definition: 'Share of plays that were halfcourt plays (neither transition nor putback).',
    unit: 'percent',
    better: 'style',
    formula: 'halfcourt plays / plays',
    guide: 'context-halfcourt-putbacks',
  },
  hc_pts_per_play: {
    label: 'Pts/Halfcourt Play',
    definition: 'Points per 100 halfcourt plays.',
    unit: 'rate',
    better: 'higher',
    formula: '100 x halfcourt PTS / halfcourt plays',
    guide: 'context-halfcourt-putbacks',
  },
  pb_play_pct: {
    label: 'Putback Plays %',
    short: 'Putback %',
    definition: 'Share of plays that were putbacks (started by an offensive rebound, ending within 4 s).',
    unit: 'percent',
    better: 'style',
    formula: 'putback plays / plays',
    guide: 'context-halfcourt-putbacks',
  },
  pb_pts_per_play: {
    label: 'Pts/Putback',
    definition: 'Points per 100 putback plays.',
    unit: 'rate',
    better: 'higher',
    formula: '100 x putback PTS / putback plays',
    guide: 'context-halfcourt-putbacks',
  },
  tr_freq: {
    label: 'Transition %',
    definition: 'Share of possessions with a transition play (live-ball start, play ends within 8 s).',
    unit: 'percent',
    better: 'style',
    formula: 'transition plays / possessions',
    guide: 'context-transition',
  },
  tr_pts_per_play: {
    label: 'Pts/Transition Play',
    definition: 'Points per 100 transition plays.',
    unit: 'rate',
    better: 'higher',
    formula: '100 x transition PTS / transition plays',
    guide: 'context-transition',
  },
  tr_pts_added: {
    label: 'Pts Added',
    definition:
      'Points added per 100 possessions by transition: (pts per transition play - league pts per halfcourt play) x transition plays / possessions x 100.',
    unit: 'rate',
    better: 'higher',
    formula: '(transition PTS / transition plays - league halfcourt PTS / halfcourt plays) x transition plays / possessions x 100',
    guide: 'context-transition',
  },
  tr_off_steal_pct: {
    label: 'Off Steals %',
    definition: 'Share of transition plays that started with a steal.',
    unit: 'percent',
    better: 'style',
    formula: 'transition plays after a steal / transition plays',
    guide: 'context-transition',
  },
  tr_off_dreb_pct: {
    label: 'Off Live Rebounds %',
    definition: 'Share of transition plays that started with a defensive rebound (live ball).',
    unit: 'percent',
    better: 'style',
    formula: 'transition plays after a defensive rebound / transition plays',
    guide: 'context-transition',
  },

  // League summary
  games: count('Games', 'Games in the sample.', 'style', 'games', 'league-summary'),
  pace: {
    label: 'Pace',
    definition: 'Possessions per team per 48 minutes.',
    unit: 'rate',
    better: 'style',
    formula: '(possessions / 2) / (seconds played / 2880)',
    guide: 'league-summary',
  },
  home_win_pct: {
    label: 'Home Win%',
    definition: 'Share of games the home team won.',
    unit: 'percent',
    better: 'style',
    formula: 'home wins / games',
    guide: 'league-summary',
  },

  // Salaries
  salary: {
    label: 'Salary',
    definition: 'Salary for the season in US dollars (as published; 2003-04 to 2019-20).',
    unit: 'money',
    better: 'style',
    formula: 'salary as published',
    guide: 'salaries',
  },

  // The teams table's record and ratings (its overview; src/lib/tables/teamsTable.ts)
  wins: count('W', 'Games won in the sample.', 'higher', 'wins', null),
  losses: count('L', 'Games lost in the sample.', 'lower', 'losses', null),
  win_pct: { label: 'Win%', definition: 'Share of games won.', unit: 'percent', better: 'higher', formula: 'wins / games', guide: null },
  ortg: {
    label: 'ORtg',
    definition: 'Offensive rating: points scored per 100 possessions.',
    unit: 'rate',
    better: 'higher',
    formula: '100 x PTS / offensive possessions',
    guide: null,
  },
  drtg: {
    label: 'DRtg',
    definition: 'Defensive rating: points allowed per 100 opponent possessions.',
    unit: 'rate',
    better: 'lower',
    formula: '100 x opponent PTS / defensive possessions',
    guide: null,
  },
  net: { label: 'Net', definition: 'Net rating: ORtg minus DRtg.', unit: 'rate', better: 'higher', formula: 'ORtg - DRtg', guide: null },
} as const satisfies Record<string, ColumnEntry>;

export type ColumnKey = keyof typeof REGISTRY;

/** The entry of a key. */
export const entryOf = (key: ColumnKey): ColumnEntry => REGISTRY[key];

/** The keys whose entry carries this mark (`playerOnly`, `bothSides`...). */
export const keysWith = (mark: 'margin' | 'playerOnly' | 'bothSides'): ReadonlySet<string> =>
  new Set(Object.entries(REGISTRY).flatMap(([k, e]) => ((e as ColumnEntry)[mark] ? [k] : [])));

/** A set's column list: keys in order; `labels: 'short'` shows each column's short label. */
export interface ColumnSetSpec {
  keys: readonly ColumnKey[];
  labels?: 'short';
}

const ZONE_KEYS = ZONES.map(([z]) => z);
const FREQUENCY = ZONE_KEYS.map((z) => `${z}_freq` as const);
const ACCURACY = ZONE_KEYS.map((z) => `${z}_acc` as const);
const FOUR_FACTORS = ['poss', 'pts_per_poss', 'efg_pct', 'tov_pct', 'orb_pct', 'ft_rate'] as const satisfies readonly ColumnKey[];
const HALFCOURT_PUTBACKS = ['hc_play_pct', 'hc_pts_per_play', 'pb_play_pct', 'pb_pts_per_play'] as const satisfies readonly ColumnKey[];
const TRANSITION = ['tr_freq', 'tr_pts_per_play', 'tr_pts_added', 'tr_off_steal_pct', 'tr_off_dreb_pct'] as const satisfies readonly ColumnKey[];
const SHOOTING_TOTALS = ['sec', 'fgm', 'fga', 'fg3m', 'fg3a', 'ftm', 'fta', 'pts', 'plus_minus'] as const satisfies readonly ColumnKey[];
/**
 * A game log's box-score line: his (or the team's) counts in the game under the page's filters (a Q4 filter gives
 * the Q4 line). Rebounds are players' rebounds: team rebounds are in no player's line, as in the official box.
 */
const BOX_SCORE = [
  'sec',
  'pts',
  'fgm',
  'fga',
  'fg3m',
  'fg3a',
  'ftm',
  'fta',
  'oreb',
  'dreb',
  'reb',
  'ast',
  'stl',
  'blk',
  'tov',
  'pf',
  'plus_minus',
] as const satisfies readonly ColumnKey[];

/** The column sets of METRICS.md, each a list of registry keys. */
export const COLUMN_SETS = {
  BoxScore: { keys: BOX_SCORE },
  // A team's line: its players summed, and the points it allowed (its +/- is then its margin).
  TeamBoxScore: { keys: [...BOX_SCORE.slice(0, 2), 'opp_pts', ...BOX_SCORE.slice(2)] },
  OffensiveOverview: { keys: ['sec', 'poss', 'usage', 'psa', 'ast_pct', 'ast_usg', 'tov_play_pct', 'pts_per_100'] },
  ShootingOverall: { keys: ['efg_pct', 'fg2_pct', 'fg3_pct', 'ft_pct', 'astd_rim', 'astd_mid', 'astd_three'] },
  ShootingFrequency: { keys: FREQUENCY },
  ShootingAccuracy: { keys: ACCURACY },
  FoulDrawing: { keys: ['sfld_pct', 'ffld_pct', 'and1_pct', 'fta_rate', 'ft_pct'] },
  DefenseAndRebounding: { keys: ['blk_pct', 'stl_pct', 'pf_per_100', 'orb_pct', 'drb_pct'] },
  ShootingTotals: { keys: SHOOTING_TOTALS },
  ContextStatsHalfCourtPutbacks: { keys: HALFCOURT_PUTBACKS },
  ContextStatsTransition: { keys: TRANSITION },
  FourFactors: { keys: FOUR_FACTORS },
  // The net rating first, beside the possessions: the number lineup and on/off tables are read for.
  NetFourFactors: { keys: [FOUR_FACTORS[0], 'net_poss', 'net_rtg', 'net_rtg_adj', 'net_rtg_margin', ...FOUR_FACTORS.slice(1)] },
  TeamShootingFrequency: { keys: FREQUENCY },
  TeamShootingAccuracy: { keys: ACCURACY },
  TeamShootingTotals: { keys: SHOOTING_TOTALS },
  TeamHalfCourtPutbacks: { keys: HALFCOURT_PUTBACKS },
  TeamTransition: { keys: TRANSITION },
  Summary: { keys: ['games', 'pace', 'pts_per_poss', 'efg_pct', 'tov_pct', 'orb_pct', 'ft_rate', 'home_win_pct'] },
  LeagueFourFactors: { keys: FOUR_FACTORS.slice(1) },
  LeagueShooting: { keys: [...FREQUENCY, ...ACCURACY] },
  PlayContext: { keys: ['hc_play_pct', 'hc_pts_per_play', 'tr_freq', 'tr_pts_per_play', 'pb_play_pct', 'pb_pts_per_play'], labels: 'short' },
  Salaries: { keys: ['salary'] },
} as const satisfies Record<string, ColumnSetSpec>;

export type ColumnSetName = keyof typeof COLUMN_SETS;

/**
 * The opponents' side of a column, as the teams table and the game preview show it beside the team's own
 * (`opp_efg_pct`: "Opp eFG%"): which way is good swaps.
 */
export function opponentEntry(key: ColumnKey): ColumnEntry & { key: `opp_${ColumnKey}` } {
  const e = REGISTRY[key] as ColumnEntry;
  const better: Better = e.better === 'higher' ? 'lower' : e.better === 'lower' ? 'higher' : 'style';
  return {
    ...e,
    key: `opp_${key}`,
    label: `Opp ${e.label}`,
    definition: `The opponents' ${e.definition.charAt(0).toLowerCase()}${e.definition.slice(1)}`,
    better,
  };
}

/**
 * Keys renamed when one key meant two formulas (a player set's TOV% per play and FT rate of attempts beside the
 * four factors' TOV% per possession and FT rate of makes). The site and /api/data use the new keys only; /api/v1
 * only grows, so its rows of these sets still carry the old key with the same value (and `{old}_pct` beside
 * `{new}_pct`), documented as aliases in docs/reference/http-api.md.
 */
export const V1_ALIASES: Readonly<Partial<Record<ColumnSetName, Readonly<Record<string, ColumnKey>>>>> = {
  OffensiveOverview: { tov_pct: 'tov_play_pct' },
  FoulDrawing: { ft_rate: 'fta_rate' },
};

/** The aliases of a column set (old key -> new key), none for most. */
export const aliasesOf = (set: string): Readonly<Record<string, ColumnKey>> => V1_ALIASES[set as ColumnSetName] ?? {};
