/** What a filter group's button shows (lock, name, count of applied filters, caret), with or without its popover. */
import type { FilterGroup, FilterName } from '../../lib/filters/filterDefinitions';
import { filterDef, isDefault, filterValueOf, type FilterValues } from '../../lib/filters/filterValues';
import type { FilterAccess } from '../../stores/authState';

/** How much of a group is locked for this user: every filter, some of them (Time Within Game: 3 of 4), or none. */
export type GroupLock = 'all' | 'some' | null;

interface Props {
  group: FilterGroup;
  lock: GroupLock;
  access: FilterAccess;
  active: number;
}

function lockLabel(lock: 'all' | 'some', access: FilterAccess): string {
  const what = access === 'no-plan' ? 'the Stats plan' : 'sign-in';
  return lock === 'all' ? `Needs ${what}` : `Some filters need ${what}`;
}

export default function GroupButtonFace({ group, lock, access, active }: Props) {
  return (
    <>
      {lock && (
        <svg className="sa-group-lock" role="img" aria-label={lockLabel(lock, access)} width="10" height="11" viewBox="0 0 11 12">
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
  return names.filter((n) => !isDefault(n, filterValueOf(applied, n)) && !(n === 'LineupAllOrAny')).length;
}

/** A gated filter is locked for everyone without an active Stats plan (or admin). */
export function lockedFor(name: FilterName, access: FilterAccess): boolean {
  return filterDef(name).requiresAuth && access !== 'plan';
}

/** The padlock a group's button shows: 'all' when every filter is locked for this user, 'some' when only part is. */
export function groupLockFor(names: readonly FilterName[], access: FilterAccess): GroupLock {
  const locked = names.filter((n) => lockedFor(n, access)).length;
  return locked === 0 ? null : locked === names.length ? 'all' : 'some';
}
