/** A labelled select of the columns a chart can draw. */
import type { MetricColumn } from '../../lib/tables/metricColumns';

interface Props {
  id: string;
  label: string;
  columns: readonly MetricColumn[];
  value: string;
  onChange: (key: string) => void;
}

export default function ColumnPicker({ id, label, columns, value, onChange }: Props) {
  return (
    <label className="chart-picker" htmlFor={id}>
      <span>{label}</span>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {columns.map((c) => (
          <option key={c.key} value={c.key}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  );
}
