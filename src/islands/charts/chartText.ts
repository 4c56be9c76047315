/** Words of the charts' accessible names: who and which sample (from the request's query string). */
import { seasonLabel } from '../../lib/filters';

const numberFormat = new Intl.NumberFormat('en-US');
export const formatCount = (n: number) => numberFormat.format(n);

/** "2015-16 regular season", "2012-13 to 2014-15 playoffs", "2012-13, 2022-23 regular season and playoffs". */
export function sampleLabel(query: string): string {
  const params = new URLSearchParams(query);
  const seasons = params.getAll('season').map(Number).filter(Number.isFinite).sort((a, b) => a - b);
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

/** How a column is plotted: minutes for seconds columns (ticks in whole minutes), the value itself otherwise. */
export function plotScale(format: string): { toPlot: (v: number) => number; label: (v: number) => string } | null {
  if (format !== 'seconds') return null;
  return { toPlot: (v) => v / 60, label: (v) => `${Math.round(v)} min` };
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
