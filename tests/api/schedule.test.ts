/**
 * The season's schedule in the stats file (the `schedule` table, src/server/ingest/season/scheduleTable.ts) and the game
 * finder's and preview's use of it, on the test database, whose build loads the recorded 2023-24 schedule
 * (recorded-feed/schedule/live_nba_2023.json) and holds no 2023-24 game:
 * - the number of 2023-24 regular-season games the finder lists as scheduled equals the count read from the file
 *   here with the test's own JSON walk (games with a regular-season id and both teams named);
 * - no 2023-24 game is played, so 2023-24 is not offered by the stats pickers, only by the finder;
 * - the preview of a scheduled game says none is played and gives no number; its table answer is empty.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { latestSeason, SEASONS, gameListSeasons } from '../../src/lib/league/seasons';
import { currentSeasons } from '../../src/server/stats/entities/seasons';
import { findGameOrScheduledIfDb, gameMonths, gamePreview, listGames, listScheduledGames } from '../../src/server/stats/answers/reads';
import { call, HAS_DB, sql } from './helpers';

/** Who asks, for the query queue's per-client count. */
const ASKER = { client: 'test' };

const FILE = 'recorded-feed/schedule/live_nba_2023.json';

/** The file's regular-season games with both teams named, read here: id, date (Eastern), away, home. */
function fileRegularSeason(): { id: string; date: string; away: string; home: string }[] {
  const doc = JSON.parse(fs.readFileSync(FILE, 'utf8'));
  const out: { id: string; date: string; away: string; home: string }[] = [];
  for (const day of doc.leagueSchedule.gameDates) {
    for (const g of day.games) {
      // 00 league, 2 regular season, 23 the 2023-24 season
      if (!/^00223\d{5}$/.test(g.gameId) || g.homeTeam.teamId === 0 || g.awayTeam.teamId === 0) continue;
      out.push({ id: g.gameId, date: g.gameDateEst.slice(0, 10), away: g.awayTeam.teamTricode, home: g.homeTeam.teamTricode });
    }
  }
  return out;
}

describe.skipIf(!HAS_DB)('the season schedule', () => {
  it('the test database holds the schedule table (a build of this schema loads it)', async () => {
    const t = await sql("SELECT 1 FROM duckdb_tables() WHERE table_name = 'schedule'");
    expect(t.length, 'data/test-stats.duckdb has no schedule table: build it again (npm test builds it when missing)').toBe(1);
  });

  it('lists every 2023-24 regular-season game of the file as scheduled, none played', async () => {
    const file = fileRegularSeason();
    expect(file.length).toBeGreaterThan(1000);
    const listed = await listScheduledGames(ASKER, { season: 2023, seasonType: 'regular' });
    expect(listed.length).toBe(file.length);
    expect(await listGames(ASKER, { season: 2023 })).toEqual([]);
    // the first game of the file, as the file writes it
    const first = [...file].sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id))[0]!;
    expect(listed[0]).toMatchObject({ gameCode: first.id, date: first.date, awayAbbr: first.away, homeAbbr: first.home, scheduled: true });
    // a team's season: 80 or 82 games on this schedule (the tournament's knockout games have no teams yet)
    const bos = await listScheduledGames(ASKER, { season: 2023, teamId: 1610612738 });
    expect(bos.length).toBe(file.filter((g) => g.away === 'BOS' || g.home === 'BOS').length);
    const months = await gameMonths(ASKER, 2023);
    expect(months[0]).toBe(first.date.slice(0, 7));
    expect(months.at(-1)).toBe(
      [...file]
        .map((g) => g.date)
        .sort()
        .at(-1)!
        .slice(0, 7),
    );
  });

  it("a season only scheduled is the finder's, not the stats pickers'", async () => {
    const c = await currentSeasons();
    const played = (await sql<{ season: number }>('SELECT DISTINCT season FROM games ORDER BY season')).map((r) => r.season);
    expect(c.seasons).toEqual(played);
    expect(SEASONS).toEqual(played);
    expect(latestSeason()).toBe(played.at(-1));
    expect(gameListSeasons()).toEqual([...played, 2023]);
    const r = await call('/api/data?page=League&season=2023-24');
    expect(r.status).toBe(400);
    expect(r.body.param).toBe('season');
  });

  it('the preview of a scheduled game says no game is played and gives no number', async () => {
    const g = await findGameOrScheduledIfDb(ASKER, '0022300061');
    expect(g).toMatchObject({ scheduled: true, awayAbbr: 'LAL', homeAbbr: 'DEN', date: '2023-10-24' });
    const p = await gamePreview(ASKER, g!);
    expect(p.scheduled).toBe(true);
    expect(p.teamsRanked).toBe(0);
    const { last } = (await sql<{ last: string }>("SELECT strftime(max(date), '%Y-%m-%d') AS last FROM games"))[0]!;
    expect(p.through).toBe(last);
    for (const t of p.teams) {
      expect([t.games, t.wins, t.losses]).toEqual([0, 0, 0]);
      expect(Object.values(t.ranked).every((r) => r.value === null && r.rank === null)).toBe(true);
    }
    expect(p.meetings).toEqual([]);
    expect(p.form.every((f) => f.games.length === 0 && f.net === null)).toBe(true);
    // the stats app's table of the preview: the game is found, no rows
    const r = await call('/api/data?page=GamePreview&entity=0022300061');
    expect(r.status).toBe(200);
    expect(Object.values(r.body.data as Record<string, unknown[]>).every((rows) => rows.length === 0)).toBe(true);
    // an id neither played nor scheduled is still a 404
    expect((await call('/api/data?page=GamePreview&entity=0022399999')).status).toBe(404);
  });
});

describe.skipIf(!HAS_DB)('the game finder of a season without a schedule', () => {
  it('lists each month once', async () => {
    const months = await gameMonths(ASKER, 2022, 'regular');
    const hand = await sql<{ m: string }>("SELECT DISTINCT strftime(date, '%Y-%m') AS m FROM games WHERE season = 2022 AND season_type = 'regular' ORDER BY m");
    expect(months).toEqual(hand.map((h) => h.m));
  });
});

describe.skipIf(!HAS_DB)('the preview of a game not played yet, with games played before it', () => {
  it("is built from both teams' games so far: records and form against SQL over the games table", async () => {
    // A game not in the file (no such id), scheduled for 2023-01-16 in 2022-23: BOS at DEN.
    const BOS = 1610612738;
    const DEN = 1610612743;
    const p = await gamePreview(ASKER, {
      scheduled: true,
      gameCode: '0022201299',
      season: 2022,
      seasonType: 'regular',
      date: '2023-01-16',
      awayTeamId: BOS,
      homeTeamId: DEN,
      awayAbbr: 'BOS',
      homeAbbr: 'DEN',
    });
    expect(p.scheduled).toBe(true);
    expect(p.through).toBe('2023-01-15');
    expect(p.teamsRanked).toBe(30);
    for (const [i, team] of [BOS, DEN].entries()) {
      const rec = (
        await sql<{ w: number; l: number }>(
          `SELECT count(*) FILTER (WHERE (home_team_id = $1 AND home_pts > away_pts) OR (away_team_id = $1 AND away_pts > home_pts))::INTEGER AS w,
                count(*) FILTER (WHERE (home_team_id = $1 AND home_pts < away_pts) OR (away_team_id = $1 AND away_pts < home_pts))::INTEGER AS l
           FROM games WHERE season = 2022 AND date < DATE '2023-01-16' AND (home_team_id = $1 OR away_team_id = $1)`,
          [team],
        )
      )[0]!;
      expect([p.teams[i]!.wins, p.teams[i]!.losses], String(team)).toEqual([rec.w, rec.l]);
      const last10 = await sql<{ game_code: string }>(
        `SELECT game_code FROM games WHERE season = 2022 AND date < DATE '2023-01-16' AND (home_team_id = $1 OR away_team_id = $1) ORDER BY date DESC LIMIT 10`,
        [team],
      );
      expect(p.form[i]!.games.map((g) => g.game.gameCode)).toEqual(last10.map((g) => g.game_code).reverse());
    }
    expect([p.teams[0].wins, p.teams[0].losses]).toEqual([32, 12]); // the standings' example (tests/api/standings.test.ts)
  });
});

describe.skipIf(!HAS_DB)('the month the game finder opens on', () => {
  it('a complete season: its last month; a season only scheduled: its first', async () => {
    const { defaultMonth } = await import('../../src/server/stats/answers/reads');
    const last = (await sql<{ m: string }>("SELECT strftime(max(date), '%Y-%m') AS m FROM games WHERE season = 2022"))[0]!.m;
    expect(await defaultMonth(ASKER, 2022, undefined, await gameMonths(ASKER, 2022))).toBe(last);
    expect(last).toBe('2023-06');
    const first = fileRegularSeason()
      .map((g) => g.date)
      .sort()[0]!
      .slice(0, 7);
    expect(await defaultMonth(ASKER, 2023, undefined, ['2023-10', '2023-11', '2024-04'])).toBe(first);
  });
});
