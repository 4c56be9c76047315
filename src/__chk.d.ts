import { FILTERS } from './lib/filters';
import type { AppliedFilters } from './lib/apiParams';
type LF = AppliedFilters['lineup'];
type FieldPath = Exclude<keyof AppliedFilters, 'lineup'> | `lineup.${keyof LF}`;
type FilterField = (typeof FILTERS)[number]['field'];
declare const a: Exclude<FilterField, FieldPath>;
declare const b: Exclude<FieldPath, FilterField>;
export declare const x: [typeof a, typeof b];
export {};
