/**
 * The game page's Play-by-play tab (src/server/stats/games/playByPlay.ts over game_events, src/lib/game/playByPlay.ts) and
 * GET /api/game_stints on real games of the test database, against the raw play-by-play (NBA_DATA_DIR, read at run
 * time with our own SQL, never copied):
 * - each team's stints cover the whole game: their seconds add up to the game's length, 2880 + 300 per overtime
 *   played (the raw file's last period);
 * - each team's stints' points for and against add up to the final score, the last non-null SCORE, and their +/-
 *   to the final margin; the play-by-play's last score and the game flow's last point are that score and margin;
 * - the ten on the floor: after every substitution the player coming in (PLAYER2) is on his team's five and the
 *   player going out (PLAYER1) is not; every shooter (made or missed field goal) is on the floor at his shot;
 * - the filters: a quarter shows that period's events (the raw file's rows of that period), a player the events
 *   naming him (the raw rows with him as PLAYER1, 2 or 3);
 * - the stints add up per player to his box-score seconds and +/- (player_games);
 * - the CSV of a team's stints carries the table's rows; bad parameters are 400s naming the parameter;
 * - every game of the test database ends on the raw file's last SCORE, and 40 games drawn by hash have stints that
 *   add up to the game's length, final score and every player's box-score seconds and +/-.
 * Games: SAC at DEN 2023-04-09, MIA at DEN 2023-06-12 (Finals game 5), UTA at TOR 2012-11-12 (three overtimes),
 * PHI at BOS 2022-10-18 (opening night).
 */
import { describe, expect, it } from 'vitest';
import { filterEvents, gameSeconds, stintCells, STINT_COLUMNS, type GameSide } from '../../src/lib/game/playByPlay';
import { nameLookup } from '../../src/server/stats/games/playByPlay';
import { gamePlayByPlay } from '../../src/server/stats/answers/reads';
import { call, HAS_DB, rawFile, rawSql, sql } from './helpers';

/** Who asks, for the query queue's per-client count. */
const ASKER = { client: 'test' };

const GAMES = ['0022201227', '0042200405', '0021200095', '0022200001'];

function pbpOf(gameCode: string): string {
  const type = gameCode.startsWith('004') ? 'playoffs' : 'regular';
  const start = 2000 + Number(gameCode.slice(3, 5));
  return rawFile('pbp', type, `${start}-${String((start + 1) % 100).padStart(2, '0')}.parquet`);
}

/** The last non-null SCORE of the game in published order, as { away, home }. */
async function finalScore(gameCode: string): Promise<{ away: number; home: number }> {
  const [r] = await rawSql<{ s: string }>(
    `SELECT arg_max(SCORE, file_row_number) AS s FROM read_parquet($1, file_row_number = true) WHERE GAME_ID = $2 AND SCORE IS NOT NULL`,
    [pbpOf(gameCode), gameCode],
  );
  const [away, home] = r!.s.split('-').map((x) => Number(x.trim()));
  return { away: away!, home: home! };
}

/** Game length from the raw file: the last period with a row other than a period start or end. */
async function rawGameSeconds(gameCode: string): Promise<number> {
  const [r] = await rawSql<{ p: number }>(`SELECT max(PERIOD)::INTEGER AS p FROM read_parquet($1) WHERE GAME_ID = $2 AND EVENTMSGTYPE NOT IN (12, 13)`, [
    pbpOf(gameCode),
    gameCode,
  ]);
  return 2880 + Math.max(0, r!.p - 4) * 300;
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
const sides: GameSide[] = ['away', 'home'];

describe.skipIf(!HAS_DB)('game play-by-play, stints and flow', () => {
  it.each(GAMES)("%s: each team's stints cover the whole game and add up to the final score and margin", async (gameCode) => {
    const pbp = await gamePlayByPlay(ASKER, gameCode);
    const final = await finalScore(gameCode);
    const length = await rawGameSeconds(gameCode);
    expect(gameSeconds(pbp.periods)).toBe(length);
    for (const side of sides) {
      const other = side === 'away' ? 'home' : 'away';
      const stints = pbp.stints[side];
      expect(stints.length).toBeGreaterThan(8);
      expect(sum(stints.map((s) => s.seconds))).toBe(length);
      expect(sum(stints.map((s) => s.ptsFor))).toBe(final[side]);
      expect(sum(stints.map((s) => s.ptsAgainst))).toBe(final[other]);
      expect(sum(stints.map((s) => s.ptsFor - s.ptsAgainst))).toBe(final[side] - final[other]);
      for (const s of stints) expect(new Set(s.five).size).toBe(5);
      // Stints follow one another: each starts where the one before it ended (within a period).
      for (let i = 1; i < stints.length; i++) {
        const [a, b] = [stints[i - 1]!, stints[i]!];
        if (a.period === b.period && b.seconds > 0) expect(b.onClock).toBe(a.offClock);
      }
    }
    // The play-by-play's last score and the chart's last point: the final score and margin.
    const last = pbp.events[pbp.events.length - 1]!;
    expect({ away: last.awayPts, home: last.homePts }).toEqual(final);
    const end = pbp.flow[pbp.flow.length - 1]!;
    expect(end.margin).toBe(final.home - final.away);
    expect(end.t).toBeLessThanOrEqual(length);
    expect(pbp.flow[0]).toMatchObject({ t: 0, margin: 0 });
  });

  it.each(GAMES)("%s: each player's stints add up to his box-score seconds and +/-", async (gameCode) => {
    const pbp = await gamePlayByPlay(ASKER, gameCode);
    const box = await sql<{ player_id: number; seconds: number; plus_minus: number }>(
      `SELECT pg.player_id, pg.seconds, pg.plus_minus FROM player_games pg JOIN games g USING (game_id) WHERE g.game_code = $1`,
      [gameCode],
    );
    expect(box.length).toBeGreaterThan(16);
    for (const b of box) {
      const mine = [...pbp.stints.away, ...pbp.stints.home].filter((s) => s.five.includes(b.player_id));
      expect({ id: b.player_id, seconds: sum(mine.map((s) => s.seconds)), pm: sum(mine.map((s) => s.ptsFor - s.ptsAgainst)) }).toEqual({
        id: b.player_id,
        seconds: b.seconds,
        pm: b.plus_minus,
      });
    }
  });

  it.each(GAMES)('%s: the ten on the floor agree with the raw substitutions and shots', async (gameCode) => {
    const pbp = await gamePlayByPlay(ASKER, gameCode);
    const [g] = await sql<{ home_team_id: number }>(`SELECT home_team_id FROM games WHERE game_code = $1`, [gameCode]);
    const raw = await rawSql<{ n: number; t: number; p1: number; p2: number; team: number }>(
      `SELECT EVENTNUM::INTEGER AS n, EVENTMSGTYPE::INTEGER AS t, PLAYER1_ID::INTEGER AS p1, PLAYER2_ID::INTEGER AS p2, PLAYER1_TEAM_ID::INTEGER AS team
         FROM read_parquet($1) WHERE GAME_ID = $2 AND (EVENTMSGTYPE = 8 OR EVENTMSGTYPE IN (1, 2) AND PERSON1TYPE IN (4, 5))`,
      [pbpOf(gameCode), gameCode],
    );
    const subs = raw.filter((r) => r.t === 8);
    const shots = raw.filter((r) => r.t !== 8);
    expect(subs.length).toBeGreaterThan(20);
    expect(shots.length).toBeGreaterThan(120);
    const byNum = new Map(pbp.events.map((e) => [e.eventNum, e]));
    for (const r of subs) {
      const e = byNum.get(r.n);
      expect(e, `#${r.n}`).toBeDefined();
      const five = r.team === g!.home_team_id ? e!.homeFive : e!.awayFive;
      expect({ n: r.n, in: five.includes(r.p2), out: five.includes(r.p1) }).toEqual({ n: r.n, in: true, out: false });
    }
    for (const r of shots) {
      const e = byNum.get(r.n)!;
      const five = r.team === g!.home_team_id ? e.homeFive : e.awayFive;
      expect({ n: r.n, onFloor: five.includes(r.p1) }).toEqual({ n: r.n, onFloor: true });
    }
  });

  it("every game of the test database: the last event's score is the last raw SCORE", async () => {
    const ours = await sql<{ game_code: string; away: number; home: number }>(
      `SELECT g.game_code, arg_max(e.away_pts, e.seq) AS away, arg_max(e.home_pts, e.seq) AS home
         FROM game_events e JOIN games g USING (game_id) GROUP BY 1`,
    );
    const files = [rawFile('pbp', 'regular', '2012-13.parquet'), rawFile('pbp', 'regular', '2022-23.parquet'), rawFile('pbp', 'playoffs', '2022-23.parquet')];
    const raw = await rawSql<{ g: string; s: string }>(
      `SELECT GAME_ID AS g, arg_max(SCORE, file_row_number) AS s FROM read_parquet([$1, $2, $3], file_row_number = true, filename = true)
        WHERE SCORE IS NOT NULL GROUP BY GAME_ID, filename`,
      files,
    );
    const rawByGame = new Map(raw.map((r) => [r.g, r.s.split('-').map((x) => Number(x.trim()))]));
    expect(ours.length).toBeGreaterThan(2500);
    const off = ours.filter((o) => {
      const r = rawByGame.get(o.game_code);
      return !r || r[0] !== o.away || r[1] !== o.home;
    });
    expect(off).toEqual([]);
  });

  it('40 games drawn from the test database: stints add up to the game length, the final score and each box line', async () => {
    const games = await sql<{ game_code: string; seconds: number; home_pts: number; away_pts: number }>(
      `SELECT g.game_code, 2880 + 300 * (g.periods - 4) AS seconds, g.home_pts, g.away_pts FROM games g ORDER BY hash(g.game_id + 7) LIMIT 40`,
    );
    for (const g of games) {
      const pbp = await gamePlayByPlay(ASKER, g.game_code);
      for (const side of sides) {
        const [pts, opp] = side === 'home' ? [g.home_pts, g.away_pts] : [g.away_pts, g.home_pts];
        const st = pbp.stints[side];
        expect([g.game_code, side, sum(st.map((s) => s.seconds)), sum(st.map((s) => s.ptsFor)), sum(st.map((s) => s.ptsAgainst))]).toEqual([
          g.game_code,
          side,
          g.seconds,
          pts,
          opp,
        ]);
      }
      const box = await sql<{ player_id: number; seconds: number; plus_minus: number }>(
        `SELECT pg.player_id, pg.seconds, pg.plus_minus FROM player_games pg JOIN games USING (game_id) WHERE game_code = $1`,
        [g.game_code],
      );
      const all = [...pbp.stints.away, ...pbp.stints.home];
      const fromStints = box.map((b) => {
        const mine = all.filter((s) => s.five.includes(b.player_id));
        return [b.player_id, sum(mine.map((s) => s.seconds)), sum(mine.map((s) => s.ptsFor - s.ptsAgainst))];
      });
      expect(fromStints).toEqual(box.map((b) => [b.player_id, b.seconds, b.plus_minus]));
    }
  }, 120_000);

  it('the quarter and player filters show the raw rows of that period and of that player', async () => {
    const gameCode = '0021200095'; // 2012-13: no duplicated rows in the raw file
    const pbp = await gamePlayByPlay(ASKER, gameCode);
    const [{ n: all }] = (await rawSql<{ n: number }>(`SELECT count(*)::INTEGER AS n FROM read_parquet($1) WHERE GAME_ID = $2`, [
      pbpOf(gameCode),
      gameCode,
    ])) as [{ n: number }];
    expect(pbp.events.length).toBe(all);
    for (const period of [2, 5, 7]) {
      const [{ n }] = (await rawSql<{ n: number }>(`SELECT count(*)::INTEGER AS n FROM read_parquet($1) WHERE GAME_ID = $2 AND PERIOD = $3`, [
        pbpOf(gameCode),
        gameCode,
        period,
      ])) as [{ n: number }];
      const shown = filterEvents(pbp.events, { period, player: null });
      expect(shown.length).toBe(n);
      expect(shown.every((e) => e.period === period)).toBe(true);
    }
    const scorers = await rawSql<{ id: number; n: number }>(
      `SELECT PLAYER1_ID::INTEGER AS id, count(*)::INTEGER AS n FROM read_parquet($1) WHERE GAME_ID = $2 AND EVENTMSGTYPE = 1 GROUP BY 1 ORDER BY n DESC, id LIMIT 3`,
      [pbpOf(gameCode), gameCode],
    );
    for (const { id } of scorers) {
      const [{ n }] = (await rawSql<{ n: number }>(
        `SELECT count(*)::INTEGER AS n FROM read_parquet($1)
          WHERE GAME_ID = $2 AND ((PLAYER1_ID = $3 AND PERSON1TYPE IN (4, 5)) OR (PLAYER2_ID = $3 AND PERSON2TYPE IN (4, 5)) OR (PLAYER3_ID = $3 AND PERSON3TYPE IN (4, 5)))`,
        [pbpOf(gameCode), gameCode, id],
      )) as [{ n: number }];
      const shown = filterEvents(pbp.events, { period: null, player: id });
      expect(shown.length).toBe(n);
      expect(filterEvents(pbp.events, { period: 3, player: id }).length).toBeLessThan(n);
    }
  });

  it('GET /api/game_stints: JSON of both teams, CSV of one = the table, 400 and 404 for bad input', async () => {
    const gameCode = '0022201227';
    const pbp = await gamePlayByPlay(ASKER, gameCode);
    const r = await call(`/api/game_stints?game_id=${gameCode}`);
    expect(r.status).toBe(200);
    expect(r.body.home.stints.length).toBe(pbp.stints.home.length);
    const name = nameLookup(pbp.players, 'name');
    for (const side of sides) {
      const url = new URL(`http://localhost/api/game_stints?game_id=${gameCode}&side=${side}&format=csv`);
      const mod = await import('../../src/pages/api/game_stints');
      const res = await mod.GET({ url, request: new Request(url), locals: { session: null } } as never);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/csv');
      const text = (await res.text()).replace(/^\uFEFF/, '');
      const lines = text.trim().split('\r\n');
      // csv.ts neutralises cells that read as formulas: the '+/-' header starts with a quote, as in the career CSV.
      expect(lines[0]).toBe("Team,Period,On,Off,Five,MIN,PTS for,PTS against,'+/-,Player IDs");
      expect(lines.length - 1).toBe(pbp.stints[side].length);
      lines.slice(1).forEach((line, i) => {
        const cells = stintCells(pbp.stints[side][i]!, name);
        // Five is quoted (commas); +/- is a plain number in the CSV, "+5" / "−3" in the table.
        const five = /"([^"]*)"/.exec(line)![1];
        expect(five).toBe(cells[STINT_COLUMNS.indexOf('Five')]);
        const rest = line.replace(/"[^"]*"/, 'FIVE').split(',');
        expect(rest.slice(1, 4)).toEqual(cells.slice(0, 3));
        expect(rest.slice(5, 8)).toEqual(cells.slice(4, 7));
        expect(Number(rest[8])).toBe(Number(cells[7]!.replace('−', '-')));
      });
    }
    for (const [qs, param, status] of [
      ['game_id=0022201227&format=csv', 'side', 400],
      ['game_id=0022201227&side=left', 'side', 400],
      ['game_id=0022201227&format=xml', 'format', 400],
      ['game_id=abc', 'game_id', 400],
      ['game_id=0029999999', 'game_id', 404],
    ] as const) {
      const bad = await call(`/api/game_stints?${qs}`);
      expect([qs, bad.status, bad.body.param]).toEqual([qs, status, param]);
    }
  });
});
