/**
 * The filter pills of the page's applied filters (src/lib/filters/filterSummary.ts says which show). A pill can be removed
 * when its filter is not at its default (removing resets it).
 */
import { computed } from 'nanostores';
import { filterPills, type FilterPill } from '../lib/filters/filterSummary';
import { $filters } from './filterState';

export { ALWAYS_SHOWN_PILLS, type FilterPill } from '../lib/filters/filterSummary';

export const $filterPills = computed($filters, (state): FilterPill[] => filterPills(state.relevant, state.applied));
