/**
 * The game preview's data (src/server/stats/games/gamePreview.ts) through the real code path on the
 * test database, checked against the raw league files with SQL of the test's own (nothing copied from our
 * answers):
 * - ranks and values to date: the official team box scores of 2012-13 (team-box-scores.parquet), games before the
 *   game's date only, so a leak of the game itself or a later game changes the numbers;
 * - season series and playoff standing: games.parquet (dates, teams) with each game's final score from the
 *   play-by-play's own last SCORE ("away - home");
 * - last 10 games: the box scores' W/L (2012-13) and games.parquet + SCORE (2022-23 playoffs);
 * - ratings and TOV% ranks: plain SQL over the stats database's team_games rows (points, possessions, turnovers);
 * - a game on the season's first day: nothing before it, and no error.
 */
import { describe, expect, it } from 'vitest';
import type { GamePreview, PreviewKey } from '../../src/server/stats/games/gamePreview';
import { findGameIfDb, gamePreview } from '../../src/server/stats/answers/reads';
import { HAS_DB, rawFile, rawSql, sql } from './helpers';

/** Who asks, for the query queue's per-client count. */
const ASKER = { client: 'test' };

const previewOf = async (code: string): Promise<GamePreview> => {
  const g = await findGameIfDb(ASKER, code);
  if (!g) throw new Error(`no game ${code}`);
  return gamePreview(ASKER, g);
};

const BOX = rawFile('team-box-scores.parquet');
const GAMES = rawFile('games.parquet');

/** Each team's four factors over its 2012-13 box scores before `date`, offense and defense (the opponent's box). */
async function boxFactors(date: string) {
  return rawSql<{ team_id: number; gp: number; w: number; efg: number; ftr: number; orb: number; opp_efg: number; opp_ftr: number; drb: number }>(
    `WITH b AS (SELECT * FROM read_parquet($1) WHERE SEASON = '2012-13' AND GAME_DATE < $2::DATE),
     j AS (SELECT t.*, o.FGM AS oFGM, o.FG3M AS oFG3M, o.FGA AS oFGA, o.FTM AS oFTM, o.OREB AS oOREB, o.DREB AS oDREB
             FROM b t JOIN b o ON o.GAME_ID = t.GAME_ID AND o.TEAM_ID <> t.TEAM_ID)
     SELECT TEAM_ID::BIGINT AS team_id, count(*)::INTEGER AS gp, count(*) FILTER (WHERE WL = 'W')::INTEGER AS w,
            100 * (sum(FGM) + 0.5 * sum(FG3M)) / sum(FGA) AS efg,
            100 * sum(FTM) / sum(FGA) AS ftr,
            100 * sum(OREB) / (sum(OREB) + sum(oDREB)) AS orb,
            100 * (sum(oFGM) + 0.5 * sum(oFG3M)) / sum(oFGA) AS opp_efg,
            100 * sum(oFTM) / sum(oFGA) AS opp_ftr,
            100 * sum(DREB) / (sum(DREB) + sum(oOREB)) AS drb
       FROM j GROUP BY TEAM_ID`,
    [BOX, date],
  );
}

/** Rank of `team` in `col` among the rows: 1 + the teams strictly better (ties share the better rank). */
function rankOf<K extends string>(rows: (Record<K, number> & { team_id: number })[], team: number, col: K, higherIsBetter: boolean): number {
  const mine: number = rows.find((r) => r.team_id === team)![col];
  return 1 + rows.filter((r) => (higherIsBetter ? r[col] > mine : r[col] < mine)).length;
}

/** Final scores of games from the play-by-play's last non-null SCORE ("away - home"). */
async function pbpScores(file: string, codes: string[]): Promise<Map<string, { away: number; home: number }>> {
  const rows = await rawSql<{ id: string; score: string }>(
    `SELECT GAME_ID AS id, arg_max(SCORE, file_row_number) AS score
       FROM read_parquet($1, file_row_number = true)
      WHERE SCORE IS NOT NULL AND list_contains(string_split($2, ','), GAME_ID)
      GROUP BY GAME_ID`,
    [file, codes.join(',')],
  );
  return new Map(
    rows.map((r) => {
      const [away, home] = r.score.split(' - ').map(Number);
      return [r.id, { away: away!, home: home! }];
    }),
  );
}

describe.skipIf(!HAS_DB)('game preview: ranks to date against the official box scores (2012-13)', () => {
  // MIA at IND, Feb 1, 2013: mid-season, both teams with 40+ games before it.
  const CODE = '0021200685';
  const DATE = '2013-02-01';
  const MIA = 1610612748;
  const IND = 1610612754;

  it("each team's league rank and value in eFG%, FT rate, ORB% and their defensive sides equal the box scores' before the game's date", async () => {
    const [p, box] = await Promise.all([previewOf(CODE), boxFactors(DATE)]);
    expect(box.length).toBe(30);
    expect(p.teamsRanked).toBe(30);
    expect(p.through).toBe('2013-01-31');
    const checks: [PreviewKey, 'efg' | 'ftr' | 'orb' | 'opp_efg' | 'opp_ftr' | 'drb', boolean][] = [
      ['efg_pct', 'efg', true],
      ['ft_rate', 'ftr', true],
      ['orb_pct', 'orb', true],
      ['opp_efg_pct', 'opp_efg', false],
      ['opp_ft_rate', 'opp_ftr', false],
      ['drb_pct', 'drb', true],
    ];
    for (const [i, team] of [MIA, IND].entries()) {
      const shown = p.teams[i]!;
      expect(shown.teamId).toBe(team);
      for (const [key, col, higher] of checks) {
        const official = box.find((r) => r.team_id === team)![col];
        expect(shown.ranked[key].value!, `${shown.abbr} ${key}`).toBeCloseTo(official, 1);
        expect(shown.ranked[key].rank, `${shown.abbr} ${key} rank`).toBe(rankOf(box, team, col, higher));
      }
    }
  });

  it("counts only the games before the date: records equal the box scores' W/L before it, not on or after", async () => {
    const [p, box, through] = await Promise.all([previewOf(CODE), boxFactors(DATE), boxFactors('2013-02-02')]);
    for (const [i, team] of [MIA, IND].entries()) {
      const b = box.find((r) => r.team_id === team)!;
      expect(p.teams[i]!.games).toBe(b.gp);
      expect(p.teams[i]!.wins).toBe(b.w);
      expect(p.teams[i]!.losses).toBe(b.gp - b.w);
      // The game itself would be one more game for each team.
      expect(through.find((r) => r.team_id === team)!.gp).toBe(b.gp + 1);
    }
  });

  it("last 10: the ten latest box scores before the game, their W-L, each with the opponent's score", async () => {
    const p = await previewOf(CODE);
    for (const [i, team] of [MIA, IND].entries()) {
      const last = await rawSql<{ id: string; d: string; wl: string; pts: number; opp: number }>(
        `SELECT t.GAME_ID AS id, strftime(t.GAME_DATE, '%Y-%m-%d') AS d, t.WL AS wl, t.PTS AS pts, o.PTS AS opp
           FROM read_parquet($1) t JOIN read_parquet($1) o ON o.GAME_ID = t.GAME_ID AND o.TEAM_ID <> t.TEAM_ID
          WHERE t.SEASON = '2012-13' AND t.TEAM_ID = $2 AND t.GAME_DATE < $3::DATE
          ORDER BY t.GAME_DATE DESC LIMIT 10`,
        [BOX, team, DATE],
      );
      const form = p.form[i]!;
      expect(form.games.map((g) => g.game.gameCode)).toEqual(last.map((r) => r.id).reverse());
      expect(form.games.map((g) => [g.game.date, g.won ? 'W' : 'L', g.pts, g.oppPts])).toEqual(last.map((r) => [r.d, r.wl, r.pts, r.opp]).reverse());
      expect(`${form.wins}-${form.losses}`).toBe(`${last.filter((r) => r.wl === 'W').length}-${last.filter((r) => r.wl === 'L').length}`);
      expect(form.net).not.toBeNull();
    }
  });

  it("season series: the earlier meetings of games.parquet that season, with the box scores' points", async () => {
    const p = await previewOf(CODE);
    const earlier = await rawSql<{ id: string; d: string; away: number; home: number }>(
      `SELECT g.GAME_ID AS id, strftime(g.GAME_DATE, '%Y-%m-%d') AS d, a.PTS AS away, h.PTS AS home
         FROM read_parquet($1) g
         JOIN read_parquet($2) a ON a.GAME_ID = g.GAME_ID AND a.TEAM_ID = g.AWAY_TEAM_ID
         JOIN read_parquet($2) h ON h.GAME_ID = g.GAME_ID AND h.TEAM_ID = g.HOME_TEAM_ID
        WHERE g.SEASON = '2012-13' AND g.GAME_DATE < $3::DATE
          AND ((g.HOME_TEAM_ID = $4 AND g.AWAY_TEAM_ID = $5) OR (g.HOME_TEAM_ID = $5 AND g.AWAY_TEAM_ID = $4))
        ORDER BY g.GAME_DATE`,
      [GAMES, BOX, DATE, MIA, IND],
    );
    expect(earlier.length).toBeGreaterThan(0);
    expect(p.meetings.map((m) => [m.gameCode, m.date, m.awayPts, m.homePts])).toEqual(earlier.map((r) => [r.id, r.d, r.away, r.home]));
    expect(p.series).toBeNull(); // a regular-season game
  });
});

describe.skipIf(!HAS_DB)('game preview: the 2023 Finals against games.parquet and the play-by-play scores', () => {
  const GAME5 = '0042200405'; // MIA at DEN, Jun 12, 2023
  const DEN = 1610612743;
  const MIA = 1610612748;

  it('game 5 says "Game 5, DEN leads 3-1", from the earlier playoff meetings and their final SCOREs', async () => {
    const p = await previewOf(GAME5);
    const finals = await rawSql<{ id: string; d: string; home: number }>(
      `SELECT GAME_ID AS id, strftime(GAME_DATE, '%Y-%m-%d') AS d, HOME_TEAM_ID AS home FROM read_parquet($1)
        WHERE SEASON = '2022-23' AND SEASON_TYPE = 'Playoffs' AND GAME_DATE < '2023-06-12'
          AND ((HOME_TEAM_ID = $2 AND AWAY_TEAM_ID = $3) OR (HOME_TEAM_ID = $3 AND AWAY_TEAM_ID = $2)) ORDER BY GAME_DATE`,
      [GAMES, DEN, MIA],
    );
    const scores = await pbpScores(
      rawFile('pbp', 'playoffs', '2022-23.parquet'),
      finals.map((f) => f.id),
    );
    const denWins = finals.filter((f) => {
      const s = scores.get(f.id)!;
      return f.home === DEN ? s.home > s.away : s.away > s.home;
    }).length;
    expect(finals.length).toBe(4);
    expect([denWins, finals.length - denWins]).toEqual([3, 1]);
    expect(p.series).toEqual({ gameNumber: finals.length + 1, text: `Game ${finals.length + 1}, DEN leads ${denWins}-${finals.length - denWins}` });
    expect(p.series!.text).toBe('Game 5, DEN leads 3-1');
    // The listed playoff meetings are those four, with the play-by-play's final scores.
    const listed = p.meetings.filter((m) => m.seasonType === 'playoffs');
    expect(listed.map((m) => [m.gameCode, m.date, m.awayPts, m.homePts])).toEqual(
      finals.map((f) => [f.id, f.d, scores.get(f.id)!.away, scores.get(f.id)!.home]),
    );
  });

  it('the whole season series (regular season too) matches games.parquet and SCORE', async () => {
    const p = await previewOf(GAME5);
    const all = await rawSql<{ id: string; d: string; type: string }>(
      `SELECT GAME_ID AS id, strftime(GAME_DATE, '%Y-%m-%d') AS d, SEASON_TYPE AS type FROM read_parquet($1)
        WHERE SEASON = '2022-23' AND GAME_DATE < '2023-06-12'
          AND ((HOME_TEAM_ID = $2 AND AWAY_TEAM_ID = $3) OR (HOME_TEAM_ID = $3 AND AWAY_TEAM_ID = $2)) ORDER BY GAME_DATE`,
      [GAMES, DEN, MIA],
    );
    const reg = await pbpScores(
      rawFile('pbp', 'regular', '2022-23.parquet'),
      all.filter((g) => g.type === 'Regular Season').map((g) => g.id),
    );
    const off = await pbpScores(
      rawFile('pbp', 'playoffs', '2022-23.parquet'),
      all.filter((g) => g.type === 'Playoffs').map((g) => g.id),
    );
    const score = (id: string) => reg.get(id) ?? off.get(id)!;
    expect(p.meetings.map((m) => [m.gameCode, m.date, m.seasonType, m.awayPts, m.homePts])).toEqual(
      all.map((g) => [g.id, g.d, g.type === 'Playoffs' ? 'playoffs' : 'regular', score(g.id).away, score(g.id).home]),
    );
  });

  it("last 10 before game 5: each team's ten latest games of games.parquet and their W-L by SCORE", async () => {
    const p = await previewOf(GAME5);
    for (const [i, team] of [MIA, DEN].entries()) {
      const last = await rawSql<{ id: string; type: string; home: number }>(
        `SELECT GAME_ID AS id, SEASON_TYPE AS type, HOME_TEAM_ID AS home FROM read_parquet($1)
          WHERE SEASON = '2022-23' AND GAME_DATE < '2023-06-12' AND (HOME_TEAM_ID = $2 OR AWAY_TEAM_ID = $2)
          ORDER BY GAME_DATE DESC LIMIT 10`,
        [GAMES, team],
      );
      const reg = await pbpScores(
        rawFile('pbp', 'regular', '2022-23.parquet'),
        last
          .filter((g) => g.type !== 'Playoffs')
          .map((g) => g.id)
          .concat('none'),
      );
      const off = await pbpScores(
        rawFile('pbp', 'playoffs', '2022-23.parquet'),
        last.filter((g) => g.type === 'Playoffs').map((g) => g.id),
      );
      const won = last.map((g) => {
        const s = reg.get(g.id) ?? off.get(g.id)!;
        return g.home === team ? s.home > s.away : s.away > s.home;
      });
      expect(p.form[i]!.games.map((g) => g.game.gameCode)).toEqual(last.map((g) => g.id).reverse());
      expect([p.form[i]!.wins, p.form[i]!.losses]).toEqual([won.filter(Boolean).length, won.filter((w) => !w).length]);
    }
    expect([p.form[1]!.wins, p.form[1]!.losses]).toEqual([9, 1]); // DEN: 2-0 vs PHX, 4-0 vs LAL, 3-1 vs MIA
  });
});

describe.skipIf(!HAS_DB)('game preview: rating and turnover ranks against plain SQL over team_games', () => {
  it('ORtg, DRtg, net rating and TOV% ranks before 2023 Finals game 5 follow from the team-games rows before Jun 12 (their points, possessions, turnovers)', async () => {
    const p = await previewOf('0042200405');
    // Each team's rows and its opponents' rows in the same games, regular season and playoffs, before the date.
    const rows = await sql<{ team_id: number; ortg: number; drtg: number; net: number; tov: number }>(
      `SELECT t.team_id, 100 * sum(t.pts) / sum(t.possessions) AS ortg, 100 * sum(o.pts) / sum(o.possessions) AS drtg,
              100 * sum(t.pts) / sum(t.possessions) - 100 * sum(o.pts) / sum(o.possessions) AS net,
              100 * sum(t.tov) / sum(t.possessions) AS tov
         FROM team_games t JOIN team_games o ON o.game_id = t.game_id AND o.team_id = t.opp_team_id
        WHERE t.season = 2022 AND t.date < DATE '2023-06-12'
        GROUP BY t.team_id`,
    );
    expect(rows.length).toBe(30);
    for (const t of p.teams) {
      const mine = rows.find((r) => r.team_id === t.teamId)!;
      expect(t.ranked.ortg.value!).toBeCloseTo(mine.ortg, 1);
      expect(t.ranked.ortg.rank, `${t.abbr} ORtg`).toBe(rankOf(rows, t.teamId, 'ortg', true));
      expect(t.ranked.drtg.rank, `${t.abbr} DRtg`).toBe(rankOf(rows, t.teamId, 'drtg', false));
      expect(t.ranked.net.rank, `${t.abbr} net`).toBe(rankOf(rows, t.teamId, 'net', true));
      expect(t.ranked.tov_pct.rank, `${t.abbr} TOV%`).toBe(rankOf(rows, t.teamId, 'tov', false));
    }
  });
});

describe.skipIf(!HAS_DB)("game preview: a game on the season's first day", () => {
  it('has no games, ranks, meetings or form before it, and builds without an error', async () => {
    const [first] = await rawSql<{ id: string; d: string }>(
      `SELECT GAME_ID AS id, strftime(GAME_DATE, '%Y-%m-%d') AS d FROM read_parquet($1) WHERE SEASON = '2022-23' ORDER BY GAME_DATE, GAME_ID LIMIT 1`,
      [GAMES],
    );
    expect(first!.d).toBe('2022-10-18');
    const p = await previewOf(first!.id);
    expect(p.teamsRanked).toBe(0);
    expect(p.teams.map((t) => [t.games, t.ranked.efg_pct.rank, t.ranked.net.value])).toEqual([
      [0, null, null],
      [0, null, null],
    ]);
    expect(p.meetings).toEqual([]);
    expect(p.form.map((f) => f.games.length)).toEqual([0, 0]);
    expect(p.matchups.flatMap((m) => m.rows.map((r) => r.edge))).toEqual(Array(10).fill(null));
  });
});
