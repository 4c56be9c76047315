/**
 * Game log trend: a chosen column of the table's metric set over the games of the sample (oldest first) with a
 * rolling average. The rows are the table's own (no request of its own).
 */
import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { columnsOf, metricSetDefinitions } from '../../lib/tables/metricSets';
import { formatDate } from '../../lib/tables/format';
import { teamByAbbr } from '../../lib/league/franchises';
import { $metricSet } from '../../stores/metricSet';
import { $page } from '../../stores/page';
import { $playerDetails } from '../../stores/playerDetails';
import { $side } from '../../stores/side';
import { $tableData } from '../../stores/tableData';
import { defaultColumn, plotAxis, sampleLabel } from './chartText';
import ColumnPicker from './ColumnPicker';
import LineChart, { rollingMean } from './LineChart';

const WINDOWS = [5, 10];

export default function TrendChart() {
  const table = useStore($tableData);
  const page = useStore($page);
  const side = useStore($side);
  const set = useStore($metricSet);
  const player = useStore($playerDetails);
  const [choice, setChoice] = useState<string | null>(null);
  const [window, setWindow] = useState(5);
  const id = useId();
  const def = metricSetDefinitions(page.kind, side).find((d) => d.value === set?.value);
  const columns = def ? columnsOf(def).filter((c) => c.format !== 'money') : [];
  const rows = set ? (table.data[set.value] ?? []) : [];
  if (!def || !table.query || rows.length < 2) return null;
  const column = columns.find((c) => c.key === choice) ?? defaultColumn(columns)!;
  const axis = plotAxis(column.format);
  const games = [...rows].sort((a, b) => String(a.date).localeCompare(String(b.date)));
  const values = games.map((r) => axis.value(r[column.key]));
  const points = games.map((r, i) => ({ label: formatDate(String(r.date), { month: 'short', day: 'numeric' }), value: values[i]! }));
  const who = page.kind === 'PlayerGameLog' ? (player.details?.name ?? `Player ${page.entity}`) : (teamByAbbr(page.entity ?? '')?.name ?? page.entity);
  const label = `${who}: ${column.label} in each game, ${sampleLabel(table.query)}, with a ${window}-game rolling average, line chart`;
  return (
    <section className="chart-card" aria-label="Game trend">
      <div className="chart-head">
        <h2>Game by game</h2>
        <div className="chart-controls">
          <ColumnPicker id={`${id}-col`} label="Column" columns={columns} value={column.key} onChange={setChoice} />
          <label className="chart-picker" htmlFor={`${id}-win`}>
            <span>Rolling</span>
            <select id={`${id}-win`} value={window} onChange={(e) => setWindow(Number(e.target.value))}>
              {WINDOWS.map((w) => (
                <option key={w} value={w}>
                  {w} games
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>
      <LineChart points={points} rolling={rollingMean(values, window)} format={axis.tick} ariaLabel={label} fromZero={axis.fromZero} />
      <p className="chart-legend">
        <span className="legend-dot" /> each game <span className="legend-line" /> {window}-game rolling average
      </p>
    </section>
  );
}
