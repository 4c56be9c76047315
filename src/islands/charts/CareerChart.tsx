/**
 * Career chart of the player profile: a chosen metric by regular season over every season the player played
 * (GET /api/data for the profile with all his seasons; the other filters of the page apply).
 */
import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { columnsOf, metricSetDefinitions } from '../../lib/tables/metricSets';
import { $playerDetails } from '../../stores/playerDetails';
import { $tableData } from '../../stores/tableData';
import { plotAxis, setColumnChoices } from './chartText';
import ColumnPicker from './ColumnPicker';
import LineChart from './LineChart';
import { useDataRows } from './useDataRows';

/** Every column of the profile's sets once (the first set that has it), box totals left out. */
const SETS = metricSetDefinitions('PlayerProfile', 'offense');
const CHOICES = setColumnChoices(SETS, columnsOf, (c) => c.format !== 'money');
const DEFAULT = CHOICES.find((c) => c.key === 'efg_pct') ?? CHOICES[0]!;

/** The table's query with every season of the player, the regular season only, and the chosen column's set. */
function careerQuery(query: string, seasons: string[], metricSet: string): string {
  const params = new URLSearchParams(query);
  params.set('metric_set', metricSet);
  params.delete('season');
  params.delete('season_type');
  for (const s of seasons) params.append('season', s.slice(0, 4));
  params.append('season_type', 'regular');
  return params.toString();
}

export default function CareerChart() {
  const table = useStore($tableData);
  const player = useStore($playerDetails);
  const [key, setKey] = useState(DEFAULT.key);
  const id = useId();
  const seasons = [...new Set((player.details?.seasons ?? []).filter((s) => s.season_type === 'regular').map((s) => s.season))].sort();
  const column = CHOICES.find((c) => c.key === key) ?? DEFAULT;
  const query = table.query && seasons.length ? careerQuery(table.query, seasons, column.set) : null;
  const data = useDataRows(query);
  if (!data || !player.details) return null;
  const rows = [...(data[column.set] ?? [])].filter((r) => r.season_type === 'regular').sort((a, b) => Number(a.season_start) - Number(b.season_start));
  if (rows.length === 0) return null;
  const axis = plotAxis(column.format);
  const points = rows.map((r) => ({ label: String(r.season), value: axis.value(r[column.key]) }));
  const label = `${player.details.name}: ${column.label} by regular season, ${points[0]!.label} to ${points[points.length - 1]!.label}, line chart`;
  return (
    <section className="chart-card" aria-label="Career">
      <div className="chart-head">
        <h2>Career</h2>
        <div className="chart-controls">
          <ColumnPicker id={`${id}-col`} label="Metric" columns={CHOICES} value={column.key} onChange={setKey} />
        </div>
      </div>
      <LineChart points={points} format={axis.tick} ariaLabel={label} height={220} fromZero={axis.fromZero} strong />
    </section>
  );
}
