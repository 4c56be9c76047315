/**
 * Query parameters of the RAPM leaderboard (/stats/rapm and /api/v1/rapm): which fit (a season or the
 * three-season window ending at it), the minimum possessions, a position group, the sort. Parsed with zod so a
 * bad value answers 400 with a message naming the parameter.
 */
import './zodSetup';
import { z } from 'zod';
import { latestSeason, SEASONS } from '../filters/filterDefinitions';
import { seasonsInWords } from '../league/seasons';
import { POSITION_GROUPS } from '../league/positionGroups';

/** Seasons in a fit: one season, or the three-season window ending at `season`. */
export const RAPM_SPANS = [1, 3] as const;
/** Default minimum possessions (offense plus defense) per season of the fit. */
export const RAPM_MIN_POSS_PER_SEASON = 2000;
export const RAPM_SORTS = ['total', 'off', 'def', 'possessions', 'name'] as const;
export type RapmSort = (typeof RAPM_SORTS)[number];

/** The refusal of a season the database does not hold (its seasons: src/lib/league/seasons.ts). */
const seasonRange = () => `expected a season the data holds: ${seasonsInWords()} (e.g. ${latestSeason()})`;

export const rapmParamsSchema = z.object({
  season: z.coerce
    .number({ error: 'expected a season start year such as 2022' })
    .int({ error: () => seasonRange() })
    .optional()
    .refine((s) => s === undefined || SEASONS.includes(s), { error: () => seasonRange() })
    .describe('Season start year, e.g. 2022 (2022-23): a season the database holds; with span=3 the last season of the window. Default the latest.'),
  span: z
    .enum(['1', '3'], { error: 'expected 1 (one season) or 3 (three seasons ending at season)' })
    .default('1')
    .transform(Number)
    .describe('1: the season alone (default); 3: the three seasons ending at `season`.'),
  min_poss: z.coerce
    .number({ error: 'expected a whole number of possessions' })
    .int('expected a whole number of possessions')
    .min(0, 'must be 0 or more')
    .max(100000, 'must be at most 100000')
    .optional()
    .describe(
      `Minimum possessions on the floor, offense plus defense (default ${RAPM_MIN_POSS_PER_SEASON} per season of the fit). Percentiles are among the players at or above it.`,
    ),
  position: z
    .enum(POSITION_GROUPS, { error: `expected one of ${POSITION_GROUPS.join(', ')}` })
    .optional()
    .describe('Only players of this estimated position group (point, combo, wing, forward, big).'),
  sort: z
    .enum(RAPM_SORTS, { error: `expected one of ${RAPM_SORTS.join(', ')}` })
    .default('total')
    .describe('Sort column: total (default), off, def, possessions or name.'),
  order: z.enum(['desc', 'asc'], { error: 'expected desc or asc' }).optional().describe('desc (default; asc for name) or asc.'),
});

export interface RapmParams {
  season: number;
  span: number;
  minPoss: number;
  position?: (typeof POSITION_GROUPS)[number];
  sort: RapmSort;
  order: 'desc' | 'asc';
}

/** A refusal names the parameter and says what was expected (shown as `{param}: {message}`, as ParamError). */
export type RapmParse = { ok: true; params: RapmParams } | { ok: false; param: string; message: string };

/** The leaderboard's parameters from a query string; empty values count as absent. */
export function parseRapmParams(search: URLSearchParams): RapmParse {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(rapmParamsSchema.shape)) {
    const v = search.get(key);
    if (v !== null && v.trim() !== '') raw[key] = v.trim();
  }
  const result = rapmParamsSchema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const param = String(issue.path[0] ?? 'parameter');
    return { ok: false, param, message: issue.message };
  }
  const p = result.data;
  return {
    ok: true,
    params: {
      season: p.season ?? latestSeason(),
      span: p.span,
      minPoss: p.min_poss ?? RAPM_MIN_POSS_PER_SEASON * p.span,
      position: p.position,
      sort: p.sort,
      order: p.order ?? (p.sort === 'name' ? 'asc' : 'desc'),
    },
  };
}

/** The query string of a leaderboard, defaults left out (links, sort headers, the CSV link). */
export function rapmQueryString(p: RapmParams, change: Partial<RapmParams> = {}): string {
  const q = { ...p, ...change };
  const out = new URLSearchParams();
  if (q.season !== latestSeason()) out.set('season', String(q.season));
  if (q.span !== 1) out.set('span', String(q.span));
  if (q.minPoss !== RAPM_MIN_POSS_PER_SEASON * q.span) out.set('min_poss', String(q.minPoss));
  if (q.position) out.set('position', q.position);
  if (q.sort !== 'total') out.set('sort', q.sort);
  if (q.order !== (q.sort === 'name' ? 'asc' : 'desc')) out.set('order', q.order);
  const s = out.toString();
  return s ? `?${s}` : '';
}
