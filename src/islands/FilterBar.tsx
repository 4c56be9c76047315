/**
 * The filter bar: one popover button per filter group with filters on this page, then Apply (flagged when
 * there are unapplied changes) and Discard. Gated filters are locked without an active Stats plan.
 *
 * First paint does not need the popovers (Radix popover and slider, the player picker): the buttons show at
 * once and the popover module loads when the browser is idle, or at the first pointer or focus on the bar; a
 * click before it has arrived opens that group's popover as soon as it has.
 */
import { Fragment, lazy, Suspense, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { FILTER_GROUPS, type FilterName } from '../lib/filters';
import { filterDef, isDefault, sameValue, valueOf, type FilterValue } from '../lib/filterValues';
import { whenIdle } from '../lib/whenIdle';
import { $filters, discardChanges, setFilter } from '../stores/filters';
import { $filterAccess } from '../stores/session';
import { applyAndFetch, resetFiltersAndFetch } from '../stores/statsApp';
import GroupButtonFace, { activeCount, allLockedFor } from './filters/GroupButtonFace';

const FilterGroupPopover = lazy(() => import('./filters/FilterGroupPopover'));

export default function FilterBar() {
  const [wanted, setWanted] = useState(false);
  const [opening, setOpening] = useState<string | null>(null);
  useEffect(() => whenIdle(() => setWanted(true)), []);
  const state = useStore($filters);
  const access = useStore($filterAccess);
  const onChange = (name: FilterName, value: FilterValue) => setFilter(name, value, { authenticated: access === 'plan' });
  const groups = FILTER_GROUPS.map((g) => [g, state.relevant.filter((n) => filterDef(n).group === g)] as const).filter(([, names]) => names.length > 0);
  if (groups.length === 0) return null;
  const anyApplied = state.relevant.some((n) => !isDefault(n, valueOf(state.applied, n)));
  const want = () => setWanted(true);
  return (
    <div className="sa-filterbar" role="toolbar" aria-label="Filters" onPointerEnter={want} onFocus={want}>
      {groups.map(([group, names]) => {
        const plain = (
          <button
            type="button"
            className={`sa-group-button ${names.some((n) => !sameValue(valueOf(state.values, n), valueOf(state.applied, n))) ? 'pending' : ''}`}
            data-group={group}
            aria-haspopup="dialog"
            aria-expanded={false}
            onClick={() => {
              setOpening(group);
              want();
            }}
          >
            <GroupButtonFace group={group} allLocked={allLockedFor(names, access)} access={access} active={activeCount(names, state.applied)} />
          </button>
        );
        return (
          <Fragment key={group}>
            {wanted ? (
              <Suspense fallback={plain}>
                <FilterGroupPopover group={group} names={names} values={state.values} applied={state.applied} access={access} onChange={onChange} defaultOpen={opening === group} />
              </Suspense>
            ) : (
              plain
            )}
          </Fragment>
        );
      })}
      <span className="sa-apply-area">
        {anyApplied && !state.unapplied && (
          <button type="button" className="sa-link-button" onClick={() => void resetFiltersAndFetch()}>
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
        <button type="button" className="sa-apply" disabled={!state.unapplied} onClick={() => void applyAndFetch()}>
          Apply
        </button>
      </span>
    </div>
  );
}
