/** Offense / defense toggle (spec section 4). Hidden on page kinds without a side. */
import { useStore } from '@nanostores/react';
import type { Side } from '../lib/params/apiParams';
import { SIDES } from '../lib/params/queryState';
import { $hasSide, $side } from '../stores/side';
import { changeSide } from '../stores/statsApp';

const LABELS: Record<Side, string> = { offense: 'Offense', defense: 'Defense' };

export default function SideToggle() {
  const side = useStore($side);
  const hasSide = useStore($hasSide);
  if (!hasSide) return null;
  return (
    <div className="sa-segmented" role="group" aria-label="Side">
      {SIDES.map((s) => (
        <button key={s} type="button" aria-pressed={side === s} onClick={() => void changeSide(s)}>
          {LABELS[s]}
        </button>
      ))}
    </div>
  );
}
