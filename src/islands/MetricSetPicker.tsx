/**
 * The metric set picker: the sets of the page kind and side, grouped under Player / Team / Opponent when the
 * sets belong to one (so a defense view says its sets are the opponents'). Switching re-renders from the data
 * already loaded (no request).
 */
import { useStore } from '@nanostores/react';
import type { MetricSetOption } from '../lib/tables/metricSets';
import { $metricSet, $metricSetOptions } from '../stores/metricSet';
import { chooseMetricSet } from '../stores/statsApp';

const GROUP_LABELS: Record<string, string> = { Player: 'Player', Team: 'Team', Opponent: 'Opponent', none: 'Sets' };

function groupsOf(options: MetricSetOption[]): [string, MetricSetOption[]][] {
  const groups = new Map<string, MetricSetOption[]>();
  for (const o of options) {
    const list = groups.get(o.group) ?? [];
    list.push(o);
    groups.set(o.group, list);
  }
  return [...groups.entries()];
}

export default function MetricSetPicker() {
  const options = useStore($metricSetOptions);
  const selected = useStore($metricSet);
  if (options.length <= 1) return null;
  const groups = groupsOf(options);
  // One group for the whole view (Team on offense, Opponent on defense): say whose numbers these are.
  const only = groups.length === 1 && groups[0]![0] !== 'none' ? GROUP_LABELS[groups[0]![0]] : null;
  return (
    <label className="sa-metric-picker">
      <span className="sa-label">{only ? `${only} metrics` : 'Metrics'}</span>
      <select value={selected?.value ?? ''} onChange={(e) => chooseMetricSet(e.target.value)} aria-label="Metric set">
        {groups.length > 1 || groups[0]?.[0] !== 'none'
          ? groups.map(([group, list]) => (
              <optgroup key={group} label={GROUP_LABELS[group] ?? group}>
                {list.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </optgroup>
            ))
          : options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
      </select>
    </label>
  );
}
