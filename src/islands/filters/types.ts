/** Props every filter control takes. */
import type { FilterDefinition } from '../../lib/filters';
import type { FilterValue } from '../../lib/filterValues';

export interface FilterControlProps<F extends FilterDefinition = FilterDefinition> {
  def: F;
  value: FilterValue;
  onChange: (value: FilterValue) => void;
  /** gated filter for an anonymous user */
  disabled: boolean;
}
