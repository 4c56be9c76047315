/**
 * The standings' date (`through=YYYY-MM-DD` on /stats/teams and /api/standings): the standings count the season's
 * regular-season games played on or before it. Absent: through the season's latest game held. It must be a
 * calendar date within the season's year, September 1 to August 31 (2022-23: 2022-09-01 to 2023-08-31); anything
 * else is a ParamError naming `through`.
 */
import { ParamError } from './apiParams';
import { isoDate } from './apiParamValues';
import { seasonLabel } from '../filters/filterDefinitions';

/** The first and last day a season's standings may be asked for (YYYY-MM-DD). */
export function seasonDays(season: number): { first: string; last: string } {
  return { first: `${season}-09-01`, last: `${season + 1}-08-31` };
}

/** `through` of the query string for `season`, or null when absent (an empty value counts as absent). */
export function parseStandingsThrough(search: URLSearchParams, season: number): string | null {
  const values = search
    .getAll('through')
    .map((v) => v.trim())
    .filter((v) => v !== '');
  if (values.length === 0) return null;
  if (values.length > 1) throw new ParamError('through', 'give one date');
  const text = values[0]!;
  if (!isoDate.safeParse(text).success) throw new ParamError('through', 'must be a date written YYYY-MM-DD');
  const { first, last } = seasonDays(season);
  if (text < first || text > last) throw new ParamError('through', `must be a date of the ${seasonLabel(season)} season (${first} to ${last})`);
  return text;
}
