/**
 * The lineup player picker ("Eddy Curry before Stephen Curry in 2022-23" gave silent empty results):
 * /api/players carries each player's seasons and teams, checked against the possession table, and the picker's
 * ordering (src/lib/league/playerPicker.ts, the code the picker runs) over that real list puts the chosen seasons'
 * players first.
 */
import { describe, expect, it } from 'vitest';
import { pickerMatches } from '../../src/lib/league/playerPicker';
import { call, HAS_DB, sql } from './helpers';

type Item = { name: string; second_spectrum_id: number; played: Record<string, string[]> };
const list = async () => (await call('/api/players')).body as Item[];

describe.skipIf(!HAS_DB)('lineup player picker: the chosen seasons first', () => {
  it("each player's seasons are the seasons he was on the floor (possession table)", async () => {
    const players = await list();
    const rows = await sql<{ player_id: number; seasons: number[] }>(
      `SELECT player_id, list_sort(list_distinct(list(season))) AS seasons FROM (
         SELECT unnest([o1, o2, o3, o4, o5, d1, d2, d3, d4, d5]) AS player_id, season FROM possessions) GROUP BY player_id`,
    );
    const onFloor = new Map(rows.map((r) => [r.player_id, r.seasons.map(Number)]));
    let checked = 0;
    for (const p of players) {
      const seasons = onFloor.get(p.second_spectrum_id);
      if (!seasons) continue;
      expect(Object.keys(p.played).map(Number).sort(), p.name).toEqual(seasons);
      checked++;
    }
    expect(checked).toBeGreaterThan(400);
  });

  it('a player traded in 2022-23 lists both teams for that season', async () => {
    const [traded] = await sql<{ player_id: number; n: number }>(
      `SELECT player_id, count(DISTINCT off_team_id)::INTEGER AS n FROM (
         SELECT unnest([o1, o2, o3, o4, o5]) AS player_id, off_team_id FROM possessions WHERE season = 2022 AND season_type = 'regular')
        GROUP BY player_id HAVING n >= 2 ORDER BY player_id LIMIT 1`,
    );
    const p = (await list()).find((x) => x.second_spectrum_id === traded!.player_id)!;
    expect(p.played['2022']!.length).toBe(traded!.n);
  });

  it('"curry" in 2022-23: the Currys who played then first, Eddy Curry (last season 2012-13) after them, marked', async () => {
    const players = await list();
    const m = pickerMatches(players, 'curry', new Set(), { seasons: [2022], team: null }, 40);
    const names = m.map((x) => x.player.name);
    expect(names.indexOf('Stephen Curry')).toBeGreaterThanOrEqual(0);
    expect(names.indexOf('Stephen Curry')).toBeLessThan(names.indexOf('Eddy Curry'));
    const stephen = m.find((x) => x.player.name === 'Stephen Curry')!;
    expect([stephen.tier, stephen.note]).toEqual([1, 'GSW 2022-23']);
    const eddy = m.find((x) => x.player.name === 'Eddy Curry')!;
    expect(eddy.tier).toBe(2);
    expect(eddy.note).toBe('2012-13');
    // With a team page's team, its players come before the other teams' of the same season.
    const bkn = pickerMatches(players, 'curry', new Set(), { seasons: [2022], team: 'BKN' }, 40);
    expect(bkn[0]!.player.name).toBe('Seth Curry');
    expect(bkn[0]!.tier).toBe(0);
  });
});
