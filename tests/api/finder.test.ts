/**
 * The finder (GET /api/finder, src/server/stats/finder/) on the test database (2012-13 and 2022-23), each example
 * of the finder's page checked against SQL written here over the player games, the possessions and the players'
 * possession rows, or against the league's official team box scores (team-box-scores.parquet), never against the
 * finder's own SQL. Streaks and spans are rebuilt in JavaScript from per-game numbers the hand SQL gives.
 */
import { describe, expect, it } from 'vitest';
import { call, HAS_DB, rawFile, rawSql, sql, SIGNED_IN } from './helpers';
import { runFinder } from '../../src/server/stats/finder/finder';

type Row = {
  player_id: number | null;
  team_id: number;
  game_id: string | null;
  date: string | null;
  games: number;
  start_date: string | null;
  end_date: string | null;
  stats: Record<string, number | null>;
};

async function find(qs: string, session = SIGNED_IN): Promise<{ rows: Row[]; total: number }> {
  const r = await call(`/api/finder?${qs}`, session);
  if (r.status !== 200) throw new Error(`GET /api/finder?${qs} -> ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

const JOKIC = 203999;
const DEN = 1610612743;

describe.skipIf(!HAS_DB)('finder examples against hand-written SQL', () => {
  it('every 30-point, 10-assist game of both seasons (regular and playoffs) = the player games with pts >= 30 and ast >= 10', async () => {
    const got = await find('mode=player_games&cond=pts:ge:30&cond=ast:ge:10&season=2012&season=2022&season_type=regular&season_type=playoffs&page_size=200');
    const hand = await sql<{ player_id: number; game_code: string; pts: number; ast: number }>(
      `SELECT pg.player_id, g.game_code, pg.pts, pg.ast FROM player_games pg JOIN games g ON g.game_id = pg.game_id
        WHERE pg.season IN (2012, 2022) AND pg.pts >= 30 AND pg.ast >= 10`,
    );
    expect(hand.length).toBeGreaterThan(50);
    expect(got.total).toBe(hand.length);
    const key = (p: number | null, g: string | null) => `${p}:${g}`;
    expect(new Set(got.rows.map((r) => key(r.player_id, r.game_id)))).toEqual(new Set(hand.map((h) => key(h.player_id, h.game_code))));
    for (const h of hand) {
      const r = got.rows.find((x) => x.player_id === h.player_id && x.game_id === h.game_code)!;
      expect([r.stats.pts, r.stats.ast]).toEqual([h.pts, h.ast]);
    }
    // sorted by the first condition's stat, most first
    const pts = got.rows.map((r) => r.stats.pts!);
    expect(pts).toEqual([...pts].sort((a, b) => b - a));
  });

  it("games with 15+ points in the fourth quarter with the score within 5 = his points on possessions of Q4 within 5 from his team's view", async () => {
    const got = await find('mode=player_games&cond=pts:ge:15&period=4&score_diff_low=-5&score_diff_high=5&season=2022&page_size=200');
    const hand = await sql<{ player_id: number; game_code: string; pts: number }>(
      `SELECT s.player_id, g.game_code, sum(s.pts)::INTEGER AS pts
         FROM player_possession_stats s JOIN possessions p ON p.possession_id = s.possession_id JOIN games g ON g.game_id = p.game_id
        WHERE p.season = 2022 AND p.season_type = 'regular' AND p.period = 4
          AND CASE WHEN s.team_id = p.off_team_id THEN p.score_diff ELSE -p.score_diff END BETWEEN -5 AND 5
        GROUP BY s.player_id, g.game_code HAVING sum(s.pts) >= 15`,
    );
    expect(hand.length).toBeGreaterThan(5);
    expect(got.total).toBe(hand.length);
    expect(got.rows.map((r) => [r.player_id, r.game_id, r.stats.pts]).sort()).toEqual(hand.map((h) => [h.player_id, h.game_code, h.pts]).sort());
  });

  it('fourth-quarter rows found on his own counters get the same MIN, +/-, USG% and net rating as the player sums give', async () => {
    const qs = 'mode=player_games&cond=pts:ge:12&period=4&score_diff_low=-8&score_diff_high=8&season=2022&page_size=200';
    const own = await find(qs);
    const full = await find(`${qs}&cond=min:ge:0`); // a condition on minutes reads the player sums of every game
    expect(own.total).toBeGreaterThan(20);
    expect(full.total).toBe(own.total);
    const key = (r: Row) => `${r.player_id}:${r.game_id}`;
    const byKey = new Map(full.rows.map((r) => [key(r), r]));
    for (const r of own.rows) {
      const f = byKey.get(key(r))!;
      for (const stat of ['pts', 'ast', 'min', 'plus_minus', 'usg_pct', 'net_rtg']) expect(r.stats[stat], `${key(r)} ${stat}`).toBe(f.stats[stat]);
    }
    // MIN and +/- of those rows = the fourth-quarter possessions within 8 (his team's view) he was on the floor for
    const hand = await sql<{ player_id: number; game_code: string; min: number; plus_minus: number }>(
      `SELECT u.player_id, g.game_code, sum(u.seconds) / 60.0 AS min, sum(u.margin)::INTEGER AS plus_minus
         FROM (SELECT unnest([o1, o2, o3, o4, o5]) AS player_id, game_id, seconds, pts::INTEGER AS margin, score_diff::INTEGER AS diff, season, season_type, period FROM possessions
               UNION ALL
               SELECT unnest([d1, d2, d3, d4, d5]) AS player_id, game_id, seconds, -pts::INTEGER AS margin, -score_diff::INTEGER AS diff, season, season_type, period FROM possessions) u
         JOIN games g ON g.game_id = u.game_id
        WHERE u.season = 2022 AND u.season_type = 'regular' AND u.period = 4 AND u.diff BETWEEN -8 AND 8
        GROUP BY u.player_id, g.game_code`,
    );
    const handByKey = new Map(hand.map((h) => [`${h.player_id}:${h.game_code}`, h]));
    for (const r of own.rows) {
      const h = handByKey.get(key(r))!;
      expect(r.stats.min, `${key(r)} min`).toBeCloseTo(h.min, 1);
      expect(r.stats.plus_minus, `${key(r)} +/-`).toBe(h.plus_minus);
    }
  });

  it('games with 3+ fourth-quarter minutes = his seconds on the floor of Q4 possessions, games he only stood on the floor in included', async () => {
    const got = await find('mode=player_games&cond=min:ge:3&period=4&season=2022&sort=plus_minus&page_size=200');
    const hand = await sql<{ player_id: number; game_code: string; min: number; plus_minus: number; own_rows: number }>(
      `SELECT u.player_id, g.game_code, sum(u.seconds) / 60.0 AS min, sum(u.margin)::INTEGER AS plus_minus,
              (SELECT count(*) FROM player_possession_stats s JOIN possessions q ON q.possession_id = s.possession_id
                WHERE s.player_id = u.player_id AND q.game_id = u.game_id AND q.period = 4)::INTEGER AS own_rows
         FROM (SELECT unnest([o1, o2, o3, o4, o5]) AS player_id, game_id, seconds, pts::INTEGER AS margin FROM possessions
                WHERE season = 2022 AND season_type = 'regular' AND period = 4
               UNION ALL
               SELECT unnest([d1, d2, d3, d4, d5]) AS player_id, game_id, seconds, -pts::INTEGER AS margin FROM possessions
                WHERE season = 2022 AND season_type = 'regular' AND period = 4) u
         JOIN games g ON g.game_id = u.game_id
        GROUP BY u.player_id, u.game_id, g.game_code HAVING sum(u.seconds) >= 180`,
    );
    expect(hand.filter((h) => h.own_rows === 0).length).toBeGreaterThan(0);
    expect(got.total).toBe(hand.length);
    const byKey = new Map(hand.map((h) => [`${h.player_id}:${h.game_code}`, h]));
    for (const r of got.rows) {
      const h = byKey.get(`${r.player_id}:${r.game_id}`)!;
      expect(r.stats.min, `${r.player_id}:${r.game_id}`).toBeCloseTo(h.min, 1);
      expect(r.stats.plus_minus, `${r.player_id}:${r.game_id}`).toBe(h.plus_minus);
    }
    const top = hand.map((h) => h.plus_minus).sort((a, b) => b - a);
    expect(got.rows.map((r) => r.stats.plus_minus)).toEqual(top.slice(0, got.rows.length));
  });

  it('fourth-quarter games without a point = every player-game on the floor or with a possession row of his in Q4, scoring none', async () => {
    const got = await find('mode=player_games&cond=pts:le:0&period=4&season=2022');
    const [hand] = await sql<{ n: number }>(
      `WITH q4 AS (SELECT * FROM possessions WHERE season = 2022 AND season_type = 'regular' AND period = 4),
            on_floor AS (SELECT unnest([o1, o2, o3, o4, o5]) AS player_id, game_id FROM q4 UNION SELECT unnest([d1, d2, d3, d4, d5]), game_id FROM q4),
            own AS (SELECT s.player_id, q4.game_id, sum(s.pts) AS pts FROM player_possession_stats s JOIN q4 ON q4.possession_id = s.possession_id GROUP BY ALL)
       SELECT count(*)::INTEGER AS n FROM (SELECT player_id, game_id FROM on_floor UNION SELECT player_id, game_id FROM own) k
         LEFT JOIN own USING (player_id, game_id) WHERE coalesce(own.pts, 0) <= 0`,
    );
    expect(hand!.n).toBeGreaterThan(1000);
    expect(got.total).toBe(hand!.n);
  });

  it("each player's best 5-game span of 40+ fourth-quarter points = the best window of his games in order, a game without a Q4 point counting 0", async () => {
    const games = await sql<{ player_id: number; pts: number }>(
      `SELECT pg.player_id, coalesce(q.pts, 0)::INTEGER AS pts
         FROM player_games pg LEFT JOIN (
           SELECT s.player_id, p.game_id, sum(s.pts) AS pts FROM player_possession_stats s JOIN possessions p ON p.possession_id = s.possession_id
            WHERE p.season = 2022 AND p.season_type = 'regular' AND p.period = 4 GROUP BY s.player_id, p.game_id) q
           ON q.player_id = pg.player_id AND q.game_id = pg.game_id
        WHERE pg.season = 2022 AND pg.season_type = 'regular' ORDER BY pg.player_id, pg.date, pg.game_id`,
    );
    const best = new Map<number, number>();
    for (const [player, list] of Map.groupBy(games, (g) => g.player_id)) {
      for (let i = 4; i < list.length; i++) {
        const pts = list.slice(i - 4, i + 1).reduce((a, g) => a + g.pts, 0);
        if (pts >= 40 && pts > (best.get(player) ?? -1)) best.set(player, pts);
      }
    }
    expect(best.size).toBeGreaterThan(5);
    const got = await find('mode=spans&span=5&cond=pts:ge:40&period=4&season=2022&page_size=200');
    expect(got.total).toBe(best.size);
    expect(got.rows.map((r) => [r.player_id, r.stats.pts]).sort()).toEqual([...best.entries()].sort());
  });

  it("streaks of 3+ (and 2+, 1+) threes in clutch time = runs of consecutive games rebuilt from each game's clutch threes", async () => {
    // Each player's games (regular season 2022-23) in order, with his threes made on clutch possessions: from
    // 5:00 left in the fourth (2580 s into the game) on, overtime included, the margin within 5 at the start.
    const games = await sql<{ player_id: number; game_id: number; date: string; threes: number }>(
      `SELECT pg.player_id, pg.game_id, strftime(pg.date, '%Y-%m-%d') AS date, coalesce(c.threes, 0)::INTEGER AS threes
         FROM player_games pg LEFT JOIN (
           SELECT s.player_id, p.game_id, sum(s.fgm_c3 + s.fgm_nc3) AS threes
             FROM player_possession_stats s JOIN possessions p ON p.possession_id = s.possession_id
            WHERE p.season = 2022 AND p.season_type = 'regular' AND p.start_time >= 2580 AND abs(p.score_diff) <= 5
            GROUP BY s.player_id, p.game_id) c ON c.player_id = pg.player_id AND c.game_id = pg.game_id
        WHERE pg.season = 2022 AND pg.season_type = 'regular'
        ORDER BY pg.player_id, pg.date, pg.game_id`,
    );
    for (const least of [3, 2, 1]) {
      const runs: { player: number; length: number; start: string; end: string }[] = [];
      let run = null as { player: number; length: number; start: string; end: string } | null;
      let last: number | null = null;
      for (const g of games) {
        if (g.player_id !== last && run) {
          runs.push(run);
          run = null;
        }
        last = g.player_id;
        if (g.threes >= least) run = run ? { ...run, length: run.length + 1, end: g.date } : { player: g.player_id, length: 1, start: g.date, end: g.date };
        else if (run) {
          runs.push(run);
          run = null;
        }
      }
      if (run) runs.push(run);
      const streaks = runs.filter((r) => r.length >= 2);
      const got = await find(`mode=streaks&cond=fg3m:ge:${least}&clutch=true&season=2022&page_size=200`);
      expect(got.total, `${least}+ threes`).toBe(streaks.length);
      expect(got.rows.map((r) => [r.player_id, r.games, r.start_date, r.end_date]).sort()).toEqual(
        streaks
          .slice(0, 200)
          .map((s) => [s.player, s.length, s.start, s.end])
          .sort(),
      );
      if (least === 1) expect(streaks.length).toBeGreaterThan(20);
      // longest first
      expect(got.rows.map((r) => r.games)).toEqual(got.rows.map((r) => r.games).sort((a, b) => b - a));
    }
  });

  it("Denver's best 10-game stretch of net rating with Jokic off the floor = the best window over its games, possessions without him", async () => {
    const perGame = await sql<{ date: string; off_pts: number; off_poss: number; def_pts: number; def_poss: number }>(
      `SELECT strftime(tg.date, '%Y-%m-%d') AS date,
              coalesce(sum(p.pts) FILTER (WHERE p.off_team_id = ${DEN}), 0)::INTEGER AS off_pts,
              coalesce(sum(p.possessions) FILTER (WHERE p.off_team_id = ${DEN}), 0)::INTEGER AS off_poss,
              coalesce(sum(p.pts) FILTER (WHERE p.def_team_id = ${DEN}), 0)::INTEGER AS def_pts,
              coalesce(sum(p.possessions) FILTER (WHERE p.def_team_id = ${DEN}), 0)::INTEGER AS def_poss
         FROM team_games tg LEFT JOIN possessions p ON p.game_id = tg.game_id
              AND ${JOKIC} NOT IN (p.o1, p.o2, p.o3, p.o4, p.o5, p.d1, p.d2, p.d3, p.d4, p.d5)
        WHERE tg.team_id = ${DEN} AND tg.season = 2022 AND tg.season_type = 'regular'
        GROUP BY tg.game_id, tg.date ORDER BY tg.date, tg.game_id`,
    );
    expect(perGame.length).toBe(82);
    let best = { net: -Infinity, start: '', end: '' };
    for (let i = 9; i < perGame.length; i++) {
      const w = perGame.slice(i - 9, i + 1);
      const s = (k: 'off_pts' | 'off_poss' | 'def_pts' | 'def_poss') => w.reduce((a, g) => a + g[k], 0);
      const net = (100 * s('off_pts')) / s('off_poss') - (100 * s('def_pts')) / s('def_poss');
      if (net > best.net) best = { net, start: w[0]!.date, end: w.at(-1)!.date };
    }
    const got = await find(`mode=spans&of=team&team=DEN&off_court=${JOKIC}&span=10&span_stat=net_rtg&season=2022`);
    expect(got.total).toBe(1);
    const [row] = got.rows;
    expect([row!.start_date, row!.end_date]).toEqual([best.start, best.end]);
    expect(row!.stats.net_rtg).toBeCloseTo(best.net, 1);
  });

  it("each player's best 5-game scoring span = the best window of his games in order; every player with 5 games has one", async () => {
    const games = await sql<{ player_id: number; pts: number; fga: number }>(
      `SELECT player_id, pts, fga FROM player_games WHERE season = 2022 AND season_type = 'regular' ORDER BY player_id, date, game_id`,
    );
    const best = new Map<number, { pts: number; fga: number }>();
    const byPlayer = Map.groupBy(games, (g) => g.player_id);
    for (const [player, list] of byPlayer) {
      for (let i = 4; i < list.length; i++) {
        const w = list.slice(i - 4, i + 1);
        const pts = w.reduce((a, g) => a + g.pts, 0);
        const fga = w.reduce((a, g) => a + g.fga, 0);
        if (fga >= 60 && pts > (best.get(player)?.pts ?? -1)) best.set(player, { pts, fga });
      }
    }
    const got = await find('mode=spans&span=5&span_stat=pts&cond=fga:ge:60&season=2022&page_size=200');
    expect(got.total).toBe(best.size);
    const top = [...best.values()]
      .map((b) => b.pts)
      .sort((a, b) => b - a)
      .slice(0, 200);
    expect(got.rows.map((r) => r.stats.pts)).toEqual(top);
    for (const r of got.rows) expect(r.stats.pts).toBe(best.get(r.player_id!)!.pts);
  });

  it('team games with 15+ threes in 2012-13 = the official team box scores (FG3M, PTS)', async () => {
    const got = await find('mode=team_games&cond=fg3m:ge:15&season=2012&page_size=200');
    const official = await rawSql<{ team_id: number; game_id: string; fg3m: number; pts: number }>(
      `SELECT TEAM_ID::BIGINT AS team_id, GAME_ID AS game_id, FG3M::INTEGER AS fg3m, PTS::INTEGER AS pts FROM read_parquet($1)
        WHERE SEASON = '2012-13' AND GAME_ID LIKE '002%' AND FG3M >= 15`,
      [rawFile('team-box-scores.parquet')],
    );
    expect(official.length).toBeGreaterThan(10);
    expect(got.total).toBe(official.length);
    expect(got.rows.map((r) => [r.team_id, r.game_id, r.stats.fg3m, r.stats.pts]).sort()).toEqual(
      official.map((o) => [o.team_id, o.game_id, o.fg3m, o.pts]).sort(),
    );
  });

  it('with garbage time left out, 40-point games count only the other possessions', async () => {
    const got = await find('mode=player_games&cond=pts:ge:40&is_garbage_time=true&season=2022&page_size=200');
    const hand = await sql<{ player_id: number; game_code: string; pts: number }>(
      `SELECT s.player_id, g.game_code, sum(s.pts)::INTEGER AS pts FROM player_possession_stats s
         JOIN possessions p ON p.possession_id = s.possession_id JOIN games g ON g.game_id = p.game_id
        WHERE p.season = 2022 AND p.season_type = 'regular' AND NOT p.is_filtered_out
        GROUP BY s.player_id, g.game_code HAVING sum(s.pts) >= 40`,
    );
    expect(hand.length).toBeGreaterThan(5);
    expect(got.total).toBe(hand.length);
    expect(got.rows.map((r) => [r.player_id, r.game_id, r.stats.pts]).sort()).toEqual(hand.map((h) => [h.player_id, h.game_code, h.pts]).sort());
  });

  it('player seasons averaging 25 points = player games summed by player and season', async () => {
    const got = await find('mode=player_seasons&cond=pts:ge:25&per=game&season=2012&season=2022&page_size=200');
    const hand = await sql<{ player_id: number; season: number; ppg: number; games: number }>(
      `SELECT player_id, season, sum(pts) / count(*) AS ppg, count(*)::INTEGER AS games FROM player_games
        WHERE season IN (2012, 2022) AND season_type = 'regular' GROUP BY player_id, season HAVING sum(pts) / count(*) >= 25`,
    );
    expect(hand.length).toBeGreaterThan(5);
    expect(got.rows.map((r) => [r.player_id, r.games, r.stats.pts]).sort()).toEqual(
      hand.map((h) => [h.player_id, h.games, Math.round(h.ppg * 100) / 100]).sort(),
    );
  });

  it("a traded player's season row names each of his teams once, in the same order every time", async () => {
    const row: { player_id: number; teams: string }[] = [];
    for (let page = 1; page === 1 || row.length === (page - 1) * 200; page++) {
      row.push(...((await find(`mode=player_seasons&cond=pts:ge:0&season=2022&page_size=200&page=${page}`)).rows as unknown as typeof row));
    }
    const hand = await sql<{ player_id: number; teams: string }>(
      `SELECT pg.player_id, string_agg(DISTINCT g.abbr, '/') AS teams FROM player_games pg
         JOIN (SELECT game_id, home_team_id AS team_id, home_abbr AS abbr FROM games UNION ALL SELECT game_id, away_team_id, away_abbr FROM games) g
           ON g.game_id = pg.game_id AND g.team_id = pg.team_id
        WHERE pg.season = 2022 AND pg.season_type = 'regular' GROUP BY pg.player_id HAVING count(DISTINCT pg.team_id) > 1`,
    );
    expect(hand.length).toBeGreaterThan(20);
    for (const h of hand) {
      const r = row.find((x) => x.player_id === h.player_id)!;
      // The same teams as the games say, in alphabetical order (an unordered list changed from one answer to the next).
      expect(r.teams).toBe(h.teams.split('/').sort().join('/'));
    }
  });

  it("a box-score row's usage and net rating = the per-game totals of every possession, whether or not a condition reads them", async () => {
    const plain = await find('mode=player_games&cond=pts:ge:44&season=2022&page_size=200');
    const forced = await find('mode=player_games&cond=pts:ge:44&cond=net_rtg:ge:-1000&season=2022&page_size=200');
    const hand = await sql<{ player_id: number; game_code: string; net: number; usg: number }>(
      `SELECT t.player_id, g.game_code, 100.0 * sum(t.team_pts) / sum(t.off_poss) - 100.0 * sum(t.opp_pts) / sum(t.def_poss) AS net,
              100.0 * (any_value(pg.fga) + any_value(pg.tov) + sum(t.ft_trips)) / sum(t.team_plays) AS usg
         FROM player_game_totals t JOIN games g ON g.game_id = t.game_id JOIN player_games pg ON pg.game_id = t.game_id AND pg.player_id = t.player_id
        WHERE t.season = 2022 AND t.season_type = 'regular' AND pg.pts >= 44 GROUP BY t.player_id, g.game_code`,
    );
    expect(plain.total).toBe(hand.length);
    for (const h of hand) {
      for (const got of [plain, forced]) {
        const r = got.rows.find((x) => x.player_id === h.player_id && x.game_id === h.game_code)!;
        expect(r.stats.net_rtg).toBeCloseTo(h.net, 1);
        expect(r.stats.usg_pct).toBeCloseTo(h.usg, 1);
      }
    }
  });

  it('player seasons with 300+ fourth-quarter points = his points on fourth-quarter possessions summed by season', async () => {
    const got = await find('mode=player_seasons&cond=pts:ge:300&period=4&season=2012&season=2022&page_size=200');
    const hand = await sql<{ player_id: number; season: number; pts: number }>(
      `SELECT s.player_id, p.season, sum(s.pts)::INTEGER AS pts FROM player_possession_stats s JOIN possessions p ON p.possession_id = s.possession_id
        WHERE p.season IN (2012, 2022) AND p.season_type = 'regular' AND p.period = 4 GROUP BY s.player_id, p.season HAVING sum(s.pts) >= 300`,
    );
    expect(hand.length).toBeGreaterThan(5);
    expect(got.rows.map((r) => [r.player_id, r.stats.pts]).sort()).toEqual(hand.map((h) => [h.player_id, h.pts]).sort());
  });

  it("a streak reaching the player's latest game of the season under way is marked active, no other", async () => {
    // The test database's seasons are over; the SQL is asked as if 2022-23 were under way.
    const { finderSql } = await import('../../src/server/stats/finder/finderSql');
    const { Params } = await import('../../src/server/stats/sql/sql');
    const { finderQueryOf } = await import('../../src/server/stats/finder/finder');
    const q = finderQueryOf('mode=streaks&cond=pts:ge:10&season=2022&page_size=200');
    const b = new Params();
    const text = await finderSql({ query: () => Promise.reject(new Error('unused')), generation: 0 }, q, b, {
      after: null,
      inProgress: 2022,
      offset: 0,
      limit: 200,
    });
    const rows = await sql<{ entity_id: number; end_date: string; active: boolean }>(
      `SELECT entity_id, strftime(end_date, '%Y-%m-%d') AS end_date, active FROM (${text})`,
      b.values as (string | number)[],
    );
    const lastGame = new Map(
      (
        await sql<{ player_id: number; last: string }>(
          `SELECT player_id, strftime(max(date), '%Y-%m-%d') AS last FROM player_games WHERE season = 2022 AND season_type = 'regular' GROUP BY player_id`,
        )
      ).map((r) => [r.player_id, r.last]),
    );
    expect(rows.some((r) => r.active)).toBe(true);
    expect(rows.some((r) => !r.active)).toBe(true);
    for (const r of rows) expect(r.active, `${r.entity_id} ${r.end_date}`).toBe(r.end_date === lastGame.get(r.entity_id));
    // over, the same streaks are not active
    expect((await find('mode=streaks&cond=pts:ge:10&season=2022&page_size=200')).rows.every((r: any) => r.active === false)).toBe(true);
  });

  it('pages hold the count of all matches, and the rows of all pages are every match once', async () => {
    const qs = 'mode=player_games&cond=pts:ge:30&cond=ast:ge:10&season=2012&season=2022&season_type=regular&season_type=playoffs&page_size=50';
    const pages = await Promise.all([1, 2, 3].map((p) => find(`${qs}&page=${p}`)));
    expect(pages.map((p) => p.total)).toEqual([pages[0]!.total, pages[0]!.total, pages[0]!.total]);
    const keys = pages.flatMap((p) => p.rows.map((r) => `${r.player_id}:${r.game_id}`));
    expect(keys.length).toBe(Math.min(150, pages[0]!.total));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gamesAfter keeps the rows of games after the cutoff (a date, or a game id)', async () => {
    const q = 'mode=player_games&cond=pts:ge:40&season=2022';
    const all = await runFinder(q, { allRows: true });
    const after = await runFinder(q, { allRows: true, gamesAfter: '2023-03-01' });
    expect(after.total).toBe(all.rows.filter((r) => r.date! > '2023-03-01').length);
    expect(after.total).toBeGreaterThan(0);
    expect(after.rows.every((r) => r.date! > '2023-03-01')).toBe(true);
    const [lastOne] = await sql<{ game_code: string }>(
      `SELECT game_code FROM games WHERE season = 2022 AND season_type = 'regular' ORDER BY date DESC, game_id DESC LIMIT 1`,
    );
    expect((await runFinder(q, { gamesAfter: lastOne!.game_code })).total).toBe(0);
  });
});

describe.skipIf(!HAS_DB)('finder input and gating', () => {
  it.each([
    ['cond=foo:ge:3', /unknown stat "foo"/],
    ['cond=pts:ge:30&cond=pts:le:20', /impossible range/],
    ['cond=pts:le:-1', /impossible range.*never negative/],
    ['cond=usg_pct:ge:101', /impossible range/],
    [Array.from({ length: 13 }, () => 'cond=pts:ge:1').join('&'), /at most 12 conditions/],
    ['cond=pts:gt:3', /ge \(>=\), le \(<=\) or eq/],
    ['cond=pts:ge:abc', /must be a number/],
  ])('%s -> 400 naming cond', async (qs, message) => {
    const r = await call(`/api/finder?${qs}`);
    expect(r.status).toBe(400);
    expect(r.body.param).toBe('cond');
    expect(r.body.error).toMatch(message);
  });

  it.each([
    ['mode=best', 'mode'],
    ['mode=spans&span=1', 'span'],
    ['sort=nope', 'sort'],
    ['page=0', 'page'],
    ['team=XYZ', 'team'],
    ['season=1999', 'season'],
    ['format=xml', 'format'],
  ])('%s -> 400 naming %s', async (qs, param) => {
    const r = await call(`/api/finder?${qs}`);
    expect(r.status).toBe(400);
    expect(r.body.param).toBe(param);
  });

  it('anonymous visitors get the basic filters; a paid filter is a 403 naming it', async () => {
    expect((await call('/api/finder?cond=pts:ge:40&season=2022', null)).status).toBe(200);
    const r = await call('/api/finder?cond=pts:ge:15&period=4&season=2022', null);
    expect(r.status).toBe(403);
    expect(r.body.param).toBe('period');
    expect((await call(`/api/finder?cond=pts:ge:15&off_court=${JOKIC}&season=2022`, null)).status).toBe(403);
  });

  it('format=csv: every matching row, a header of labels', async () => {
    const url = new URL('http://localhost/api/finder?mode=player_games&cond=pts:ge:30&cond=ast:ge:10&season=2022&format=csv');
    const { GET } = (await import('../../src/pages/api/finder.ts')) as { GET: (c: unknown) => Promise<Response> };
    const res = await GET({ url, locals: { session: null }, request: new Request(url) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = (await res.text()).trim().split(/\r\n/);
    const [hand] = await sql<{ n: number }>(
      `SELECT count(*)::INTEGER AS n FROM player_games WHERE season = 2022 AND season_type = 'regular' AND pts >= 30 AND ast >= 10`,
    );
    expect(lines.length).toBe(hand!.n + 1);
    expect(lines[0]).toMatch(/^\uFEFF?Player,Player id,Team,Season,Type,Date,Opponent,Home,Won,Game,PTS,REB/);
  });
});

describe.skipIf(!HAS_DB)('GET /api/v1/finder', () => {
  it('answers as /api/finder, and the OpenAPI document lists it with its conditions', async () => {
    const { handleV1 } = await import('../../src/server/api/v1/router');
    const ask = (path: string) => {
      const url = new URL(path, 'http://localhost');
      return handleV1({ url, request: new Request(url), clientAddress: '192.0.2.9' });
    };
    const r = await ask('/api/v1/finder?mode=player_games&cond=pts:ge:30&cond=ast:ge:10&season=2022');
    expect(r.status, await r.clone().text()).toBe(200);
    const body = (await r.json()) as { total: number; rows: Row[] };
    const [hand] = await sql<{ n: number }>(
      `SELECT count(*)::INTEGER AS n FROM player_games WHERE season = 2022 AND season_type = 'regular' AND pts >= 30 AND ast >= 10`,
    );
    expect(body.total).toBe(hand!.n);
    expect(body.rows.every((x) => x.stats.pts! >= 30 && x.stats.ast! >= 10)).toBe(true);
    const bad = await ask('/api/v1/finder?cond=pts:ge:1&cond=pts:le:0.5');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { param: string }).param).toBe('cond');
    const locked = await ask('/api/v1/finder?cond=pts:ge:10&clutch=true');
    expect(locked.status).toBe(403);
    const doc = (await (await ask('/api/v1/openapi.json')).json()) as { paths: Record<string, { get: { parameters: { name: string }[] } }> };
    expect(doc.paths['/api/v1/finder']!.get.parameters.map((p) => p.name)).toEqual(
      expect.arrayContaining(['mode', 'cond', 'span', 'sort', 'page', 'period', 'off_court']),
    );
  });
});
