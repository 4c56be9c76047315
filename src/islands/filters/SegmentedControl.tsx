/** Yes/no and all/any filters as a two-way segmented control. */
import type { BooleanFilter, ChoiceFilter } from '../../lib/filters/filterDefinitions';
import type { FilterValue } from '../../lib/filters/filterValues';
import type { FilterControlProps } from './types';

const GARBAGE_TIME: [FilterValue, string][] = [
  [true, 'Filter out'],
  [false, 'Include'],
];
const YES_NO: [FilterValue, string][] = [
  [true, 'Yes'],
  [false, 'No'],
];
const ALL_ANY: [FilterValue, string][] = [
  ['all', 'All'],
  ['any', 'Any'],
];

export default function SegmentedControl({ def, value, onChange, disabled }: FilterControlProps<BooleanFilter | ChoiceFilter>) {
  const choices = def.type === 'choice' ? ALL_ANY : def.name === 'FilterOutGarbageTime' ? GARBAGE_TIME : YES_NO;
  return (
    <div className="sa-segmented sa-segmented-small" role="group" aria-label={def.label}>
      {choices.map(([v, label]) => (
        <button key={label} type="button" aria-pressed={value === v} disabled={disabled} onClick={() => onChange(v)}>
          {label}
        </button>
      ))}
    </div>
  );
}
