/**
 * The teams table (/stats/teams): its metric sets and columns, and which way each column is good, all read from
 * the column registry (src/lib/tables/columnRegistry.ts). Isomorphic.
 * "overview" shows both sides (ratings, pace, record, the four factors for and against); the other sets are
 * the team sets of the Team page (src/lib/tables/metricSets.ts), the team's own numbers on offense and its opponents'
 * on defense.
 */
import { betterOf, type Better } from './columnMeta';
import { entryOf, opponentEntry, type ColumnKey } from './columnRegistry';
import { COLUMNS, type MetricColumn } from './metricColumns';
import { metricSetDefinitions } from './metricSets';
import type { Side } from '../params/apiParams';

export interface TeamsColumn extends MetricColumn {
  better: Better;
}

/** An overview column from the column registry: its own, or (`opp_`) its opponents' side, which swaps which way is good. */
const c = (key: ColumnKey | `opp_${ColumnKey}`): TeamsColumn => {
  const e = key.startsWith('opp_') ? opponentEntry(key.slice('opp_'.length) as ColumnKey) : { ...entryOf(key as ColumnKey), key };
  return { key, label: e.label, format: e.unit, definition: e.definition, better: e.better };
};

/** Record, ratings, pace, and the four factors for and against (the defense's rebounding as its DRB%). */
export const OVERVIEW_COLUMNS: readonly TeamsColumn[] = (
  [
    'wins',
    'losses',
    'win_pct',
    'ortg',
    'drtg',
    'net',
    'pace',
    'efg_pct',
    'tov_pct',
    'orb_pct',
    'ft_rate',
    'opp_efg_pct',
    'opp_tov_pct',
    'drb_pct',
    'opp_ft_rate',
  ] as const
).map(c);

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
