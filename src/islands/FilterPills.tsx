/**
 * The applied filters as pills (spec section 4); removing a pill resets that filter and refetches. After them,
 * the gated filters of a shared link that this user cannot use (src/stores/lockedFilters.ts) as locked pills,
 * with what they need (the Stats plan; sign-in first when signed out) and a way to drop them. The table is the
 * answer without them.
 *
 * The note about locked filters is its own component: StatsApp renders it after the phone's compact bar, not inside
 * it, so a phone that opens a shared link with /stats/players?location=home says at once that the table is not
 * filtered by Location (the pills themselves fold behind the bar; on a desktop the note sits under them as before).
 */
import { useStore } from '@nanostores/react';
import { pillLabel, valueText } from '../lib/filters/filterLabels';
import { $filterPills } from '../stores/filterPills';
import { $lockedFilters } from '../stores/lockedFilters';
import { $filterAccess } from '../stores/authState';
import { dropLockedFilters, removePill } from '../stores/statsApp';
import { PLANS_HREF, signInHref } from './filters/signIn';

function LockIcon() {
  return (
    <svg className="sa-pill-lock" aria-hidden="true" width="10" height="11" viewBox="0 0 11 12">
      <rect x="1" y="5" width="9" height="6.5" rx="1.2" fill="currentColor" />
      <path d="M3 5V3.6a2.5 2.5 0 0 1 5 0V5" fill="none" stroke="currentColor" strokeWidth="1.4" />
    </svg>
  );
}

export default function FilterPills() {
  const pills = useStore($filterPills);
  const locked = useStore($lockedFilters);
  if (pills.length === 0 && locked.length === 0) return null;
  return (
    <ul className="sa-pills" aria-label="Applied filters">
      {pills.map((p) => (
        <li key={p.name} className="sa-pill" data-filter={p.name}>
          <span className="sa-pill-label">{p.label}</span>
          <span className="sa-pill-value">{p.text}</span>
          {p.removable && (
            <button type="button" className="sa-pill-remove" aria-label={`Remove ${p.label} filter`} onClick={() => void removePill(p.name)}>
              ×
            </button>
          )}
        </li>
      ))}
      {locked.map((l) => (
        <li key={l.name} className="sa-pill sa-pill-locked" data-filter={l.name} data-locked="true" title="Needs the Stats plan: not applied">
          <LockIcon />
          <span className="sa-pill-label">{pillLabel(l.name)}</span>
          <span className="sa-pill-value">{valueText(l.name, l.value)}</span>
          <span className="visually-hidden"> (locked: not applied)</span>
        </li>
      ))}
    </ul>
  );
}

/** What the locked pills need, and a way to drop them; nothing when no filter is locked. */
export function LockedFiltersNote() {
  const locked = useStore($lockedFilters);
  const access = useStore($filterAccess);
  return (
    <>
      {locked.length > 0 && (
        <p className="sa-locked-note" role="note" data-testid="locked-filters-note">
          <span>
            <LockIcon />
            {locked.length === 1 ? 'This filter needs' : 'These filters need'} the Stats plan, so the table is shown without{' '}
            {locked.length === 1 ? 'it' : 'them'}.{' '}
            {access === 'anonymous' && (
              <>
                <a href={signInHref()}>Sign in</a> or{' '}
              </>
            )}
            <a href={PLANS_HREF}>{access === 'anonymous' ? 'see the plans' : 'See the plans'}</a>.
          </span>
          <button type="button" className="sa-link-button" onClick={dropLockedFilters}>
            Remove locked filters
          </button>
        </p>
      )}
    </>
  );
}
