/** The applied filter values alone: changes on apply, not on every draft edit (links that carry the context). */
import { computed } from 'nanostores';
import { $filters } from './filterState';

export const $appliedFilters = computed($filters, (s) => s.applied);
