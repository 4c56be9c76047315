/**
 * The zod building blocks of /api/data's query values (src/lib/params/apiParams.ts): single values, whole numbers in
 * bounds, calendar dates, seasons, season types, booleans, team abbreviations and player ids.
 */
import './zodSetup';
import { z } from 'zod';
import { SEASON_TYPES, type FilterDefinition, type SeasonType } from '../filters/filterDefinitions';
import { isOfferedSeason, seasonsInWords } from '../league/seasons';
import { teamByAbbr } from '../league/franchises';

/** One value only (the key must not be repeated). */
export const single = <T extends z.ZodType<unknown, string>>(inner: T) =>
  z
    .array(z.string())
    .max(1, 'must be given once')
    .transform((v) => v[0])
    .pipe(inner);

export const intString = (min: number, max: number) =>
  z
    .string()
    .regex(/^-?\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

/** A date YYYY-MM-DD that exists on the calendar (spec section 5: dates are normalised to year-month-day). */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'is not a calendar date');

/**
 * A season as its start year (2022) or its label (2022-23), one the database holds (src/lib/league/seasons.ts, read at
 * each parse: a season joins when its first game is in).
 */
const seasonValue = () =>
  z
    .string()
    .regex(/^\d{4}(-\d{2})?$/, 'must be a season like 2022 or 2022-23')
    .refine((s) => s.length === 4 || Number(s.slice(5)) === (Number(s.slice(0, 4)) + 1) % 100, 'is not a season label')
    .transform((s) => Number(s.slice(0, 4)))
    .refine((y) => isOfferedSeason(y), { error: () => `must be a season with games: ${seasonsInWords()}` });

/** Season type, with the spec's labels ("regular season", "playoff") accepted too. */
const SEASON_TYPE_ALIASES: Record<string, SeasonType> = {
  preseason: 'preseason',
  'pre season': 'preseason',
  regular: 'regular',
  'regular season': 'regular',
  regularseason: 'regular',
  playoff: 'playoffs',
  playoffs: 'playoffs',
};
const seasonTypeValue = z
  .string()
  .transform((s) => SEASON_TYPE_ALIASES[s.toLowerCase().replace(/[_+]/g, ' ')])
  .pipe(z.enum(SEASON_TYPES, { error: `must be one of ${SEASON_TYPES.join(', ')}` }));

const YES = new Set(['true', 'yes', '1']);
const NO = new Set(['false', 'no', '0']);
export const booleanValue = z
  .string()
  .refine((s) => YES.has(s.toLowerCase()) || NO.has(s.toLowerCase()), 'must be true or false')
  .transform((s) => YES.has(s.toLowerCase()));

const teamValue = z
  .string()
  .refine((s) => teamByAbbr(s) !== undefined, 'is not a team abbreviation')
  .transform((s) => teamByAbbr(s)!.teamId);

const playerIdValue = z
  .string()
  .regex(/^\d{1,10}$/, 'must be a player id')
  .transform(Number);

/**
 * Values one multi key may carry. Player keys hold alternatives or players on the floor: 20 is more than any
 * sensible question needs ("any of these 20"), and bounds the SQL a request can make. Other keys have at most 30
 * distinct values (teams); repeats beyond 50 are refused rather than parsed.
 */
const MAX_PLAYER_IDS = 20;
const MAX_VALUES = 50;

const uniqSorted = <T extends string | number>(values: T[]): T[] => [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

export function multiSchema(f: FilterDefinition): z.ZodType<unknown[]> {
  return z.array(z.string()).max(MAX_VALUES, `is given more than ${MAX_VALUES} times`).pipe(multiValues(f));
}

function multiValues(f: FilterDefinition): z.ZodType<unknown[], string[]> {
  switch (f.apiKey) {
    case 'season': {
      return z.array(seasonValue()).transform(uniqSorted);
    }
    case 'season_type':
      return z.array(seasonTypeValue).transform(uniqSorted);
    case 'period':
      return z.array(intString(1, 7)).transform(uniqSorted);
    default:
      if (f.type === 'multi') {
        const options = f.options.map(String) as [string, ...string[]];
        return z
          .array(
            z
              .string()
              .transform((s) => s.toLowerCase())
              .pipe(z.enum(options, { error: `must be one of ${options.join(', ')}` })),
          )
          .transform(uniqSorted);
      }
      if (f.type === 'teams') return z.array(teamValue).transform(uniqSorted);
      if (f.type === 'players') {
        return z.array(playerIdValue).max(MAX_PLAYER_IDS, `names more than ${MAX_PLAYER_IDS} players`).transform(uniqSorted);
      }
      throw new Error(`no multi schema for ${f.apiKey}`);
  }
}
