/**
 * The teams table (/stats/teams): its metric sets and columns, and which way each column is good. Isomorphic.
 * "overview" shows both sides (ratings, pace, record, the four factors for and against); the other sets are
 * the team sets of the Team page (src/lib/metricSets.ts), the team's own numbers on offense and its opponents'
 * on defense.
 */
import { COLUMNS, type MetricColumn } from './metricColumns';
import { metricSetDefinitions } from './metricSets';
import type { Side } from './apiParams';

/** 'high': more is better; 'low': less is better; null: neither (shares of attempts, counts). */
export type Better = 'high' | 'low' | null;

export interface TeamsColumn extends MetricColumn {
  better: Better;
}

const c = (key: string, label: string, format: MetricColumn['format'], definition: string, better: Better): TeamsColumn => ({ key, label, format, definition, better });

export const OVERVIEW_COLUMNS: readonly TeamsColumn[] = [
  c('wins', 'W', 'number', 'Games won in the sample.', 'high'),
  c('losses', 'L', 'number', 'Games lost in the sample.', 'low'),
  c('win_pct', 'Win%', 'percent', 'Share of games won.', 'high'),
  c('ortg', 'ORtg', 'rate', 'Offensive rating: points scored per 100 possessions.', 'high'),
  c('drtg', 'DRtg', 'rate', 'Defensive rating: points allowed per 100 opponent possessions.', 'low'),
  c('net', 'Net', 'rate', 'Net rating: ORtg minus DRtg.', 'high'),
  c('pace', 'Pace', 'rate', 'Possessions per team per 48 minutes.', null),
  c('efg_pct', 'eFG%', 'percent', 'Effective FG%: (FGM + 0.5 x 3PM) / FGA.', 'high'),
  c('tov_pct', 'TOV%', 'percent', 'Turnovers per possession.', 'low'),
  c('orb_pct', 'ORB%', 'percent', 'Offensive rebound rate: OREB / (OREB + opponent DREB).', 'high'),
  c('ft_rate', 'FT Rate', 'percent', 'Free-throw rate: FTM / FGA.', 'high'),
  c('opp_efg_pct', 'Opp eFG%', 'percent', "Opponents' effective FG%.", 'low'),
  c('opp_tov_pct', 'Opp TOV%', 'percent', "Opponents' turnovers per possession (forced).", 'high'),
  c('drb_pct', 'DRB%', 'percent', 'Defensive rebound rate: DREB / (DREB + opponent OREB).', 'high'),
  c('opp_ft_rate', 'Opp FT Rate', 'percent', "Opponents' FTM / FGA.", 'low'),
];

/** Which way a team-set column is good from the team's own side (offense); defense inverts it. */
function offenseBetter(key: string): Better {
  if (key === 'tov_pct') return 'low';
  if (key.endsWith('_freq') || key.endsWith('_play_pct') || key === 'poss' || key === 'sec' || /^(fgm|fga|fg3m|fg3a|ftm|fta|pts)$/.test(key)) return null;
  if (key === 'tr_off_steal_pct' || key === 'tr_off_dreb_pct') return null;
  return 'high';
}

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
  const flip = (b: Better): Better => (b === null ? null : side === 'offense' ? b : b === 'high' ? 'low' : 'high');
  return [
    { value: 'overview', label: 'Overview', columns: OVERVIEW_COLUMNS, sided: false },
    ...metricSetDefinitions('TeamTeam', side).map((d) => ({
      value: d.clientQueryParam.replace(/^(team|opponent)-/, ''),
      label: d.label,
      columns: (COLUMNS[d.base] as readonly MetricColumn[]).map((col) => ({ ...col, better: flip(offenseBetter(col.key)) })),
      sided: true,
    })),
  ];
}
