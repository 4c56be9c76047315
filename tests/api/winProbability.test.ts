/**
 * The win-probability model (src/server/models/winProbability.ts) as the ingest stored it in the test database
 * (fitted on 2012-13, checked on 2022-23), and the Leverage and Clutch filters (src/lib/filters/filterDefinitions.ts) through the
 * API against the same possessions written directly in SQL.
 *
 * The model's values are recomputed here in JavaScript from the stored coefficients and each possession's own
 * columns (margin, clock, who has the ball) and the teams' earlier results (team_games), with the formula of the
 * article written out again, not through the module's SQL.
 */
import { describe, expect, it } from 'vitest';
import { CLUTCH, LEVERAGE_LIMITS } from '../../src/lib/filters/leverage';
import { wpSeries } from '../../src/lib/game/winProbability';
import { gamePlayByPlay } from '../../src/server/stats/answers/reads';
import { call, data, HAS_DB, sql } from './helpers';

/** Who asks, for the query queue's per-client count. */
const ASKER = { client: 'test' };

const C = 15; // seconds added under the square roots (the article)
const POSSESSION_SECONDS = 14;

/** The model's log-odds of a home win from (margin, time left, ball, strength) and the six coefficients. */
function logOdds(b: number[], margin: number, t: number, ball: number, strength: number): number {
  const share = Math.sqrt(t / 2880);
  return b[0]! + (b[1]! * margin) / Math.sqrt(t + C) + (b[2]! * ball) / Math.sqrt(t + C) + b[3]! * share + b[4]! * strength * share + b[5]! * margin;
}
/** The model: home win probability. */
const wp = (b: number[], margin: number, t: number, ball: number, strength: number) => 1 / (1 + Math.exp(-logOdds(b, margin, t, ball, strength)));
const timeLeft = (period: number, startTime: number) => Math.max((period <= 4 ? 2880 : 2880 + (period - 4) * 300) - startTime, 0);

async function coefficients(model: string): Promise<number[]> {
  return (await sql<{ coefficient: number }>('SELECT coefficient FROM wp_model WHERE model = $1 ORDER BY position', [model])).map((r) => r.coefficient);
}

describe.skipIf(!HAS_DB)('the win-probability model as stored', () => {
  it('fits on 2012-13 and holds out 2022-23, with six coefficients and a two-feature baseline', async () => {
    const rows = await sql<{ model: string; n: number; fit: number[]; test: number[] }>(
      `SELECT model, count(*)::INTEGER AS n, any_value(fit_seasons)::INTEGER[] AS fit, any_value(test_seasons)::INTEGER[] AS test FROM wp_model GROUP BY model ORDER BY model`,
    );
    expect(rows.map((r) => [r.model, r.n, [...r.fit].map(Number), [...r.test].map(Number)])).toEqual([
      ['baseline', 2, [2012], [2022]],
      ['wp', 6, [2012], [2022]],
    ]);
  });

  it('every possession has a win probability in [0, 1] and a leverage level that matches its leverage', async () => {
    const [r] = await sql<{ missing: number; lo: number; hi: number; wrong: number; copies: number }>(
      `SELECT count(*) FILTER (WHERE w.possession_id IS NULL)::INTEGER AS missing, min(w.home_wp) AS lo, max(w.home_wp) AS hi,
              count(*) FILTER (WHERE p.leverage <> CASE WHEN w.leverage >= ${LEVERAGE_LIMITS[2]} THEN 4 WHEN w.leverage >= ${LEVERAGE_LIMITS[1]} THEN 3
                                                      WHEN w.leverage >= ${LEVERAGE_LIMITS[0]} THEN 2 ELSE 1 END)::INTEGER AS wrong,
              (SELECT count(*) FROM team_possessions t JOIN possessions q USING (possession_id) WHERE t.leverage IS DISTINCT FROM q.leverage)::INTEGER AS copies
         FROM possessions p LEFT JOIN win_probability w USING (possession_id)`,
    );
    expect(r).toEqual({ missing: 0, lo: expect.any(Number), hi: expect.any(Number), wrong: 0, copies: 0 });
    expect(r!.lo).toBeGreaterThanOrEqual(0);
    expect(r!.hi).toBeLessThanOrEqual(1);
  });

  it('the stored win probability and leverage are the formula over the possession and the stored coefficients', async () => {
    const b = await coefficients('wp');
    const rows = await sql<{
      period: number;
      start_time: number;
      off_is_home: boolean;
      score_diff: number;
      strength: number;
      home_wp: number;
      leverage: number;
    }>(
      `SELECT p.period, p.start_time, p.off_is_home, p.score_diff, w.strength, w.home_wp, w.leverage
         FROM possessions p JOIN win_probability w USING (possession_id) WHERE p.possession_id % 997 = 0`,
    );
    expect(rows.length).toBeGreaterThan(300);
    for (const r of rows) {
      const margin = r.off_is_home ? r.score_diff : -r.score_diff;
      const ball = r.off_is_home ? 1 : -1;
      const t = timeLeft(r.period, r.start_time);
      expect(r.home_wp).toBeCloseTo(wp(b, margin, t, ball, r.strength), 5);
      const after = Math.max(t - POSSESSION_SECONDS, 0);
      const swing = 100 * Math.abs(wp(b, margin + 2 * ball, after, -ball, r.strength) - wp(b, margin, after, -ball, r.strength));
      expect(r.leverage).toBeCloseTo(swing, 3);
    }
  });

  it("the strength input is each team's margin over its earlier games of the season only, shrunk by 10 games", async () => {
    // Miami's home games of 2012-13 (no 2011-12 in the test database: the prior is 0).
    const games = await sql<{ game_id: number; date: string; opp: number; strength: number }>(
      `SELECT g.game_id, strftime(g.date, '%Y-%m-%d') AS date, g.away_team_id AS opp, any_value(w.strength) AS strength
         FROM games g JOIN win_probability w USING (game_id)
        WHERE g.home_team_id = 1610612748 AND g.season = 2012 GROUP BY g.game_id, g.date, g.away_team_id ORDER BY g.date`,
    );
    const results = await sql<{ team_id: number; date: string; diff: number }>(
      `SELECT team_id, strftime(date, '%Y-%m-%d') AS date, (pts - opp_pts)::INTEGER AS diff FROM team_games WHERE season = 2012`,
    );
    const rating = (team: number, before: string) => {
      const earlier = results.filter((r) => r.team_id === team && r.date < before);
      return earlier.reduce((s, r) => s + r.diff, 0) / (earlier.length + 10);
    };
    expect(games.length).toBeGreaterThan(40);
    expect(games[0]!.strength).toBeCloseTo(0, 6);
    for (const g of games) expect(g.strength).toBeCloseTo(rating(1610612748, g.date) - rating(g.opp, g.date), 4);
  });

  it('rises with the home margin at any fixed time, ball and strength', async () => {
    const b = await coefficients('wp');
    for (const t of [2880, 1440, 300, 60, 10, 0]) {
      for (const ball of [1, -1]) {
        for (const strength of [-8, 0, 8]) {
          // The log-odds rise strictly (the probability itself rounds to 1 in floating point for big late leads).
          let previous = -Infinity;
          let previousP = 0;
          for (let margin = -30; margin <= 30; margin++) {
            const z = logOdds(b, margin, t, ball, strength);
            const p = wp(b, margin, t, ball, strength);
            expect(z, `t=${t} ball=${ball} strength=${strength} margin=${margin}`).toBeGreaterThan(previous);
            expect(p).toBeGreaterThanOrEqual(previousP);
            previous = z;
            previousP = p;
          }
        }
      }
    }
  });

  it("the chart's series ends at 1 for a home win and 0 for a loss; the last possession already favours the winner", async () => {
    for (const code of ['0021200001', '0021200002', '0022200500']) {
      const pbp = await gamePlayByPlay(ASKER, code);
      const homeWon = pbp.home.pts > pbp.away.pts;
      const series = wpSeries(pbp.winProbability, 2880 + Math.max(0, pbp.periods - 4) * 300, homeWon);
      expect(series.at(-1)!.wp).toBe(homeWon ? 1 : 0);
      for (const p of series) expect(p.wp).toBeGreaterThanOrEqual(0);
    }
    const [r] = await sql<{ games: number; favoured: number }>(
      `WITH last AS (SELECT p.game_id, arg_max(w.home_wp, p.possession_id) AS wp FROM possessions p JOIN win_probability w USING (possession_id)
                      WHERE p.possessions = 1 GROUP BY p.game_id)
       SELECT count(*)::INTEGER AS games, count(*) FILTER (WHERE (g.home_pts > g.away_pts) = (l.wp > 0.5))::INTEGER AS favoured
         FROM last l JOIN games g USING (game_id)`,
    );
    expect(r!.favoured / r!.games).toBeGreaterThan(0.95);
  });

  it('is calibrated on the held-out season (2022-23) and beats the margin-and-time baseline there', async () => {
    const base = await coefficients('baseline');
    const rows = await sql<{ bin: number; n: number; predicted: number; actual: number }>(
      `SELECT least(floor(w.home_wp * 10), 9)::INTEGER AS bin, count(*)::INTEGER AS n, avg(w.home_wp) AS predicted, avg((g.home_pts > g.away_pts)::INTEGER) AS actual
         FROM possessions p JOIN win_probability w USING (possession_id) JOIN games g ON g.game_id = p.game_id
        WHERE p.season = 2022 AND p.possessions = 1 GROUP BY bin ORDER BY bin`,
    );
    expect(rows.length).toBe(10);
    for (const r of rows) {
      expect(r.n).toBeGreaterThan(5000);
      expect(Math.abs(r.predicted - r.actual), `bin ${r.bin}`).toBeLessThan(0.07);
    }
    const sample = await sql<{ period: number; start_time: number; off_is_home: boolean; score_diff: number; home_wp: number; won: number }>(
      `SELECT p.period, p.start_time, p.off_is_home, p.score_diff, w.home_wp, (g.home_pts > g.away_pts)::INTEGER AS won
         FROM possessions p JOIN win_probability w USING (possession_id) JOIN games g ON g.game_id = p.game_id
        WHERE p.season = 2022 AND p.possessions = 1 AND p.possession_id % 7 = 0`,
    );
    let brier = 0;
    let brierBase = 0;
    for (const r of sample) {
      const margin = r.off_is_home ? r.score_diff : -r.score_diff;
      const t = timeLeft(r.period, r.start_time);
      const pBase = 1 / (1 + Math.exp(-((base[0]! * margin) / Math.sqrt(t + C) + base[1]! * margin)));
      brier += (r.home_wp - r.won) ** 2;
      brierBase += (pBase - r.won) ** 2;
    }
    expect(brier / sample.length).toBeLessThan(brierBase / sample.length);
    expect(brier / sample.length).toBeLessThan(0.19);
  });
});

const MIA_OFFENSE = "p.off_team_id = 1610612748 AND p.season = 2012 AND p.season_type = 'regular' AND NOT p.is_garbage_time AND NOT p.is_heave";
const HIGH = `p.possession_id IN (SELECT possession_id FROM win_probability WHERE leverage >= ${LEVERAGE_LIMITS[1]})`;
const LOW = `p.possession_id IN (SELECT possession_id FROM win_probability WHERE leverage < ${LEVERAGE_LIMITS[0]})`;
// Clutch by the clock: 5:00 or less left in the 4th or in an overtime, within 5 points.
const CLUTCH_SQL = `p.period >= 4 AND p.start_clock <= 300 AND abs(p.score_diff) <= ${CLUTCH.maxMargin}`;

describe.skipIf(!HAS_DB)('the Leverage and Clutch filters = the same possessions in SQL', () => {
  it.each([
    ['high and very high leverage', 'leverage=high&leverage=very_high', HIGH],
    ['low leverage', 'leverage=low', LOW],
    ['clutch', 'clutch=true', CLUTCH_SQL],
    ['clutch and low leverage', 'clutch=true&leverage=low', `${CLUTCH_SQL} AND ${LOW}`],
  ])('%s: Miami on offense, 2012-13', async (_name, qs, where) => {
    const rows = (await data(`page=TeamTeam&entity=MIA&season=2012&${qs}`)).Team_FourFactors!;
    const [ref] = await sql<{ poss: number; pts: number }>(
      `SELECT SUM(p.possessions)::INTEGER AS poss, SUM(p.pts)::INTEGER AS pts FROM possessions p WHERE ${MIA_OFFENSE} AND ${where}`,
    );
    expect(ref!.poss).toBeGreaterThan(0);
    expect(rows[0].poss).toBe(ref!.poss);
    expect(rows[0].pts_per_poss).toBeCloseTo((100 * ref!.pts) / ref!.poss, 1);
  });

  it('every level together, or no level, is the whole sample', async () => {
    const all = (await data('page=TeamTeam&entity=MIA&season=2012&leverage=low&leverage=medium&leverage=high&leverage=very_high')).Team_FourFactors!;
    const none = (await data('page=TeamTeam&entity=MIA&season=2012')).Team_FourFactors!;
    expect(all[0].poss).toBe(none[0].poss);
  });

  it('clutch on defense: the possessions Miami defended', async () => {
    const rows = (await data('page=TeamTeam&entity=MIA&season=2012&side=defense&clutch=true')).Opponent_FourFactors!;
    const [ref] = await sql<{ poss: number }>(
      `SELECT SUM(p.possessions)::INTEGER AS poss FROM possessions p
        WHERE p.def_team_id = 1610612748 AND p.season = 2012 AND p.season_type = 'regular' AND NOT p.is_filtered_out AND ${CLUTCH_SQL}`,
    );
    expect(rows[0].poss).toBe(ref!.poss);
  });

  it("players table with a lineup filter (read from team_possessions): James's teammates' possessions in clutch time", async () => {
    const rows = (await data('page=Players&metric_set=OffensiveOverview&season=2012&on_court_with=2544&clutch=true')).OffensiveOverview!;
    const [ref] = await sql<{ poss: number }>(
      `SELECT SUM(p.possessions)::INTEGER AS poss FROM possessions p
        WHERE p.season = 2012 AND p.season_type = 'regular' AND NOT p.is_filtered_out AND ${CLUTCH_SQL} AND 2544 IN (p.o1, p.o2, p.o3, p.o4, p.o5)`,
    );
    const james = rows.find((r) => r.player_id === 2544);
    expect(ref!.poss).toBeGreaterThan(50);
    expect(james.poss).toBe(ref!.poss);
  });

  it('players table without a lineup filter: very high leverage possessions with James on offense', async () => {
    const rows = (await data('page=Players&metric_set=OffensiveOverview&season=2012&leverage=very_high')).OffensiveOverview!;
    const [ref] = await sql<{ poss: number; pts: number }>(
      `SELECT SUM(p.possessions)::INTEGER AS poss FROM possessions p JOIN win_probability w USING (possession_id)
        WHERE p.season = 2012 AND p.season_type = 'regular' AND NOT p.is_filtered_out AND w.leverage >= ${LEVERAGE_LIMITS[2]}
          AND 2544 IN (p.o1, p.o2, p.o3, p.o4, p.o5)`,
    );
    expect(rows.find((r) => r.player_id === 2544).poss).toBe(ref!.poss);
  });

  it("shots: James's clutch attempts are the shots of clutch possessions", async () => {
    const r = await call('/api/shots?page=PlayerProfile&entity=2544&season=2012&clutch=true');
    expect(r.status).toBe(200);
    const [ref] = await sql<{ fga: number; fgm: number }>(
      `SELECT count(*)::INTEGER AS fga, count(*) FILTER (WHERE s.made)::INTEGER AS fgm FROM shots s JOIN possessions p USING (possession_id)
        WHERE s.player_id = 2544 AND p.season = 2012 AND p.season_type = 'regular' AND NOT p.is_filtered_out AND ${CLUTCH_SQL}`,
    );
    expect(ref!.fga).toBeGreaterThan(10);
    expect([r.body.fgm, r.body.fga]).toEqual([ref!.fgm, ref!.fga]);
  });

  it('both are paid filters: anonymous requests get 403, bad values 400', async () => {
    for (const qs of ['leverage=high', 'clutch=true']) {
      const r = await call(`/api/data?page=TeamTeam&entity=MIA&season=2012&${qs}`, null);
      expect(r.status, qs).toBe(403);
      expect((await call(`/api/shots?page=PlayerProfile&entity=2544&season=2012&${qs}`, null)).status, qs).toBe(403);
    }
    // The default (not clutch) is not using the filter.
    expect((await call('/api/data?page=TeamTeam&entity=MIA&season=2012&clutch=false', null)).status).toBe(200);
    const bad = await call('/api/data?page=TeamTeam&entity=MIA&season=2012&leverage=extreme');
    expect(bad.status).toBe(400);
    expect(bad.body.param).toBe('leverage');
  });
});
