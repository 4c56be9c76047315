/**
 * One filter group's popover (Season, Game, Time Within Game, Opponent, Lineup), anchored to the group's
 * button in the filter bar. Loaded after first paint (FilterBar): it brings Radix popover and slider and the
 * player picker. The bar owns the button and the open state; this module only places, dismisses and focuses the
 * popover, as a Radix trigger would have (focus back to the button when it closes, unless the user went
 * elsewhere).
 */
import * as Popover from '@radix-ui/react-popover';
import { useRef, type RefObject } from 'react';
import type { FilterGroup, FilterName } from '../../lib/filters/filterDefinitions';
import { filterValueOf, type FilterValue, type FilterValues } from '../../lib/filters/filterValues';
import type { FilterAccess } from '../../stores/authState';
import FilterControl from './FilterControl';
import { lockedFor } from './GroupButtonFace';

interface Props {
  id: string;
  group: FilterGroup;
  names: readonly FilterName[];
  values: FilterValues;
  access: FilterAccess;
  onChange: (name: FilterName, value: FilterValue) => void;
  open: boolean;
  onClose: () => void;
  /** the group's button in the bar */
  trigger: RefObject<HTMLButtonElement | null>;
}

export default function FilterGroupPopover({ id, group, names, values, access, onChange, open, onClose, trigger }: Props) {
  const outside = useRef(false);
  return (
    <Popover.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Popover.Anchor virtualRef={trigger as RefObject<HTMLButtonElement>} />
      <Popover.Portal>
        <Popover.Content
          id={id}
          className="sa-popover"
          align="start"
          sideOffset={6}
          collisionPadding={12}
          aria-label={`${group} filters`}
          onOpenAutoFocus={() => {
            outside.current = false;
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            if (!outside.current) trigger.current?.focus();
          }}
          onInteractOutside={(e) => {
            // The group's button toggles the popover itself (its click follows this pointerdown).
            if (trigger.current?.contains(e.target as Node)) e.preventDefault();
            else outside.current = true;
          }}
        >
          {names.map((n) => (
            <FilterControl key={n} name={n} value={filterValueOf(values, n)} onChange={onChange} locked={lockedFor(n, access)} access={access} />
          ))}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
