/**
 * The columns of every metric set, as the tables, the CSV, the API and the catalogue read them: made from the
 * column registry (src/lib/tables/columnRegistry.ts, where each column is described once) and its column sets.
 * The server computes each column in src/server/stats/metrics/formulas.ts (a unit test checks every key has a formula).
 */
import { COLUMN_SETS, keysWith, REGISTRY, type ColumnEntry, type ColumnFormat, type ColumnKey, type ColumnSetName, type ColumnSetSpec } from './columnRegistry';

export type { ColumnFormat } from './columnRegistry';

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

/** A registry entry as a metric column (its short label where the set asks for short labels). */
function metricColumn(key: ColumnKey, labels?: 'short'): MetricColumn {
  const e: ColumnEntry = REGISTRY[key];
  return {
    key,
    label: labels === 'short' ? (e.short ?? e.label) : e.label,
    format: e.unit,
    definition: e.definition,
    ...(e.margin ? { margin: true } : {}),
  };
}

/** Each column set's columns, in order (the sets of METRICS.md: src/lib/tables/metricSets.ts says which pages offer them). */
export const COLUMNS = Object.fromEntries(
  (Object.entries(COLUMN_SETS) as [ColumnSetName, ColumnSetSpec][]).map(([name, spec]) => [name, spec.keys.map((k) => metricColumn(k, spec.labels))]),
) as unknown as { readonly [S in ColumnSetName]: readonly MetricColumn[] };

/**
 * Player-only columns: they describe one player's share of his team (Usage% is 100 % for a whole team, AST:Usg
 * follows it), so tables whose rows are whole teams (the team game log) leave them out, on the server and the client.
 */
export const PLAYER_ONLY_COLUMNS: ReadonlySet<string> = keysWith('playerOnly');
/** Page kinds whose player-set rows are whole teams. */
export const TEAM_ROW_KINDS: ReadonlySet<string> = new Set(['TeamGameLog']);
