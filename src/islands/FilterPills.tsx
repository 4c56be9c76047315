/** The applied filters as pills (spec section 4); removing a pill resets that filter and refetches. */
import { useStore } from '@nanostores/react';
import { $filterPills } from '../stores/filterPills';
import { removePill } from '../stores/statsApp';

export default function FilterPills() {
  const pills = useStore($filterPills);
  if (pills.length === 0) return null;
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
    </ul>
  );
}
