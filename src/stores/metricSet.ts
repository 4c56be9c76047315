/**
 * Metric sets (spec section 4): the options of the current page kind and side, and the selected one.
 * The selection comes from the `metricSet` query parameter (a set's clientQueryParam or value), falling back to
 * the first available set. Changing side refreshes the options and resets the selection to the first one.
 * Switching set only re-renders the rows already loaded (every set of a view arrives in one response).
 */
import { atom, computed } from 'nanostores';
import { metricSetOptions, type MetricSetOption } from '../lib/tables/metricSets';
import { $page } from './page';
import { $side } from './side';

export const $metricSetOptions = computed([$page, $side], (page, side): MetricSetOption[] => metricSetOptions(page.kind, side));

/** The wanted set's value (or query parameter); null = the first available. */
export const $metricSetChoice = atom<string | null>(null);

/** The selected set: the choice when the page offers it, else the first option. */
export const $metricSet = computed(
  [$metricSetOptions, $metricSetChoice],
  (options, choice): MetricSetOption | undefined =>
    (choice === null ? undefined : options.find((o) => o.value === choice || o.clientQueryParam === choice)) ?? options[0],
);

/** Select a set by value or clientQueryParam (unknown names fall back to the first set). */
export function selectMetricSet(choice: string | null): void {
  const option = choice === null ? undefined : $metricSetOptions.get().find((o) => o.value === choice || o.clientQueryParam === choice);
  $metricSetChoice.set(option ? option.value : null);
}

/** Back to the first available set. */
export function resetMetricSet(): void {
  $metricSetChoice.set(null);
}

// Spec section 4: changing side resets the selected metric set to the first available.
$side.listen(() => resetMetricSet());
