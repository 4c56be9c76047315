/**
 * The filter bar: one popover button per filter group with filters on this page, then Apply (flagged when
 * there are unapplied changes) and Discard. Gated filters are locked without an active Stats plan.
 */
import { useStore } from '@nanostores/react';
import { FILTER_GROUPS, type FilterName } from '../lib/filters';
import { filterDef, isDefault, valueOf, type FilterValue } from '../lib/filterValues';
import { $filters, discardChanges, setFilter } from '../stores/filters';
import { $filterAccess } from '../stores/session';
import { applyAndFetch, resetFiltersAndFetch } from '../stores/statsApp';
import FilterGroupPopover from './filters/FilterGroupPopover';

export default function FilterBar() {
  const state = useStore($filters);
  const access = useStore($filterAccess);
  const onChange = (name: FilterName, value: FilterValue) => setFilter(name, value, { authenticated: access === 'plan' });
  const groups = FILTER_GROUPS.map((g) => [g, state.relevant.filter((n) => filterDef(n).group === g)] as const).filter(([, names]) => names.length > 0);
  if (groups.length === 0) return null;
  const anyApplied = state.relevant.some((n) => !isDefault(n, valueOf(state.applied, n)));
  return (
    <div className="sa-filterbar" role="toolbar" aria-label="Filters">
      {groups.map(([group, names]) => (
        <FilterGroupPopover key={group} group={group} names={names} values={state.values} applied={state.applied} access={access} onChange={onChange} />
      ))}
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
