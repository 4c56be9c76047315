/**
 * One filter group (Season, Game, Time Within Game, Opponent, Lineup) as a button that opens a popover. Loaded
 * after first paint (FilterBar): it brings Radix popover and slider and the player picker.
 */
import * as Popover from '@radix-ui/react-popover';
import type { FilterGroup, FilterName } from '../../lib/filters';
import { sameValue, valueOf, type FilterValue, type FilterValues } from '../../lib/filterValues';
import type { FilterAccess } from '../../stores/session';
import FilterControl from './FilterControl';
import GroupButtonFace, { activeCount, allLockedFor, lockedFor } from './GroupButtonFace';

interface Props {
  group: FilterGroup;
  names: readonly FilterName[];
  values: FilterValues;
  applied: FilterValues;
  access: FilterAccess;
  onChange: (name: FilterName, value: FilterValue) => void;
  /** open at once (the user clicked the button before this module had loaded) */
  defaultOpen?: boolean;
}

export default function FilterGroupPopover({ group, names, values, applied, access, onChange, defaultOpen = false }: Props) {
  const active = activeCount(names, applied);
  const pending = names.some((n) => !sameValue(valueOf(values, n), valueOf(applied, n)));
  return (
    <Popover.Root defaultOpen={defaultOpen}>
      <Popover.Trigger className={`sa-group-button ${pending ? 'pending' : ''}`} data-group={group}>
        <GroupButtonFace group={group} allLocked={allLockedFor(names, access)} access={access} active={active} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className="sa-popover" align="start" sideOffset={6} collisionPadding={12} aria-label={`${group} filters`}>
          {names.map((n) => (
            <FilterControl key={n} name={n} value={valueOf(values, n)} onChange={onChange} locked={lockedFor(n, access)} access={access} />
          ))}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
