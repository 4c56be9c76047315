/**
 * The profile's career tables on the test database (2012-13 regular, 2022-23 regular and playoffs):
 * for a few players, each season's Totals line is the sum of his player_games rows (our own box score, read with
 * independent SQL) and the play-by-play's own counters (read from the raw nba-data files at run time): his
 * points are the last "(n PTS)" counter of each game summed, his rebounds the last "(Off:x Def:y)" counters.
 * Per game = totals / G, per 36 = totals x 36 x 60 / seconds, per 100 = totals x 100 / offensive possessions on
 * court; the career rows sum the seasons and say which seasons they cover; the CSV says what the table says.
 */
import { describe, expect, it } from 'vitest';
import { careerLines } from '../../src/server/stats/views/career';
import { playerCareer } from '../../src/server/stats/answers/reads';
import { CAREER_COLUMNS, careerValue, formatCareerValue, type CareerMode } from '../../src/lib/views/careerTables';
import { seasonLabel } from '../../src/lib/filters/filterDefinitions';
import { HAS_DB, rawFile, rawSql, sql } from './helpers';

/** Who asks, for the query queue's per-client count. */
const ASKER = { client: 'test' };

const LEBRON = 2544;
/** LeBron James (both seasons and the 2022-23 playoffs), Stephen Curry, Kevin Durant (traded in 2022-23), Nikola Jokic (2022-23 only). */
const PLAYERS = [LEBRON, 201939, 201142, 203999];
const col = (label: string) => CAREER_COLUMNS.find((c) => c.label === label)!;

/** Per game: his box score from player_games, summed with our own SQL. */
async function boxSums(playerId: number, season: number, type: string): Promise<Record<string, number>> {
  const [r] = await sql<Record<string, number>>(
    `SELECT count(*)::INTEGER AS g, sum(starter::INTEGER)::INTEGER AS gs, sum(seconds)::INTEGER AS sec,
            sum(fgm)::INTEGER AS fgm, sum(fga)::INTEGER AS fga, sum(fg3m)::INTEGER AS fg3m, sum(fg3a)::INTEGER AS fg3a,
            sum(ftm)::INTEGER AS ftm, sum(fta)::INTEGER AS fta, sum(oreb)::INTEGER AS oreb, sum(dreb)::INTEGER AS dreb,
            sum(ast)::INTEGER AS ast, sum(stl)::INTEGER AS stl, sum(blk)::INTEGER AS blk, sum(tov)::INTEGER AS tov,
            sum(pf)::INTEGER AS pf, sum(pts)::INTEGER AS pts, sum(plus_minus)::INTEGER AS pm
       FROM player_games WHERE player_id = $1 AND season = $2 AND season_type = $3`,
    [playerId, season, type],
  );
  const [p] = await sql<{ poss: number }>(
    'SELECT sum(off_poss)::INTEGER AS poss FROM player_game_totals WHERE player_id = $1 AND season = $2 AND season_type = $3',
    [playerId, season, type],
  );
  return { ...r, poss: p!.poss };
}

/** The play-by-play's own counters: per game the last "(n PTS)" of his scoring and "(Off:x Def:y)" of his rebounds. */
async function pbpCounters(playerId: number, season: number, type: string) {
  const [r] = await rawSql<{ pts: number; oreb: number; dreb: number }>(
    `WITH d AS (
       SELECT GAME_ID, EVENTMSGTYPE, concat_ws(' ', HOMEDESCRIPTION, VISITORDESCRIPTION) AS d
         FROM read_parquet($1) WHERE PLAYER1_ID = $2 AND EVENTMSGTYPE IN (1, 3, 4))
     SELECT sum(pts)::INTEGER AS pts, sum(oreb)::INTEGER AS oreb, sum(dreb)::INTEGER AS dreb FROM (
       SELECT GAME_ID,
              coalesce(max(TRY_CAST(regexp_extract(d, '\\((\\d+) PTS\\)', 1) AS INTEGER)) FILTER (WHERE EVENTMSGTYPE IN (1, 3)), 0) AS pts,
              coalesce(max(TRY_CAST(regexp_extract(d, '\\(Off:(\\d+) Def:\\d+\\)', 1) AS INTEGER)) FILTER (WHERE EVENTMSGTYPE = 4), 0) AS oreb,
              coalesce(max(TRY_CAST(regexp_extract(d, '\\(Off:\\d+ Def:(\\d+)\\)', 1) AS INTEGER)) FILTER (WHERE EVENTMSGTYPE = 4), 0) AS dreb
         FROM d GROUP BY GAME_ID)`,
    [rawFile('pbp', type, `${seasonLabel(season)}.parquet`), playerId],
  );
  return r!;
}

describe.skipIf(!HAS_DB)('career tables', () => {
  it.each(PLAYERS)('player %i: each season is his player_games summed and the play-by-play counters', async (playerId) => {
    const c = await playerCareer(ASKER, playerId);
    expect(c.rows.length).toBeGreaterThan(0);
    for (const row of c.rows) {
      const box = await boxSums(playerId, row.season_start!, row.season_type);
      const t = (label: string) => careerValue(row, col(label), 'totals');
      const where = `${row.season} ${row.season_type}`;
      expect({
        where,
        g: t('G'),
        gs: t('GS'),
        min: t('MIN'),
        fgm: t('FGM'),
        fga: t('FGA'),
        fg3m: t('3PM'),
        fg3a: t('3PA'),
        ftm: t('FTM'),
        fta: t('FTA'),
      }).toEqual({
        where,
        g: box.g,
        gs: box.gs,
        min: Math.round(box.sec! / 60),
        fgm: box.fgm,
        fga: box.fga,
        fg3m: box.fg3m,
        fg3a: box.fg3a,
        ftm: box.ftm,
        fta: box.fta,
      });
      expect({
        where,
        orb: t('ORB'),
        drb: t('DRB'),
        trb: t('TRB'),
        ast: t('AST'),
        stl: t('STL'),
        blk: t('BLK'),
        tov: t('TOV'),
        pf: t('PF'),
        pts: t('PTS'),
        pm: t('+/-'),
      }).toEqual({
        where,
        orb: box.oreb,
        drb: box.dreb,
        trb: box.oreb! + box.dreb!,
        ast: box.ast,
        stl: box.stl,
        blk: box.blk,
        tov: box.tov,
        pf: box.pf,
        pts: box.pts,
        pm: box.pm,
      });
      // The league's own running counters in the play-by-play.
      const pbp = await pbpCounters(playerId, row.season_start!, row.season_type);
      expect({ where, pts: t('PTS'), oreb: t('ORB'), dreb: t('DRB') }).toEqual({ where, ...pbp });
      // The other modes from the totals.
      const one = (v: number) => Math.round(v * 10) / 10;
      expect(careerValue(row, col('PTS'), 'per_game')).toBe(one(box.pts! / box.g!));
      expect(careerValue(row, col('TRB'), 'per_game')).toBe(one((box.oreb! + box.dreb!) / box.g!));
      expect(careerValue(row, col('MIN'), 'per_game')).toBe(one(box.sec! / 60 / box.g!));
      expect(careerValue(row, col('AST'), 'per_36')).toBe(one((box.ast! * 36 * 60) / box.sec!));
      expect(careerValue(row, col('PTS'), 'per_36')).toBe(one((box.pts! * 36 * 60) / box.sec!));
      expect(careerValue(row, col('PTS'), 'per_100')).toBe(one((box.pts! * 100) / box.poss!));
      expect(careerValue(row, col('STL'), 'per_100')).toBe(one((box.stl! * 100) / box.poss!));
      expect(careerValue(row, col('FG%'), 'per_36')).toBe(one((100 * box.fgm!) / box.fga!));
      // G, GS and the percentages are the same in every mode; MIN is his total outside the per-game table.
      for (const mode of ['totals', 'per_36', 'per_100'] as const) expect(careerValue(row, col('MIN'), mode)).toBe(Math.round(box.sec! / 60));
      for (const mode of ['per_game', 'per_36', 'per_100'] as const) {
        expect(careerValue(row, col('G'), mode)).toBe(box.g);
        expect(careerValue(row, col('3P%'), mode)).toBe(careerValue(row, col('3P%'), 'totals'));
      }
    }
  });

  it('the career rows sum the seasons of their table and say which seasons they cover', async () => {
    const c = await playerCareer(ASKER, LEBRON);
    const regular = careerLines(c, 'regular');
    const playoffs = careerLines(c, 'playoffs');
    expect(regular.map((l) => l.label)).toEqual(['2022-23', '2012-13', 'Career (2012-13 to 2022-23)']);
    // He played before 2013-14, the first season with playoff play-by-play: the label says his total misses games.
    expect(playoffs.map((l) => l.label)).toEqual(['2022-23', 'Playoffs 2022-23 (earlier playoffs are not in the data)']);
    for (const lines of [regular, playoffs]) {
      const total = lines.at(-1)!;
      for (const c of CAREER_COLUMNS.filter((c) => c.kind !== 'percent')) {
        expect(careerValue(total, c, 'totals'), c.label).toBe(
          c.key === 'min' ? Math.round(lines.slice(0, -1).reduce((n, l) => n + l.sec, 0) / 60) : lines.slice(0, -1).reduce((n, l) => n + c.total(l)!, 0),
        );
      }
    }
    // Published: 76 + 55 games, 2,036 + 1,590 points; 2022-23 playoffs 16 games, 392 points.
    expect(careerValue(regular.at(-1)!, col('G'), 'totals')).toBe(131);
    expect(careerValue(regular.at(-1)!, col('PTS'), 'totals')).toBe(3626);
    expect(careerValue(regular.at(-1)!, col('PTS'), 'per_game')).toBe(27.7);
    expect(careerValue(playoffs.at(-1)!, col('PTS'), 'totals')).toBe(392);
    // A player who came into the league after 2013-14 misses no playoffs: no note (Jokic, rookie in 2015-16).
    const jokic = careerLines(await playerCareer(ASKER, 203999), 'playoffs');
    expect(jokic.at(-1)!.label).toBe('Playoffs 2022-23');
  });

  /**
   * Ages from birth dates (Basketball-Reference player pages): LeBron James 1984-12-30, Stephen Curry 1988-03-14,
   * Nikola Jokic 1995-02-19; the league's bios give a season's age late in the regular season (Curry is 25 in
   * 2012-13), so the check takes his age on April 1. 2022-23 lies past the bios (they end with 2019-20), so it
   * checks the carried-forward age too.
   */
  it('each season line says his age that season; career rows say none', async () => {
    const ageOn = (born: string, season: number) => {
      const [y, m, d] = born.split('-').map(Number) as [number, number, number];
      return season + 1 - y - (m > 4 || (m === 4 && d > 1) ? 1 : 0);
    };
    for (const [id, born] of [
      [LEBRON, '1984-12-30'],
      [201939, '1988-03-14'],
      [203999, '1995-02-19'],
    ] as const) {
      const c = await playerCareer(ASKER, id);
      for (const r of c.rows) expect(r.age, `${id} ${r.season}`).toBe(ageOn(born, r.season_start!));
      for (const r of c.totals) expect(r.age).toBeNull();
    }
    expect((await playerCareer(ASKER, LEBRON)).rows.find((r) => r.season_start === 2022)!.age).toBe(38);
  });

  it('the CSV holds the table as shown, per mode and season type; bad keys are 400', async () => {
    const { GET } = await import('../../src/pages/api/player_career');
    const get = async (qs: string) => {
      const url = new URL(`http://localhost/api/player_career?${qs}`);
      return (await GET({ url, request: new Request(url) } as never)) as Response;
    };
    const c = await playerCareer(ASKER, LEBRON);
    for (const [type, mode] of [
      ['regular', 'per_game'],
      ['playoffs', 'totals'],
      ['regular', 'per_100'],
    ] as const) {
      const res = await get(`player_id=${LEBRON}&format=csv&season_type=${type}&mode=${mode}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="player-2544_career_${mode.replace('_', '-')}_${type}.csv"`);
      const lines = (await res.text())
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe(`Season,Season type,Age,Team,${CAREER_COLUMNS.map((c) => (c.label === '+/-' ? "'+/-" : c.label)).join(',')}`);
      const shown = careerLines(c, type);
      expect(lines.length).toBe(shown.length + 1);
      shown.forEach((l, i) => {
        const cells = lines[i + 1]!.split(',');
        const values = cells.slice(-CAREER_COLUMNS.length);
        CAREER_COLUMNS.forEach((col, j) => {
          // The number in the CSV is the number the table shows.
          const text = formatCareerValue(careerValue(l, col, mode as CareerMode), col, mode)
            .replace(/[,%+]/g, '')
            .replace('−', '-');
          expect(Number(values[j]), `${l.label} ${col.label}`).toBe(Number(text));
        });
      });
    }
    expect((await get(`player_id=${LEBRON}&format=csv&mode=per_48`)).status).toBe(400);
    expect((await get(`player_id=${LEBRON}&format=csv&season_type=preseason`)).status).toBe(400);
    expect((await get(`player_id=${LEBRON}&format=xml`)).status).toBe(400);
    expect((await get('player_id=999999999&format=csv')).status).toBe(404);
  });
});
