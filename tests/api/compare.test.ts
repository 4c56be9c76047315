/**
 * Compare players (GET /api/compare) on the test database (2012-13, 2022-23): each compared column is
 * the player's row of the players table (GET /api/data page=Players) for his seasons and the same filters, and
 * its numbers match independent SQL over the possessions; the best of each line is the best value in the
 * line's direction; bad input is a 4xx with a message, gated filters a 403 without the plan.
 */
import { describe, expect, it } from 'vitest';
import { compareLines, compareSetDefinitions } from '../../src/lib/views/compare';
import { byPlayer, call, data, HAS_DB, sql } from './helpers';

const LEBRON = 2544;
const CURRY = 201939;
const DURANT = 201142;

/** His own counters and his team's on-court counters over regular-season possessions (garbage time out), from the possession table. */
async function rawOffense(playerId: number, seasons: number[], extra = '') {
  const where = `p.season IN (${seasons.join(', ')}) AND p.season_type = 'regular' AND NOT p.is_filtered_out ${extra}`;
  const [own] = await sql<{ pts: number; fga_rim: number; fga: number; tov: number; ft_trips: number }>(
    `SELECT sum(s.pts) AS pts, sum(s.fga_rim) AS fga_rim, sum(s.fga_rim + s.fga_smid + s.fga_lmid + s.fga_c3 + s.fga_nc3) AS fga,
            sum(s.tov) AS tov, sum(s.ft_trips) AS ft_trips
       FROM player_possession_stats s JOIN possessions p USING (possession_id)
      WHERE s.player_id = ${playerId} AND s.is_offense AND ${where}`,
  );
  const [team] = await sql<{ poss: number; plays: number }>(
    `SELECT sum(p.possessions) AS poss, sum(p.plays) AS plays FROM possessions p WHERE ${playerId} IN (p.o1, p.o2, p.o3, p.o4, p.o5) AND ${where}`,
  );
  return { ...own!, ...team! };
}

describe.skipIf(!HAS_DB)('compare players', () => {
  it('each column is his players-table row for his seasons with the same filters (a span, a gated filter)', async () => {
    const r = await call(`/api/compare?player=${LEBRON}:2012-13&player=${CURRY}:2012-13_2022-23&metric_set=offensive-overview&period=4`);
    expect(r.status).toBe(200);
    const [lebron, curry] = r.body.players;
    const lebronRow = byPlayer((await data('page=Players&season=2012&period=4&metric_set=OffensiveOverview')).OffensiveOverview!, LEBRON);
    // the span's seasons the file holds (src/lib/league/seasons.ts: only seasons with games are asked for)
    const held = await sql<{ season: number }>('SELECT DISTINCT season FROM games WHERE season BETWEEN 2012 AND 2022');
    const span = held.map((h) => `season=${h.season}`).join('&');
    const curryRow = byPlayer((await data(`page=Players&${span}&period=4&metric_set=OffensiveOverview`)).OffensiveOverview!, CURRY);
    for (const line of r.body.lines) {
      expect(lebron.values[line.field], `LeBron ${line.field}`).toEqual(lebronRow[line.field] ?? null);
      expect(lebron.percentiles[line.field], `LeBron ${line.field} percentile`).toEqual(lebronRow[`${line.field}_pct`] ?? null);
      expect(curry.values[line.field], `Curry ${line.field}`).toEqual(curryRow[line.field] ?? null);
    }
    expect(lebron).toMatchObject({ seasons: '2012-13', team: 'MIA', position: lebronRow.position, found: true, qualified: true });
    expect(curry).toMatchObject({ seasons: '2012-13 to 2022-23', span: [2012, 2022], found: true });
    // Independent: his 4th-quarter points per 100 possessions and usage from the possession table.
    const raw = await rawOffense(LEBRON, [2012], 'AND p.period = 4');
    expect(lebron.values.pts_per_100).toBeCloseTo((100 * raw.pts) / raw.poss, 1);
    expect(lebron.values.usage).toBeCloseTo((100 * (raw.fga + raw.tov + raw.ft_trips)) / raw.plays, 1);
    const rawCurry = await rawOffense(CURRY, [2012, 2022], 'AND p.period = 4');
    expect(curry.values.pts_per_100).toBeCloseTo((100 * rawCurry.pts) / rawCurry.poss, 1);
  });

  it('shooting frequency from the possessions; style lines have no best', async () => {
    const r = await call(`/api/compare?player=${LEBRON}:2012-13&player=${DURANT}:2012-13&metric_set=shooting-frequency`);
    expect(r.status).toBe(200);
    const raw = await rawOffense(DURANT, [2012]);
    expect(r.body.players[1].values.rim_freq).toBeCloseTo((100 * raw.fga_rim) / raw.fga, 1);
    expect(r.body.lines.every((l: { better: string }) => l.better === 'style')).toBe(true);
    expect(Object.values(r.body.best).every((b) => (b as number[]).length === 0)).toBe(true);
  });

  it('marks the best value of each line in its direction, ties included', async () => {
    const r = await call(`/api/compare?player=${LEBRON}:2012-13&player=${DURANT}:2012-13&player=${CURRY}:2012-13&metric_set=offensive-overview`);
    const { lines, players, best } = r.body;
    const tov = lines.find((l: { field: string }) => l.field === 'tov_play_pct');
    expect(tov.better).toBe('lower');
    for (const line of lines) {
      const values = players.map((p: { values: Record<string, number | null> }) => p.values[line.field]);
      if (line.better === 'style') {
        expect(best[line.field], line.field).toEqual([]);
        continue;
      }
      const target = line.better === 'higher' ? Math.max(...values) : Math.min(...values);
      const expected = values.every((v: number) => v === target) ? [] : values.flatMap((v: number, i: number) => (v === target ? [i] : []));
      expect(best[line.field], line.field).toEqual(expected);
    }
    expect(best.pts_per_100.length).toBeGreaterThan(0);
  });

  it('on/off sets: on, off and on − off lines; "off court" never has a best', async () => {
    const r = await call(`/api/compare?player=${LEBRON}:2012-13&player=${DURANT}:2012-13&metric_set=on-off-four-factors`);
    expect(r.status).toBe(200);
    const fields = r.body.lines.map((l: { field: string }) => l.field);
    expect(fields).toEqual(expect.arrayContaining(['efg_pct_on', 'efg_pct_off', 'efg_pct_diff']));
    expect(r.body.lines.filter((l: { field: string }) => l.field.endsWith('_off')).every((l: { better: string }) => l.better === 'style')).toBe(true);
    const row = byPlayer((await data('page=Players&season=2012&metric_set=OnOff_FourFactors')).OnOff_FourFactors!, DURANT);
    expect(r.body.players[1].values.efg_pct_diff).toEqual(row.efg_pct_diff);
    expect(r.body.players[1].percentiles.efg_pct_diff).toEqual(row.efg_pct_diff_pct);
  });

  it("sides split the players table's sets: defense is Defense and Rebounding and the opponent on/off", async () => {
    expect(compareSetDefinitions('defense').map((d) => d.value)).toEqual(['DefenseAndRebounding', 'OnOff_Opponent_ShootingFrequency']);
    const all = [...compareSetDefinitions('offense'), ...compareSetDefinitions('defense')].map((d) => d.value).sort();
    const players = (await import('../../src/lib/tables/metricSets'))
      .metricSetDefinitions('Players')
      .map((d) => d.value)
      .sort();
    expect(all).toEqual(players);
    const r = await call(`/api/compare?player=${LEBRON}:2012-13&player=${DURANT}:2012-13&side=defense`);
    expect(r.body.set.value).toBe('DefenseAndRebounding');
    expect(r.body.lines.map((l: { field: string }) => l.field)).toEqual(compareLines(compareSetDefinitions('defense')[0]!).map((l) => l.field));
    const wrongSide = await call(`/api/compare?player=${LEBRON}&player=${DURANT}&side=defense&metric_set=offensive-overview`);
    expect(wrongSide.status).toBe(400);
    expect(wrongSide.body.error).toMatch(/metric_set/);
  });

  it('a bare id takes his latest season; a season he did not play shows no row', async () => {
    const r = await call(`/api/compare?player=${LEBRON}&player=${DURANT}:2015-16`);
    expect(r.status).toBe(200);
    const [latest] = await sql<{ s: number }>(`SELECT max(season) AS s FROM player_seasons WHERE player_id = ${LEBRON}`);
    expect(r.body.players[0].span).toEqual([latest!.s, latest!.s]);
    expect(r.body.players[1]).toMatchObject({ found: false, qualified: false, team: null });
    expect(Object.values(r.body.players[1].values).every((v) => v === null)).toBe(true);
  });

  it('gated filters need the plan (403); the free ones do not', async () => {
    const gated = await call(`/api/compare?player=${LEBRON}:2012-13&player=${DURANT}:2012-13&period=4`, null);
    expect(gated.status).toBe(403);
    expect(gated.body.error).toMatch(/Period/);
    const free = await call(`/api/compare?player=${LEBRON}:2012-13&player=${DURANT}:2012-13&season_type=regular&is_garbage_time=false`, null);
    expect(free.status).toBe(200);
  });

  it('bad input is a 4xx naming what is wrong', async () => {
    const cases: [string, number, RegExp][] = [
      [`player=${LEBRON}:2012-13`, 400, /at least 2/],
      [Array.from({ length: 5 }, (_, i) => `player=${LEBRON + i}`).join('&'), 400, /at most 4/],
      [`player=${LEBRON}:2001-02&player=${DURANT}`, 400, /from 2012-13 to 2022-23/],
      [`player=${LEBRON}:2012-14&player=${DURANT}`, 400, /season/],
      [`player=abc&player=${DURANT}`, 400, /player id/],
      [`player=${LEBRON}&player=${DURANT}&season=2012`, 400, /each player/],
      [`player=${LEBRON}&player=${DURANT}&period=9`, 400, /period/],
      [`player=${LEBRON}&player=999999999`, 404, /999999999/],
    ];
    for (const [qs, status, message] of cases) {
      const r = await call(`/api/compare?${qs}`);
      expect(r.status, qs).toBe(status);
      expect(r.body.error, qs).toMatch(message);
    }
  });
});
