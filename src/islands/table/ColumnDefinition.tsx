/**
 * A column's definition in a Radix popover (not modal), anchored to its header. Loaded after first paint
 * (ColumnHeader.tsx imports it when the browser is idle, or at the first hover, focus or tap of a header): Radix
 * is not needed to draw the table. The header owns the state (open, and whether the "i" button opened it) and
 * the buttons; this module only places, dismisses and focuses the popover, as a Radix trigger would have.
 */
import * as Popover from '@radix-ui/react-popover';
import { useRef, type FocusEvent, type PointerEvent, type RefObject } from 'react';
import { betterText, type Better } from '../../lib/tables/columnMeta';
import type { GuideRef } from '../../lib/site/guideGroups';

export type { GuideRef };

export interface ColumnDefinitionProps {
  id: string;
  open: boolean;
  onClose: () => void;
  /** true when the "i" button opened it: the focus goes in, and back to the button when it closes */
  byButton: () => boolean;
  anchor: RefObject<HTMLDivElement | null>;
  trigger: RefObject<HTMLButtonElement | null>;
  cell: RefObject<HTMLDivElement | null>;
  content: RefObject<HTMLDivElement | null>;
  fullLabel: string;
  definition: string;
  better?: Better;
  guide?: GuideRef;
  onPointerEnter: () => void;
  onPointerLeave: (e: PointerEvent) => void;
  onBlur: (e: FocusEvent) => void;
}

export default function ColumnDefinition(p: ColumnDefinitionProps) {
  // A press or focus elsewhere closes it without taking the focus back to the button (as Radix does for its
  // own trigger, which the header's "i" button stands in for).
  const outside = useRef(false);
  return (
    <Popover.Root open={p.open} onOpenChange={(next) => !next && p.onClose()}>
      <Popover.Anchor virtualRef={p.anchor as RefObject<HTMLDivElement>} />
      <Popover.Portal>
        <Popover.Content
          ref={p.content}
          id={p.id}
          className="sa-def"
          side="bottom"
          align="start"
          sideOffset={4}
          collisionPadding={8}
          aria-label={`${p.fullLabel}: definition`}
          onOpenAutoFocus={(e) => {
            outside.current = false;
            if (!p.byButton()) e.preventDefault();
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            if (p.byButton() && !outside.current) p.trigger.current?.focus();
          }}
          onFocusOutside={(e) => {
            // Focus on the header itself (what opened it) is not "outside".
            if (p.cell.current?.contains(e.target as Node)) e.preventDefault();
          }}
          onInteractOutside={(e) => {
            if (e.defaultPrevented) return;
            // The "i" button toggles it itself (its click follows this pointerdown).
            if (p.trigger.current?.contains(e.target as Node)) e.preventDefault();
            else outside.current = true;
          }}
          onPointerEnter={p.onPointerEnter}
          onPointerLeave={p.onPointerLeave}
          onBlur={p.onBlur}
        >
          <p className="sa-def-title">{p.fullLabel}</p>
          <p className="sa-def-text">{p.definition}</p>
          {p.better && <p className="sa-def-better">{betterText(p.better)}</p>}
          {p.guide && (
            <a className="sa-def-guide" href={`/stats/guides/${p.guide.id}`}>
              Guide: {p.guide.title} →
            </a>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
