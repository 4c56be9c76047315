/**
 * The phone's compact bar over the stats table: one disclosure button that says what the table shows, e.g.
 * "Offensive Overview · Period: Q4 · 2022-23 · Regular season" (the filters the visitor chose first, on up to two lines), and opens the controls under it (side, metric
 * set, lineup size, the filter bar, the applied-filter pills) and the percentile legend above the table. On a
 * phone (stats.css, max-width 720px) those stay hidden until the button is pressed, so the table's first row is on
 * the first screen; on a wider screen the button is not shown and everything is laid out as before.
 *
 * Keyboard and screen readers: a <button aria-expanded aria-controls>; Escape inside the open controls closes them
 * and puts the focus back on the button; applying the filters closes them too (the answer is the table below).
 */
import { useStore } from '@nanostores/react';
import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import { $filterPills } from '../stores/filterPills';
import { PhoneCaret } from './PhoneCaret';
import { summaryText } from '../lib/filters/filterSummary';
import { $lockedFilters } from '../stores/lockedFilters';
import { $metricSet } from '../stores/metricSet';
import { $hasSide, $side } from '../stores/side';

interface Props {
  id: string;
  open: boolean;
  onToggle: () => void;
  onClose: () => void;
  button: RefObject<HTMLButtonElement | null>;
  children: ReactNode;
}

export default function PhoneControls({ id, open, onToggle, onClose, button, children }: Props) {
  const pills = useStore($filterPills);
  const locked = useStore($lockedFilters);
  const metricSet = useStore($metricSet);
  const side = useStore($side);
  const hasSide = useStore($hasSide);
  // The side is named only where the page shows its toggle (src/stores/side.ts $hasSide).
  const defense = side === 'defense' && hasSide;
  const summary = summaryText(metricSet?.label ?? null, defense, pills, locked.length);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // Popovers render in a portal: their Escape closes the popover, not these controls.
    if (e.key !== 'Escape' || !open || !(e.target instanceof Node) || !e.currentTarget.contains(e.target)) return;
    e.preventDefault();
    onClose();
  };
  return (
    <>
      <button ref={button} type="button" className="sa-phone-bar" aria-expanded={open} aria-controls={id} onClick={onToggle} data-testid="phone-controls">
        <span className="sa-phone-bar-text">
          <span className="sa-label">Metrics and filters</span>
          <span className="sa-phone-summary" data-testid="phone-summary">
            {summary}
          </span>
        </span>
        <PhoneCaret open={open} />
      </button>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: Escape from any control inside the panel closes it; the controls take the focus */}
      <div id={id} className="sa-phone-panel" onKeyDown={onKeyDown}>
        {children}
      </div>
    </>
  );
}
