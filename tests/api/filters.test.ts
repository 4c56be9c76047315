/**
 * Every filter of the filter model (src/lib/filters/filterDefinitions.ts), applied through the API, against the same condition written directly in SQL
 * over possessions joined with the offense's team_games row (Miami's offense, 2012-13 unless said otherwise).
 */
import { describe, expect, it } from 'vitest';
import { data, HAS_DB, sql } from './helpers';

const MIA = 1610612748;
const BASE = "p.off_team_id = 1610612748 AND p.season = 2012 AND p.season_type = 'regular'";
const CLEAN = 'NOT p.is_garbage_time AND NOT p.is_heave';

const CASES: [string, string, string][] = [
  ['days rest 0 (back-to-backs)', 'days_rest_low=0&days_rest_high=0', `${BASE} AND ${CLEAN} AND tg.days_rest = 0`],
  // The second night of a back-to-back, from the schedule itself: the team has a game dated the day before.
  [
    'second night of a back-to-back',
    'back_to_back=true',
    `${BASE} AND ${CLEAN} AND EXISTS (SELECT 1 FROM games g WHERE g.date = tg.date - 1 AND tg.team_id IN (g.home_team_id, g.away_team_id))`,
  ],
  ['opponent days rest 2 or more', 'opp_days_rest_low=2', `${BASE} AND ${CLEAN} AND tg.opp_days_rest >= 2`],
  ['opponent point-differential rank 1-10', 'opp_point_diff_rank_high=10', `${BASE} AND ${CLEAN} AND tg.opp_point_diff_rank <= 10`],
  ['opponent offensive rank 20-30', 'opp_off_rank_low=20', `${BASE} AND ${CLEAN} AND tg.opp_off_rank >= 20`],
  ['opponent defensive rank 1-5', 'opp_def_rank_low=1&opp_def_rank_high=5', `${BASE} AND ${CLEAN} AND tg.opp_def_rank <= 5`],
  ['dates', 'start_date=2013-01-01&end_date=2013-02-28', `${BASE} AND ${CLEAN} AND p.date BETWEEN DATE '2013-01-01' AND DATE '2013-02-28'`],
  ['losses', 'result=loss', `${BASE} AND ${CLEAN} AND NOT tg.won`],
  ['away games', 'location=away', `${BASE} AND ${CLEAN} AND NOT tg.is_home`],
  ['score differential -5..5', 'score_diff_low=-5&score_diff_high=5', `${BASE} AND ${CLEAN} AND p.score_diff BETWEEN -5 AND 5`],
  ['time into game: the 4th quarter', 'time_into_game_low=2160&time_into_game_high=2880', `${BASE} AND ${CLEAN} AND p.start_time BETWEEN 2160 AND 2880`],
  ['overtime periods', 'period=5&period=6&period=7', `${BASE} AND ${CLEAN} AND p.period >= 5`],
  ['garbage time kept', 'is_garbage_time=false', BASE],
  ['Chalmers at point guard', 'pg=201596', `${BASE} AND ${CLEAN} AND (p.o1 = 201596 OR p.d1 = 201596)`],
  [
    'James and Wade both on court',
    'on_court=2544&on_court=2548',
    `${BASE} AND ${CLEAN} AND 2544 IN (p.o1, p.o2, p.o3, p.o4, p.o5) AND 2548 IN (p.o1, p.o2, p.o3, p.o4, p.o5)`,
  ],
  ['Wade off court', 'off_court=2548', `${BASE} AND ${CLEAN} AND 2548 NOT IN (p.o1, p.o2, p.o3, p.o4, p.o5)`],
  ['any: Chalmers at point guard or Bosh at center', 'pg=201596&c=2547&lineup_all_or_any=any', `${BASE} AND ${CLEAN} AND (p.o1 = 201596 OR p.o5 = 2547)`],
  ['all: Chalmers at point guard and Bosh at center', 'pg=201596&c=2547', `${BASE} AND ${CLEAN} AND p.o1 = 201596 AND p.o5 = 2547`],
];

describe.skipIf(!HAS_DB)('each filter = the same condition in SQL (Miami offense)', () => {
  it.each(CASES)('%s', async (_name, qs, where) => {
    const rows = (await data(`page=TeamTeam&entity=MIA&season=2012&${qs}`)).Team_FourFactors!;
    const [ref] = await sql<{ poss: number; pts: number }>(
      `SELECT SUM(p.possessions)::INTEGER AS poss, SUM(p.pts)::INTEGER AS pts FROM possessions p
         JOIN team_games tg ON tg.game_id = p.game_id AND tg.team_id = p.off_team_id WHERE ${where}`,
    );
    expect(ref!.poss).toBeGreaterThan(0);
    expect(rows.length).toBe(1);
    expect(rows[0].poss).toBe(ref!.poss);
    expect(rows[0].pts_per_poss).toBeCloseTo((100 * ref!.pts) / ref!.poss, 1);
  });

  it('opponent filter on the defense side judges the shown team (Miami defending against Boston)', async () => {
    const rows = (await data('page=TeamTeam&entity=MIA&season=2012&side=defense&opponent=BOS')).Opponent_FourFactors!;
    const [ref] = await sql<{ poss: number }>(
      `SELECT SUM(p.possessions)::INTEGER AS poss FROM possessions p
        WHERE p.def_team_id = $1 AND p.off_team_id = 1610612738 AND p.season = 2012 AND p.season_type = 'regular' AND ${CLEAN}`,
      [MIA],
    );
    expect(rows[0].poss).toBe(ref!.poss);
  });

  it('lineup filters over several seasons count only the seasons the players played (Banchero: 2022-23 only)', async () => {
    const two = await data('page=Players&season=2012&season=2022&on_court=1631094');
    const one = await data('page=Players&season=2022&on_court=1631094');
    expect(two.OffensiveOverview).toEqual(one.OffensiveOverview);
    expect(two.OnOff_FourFactors).toEqual(one.OnOff_FourFactors);
    // any: Garnett (2012-13) or Banchero (2022-23) on court -> both seasons
    const any = (await data('page=TeamTeam&entity=ORL&season=2012&season=2022&on_court=708&on_court=1631094&lineup_all_or_any=any')).Team_FourFactors!;
    const [ref] = await sql<{ poss: number }>(
      `SELECT COALESCE(SUM(p.possessions), 0)::INTEGER AS poss FROM possessions p WHERE p.off_team_id = 1610612753 AND p.season_type = 'regular'
          AND p.season IN (2012, 2022) AND ${CLEAN} AND 708 IN (p.o1, p.o2, p.o3, p.o4, p.o5) AND 1631094 IN (p.o1, p.o2, p.o3, p.o4, p.o5)`,
    );
    // on_court is one filter ("all listed players on"): nobody played with both, so the Magic have no such possessions
    expect(ref!.poss).toBe(0);
    expect(any.length === 0 || any.every((r) => r.poss === 0)).toBe(true);
  });

  it('playoffs (2022-23, Miami reached the Finals)', async () => {
    const rows = (await data('page=TeamGameLog&entity=MIA&season=2022&season_type=playoffs')).OffensiveOverview!;
    const [ref] = await sql<{ games: number }>(
      "SELECT COUNT(*)::INTEGER AS games FROM team_games WHERE team_id = $1 AND season = 2022 AND season_type = 'playoffs'",
      [MIA],
    );
    // 2023 playoffs: Milwaukee (5 games), New York (6), Boston (7), Denver in the Finals (5) = 23 (play-in games excluded).
    expect(rows.length).toBe(ref!.games);
    expect(rows.length).toBe(23);
  });
});
