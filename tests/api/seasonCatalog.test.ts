/**
 * The seasons of the stats file and the date its data runs through, as the stats API says them: every answer
 * carries `Data-Through: YYYY-MM-DD` (the latest game of the file, checked against SQL written here), a season the
 * file holds is accepted and any other is a 400 naming `season`; without `season` the latest season with games is
 * the one answered.
 */
import { describe, expect, it } from 'vitest';
import { HAS_DB, SIGNED_IN, sql } from './helpers';

type Handler = (ctx: unknown) => Promise<Response>;
async function get(path: string): Promise<Response> {
  const url = new URL(path, 'http://localhost');
  const name = url.pathname.slice('/api/'.length);
  const mod = (await import(`../../src/pages/api/${name}.ts`)) as { GET: Handler };
  return mod.GET({ url, locals: { session: SIGNED_IN }, request: new Request(url) });
}

describe.skipIf(!HAS_DB)('season catalogue of the stats API', () => {
  it('says through which date the data runs on answers and refusals', async () => {
    const { last } = (await sql<{ last: string }>("SELECT strftime(max(date), '%Y-%m-%d') AS last FROM games"))[0]!;
    for (const path of ['/api/data?page=League&season=2022-23', '/api/teams_table?season=2022', '/api/data?page=League&season=1999', '/api/players?q=curry']) {
      const r = await get(path);
      expect(r.headers.get('Data-Through'), path).toBe(last);
    }
  });

  it('accepts the seasons the file holds and refuses the others with a 400 naming season', async () => {
    const held = (await sql<{ season: number }>('SELECT DISTINCT season FROM games ORDER BY season')).map((r) => r.season);
    expect(held.length).toBeGreaterThan(1);
    for (const s of held) expect((await get(`/api/data?page=League&season=${s}`)).status).toBe(200);
    const missing = [2003, 2010, 2015, 2030].filter((s) => !held.includes(s));
    for (const s of missing) {
      const r = await get(`/api/data?page=League&season=${s}`);
      expect(r.status, String(s)).toBe(400);
      expect((await r.json()).param).toBe('season');
    }
  });

  it('answers the latest season with games when no season is given', async () => {
    const { latest } = (await sql<{ latest: number }>('SELECT max(season) AS latest FROM games'))[0]!;
    const { games } = (
      await sql<{ games: number }>("SELECT count(*) AS games FROM team_games WHERE season = $1 AND season_type = 'regular' AND abbr = 'BOS'", [latest])
    )[0]!;
    const r = await get('/api/teams_table');
    expect(r.status).toBe(200);
    const body = await r.json();
    const bos = body.teams.find((t: { abbr: string }) => t.abbr === 'BOS');
    expect(bos.games).toBe(games);
  });
});
