/** Words of the charts' accessible names: who and which sample (from the request's query string). */
import { seasonLabel } from '../../lib/filters/filterDefinitions';
import { formatValue } from '../../lib/tables/format';
import type { ColumnFormat } from '../../lib/tables/metricColumns';

const numberFormat = new Intl.NumberFormat('en-US');
export const formatCount = (n: number) => numberFormat.format(n);

/** "2015-16 regular season", "2012-13 to 2014-15 playoffs", "2012-13, 2022-23 regular season and playoffs". */
export function sampleLabel(query: string): string {
  const params = new URLSearchParams(query);
  const seasons = params
    .getAll('season')
    .map(Number)
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  const types = params.getAll('season_type');
  const consecutive = seasons.every((s, i) => i === 0 || s === seasons[i - 1]! + 1);
  const seasonText =
    seasons.length === 0
      ? ''
      : seasons.length === 1
        ? seasonLabel(seasons[0]!)
        : consecutive
          ? `${seasonLabel(seasons[0]!)} to ${seasonLabel(seasons[seasons.length - 1]!)}`
          : seasons.map(seasonLabel).join(', ');
  const named = types.map((t) => (t === 'regular' ? 'regular season' : t));
  const typeText = named.length === 0 ? 'regular season' : named.join(' and ');
  return `${seasonText} ${typeText}`.trim();
}

/** Percent with one decimal, or a dash. */
export const formatPct = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? '–' : `${v.toFixed(1)}%`);

/**
 * How a column is plotted on a line chart: the value of a row's cell (seconds columns in minutes, ticks in whole
 * minutes), the tick text, and whether the axis starts at zero (counts and times do; rates and percents follow the
 * data).
 */
export function plotAxis(format: ColumnFormat): { value: (cell: unknown) => number | null; tick: (v: number) => string; fromZero: boolean } {
  const minutes = format === 'seconds';
  return {
    value: (cell) => (typeof cell === 'number' ? (minutes ? cell / 60 : cell) : null),
    tick: minutes ? (v) => `${Math.round(v)} min` : (v) => formatValue(v, format),
    fromZero: format === 'number' || minutes,
  };
}

/** The column a chart starts on: points per 100, else eFG%, else the first rate or percent column, else the first. */
export function defaultColumn<C extends { key: string; format: string }>(columns: readonly C[]): C | undefined {
  return (
    columns.find((c) => c.key === 'pts_per_100') ??
    columns.find((c) => c.key === 'efg_pct') ??
    columns.find((c) => c.format === 'rate' || c.format === 'percent') ??
    columns[0]
  );
}

/**
 * A chart's metric choices: every column of these sets once (the first set that has it), each with its set's value
 * (the request asks that set), those `keep` refuses left out. Example: the profile's sets without money columns.
 */
export function setColumnChoices<D extends { value: string }, C extends { key: string }>(
  defs: readonly D[],
  columnsOf: (def: D) => readonly C[],
  keep: (c: C) => boolean,
): (C & { set: string })[] {
  return defs
    .flatMap((def) => columnsOf(def).map((c) => ({ ...c, set: def.value })))
    .filter((c, i, all) => all.findIndex((o) => o.key === c.key) === i && keep(c));
}
