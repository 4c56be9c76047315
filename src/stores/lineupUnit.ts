/**
 * Players per unit on the lineup pages (src/lib/views/lineupUnits.ts): 5 (the default) or 4, 3, 2. Lives in the URL as
 * `unit`; changing it fetches the table again (src/stores/statsApp.ts changeLineupUnit).
 */
import { atom } from 'nanostores';
import { DEFAULT_UNIT_SIZE, type LineupUnitSize } from '../lib/views/lineupUnits';

export const $lineupUnit = atom<LineupUnitSize>(DEFAULT_UNIT_SIZE);
