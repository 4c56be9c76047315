/**
 * Which way is good, for every metric column: read from the column registry (src/lib/tables/columnRegistry.ts, one place;
 * a unit test requires an entry for every column key). Percentile colours and tooltips follow it:
 *   higher   a high value is good (eFG%, AST%, STL%...)
 *   lower    a low value is good (TOV%, PF/100)
 *   style    describes how, not how well (shot shares, assisted shares, pace, minutes): coloured by no one's
 *            judgement, so no colour; the percentile still shows on hover and focus
 * A set of the Opponent group shows what the opponents did (the defense's view): there higher and lower swap,
 * so a low opponent eFG% is good for the team or lineup on defense.
 */
import { COLUMN_SETS, keysWith, REGISTRY, type Better, type ColumnSetSpec } from './columnRegistry';
import type { MetricGroup } from './metricSets';

export type { Better } from './columnRegistry';

/** Which way is good for each key some metric set shows. */
export const BETTER: Readonly<Record<string, Better>> = Object.fromEntries(
  [...new Set((Object.values(COLUMN_SETS) as readonly ColumnSetSpec[]).flatMap((s) => s.keys))].map((k) => [k, REGISTRY[k].better]),
);

/** Columns that read the same on either side: the net rating is the lineup's (or player's) own, offense and defense together. */
const SAME_ON_BOTH_SIDES: ReadonlySet<string> = keysWith('bothSides');

/** Which way is good for a column of a set in `group` (Opponent sets swap higher and lower, except the net rating's). */
export function betterOf(key: string, group: MetricGroup): Better {
  const b = BETTER[key] ?? 'style';
  if (group !== 'Opponent' || b === 'style' || SAME_ON_BOTH_SIDES.has(key)) return b;
  return b === 'higher' ? 'lower' : 'higher';
}

/** One line for the definition popover and the percentile tooltip. */
export function betterText(b: Better): string {
  return b === 'higher' ? 'Higher is better.' : b === 'lower' ? 'Lower is better.' : 'Describes style: neither better nor worse.';
}
