/**
 * The applied filters in words: the pills (spec section 4: the applied filters that are not at their default, plus
 * Season, Season type and Garbage time, which always show; lineup filters never show a pill; only filters relevant
 * to the page), and the one-line summary of the phone's compact bar (src/islands/PhoneControls.tsx), which the
 * server also paints over its first view (src/islands/table/FirstViewTable.tsx).
 */
import type { FilterName } from './filterDefinitions';
import { filterDef, isDefault, filterValueOf, type FilterValues } from './filterValues';
import { pillLabel, valueText } from './filterLabels';

export const ALWAYS_SHOWN_PILLS: ReadonlySet<FilterName> = new Set<FilterName>(['Season', 'SeasonType', 'FilterOutGarbageTime']);

export interface FilterPill {
  name: FilterName;
  label: string;
  text: string;
  removable: boolean;
}

/** The pills of `applied` among the page's `relevant` filters, in the page's filter order. */
export function filterPills(relevant: readonly FilterName[], applied: FilterValues): FilterPill[] {
  return relevant
    .filter((name) => filterDef(name).showsPill)
    .filter((name) => ALWAYS_SHOWN_PILLS.has(name) || !isDefault(name, filterValueOf(applied, name)))
    .map((name) => ({
      name,
      label: pillLabel(name),
      text: valueText(name, filterValueOf(applied, name)),
      removable: !isDefault(name, filterValueOf(applied, name)),
    }));
}

/** Applied-filter pieces named before "N more". */
const SUMMARY_PIECES = 3;

/** Filters whose value reads alone ("2022-23", "Regular season"); the rest say their label ("Garbage time: Kept"). */
const SELF_NAMED: ReadonlySet<FilterName> = new Set<FilterName>(['Season', 'SeasonType']);

/**
 * The compact bar's summary: the metric set, the defense side when shown, then the applied filters (Garbage time
 * only when it is not the default), at most SUMMARY_PIECES of them before "N more" (locked filters count there).
 * The filters the visitor chose come first, the season and season type at their defaults after them: on a 390 px
 * phone the bar shows two lines, and what is cut when they are full is what the visitor did not pick.
 * summaryText('Offensive Overview', false, [Season 2022-23, Type Regular season, Period Q4, ...2 more])
 *   -> "Offensive Overview · Period: Q4 · Opponent: BOS · Venue: Home · 2 more"
 * summaryText('Offensive Overview', false, [Season 2022-23, Type Regular season, Period Q4])
 *   -> "Offensive Overview · Period: Q4 · 2022-23 · Regular season"
 */
export function summaryText(metricSet: string | null, defense: boolean, pills: readonly FilterPill[], locked = 0): string {
  const applied = pills.filter((p) => p.name !== 'FilterOutGarbageTime' || p.removable);
  const filters = [...applied.filter((p) => p.removable), ...applied.filter((p) => !p.removable)].map((p) =>
    SELF_NAMED.has(p.name) ? p.text : `${p.label}: ${p.text}`,
  );
  const shown = filters.slice(0, SUMMARY_PIECES);
  const more = filters.length - shown.length + locked;
  return [metricSet, defense ? 'Defense' : null, ...shown, more > 0 ? `${more} more` : null].filter(Boolean).join(' · ');
}
