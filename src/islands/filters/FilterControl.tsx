/**
 * One filter in a popover: its label, its control, and when it is gated and the user may not use it a lock with
 * "Needs the Stats plan: sign in or sign up" (anonymous: both come back here) or "Stats plan" (signed in without an
 * active plan, linking to the plans).
 */
import type { FilterName } from '../../lib/filters/filterDefinitions';
import { filterDef, type FilterValue } from '../../lib/filters/filterValues';
import type { FilterAccess } from '../../stores/authState';
import { PLANS_HREF, signInHref, signUpHref } from './signIn';
import DateFilterControl from './DateFilterControl';
import MultiFilterControl from './MultiFilterControl';
import PlayersFilterControl from './PlayersFilterControl';
import RangeFilterControl from './RangeFilterControl';
import SegmentedControl from './SegmentedControl';
import TeamsFilterControl from './TeamsFilterControl';

interface Props {
  name: FilterName;
  value: FilterValue;
  onChange: (name: FilterName, value: FilterValue) => void;
  locked: boolean;
  access: FilterAccess;
}

function Control({ name, value, onChange, locked }: Omit<Props, 'access'>) {
  const def = filterDef(name);
  const change = (v: FilterValue) => onChange(name, v);
  switch (def.type) {
    case 'multi':
      return <MultiFilterControl def={def} value={value} onChange={change} disabled={locked} />;
    case 'date':
      return <DateFilterControl def={def} value={value} onChange={change} disabled={locked} />;
    case 'range':
      return <RangeFilterControl def={def} value={value} onChange={change} disabled={locked} />;
    case 'boolean':
    case 'choice':
      return <SegmentedControl def={def} value={value} onChange={change} disabled={locked} />;
    case 'teams':
      return <TeamsFilterControl def={def} value={value} onChange={change} disabled={locked} />;
    case 'players':
      return <PlayersFilterControl def={def} value={value} onChange={change} disabled={locked} />;
  }
}

export default function FilterControl(props: Props) {
  const def = filterDef(props.name);
  return (
    <div className={`sa-filter ${props.locked ? 'locked' : ''}`} data-filter={def.name}>
      <div className="sa-filter-head">
        <span className="sa-filter-label">{def.label}</span>
        {props.locked && (
          <span className="sa-lock">
            <svg aria-hidden="true" width="11" height="12" viewBox="0 0 11 12">
              <rect x="1" y="5" width="9" height="6.5" rx="1.2" fill="currentColor" />
              <path d="M3 5V3.6a2.5 2.5 0 0 1 5 0V5" fill="none" stroke="currentColor" strokeWidth="1.4" />
            </svg>
            {props.access === 'no-plan' ? (
              <a href={PLANS_HREF}>Stats plan</a>
            ) : (
              <>
                Needs the Stats plan: <a href={signInHref()}>sign in</a> or <a href={signUpHref()}>sign up</a>
              </>
            )}
          </span>
        )}
      </div>
      <Control {...props} />
    </div>
  );
}
