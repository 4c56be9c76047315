/**
 * The standings to date (GET /api/standings, src/server/stats/views/standings.ts) for a real date, 2022-23 through
 * 2023-01-15, checked two ways that share nothing with our code:
 * - SQL written here over the stats database's `games` rows (final scores; not team_games, which the standings
 *   read): W-L, last 10 and the current streak with window functions;
 * - the raw league files: games.parquet's regular-season games through the date, each won by the side with more
 *   points in the play-by-play's own last SCORE ("away - home").
 * Games back are checked against the leader's record; bad dates and seasons are 400s naming their key.
 */
import { describe, expect, it } from 'vitest';
import { call, HAS_DB, rawFile, rawSql, sql } from './helpers';

const DATE = '2023-01-15';

type Row = {
  abbr: string;
  teamId: number;
  wins: number;
  losses: number;
  winPct: number;
  gamesBack: number;
  streak: string;
  lastTen: { wins: number; losses: number };
};

describe.skipIf(!HAS_DB)('standings to date', () => {
  it('W-L, last 10 and streak equal SQL over the games table for 2022-23 through 2023-01-15', async () => {
    const r = await call(`/api/standings?season=2022-23&through=${DATE}`);
    expect(r.status).toBe(200);
    expect(r.body.through).toBe(DATE);
    const rows = r.body.rows as Row[];
    expect(rows.length).toBe(30);
    const hand = await sql<{ team_id: number; w: number; l: number; w10: number; l10: number; streak_won: boolean; streak: number }>(
      `WITH side AS (
         SELECT home_team_id AS team_id, date, game_id, home_pts > away_pts AS won FROM games
          WHERE season = 2022 AND season_type = 'regular' AND date <= DATE '${DATE}'
         UNION ALL
         SELECT away_team_id, date, game_id, away_pts > home_pts FROM games
          WHERE season = 2022 AND season_type = 'regular' AND date <= DATE '${DATE}'),
       ordered AS (
         SELECT *, row_number() OVER (PARTITION BY team_id ORDER BY date DESC, game_id DESC) AS back,
                first_value(won) OVER (PARTITION BY team_id ORDER BY date DESC, game_id DESC) AS latest
           FROM side)
       SELECT team_id,
              count(*) FILTER (WHERE won)::INTEGER AS w, count(*) FILTER (WHERE NOT won)::INTEGER AS l,
              count(*) FILTER (WHERE won AND back <= 10)::INTEGER AS w10, count(*) FILTER (WHERE NOT won AND back <= 10)::INTEGER AS l10,
              any_value(latest) AS streak_won,
              coalesce(min(back) FILTER (WHERE won <> latest) - 1, count(*))::INTEGER AS streak
         FROM ordered GROUP BY team_id`,
    );
    expect(hand.length).toBe(30);
    for (const h of hand) {
      const row = rows.find((x) => x.teamId === h.team_id)!;
      expect([row.wins, row.losses], row.abbr).toEqual([h.w, h.l]);
      expect([row.lastTen.wins, row.lastTen.losses], `${row.abbr} last 10`).toEqual([h.w10, h.l10]);
      expect(row.streak, `${row.abbr} streak`).toBe(`${h.streak_won ? 'W' : 'L'}${h.streak}`);
      expect(row.winPct).toBeCloseTo((100 * h.w) / (h.w + h.l), 9);
    }
    // order and games back: the leader has the best win %, each team's GB is half its wins and losses gap to it
    const best = [...hand].sort((a, b) => b.w / (b.w + b.l) - a.w / (a.w + a.l) || b.w - a.w)[0]!;
    expect(rows[0]!.teamId).toBe(best.team_id);
    expect(rows[0]!.gamesBack).toBe(0);
    for (const row of rows) expect(row.gamesBack, row.abbr).toBe((best.w - row.wins + (row.losses - best.l)) / 2);
    for (let i = 1; i < rows.length; i++) expect(rows[i - 1]!.winPct).toBeGreaterThanOrEqual(rows[i]!.winPct);
  });

  it("each W-L equals the raw games through the date, won by the play-by-play's final SCORE", async () => {
    const r = await call(`/api/standings?season=2022&through=${DATE}`);
    const raw = await rawSql<{ team_id: number; w: number; l: number }>(
      `WITH g AS (SELECT GAME_ID, HOME_TEAM_ID, AWAY_TEAM_ID FROM read_parquet($1)
                   WHERE SEASON = '2022-23' AND SEASON_TYPE = 'Regular Season' AND GAME_DATE <= $3::DATE),
            s AS (SELECT GAME_ID, arg_max(SCORE, file_row_number) AS score FROM read_parquet($2, file_row_number = true)
                   WHERE SCORE IS NOT NULL AND GAME_ID IN (SELECT GAME_ID FROM g) GROUP BY GAME_ID),
            f AS (SELECT g.*, CAST(split_part(s.score, ' - ', 1) AS INTEGER) AS away, CAST(split_part(s.score, ' - ', 2) AS INTEGER) AS home
                    FROM g JOIN s USING (GAME_ID)),
            t AS (SELECT HOME_TEAM_ID AS team_id, home > away AS won FROM f UNION ALL SELECT AWAY_TEAM_ID, away > home FROM f)
       SELECT team_id::BIGINT AS team_id, count(*) FILTER (WHERE won)::INTEGER AS w, count(*) FILTER (WHERE NOT won)::INTEGER AS l FROM t GROUP BY team_id`,
      [rawFile('games.parquet'), rawFile('pbp', 'regular', '2022-23.parquet'), DATE],
    );
    expect(raw.length).toBe(30);
    for (const x of raw) {
      const row = (r.body.rows as Row[]).find((y) => y.teamId === x.team_id)!;
      expect([row.wins, row.losses], row.abbr).toEqual([x.w, x.l]);
    }
  });

  it("without a date: through the season's last game; the default season is the latest with games", async () => {
    const r = await call('/api/standings');
    expect(r.status).toBe(200);
    const { last, season } = (
      await sql<{ last: string; season: number }>(
        "SELECT strftime(max(date), '%Y-%m-%d') AS last, max(season) AS season FROM games WHERE season = (SELECT max(season) FROM games) AND season_type = 'regular'",
      )
    )[0]!;
    expect(r.body.season).toBe(season);
    expect(r.body.through).toBe(last);
    expect((r.body.rows as Row[]).every((x) => x.wins + x.losses === 82)).toBe(true);
  });

  it('a bad date or season is a 400 naming its key', async () => {
    for (const [qs, param] of [
      ['season=2022&through=2023-02-30', 'through'],
      ['season=2022&through=15-01-2023', 'through'],
      ['season=2022&through=2021-12-01', 'through'],
      ['season=2022&through=2023-01-15&through=2023-01-16', 'through'],
      ['season=2030&through=2031-01-15', 'season'], // a season no file holds
      ['season=2012&season=2022', 'season'],
    ] as const) {
      const r = await call(`/api/standings?${qs}`);
      expect(r.status, qs).toBe(400);
      expect(r.body.param, qs).toBe(param);
    }
  });
});
