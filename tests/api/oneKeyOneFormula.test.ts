/**
 * One key, one formula (src/lib/tables/columnRegistry.ts): a column key means the same quantity in a player set and in a
 * team set. Checked on whole teams, where both kinds of set describe the same thing: a team's game-log row (the
 * player sets over the team's players, src/server/stats/views/gameLogs.ts) and the team's own sets over its
 * possessions (the game's team page), game by game; and the free-throw rates against the league's official team
 * box scores (nba-data team-box-scores.parquet, read raw, never through the stats database). Renamed keys stay
 * answered by /api/v1 as aliases.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COLUMN_SETS, REGISTRY, V1_ALIASES } from '../../src/lib/tables/columnRegistry';
import { ENDPOINTS } from '../../src/server/api/v1/endpoints';
import { TableAnswer } from '../../src/server/api/v1/schemas';
import { data, HAS_DB, rawFile, rawSql, SIGNED_IN } from './helpers';

const ALL = 'is_garbage_time=false';
const MIA = 1610612748;

interface OfficialBox {
  GAME_ID: string;
  FGA: number;
  FTM: number;
  FTA: number;
}

async function officialBoxes(teamId: number): Promise<Map<string, OfficialBox>> {
  const rows = await rawSql<OfficialBox>(`SELECT GAME_ID, FGA, FTM, FTA FROM read_parquet($1) WHERE SEASON = '2012-13' AND TEAM_ID = $2`, [
    rawFile('team-box-scores.parquet'),
    teamId,
  ]);
  return new Map(rows.map((r) => [String(r.GAME_ID), r]));
}

/** 100 a / b at the answers' two decimals. */
const pct2 = (a: number, b: number) => Math.round((10000 * a) / b) / 100;

async function v1Table(query: string) {
  const endpoint = ENDPOINTS.find((e) => e.path === '/api/v1/table')!;
  const url = new URL(`/api/v1/table?${query}`, 'http://localhost');
  return TableAnswer.parse(
    await endpoint.prepare({ url, request: new Request(url), params: {}, session: SIGNED_IN, asker: { client: 'test' }, guideOf: () => null }).run(),
  );
}

describe.skipIf(!HAS_DB)('one key, one formula', () => {
  it("a team's game-log row (its players summed) and its own team sets agree on every key they share, game by game", async () => {
    const log = await data(`page=TeamGameLog&entity=MIA&season=2012&${ALL}`);
    const playerSetKeys = new Set(
      ['OffensiveOverview', 'ShootingOverall', 'ShootingFrequency', 'ShootingAccuracy', 'FoulDrawing', 'DefenseAndRebounding'].flatMap((s) =>
        Object.keys(log[s]![0]!),
      ),
    );
    const teamKeys = new Set([...COLUMN_SETS.FourFactors.keys, ...COLUMN_SETS.TeamShootingFrequency.keys, ...COLUMN_SETS.TeamShootingAccuracy.keys]);
    const shared = [...teamKeys].filter((k) => playerSetKeys.has(k) && k !== 'poss');
    // The four factors' eFG% and ORB%, every zone's share and accuracy: and no longer TOV% or FT rate, whose player
    // formulas (per play; attempts) have keys of their own.
    expect(shared).toEqual(expect.arrayContaining(['efg_pct', 'orb_pct', 'rim_freq', 'three_acc']));
    expect(shared).not.toContain('tov_pct');
    expect(shared).not.toContain('ft_rate');
    const rowOf = (set: string, gameId: string) => log[set]!.find((r) => r.game_id === gameId)!;
    for (const line of log.BoxScore!.slice(0, 12)) {
      const game = String(line.game_id);
      const team = await data(`page=GameTeam&entity=${game}&${ALL}`);
      const ours = (set: string) => team[set]!.find((r) => r.team_id === MIA || r.team === 'MIA')!;
      for (const key of shared) {
        const teamSet = COLUMN_SETS.FourFactors.keys.includes(key as never) ? 'FourFactors' : key.endsWith('_freq') ? 'ShootingFrequency' : 'ShootingAccuracy';
        const playerSet = ['OffensiveOverview', 'ShootingOverall', 'ShootingFrequency', 'ShootingAccuracy', 'FoulDrawing', 'DefenseAndRebounding'].find(
          (s) => key in rowOf(s, game),
        )!;
        expect(rowOf(playerSet, game)[key], `${game} ${key}: ${playerSet} vs ${teamSet}`).toBeCloseTo(ours(teamSet)[key], 1);
      }
    }
  });

  it("FTA Rate (FTA / FGA) and the four factors' FT Rate (FTM / FGA) against Miami 2012-13's official box scores", async () => {
    const official = await officialBoxes(MIA);
    const log = await data(`page=TeamGameLog&entity=MIA&season=2012&${ALL}`);
    expect(log.FoulDrawing).toHaveLength(82);
    for (const row of log.FoulDrawing!) {
      const box = official.get(String(row.game_id))!;
      expect(row.fta_rate, String(row.game_id)).toBe(pct2(box.FTA, box.FGA));
      expect(row).not.toHaveProperty('ft_rate');
    }
    // The season's four factors over every possession: the official FTM and FGA summed.
    const [ftm, fga] = [...official.values()].reduce(([m, a], b) => [m + b.FTM, a + b.FGA], [0, 0]);
    const season = await data(`page=TeamTeam&entity=MIA&season=2012&${ALL}&metric_set=Team_FourFactors`);
    expect(season.Team_FourFactors![0]!.ft_rate).toBe(pct2(ftm, fga));
  });

  it('/api/v1 still answers a renamed key with the value of its new key, in the sets it was renamed in', async () => {
    const foul = await v1Table(`page=Players&season=2012&metric_set=FoulDrawing`);
    expect(foul.columns.map((c) => c.key)).toContain('fta_rate');
    const ranked = foul.rows.filter((r) => typeof r.fta_rate_pct === 'number');
    expect(ranked.length).toBeGreaterThan(100);
    for (const r of foul.rows) expect([r.ft_rate, r.ft_rate_pct]).toEqual([r.fta_rate, r.fta_rate_pct]);
    expect(foul.rows.filter((r) => typeof r.ft_rate_pct === 'number')).toHaveLength(ranked.length);
    const overview = await v1Table(`page=Players&season=2012&metric_set=OffensiveOverview`);
    expect(overview.columns.map((c) => c.key)).toContain('tov_play_pct');
    // Undefined on both sides would pass the comparison below: the alias must carry numbers.
    expect(overview.rows.filter((r) => typeof r.tov_pct === 'number').length).toBeGreaterThan(100);
    for (const r of overview.rows) expect([r.tov_pct, r.tov_pct_pct]).toEqual([r.tov_play_pct, r.tov_play_pct_pct]);
    // Team sets keep their own keys: no alias there.
    const team = await v1Table(`page=TeamTeam&entity=MIA&season=2012&metric_set=Team_FourFactors`);
    expect(team.rows[0]).not.toHaveProperty('tov_play_pct');
    expect(Object.keys(V1_ALIASES).sort()).toEqual(['FoulDrawing', 'OffensiveOverview']);
  });

  it('every key of every column set is described once in the registry, and its guide names it', () => {
    for (const [set, spec] of Object.entries(COLUMN_SETS)) for (const k of spec.keys) expect(REGISTRY[k], `${set} ${k}`).toBeDefined();
    for (const [key, e] of Object.entries(REGISTRY)) {
      if (e.guide === null) continue;
      const guide = readFileSync(path.join('src/content/guides', `${e.guide}.md`), 'utf8');
      expect(guide.includes(e.label), `${key}: "${e.label}" in ${e.guide}.md`).toBe(true);
    }
  });
});
