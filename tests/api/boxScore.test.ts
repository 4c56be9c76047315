/**
 * The game page's box score (src/lib/game/boxScore.ts over /api/game_details and /api/data?page=GamePlayers) on real
 * games of the test database, against the raw play-by-play (NBA_DATA_DIR, read at run time, never copied):
 * - each team's PTS total is its final score, the last non-null SCORE ('away - home') of the play-by-play;
 * - each player's PTS is the last "(n PTS)" counter of his made shots and free throws (0 without one), his ORB and
 *   DRB the last "(Off:x Def:y)" of his rebounds;
 * - the same box under the page's filters with garbage time kept counts the same shots, rebounds, assists...
 *   (MIN, +/- and PF there are possession-based: src/server/stats/views/playerViews.ts);
 * - the away team comes first, as "AWAY at HOME" reads, in the box score and in the metric-set table.
 * Games: SAC at DEN 2023-04-09 (the example), MIA at DEN 2023-06-12 (Finals game 5, 89-94), UTA at TOR
 * 2012-11-12 (three overtimes, 140-133), PHI at BOS 2022-10-18 (opening night, 117-126).
 */
import { describe, expect, it } from 'vitest';
import { boxScoreCsv, filteredBox, wholeGameBox, type BoxLine, type TeamBox } from '../../src/lib/game/boxScore';
import { call, data, HAS_DB, rawFile, rawSql } from './helpers';

const GAMES = ['0022201227', '0042200405', '0021200095', '0022200001'];

/** The raw play-by-play file of a game (2012-13 regular season: pbp/regular/2012-13.parquet). */
function pbpOf(gameCode: string): string {
  const type = gameCode.startsWith('004') ? 'playoffs' : 'regular';
  const start = 2000 + Number(gameCode.slice(3, 5));
  return rawFile('pbp', type, `${start}-${String((start + 1) % 100).padStart(2, '0')}.parquet`);
}

/** The last non-null SCORE of the game in published order, as [away, home]. */
async function finalScore(gameCode: string): Promise<[number, number]> {
  const [r] = await rawSql<{ s: string }>(
    `SELECT arg_max(SCORE, file_row_number) AS s FROM read_parquet($1, file_row_number = true) WHERE GAME_ID = $2 AND SCORE IS NOT NULL`,
    [pbpOf(gameCode), gameCode],
  );
  const [away, home] = r!.s.split('-').map((x) => Number(x.trim()));
  return [away!, home!];
}

/** Each scorer's last "(n PTS)" counter in the game: the running points the league prints on made shots and free throws. */
async function ptsCounters(gameCode: string): Promise<Map<number, number>> {
  const rows = await rawSql<{ player: number; pts: number }>(
    `SELECT PLAYER1_ID::INTEGER AS player, max(TRY_CAST(regexp_extract(concat_ws(' ', HOMEDESCRIPTION, VISITORDESCRIPTION), '\\((\\d+) PTS\\)', 1) AS INTEGER)) AS pts
       FROM read_parquet($1) WHERE GAME_ID = $2 AND EVENTMSGTYPE IN (1, 3) GROUP BY 1 HAVING pts IS NOT NULL`,
    [pbpOf(gameCode), gameCode],
  );
  return new Map(rows.map((r) => [r.player, r.pts]));
}

async function details(gameCode: string) {
  const r = await call(`/api/game_details?game_id=${gameCode}`);
  expect(r.status).toBe(200);
  return r.body;
}

const lines = (t: TeamBox): BoxLine[] => [...t.starters, ...t.bench];

describe.skipIf(!HAS_DB)('game box score', () => {
  it.each(GAMES)('%s: the totals rows are the final score of the play-by-play', async (gameCode) => {
    const g = await details(gameCode);
    const [away, home] = wholeGameBox(g);
    const [awayPts, homePts] = await finalScore(gameCode);
    // Away first: the game's away team, as the header "AWAY at HOME" reads.
    expect([away.side, away.team, home.team]).toEqual(['away', g.away.team, g.home.team]);
    expect([away.totals.pts, home.totals.pts]).toEqual([awayPts, homePts]);
    // ...and the score the page's header shows (game details' own score).
    expect([g.away.pts, g.home.pts]).toEqual([awayPts, homePts]);
    // The totals' +/- is the margin; five starters a side, each listed before the bench.
    expect(away.totals.plus_minus).toBe(awayPts - homePts);
    for (const t of [away, home]) {
      expect(t.starters).toHaveLength(5);
      expect(t.bench.every((l) => !l.starter)).toBe(true);
      const benchMinutes = t.bench.map((l) => l.sec);
      expect(benchMinutes).toEqual([...benchMinutes].sort((a, b) => b - a));
      // Team minutes: five players for the length of the game (48 minutes plus 5 per overtime).
      expect(t.totals.sec).toBe(5 * 60 * (48 + 5 * (g.periods - 4)));
    }
  });

  it.each(GAMES)('%s: every player\'s PTS is his last "(n PTS)" counter', async (gameCode) => {
    const [away, home] = wholeGameBox(await details(gameCode));
    const counters = await ptsCounters(gameCode);
    const players = [...lines(away), ...lines(home)];
    expect(players.length).toBeGreaterThan(16);
    for (const p of players) expect({ player: p.name, pts: p.pts }).toEqual({ player: p.name, pts: counters.get(p.player_id) ?? 0 });
    // Every scorer of the play-by-play has a line.
    expect([...counters.keys()].every((id) => players.some((p) => p.player_id === id))).toBe(true);
  });

  it.each(GAMES)('%s: every player\'s ORB and DRB are his last "(Off:x Def:y)" counters', async (gameCode) => {
    const [away, home] = wholeGameBox(await details(gameCode));
    const counter = (i: number) =>
      `TRY_CAST(regexp_extract(concat_ws(' ', HOMEDESCRIPTION, VISITORDESCRIPTION), '\\(Off:(\\d+) Def:(\\d+)\\)', ${i}) AS INTEGER)`;
    const rows = await rawSql<{ player: number; oreb: number; dreb: number }>(
      `SELECT player, arg_max(o, n)::INTEGER AS oreb, arg_max(d, n)::INTEGER AS dreb FROM (
         SELECT PLAYER1_ID::INTEGER AS player, file_row_number AS n, ${counter(1)} AS o, ${counter(2)} AS d
           FROM read_parquet($1, file_row_number = true) WHERE GAME_ID = $2 AND EVENTMSGTYPE = 4)
       WHERE o IS NOT NULL GROUP BY player`,
      [pbpOf(gameCode), gameCode],
    );
    const counters = new Map(rows.map((r) => [r.player, [r.oreb, r.dreb]]));
    for (const p of [...lines(away), ...lines(home)]) {
      expect({ player: p.name, reb: [p.oreb, p.dreb] }).toEqual({ player: p.name, reb: counters.get(p.player_id) ?? [0, 0] });
    }
  });

  it('Finals 2023 game 5: the lines the league published (Jokic 28-16-4, Butler 21, Adebayo 20 and 12)', async () => {
    const [mia, den] = wholeGameBox(await details('0042200405'));
    const line = (t: TeamBox, name: string) => lines(t).find((l) => l.name === name)!;
    expect(line(den, 'Nikola Jokic')).toMatchObject({ starter: true, pts: 28, ast: 4 });
    expect(line(den, 'Nikola Jokic').oreb + line(den, 'Nikola Jokic').dreb).toBe(16);
    expect(line(mia, 'Jimmy Butler')).toMatchObject({ starter: true, pts: 21 });
    expect(line(mia, 'Bam Adebayo').pts).toBe(20);
    expect(line(mia, 'Bam Adebayo').oreb + line(mia, 'Bam Adebayo').dreb).toBe(12);
    // Starters first, by minutes: Jokic led Denver's.
    expect(den.starters[0]!.name).toBe('Nikola Jokic');
  });

  it.each(GAMES)('%s: the page-filters box with garbage time kept counts the same events as the whole game', async (gameCode) => {
    const g = await details(gameCode);
    const rows = (await data(`page=GamePlayers&entity=${gameCode}&is_garbage_time=false&metric_set=OffensiveOverview`)).OffensiveOverview!;
    // The metric-set table lists the away team's players first too.
    const firstHome = rows.findIndex((r) => r.team === g.home.team);
    expect(firstHome).toBeGreaterThan(0);
    expect(rows.slice(0, firstHome).every((r) => r.team === g.away.team)).toBe(true);
    expect(rows.slice(firstHome).every((r) => r.team === g.home.team)).toBe(true);
    const filtered = filteredBox(g, rows);
    const whole = wholeGameBox(g);
    const counts = ['pts', 'fgm', 'fga', 'fg3m', 'fg3a', 'ftm', 'fta', 'oreb', 'dreb', 'ast', 'stl', 'blk', 'tov'] as const;
    for (const side of [0, 1]) {
      const byId = new Map(lines(whole[side]!).map((l) => [l.player_id, l]));
      for (const l of lines(filtered[side]!)) {
        const w = byId.get(l.player_id)!;
        expect(counts.map((k) => l[k])).toEqual(counts.map((k) => w[k]));
        expect(l.starter).toBe(w.starter);
      }
      expect(filtered[side]!.totals.pts).toBe(whole[side]!.totals.pts);
    }
    // The default (garbage time out) keeps no more points than the whole game.
    const defaults = filteredBox(g, (await data(`page=GamePlayers&entity=${gameCode}&metric_set=ShootingAccuracy`)).ShootingAccuracy!);
    expect(defaults[0].totals.pts).toBeLessThanOrEqual(whole[0].totals.pts);
    expect(defaults[1].totals.pts).toBeLessThanOrEqual(whole[1].totals.pts);
  });

  it('the CSV has the lines and the totals shown', async () => {
    const teams = wholeGameBox(await details('0042200405'));
    const csv = boxScoreCsv(teams).trimEnd().split('\r\n');
    expect(csv[0]).toBe('Team,Player,Player ID,Starter,MIN,FGM,FGA,FG%,3PM,3PA,3P%,FTM,FTA,FT%,ORB,DRB,TRB,AST,STL,BLK,TOV,PF,PTS,+/-');
    const totals = csv.filter((l) => l.includes(',Team totals,'));
    expect(totals.map((l) => l.split(',')[0])).toEqual(['MIA', 'DEN']);
    expect(totals.map((l) => Number(l.split(',')[22]))).toEqual([89, 94]);
    expect(csv).toHaveLength(1 + lines(teams[0]).length + lines(teams[1]).length + 2);
  });
});
