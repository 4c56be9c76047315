/**
 * The columns of every metric set (METRICS.md), with the definition shown in each column's tooltip.
 * Formats: rate (per 100 possessions or per play, one decimal), percent (0-100, one decimal), number (counts),
 * seconds (minutes shown as m:ss from seconds), money (US dollars).
 * The server computes each column in src/server/stats/metrics/formulas.ts (a unit test checks every key has a formula).
 */
export type ColumnFormat = 'rate' | 'percent' | 'number' | 'seconds' | 'money';

export interface MetricColumn {
  key: string;
  label: string;
  format: ColumnFormat;
  /** tooltip */
  definition: string;
  /**
   * A margin of error (the half-width of an interval, shown as "± x"): never ranked or coloured, and its on/off
   * "difference" is the margin of the difference, sqrt(on² + off²), not on minus off.
   */
  margin?: boolean;
}

const col = (key: string, label: string, format: ColumnFormat, definition: string): MetricColumn => ({ key, label, format, definition });

const ZONES = [
  ['rim', 'Rim', 'at the rim (under 4 ft)'],
  ['smid', 'Short Mid', 'short mid-range (4 ft to under 14 ft)'],
  ['lmid', 'Long Mid', 'long mid-range (two-pointers from 14 ft or more)'],
  ['mid', 'All Mid', 'mid-range (short + long)'],
  ['c3', 'Corner 3', 'corner threes'],
  ['nc3', 'Non-Corner 3', 'non-corner threes'],
  ['three', 'All 3', 'threes (corner + non-corner)'],
] as const;

const frequencyColumns = (whose: string) =>
  ZONES.map(([z, label, what]) => col(`${z}_freq`, label, 'percent', `Share of ${whose} field-goal attempts ${what}.`));
const accuracyColumns = (whose: string) =>
  ZONES.map(([z, label, what]) => col(`${z}_acc`, label, 'percent', `${whose} FG% on attempts ${what}.`));

const fourFactors = [
  col('poss', 'Poss', 'number', 'Possessions in the sample.'),
  col('pts_per_poss', 'Pts/Poss', 'rate', 'Points per 100 possessions.'),
  col('efg_pct', 'eFG%', 'percent', 'Effective FG%: (FGM + 0.5 x 3PM) / FGA.'),
  col('tov_pct', 'TOV%', 'percent', 'Turnovers per possession: TOV / possessions.'),
  col('orb_pct', 'ORB%', 'percent', 'Offensive rebound rate: OREB / (OREB + opponent DREB).'),
  col('ft_rate', 'FT Rate', 'percent', 'Free-throw rate: FTM / FGA.'),
];

/**
 * The net rating of a lineup or of a player on and off, with its sample (src/content/guides/lineups.md
 * "How much to trust a lineup"): the same on either side, since it takes the offense's and the defense's
 * possessions together.
 */
const netRating = [
  col('net_poss', 'Net Poss', 'number', 'Possessions behind the net rating: offensive plus defensive possessions.'),
  col('net_rtg', 'Net', 'rate', 'Net rating: points scored minus points allowed, each per 100 of its possessions (offense and defense).'),
  col(
    'net_rtg_adj',
    'Luck-Adj Net',
    'rate',
    "Net rating with both sides' three-point and free-throw percentages replaced by the league's in the same seasons: points - 3 x 3PM - FTM + 3 x 3PA x league 3P% + FTA x league FT%, for and against.",
  ),
  {
    ...col('net_rtg_margin', '± 95%', 'rate', 'Margin of error of the net rating (approximate 95 % interval: net ± this): 1.96 x 1.15 x 100 x sqrt(1 / offensive poss + 1 / defensive poss), 1.15 being the spread of points per possession.'),
    margin: true,
  },
];

const halfcourtPutbacks = [
  col('hc_play_pct', 'Halfcourt Plays %', 'percent', 'Share of plays that were halfcourt plays (neither transition nor putback).'),
  col('hc_pts_per_play', 'Pts/Halfcourt Play', 'rate', 'Points per 100 halfcourt plays.'),
  col('pb_play_pct', 'Putback Plays %', 'percent', 'Share of plays that were putbacks (started by an offensive rebound, ending within 4 s).'),
  col('pb_pts_per_play', 'Pts/Putback', 'rate', 'Points per 100 putback plays.'),
];

const transition = [
  col('tr_freq', 'Transition %', 'percent', 'Share of possessions with a transition play (live-ball start, play ends within 8 s).'),
  col('tr_pts_per_play', 'Pts/Transition Play', 'rate', 'Points per 100 transition plays.'),
  col('tr_pts_added', 'Pts Added', 'rate', 'Points added per 100 possessions by transition: (pts per transition play - league pts per halfcourt play) x transition plays / possessions x 100.'),
  col('tr_off_steal_pct', 'Off Steals %', 'percent', 'Share of transition plays that started with a steal.'),
  col('tr_off_dreb_pct', 'Off Live Rebounds %', 'percent', 'Share of transition plays that started with a defensive rebound (live ball).'),
];

/** The counting columns a box score prints, each defined once (the shooting totals and the box-score line read them). */
const BOX = {
  sec: col('sec', 'MIN', 'seconds', 'Minutes played (the field holds seconds; whole minutes on season tables, minutes:seconds on game lines).'),
  pts: col('pts', 'PTS', 'number', 'Points.'),
  fgm: col('fgm', 'FGM', 'number', 'Field goals made.'),
  fga: col('fga', 'FGA', 'number', 'Field goals attempted.'),
  fg3m: col('fg3m', '3PM', 'number', 'Three-pointers made.'),
  fg3a: col('fg3a', '3PA', 'number', 'Three-pointers attempted.'),
  ftm: col('ftm', 'FTM', 'number', 'Free throws made.'),
  fta: col('fta', 'FTA', 'number', 'Free throws attempted.'),
  plus_minus: col('plus_minus', '+/-', 'number', 'Points scored minus points allowed while on court.'),
};

const shootingTotals = [BOX.sec, BOX.fgm, BOX.fga, BOX.fg3m, BOX.fg3a, BOX.ftm, BOX.fta, BOX.pts, BOX.plus_minus];

/**
 * A game log's box-score line: his (or the team's) counts in the game under the page's filters (a Q4 filter gives
 * the Q4 line). Rebounds are players' rebounds: team rebounds are in no player's line, as in the official box.
 */
const boxScoreLine = [
  BOX.sec,
  BOX.pts,
  BOX.fgm,
  BOX.fga,
  BOX.fg3m,
  BOX.fg3a,
  BOX.ftm,
  BOX.fta,
  col('oreb', 'ORB', 'number', 'Offensive rebounds.'),
  col('dreb', 'DRB', 'number', 'Defensive rebounds.'),
  col('reb', 'TRB', 'number', 'Total rebounds: ORB + DRB.'),
  col('ast', 'AST', 'number', 'Assists.'),
  col('stl', 'STL', 'number', 'Steals.'),
  col('blk', 'BLK', 'number', 'Blocks.'),
  col('tov', 'TOV', 'number', 'Turnovers.'),
  col('pf', 'PF', 'number', 'Personal fouls.'),
  BOX.plus_minus,
];

export const COLUMNS = {
  BoxScore: boxScoreLine,
  // A team's line: its players summed, and the points it allowed (its +/- is then its margin).
  TeamBoxScore: [...boxScoreLine.slice(0, 2), col('opp_pts', 'OPP', 'number', "The opponent's points."), ...boxScoreLine.slice(2)],
  OffensiveOverview: [
    col('sec', 'MIN', 'seconds', 'Minutes played (the field holds seconds; whole minutes on season tables, minutes:seconds on game lines).'),
    col('poss', 'Poss', 'number', "Team offensive possessions while on court."),
    col('usage', 'Usage%', 'percent', '(FGA + TOV + FT trips) / team plays while on court.'),
    col('psa', 'PSA', 'rate', 'Points per shot attempt: 100 x PTS / (FGA + FT trips).'),
    col('ast_pct', 'AST%', 'percent', "AST / teammates' field goals made while on court."),
    col('ast_usg', 'AST:Usg', 'number', 'AST% / Usage%.'),
    col('tov_pct', 'TOV%', 'percent', 'TOV / (FGA + FT trips + TOV).'),
    col('pts_per_100', 'PTS/100', 'rate', 'Points per 100 team possessions on court.'),
  ],
  ShootingOverall: [
    col('efg_pct', 'eFG%', 'percent', 'Effective FG%: (FGM + 0.5 x 3PM) / FGA.'),
    col('fg2_pct', '2P%', 'percent', 'Two-point FG%.'),
    col('fg3_pct', '3P%', 'percent', 'Three-point FG%.'),
    col('ft_pct', 'FT%', 'percent', 'Free-throw percentage.'),
    col('astd_rim', "AST'd Rim", 'percent', 'Share of makes at the rim that were assisted.'),
    col('astd_mid', "AST'd Mid", 'percent', 'Share of mid-range makes that were assisted.'),
    col('astd_three', "AST'd 3", 'percent', 'Share of made threes that were assisted.'),
  ],
  ShootingFrequency: frequencyColumns('his'),
  ShootingAccuracy: accuracyColumns('His'),
  FoulDrawing: [
    col('sfld_pct', 'SFLD%', 'percent', 'Shooting fouls drawn / (FGA + shooting fouls drawn without an FGA).'),
    col('ffld_pct', 'FFLD%', 'percent', 'Non-shooting fouls drawn / his plays (FGA + FT trips + TOV).'),
    col('and1_pct', 'And1%', 'percent', 'And-ones / FGM.'),
    col('ft_rate', 'FT Rate', 'percent', 'FTA / FGA.'),
    col('ft_pct', 'FT%', 'percent', 'Free-throw percentage.'),
  ],
  DefenseAndRebounding: [
    col('blk_pct', 'BLK%', 'percent', 'Blocks / opponent two-point attempts while on court.'),
    col('stl_pct', 'STL%', 'percent', 'Steals / opponent possessions while on court.'),
    col('pf_per_100', 'PF/100', 'rate', 'Personal fouls per 100 defensive possessions on court.'),
    col('orb_pct', 'ORB%', 'percent', "OREB / team's missed shots available while on court."),
    col('drb_pct', 'DRB%', 'percent', "DREB / opponents' missed shots available while on court."),
  ],
  ShootingTotals: shootingTotals,
  ContextStatsHalfCourtPutbacks: halfcourtPutbacks,
  ContextStatsTransition: transition,
  FourFactors: fourFactors,
  // The net rating first, beside the possessions: the number lineup and on/off tables are read for.
  NetFourFactors: [fourFactors[0]!, ...netRating, ...fourFactors.slice(1)],
  TeamShootingFrequency: frequencyColumns('the'),
  TeamShootingAccuracy: accuracyColumns('The'),
  TeamShootingTotals: shootingTotals,
  TeamHalfCourtPutbacks: halfcourtPutbacks,
  TeamTransition: transition,
  Summary: [
    col('games', 'Games', 'number', 'Games in the sample.'),
    col('pace', 'Pace', 'rate', 'Possessions per team per 48 minutes.'),
    col('pts_per_poss', 'Pts/Poss', 'rate', 'Points per 100 possessions.'),
    col('efg_pct', 'eFG%', 'percent', 'Effective FG%: (FGM + 0.5 x 3PM) / FGA.'),
    col('tov_pct', 'TOV%', 'percent', 'Turnovers per possession.'),
    col('orb_pct', 'ORB%', 'percent', 'OREB / (OREB + opponent DREB).'),
    col('ft_rate', 'FT Rate', 'percent', 'FTM / FGA.'),
    col('home_win_pct', 'Home Win%', 'percent', 'Share of games the home team won.'),
  ],
  LeagueFourFactors: fourFactors.filter((c) => c.key !== 'poss'),
  LeagueShooting: [...frequencyColumns('all'), ...accuracyColumns('League')],
  PlayContext: [
    col('hc_play_pct', 'Halfcourt %', 'percent', 'Share of plays that were halfcourt plays.'),
    col('hc_pts_per_play', 'Pts/Halfcourt Play', 'rate', 'Points per 100 halfcourt plays.'),
    col('tr_freq', 'Transition %', 'percent', 'Share of possessions with a transition play.'),
    col('tr_pts_per_play', 'Pts/Transition Play', 'rate', 'Points per 100 transition plays.'),
    col('pb_play_pct', 'Putback %', 'percent', 'Share of plays that were putbacks.'),
    col('pb_pts_per_play', 'Pts/Putback', 'rate', 'Points per 100 putback plays.'),
  ],
  Salaries: [col('salary', 'Salary', 'money', 'Salary for the season in US dollars (as published; 2003-04 to 2019-20).')],
} as const satisfies Record<string, readonly MetricColumn[]>;

/**
 * Player-only columns: they describe one player's share of his team (Usage% is 100 % for a whole team, AST:Usg
 * follows it), so tables whose rows are whole teams (the team game log) leave them out, on the server and the client.
 */
export const PLAYER_ONLY_COLUMNS: ReadonlySet<string> = new Set(['usage', 'ast_usg']);
/** Page kinds whose player-set rows are whole teams. */
export const TEAM_ROW_KINDS: ReadonlySet<string> = new Set(['TeamGameLog']);
