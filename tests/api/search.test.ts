/**
 * GET /api/search (the header's type-ahead, /search, the compare page's "Add a player") on the test database
 * (2012-13 and 2022-23): nicknames, accents, and games named by two teams and a year. Who a nickname is and when
 * games were played are checked against the raw league files (nba-data), not the stats database.
 */
import { describe, expect, it } from 'vitest';
import { call, HAS_DB, rawFile, rawSql } from './helpers';

const search = async (q: string, limit = 5) => {
  const r = await call(`/api/search?q=${encodeURIComponent(q)}&limit=${limit}`, null);
  expect(r.status).toBe(200);
  return r.body as { players: { name: string; second_spectrum_id: number }[]; games: { date: string; away: string; home: string; game_id: string }[] };
};

describe.skipIf(!HAS_DB)('search', () => {
  it.each([
    ['kd', 201142],
    ['KD', 201142],
    ['the process', 203954],
    ['sga', 1628983],
    ['cp3', 101108],
    ['king james', 2544],
    ['the beard', 201935],
  ])('the nickname "%s" names its player first', async (q, id) => {
    expect((await search(q)).players[0]?.second_spectrum_id).toBe(id);
  });

  it('the start of a nickname finds its player after the names it matches', async () => {
    const hits = await search('the proc');
    expect(hits.players.map((p) => p.second_spectrum_id)).toContain(203954);
  });

  it('accents are neither needed nor in the way: Jovic and Jović find the same player', async () => {
    const plain = await search('nikola jovic');
    const accented = await search('Nikola Jović');
    expect(plain.players[0]?.second_spectrum_id).toBeDefined();
    expect(accented.players[0]?.second_spectrum_id).toBe(plain.players[0]?.second_spectrum_id);
  });

  it('"lakers celtics 2023": their games of 2023, newest first', async () => {
    const r = await search('lakers celtics 2023', 10);
    const raw = await rawSql<{ GAME_ID: string; d: string }>(
      `SELECT GAME_ID, strftime(GAME_DATE, '%Y-%m-%d') AS d FROM read_parquet($1)
        WHERE ((HOME_TEAM_ABBREVIATION = 'LAL' AND AWAY_TEAM_ABBREVIATION = 'BOS') OR (HOME_TEAM_ABBREVIATION = 'BOS' AND AWAY_TEAM_ABBREVIATION = 'LAL'))
          AND year(GAME_DATE) = 2023 ORDER BY GAME_DATE DESC`,
      [rawFile('games.parquet')],
    );
    expect(raw.length).toBeGreaterThan(0);
    expect(r.games.map((g) => g.game_id)).toEqual(raw.map((g) => g.GAME_ID));
    // Without the year: their games of every season held, 2012-13's too.
    const all = await search('lakers celtics', 10);
    expect(all.games.some((g) => g.date.startsWith('2012') || g.date.startsWith('2013'))).toBe(true);
  });

  it('answers players, teams and games with paths, best first', async () => {
    const body = (await call('/api/search?q=james&limit=5', null)).body;
    expect(body.players.length).toBeLessThanOrEqual(5);
    for (const p of body.players) expect(p.path).toBe(`/stats/player/profile/${p.path.split('/').at(-1)}`);
    expect(body.players.map((p: { name: string }) => p.name)).toContain('LeBron James');
    const lebron = (await call('/api/search?q=lebron', null)).body;
    expect(lebron.players[0]).toMatchObject({ name: 'LeBron James', second_spectrum_id: 2544, path: '/stats/player/profile/lebron_james_2544' });
    const nets = (await call('/api/search?q=NJN', null)).body;
    expect(nets.teams[0]).toMatchObject({ abbr: 'BKN', name: 'Brooklyn Nets', path: '/stats/team/team/BKN' });
  });

  it('teams match every word, or any word only when nothing matches every word', async () => {
    const teamsOf = async (q: string) =>
      ((await call(`/api/search?q=${encodeURIComponent(q)}&limit=5`, null)).body as { teams: { abbr: string }[] }).teams.map((t) => t.abbr);
    // "chris pa": a player, not the Pacers (their name shares only "pa")
    expect((await search('chris pa')).players[0]?.second_spectrum_id).toBe(101108);
    expect(await teamsOf('chris pa')).toEqual([]);
    expect((await teamsOf('los angeles')).sort()).toEqual(['LAC', 'LAL']);
    expect((await teamsOf('lakers celtics')).sort()).toEqual(['BOS', 'LAL']);
  });

  it('an empty q is a 200 with empty lists', async () => {
    for (const query of ['q=', 'q=%20%20', 'limit=3', '']) {
      const r = await call(`/api/search?${query}`, null);
      expect(r.status, query).toBe(200);
      expect(r.body, query).toEqual({ players: [], teams: [], games: [] });
    }
  });

  it('a bad q or limit is a 400 naming it', async () => {
    for (const [query, param] of [
      ['q=a%00b', 'q'],
      ['q=a&q=b', 'q'],
      ['q=x&limit=0', 'limit'],
      ['q=x&limit=abc', 'limit'],
      ['q=x&limit=21', 'limit'],
      [`q=${'a'.repeat(101)}`, 'q'],
    ]) {
      const r = await call(`/api/search?${query}`, null);
      expect(r.status, query).toBe(400);
      expect(r.body.param, query).toBe(param);
    }
  });
});
