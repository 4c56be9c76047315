/**
 * League trend: the league's average of a chosen metric by season over every season the database holds (not only
 * the seasons in the table), under the page's other filters (season type, garbage time, period...). One request of
 * its own: the table's query with every season (GET /api/data, page=League). Drawn for one season type: the
 * regular season when the table has it, else the playoffs; the seasons in the table are listed under the chart.
 * Example: Summary's "Pts/100" from 2003-04 to 2022-23, regular season, garbage time filtered out.
 */
import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { SEASONS } from '../../lib/filters/filterDefinitions';
import { seasonsInWords } from '../../lib/league/seasons';
import { columnsOf, metricSetDefinitions } from '../../lib/tables/metricSets';
import { $metricSet } from '../../stores/metricSet';
import { $tableData } from '../../stores/tableData';
import { defaultColumn, plotAxis, setColumnChoices } from './chartText';
import ColumnPicker from './ColumnPicker';
import LineChart from './LineChart';
import { useDataRows } from './useDataRows';

/** What a shooting column counts, where its label alone is shared: "Rim" is both a share of shots and a FG%. */
const KIND_OF = (key: string) => (key.endsWith('_freq') ? 'share of shots' : key.endsWith('_acc') ? 'FG%' : key);

/** Every column of the League sets once (the first set that has it), each with its set; shared labels told apart. */
const CHOICES = (() => {
  const all = setColumnChoices(metricSetDefinitions('League'), columnsOf, (c) => c.key !== 'games');
  const shared = new Set(all.filter((c, i) => all.findIndex((o) => o.label === c.label) !== i).map((c) => c.label));
  return all.map((c) => (shared.has(c.label) ? { ...c, label: `${c.label} (${KIND_OF(c.key)})` } : c));
})();

/** The table's query with every season held and the chosen column's set. */
export function leagueTrendQuery(tableQuery: string, seasons: readonly number[], metricSet: string): string {
  const params = new URLSearchParams(tableQuery);
  params.set('metric_set', metricSet);
  params.delete('season');
  for (const s of seasons) params.append('season', String(s));
  return params.toString();
}

export default function LeagueTrendChart() {
  const table = useStore($tableData);
  const selected = useStore($metricSet);
  const [choice, setChoice] = useState<string | null>(null);
  const id = useId();
  // The column shown: the one picked here, else the table's set's first rate (Pts/100, eFG%...).
  const setColumns = CHOICES.filter((c) => c.set === selected?.value);
  const column = CHOICES.find((c) => c.key === choice) ?? defaultColumn(setColumns) ?? defaultColumn(CHOICES)!;
  const query = table.query ? leagueTrendQuery(table.query, SEASONS, column.set) : null;
  const data = useDataRows(query);
  if (!data || !table.query) return null;
  const all = data[column.set] ?? [];
  const type = all.some((r) => r.season_type === 'regular') ? 'regular' : 'playoffs';
  const rows = all.filter((r) => r.season_type === type).sort((a, b) => Number(a.season_start) - Number(b.season_start));
  if (rows.length === 0) return null;
  const axis = plotAxis(column.format);
  const points = rows.map((r) => ({ label: String(r.season), value: axis.value(r[column.key]) }));
  const typeText = type === 'regular' ? 'regular season' : 'playoffs';
  const span = points.length === 1 ? points[0]!.label : `${points[0]!.label} to ${points.at(-1)!.label}`;
  const inTable = new URLSearchParams(table.query)
    .getAll('season')
    .map(Number)
    .sort((a, b) => a - b);
  return (
    <section className="chart-card" aria-label="League trend" data-testid="league-trend">
      <div className="chart-head">
        <h2>Every season</h2>
        <div className="chart-controls">
          <ColumnPicker id={`${id}-col`} label="Metric" columns={CHOICES} value={column.key} onChange={setChoice} />
        </div>
      </div>
      <LineChart
        points={points}
        format={axis.tick}
        ariaLabel={`League average: ${column.label} by season, ${typeText}, ${span}, line chart`}
        height={220}
        fromZero={axis.fromZero}
        strong
      />
      <p className="chart-legend" data-testid="league-trend-legend">
        League average of {column.label}, season by season ({typeText}), {span} ({points.length} {points.length === 1 ? 'season' : 'seasons'}), under the
        page&apos;s other filters. The table shows {seasonsInWords(inTable)}.
      </p>
    </section>
  );
}
