/**
 * A range filter as a two-thumb slider (Radix). Days rest shows 5 as "≥ 5"; time into game shows the period and
 * the clock remaining (Q1 12:00 ... OT3 0:00) with the period ticks of spec section 9; score differential signed.
 */
import * as Slider from '@radix-ui/react-slider';
import type { RangeFilter } from '../../lib/filters/filterDefinitions';
import type { Range } from '../../lib/filters/filterValues';
import { TIME_INTO_GAME_TICKS, formatDaysRest, formatSigned, formatTimeIntoGame } from '../../lib/tables/format';
import { normaliseRange } from '../../lib/params/queryState';
import type { FilterControlProps } from './types';

/** The slider thumb's width (stats.css .sa-slider-thumb). */
const THUMB_PX = 14;

export function rangeValueLabel(def: RangeFilter, v: number): string {
  switch (def.name) {
    case 'DaysRest':
    case 'OpponentDaysRest':
      return formatDaysRest(v);
    case 'TimeIntoGame':
      return formatTimeIntoGame(v);
    case 'ScoreDifferential':
      return formatSigned(v);
    default:
      return String(v);
  }
}

function ticksOf(def: RangeFilter): { value: number; label: string }[] {
  if (def.name === 'TimeIntoGame') return [...TIME_INTO_GAME_TICKS];
  if (def.name === 'ScoreDifferential') return [-75, -50, -25, 0, 25, 50, 75].map((v) => ({ value: v, label: formatSigned(v) }));
  if (def.max - def.min <= 5) {
    return Array.from({ length: def.max - def.min + 1 }, (_, i) => ({ value: def.min + i, label: rangeValueLabel(def, def.min + i) }));
  }
  return [1, 10, 20, 30].map((v) => ({ value: v, label: String(v) }));
}

export default function RangeFilterControl({ def, value, onChange, disabled }: FilterControlProps<RangeFilter>) {
  const [lo, hi] = value as Range;
  // Where the thumb's centre sits for a value: Radix keeps thumbs inside the track, shifting them by up to half
  // a thumb (7 px) towards the middle, so the ticks shift the same way to stay under them.
  const pos = (v: number) => {
    const p = ((v - def.min) / (def.max - def.min)) * 100;
    return `calc(${p}% + ${(THUMB_PX / 2) * (1 - p / 50)}px)`;
  };
  return (
    <div className="sa-range">
      <div className="sa-range-values num" aria-hidden="true">
        {rangeValueLabel(def, lo)} – {rangeValueLabel(def, hi)}
      </div>
      <Slider.Root
        className="sa-slider"
        min={def.min}
        max={def.max}
        step={def.step}
        minStepsBetweenThumbs={0}
        value={[lo, hi]}
        disabled={disabled}
        onValueChange={(v) => onChange(normaliseRange(def, v[0] ?? def.min, v[1] ?? def.max))}
      >
        <Slider.Track className="sa-slider-track">
          <Slider.Range className="sa-slider-range" />
        </Slider.Track>
        <Slider.Thumb className="sa-slider-thumb" aria-label={`${def.label}: from`} aria-valuetext={rangeValueLabel(def, lo)} />
        <Slider.Thumb className="sa-slider-thumb" aria-label={`${def.label}: to`} aria-valuetext={rangeValueLabel(def, hi)} />
      </Slider.Root>
      <div className="sa-ticks" aria-hidden="true">
        {ticksOf(def).map((t) => (
          <span key={t.value} style={{ left: pos(t.value) }}>
            {t.label}
          </span>
        ))}
      </div>
    </div>
  );
}
