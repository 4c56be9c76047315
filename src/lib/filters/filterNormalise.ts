/**
 * Canonical forms of filter values, shared by the query string reader and the filter controls: dates as
 * YYYY-MM-DD, ranges ordered smaller first and snapped to the step, multi-selects in option order, teams by
 * abbreviation order, player ids ascending.
 */
import type { MultiFilter, RangeFilter } from './filterDefinitions';
import type { Range } from './filterValues';
import { TEAMS } from '../league/franchises';

const DATE_FORMS = [
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/, // 2023-01-05, 2023-1-5, ISO date-times
  /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/, // 2023/01/05
  /^(\d{4})(\d{2})(\d{2})$/, // 20230105
];

/** A date in any of the accepted spellings as YYYY-MM-DD, or null when it is not a calendar date. */
export function normaliseDate(text: string): string | null {
  for (const form of DATE_FORMS) {
    const m = form.exec(text.trim());
    if (!m) continue;
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const date = new Date(Date.UTC(y, mo - 1, d));
    if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
    return `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  }
  return null;
}

/** Range bounds ordered smaller first, clamped to the filter's bounds and snapped to its step. */
export function normaliseRange(f: RangeFilter, a: number, b: number): Range {
  const snap = (v: number) => {
    const stepped = f.min + Math.round((v - f.min) / f.step) * f.step;
    return Math.min(f.max, Math.max(f.min, stepped));
  };
  const [lo, hi] = a <= b ? [a, b] : [b, a];
  return [snap(lo), snap(hi)];
}

export function parseRange(f: RangeFilter, text: string): Range | undefined {
  const m = /^(-?\d+(?:\.\d+)?)_(-?\d+(?:\.\d+)?)$/.exec(text.trim());
  if (!m) return undefined;
  return normaliseRange(f, Number(m[1]), Number(m[2]));
}

const SEASON_TYPE_WORDS: Record<string, string> = {
  preseason: 'preseason',
  'pre season': 'preseason',
  regular: 'regular',
  'regular season': 'regular',
  playoff: 'playoffs',
  playoffs: 'playoffs',
};

/** One multi-select value read from the query, or undefined when it is not one of the options. */
export function multiOption(f: MultiFilter, text: string): string | number | undefined {
  if (f.name === 'Season') {
    const m = /^(\d{4})(?:-(\d{2}))?$/.exec(text);
    if (!m) return undefined;
    const start = Number(m[1]);
    if (m[2] !== undefined && Number(m[2]) !== (start + 1) % 100) return undefined;
    return f.options.includes(start) ? start : undefined;
  }
  if (f.name === 'SeasonType') return SEASON_TYPE_WORDS[text.toLowerCase().replace(/[_+-]/g, ' ')];
  const numeric = typeof f.options[0] === 'number';
  const value = numeric ? Number(text) : text.toLowerCase();
  return f.options.includes(value) ? value : undefined;
}

/** Sort multi values in the order of the filter's options (seasons ascending, Q1 before Q2...). */
function sortMulti(f: MultiFilter, values: Iterable<string | number>): (string | number)[] {
  const set = new Set(values);
  return f.options.filter((o) => set.has(o));
}

/**
 * A multi-select value in its canonical form: option order, no repeats. Selecting every option of a
 * filter that defaults to "none selected" (location, result, period) filters nothing, so it is the default [].
 */
export function normaliseMulti(f: MultiFilter, values: Iterable<string | number>): (string | number)[] {
  const sorted = sortMulti(f, values);
  if (f.default.length === 0 && sorted.length === f.options.length) return [];
  return sorted;
}

/** Team uuids sorted by abbreviation, no repeats. */
export function normaliseTeams(ids: Iterable<string>): string[] {
  const set = new Set(ids);
  return TEAMS.filter((t) => set.has(t.id)).map((t) => t.id);
}

/** Player ids ascending, no repeats. */
export function normalisePlayers(ids: Iterable<number>): number[] {
  return [...new Set(ids)].sort((a, b) => a - b);
}
