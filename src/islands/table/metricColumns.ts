/**
 * The number columns of a metric set: one per column of the set, or, for on/off sets, three per column
 * ({key}_on, {key}_off, {key}_diff) under a group header. Rate and percent columns carry a percentile colour
 * when the rows have `{key}_pct`.
 */
import { isRatioLabel } from '../../lib/format';
import type { ColumnFormat, MetricColumn } from '../../lib/metricColumns';

export interface NumberColumn {
  /** the row field */
  id: string;
  label: string;
  /** tooltip: the column's definition */
  title: string;
  format: ColumnFormat;
  /** on/off group header (the base column's label) */
  group?: string;
  /** the on-minus-off column: shown with a sign */
  diff: boolean;
  /** the field holding the percentile, when the set may carry one */
  pctKey?: string;
  /** a ratio (AST:Usg): two decimals always */
  ratio?: boolean;
}

const ONOFF_PARTS = [
  ['on', 'On', 'With him on the court: '],
  ['off', 'Off', 'With him off the court: '],
  ['diff', 'Diff', 'On minus off: '],
] as const;

export function numberColumns(columns: readonly MetricColumn[], layout: 'plain' | 'onoff'): NumberColumn[] {
  if (layout === 'onoff') {
    return columns.flatMap((c) =>
      ONOFF_PARTS.map(([suffix, label, lead]) => ({
        id: `${c.key}_${suffix}`,
        label,
        title: `${c.label}. ${lead}${c.definition}`,
        format: c.format,
        group: c.label,
        diff: suffix === 'diff',
        ratio: c.format === 'number' && isRatioLabel(c.label),
      })),
    );
  }
  return columns.map((c) => ({
    id: c.key,
    label: c.label,
    title: c.definition,
    format: c.format,
    diff: false,
    ratio: c.format === 'number' && isRatioLabel(c.label),
    ...(c.format === 'rate' || c.format === 'percent' ? { pctKey: `${c.key}_pct` } : {}),
  }));
}
