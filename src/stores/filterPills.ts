/**
 * The filter pills (spec section 4): the applied filters that are not at their default, plus Season, Season
 * type and Garbage time, which always show. Lineup filters never show a pill (showsPill false), and the lineup
 * all/any pill is hidden. Only filters relevant to the page show. A pill can be removed when its filter is
 * not at its default (removing resets it).
 */
import { computed } from 'nanostores';
import type { FilterName } from '../lib/filters';
import { filterDef, isDefault, valueOf } from '../lib/filterValues';
import { pillLabel, valueText } from '../lib/filterLabels';
import { $filters } from './filters';

export const ALWAYS_SHOWN_PILLS: ReadonlySet<FilterName> = new Set<FilterName>(['Season', 'SeasonType', 'FilterOutGarbageTime']);

export interface FilterPill {
  name: FilterName;
  label: string;
  text: string;
  removable: boolean;
}

export const $filterPills = computed($filters, (state): FilterPill[] =>
  state.relevant
    .filter((name) => filterDef(name).showsPill)
    .filter((name) => ALWAYS_SHOWN_PILLS.has(name) || !isDefault(name, valueOf(state.applied, name)))
    .map((name) => ({
      name,
      label: pillLabel(name),
      text: valueText(name, valueOf(state.applied, name)),
      removable: !isDefault(name, valueOf(state.applied, name)),
    })),
);
