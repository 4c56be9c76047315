/**
 * Parameters of similar players. The API (/api/similar, /api/v1/similar) names them `player`,
 * `season`, `age_min`, `age_max`, `min_minutes`, `limit`; the player page's section (beside the page's own
 * filters) `simSeason`, `simAgeMin`, `simAgeMax`, `simMinutes`. API: a bad value is a ParamError (400 naming
 * it). Page: an unreadable value is ignored (spec section 5), so a hand-edited link still opens.
 */
import { ParamError } from './apiParams';
import { SEASONS } from '../filters/filterDefinitions';
import { seasonsInWords } from '../league/seasons';
import { PAGE_KEYS } from './similarKeys';

export { PAGE_KEYS } from './similarKeys';

export interface SimilarParams {
  season: number | null;
  ageMin: number | null;
  ageMax: number | null;
  minMinutes: number | null;
  limit: number;
}

export const SIMILAR_MAX_LIMIT = 25;
export const SIMILAR_DEFAULT_LIMIT = 10;
/** Minutes filter bounds: a profile has at least 500 (src/server/stats/metrics/similarity.ts); a season at most ~3,500. */
export const SIMILAR_MAX_MINUTES = 4000;
export const AGE_BOUNDS = [18, 45] as const;

export const API_KEYS = { season: 'season', ageMin: 'age_min', ageMax: 'age_max', minMinutes: 'min_minutes' } as const;

function seasonOf(text: string): number | null {
  const m = /^(\d{4})(?:-(\d{2}))?$/.exec(text);
  if (!m) return null;
  const y = Number(m[1]);
  if (m[2] !== undefined && (y + 1) % 100 !== Number(m[2])) return null;
  return SEASONS.includes(y) ? y : null;
}

function wholeIn(text: string, lo: number, hi: number): number | null {
  if (!/^\d{1,5}$/.test(text)) return null;
  const n = Number(text);
  return n >= lo && n <= hi ? n : null;
}

type Keys = { season: string; ageMin: string; ageMax: string; minMinutes: string };

function read(params: URLSearchParams, keys: Keys, strict: boolean): SimilarParams {
  const one = (key: string, parse: (t: string) => number | null, what: string): number | null => {
    const values = params
      .getAll(key)
      .map((v) => v.trim())
      .filter((v) => v !== '');
    if (values.length === 0) return null;
    if (values.length > 1 && strict) throw new ParamError(key, 'give one value');
    const v = parse(values[0]!);
    if (v === null && strict) throw new ParamError(key, `must be ${what}`);
    return v;
  };
  const season = one(keys.season, seasonOf, `a season the data holds (${seasonsInWords()}), e.g. ${SEASONS.at(-1)}`);
  let ageMin = one(keys.ageMin, (t) => wholeIn(t, AGE_BOUNDS[0], AGE_BOUNDS[1]), `a whole age from ${AGE_BOUNDS[0]} to ${AGE_BOUNDS[1]}`);
  let ageMax = one(keys.ageMax, (t) => wholeIn(t, AGE_BOUNDS[0], AGE_BOUNDS[1]), `a whole age from ${AGE_BOUNDS[0]} to ${AGE_BOUNDS[1]}`);
  if (ageMin !== null && ageMax !== null && ageMin > ageMax) [ageMin, ageMax] = [ageMax, ageMin];
  const minMinutes = one(keys.minMinutes, (t) => wholeIn(t, 0, SIMILAR_MAX_MINUTES), `whole minutes from 0 to ${SIMILAR_MAX_MINUTES}`);
  return { season, ageMin, ageMax, minMinutes, limit: SIMILAR_DEFAULT_LIMIT };
}

/** The API's parameters (strict). */
export function parseSimilarApiParams(params: URLSearchParams): SimilarParams {
  const out = read(params, API_KEYS, true);
  const limits = params.getAll('limit');
  if (limits.length > 1) throw new ParamError('limit', 'give one value');
  if (limits[0] !== undefined && limits[0] !== '') {
    const n = wholeIn(limits[0], 1, SIMILAR_MAX_LIMIT);
    if (n === null) throw new ParamError('limit', `a whole number from 1 to ${SIMILAR_MAX_LIMIT}`);
    out.limit = n;
  }
  return out;
}

/** The player page's parameters (lenient). */
export function parseSimilarPageParams(params: URLSearchParams): SimilarParams {
  return read(params, PAGE_KEYS, false);
}
