/**
 * The selected side (spec section 4): offense by default. Page kinds in PAGE_KINDS_WITHOUT_SIDE hide the toggle
 * and send no side; where the side changes no number the toggle is hidden too ($hasSide). Changing side swaps the metric sets (src/stores/metricSet.ts resets the selection).
 */
import { atom, computed } from 'nanostores';
import type { Side } from '../lib/params/apiParams';
import { PAGE_KINDS_SIDE_SHOWS_NOTHING, PAGE_KINDS_WITHOUT_SIDE } from '../lib/site/pageKinds';
import { $page } from './page';

export const DEFAULT_SIDE: Side = 'offense';

export const $side = atom<Side>(DEFAULT_SIDE);

/**
 * Set by a view whose current display has no side although its page kind has one: the with/without matrix of net
 * ratings (src/islands/wowy/WowyPanel.tsx; net is the same number from either end).
 */
export const $sideUnused = atom(false);

/**
 * True when the current page shows a side toggle: not on the kinds without a side, not where the side changes no
 * number (src/lib/site/pageKinds.ts PAGE_KINDS_SIDE_SHOWS_NOTHING, $sideUnused; the request still carries the default side, spec section 7).
 */
export const $hasSide = computed(
  [$page, $sideUnused],
  (page, unused) => page.kind !== 'NonStats' && !PAGE_KINDS_SIDE_SHOWS_NOTHING.has(page.kind) && !PAGE_KINDS_WITHOUT_SIDE.has(page.kind) && !unused,
);
