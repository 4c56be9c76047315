/**
 * The number columns of a metric set: one per column of the set, or, for on/off sets, up to three per column
 * ({key}_on, {key}_off, {key}_diff; a count has no diff: src/lib/tables/metricSets.ts onOffParts) under a group header.
 * Rate and percent columns carry a percentile colour when the rows have `{key}_pct` (on/off: `{key}_on_pct`
 * and `{key}_diff_pct`).
 */
import { betterOf, type Better } from '../../lib/tables/columnMeta';
import { isRatioLabel } from '../../lib/tables/format';
import type { ColumnFormat, MetricColumn } from '../../lib/tables/metricColumns';
import { ONOFF_PERCENTILE_PARTS, onOffParts, type MetricGroup } from '../../lib/tables/metricSets';

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
  /** a margin of error: shown as "±x" */
  margin?: boolean;
  /** the field holding the percentile, when the set may carry one */
  pctKey?: string;
  /** a ratio (AST:Usg): two decimals always */
  ratio?: boolean;
  /** which way is good (src/lib/tables/columnMeta.ts): colours only for higher / lower */
  better: Better;
  /** column width in px */
  width: number;
}

/** Width of a number column: room for its header label and its widest value ("$25,000,000", "2,958:18"). */
function widthOf(label: string, format: ColumnFormat): number {
  const value = format === 'money' ? 112 : format === 'seconds' ? 84 : 64;
  // + the definition button beside the label
  return Math.max(value, Math.ceil(label.length * 7.2) + 48);
}

const ONOFF_WORDS = {
  on: ['On', 'With him on the court: '],
  off: ['Off', 'With him off the court: '],
  diff: ['Diff', 'On minus off: '],
} as const;

export function numberColumns(columns: readonly MetricColumn[], layout: 'plain' | 'onoff', group: MetricGroup = 'none'): NumberColumn[] {
  if (layout === 'onoff') {
    return columns.flatMap((c) =>
      onOffParts(c).map((suffix) => ({
        id: `${c.key}_${suffix}`,
        label: ONOFF_WORDS[suffix][0],
        title: `${c.label}. ${ONOFF_WORDS[suffix][1]}${c.definition}`,
        format: c.format,
        group: c.label,
        // A margin's "difference" is the margin of on minus off: a size, not a signed change.
        diff: suffix === 'diff' && !c.margin,
        ...(c.margin ? { margin: true } : {}),
        ratio: c.format === 'number' && isRatioLabel(c.label),
        better: betterOf(c.key, group),
        width: c.format === 'seconds' ? 84 : 70,
        ...((c.format === 'rate' || c.format === 'percent') && !c.margin && ONOFF_PERCENTILE_PARTS.includes(suffix)
          ? { pctKey: `${c.key}_${suffix}_pct` }
          : {}),
      })),
    );
  }
  return columns.map((c) => ({
    id: c.key,
    label: c.label,
    title: c.definition,
    format: c.format,
    diff: false,
    ...(c.margin ? { margin: true } : {}),
    ratio: c.format === 'number' && isRatioLabel(c.label),
    better: betterOf(c.key, group),
    width: widthOf(c.label, c.format),
    ...((c.format === 'rate' || c.format === 'percent') && !c.margin ? { pctKey: `${c.key}_pct` } : {}),
  }));
}
