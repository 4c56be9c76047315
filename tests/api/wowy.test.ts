/**
 * GET /api/team_wowy, checked against computations of its own: possessions and points of each
 * pair's states counted here directly over the possession table and over the five-man units (lineups), the
 * player's own on/off numbers from /api/data (TeamOnOff), the ranking by minutes from the possessions' seconds.
 * The team's possessions are those it was on offense or defense for; garbage time and heaves left out (the
 * default filter).
 */
import { describe, expect, it } from 'vitest';
import { call, data, HAS_DB, sql } from './helpers';

const BOS = 1610612738;
const BASE = "p.season = 2022 AND p.season_type = 'regular' AND NOT p.is_garbage_time AND NOT p.is_heave";
const ON = (side: 'o' | 'd', id: number) => `${id} IN (p.${side}1, p.${side}2, p.${side}3, p.${side}4, p.${side}5)`;

interface Cell {
  off_poss: number;
  def_poss: number;
  pts_for: number;
  pts_against: number;
  ortg: number | null;
  drtg: number | null;
  net: number | null;
}
interface Pair {
  a: number;
  b: number;
  both: Cell;
  a_only: Cell;
  b_only: Cell;
  neither: Cell;
}
interface Answer {
  players: { player_id: number; name: string; minutes: number; rank: number }[];
  team_total: Cell;
  pairs: Pair[];
  note?: string;
}

async function wowy(qs: string, session?: null): Promise<Answer> {
  const r = session === null ? await call(`/api/team_wowy?${qs}`, null) : await call(`/api/team_wowy?${qs}`);
  if (r.status !== 200) throw new Error(`GET /api/team_wowy?${qs} -> ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as Answer;
}

/** Possessions and points of BOS's offense (o) or defense (d) where `cond` holds, over the possession table. */
async function counted(side: 'o' | 'd', cond: string, where = BASE): Promise<{ poss: number; pts: number }> {
  const team = side === 'o' ? 'p.off_team_id' : 'p.def_team_id';
  const [r] = await sql<{ poss: number | null; pts: number | null }>(
    `SELECT SUM(p.possessions)::INTEGER AS poss, SUM(p.pts)::INTEGER AS pts FROM possessions p WHERE ${where} AND ${team} = ${BOS} AND ${cond}`,
  );
  return { poss: r!.poss ?? 0, pts: r!.pts ?? 0 };
}

describe.skipIf(!HAS_DB)('GET /api/team_wowy', () => {
  it('ranks the players by their time on the floor for the team, most first', async () => {
    const answer = await wowy('team=BOS&season=2022&n=10');
    const top = await sql<{ player_id: number; seconds: number }>(
      `SELECT player_id, SUM(seconds)::INTEGER AS seconds FROM (
         SELECT unnest([p.o1, p.o2, p.o3, p.o4, p.o5]) AS player_id, p.seconds FROM possessions p WHERE ${BASE} AND p.off_team_id = ${BOS}
         UNION ALL
         SELECT unnest([p.d1, p.d2, p.d3, p.d4, p.d5]) AS player_id, p.seconds FROM possessions p WHERE ${BASE} AND p.def_team_id = ${BOS})
       GROUP BY player_id ORDER BY seconds DESC, player_id LIMIT 10`,
    );
    expect(answer.players.map((p) => p.player_id)).toEqual(top.map((t) => t.player_id));
    expect(answer.players[0]!.minutes).toBeCloseTo(top[0]!.seconds / 60, 0);
    // Ten players: 45 pairs of two and ten of one.
    expect(answer.pairs).toHaveLength(55);
  });

  it("a pair's both-on possessions are those of the five-man units holding both; every state's points add up", async () => {
    const answer = await wowy('team=BOS&season=2022&n=6');
    const [a, b] = [answer.players[0]!.player_id, answer.players[3]!.player_id];
    const pair = answer.pairs.find((p) => p.a === a && p.b === b)!;
    // Both on, from the lineups: the units with both of them, summed over their possessions.
    for (const [side, lineup, team] of [
      ['o', 'off_lineup_id', 'off_team_id'],
      ['d', 'def_lineup_id', 'def_team_id'],
    ] as const) {
      const [units] = await sql<{ poss: number; pts: number }>(
        `SELECT SUM(p.possessions)::INTEGER AS poss, SUM(p.pts)::INTEGER AS pts FROM possessions p JOIN lineups l ON l.lineup_id = p.${lineup}
          WHERE ${BASE} AND p.${team} = ${BOS} AND ${a} IN (l.p1, l.p2, l.p3, l.p4, l.p5) AND ${b} IN (l.p1, l.p2, l.p3, l.p4, l.p5)`,
      );
      expect(side === 'o' ? pair.both.off_poss : pair.both.def_poss).toBe(units!.poss);
      expect(side === 'o' ? pair.both.pts_for : pair.both.pts_against).toBe(units!.pts);
    }
    // The other states, from the ten on the floor.
    const states = {
      a_only: (s: 'o' | 'd') => `${ON(s, a)} AND NOT ${ON(s, b)}`,
      b_only: (s: 'o' | 'd') => `NOT ${ON(s, a)} AND ${ON(s, b)}`,
      neither: (s: 'o' | 'd') => `NOT ${ON(s, a)} AND NOT ${ON(s, b)}`,
    };
    for (const [state, cond] of Object.entries(states) as [keyof typeof states, (s: 'o' | 'd') => string][]) {
      const off = await counted('o', cond('o'));
      const def = await counted('d', cond('d'));
      const cell = pair[state];
      expect([cell.off_poss, cell.pts_for, cell.def_poss, cell.pts_against]).toEqual([off.poss, off.pts, def.poss, def.pts]);
      // Net rating is the points behind it per 100 possessions, offense minus defense.
      expect(cell.net!).toBeCloseTo((100 * off.pts) / off.poss - (100 * def.pts) / def.poss, 9);
    }
    // The four states cover the team's possessions exactly once.
    const team = await counted('o', 'TRUE');
    const teamDef = await counted('d', 'TRUE');
    const cells = [pair.both, pair.a_only, pair.b_only, pair.neither];
    expect(cells.reduce((s, c) => s + c.off_poss, 0)).toBe(team.poss);
    expect(cells.reduce((s, c) => s + c.def_poss, 0)).toBe(teamDef.poss);
    expect(answer.team_total.off_poss).toBe(team.poss);
    expect(answer.team_total.pts_against).toBe(teamDef.pts);
  });

  it("A without B plus both on is A's on-court possessions on his On/Off page", async () => {
    const answer = await wowy('team=BOS&season=2022&n=5');
    for (const side of ['offense', 'defense'] as const) {
      const set = side === 'offense' ? 'Team_FourFactors' : 'Opponent_FourFactors';
      const rows = (await data(`page=TeamOnOff&entity=BOS&season=2022&side=${side}&metric_set=${set}`))[set]!;
      for (const pair of answer.pairs.filter((p) => p.a !== p.b)) {
        const onoff = rows.find((r) => r.player_id === pair.a)!;
        const key = side === 'offense' ? 'off_poss' : 'def_poss';
        expect(pair.both[key] + pair.a_only[key]).toBe(onoff.poss_on);
        expect(pair.b_only[key] + pair.neither[key]).toBe(onoff.poss_off);
      }
    }
  });

  it("applies possession- and game-level filters from the team's point of view on both sides (subscriber)", async () => {
    // 4th quarter, at home, ahead by 0 to 10 at the start of the possession (the team's score minus the opponent's).
    const answer = await wowy('team=BOS&season=2022&n=4&period=4&location=home&score_diff_low=0&score_diff_high=10');
    const [a, b] = [answer.players[0]!.player_id, answer.players[1]!.player_id];
    const pair = answer.pairs.find((p) => p.a === a && p.b === b)!;
    const where = (s: 'o' | 'd') =>
      `${BASE} AND p.period = 4 AND ${s === 'o' ? 'p.off_is_home' : 'NOT p.off_is_home'} AND ${s === 'o' ? 'p.score_diff' : '-p.score_diff'} BETWEEN 0 AND 10`;
    const off = await counted('o', `${ON('o', a)} AND ${ON('o', b)}`, where('o'));
    const def = await counted('d', `${ON('d', a)} AND ${ON('d', b)}`, where('d'));
    expect([pair.both.off_poss, pair.both.pts_for, pair.both.def_poss, pair.both.pts_against]).toEqual([off.poss, off.pts, def.poss, def.pts]);
    expect(off.poss).toBeGreaterThan(50);
  });

  it('with a lineup filter naming a player, nobody is ever without him', async () => {
    const base = await wowy('team=BOS&season=2022&n=3');
    const star = base.players[0]!.player_id;
    const answer = await wowy(`team=BOS&season=2022&n=3&on_court=${star}`);
    for (const p of answer.pairs.filter((x) => x.a === star && x.b !== star)) {
      expect(p.b_only.off_poss + p.neither.off_poss + p.b_only.def_poss + p.neither.def_poss).toBe(0);
    }
  });

  it("four factors on demand: the team's eFG% with both on, from the made shots", async () => {
    const answer = await wowy('team=BOS&season=2022&n=2&four_factors=true');
    const [a, b] = [answer.players[0]!.player_id, answer.players[1]!.player_id];
    const pair = answer.pairs.find((p) => p.a === a && p.b === b)! as Pair & { both: Cell & { off: { efg_pct: number } } };
    const [r] = await sql<{ fgm: number; fg3m: number; fga: number }>(
      `SELECT SUM(fgm)::INTEGER AS fgm, SUM(fg3m)::INTEGER AS fg3m, SUM(fga)::INTEGER AS fga FROM possessions p
        WHERE ${BASE} AND p.off_team_id = ${BOS} AND ${ON('o', a)} AND ${ON('o', b)}`,
    );
    expect(pair.both.off.efg_pct).toBeCloseTo((100 * (r!.fgm + 0.5 * r!.fg3m)) / r!.fga, 9);
    const plain = await wowy('team=BOS&season=2022&n=2');
    expect('off' in plain.pairs[0]!.both).toBe(false);
  });

  it("CSV: one line per pair with the JSON's numbers", async () => {
    const url = new URL('/api/team_wowy?team=BOS&season=2022&n=4&format=csv', 'http://localhost');
    const mod = (await import('../../src/pages/api/team_wowy.ts')) as { GET: (c: unknown) => Promise<Response> };
    const res = await mod.GET({ url, locals: { session: null }, request: new Request(url) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(1 + 6);
    const header = lines[0]!.split(',');
    const answer = await wowy('team=BOS&season=2022&n=4');
    const first = lines[1]!.split(',');
    const pair = answer.pairs.find((p) => p.a === Number(first[1]) && p.b === Number(first[3]))!;
    expect(Number(first[header.indexOf('Both on Off Poss')])).toBe(pair.both.off_poss);
    expect(Number(first[header.indexOf('Both off Def Poss')])).toBe(pair.neither.def_poss);
  });

  it('bad input is a 400 naming the key; a paid filter without the plan is a 403', async () => {
    for (const [qs, key] of [
      ['season=2022', 'team'],
      ['team=XYZ', 'team'],
      ['team=BOS&n=1', 'n'],
      ['team=BOS&n=16', 'n'],
      ['team=BOS&n=ten', 'n'],
      ['team=BOS&four_factors=maybe', 'four_factors'],
      ['team=BOS&season=1990', 'season'],
      ['team=BOS&format=xml', 'format'],
    ] as const) {
      const r = await call(`/api/team_wowy?${qs}`, null);
      expect(r.status, qs).toBe(400);
      expect(r.body.error.startsWith(`${key}: `), `${qs}: ${r.body.error}`).toBe(true);
    }
    const gated = await call('/api/team_wowy?team=BOS&season=2022&period=4', null);
    expect(gated.status).toBe(403);
    expect(gated.body.error).toMatch(/Period/);
    // A historical abbreviation names the franchise; the preseason has no data and says so.
    expect((await wowy('team=NJN&season=2022&n=2', null)).players).toHaveLength(2);
    expect((await wowy('team=BOS&season=2022&season_type=preseason', null)).note).toMatch(/preseason/);
  });
});

describe.skipIf(!HAS_DB)('/api/v1/teams/{abbr}/with_without', () => {
  it('answers what /api/team_wowy answers, through its published schema; a paid filter without a key is a 403', async () => {
    const { matchEndpoint } = await import('../../src/server/api/v1/endpoints');
    const request = (path: string) => {
      const url = new URL(path, 'http://localhost');
      const matched = matchEndpoint(url.pathname)!;
      expect(matched.endpoint.path).toBe('/api/v1/teams/{abbr}/with_without');
      expect(matched.endpoint.params!.safeParse(matched.params).success).toBe(true);
      return {
        endpoint: matched.endpoint,
        call: matched.endpoint.prepare({
          url,
          request: new Request(url),
          params: matched.params,
          session: null,
          asker: { client: 'test' },
          guideOf: () => null,
        }),
      };
    };
    const { endpoint, call: v1 } = request('/api/v1/teams/bos/with_without?season=2022-23&n=4&four_factors=true');
    const body = endpoint.answer.parse(await v1.run()) as Answer;
    expect(body).toEqual(await wowy('team=BOS&season=2022&n=4&four_factors=true'));
    expect(() => request('/api/v1/teams/BOS/with_without?season=2022&period=4')).toThrow(/key of an active Stats plan/);
    expect(() => request('/api/v1/teams/BOS/with_without?n=40')).toThrow(/^n: /);
  });
});
