/** Props every filter control takes. */
import type { FilterDefinition } from '../../lib/filters/filterDefinitions';
import type { FilterValue } from '../../lib/filters/filterValues';

export interface FilterControlProps<F extends FilterDefinition = FilterDefinition> {
  def: F;
  value: FilterValue;
  onChange: (value: FilterValue) => void;
  /** gated filter for an anonymous user */
  disabled: boolean;
}
