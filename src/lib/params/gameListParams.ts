/**
 * Query parameters of /stats/games (the game finder): which season, which season type, which team, which month.
 * Parsed with zod so a bad value answers 400 with a message naming the parameter.
 */
import './zodSetup';
import { z } from 'zod';
import { gameListSeasons, latestSeason, seasonsInWords } from '../league/seasons';
import { teamByAbbr } from '../league/franchises';

/** The refusal of a season the database has neither games nor a schedule of (src/lib/league/seasons.ts). */
const seasonRange = () => `expected a season with games or a schedule: ${seasonsInWords(gameListSeasons())} (e.g. ${latestSeason()})`;

export const gameListParamsSchema = z.object({
  season: z.coerce
    .number()
    .int()
    .optional()
    .refine((s) => s === undefined || gameListSeasons().includes(s), { error: () => seasonRange() })
    .transform((s) => s ?? latestSeason())
    .describe('Season start year, e.g. 2022 (2022-23): a season with games or a schedule in the database; default the latest with games'),
  type: z
    .enum(['regular', 'playoffs'], { error: 'expected regular or playoffs' })
    .optional()
    .describe('Season type; both when absent (playoffs exist from 2013-14 on)'),
  team: z
    .string()
    .transform((abbr, ctx) => {
      const team = teamByAbbr(abbr);
      if (!team) {
        ctx.addIssue({ code: 'custom', message: `unknown team "${abbr}"` });
        return z.NEVER;
      }
      return team.abbr;
    })
    .optional()
    .describe("A team's current or historical abbreviation; its games only"),
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'expected YYYY-MM')
    .optional()
    .describe('Calendar month YYYY-MM of the games listed when no team is chosen'),
});

export type GameListParams = z.infer<typeof gameListParamsSchema>;

export type GameListParse = { ok: true; params: GameListParams } | { ok: false; message: string };

/** Reads the finder's parameters from a query string; empty values count as absent. */
export function parseGameListParams(search: URLSearchParams): GameListParse {
  const raw: Record<string, string> = {};
  for (const key of ['season', 'type', 'team', 'month']) {
    const v = search.get(key);
    if (v !== null && v.trim() !== '') raw[key] = v.trim();
  }
  const result = gameListParamsSchema.safeParse(raw);
  if (result.success) return { ok: true, params: result.data };
  const issue = result.error.issues[0]!;
  return { ok: false, message: `Invalid ${String(issue.path[0] ?? 'parameter')}: ${issue.message}` };
}
