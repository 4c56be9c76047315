/**
 * The filter bar: one popover button per filter group with filters on this page, then Apply (flagged when
 * there are unapplied changes) and Discard. Gated filters are locked without an active Stats plan.
 *
 * First paint does not need the popovers (Radix popover and slider, the player picker): the buttons show at
 * once, the popover module loads when the browser is idle, or at the first pointer or focus on the bar, and a
 * click before it has arrived opens that group's popover as soon as it has. The buttons are plain and never
 * re-mount (src/islands/lateModule.ts).
 *
 * What Apply and "Reset filters" do is the page's: the stats app updates the URL and fetches its table
 * (src/stores/statsApp.ts); the server-rendered compare page loads the new URL (src/islands/CompareFilterBar.tsx).
 * Either way the draft and applied values are the one filter store's (src/stores/filterState.ts).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { FILTER_GROUPS, type FilterGroup, type FilterName } from '../lib/filters/filterDefinitions';
import { filterDef, isDefault, sameValue, filterValueOf, type FilterValue, type FilterValues } from '../lib/filters/filterValues';
import { whenIdle } from '../lib/site/whenIdle';
import { $filters, discardChanges, setFilter } from '../stores/filterState';
import { $filterAccess, type FilterAccess } from '../stores/authState';
import GroupButtonFace, { activeCount, groupLockFor } from './filters/GroupButtonFace';
import { lateModule } from './lateModule';

const popoverModule = lateModule(() => import('./filters/FilterGroupPopover'));

interface GroupProps {
  group: FilterGroup;
  names: readonly FilterName[];
  values: FilterValues;
  applied: FilterValues;
  access: FilterAccess;
  onChange: (name: FilterName, value: FilterValue) => void;
  /** the bar wants the popover module (idle, or a pointer or focus on the bar) */
  wanted: boolean;
}

/** A filter group's button, and its popover once the module has arrived. */
function FilterGroupButton({ group, names, values, applied, access, onChange, wanted }: GroupProps) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement | null>(null);
  const id = useId();
  const GroupPopover = popoverModule.useLoaded(wanted || open)?.default ?? null;
  const pending = names.some((n) => !sameValue(filterValueOf(values, n), filterValueOf(applied, n)));
  return (
    <>
      <button
        ref={trigger}
        type="button"
        className={`sa-group-button ${pending ? 'pending' : ''}`}
        data-group={group}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open && GroupPopover ? id : undefined}
        data-state={open ? 'open' : 'closed'}
        onClick={() => setOpen((o) => !o)}
      >
        <GroupButtonFace group={group} lock={groupLockFor(names, access)} access={access} active={activeCount(names, applied)} />
      </button>
      {GroupPopover && (
        <GroupPopover
          id={id}
          group={group}
          names={names}
          values={values}
          access={access}
          onChange={onChange}
          open={open}
          onClose={() => setOpen(false)}
          trigger={trigger}
        />
      )}
    </>
  );
}

interface Props {
  /** apply the draft (src/stores/filterState.ts applyFilters) and show the page's numbers for it */
  onApply: () => void;
  /** every filter back to its default, applied */
  onReset: () => void;
}

export default function FilterBar({ onApply, onReset }: Props) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => whenIdle(() => setWanted(true)), []);
  const state = useStore($filters);
  const access = useStore($filterAccess);
  const onChange = (name: FilterName, value: FilterValue) => setFilter(name, value, { authenticated: access === 'plan' });
  const groups = FILTER_GROUPS.map((g) => [g, state.relevant.filter((n) => filterDef(n).group === g)] as const).filter(([, names]) => names.length > 0);
  if (groups.length === 0) return null;
  const anyApplied = state.relevant.some((n) => !isDefault(n, filterValueOf(state.applied, n)));
  const want = () => setWanted(true);
  return (
    <div className="sa-filterbar" role="toolbar" aria-label="Filters" onPointerEnter={want} onFocus={want}>
      {groups.map(([group, names]) => (
        <FilterGroupButton
          key={group}
          group={group}
          names={names}
          values={state.values}
          applied={state.applied}
          access={access}
          onChange={onChange}
          wanted={wanted}
        />
      ))}
      <span className="sa-apply-area">
        {anyApplied && !state.unapplied && (
          <button type="button" className="sa-link-button" onClick={onReset}>
            Reset filters
          </button>
        )}
        {state.unapplied && (
          <>
            <span className="sa-unapplied" role="status">
              Unapplied changes
            </span>
            <button type="button" className="sa-link-button" onClick={discardChanges}>
              Discard
            </button>
          </>
        )}
        <button type="button" className="sa-apply" disabled={!state.unapplied} onClick={onApply}>
          Apply
        </button>
      </span>
    </div>
  );
}
