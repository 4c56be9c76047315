/**
 * A column header: the label sorts the table; the column's definition opens in a popover (Radix, not modal)
 * on mouse hover, on keyboard focus of the header, and on a tap or click of the small "i" button beside the
 * label, with which way is better and a link to the metric set's guide (/stats/guides/{id}).
 * Opened by hover or focus it leaves the focus where it is; the button (Enter, click or tap) moves the focus
 * to the guide link inside, even when the definition is already showing; Escape or a click elsewhere closes it.
 */
import * as Popover from '@radix-ui/react-popover';
import { useRef, useState, type FocusEvent, type PointerEvent } from 'react';
import { betterText, type Better } from '../../lib/columnMeta';

export interface GuideRef {
  id: string;
  title: string;
}

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
  const byButton = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const content = useRef<HTMLDivElement | null>(null);
  const cell = useRef<HTMLDivElement | null>(null);

  const later = (fn: () => void, ms: number) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(fn, ms);
  };
  const show = (viaButton: boolean) => {
    if (timer.current) clearTimeout(timer.current);
    byButton.current = viaButton;
    setOpen(true);
  };
  const hideUnlessInside = () => {
    const active = document.activeElement;
    if (active && (content.current?.contains(active) || (byButton.current && cell.current?.contains(active)))) return;
    setOpen(false);
  };
  const onPointerEnter = (e: PointerEvent) => {
    if (e.pointerType === 'mouse' && !open) later(() => show(false), HOVER_OPEN_MS);
  };
  const onPointerLeave = (e: PointerEvent) => {
    if (e.pointerType === 'mouse') later(hideUnlessInside, HOVER_CLOSE_MS);
  };
  const onFocus = (e: FocusEvent<HTMLButtonElement>) => {
    if (e.currentTarget.matches(':focus-visible')) show(false);
  };
  const onBlur = (e: FocusEvent) => {
    const next = e.relatedTarget as Node | null;
    if (next && (content.current?.contains(next) || cell.current?.contains(next))) return;
    later(hideUnlessInside, 0);
  };

  return (
    <div ref={cell} role="columnheader" className={`sa-cell sa-head ${className}`} aria-sort={ariaSort} data-column={id}>
      <Popover.Root
        open={open}
        onOpenChange={(next) => {
          if (next) show(true);
          else setOpen(false);
        }}
      >
        <Popover.Anchor asChild>
          <div className="sa-head-inner" onPointerEnter={onPointerEnter} onPointerLeave={onPointerLeave}>
            <button type="button" className="sa-sort-btn" onClick={onSort} onFocus={onFocus} onBlur={onBlur}>
              {label}
              <SortMark direction={direction} />
            </button>
            <Popover.Trigger asChild>
              <button
                type="button"
                className="sa-def-btn"
                aria-label={`What is ${fullLabel}?`}
                onBlur={onBlur}
                onClick={(e) => {
                  // Already showing (hover or focus): take the focus into it rather than closing it.
                  if (!open || byButton.current) return;
                  e.preventDefault();
                  byButton.current = true;
                  const target = content.current?.querySelector<HTMLElement>('a') ?? content.current;
                  target?.focus();
                }}
              >
                <span aria-hidden="true">i</span>
              </button>
            </Popover.Trigger>
          </div>
        </Popover.Anchor>
        <Popover.Portal>
          <Popover.Content
            ref={content}
            className="sa-def"
            side="bottom"
            align="start"
            sideOffset={4}
            collisionPadding={8}
            aria-label={`${fullLabel}: definition`}
            onOpenAutoFocus={(e) => {
              if (!byButton.current) e.preventDefault();
            }}
            onCloseAutoFocus={(e) => {
              if (!byButton.current) e.preventDefault();
            }}
            onFocusOutside={(e) => {
              // Focus on the header itself (what opened it) is not "outside".
              if (cell.current?.contains(e.target as Node)) e.preventDefault();
            }}
            onPointerEnter={() => timer.current && clearTimeout(timer.current)}
            onPointerLeave={(e) => onPointerLeave(e)}
            onBlur={onBlur}
          >
            <p className="sa-def-title">{fullLabel}</p>
            <p className="sa-def-text">{definition}</p>
            {better && <p className="sa-def-better">{betterText(better)}</p>}
            {guide && (
              <a className="sa-def-guide" href={`/stats/guides/${guide.id}`}>
                Guide: {guide.title} →
              </a>
            )}
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </div>
  );
}
