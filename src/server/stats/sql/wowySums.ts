/**
 * The sums behind a team's two-man with/without matrix, in ONE SQL statement per request.
 *
 * The team's possessions come from team_possessions, filed by team-season (src/server/statsSchema/derivedTables.ts):
 * a team-season is a few row groups, so the statement reads about 2 x 8,000 rows per season whatever the filters.
 * Every row filed under the team is one of its possessions: on offense (filed_offense) its five are o1..o5 and
 * the counters are its own; on defense its five are d1..d5 and the counters are its opponents'.
 *
 * The steps inside the statement:
 * 1. tp: the team's possessions that pass the filters. Game-level filters (location, result, rest, opponent
 *    ranks) and score differential are judged from the team's point of view on both sides, so its offensive
 *    rows take the offense's conditions and its defensive rows the defense's (src/server/stats/sql/filterSql.ts).
 * 2. top: the N players with the most time on court in tp (sum of the possessions' seconds, both sides), each
 *    with a bit 0..N-1 (most minutes = bit 0).
 * 3. by_mask: tp summed by side and by which of the top N were on the floor (a bitmask computed from the five by
 *    list functions, no join): a few hundred groups.
 * 4. every pair (a, b) of the top N with a's bit <= b's (a = b: the player alone) meets every group, and the
 *    group's sums go to one of four states: both on, a without b, b without a, both off (grouped on integers;
 *    names and ranks are joined to the few hundred result rows last).
 * A pair's four states add up to the team's possessions under the same filters; "both on" of (a, a) is a's
 * on-court total and "both off" his off-court total.
 */
import type { AppliedFilters } from '../../../lib/params/apiParams';
import type { StatsDb } from '../../db/statsDb';
import { teamSeasonValue } from '../../statsSchema/derivedTables';
import { commonPossessionConditions, needsTeamGames, perspectiveConditions, sampleConditions, teamGameConditions } from './filterSql';
import { and, Params } from './sql';

/** The possession counters a cell sums: possessions and time, and what efficiency and the four factors read. */
export const WOWY_COUNTERS = ['possessions', 'seconds', 'pts', 'fga', 'fgm', 'fg3m', 'ftm', 'tov', 'oreb', 'dreb'] as const;
export type WowyCounter = (typeof WOWY_COUNTERS)[number];
export type WowySums = Record<WowyCounter, number>;

/** The four states of a pair (a, b). */
export const WOWY_STATES = ['both', 'a_only', 'b_only', 'neither'] as const;
export type WowyState = (typeof WOWY_STATES)[number];

/** The statement's state codes: bit a (on = 2) plus bit b (on = 1). */
const STATE_OF_CODE: readonly WowyState[] = ['neither', 'b_only', 'a_only', 'both'];

/** One row of the statement: a pair, one of its states, one side, and the counters summed over it. */
export interface WowySumsRow extends WowySums {
  a_id: number;
  b_id: number;
  a_name: string;
  b_name: string;
  /** 0-based rank by minutes (0 = most) */
  a_rank: number;
  b_rank: number;
  /** a's seconds on court in the sample (both sides) */
  a_seconds: number;
  state: WowyState;
  /** true: the team's offensive possessions; false: its defensive possessions (opponents' counters) */
  is_offense: boolean;
}

/**
 * The sums of every pair of the team's top `n` players by minutes, per state and side, for the filters f.
 * Rows with no possession in their state are absent (a state never seen sums to zero).
 */
export async function wowySums(db: StatsDb, f: AppliedFilters, teamId: number, n: number): Promise<WowySumsRow[]> {
  const b = new Params();
  const keys = b.list(f.seasons.map((season) => teamSeasonValue(teamId, season)));
  const joinTg = needsTeamGames(f);
  // The team's point of view on each side: the offense's conditions on its offensive rows, the defense's on the others.
  const offense = and(perspectiveConditions(f, b, 'offense', 'p'));
  const defense = and(perspectiveConditions(f, b, 'defense', 'p'));
  const where = and([
    `p.team_season IN ${keys}`,
    ...sampleConditions(f, b, 'p'),
    ...(joinTg ? teamGameConditions(f, b, 'tg') : []),
    ...commonPossessionConditions(f, b, 'p'),
    `CASE WHEN p.filed_offense THEN ${offense} ELSE ${defense} END`,
  ]);
  const sums = (alias: string) => WOWY_COUNTERS.map((c) => `sum(${alias}.${c})::BIGINT AS ${c}`).join(', ');
  const sql = `
    WITH tp AS MATERIALIZED (
      SELECT p.filed_offense AS is_offense,
             CASE WHEN p.filed_offense THEN [p.o1, p.o2, p.o3, p.o4, p.o5] ELSE [p.d1, p.d2, p.d3, p.d4, p.d5] END AS five,
             ${WOWY_COUNTERS.map((c) => `p.${c}`).join(', ')}
        FROM team_possessions p${joinTg ? ` JOIN team_games tg ON tg.game_id = p.game_id AND tg.team_id = ${b.bind(teamId)}` : ''}
       WHERE ${where}
    ),
    top AS (
      SELECT player_id, (row_number() OVER (ORDER BY sum(seconds) DESC, player_id) - 1)::INTEGER AS rank, sum(seconds)::BIGINT AS seconds
        FROM (SELECT unnest(five) AS player_id, seconds FROM tp) GROUP BY player_id
      QUALIFY rank < ${b.bind(n)}
    ),
    -- the top N's ids in rank order: a player's bit is his position in this list, minus 1
    ranked AS (SELECT list(player_id ORDER BY rank) AS ids FROM top),
    by_mask AS (
      SELECT tp.is_offense,
             list_sum(list_transform(tp.five, x -> CASE WHEN list_contains(r.ids, x) THEN 1::BIGINT << (list_position(r.ids, x) - 1) ELSE 0::BIGINT END))::BIGINT AS mask,
             ${sums('tp')}
        FROM tp CROSS JOIN ranked r
       GROUP BY ALL
    ),
    pairs AS (SELECT a.rank AS a_rank, bb.rank AS b_rank FROM top a JOIN top bb ON a.rank <= bb.rank),
    cells AS (
      -- state: 3 both on, 2 a without b, 1 b without a, 0 both off
      SELECT pr.a_rank, pr.b_rank, g.is_offense, (((g.mask >> pr.a_rank) & 1) * 2 + ((g.mask >> pr.b_rank) & 1))::INTEGER AS state,
             ${sums('g')}
        FROM pairs pr CROSS JOIN by_mask g
       GROUP BY ALL
    )
    SELECT ta.player_id AS a_id, tb.player_id AS b_id, c.a_rank, c.b_rank, ta.seconds AS a_seconds, pa.name AS a_name, pb.name AS b_name,
           c.state, c.is_offense, ${WOWY_COUNTERS.map((x) => `c.${x}`).join(', ')}
      FROM cells c
      JOIN top ta ON ta.rank = c.a_rank JOIN top tb ON tb.rank = c.b_rank
      JOIN players pa ON pa.player_id = ta.player_id JOIN players pb ON pb.player_id = tb.player_id
     ORDER BY c.a_rank, c.b_rank, c.state DESC, c.is_offense`;
  const rows = await db.query(sql, b.values);
  return rows.map((r) => {
    const out = {
      a_id: Number(r.a_id),
      b_id: Number(r.b_id),
      a_name: String(r.a_name),
      b_name: String(r.b_name),
      a_rank: Number(r.a_rank),
      b_rank: Number(r.b_rank),
      a_seconds: Number(r.a_seconds),
      state: STATE_OF_CODE[Number(r.state)]!,
      is_offense: r.is_offense === true,
    } as WowySumsRow;
    for (const c of WOWY_COUNTERS) out[c] = Number(r[c] ?? 0);
    return out;
  });
}
