/** One filter group (Season, Game, Time Within Game, Opponent, Lineup) as a button that opens a popover. */
import * as Popover from '@radix-ui/react-popover';
import type { FilterGroup, FilterName } from '../../lib/filters';
import { filterDef, isDefault, sameValue, valueOf, type FilterValue, type FilterValues } from '../../lib/filterValues';
import type { FilterAccess } from '../../stores/session';
import FilterControl from './FilterControl';

interface Props {
  group: FilterGroup;
  names: readonly FilterName[];
  values: FilterValues;
  applied: FilterValues;
  access: FilterAccess;
  onChange: (name: FilterName, value: FilterValue) => void;
}

export default function FilterGroupPopover({ group, names, values, applied, access, onChange }: Props) {
  const active = names.filter((n) => !isDefault(n, valueOf(applied, n)) && !(n === 'LineupAllOrAny')).length;
  const pending = names.some((n) => !sameValue(valueOf(values, n), valueOf(applied, n)));
  const locked = (n: FilterName) => filterDef(n).requiresAuth && access !== 'plan';
  const allLocked = names.every(locked);
  return (
    <Popover.Root>
      <Popover.Trigger className={`sa-group-button ${pending ? 'pending' : ''}`} data-group={group}>
        {allLocked && (
          <svg className="sa-group-lock" aria-label={access === 'no-plan' ? 'Needs the Stats plan' : 'Needs sign-in'} width="10" height="11" viewBox="0 0 11 12">
            <rect x="1" y="5" width="9" height="6.5" rx="1.2" fill="currentColor" />
            <path d="M3 5V3.6a2.5 2.5 0 0 1 5 0V5" fill="none" stroke="currentColor" strokeWidth="1.4" />
          </svg>
        )}
        {group}
        {active > 0 && <span className="sa-count num">{active}</span>}
        <svg aria-hidden="true" width="9" height="9" viewBox="0 0 10 10" className="sa-caret">
          <path d="M2 3.5 5 6.5 8 3.5" fill="none" stroke="currentColor" strokeWidth="1.4" />
        </svg>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className="sa-popover" align="start" sideOffset={6} collisionPadding={12} aria-label={`${group} filters`}>
          {names.map((n) => (
            <FilterControl key={n} name={n} value={valueOf(values, n)} onChange={onChange} locked={locked(n)} access={access} />
          ))}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
