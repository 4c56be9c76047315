/**
 * The selected side (spec section 4): offense by default. Page kinds in PAGE_KINDS_WITHOUT_SIDE hide the toggle
 * and send no side. Changing side swaps the metric sets (src/stores/metricSet.ts resets the selection).
 */
import { atom, computed } from 'nanostores';
import type { Side } from '../lib/apiParams';
import { PAGE_KINDS_WITHOUT_SIDE } from '../lib/pageKinds';
import { $page } from './page';

export const DEFAULT_SIDE: Side = 'offense';

export const $side = atom<Side>(DEFAULT_SIDE);

/**
 * True when the current page shows a side toggle: not on the kinds without a side, and not on Team salaries
 * (salaries have no offense or defense; the request still carries the default side, spec section 7).
 */
export const $hasSide = computed(
  $page,
  (page) => page.kind !== 'NonStats' && page.kind !== 'TeamSalaries' && !PAGE_KINDS_WITHOUT_SIDE.has(page.kind),
);

