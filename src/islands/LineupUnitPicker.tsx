/** Lineup pages: units of 5 (the lineups themselves), 4, 3 or 2 players (src/lib/views/lineupUnits.ts). */
import { useStore } from '@nanostores/react';
import { hasLineupUnits, LINEUP_UNIT_SIZES, unitLabel } from '../lib/views/lineupUnits';
import { $lineupUnit } from '../stores/lineupUnit';
import { $page } from '../stores/page';
import { changeLineupUnit } from '../stores/statsApp';

export default function LineupUnitPicker() {
  const page = useStore($page);
  const unit = useStore($lineupUnit);
  if (page.kind === 'NonStats' || !hasLineupUnits(page.kind)) return null;
  return (
    <div className="sa-segmented sa-unit-picker" role="group" aria-label="Players per unit" title="Players on the floor together for their team">
      {LINEUP_UNIT_SIZES.map((size) => (
        <button key={size} type="button" aria-pressed={unit === size} onClick={() => void changeLineupUnit(size)}>
          {unitLabel(size)}
        </button>
      ))}
    </div>
  );
}
