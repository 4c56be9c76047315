/** A date filter: a native date input (YYYY-MM-DD) within the seasons of the data, with a clear button. */
import type { DateFilter } from '../../lib/filters';
import { FIRST_SEASON, LAST_SEASON } from '../../lib/filters';
import { normaliseDate } from '../../lib/queryState';
import type { FilterControlProps } from './types';

const MIN = `${FIRST_SEASON}-09-01`;
const MAX = `${LAST_SEASON + 1}-07-31`;

export default function DateFilterControl({ def, value, onChange, disabled }: FilterControlProps<DateFilter>) {
  return (
    <div className="sa-date">
      <input
        type="date"
        aria-label={def.label}
        min={MIN}
        max={MAX}
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
