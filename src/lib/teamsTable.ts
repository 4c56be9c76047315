/**
 * The teams table (/stats/teams): its metric sets and columns, and which way each column is good (the
 * directions of src/lib/columnMeta.ts). Isomorphic.
 * "overview" shows both sides (ratings, pace, record, the four factors for and against); the other sets are
 * the team sets of the Team page (src/lib/metricSets.ts), the team's own numbers on offense and its opponents'
 * on defense.
 */
import { betterOf, type Better } from './columnMeta';
import { COLUMNS, type MetricColumn } from './metricColumns';
import { metricSetDefinitions } from './metricSets';
import type { Side } from './apiParams';

export interface TeamsColumn extends MetricColumn {
  better: Better;
}

/**
 * An overview column; which way is good comes from columnMeta (an `opp_` column is the opponents' side of its
 * metric), or is given for the columns only this table has (record, ratings).
 */
const c = (key: string, label: string, format: MetricColumn['format'], definition: string, better?: Better): TeamsColumn => ({
  key,
  label,
  format,
  definition,
  better: better ?? (key.startsWith('opp_') ? betterOf(key.slice('opp_'.length), 'Opponent') : betterOf(key, 'Team')),
});

export const OVERVIEW_COLUMNS: readonly TeamsColumn[] = [
  c('wins', 'W', 'number', 'Games won in the sample.', 'higher'),
  c('losses', 'L', 'number', 'Games lost in the sample.', 'lower'),
  c('win_pct', 'Win%', 'percent', 'Share of games won.', 'higher'),
  c('ortg', 'ORtg', 'rate', 'Offensive rating: points scored per 100 possessions.', 'higher'),
  c('drtg', 'DRtg', 'rate', 'Defensive rating: points allowed per 100 opponent possessions.', 'lower'),
  c('net', 'Net', 'rate', 'Net rating: ORtg minus DRtg.', 'higher'),
  c('pace', 'Pace', 'rate', 'Possessions per team per 48 minutes.'),
  c('efg_pct', 'eFG%', 'percent', 'Effective FG%: (FGM + 0.5 x 3PM) / FGA.'),
  c('tov_pct', 'TOV%', 'percent', 'Turnovers per possession.'),
  c('orb_pct', 'ORB%', 'percent', 'Offensive rebound rate: OREB / (OREB + opponent DREB).'),
  c('ft_rate', 'FT Rate', 'percent', 'Free-throw rate: FTM / FGA.'),
  c('opp_efg_pct', 'Opp eFG%', 'percent', "Opponents' effective FG%."),
  c('opp_tov_pct', 'Opp TOV%', 'percent', "Opponents' turnovers per possession (forced)."),
  c('drb_pct', 'DRB%', 'percent', 'Defensive rebound rate: DREB / (DREB + opponent OREB).'),
  c('opp_ft_rate', 'Opp FT Rate', 'percent', "Opponents' FTM / FGA."),
];

export interface TeamsSet {
  /** value of the `metricSet` query parameter */
  value: string;
  label: string;
  /** the key of the rows (overview, or a team set's value) */
  columns: readonly TeamsColumn[];
  /** true when the side toggle applies */
  sided: boolean;
}

export function teamsSets(side: Side): TeamsSet[] {
  return [
    { value: 'overview', label: 'Overview', columns: OVERVIEW_COLUMNS, sided: false },
    ...metricSetDefinitions('TeamTeam', side).map((d) => ({
      value: d.clientQueryParam.replace(/^(team|opponent)-/, ''),
      label: d.label,
      columns: (COLUMNS[d.base] as readonly MetricColumn[]).map((col) => ({ ...col, better: betterOf(col.key, d.group) })),
      sided: true,
    })),
  ];
}

/** The column ids the teams table sorts by: the team (by name), games played, and the set's columns. */
export function teamsSortColumns(set: TeamsSet): string[] {
  return ['team', 'games', ...set.columns.map((c) => c.key)];
}
