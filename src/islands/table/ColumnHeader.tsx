/**
 * A column header: the label sorts the table; the column's definition opens in a popover (Radix, not modal)
 * on mouse hover, on keyboard focus of the header, and on a tap or click of the small "i" button beside the
 * label, with which way is better and a link to the metric set's guide (/stats/guides/{id}).
 * Opened by hover or focus it leaves the focus where it is; the button (Enter, click or tap) moves the focus
 * to the guide link inside, even when the definition is already showing; Escape or a click elsewhere closes it.
 *
 * First paint does not need the popover (Radix, ~25 KB gzipped): ./ColumnDefinition loads when the browser is
 * idle, or at the first hover, focus or tap of a header, whichever comes first; a definition asked for before
 * it has arrived opens when it does. The header's buttons are plain and never re-mount, so the focus stays put.
 */
import { useEffect, useId, useRef, useState, type FocusEvent, type PointerEvent } from 'react';
import { lateModule } from '../lateModule';
import type { Better } from '../../lib/tables/columnMeta';
import { whenIdle } from '../../lib/site/whenIdle';
import type { GuideRef } from './ColumnDefinition';

export type { GuideRef };

const definitionModule = lateModule(() => import('./ColumnDefinition'));
/** Starts loading the definition popover (once for every header). */
const loadDefinition = definitionModule.load;

interface Props {
  id: string;
  label: string;
  /** the label with its group (on/off columns: "eFG%: On") */
  fullLabel?: string;
  definition: string;
  better?: Better;
  guide?: GuideRef;
  className: string;
  ariaSort?: 'ascending' | 'descending';
  direction: 'asc' | 'desc' | null;
  onSort: () => void;
}

const HOVER_OPEN_MS = 250;
const HOVER_CLOSE_MS = 150;

function SortMark({ direction }: { direction: 'asc' | 'desc' | null }) {
  return (
    <span className={`sa-sort ${direction ?? ''}`} aria-hidden="true">
      {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : ''}
    </span>
  );
}

export function ColumnHeader({ id, label, fullLabel = label, definition, better, guide, className, ariaSort, direction, onSort }: Props) {
  const [open, setOpen] = useState(false);
  // The popover is rendered from the first time it is asked for on (and kept, so it closes the Radix way).
  const [wanted, setWanted] = useState(false);
  const byButton = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const content = useRef<HTMLDivElement | null>(null);
  const cell = useRef<HTMLDivElement | null>(null);
  const anchor = useRef<HTMLDivElement | null>(null);
  const trigger = useRef<HTMLButtonElement | null>(null);
  const contentId = useId();
  const ColumnDefinition = definitionModule.useLoaded(wanted)?.default ?? null;

  useEffect(() => whenIdle(() => void loadDefinition()), []);

  const later = (fn: () => void, ms: number) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(fn, ms);
  };
  const show = (viaButton: boolean) => {
    if (timer.current) clearTimeout(timer.current);
    byButton.current = viaButton;
    setWanted(true);
    setOpen(true);
  };
  const hideUnlessInside = () => {
    const active = document.activeElement;
    if (active && (content.current?.contains(active) || (byButton.current && cell.current?.contains(active)))) return;
    setOpen(false);
  };
  const onPointerEnter = (e: PointerEvent) => {
    void loadDefinition();
    if (e.pointerType === 'mouse' && !open) later(() => show(false), HOVER_OPEN_MS);
  };
  const onPointerLeave = (e: PointerEvent) => {
    if (e.pointerType === 'mouse') later(hideUnlessInside, HOVER_CLOSE_MS);
  };
  const onFocus = (e: FocusEvent<HTMLButtonElement>) => {
    void loadDefinition();
    if (e.currentTarget.matches(':focus-visible')) show(false);
  };
  const onBlur = (e: FocusEvent) => {
    const next = e.relatedTarget as Node | null;
    if (next && (content.current?.contains(next) || cell.current?.contains(next))) return;
    later(hideUnlessInside, 0);
  };

  return (
    <div ref={cell} role="columnheader" className={`sa-cell sa-head ${className}`} aria-sort={ariaSort} data-column={id}>
      <div ref={anchor} className="sa-head-inner" onPointerEnter={onPointerEnter} onPointerLeave={onPointerLeave}>
        <button type="button" className="sa-sort-btn" onClick={onSort} onFocus={onFocus} onBlur={onBlur}>
          {label}
          <SortMark direction={direction} />
        </button>
        <button
          ref={trigger}
          type="button"
          className="sa-def-btn"
          aria-label={`What is ${fullLabel}?`}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? contentId : undefined}
          data-state={open ? 'open' : 'closed'}
          onBlur={onBlur}
          onClick={() => {
            if (!open) return show(true);
            // Opened by this button: it closes it again.
            if (byButton.current) return setOpen(false);
            // Already showing (hover or focus): take the focus into it rather than closing it.
            byButton.current = true;
            const target = content.current?.querySelector<HTMLElement>('a') ?? content.current;
            target?.focus();
          }}
        >
          <span aria-hidden="true">i</span>
        </button>
      </div>
      {ColumnDefinition && (
        <ColumnDefinition
          id={contentId}
          open={open}
          onClose={() => setOpen(false)}
          byButton={() => byButton.current}
          anchor={anchor}
          trigger={trigger}
          cell={cell}
          content={content}
          fullLabel={fullLabel}
          definition={definition}
          better={better}
          guide={guide}
          onPointerEnter={() => timer.current && clearTimeout(timer.current)}
          onPointerLeave={onPointerLeave}
          onBlur={onBlur}
        />
      )}
    </div>
  );
}
