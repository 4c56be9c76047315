/**
 * GET /api/v1/finder: the finder (src/lib/views/finderQuery.ts has the query, src/server/stats/finder/finder.ts runs
 * it): player games, team games, seasons, streaks and spans meeting conditions, counted under the filters, with the
 * count of all matches; `format=csv` every matching row. Gating, quotas and errors as every v1 endpoint (a heavy
 * query, over many seasons or the possessions, costs the heavy cost). Made by `finderEndpoint(gate, filterKeys)`
 * with the list's gate and filter documentation (endpoints.ts), so the finder's entry reads as the others do.
 */
import '../../../lib/params/zodSetup';
import { z } from 'zod';
import type { DataQuery } from '../../../lib/params/apiParams';
import { FINDER_MAX_CONDITIONS, FINDER_MAX_PAGE_SIZE, FINDER_MODES, FINDER_OPS, FINDER_PAGE_SIZE, FINDER_STAT_KEYS } from '../../../lib/views/finderQuery';
import { config } from '../../config';
import { finderLaneOf, finderQueryOf, runFinder } from '../../stats/finder/finder';
import { finderCsvDownload } from '../../stats/finder/finderCsv';
import type { V1Endpoint, V1Request } from './endpointTypes';

const nullableNumber = () => z.number().nullable();

export const FinderAnswer = z
  .object({
    query: z.string().describe('The canonical query string of the answer: /stats/finder?{query} is its permalink on the site.'),
    mode: z.enum(FINDER_MODES),
    of: z.enum(['player', 'team']).describe('Whose rows: players or teams.'),
    total: z.number().int().describe('Every row matching, over all pages.'),
    page: z.number().int(),
    pageSize: z.number().int(),
    rows: z.array(
      z.object({
        player_id: z.number().int().nullable().describe('Player rows: the player id.'),
        player_name: z.string().nullable(),
        team_id: z.number().int().describe('The team (of a player of several: the last one of the row).'),
        abbr: z.string().describe('Its abbreviation that season.'),
        teams: z
          .string()
          .nullable()
          .describe('Season and streak rows: every team of the row, e.g. "BKN/PHI"; span rows: the teams of its first and last game.'),
        season: z.number().int().describe('Season start year (of a streak or span: where it starts).'),
        season_type: z.string(),
        game_id: z.string().nullable().describe('Game rows: the 10-digit game id.'),
        date: z.string().nullable().describe('Game rows: YYYY-MM-DD.'),
        opp_abbr: z.string().nullable(),
        is_home: z.boolean().nullable(),
        won: z.boolean().nullable(),
        games: z.number().int().describe("Games in the row: 1, a season's, a streak's length, a span's N."),
        start_date: z.string().nullable(),
        end_date: z.string().nullable(),
        first_game: z.string().nullable(),
        last_game: z.string().nullable(),
        active: z.boolean().nullable().describe('Streaks: alive (it reaches the latest game of the season under way).'),
        stats: z
          .object(Object.fromEntries(FINDER_STAT_KEYS.map((s) => [s, nullableNumber()])))
          .describe('Every stat (two decimals); null where a rate has no denominator.'),
      }),
    ),
  })
  .meta({ id: 'FinderAnswer', description: 'A page of finder rows and the count of all matches.' });

/** The finder's own query keys, documented; the filter keys come from the list (filterKeys). */
function finderQueryDoc(filterKeys: Record<string, z.ZodType>): z.ZodObject {
  return z.object({
    mode: z.enum(FINDER_MODES).optional().describe('What to find: player_games (default), team_games, player_seasons, team_seasons, streaks, spans.'),
    of: z.enum(['player', 'team']).optional().describe('Streaks and spans: of players (default) or teams.'),
    cond: z
      .string()
      .optional()
      .describe(
        `A condition stat:op:value, repeated (all must hold, at most ${FINDER_MAX_CONDITIONS}). stat: ${FINDER_STAT_KEYS.join(', ')}; op: ${Object.entries(
          FINDER_OPS,
        )
          .map(([k, v]) => `${k} (${v})`)
          .join(
            ', ',
          )}; value: a number (minutes for min, 0-100 for a percentage). E.g. cond=pts:ge:30&cond=ast:ge:10. An unknown stat, an impossible range or too many conditions: 400 naming cond.`,
      ),
    span: z.string().regex(/^\d+$/).optional().describe('Spans: games in a span, 2 to 82 (default 10).'),
    span_stat: z
      .enum(FINDER_STAT_KEYS)
      .optional()
      .describe("Spans: the stat each entity's best span is chosen and ranked by (default the first condition's, else pts)."),
    per: z.enum(['total', 'game']).optional().describe('Season and span rows: totals (default) or per-game averages (conditions too).'),
    player: z.string().regex(/^\d+$/).optional().describe("Only this player's rows (a player id)."),
    team: z.string().optional().describe("Only this team's rows, or its players' (an abbreviation)."),
    sort: z
      .string()
      .optional()
      .describe(
        "A stat, or date (game modes), games (season modes), length (streaks). Default: the first condition's stat; streaks by length; spans by span_stat.",
      ),
    dir: z.enum(['desc', 'asc']).optional().describe('desc (default) or asc.'),
    page: z.string().regex(/^\d+$/).optional().describe('1-based page.'),
    page_size: z.string().regex(/^\d+$/).optional().describe(`Rows per page, 1 to ${FINDER_MAX_PAGE_SIZE} (default ${FINDER_PAGE_SIZE}).`),
    format: z.enum(['json', 'csv']).optional().describe('csv: every matching row (at most 10,000) as CSV.'),
    ...filterKeys,
  });
}

/** The /api/v1/finder entry of the endpoint list. */
export function finderEndpoint(
  gate: (q: Pick<DataQuery, 'filters'>, r: V1Request) => void,
  filterKeys: Record<string, z.ZodType>,
  wantsCsv: (r: V1Request) => boolean,
): V1Endpoint {
  return {
    path: '/api/v1/finder',
    summary: 'The finder: games, seasons, streaks and spans by their stats',
    description:
      "Player games, team games, player or team seasons, streaks (consecutive games meeting every condition, longest first) and spans (each entity's best run of N games by a stat) meeting conditions on PTS, REB, ORB, DRB, AST, STL, BLK, TOV, PF, FGM, FGA, 3PM, 3PA, FTM, FTA, MIN, +/-, TS%, eFG%, USG% and on-court net rating, " +
      "every number counted under the filters (the same keys and gating as /api/v1/table; whole games unless is_garbage_time=true). The query is the site's /stats/finder permalink. Sorted and paged, with the count of all matches.",
    query: finderQueryDoc(filterKeys),
    answer: FinderAnswer,
    csv: true,
    prepare: (r) => {
      const params = new URLSearchParams(r.url.searchParams);
      params.delete('format');
      const q = finderQueryOf(params);
      gate(q, r);
      return {
        cost: finderLaneOf(q) === 'heavy' ? config.apiQuota.heavyCost : 1,
        run: () => (wantsCsv(r) ? finderCsvDownload(q, r.asker, r.request) : runFinder(q, { asker: r.asker })),
      };
    },
  };
}
