/** A date filter: a native date input (YYYY-MM-DD) within the seasons of the data, with a clear button. */
import type { DateFilter } from '../../lib/filters/filterDefinitions';
import { firstSeason, latestSeason } from '../../lib/filters/filterDefinitions';
import { normaliseDate } from '../../lib/params/queryState';
import type { FilterControlProps } from './types';

export default function DateFilterControl({ def, value, onChange, disabled }: FilterControlProps<DateFilter>) {
  // Within the seasons the database holds (src/lib/league/seasons.ts), read when drawn: a season joins as it is played.
  const min = `${firstSeason()}-09-01`;
  const max = `${latestSeason() + 1}-07-31`;
  return (
    <div className="sa-date">
      <input
        type="date"
        aria-label={def.label}
        min={min}
        max={max}
        value={typeof value === 'string' ? value : ''}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value ? normaliseDate(e.target.value) : null)}
      />
      {value !== null && !disabled && (
        <button type="button" className="sa-link-button" onClick={() => onChange(null)}>
          Clear
        </button>
      )}
    </div>
  );
}
