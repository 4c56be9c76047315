/** What a filter group's button shows (lock, name, count of applied filters, caret), with or without its popover. */
import type { FilterGroup, FilterName } from '../../lib/filters';
import { filterDef, isDefault, valueOf, type FilterValues } from '../../lib/filterValues';
import type { FilterAccess } from '../../stores/session';

interface Props {
  group: FilterGroup;
  allLocked: boolean;
  access: FilterAccess;
  active: number;
}

export default function GroupButtonFace({ group, allLocked, access, active }: Props) {
  return (
    <>
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
    </>
  );
}

/** Filters of the group applied with a non-default value (the all/any choice is not a filter of its own). */
export function activeCount(names: readonly FilterName[], applied: FilterValues): number {
  return names.filter((n) => !isDefault(n, valueOf(applied, n)) && !(n === 'LineupAllOrAny')).length;
}

/** A gated filter is locked for everyone without an active Stats plan (or admin). */
export function lockedFor(name: FilterName, access: FilterAccess): boolean {
  return filterDef(name).requiresAuth && access !== 'plan';
}

/** True when every filter of the group is locked for this user. */
export function allLockedFor(names: readonly FilterName[], access: FilterAccess): boolean {
  return names.every((n) => lockedFor(n, access));
}
